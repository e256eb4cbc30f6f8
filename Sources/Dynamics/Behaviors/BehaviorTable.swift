// The behaviors' room: the slot table that behavior handles name (index + generation, free
// list), and the (behavior, item) memberships of the kinds that hold items, one list per kind
// in the order added. Owned by `World` as `behaviors`. Each kind keeps its own records
// (`gravities`, `pushes`, `collisions`, `jointWorld.joints`, `fieldTable.records`); a slot's
// `record` is the index into its kind's table.
//
// Below the struct: the generic slot code (handles, kinds, item checks) and the membership
// API every kind shares (`addItems`, `removeItems`, `removeBehavior`).

import DynamicsMath

/// Behavior slots and memberships.
struct BehaviorTable {
    var slots = ContiguousArray<BehaviorSlot>()
    /// First free slot, -1 if none.
    var freeSlot: Int32 = -1
    /// Memberships of gravity behaviors not acting on every item.
    var gravityMembers = ContiguousArray<Membership>()
    /// Memberships of push behaviors.
    var pushMembers = ContiguousArray<Membership>()
    /// Memberships of field behaviors not acting on every item (Fields/).
    var fieldMembers = ContiguousArray<Membership>()
    /// Memberships of collision behaviors not acting on every item (Behaviors/Collision.swift
    /// keeps them; the collision filters are built from them).
    var collisionMembers = ContiguousArray<Membership>()

    /// Appends (behavior slot `s`, item) to the list of `s`'s kind unless present (gravity,
    /// push and field; the other kinds keep no such list).
    mutating func appendMember(behavior s: Int, item: UInt32) {
        let m = Membership(behavior: UInt32(s), item: item)
        switch slots[s].kind {
        case .gravity: if !gravityMembers.contains(m) { gravityMembers.append(m) }
        case .push: if !pushMembers.contains(m) { pushMembers.append(m) }
        case .field: if !fieldMembers.contains(m) { fieldMembers.append(m) }
        default: assertionFailure("behavior kind \(slots[s].kind) keeps no item list")
        }
    }

    /// Removes the memberships (gravity, push, field) that `shouldRemove` picks.
    mutating func removeMembers(where shouldRemove: (Membership) -> Bool) {
        gravityMembers.removeAll(where: shouldRemove)
        pushMembers.removeAll(where: shouldRemove)
        fieldMembers.removeAll(where: shouldRemove)
    }

    /// Group creation: the memberships (gravity, push, field, collision) of the items
    /// `members` (item slots) move to item `group`, and the duplicates that makes are dropped,
    /// the first of each kept. O(memberships · log members).
    mutating func moveMembers(of members: [Int], to group: Int) {
        let sorted = members.sorted()
        BehaviorTable.move(&gravityMembers, sorted, group)
        BehaviorTable.move(&pushMembers, sorted, group)
        BehaviorTable.move(&fieldMembers, sorted, group)
        BehaviorTable.move(&collisionMembers, sorted, group)
    }

    /// `moveMembers` on one list (`members` sorted). The set only answers whether a membership
    /// was kept already; the list keeps its order.
    static func move(_ list: inout ContiguousArray<Membership>, _ members: [Int], _ group: Int) {
        func isMember(_ item: UInt32) -> Bool {
            let i = members.lowerBound(of: Int(item))
            return i < members.count && members[i] == Int(item)
        }
        var moved = ContiguousArray<Membership>()
        moved.reserveCapacity(list.count)
        var kept = Set<Membership>(minimumCapacity: list.count)
        for ms in list {
            var e = ms
            if isMember(ms.item) { e.item = UInt32(group) }
            if kept.insert(e).inserted { moved.append(e) }
        }
        list = moved
    }
}

extension World {
    // MARK: Behavior slots

    func behaviorSlot(_ id: BehaviorID) -> Int? {
        let i = Int(id.index)
        guard id.generation != 0, i < behaviors.slots.count, behaviors.slots[i].generation == id.generation,
            behaviors.slots[i].kind != .free
        else { return nil }
        return i
    }

    mutating func allocateBehavior(kind: BehaviorSlotKind, record: Int) -> Int {
        if behaviors.freeSlot >= 0 {
            let i = Int(behaviors.freeSlot)
            behaviors.freeSlot = behaviors.slots[i].nextFree
            behaviors.slots[i].kind = kind
            behaviors.slots[i].record = Int32(record)
            behaviors.slots[i].nextFree = -1
            return i
        }
        behaviors.slots.append(BehaviorSlot(generation: 1, kind: kind, nextFree: -1, record: Int32(record)))
        return behaviors.slots.count - 1
    }

    func behaviorID(_ slot: Int) -> BehaviorID {
        BehaviorID(index: UInt32(slot), generation: behaviors.slots[slot].generation)
    }

    /// The kind of a live behavior, or nil.
    public func behaviorKind(_ id: BehaviorID) -> BehaviorKind? {
        guard let s = behaviorSlot(id) else { return nil }
        switch behaviors.slots[s].kind {
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

    /// Checks that `ids` can be a behavior's items (each exists, none is a group's member), as
    /// `addItems` and the `add…` of each kind check them, without changing anything.
    public func checkBehaviorItems(_ ids: [ItemID]) throws(EngineError) {
        _ = try behaviorItemSlots(ids)
    }

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

    // MARK: Membership

    /// Adds items to a behavior (already present ones are ignored; a gravity acting on every
    /// item is unchanged).
    public mutating func addItems(_ ids: [ItemID], to id: BehaviorID) throws(EngineError) {
        guard let s = behaviorSlot(id) else { throw EngineError.unknownBehavior }
        let add = try behaviorItemSlots(ids)
        try refuseFixedItems(slot: s)
        if behaviors.slots[s].kind == .collision { return addCollisionItems(add, slot: s) }
        if behaviors.slots[s].kind == .gravity, gravities[Int(behaviors.slots[s].record)].allItems { return }
        if fieldActsOnAllItems(slot: s) { return }  // Fields: like gravity on every item
        for m in add { behaviors.appendMember(behavior: s, item: m) }
        if behaviors.slots[s].kind == .field { for m in add { wakeItem(slot: Int(m)) } }  // Fields: a new force wakes
        // Only a gravity behavior's items change what a body feels, and only theirs.
        if behaviors.slots[s].kind == .gravity {
            let g = Int(behaviors.slots[s].record)
            for m in add { feelGravity(g, item: m) }
        }
    }

    /// Removes items from a behavior (absent ones are ignored). A gravity acting on every item
    /// first becomes one acting on an explicit list of all current items.
    public mutating func removeItems(_ ids: [ItemID], from id: BehaviorID) throws(EngineError) {
        guard let s = behaviorSlot(id) else { throw EngineError.unknownBehavior }
        let remove = try behaviorItemSlots(ids)
        try refuseFixedItems(slot: s)
        if behaviors.slots[s].kind == .collision { return removeCollisionItems(remove, slot: s) }
        if behaviors.slots[s].kind == .gravity {
            let g = Int(behaviors.slots[s].record)
            if gravities[g].allItems {
                gravities[g].allItems = false
                for it in itemIDs where items[Int(it.index)].kind != .member {
                    behaviors.appendMember(behavior: s, item: it.index)
                }
            }
        }
        if behaviors.slots[s].kind == .field {  // Fields: like gravity on every item; a lost force wakes
            makeFieldItemsExplicit(slot: s)
            for m in remove { wakeItem(slot: Int(m)) }
        }
        behaviors.removeMembers { $0.behavior == UInt32(s) && remove.contains($0.item) }
        // Only the removed items' bodies can feel another gravity now (a gravity on every item
        // became one on each current item, so the others still feel it).
        if behaviors.slots[s].kind == .gravity { refreshGravity(itemSlots: remove) }
    }

    /// Removes a behavior. The others are unchanged.
    public mutating func removeBehavior(_ id: BehaviorID) throws(EngineError) {
        guard let s = behaviorSlot(id) else { throw EngineError.unknownBehavior }
        let gravity = behaviors.slots[s].kind == .gravity ? removeGravityRecord(slot: s) : nil
        if behaviors.slots[s].kind == .collision { removeCollisionRecord(slot: s) }
        removeBehaviorRecord(slot: s)
        behaviors.removeMembers { $0.behavior == UInt32(s) }
        behaviors.slots[s].kind = .free
        behaviors.slots[s].generation &+= 1
        if behaviors.slots[s].generation == 0 { behaviors.slots[s].generation = 1 }
        behaviors.slots[s].nextFree = behaviors.freeSlot
        behaviors.freeSlot = Int32(s)
        if let gravity { finishGravityRemoval(gravity) }
    }

    /// The items a behavior acts on, in the order they were added; nil when it acts on every
    /// item (present and future) or the behavior is gone.
    public func behaviorItems(_ id: BehaviorID) -> [ItemID]? {
        guard let kind = behaviorKind(id) else { return nil }
        switch kind {
        case .gravity: return gravityItems(id)
        case .attachment: return attachmentItems(id)
        case .push: return pushItems(id)
        case .snap: return snapItems(id)
        case .collision: return collisionItems(id)
        case .field: return fieldItems(id)
        }
    }
}
