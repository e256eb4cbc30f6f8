// UISnapBehavior (Docs/semantics.md §10): an item's centre is pulled to a point and its rotation to 0
// by four 4 Hz springs (Joints/SnapJoint.swift). The snap point can be moved at any time (the
// item re-targets); `damping` applies live, unlike the original (Docs/semantics.md §14.7).

import DynamicsMath

extension World {
    /// Adds a snap behavior pulling `item`'s centre to `point` (pt) at rotation 0, with the
    /// springs' damping ratio `damping` (≥ 0; UIKit's range is 0…1, default 0.5).
    ///
    /// Throws `.unknownItem`, `.notAllowed` (a group member) or `.invalidValue`.
    public mutating func addSnap(item: ItemID, to point: Vec2, damping: Real = 0.5) throws(EngineError) -> BehaviorID {
        let i = try attachmentItem(item, field: "item")
        try finite("x", point.x)
        try finite("y", point.y)
        try nonNegative("damping", damping)
        var j = JointSim(
            slot: 0, type: .snap, kind: JointSim.snapKind, itemA: UInt32(i), itemB: JointSim.world,
            localA: -0.5 * items[i].size, localB: point)
        j.hertz = JointSim.snapHertz
        j.dampingRatio = damping
        j.flags |= JointFlags.collideConnected
        let s = allocateBehavior(kind: .snap, record: jointWorld.joints.count)
        j.slot = UInt32(s)
        jointWorld.joints.append(j)
        jointsChanged()
        wakeItem(slot: i)
        return behaviorID(s)
    }

    func snapIndex(_ id: BehaviorID) throws(EngineError) -> Int {
        guard let s = behaviorSlot(id) else { throw EngineError.unknownBehavior }
        guard behaviors.slots[s].kind == .snap else {
            throw EngineError(.notAllowed, field: nil, "the behavior is not a snap behavior")
        }
        return Int(behaviors.slots[s].record)
    }

    /// The snap point of a snap behavior, pt, or nil.
    public func snapPoint(_ id: BehaviorID) -> Vec2? {
        guard let k = try? snapIndex(id) else { return nil }
        return jointWorld.joints[k].localB
    }

    /// The damping ratio of the snap springs, or nil.
    public func snapDamping(_ id: BehaviorID) -> Real? {
        guard let k = try? snapIndex(id) else { return nil }
        return jointWorld.joints[k].dampingRatio
    }

    /// Moves the snap point (pt); the item re-targets.
    public mutating func setSnapPoint(_ id: BehaviorID, _ p: Vec2) throws(EngineError) {
        let k = try snapIndex(id)
        try finite("x", p.x)
        try finite("y", p.y)
        jointWorld.joints[k].localB = p
        wakeItem(slot: Int(jointWorld.joints[k].itemA))
    }

    /// Sets the damping ratio of the snap springs (≥ 0), effective at once.
    public mutating func setSnapDamping(_ id: BehaviorID, _ d: Real) throws(EngineError) {
        let k = try snapIndex(id)
        try nonNegative("damping", d)
        jointWorld.joints[k].dampingRatio = d
        wakeItem(slot: Int(jointWorld.joints[k].itemA))
    }

    func snapItems(_ id: BehaviorID) -> [ItemID]? {
        guard let k = try? snapIndex(id) else { return nil }
        return [itemID(Int(jointWorld.joints[k].itemA))]
    }
}

extension JointSim {
    /// `JointSim.kind` of a snap (not an attachment kind).
    static let snapKind: UInt8 = 255
}
