// UIPushBehavior (Docs/semantics.md §9) and UIDynamicItemBehavior's velocity changes (Docs/semantics.md §12).
//
// A push holds a vector in UIKit force units (1 = 1 N of the engine = 100 kg·pt/s²: 100 pt/s²
// on mass 1), an offset from the centre in world axes (it does not turn with the item) and its
// items (in the shared membership list, so addItems/removeItems and removing an item work as
// for gravity). Once per frame, before the frame's ticks (Docs/semantics.md §3.3):
//
//   continuous     F = 100·vector added to each body's force accumulator, τ = r × F to its
//                  torque; both act through all the frame's ticks and are cleared after it
//   instantaneous  the impulse P = 100·vector applied at once: Δv = P/m, Δω = (r × P)/I;
//                  then `active` turns false (setting it true again fires once more)
//
// r runs from the body's centre of mass to the push point (item centre + offset), pt; torque is
// then kg·pt²/s² like the inertia (kg·pt²). Example (Docs/semantics.md §9): (1, 0) at offset (0, 50) on
// a 100×100 item of density 1: τ = r × F = 0·0 − 50·100 = −5000, I = 1666.7, ω̇ = −3 rad/s², −0.025 rad/s
// per 1/120 s tick.
//
// Angle and magnitude: the vector is (m·cos a, m·sin a). Setting the magnitude keeps the angle,
// also through 0 (unlike gravity: UIKit keeps a push's angle when its magnitude is 0); a
// negative magnitude points the vector the other way and the angle turns by π. Setting the
// vector to (0, 0) keeps the previous angle.

import DynamicsMath

/// How a push acts (UIPushBehavior.Mode).
public enum PushMode: String, Sendable {
    /// An impulse, once each time the push becomes active.
    case instantaneous
    /// A force, every frame while active.
    case continuous
}

/// One push behavior.
struct PushRecord {
    var slot: UInt32
    var mode: PushMode
    var active: Bool
    /// UIKit force units (continuous) or impulse units (instantaneous).
    var vector: Vec2
    /// Direction reported and kept through a zero magnitude, rad.
    var angle: Real
    /// Where the push acts, from the item's centre in world axes, pt.
    var offset: Vec2
}

extension World {
    // MARK: Velocity changes (UIDynamicItemBehavior)

    /// Adds `v` (pt/s) to an item's velocity at once; ignored for an anchored item.
    /// Throws `.unknownItem`, `.notAllowed` (a group member) or `.invalidValue`.
    public mutating func addLinearVelocity(_ v: Vec2, to item: ItemID) throws(EngineError) {
        let i = try attachmentItem(item, field: "item")
        try finite("vx", v.x)
        try finite("vy", v.y)
        let b = Int(items[i].body)
        if bodySims[b].flags & BodyFlags.isStatic != 0 { return }
        wakeIsland(body: b)
        bodySims[b].v += v
    }

    /// Adds `w` (rad/s, positive clockwise) to an item's angular velocity; ignored for an
    /// anchored item or one that may not rotate.
    public mutating func addAngularVelocity(_ w: Real, to item: ItemID) throws(EngineError) {
        let i = try attachmentItem(item, field: "item")
        try finite("spin", w)
        let b = Int(items[i].body)
        if bodySims[b].flags & (BodyFlags.isStatic | BodyFlags.fixedRotation) != 0 { return }
        wakeIsland(body: b)
        bodySims[b].w += w
    }

    // MARK: Push API

    /// Adds a push on `items` with `vector` in UIKit force units (continuous: 1 → 100 pt/s² on
    /// mass 1; instantaneous: 1 → 100 pt/s), acting at `offset` from each item's centre in
    /// world axes. The push starts active.
    public mutating func addPush(items ids: [ItemID], mode: PushMode, vector: Vec2, offset: Vec2 = .zero) throws(EngineError)
        -> BehaviorID
    {
        let members = try behaviorItemSlots(ids)
        try finite("dx", vector.x)
        try finite("dy", vector.y)
        try finite("offsetX", offset.x)
        try finite("offsetY", offset.y)
        let angle = vector == .zero ? 0 : DMath.atan2(vector.y, vector.x)
        let s = allocateBehavior(kind: .push, record: pushes.count)
        pushes.append(PushRecord(slot: UInt32(s), mode: mode, active: true, vector: vector, angle: angle, offset: offset))
        for m in members { behaviors.pushMembers.append(Membership(behavior: UInt32(s), item: m)) }
        wakePushed(slot: s)
        return behaviorID(s)
    }

    /// Wakes the items of push slot `s` (a changed push moves them) and resumes the world.
    mutating func wakePushed(slot s: Int) {
        for m in behaviors.pushMembers where m.behavior == UInt32(s) { wakeItem(slot: Int(m.item)) }
    }

    func pushIndex(_ id: BehaviorID) throws(EngineError) -> Int {
        guard let s = behaviorSlot(id) else { throw EngineError.unknownBehavior }
        guard behaviors.slots[s].kind == .push else {
            throw EngineError(.notAllowed, field: nil, "the behavior is not a push behavior")
        }
        return Int(behaviors.slots[s].record)
    }

    /// The items of a push in the order added.
    func pushItems(_ id: BehaviorID) -> [ItemID]? {
        guard let p = try? pushIndex(id) else { return nil }
        let s = pushes[p].slot
        return behaviors.pushMembers.filter { $0.behavior == s }.map { itemID(Int($0.item)) }
    }

    /// Whether a push is active, or nil.
    public func pushActive(_ id: BehaviorID) -> Bool? {
        guard let p = try? pushIndex(id) else { return nil }
        return pushes[p].active
    }

    /// The mode of a push (impulse once, or force every frame), or nil.
    public func pushMode(_ id: BehaviorID) -> PushMode? {
        guard let p = try? pushIndex(id) else { return nil }
        return pushes[p].mode
    }

    /// The vector of a push (UIKit force units), or nil.
    public func pushVector(_ id: BehaviorID) -> Vec2? {
        guard let p = try? pushIndex(id) else { return nil }
        return pushes[p].vector
    }

    /// The angle of a push, rad (kept while the magnitude is 0), or nil.
    public func pushAngle(_ id: BehaviorID) -> Real? {
        guard let p = try? pushIndex(id) else { return nil }
        return pushes[p].angle
    }

    /// Where a push acts, from each item's centre in world axes, pt, or nil.
    public func pushOffset(_ id: BehaviorID) -> Vec2? {
        guard let p = try? pushIndex(id) else { return nil }
        return pushes[p].offset
    }

    /// Sets the vector (UIKit force units); a non-zero vector also sets the angle.
    public mutating func setPushVector(_ id: BehaviorID, _ v: Vec2) throws(EngineError) {
        let p = try pushIndex(id)
        defer { wakePushed(slot: Int(pushes[p].slot)) }
        try finite("dx", v.x)
        try finite("dy", v.y)
        pushes[p].vector = v
        if v != .zero { pushes[p].angle = DMath.atan2(v.y, v.x) }
    }

    /// Sets the angle (rad), keeping the magnitude.
    public mutating func setPushAngle(_ id: BehaviorID, _ a: Real) throws(EngineError) {
        let p = try pushIndex(id)
        defer { wakePushed(slot: Int(pushes[p].slot)) }
        try finite("angle", a)
        let m = pushes[p].vector.length
        let cs = DMath.cosSin(a)
        pushes[p].vector = Vec2(m * cs.c, m * cs.s)
        pushes[p].angle = a
    }

    /// Sets the magnitude, keeping the angle (also through 0); negative reverses the vector.
    public mutating func setPushMagnitude(_ id: BehaviorID, _ m: Real) throws(EngineError) {
        let p = try pushIndex(id)
        defer { wakePushed(slot: Int(pushes[p].slot)) }
        try finite("magnitude", m)
        let cs = DMath.cosSin(pushes[p].angle)
        let v = Vec2(m * cs.c, m * cs.s)
        pushes[p].vector = v
        if m < 0 { pushes[p].angle = DMath.atan2(v.y, v.x) }
    }

    /// Turns a push on or off; an instantaneous push fires again on the next frame when
    /// turned on.
    public mutating func setPushActive(_ id: BehaviorID, _ on: Bool) throws(EngineError) {
        let p = try pushIndex(id)
        defer { wakePushed(slot: Int(pushes[p].slot)) }
        pushes[p].active = on
    }

    /// Sets where the push acts, from each item's centre in world axes, pt.
    public mutating func setPushOffset(_ id: BehaviorID, _ o: Vec2) throws(EngineError) {
        let p = try pushIndex(id)
        defer { wakePushed(slot: Int(pushes[p].slot)) }
        try finite("offsetX", o.x)
        try finite("offsetY", o.y)
        pushes[p].offset = o
    }

    // MARK: The frame's pushes

    /// Applies every active push: forces for continuous pushes, impulses (then inactive) for
    /// instantaneous ones. Called once per frame before its ticks.
    mutating func applyPushes() {
        if pushes.isEmpty { return }
        for k in behaviors.pushMembers.indices {  // an index loop: no allocation in unoptimized builds
            let m = behaviors.pushMembers[k]
            let s = Int(m.behavior)
            guard behaviors.slots[s].kind == .push else { continue }
            let push = pushes[Int(behaviors.slots[s].record)]
            guard push.active else { continue }
            let b = Int(items[Int(m.item)].body)
            if b < 0 || push.vector == .zero { continue }
            if bodySims[b].flags & BodyFlags.isStatic != 0 { continue }
            // A push wakes a sleeping body (as Box2D's apply-force with wake).
            if bodySims[b].flags & BodyFlags.isAsleep != 0 { wakeIsland(body: b) }
            var sim = bodySims[b]
            let f = World.forceUnit * push.vector
            let r = sim.transform.p + push.offset - sim.center
            switch push.mode {
            case .continuous:
                // The frame's accumulators exist while pushes do (allocated again only when
                // the number of bodies changed).
                if bodyForces.count != bodySims.count {
                    bodyForces = ContiguousArray(repeating: .zero, count: bodySims.count)
                }
                bodyForces[b].force += f
                bodyForces[b].torque += r.cross(f)
            case .instantaneous:
                sim.v += sim.invMass * f
                if sim.flags & BodyFlags.fixedRotation == 0 { sim.w += sim.invInertia * r.cross(f) }
            }
            bodySims[b] = sim
        }
        for p in pushes.indices where pushes[p].mode == .instantaneous && pushes[p].active {
            pushes[p].active = false
        }
    }
}
