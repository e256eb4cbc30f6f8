// UIGravityBehavior (reference §7).
//
// Each gravity behavior keeps its own vector (units of 1000 pt/s²) and its items, or "all
// items, present and future". An item held by several feels only the one whose vector was set
// most recently (UIKit's "last one set wins"); removing a gravity behavior never changes what
// the others do (reference §14.8). The resulting acceleration is cached per body
// (`BodySim.gravity`, pt/s²) whenever a vector, a membership or a behavior changes, so the step
// only reads a per-body value.
//
// Angle and magnitude (UIKit): the vector is (m·cos a, m·sin a). Setting the magnitude keeps the
// angle; setting it to 0 makes the vector (0, 0) and resets the angle to 0. Setting the angle
// keeps the magnitude (and is remembered while the magnitude is 0). A negative magnitude
// points the vector the other way; the magnitude then reads positive and the angle turns by π.

import DynamicsMath

extension World {
    /// 1 unit of gravity, pt/s².
    public static let gravityUnit: Real = 1000

    // MARK: Behavior slots

    func behaviorSlot(_ id: BehaviorID) -> Int? {
        let i = Int(id.index)
        guard id.generation != 0, i < behaviorSlots.count, behaviorSlots[i].generation == id.generation,
            behaviorSlots[i].kind != .free
        else { return nil }
        return i
    }

    func gravityIndex(_ id: BehaviorID) throws(EngineError) -> Int {
        guard let s = behaviorSlot(id) else { throw EngineError.unknownBehavior }
        guard behaviorSlots[s].kind == .gravity else {
            throw EngineError(.notAllowed, field: nil, "the behavior is not a gravity behavior")
        }
        return Int(behaviorSlots[s].record)
    }

    mutating func allocateBehavior(kind: BehaviorSlotKind, record: Int) -> Int {
        if freeBehavior >= 0 {
            let i = Int(freeBehavior)
            freeBehavior = behaviorSlots[i].nextFree
            behaviorSlots[i].kind = kind
            behaviorSlots[i].record = Int32(record)
            behaviorSlots[i].nextFree = -1
            return i
        }
        behaviorSlots.append(BehaviorSlot(generation: 1, kind: kind, nextFree: -1, record: Int32(record)))
        return behaviorSlots.count - 1
    }

    func behaviorID(_ slot: Int) -> BehaviorID {
        BehaviorID(index: UInt32(slot), generation: behaviorSlots[slot].generation)
    }

    /// The kind of a live behavior, or nil.
    public func behaviorKind(_ id: BehaviorID) -> BehaviorKind? {
        guard let s = behaviorSlot(id) else { return nil }
        switch behaviorSlots[s].kind {
        case .gravity: return .gravity
        case .attachment: return .attachment
        case .push: return .push
        case .snap: return .snap
        case .collision: return .collision
        case .field: return .field
        case .free: return nil
        }
    }

    /// Whether `id` names a live behavior.
    public func isValid(_ id: BehaviorID) -> Bool { behaviorSlot(id) != nil }

    /// Checks item handles for a behavior: live, not group members; duplicates dropped.
    func behaviorItemSlots(_ ids: [ItemID]) throws(EngineError) -> [UInt32] {
        var out: [UInt32] = []
        for id in ids {
            let i = try requireSlot(id)
            if items[i].kind == .member {
                throw EngineError(.notAllowed, field: "items", "the item is a member of a group; use the group instead")
            }
            if !out.contains(UInt32(i)) { out.append(UInt32(i)) }
        }
        return out
    }

    // MARK: Gravity API

    /// Adds a gravity behavior with `vector` (1 = 1000 pt/s²) acting on `items`, or on every
    /// item present and future when `items` is nil. Its vector counts as the most recently set.
    public mutating func addGravity(vector: Vec2, items ids: [ItemID]?) throws -> BehaviorID {
        try finite("dx", vector.x)
        try finite("dy", vector.y)
        let members = try ids.map { ids throws(EngineError) in try behaviorItemSlots(ids) }
        gravityStamp += 1
        let angle = vector == .zero ? 0 : DMath.atan2(vector.y, vector.x)
        let record = gravities.count
        let s = allocateBehavior(kind: .gravity, record: record)
        gravities.append(
            GravityRecord(slot: UInt32(s), vector: vector, angle: angle, allItems: ids == nil, stamp: gravityStamp))
        for m in members ?? [] { gravityMembers.append(Membership(behavior: UInt32(s), item: m)) }
        updateGravityCache()
        return behaviorID(s)
    }

    /// The vector of a gravity behavior (1 = 1000 pt/s²), or nil.
    public func gravityVector(_ id: BehaviorID) -> Vec2? {
        guard let g = try? gravityIndex(id) else { return nil }
        return gravities[g].vector
    }

    /// The items of a gravity behavior in the order added; nil when it acts on every item
    /// (or `id` is not a gravity behavior).
    public func gravityItems(_ id: BehaviorID) -> [ItemID]? {
        guard let g = try? gravityIndex(id), !gravities[g].allItems else { return nil }
        let s = gravities[g].slot
        return gravityMembers.filter { $0.behavior == s }.map { itemID(Int($0.item)) }
    }

    /// The angle of a gravity behavior, radians (0 = +x, π/2 = down), or nil.
    public func gravityAngle(_ id: BehaviorID) -> Real? {
        guard let g = try? gravityIndex(id) else { return nil }
        return gravities[g].angle
    }

    /// The magnitude (length of the vector; 1 = 1000 pt/s²) of a gravity behavior, or nil.
    public func gravityMagnitude(_ id: BehaviorID) -> Real? {
        guard let g = try? gravityIndex(id) else { return nil }
        return gravities[g].vector.length
    }

    /// Sets the vector (1 = 1000 pt/s²); it becomes the most recently set.
    public mutating func setGravityVector(_ id: BehaviorID, _ v: Vec2) throws {
        let g = try gravityIndex(id)
        try finite("dx", v.x)
        try finite("dy", v.y)
        gravities[g].vector = v
        gravities[g].angle = v == .zero ? 0 : DMath.atan2(v.y, v.x)
        touchGravity(g)
    }

    /// Sets the angle (radians), keeping the magnitude.
    public mutating func setGravityAngle(_ id: BehaviorID, _ a: Real) throws {
        let g = try gravityIndex(id)
        try finite("angle", a)
        let m = gravities[g].vector.length
        let cs = DMath.cosSin(a)
        gravities[g].vector = m == 0 ? .zero : Vec2(m * cs.c, m * cs.s)
        gravities[g].angle = a
        touchGravity(g)
    }

    /// Sets the magnitude (1 = 1000 pt/s²), keeping the angle; 0 makes the vector (0, 0) and the
    /// angle 0; a negative magnitude points the other way.
    public mutating func setGravityMagnitude(_ id: BehaviorID, _ m: Real) throws {
        let g = try gravityIndex(id)
        try finite("magnitude", m)
        if m == 0 {
            gravities[g].vector = .zero
            gravities[g].angle = 0
        } else {
            let cs = DMath.cosSin(gravities[g].angle)
            let v = Vec2(m * cs.c, m * cs.s)
            gravities[g].vector = v
            if m < 0 { gravities[g].angle = DMath.atan2(v.y, v.x) }
        }
        touchGravity(g)
    }

    private mutating func touchGravity(_ g: Int) {
        gravityStamp += 1
        gravities[g].stamp = gravityStamp
        updateGravityCache()
    }

    // MARK: Membership (shared by the behavior kinds to come)

    /// Adds items to a behavior (already present ones are ignored; a gravity acting on every
    /// item is unchanged).
    public mutating func addItems(_ ids: [ItemID], to id: BehaviorID) throws {
        guard let s = behaviorSlot(id) else { throw EngineError.unknownBehavior }
        let add = try behaviorItemSlots(ids)
        try refuseFixedItems(slot: s)
        if behaviorSlots[s].kind == .collision { return addCollisionItems(add, slot: s) }
        if behaviorSlots[s].kind == .gravity, gravities[Int(behaviorSlots[s].record)].allItems { return }
        if fieldActsOnAllItems(slot: s) { return }  // Fields: like gravity on every item
        for m in add where !gravityMembers.contains(Membership(behavior: UInt32(s), item: m)) {
            gravityMembers.append(Membership(behavior: UInt32(s), item: m))
        }
        if behaviorSlots[s].kind == .field { for m in add { wakeItem(slot: Int(m)) } }  // Fields: a new force wakes
        updateGravityCache()
    }

    /// Removes items from a behavior (absent ones are ignored). A gravity acting on every item
    /// first becomes one acting on an explicit list of all current items.
    public mutating func removeItems(_ ids: [ItemID], from id: BehaviorID) throws {
        guard let s = behaviorSlot(id) else { throw EngineError.unknownBehavior }
        let remove = try behaviorItemSlots(ids)
        try refuseFixedItems(slot: s)
        if behaviorSlots[s].kind == .collision { return removeCollisionItems(remove, slot: s) }
        if behaviorSlots[s].kind == .gravity {
            let g = Int(behaviorSlots[s].record)
            if gravities[g].allItems {
                gravities[g].allItems = false
                for it in itemIDs where items[Int(it.index)].kind != .member {
                    gravityMembers.append(Membership(behavior: UInt32(s), item: it.index))
                }
            }
        }
        if behaviorSlots[s].kind == .field {  // Fields: like gravity on every item; a lost force wakes
            makeFieldItemsExplicit(slot: s)
            for m in remove { wakeItem(slot: Int(m)) }
        }
        gravityMembers.removeAll { $0.behavior == UInt32(s) && remove.contains($0.item) }
        updateGravityCache()
    }

    /// Removes a behavior. The others are unchanged.
    public mutating func removeBehavior(_ id: BehaviorID) throws {
        guard let s = behaviorSlot(id) else { throw EngineError.unknownBehavior }
        if behaviorSlots[s].kind == .gravity {
            let g = Int(behaviorSlots[s].record)
            let last = gravities.count - 1
            if g != last {
                gravities[g] = gravities[last]
                behaviorSlots[Int(gravities[g].slot)].record = Int32(g)
            }
            gravities.removeLast()
        }
        if behaviorSlots[s].kind == .collision { removeCollisionRecord(slot: s) }
        removeBehaviorRecord(slot: s)
        gravityMembers.removeAll { $0.behavior == UInt32(s) }
        behaviorSlots[s].kind = .free
        behaviorSlots[s].generation &+= 1
        if behaviorSlots[s].generation == 0 { behaviorSlots[s].generation = 1 }
        behaviorSlots[s].nextFree = freeBehavior
        freeBehavior = Int32(s)
        updateGravityCache()
    }

    // MARK: Cache

    /// Recomputes every body's gravity: behaviors applied in the order their vectors were set,
    /// so the latest one holding a body wins.
    mutating func updateGravityCache() {
        let before = bodySims.map { $0.gravity }
        defer { wakeBodies(whereGravityChangedFrom: before) }
        for b in bodySims.indices { bodySims[b].gravity = .zero }
        let order = gravities.indices.sorted { gravities[$0].stamp < gravities[$1].stamp }
        for g in order {
            let acc = World.gravityUnit * gravities[g].vector
            if gravities[g].allItems {
                for b in bodySims.indices { bodySims[b].gravity = acc }
            } else {
                let s = gravities[g].slot
                for m in gravityMembers where m.behavior == s {
                    let body = items[Int(m.item)].body
                    if body >= 0 { bodySims[Int(body)].gravity = acc }
                }
            }
        }
    }

    /// The gravity a new item gets: that of the latest-set behavior acting on every item.
    func gravityFor(item: Int) -> Vec2 {
        var best: Int = -1
        for g in gravities.indices where gravities[g].allItems {
            if best < 0 || gravities[g].stamp > gravities[best].stamp { best = g }
        }
        return best < 0 ? .zero : World.gravityUnit * gravities[best].vector
    }
}
