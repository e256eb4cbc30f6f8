// UICollisionBehavior (Docs/semantics.md §8).
//
// Each collision behavior is its own collision group: two items collide only when some
// behavior with the `items` bit holds both; an item meets the named boundaries when some
// behavior with the `boundaries` bit holds it, and a behavior's reference-bounds boundary
// (`bounds`, the rectangle (0, 0, W, H) inset by `insets`) acts only on that behavior's own
// items (Docs/semantics.md §8.1). Items in no collision behavior pass through everything. A
// behavior may hold "every item, present and future" (`items: nil`).
//
// The engine side lives elsewhere: any edit here marks the collision tables dirty and wakes
// the world (`noteCollisionEdit`), and the next tick rebuilds the per-item filters, the
// boundary segments and the broadphase from these records (Contacts/ContactWorld.swift).
// Memberships are (behavior, item) pairs in the order added, like gravity's.

import DynamicsMath

/// Which collisions a collision behavior makes (UICollisionBehavior.Mode).
public enum CollisionMode: String, CaseIterable, Sendable {
    /// Its items collide with each other only.
    case items
    /// Its items collide with boundaries only (named ones and its own reference bounds).
    case boundaries
    /// Both (the default).
    case everything

    /// Whether the mode has the `items` bit.
    public var includesItems: Bool { self != .boundaries }
    /// Whether the mode has the `boundaries` bit.
    public var includesBoundaries: Bool { self != .items }
}

/// Insets of the reference bounds, pt (UIEdgeInsets): positive values move the boundary inwards.
public struct Insets: Equatable, Sendable {
    public var top: Real
    public var left: Real
    public var bottom: Real
    public var right: Real

    public init(top: Real, left: Real, bottom: Real, right: Real) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public static let zero = Insets(top: 0, left: 0, bottom: 0, right: 0)
}

/// One collision behavior.
struct CollisionRecord {
    /// The behavior slot it belongs to.
    var slot: UInt32
    var mode: CollisionMode
    /// translatesReferenceBoundsIntoBoundary.
    var bounds: Bool
    var insets: Insets
    /// true: holds every item, present and future.
    var allItems: Bool
    /// Material of its bounds boundary; nil: the model's default.
    var boundsFriction: Real? = nil
    var boundsElasticity: Real? = nil
}

extension World {
    // MARK: API

    /// Adds a collision behavior holding `items` (nil: every item, present and future).
    ///
    /// - Parameters:
    ///   - mode: which collisions it makes (default `.everything`).
    ///   - bounds: whether the reference bounds, inset by `insets`, are a boundary for its items.
    /// Throws `.unknownItem`, `.notAllowed` (a group member: use its group) or `.invalidValue`
    /// (a NaN or infinite inset).
    public mutating func addCollision(
        items ids: [ItemID]?, mode: CollisionMode = .everything, bounds: Bool = false, insets: Insets = .zero
    ) throws(EngineError) -> BehaviorID {
        try validate(insets)
        let members = try ids.map { ids throws(EngineError) in try behaviorItemSlots(ids) }
        let s = allocateBehavior(kind: .collision, record: collisions.count)
        collisions.append(
            CollisionRecord(slot: UInt32(s), mode: mode, bounds: bounds, insets: insets, allItems: ids == nil))
        for m in members ?? [] { behaviors.collisionMembers.append(Membership(behavior: UInt32(s), item: m)) }
        noteCollisionEdit()
        return behaviorID(s)
    }

    /// The items of a collision behavior in the order added; nil when it holds every item
    /// (or `id` is not a collision behavior).
    public func collisionItems(_ id: BehaviorID) -> [ItemID]? {
        guard let c = collisionIndex(id), !collisions[c].allItems else { return nil }
        let s = collisions[c].slot
        return behaviors.collisionMembers.filter { $0.behavior == s }.map { itemID(Int($0.item)) }
    }

    /// The mode of a collision behavior, or nil.
    public func collisionMode(_ id: BehaviorID) -> CollisionMode? {
        collisionIndex(id).map { collisions[$0].mode }
    }

    /// Whether a collision behavior turns the reference bounds into a boundary, or nil.
    public func collisionBounds(_ id: BehaviorID) -> Bool? {
        collisionIndex(id).map { collisions[$0].bounds }
    }

    /// The insets of a collision behavior's reference-bounds boundary, or nil.
    public func collisionInsets(_ id: BehaviorID) -> Insets? {
        collisionIndex(id).map { collisions[$0].insets }
    }

    /// Sets the mode; a change rebuilds the collision filters and wakes the world.
    public mutating func setCollisionMode(_ id: BehaviorID, _ mode: CollisionMode) throws(EngineError) {
        let c = try requireCollision(id)
        guard collisions[c].mode != mode else { return }
        collisions[c].mode = mode
        noteCollisionEdit()
    }

    /// Turns the reference-bounds boundary on or off. Turning it on resets the insets to zero,
    /// as setting translatesReferenceBoundsIntoBoundary does (Docs/semantics.md §8).
    public mutating func setCollisionBounds(_ id: BehaviorID, _ on: Bool) throws(EngineError) {
        let c = try requireCollision(id)
        guard collisions[c].bounds != on else { return }
        collisions[c].bounds = on
        if on { collisions[c].insets = .zero }
        noteCollisionEdit()
    }

    /// Sets the insets of the reference-bounds boundary, pt (finite).
    public mutating func setCollisionInsets(_ id: BehaviorID, _ insets: Insets) throws(EngineError) {
        let c = try requireCollision(id)
        try validate(insets)
        guard collisions[c].insets != insets else { return }
        collisions[c].insets = insets
        noteCollisionEdit()
    }

    // MARK: Records and memberships

    func collisionIndex(_ id: BehaviorID) -> Int? {
        guard let s = behaviorSlot(id), behaviors.slots[s].kind == .collision else { return nil }
        return Int(behaviors.slots[s].record)
    }

    func requireCollision(_ id: BehaviorID) throws(EngineError) -> Int {
        guard let s = behaviorSlot(id) else { throw EngineError.unknownBehavior }
        guard behaviors.slots[s].kind == .collision else {
            throw EngineError(.notAllowed, field: nil, "the behavior is not a collision behavior")
        }
        return Int(behaviors.slots[s].record)
    }

    func validate(_ insets: Insets) throws(EngineError) {
        try finite("insetTop", insets.top)
        try finite("insetLeft", insets.left)
        try finite("insetBottom", insets.bottom)
        try finite("insetRight", insets.right)
    }

    /// addItems for a collision behavior (validated slots).
    mutating func addCollisionItems(_ add: [UInt32], slot s: Int) {
        if collisions[Int(behaviors.slots[s].record)].allItems { return }
        var changed = false
        for m in add where !behaviors.collisionMembers.contains(Membership(behavior: UInt32(s), item: m)) {
            behaviors.collisionMembers.append(Membership(behavior: UInt32(s), item: m))
            changed = true
        }
        if changed { noteCollisionEdit() }
    }

    /// removeItems for a collision behavior: one holding every item first becomes one holding
    /// an explicit list of all current items.
    mutating func removeCollisionItems(_ remove: [UInt32], slot s: Int) {
        let c = Int(behaviors.slots[s].record)
        if collisions[c].allItems {
            collisions[c].allItems = false
            for it in itemIDs where items[Int(it.index)].kind != .member {
                behaviors.collisionMembers.append(Membership(behavior: UInt32(s), item: it.index))
            }
        }
        behaviors.collisionMembers.removeAll { $0.behavior == UInt32(s) && remove.contains($0.item) }
        noteCollisionEdit()
    }

    /// Drops the record of a collision behavior being removed (removeBehavior frees the slot).
    mutating func removeCollisionRecord(slot s: Int) {
        let c = Int(behaviors.slots[s].record)
        let last = collisions.count - 1
        if c != last {
            collisions[c] = collisions[last]
            behaviors.slots[Int(collisions[c].slot)].record = Int32(c)
        }
        collisions.removeLast()
        behaviors.collisionMembers.removeAll { $0.behavior == UInt32(s) }
        noteCollisionEdit()
    }
}
