// UIGravityBehavior (Docs/semantics.md §7).
//
// Each gravity behavior keeps its own vector (units of 1000 pt/s²) and its items, or "all
// items, present and future". An item held by several feels only the one whose vector was set
// most recently (UIKit's "last one set wins"); removing a gravity behavior never changes what
// the others do (Docs/semantics.md §14.8). Which one a body feels is cached per body
// (`BodySim.gravity`, an index into `World.gravityTable`, the accelerations in pt/s²: none,
// then each record's) whenever a vector, a membership or a behavior changes, so the step only
// reads a per-body index and a table of a few entries (16 B a body less than the vector).
//
// The cache is kept by what changed: a behavior on listed items that is added or set, or that
// gains items, touches only those items' bodies (the behavior set last wins, so it is theirs
// or stays not theirs); a group made, items taken out of a gravity, or a gravity on listed
// items removed, recompute only the bodies concerned (`refreshGravity`), in one pass over the
// memberships; a behavior on every item that is added, set or removed recomputes it all, in
// one pass over the bodies and one over the memberships. (Recomputing it all after each change,
// each behavior's items found by a pass over every membership, made `gravity on b` cost
// O(bodies + behaviors × memberships): 3 ms a command after 600 of them on 1,000 items.)
//
// Angle and magnitude (UIKit): the vector is (m·cos a, m·sin a). Setting the magnitude keeps the
// angle; setting it to 0 makes the vector (0, 0) and resets the angle to 0. Setting the angle
// keeps the magnitude (and is remembered while the magnitude is 0). A negative magnitude
// points the vector the other way; the magnitude then reads positive and the angle turns by π.

import DynamicsMath

extension World {
    // MARK: Gravity API

    func gravityIndex(_ id: BehaviorID) throws(EngineError) -> Int {
        guard let s = behaviorSlot(id) else { throw EngineError.unknownBehavior }
        guard behaviors.slots[s].kind == .gravity else {
            throw EngineError(.notAllowed, field: nil, "the behavior is not a gravity behavior")
        }
        return Int(behaviors.slots[s].record)
    }

    /// Adds a gravity behavior with `vector` (1 = 1000 pt/s²) acting on `items`, or on every
    /// item present and future when `items` is nil. Its vector counts as the most recently set.
    public mutating func addGravity(vector: Vec2, items ids: [ItemID]?) throws(EngineError) -> BehaviorID {
        try finite("dx", vector.x)
        try finite("dy", vector.y)
        let members = try ids.map { ids throws(EngineError) in try behaviorItemSlots(ids) }
        gravityStamp += 1
        let angle = vector == .zero ? 0 : DMath.atan2(vector.y, vector.x)
        let record = gravities.count
        let s = allocateBehavior(kind: .gravity, record: record)
        gravities.append(
            GravityRecord(slot: UInt32(s), vector: vector, angle: angle, allItems: ids == nil, stamp: gravityStamp))
        for m in members ?? [] { behaviors.gravityMembers.append(Membership(behavior: UInt32(s), item: m)) }
        gravityTable.append(World.gravityUnit * vector)
        if let members {
            // Set last, it is what its items' bodies feel; no other body changes.
            for m in members { feelGravity(record, item: m) }
        } else {
            updateGravityCache()
        }
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
        return behaviors.gravityMembers.filter { $0.behavior == s }.map { itemID(Int($0.item)) }
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
    public mutating func setGravityVector(_ id: BehaviorID, _ v: Vec2) throws(EngineError) {
        let g = try gravityIndex(id)
        try finite("dx", v.x)
        try finite("dy", v.y)
        gravities[g].vector = v
        gravities[g].angle = v == .zero ? 0 : DMath.atan2(v.y, v.x)
        touchGravity(g)
    }

    /// Sets the angle (radians), keeping the magnitude.
    public mutating func setGravityAngle(_ id: BehaviorID, _ a: Real) throws(EngineError) {
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
    public mutating func setGravityMagnitude(_ id: BehaviorID, _ m: Real) throws(EngineError) {
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
        if gravities[g].allItems {
            updateGravityCache()
            return
        }
        // Set last, it is what its items' bodies feel, and only they felt it before (at its
        // old vector).
        let entry = UInt32(g + 1)
        let old = gravityTable[g + 1]
        gravityTable[g + 1] = World.gravityUnit * gravities[g].vector
        for m in behaviors.gravityMembers where m.behavior == gravities[g].slot {
            let body = Int(items[Int(m.item)].body)
            guard body >= 0 else { continue }
            let before = bodySims[body].gravity == entry ? old : gravity(of: body)
            bodySims[body].gravity = entry
            wake(body: body, ifGravityChangedFrom: before)
        }
    }

    /// Whether gravity record `g` was set later than the table entry `entry` (0: none).
    @inline(__always)
    func isSetLater(_ g: Int, than entry: UInt32) -> Bool {
        entry == 0 || gravities[Int(entry) - 1].stamp < gravities[g].stamp
    }

    /// Item slot `item` has joined gravity record `g` (whose table entry is current): its body
    /// feels `g` if `g` was set later than what it felt, and wakes if its acceleration changed.
    mutating func feelGravity(_ g: Int, item: UInt32) {
        let body = Int(items[Int(item)].body)
        guard body >= 0, isSetLater(g, than: bodySims[body].gravity) else { return }
        let before = gravity(of: body)
        bodySims[body].gravity = UInt32(g + 1)
        wake(body: body, ifGravityChangedFrom: before)
    }

    /// What `removeBehavior` needs to put the cache right after a gravity's record is gone.
    struct GravityRemoval {
        /// A gravity on every item was removed, or moved into the freed place: every body may
        /// change, so the cache is recomputed whole.
        var whole: Bool
        /// The record's place, and the place of the last record that moved into it (or -1).
        var record: Int
        var moved: Int
        var movedSlot: UInt32
        /// The removed behavior's items, and their bodies' accelerations before.
        var items: [UInt32]
        var before: [(body: Int, gravity: Vec2)]
    }

    /// Drops the record of gravity behavior slot `s` (called by removeBehavior before the
    /// behavior's memberships go); `finishGravityRemoval` then puts the cache right.
    mutating func removeGravityRecord(slot s: Int) -> GravityRemoval {
        let g = Int(behaviors.slots[s].record)
        let last = gravities.count - 1
        var removal = GravityRemoval(
            whole: gravities[g].allItems || (g != last && gravities[last].allItems), record: g,
            moved: g != last ? last : -1, movedSlot: gravities[last].slot, items: [], before: [])
        if !removal.whole {
            for m in behaviors.gravityMembers where m.behavior == UInt32(s) { removal.items.append(m.item) }
            removal.before = gravityBefore(itemSlots: removal.items)
        }
        if g != last {
            gravities[g] = gravities[last]
            behaviors.slots[Int(gravities[g].slot)].record = Int32(g)
        }
        gravities.removeLast()
        return removal
    }

    /// After a gravity's record and memberships are gone: the bodies that felt it feel what is
    /// left for them, and those that felt the record moved into its place name that place. A
    /// gravity on listed items, removed, so touches only its items' bodies and the moved
    /// record's (one pass over the memberships); removing a gravity on every item (or moving
    /// one) recomputes every body (`remove g` of a gravity on one item cost 47 instructions a
    /// body in the whole recompute).
    mutating func finishGravityRemoval(_ r: GravityRemoval) {
        if r.whole {
            updateGravityCache()
            return
        }
        let g = r.record
        if r.moved >= 0 {
            gravityTable[g + 1] = gravityTable[r.moved + 1]
            let from = UInt32(r.moved + 1)
            for m in behaviors.gravityMembers where m.behavior == r.movedSlot {
                let body = Int(items[Int(m.item)].body)
                if body >= 0 && bodySims[body].gravity == from { bodySims[body].gravity = UInt32(g + 1) }
            }
        }
        gravityTable.removeLast()
        refreshGravity(r.items, before: r.before)
    }

    // MARK: Cache

    /// Recomputes the table of accelerations and every body's gravity: behaviors applied in the
    /// order their vectors were set, so the latest one holding a body wins.
    mutating func updateGravityCache() {
        let before = bodySims.indices.map { gravity(of: $0) }
        defer { wakeBodies(whereGravityChangedFrom: before) }
        gravityTable.removeAll(keepingCapacity: true)
        gravityTable.append(.zero)
        for g in gravities.indices { gravityTable.append(World.gravityUnit * gravities[g].vector) }
        // Every body feels the behavior on every item set last (if any), unless one holding it
        // by name was set later. Stamps are unique, so "set last" is one behavior.
        let all = gravityFor(item: 0)
        for b in bodySims.indices { bodySims[b].gravity = all }
        for m in behaviors.gravityMembers { feelIfLater(m) }
    }

    /// Membership `m`'s body (if its item has one) feels m's behavior if that was set later than
    /// what it feels now (no wake: the callers compare with what came before).
    @inline(__always)
    private mutating func feelIfLater(_ m: Membership) {
        let body = Int(items[Int(m.item)].body)
        guard body >= 0 else { return }
        let g = Int(behaviors.slots[Int(m.behavior)].record)
        if isSetLater(g, than: bodySims[body].gravity) { bodySims[body].gravity = UInt32(g + 1) }
    }

    /// Recomputes the gravity of the bodies of item slots `itemSlots` alone, every other body
    /// left as it is: each feels the latest-set of the behaviors on every item and of those
    /// holding its item, and wakes if its acceleration changed. For changes that can concern no
    /// other body (a group made, items taken out of a gravity, a gravity on listed items
    /// removed): one pass over the memberships, none over the bodies (a group on 20,000 items
    /// cost 0.9 M instructions in the full recompute).
    mutating func refreshGravity(itemSlots: [UInt32]) {
        refreshGravity(itemSlots, before: gravityBefore(itemSlots: itemSlots))
    }

    /// The bodies of item slots `itemSlots` (those that have one) and what they feel now.
    func gravityBefore(itemSlots: [UInt32]) -> [(body: Int, gravity: Vec2)] {
        var before: [(body: Int, gravity: Vec2)] = []
        for i in itemSlots {
            let body = Int(items[Int(i)].body)
            if body >= 0 { before.append((body, gravity(of: body))) }
        }
        return before
    }

    /// `refreshGravity(itemSlots:)` with the accelerations before given (`gravityBefore`, taken
    /// before the change), for the wakes.
    private mutating func refreshGravity(_ itemSlots: [UInt32], before: [(body: Int, gravity: Vec2)]) {
        guard !before.isEmpty else { return }
        var marked = [UInt64](repeating: 0, count: (items.count + 63) >> 6)
        let all = gravityFor(item: 0)
        for i in itemSlots {
            let body = Int(items[Int(i)].body)
            guard body >= 0 else { continue }
            marked[Int(i) >> 6] |= 1 << UInt64(i & 63)
            bodySims[body].gravity = all
        }
        for m in behaviors.gravityMembers where marked[Int(m.item) >> 6] & (1 << UInt64(m.item & 63)) != 0 {
            feelIfLater(m)
        }
        for (body, gravity) in before { wake(body: body, ifGravityChangedFrom: gravity) }
    }

    /// The gravity a new item gets (its `BodySim.gravity`): that of the latest-set behavior
    /// acting on every item.
    func gravityFor(item: Int) -> UInt32 {
        var best: Int = -1
        for g in gravities.indices where gravities[g].allItems {
            if best < 0 || gravities[g].stamp > gravities[best].stamp { best = g }
        }
        return UInt32(best + 1)
    }

    /// The gravity acceleration body `b` feels, pt/s².
    @inline(__always)
    func gravity(of b: Int) -> Vec2 {
        gravityTable[Int(bodySims[b].gravity)]
    }
}
