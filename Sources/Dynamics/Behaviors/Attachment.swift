// UIAttachmentBehavior (Docs/semantics.md §11; Docs/solver.md §3.1).
//
// One `AttachmentDefinition` covers every creator: the kind says which joint it becomes
// (Joints/), and which fields matter:
//
//   kind     items            points used                      joint
//   anchor   A                A + offsetA ↔ anchor (world)     distance (rigid rod or spring);
//   items    A, B             A + offsetA ↔ B + offsetB         a point constraint when the two
//                                                              points are < 1 pt apart
//   limit    A, B or A        as items, or A ↔ anchor           rope: only the maximum distance
//   pin      A, B or A        both at anchor                   revolute: range (rad), friction
//   fixed    A, B or A        both at anchor                   weld
//   slide    A, B or A        both at anchor, axis             prismatic: range (pt), no rotation
//
// "A" alone in the pin, fixed, slide and limit rows means the other end is the world at
// `anchor` (a convenience beyond UIKit, which always takes two items for these). Offsets are in
// each item's own frame and turn with it (Docs/semantics.md §11.1, §14.20: a limit's offsets too).
// `length` defaults to the distance between the two attached points when the attachment is
// added (Docs/semantics.md §14.6). Pin ranges are relative to the starting relative angle (B − A,
// positive clockwise on screen), slide ranges to the starting position along the axis, both
// must contain 0. The factory kinds (limit, pin, fixed, slide) never let their two items
// collide; anchor and items attachments may (Docs/semantics.md §11.1).
//
// Units: frictionTorque is in N·m of the engine (`World.torqueUnit`, see RevoluteJoint.swift).

import DynamicsMath

/// Which creator of UIAttachmentBehavior an attachment stands for (Docs/semantics.md §11.1).
public enum AttachmentKind: String, CaseIterable, Sendable {
    /// `init(item:offsetFromCenter:attachedToAnchor:)`: an item's point to a fixed point.
    case anchor
    /// `init(item:offsetFromCenter:attachedTo:offsetFromCenter:)`: two items' points.
    case items
    /// `pinAttachment`: a hinge at the anchor.
    case pin
    /// `fixedAttachment`: a weld at the anchor.
    case fixed
    /// `slidingAttachment`: translation along an axis only, no relative rotation.
    case slide
    /// `limitAttachment`: a rope; the points may come closer, not farther apart than `length`.
    case limit
}

/// A damped spring: frequency, Hz (> 0), and damping ratio (≥ 0; 1 is critical).
public struct Spring: Equatable, Sendable {
    public var frequency: Real
    public var damping: Real

    public init(frequency: Real, damping: Real = 0) {
        self.frequency = frequency
        self.damping = damping
    }
}

/// Everything needed to create an attachment. Units: pt, rad, Hz.
public struct AttachmentDefinition: Sendable {
    public var kind: AttachmentKind
    /// The attached item (a single item or a group, not a group member).
    public var itemA: ItemID
    /// The second item; nil for anchor kinds, and for pin, fixed, slide and limit attachments
    /// to the world at `anchor`.
    public var itemB: ItemID?
    /// The attached points, in each item's own frame relative to its centre (anchor, items,
    /// limit), pt. They turn with the item.
    public var offsetA = Vec2.zero
    public var offsetB = Vec2.zero
    /// World point, pt: the fixed end (anchor; a one-item limit), the hinge (pin), the weld
    /// point (fixed), a point on the axis (slide).
    public var anchor = Vec2.zero
    /// Slide: direction of travel (any non-zero length; normalised).
    public var axis = Vec2(1, 0)
    /// Rest length (anchor, items) or maximum length (limit), pt, ≥ 0; nil: the distance when attached.
    public var length: Real? = nil
    /// The spring of an anchor or items attachment; nil: a rigid rod.
    public var spring: Spring? = nil
    /// Pin: allowed relative rotation, rad; slide: allowed travel, pt. Must contain 0.
    public var rangeMin: Real = -.infinity
    public var rangeMax: Real = .infinity
    /// Pin: friction torque, N·m of the engine (1 = 10⁴ kg·pt²/s²), ≥ 0.
    public var frictionTorque: Real = 0

    public init(kind: AttachmentKind, itemA: ItemID, itemB: ItemID? = nil) {
        self.kind = kind
        self.itemA = itemA
        self.itemB = itemB
    }
}

extension AttachmentKind {
    /// Index stored in `JointSim.kind`.
    var code: UInt8 { UInt8(AttachmentKind.allCases.firstIndex(of: self)!) }
    init?(code: UInt8) {
        guard Int(code) < AttachmentKind.allCases.count else { return nil }
        self = AttachmentKind.allCases[Int(code)]
    }
    /// The factory kinds never let their pair collide.
    var collidesConnected: Bool { self == .anchor || self == .items }
}

extension World {
    // MARK: Creating

    /// Adds an attachment and returns its behavior.
    ///
    /// Throws `.unknownItem`, `.notAllowed` (a group member; an item attached to itself) or
    /// `.invalidValue` (a missing or extra item for the kind; NaN/infinite points; a negative
    /// length, frequency, damping or friction torque; a zero slide axis; a range without 0),
    /// naming the field.
    public mutating func addAttachment(_ def: AttachmentDefinition) throws(EngineError) -> BehaviorID {
        let a = try attachmentItem(def.itemA, field: "itemA")
        var b: Int? = nil
        if let id = def.itemB {
            b = try attachmentItem(id, field: "itemB")
            if b == a { throw EngineError(.notAllowed, field: "itemB", "an item cannot be attached to itself") }
        }
        switch def.kind {
        case .anchor where b != nil:
            throw EngineError(.invalidValue, field: "itemB", "an anchor attachment takes one item")
        case .items where b == nil:
            throw EngineError(.invalidValue, field: "itemB", "an items attachment needs two items")
        default: break
        }
        try finite("offsetA", def.offsetA.x)
        try finite("offsetA", def.offsetA.y)
        try finite("offsetB", def.offsetB.x)
        try finite("offsetB", def.offsetB.y)
        try finite("anchor", def.anchor.x)
        try finite("anchor", def.anchor.y)
        try finite("axis", def.axis.x)
        try finite("axis", def.axis.y)
        if let l = def.length { try nonNegative("length", l) }
        if let spring = def.spring { try World.validate(spring) }
        try nonNegative("frictionTorque", def.frictionTorque)
        try World.checkRange(def.rangeMin, def.rangeMax, fields: ("range", "range"))
        let axis = def.axis.normalized
        if def.kind == .slide && axis == .zero {
            throw EngineError(.invalidValue, field: "axis", "the slide axis must not be zero")
        }

        let world = JointSim.world
        let ia = UInt32(a)
        let ib = b.map { UInt32($0) } ?? world
        let xfA = itemFrame(a)
        let xfB = b.map { itemFrame($0) } ?? .identity
        let angleA = itemAngle(a)
        let angleB = b.map { itemAngle($0) } ?? 0
        var j: JointSim
        switch def.kind {
        case .anchor, .items, .limit:
            let localB = b == nil ? def.anchor : def.offsetB
            j = JointSim(slot: 0, type: .distance, kind: def.kind.code, itemA: ia, itemB: ib, localA: def.offsetA, localB: localB)
        case .pin, .fixed:
            if b == nil {
                // The world is end A, so that the joint angle is the item's own rotation.
                j = JointSim(
                    slot: 0, type: .revolute, kind: def.kind.code, itemA: world, itemB: ia, localA: def.anchor,
                    localB: xfA.applyInverse(def.anchor))
                j.referenceAngle = angleA
                j.flags |= JointFlags.swapped
            } else {
                j = JointSim(
                    slot: 0, type: .revolute, kind: def.kind.code, itemA: ia, itemB: ib,
                    localA: xfA.applyInverse(def.anchor), localB: xfB.applyInverse(def.anchor))
                j.referenceAngle = angleB - angleA
            }
        case .slide:
            if b == nil {
                // The axis stays on the world: the world is end A, the item end B.
                j = JointSim(
                    slot: 0, type: .prismatic, kind: def.kind.code, itemA: world, itemB: ia, localA: def.anchor,
                    localB: xfA.applyInverse(def.anchor))
                j.localAxis = axis
                j.referenceAngle = angleA
                j.flags |= JointFlags.swapped
            } else {
                j = JointSim(
                    slot: 0, type: .prismatic, kind: def.kind.code, itemA: ia, itemB: ib,
                    localA: xfA.applyInverse(def.anchor), localB: xfB.applyInverse(def.anchor))
                j.localAxis = xfA.q.applyInverse(axis)
                j.referenceAngle = angleB - angleA
            }
        }
        if def.kind.collidesConnected { j.flags |= JointFlags.collideConnected }
        j.length = def.length ?? (jointPoint(j.itemA, j.localA) - jointPoint(j.itemB, j.localB)).length
        j.hertz = def.spring?.frequency ?? 0
        j.dampingRatio = def.spring?.damping ?? 0
        j.lower = def.rangeMin
        j.upper = def.rangeMax
        j.maxMotorTorque = def.frictionTorque * World.torqueUnit
        j.updateAttachmentType()

        let s = allocateBehavior(kind: .attachment, record: jointWorld.joints.count)
        j.slot = UInt32(s)
        jointWorld.joints.append(j)
        jointsChanged()
        wakeEnds(of: j)
        return behaviorID(s)
    }

    /// Wakes the islands of a joint's items (uikit model: a new, changed or removed joint
    /// moves them) and resumes the world.
    mutating func wakeEnds(of j: JointSim) {
        for item in [j.itemA, j.itemB] where item != JointSim.world && items[Int(item)].kind != .free {
            wakeItem(slot: Int(item))
        }
    }

    /// Wakes the island of an item's body (a member: its group's). Ignores an item whose
    /// body is already gone (removeItem removes the body before the joints).
    mutating func wakeItem(slot i: Int) {
        let owner = Int(collisionOwner(UInt32(i)))
        let b = Int(items[owner].body)
        guard b >= 0, b < bodySims.count, bodyInfos[b].item == UInt32(owner) else { return }
        if bodySims[b].flags & BodyFlags.isStatic == 0 { wakeIsland(body: b) }
    }

    /// A live item usable as an attachment end (a single item or a group).
    func attachmentItem(_ id: ItemID, field: String) throws(EngineError) -> Int {
        guard let i = slot(id) else { throw EngineError(.unknownItem, field: field, "unknown or removed item") }
        if items[i].kind == .member {
            throw EngineError(.notAllowed, field: field, "the item is a member of a group; use the group instead")
        }
        return i
    }

    /// A range must contain 0 and not be NaN (infinite ends: no limit on that side).
    static func checkRange(
        _ lo: Real, _ hi: Real, fields: (String, String) = ("rangeMin", "rangeMax")
    ) throws(EngineError) {
        if lo.isNaN { throw EngineError(.invalidValue, field: fields.0, "the range's low end must be a number (got nan)") }
        if hi.isNaN { throw EngineError(.invalidValue, field: fields.1, "the range's high end must be a number (got nan)") }
        if lo > 0 {
            throw EngineError(field: fields.0, value: lo, requirement: .rangeLowEnd)
        }
        if hi < 0 {
            throw EngineError(field: fields.1, value: hi, requirement: .rangeHighEnd)
        }
    }

    /// An item's own frame: its centre and rotation (a member: on its group's body).
    func itemFrame(_ i: Int) -> Transform {
        let rec = items[i]
        if rec.kind == .member {
            let g = bodySims[Int(items[Int(rec.group)].body)].transform
            return Transform(p: g.apply(rec.offset), q: g.q)
        }
        return bodySims[Int(rec.body)].transform
    }

    /// An item's rotation, rad (exact, unwrapped).
    func itemAngle(_ i: Int) -> Real {
        let rec = items[i]
        let owner = rec.kind == .member ? items[Int(rec.group)] : rec
        return bodySims[Int(owner.body)].angle
    }

    /// The world position of a joint end's anchor.
    func jointPoint(_ item: UInt32, _ local: Vec2) -> Vec2 {
        item == JointSim.world ? local : itemFrame(Int(item)).apply(local)
    }

    /// Bookkeeping after joints were added, removed or changed in a way that matters to the
    /// implied long-range limits or the collision filter: both are rebuilt before the next
    /// tick uses them, once however many joints changed (building a rope of n links is then
    /// O(n log n), not O(n² log n)).
    mutating func jointsChanged() {
        jointWorld.solver.topologyDirty = true
        jointWorld.filterStale = true
    }

    /// Rebuilds the collision filter of joints if an edit made it stale (cold path; called
    /// before anything in a tick asks `jointPreventsCollision`).
    mutating func refreshJointFilter() {
        if !jointWorld.filterStale { return }
        jointWorld.filterStale = false
        compactJoints()
        var keys = ContiguousArray<UInt64>()
        for j in jointWorld.joints where j.flags & JointFlags.collideConnected == 0 {
            guard j.itemA != JointSim.world, j.itemB != JointSim.world else { continue }
            let a = UInt64(collisionOwner(j.itemA))
            let b = UInt64(collisionOwner(j.itemB))
            keys.append(Swift.min(a, b) << 32 | Swift.max(a, b))
        }
        keys.sort()
        var first = ContiguousArray<Int32>(repeating: 0, count: items.count + 1)
        var k = 0
        for slot in 0...items.count {
            while k < keys.count && Int(keys[k] >> 32) < slot { k += 1 }
            first[slot] = Int32(k)
        }
        jointWorld.filterKeys = keys
        jointWorld.filterFirst = first
    }

    /// The item slot whose body carries `item` (a member's group).
    func collisionOwner(_ item: UInt32) -> UInt32 {
        items[Int(item)].kind == .member ? items[Int(item)].group : item
    }

    /// Whether a joint forbids contacts between two bodies (dense body indices): true when a
    /// pin, fixed, slide or limit attachment joins their items (Docs/semantics.md §11.1). For the
    /// contact filter: false at once when there is no such joint, otherwise a scan of the
    /// lower item's entries in a sorted array of item pairs. No allocation.
    @inline(__always)
    func jointPreventsCollision(bodyA: Int, bodyB: Int) -> Bool {
        if jointWorld.filterKeys.isEmpty { return false }
        return jointPreventsCollision(ownerA: Int(bodyInfos[bodyA].item), ownerB: Int(bodyInfos[bodyB].item))
    }

    /// The same for two collision owners (item slots that carry a body): the smaller slot's
    /// few keys are scanned (a chain link has one or two), no search.
    @inline(__always)
    func jointPreventsCollision(ownerA: Int, ownerB: Int) -> Bool {
        let lo = Swift.min(ownerA, ownerB)
        let hi = Swift.max(ownerA, ownerB)
        return jointWorld.filterFirst.withUnsafeBufferPointer { first in
            if lo + 1 >= first.count { return false }
            var k = Int(first[lo])
            let end = Int(first[lo + 1])
            if k == end { return false }
            let key = UInt64(lo) << 32 | UInt64(hi)
            return jointWorld.filterKeys.withUnsafeBufferPointer { keys in
                while k < end {
                    if keys[k] == key { return true }
                    k += 1
                }
                return false
            }
        }
    }

    /// Attachments and snaps keep the items they were created with (UIKit's cannot change):
    /// addItems/removeItems refuse them.
    func refuseFixedItems(slot s: Int) throws(EngineError) {
        switch behaviors.slots[s].kind {
        case .attachment, .snap:
            throw EngineError(.notAllowed, field: "items", "the items of an attachment or a snap cannot change")
        default: break
        }
    }

    /// Test hook: `jointPreventsCollision` for two items' bodies.
    package func jointPrevents(_ a: ItemID, _ b: ItemID) -> Bool {
        if jointWorld.filterStale {
            var w = self
            w.refreshJointFilter()
            return w.jointPrevents(a, b)
        }
        guard let i = slot(a), let j = slot(b) else { return false }
        let bi = Int(items[Int(collisionOwner(UInt32(i)))].body)
        let bj = Int(items[Int(collisionOwner(UInt32(j)))].body)
        return jointPreventsCollision(bodyA: bi, bodyB: bj)
    }

    /// Describes the first broken invariant of the joint tables, or nil (slow; for tests):
    /// every joint's slot is a live attachment or snap pointing back at it, every end is the
    /// world or a live item, implied limits are fresh or marked for a rebuild, and the
    /// collision filter keys are sorted.
    package func jointInvariantViolation() -> String? {
        var removed = 0
        for (k, j) in jointWorld.joints.enumerated() {
            if j.slot == JointSim.removedSlot {
                removed += 1
                continue
            }
            let s = Int(j.slot)
            guard s < behaviors.slots.count else { return "joint \(k) names slot \(s) out of range" }
            let kind = behaviors.slots[s].kind
            guard kind == .attachment || kind == .snap else { return "joint \(k) names a \(kind) slot" }
            if behaviors.slots[s].record != Int32(k) { return "slot \(s) does not point back at joint \(k)" }
            for item in [j.itemA, j.itemB] where item != JointSim.world {
                if Int(item) >= items.count || items[Int(item)].kind == .free { return "joint \(k) names a removed item" }
            }
            if (j.type == .snap) != (kind == .snap) { return "joint \(k) type \(j.type) in a \(kind) slot" }
        }
        if removed != jointWorld.removedJoints { return "\(removed) removed joints, counted \(jointWorld.removedJoints)" }
        for (k, j) in jointWorld.impliedJoints.enumerated() where !jointWorld.solver.topologyDirty {
            for item in [j.itemA, j.itemB] where item != JointSim.world {
                if Int(item) >= items.count || items[Int(item)].kind == .free { return "implied row \(k) names a removed item" }
            }
        }
        if zip(jointWorld.filterKeys, jointWorld.filterKeys.dropFirst()).contains(where: { $0 > $1 }) {
            return "the joint collision filter is not sorted"
        }
        return nil
    }

    // MARK: Removing (called by removeBehavior and removeItem)

    /// Drops the per-kind record of a behavior slot that is being removed (attachments, snaps,
    /// pushes; gravity is handled by removeBehavior itself).
    mutating func removeBehaviorRecord(slot s: Int) {
        switch behaviors.slots[s].kind {
        case .attachment, .snap:
            let k = Int(behaviors.slots[s].record)
            wakeEnds(of: jointWorld.joints[k])
            // Left in place until `compactJoints` (JointWorld.swift).
            jointWorld.joints[k].slot = JointSim.removedSlot
            jointWorld.removedJoints += 1
            jointsChanged()
        case .push:
            let p = Int(behaviors.slots[s].record)
            let last = pushes.count - 1
            if p != last {
                pushes[p] = pushes[last]
                behaviors.slots[Int(pushes[p].slot)].record = Int32(p)
            }
            pushes.removeLast()
        case .field: removeFieldRecord(slot: s)  // Fields/Fields.swift
        default: break
        }
    }

    /// Removes the attachments and snaps that use item slot `i` or an item already freed (the
    /// members of a group being removed). Called by removeItem.
    mutating func removeJoints(touching i: Int) {
        for k in jointWorld.joints.indices.reversed() where jointWorld.joints[k].slot != JointSim.removedSlot {
            let j = jointWorld.joints[k]
            func uses(_ item: UInt32) -> Bool {
                item != JointSim.world && (Int(item) == i || items[Int(item)].kind == .free)
            }
            if uses(j.itemA) || uses(j.itemB) {
                try? removeBehavior(behaviorID(Int(j.slot)))
            }
        }
    }

    /// Closes the gaps that removed joints left (`JointWorld.joints`): the others move down in
    /// their order, and their slots' records follow. Called before a step and before a pass
    /// over every joint; O(joints) once for any number of removals since the last.
    mutating func compactJoints() {
        if jointWorld.removedJoints == 0 { return }
        var kept = 0
        for k in jointWorld.joints.indices where jointWorld.joints[k].slot != JointSim.removedSlot {
            if kept != k {
                jointWorld.joints[kept] = jointWorld.joints[k]
                behaviors.slots[Int(jointWorld.joints[kept].slot)].record = Int32(kept)
            }
            kept += 1
        }
        jointWorld.joints.removeLast(jointWorld.joints.count - kept)
        jointWorld.removedJoints = 0
    }

    // MARK: Reading

    func attachmentIndex(_ id: BehaviorID) throws(EngineError) -> Int {
        guard let s = behaviorSlot(id) else { throw EngineError.unknownBehavior }
        guard behaviors.slots[s].kind == .attachment else {
            throw EngineError(.notAllowed, field: nil, "the behavior is not an attachment")
        }
        return Int(behaviors.slots[s].record)
    }

    /// The kind of an attachment, or nil.
    public func attachmentKind(_ id: BehaviorID) -> AttachmentKind? {
        guard let k = try? attachmentIndex(id) else { return nil }
        return AttachmentKind(code: jointWorld.joints[k].kind)
    }

    /// The items of an attachment: [A] or [A, B] as given at creation.
    func attachmentItems(_ id: BehaviorID) -> [ItemID]? {
        guard let k = try? attachmentIndex(id) else { return nil }
        let j = jointWorld.joints[k]
        return [j.itemA, j.itemB].filter { $0 != JointSim.world }.map { itemID(Int($0)) }
    }

    /// The world end of an attachment, if it has one: (is A, point).
    func worldEnd(_ j: JointSim) -> (Bool, Vec2)? {
        if j.itemA == JointSim.world { return (true, j.localA) }
        if j.itemB == JointSim.world { return (false, j.localB) }
        return nil
    }

    /// The anchor point: the world end, or the current hinge / weld / axis point of a two-item
    /// pin, fixed or slide, or (0, 0) for two-item anchor, items and limit kinds (as UIKit).
    func attachmentAnchor(_ j: JointSim) -> Vec2 {
        if let (_, p) = worldEnd(j) { return p }
        switch AttachmentKind(code: j.kind) {
        case .pin, .fixed, .slide: return jointPoint(j.itemA, j.localA)
        default: return .zero
        }
    }

    /// The current distance between the two attached points, pt.
    func attachmentDistance(_ j: JointSim) -> Real {
        (jointPoint(j.itemA, j.localA) - jointPoint(j.itemB, j.localB)).length
    }

    // MARK: Typed accessors

    /// The length: rest length (anchor, items) or maximum length (limit), pt; for pin, fixed
    /// and slide attachments the distance between the attached points when made. Nil if `id`
    /// is not an attachment.
    public func attachmentLength(_ id: BehaviorID) -> Real? {
        guard let k = try? attachmentIndex(id) else { return nil }
        return jointWorld.joints[k].length
    }

    /// The spring of an anchor or items attachment; nil when it is a rigid rod (or `id` is not
    /// an attachment).
    public func attachmentSpring(_ id: BehaviorID) -> Spring? {
        guard let k = try? attachmentIndex(id) else { return nil }
        let j = jointWorld.joints[k]
        return j.hertz > 0 ? Spring(frequency: j.hertz, damping: j.dampingRatio) : nil
    }

    /// The damping ratio (1: critical), kept while the attachment is rigid and used by the
    /// spring it is given later. Nil if `id` is not an attachment.
    public func attachmentDamping(_ id: BehaviorID) -> Real? {
        guard let k = try? attachmentIndex(id) else { return nil }
        return jointWorld.joints[k].dampingRatio
    }

    /// Pin: the friction torque, N·m of the engine (1 = 10⁴ kg·pt²/s²). Nil if not an attachment.
    public func attachmentFrictionTorque(_ id: BehaviorID) -> Real? {
        guard let k = try? attachmentIndex(id) else { return nil }
        return jointWorld.joints[k].maxMotorTorque / World.torqueUnit
    }

    /// Pin: allowed relative rotation, rad; slide: allowed travel, pt (−∞...∞: free).
    public func attachmentRange(_ id: BehaviorID) -> (min: Real, max: Real)? {
        guard let k = try? attachmentIndex(id) else { return nil }
        return (jointWorld.joints[k].lower, jointWorld.joints[k].upper)
    }

    /// The anchor point: the world end, or the current hinge / weld / axis point of a two-item
    /// pin, fixed or slide, or (0, 0) for two-item anchor, items and limit kinds (as UIKit).
    public func attachmentAnchor(_ id: BehaviorID) -> Vec2? {
        guard let k = try? attachmentIndex(id) else { return nil }
        return attachmentAnchor(jointWorld.joints[k])
    }

    /// The attached points in each item's own frame, pt (b is zero without a second item).
    public func attachmentOffsets(_ id: BehaviorID) -> (a: Vec2, b: Vec2)? {
        guard let k = try? attachmentIndex(id) else { return nil }
        let j = jointWorld.joints[k]
        let swapped = j.flags & JointFlags.swapped != 0
        let offsetA = swapped ? j.localB : j.localA
        let offsetB = swapped || j.itemB == JointSim.world ? Vec2.zero : j.localB
        return (offsetA, offsetB)
    }

    /// The current distance between the two attached points, pt.
    public func attachmentDistance(_ id: BehaviorID) -> Real? {
        guard let k = try? attachmentIndex(id) else { return nil }
        return attachmentDistance(jointWorld.joints[k])
    }

    /// Moves the world end of an attachment (dragging it). `.notAllowed` between two items.
    public mutating func setAttachmentAnchor(_ id: BehaviorID, _ p: Vec2) throws(EngineError) {
        let k = try attachmentIndex(id)
        try finite("anchor", p.x)
        try finite("anchor", p.y)
        guard let (isA, _) = worldEnd(jointWorld.joints[k]) else {
            throw EngineError(.notAllowed, field: "anchor", "the anchor of an attachment between two items cannot be moved")
        }
        if isA { jointWorld.joints[k].localA = p } else { jointWorld.joints[k].localB = p }
        wakeEnds(of: jointWorld.joints[k])
    }

    /// Sets the rest (or maximum) length, pt, ≥ 0.
    public mutating func setAttachmentLength(_ id: BehaviorID, _ length: Real) throws(EngineError) {
        let k = try attachmentIndex(id)
        try nonNegative("length", length)
        jointWorld.joints[k].length = length
        jointWorld.joints[k].updateAttachmentType()
        jointWorld.solver.topologyDirty = true
        wakeEnds(of: jointWorld.joints[k])
    }

    /// Gives the attachment a spring, or makes it rigid (nil). Frequency > 0, damping ≥ 0.
    public mutating func setAttachmentSpring(_ id: BehaviorID, _ spring: Spring?) throws(EngineError) {
        let k = try attachmentIndex(id)
        if let spring { try World.validate(spring) }
        jointWorld.joints[k].hertz = spring?.frequency ?? 0
        if let spring { jointWorld.joints[k].dampingRatio = spring.damping }
        jointWorld.joints[k].updateAttachmentType()
        jointWorld.solver.topologyDirty = true
        wakeEnds(of: jointWorld.joints[k])
    }

    /// Sets the damping ratio, ≥ 0 (of the spring, now or when it gets one).
    public mutating func setAttachmentDamping(_ id: BehaviorID, _ damping: Real) throws(EngineError) {
        let k = try attachmentIndex(id)
        try nonNegative("damping", damping)
        jointWorld.joints[k].dampingRatio = damping
        wakeEnds(of: jointWorld.joints[k])
    }

    /// Pin: sets the friction torque, ≥ 0, N·m of the engine.
    public mutating func setAttachmentFrictionTorque(_ id: BehaviorID, _ torque: Real) throws(EngineError) {
        let k = try attachmentIndex(id)
        try nonNegative("frictionTorque", torque)
        jointWorld.joints[k].maxMotorTorque = torque * World.torqueUnit
        jointWorld.joints[k].updateAttachmentType()
        wakeEnds(of: jointWorld.joints[k])
    }

    /// Pin and slide: sets the allowed range (it must contain 0; ±∞: unlimited).
    public mutating func setAttachmentRange(_ id: BehaviorID, min lo: Real, max hi: Real) throws(EngineError) {
        let k = try attachmentIndex(id)
        try World.checkRange(lo, hi)
        jointWorld.joints[k].lower = lo
        jointWorld.joints[k].upper = hi
        jointWorld.joints[k].updateAttachmentType()
        jointWorld.solver.topologyDirty = true
        wakeEnds(of: jointWorld.joints[k])
    }

    /// A spring's frequency > 0 and damping ≥ 0, both finite.
    static func validate(_ spring: Spring) throws(EngineError) {
        if !spring.frequency.isFinite { throw EngineError.notFinite("frequency", spring.frequency) }
        if spring.frequency < 0 { throw EngineError.mustBeNonNegative("frequency", spring.frequency) }
        if spring.frequency == 0 { throw EngineError.mustBePositive("frequency", spring.frequency) }
        if !spring.damping.isFinite { throw EngineError.notFinite("damping", spring.damping) }
        if spring.damping < 0 { throw EngineError.mustBeNonNegative("damping", spring.damping) }
    }
}

extension JointSim {
    /// Picks the solver type and flags of an attachment from its kind and settings: anchor
    /// and items attachments shorter than 1 pt become a point constraint (Docs/semantics.md §11.1).
    mutating func updateAttachmentType() {
        guard let kind = AttachmentKind(code: self.kind) else { return }
        let old = type
        switch kind {
        case .anchor, .items: type = length < 1 ? .point : .distance
        case .limit: type = .rope
        case .pin: type = .revolute
        case .fixed: type = .weld
        case .slide: type = .prismatic
        }
        flags &= ~(JointFlags.limit | JointFlags.motor)
        if (kind == .pin || kind == .slide) && (lower > -Real.infinity || upper < Real.infinity) {
            flags |= JointFlags.limit
        }
        if kind == .pin && maxMotorTorque > 0 { flags |= JointFlags.motor }
        if type != old { resetImpulses() }
    }
}
