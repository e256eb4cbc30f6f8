// Creating and removing items and groups (Docs/semantics.md §4, §5).

import DynamicsCollision
import DynamicsMath

extension World {
    /// Whether `id` names a live item (a single item, a group or a group member).
    public func isValid(_ id: ItemID) -> Bool { slot(id) != nil }

    /// Every live item (groups and members included), in creation order.
    public var itemIDs: [ItemID] {
        var live: [(UInt64, Int)] = []
        for i in items.indices where items[i].kind != .free { live.append((items[i].serial, i)) }
        live.sort { $0.0 < $1.0 }
        return live.map { itemID($0.1) }
    }

    /// Whether `id` is a group.
    public func isGroup(_ id: ItemID) -> Bool {
        guard let i = slot(id) else { return false }
        return items[i].kind == .group
    }

    /// The group `id` is a member of, or nil.
    public func group(of id: ItemID) -> ItemID? {
        guard let i = slot(id), items[i].kind == .member else { return nil }
        return itemID(Int(items[i].group))
    }

    /// The members of a group in the order given at creation; empty for anything else.
    public func members(of group: ItemID) -> [ItemID] {
        guard let g = slot(group), items[g].kind == .group else { return [] }
        var out: [ItemID] = []
        var m = items[g].group
        while m != ItemRecord.noGroup {
            out.append(itemID(Int(m)))
            m = items[Int(m)].nextMember
        }
        return out
    }

    // MARK: Adding

    /// Makes room for `count` items in all (with a body and a shape each) before they are
    /// added, as a world whose size is known up front can: its tables are then allocated
    /// once, instead of grown by doubling, each growth a copy whose old buffer the allocator
    /// may keep resident (a world of 50,000 boxes: about 100 B a body). Nothing else changes;
    /// the count is capped at `largestItemCount`.
    public mutating func reserveCapacity(items count: Int) {
        let n = Swift.min(Swift.max(count, 0), World.largestItemCount)
        items.reserveCapacity(n)
        bodySims.reserveCapacity(n)
        bodyInfos.reserveCapacity(n)
        shapes.reserveCapacity(n)
    }

    /// Adds an item with its own rigid body and returns its handle.
    ///
    /// Throws `.invalidValue` (NaN/infinite numbers, size ≤ 0, density ≤ 0, friction,
    /// resistance or angular resistance < 0) or `.invalidShape` (a bad path), naming the field.
    public mutating func addItem(_ def: ItemDefinition) throws(EngineError) -> ItemID {
        let path = try validate(def)
        if freeItem < 0 && items.count >= World.largestItemCount {
            throw EngineError(.notAllowed, field: nil, "a world holds at most 1,000,000 items (groups and members count)")
        }
        var rec = defaultRecord(kind: .single, size: def.size)
        rec.density = def.density
        rec.charge = def.charge
        rec.allowsRotation = def.allowsRotation
        rec.anchored = def.anchored
        rec.bullet = def.bullet
        if let e = def.elasticity { rec.elasticity = e; rec.explicit |= ExplicitBits.elasticity }
        if let f = def.friction { rec.friction = f; rec.explicit |= ExplicitBits.friction }
        if let r = def.resistance { rec.resistance = r; rec.explicit |= ExplicitBits.resistance }
        if let r = def.angularResistance { rec.angularResistance = r; rec.explicit |= ExplicitBits.angularResistance }
        switch def.shape {
        case .rectangle: rec.shapeRequest = .rectangle
        case .ellipse: rec.shapeRequest = .ellipse
        case .path: rec.shapeRequest = .path
        }
        let i = allocateItem(rec)
        let b = createBody(item: i, origin: def.center, angle: def.angle)
        let geometry = makeGeometry(rec.shapeRequest, size: def.size, offset: .zero, path: path)
        addShape(body: b, item: i, geometry: geometry)
        updateMass(body: b)
        if !def.anchored {
            bodySims[b].v = def.velocity
            bodySims[b].w = def.allowsRotation ? def.spin : 0
        }
        bodySims[b].gravity = gravityFor(item: i)
        refreshBounds(body: b)
        noteCollisionEdit()
        return itemID(i)
    }

    /// Checks a definition; returns the validated path (stored winding) for `.path` shapes.
    func validate(_ def: ItemDefinition) throws(EngineError) -> [Vec2] {
        try finite("x", def.center.x)
        try finite("y", def.center.y)
        try World.checkSize("width", def.size.x)
        try World.checkSize("height", def.size.y)
        try finite("angle", def.angle)
        try World.checkVelocity("vx", def.velocity.x)
        try World.checkVelocity("vy", def.velocity.y)
        try finite("spin", def.spin)
        try World.checkDensity(def.density)
        try finite("charge", def.charge)
        if let e = def.elasticity { try World.checkElasticity(e) }
        if let f = def.friction { try nonNegative("friction", f) }
        if let r = def.resistance { try nonNegative("resistance", r) }
        if let r = def.angularResistance { try nonNegative("angularResistance", r) }
        guard case .path(let points) = def.shape else { return [] }
        do {
            return try makeConvexPolygon(points)
        } catch {
            throw EngineError(.invalidShape, field: "path", "invalid path: \(error.description)")
        }
    }

    /// A number given to the engine: finite and at most `World.largestValue` in size.
    func finite(_ field: String, _ x: Real) throws(EngineError) {
        try World.checkValue(field, x)
    }

    func nonNegative(_ field: String, _ x: Real) throws(EngineError) {
        try finite(field, x)
        if x < 0 { throw EngineError.mustBeNonNegative(field, x) }
    }

    /// Joins items into one rigid body (UIDynamicItemGroup, Docs/semantics.md §5) and returns the group.
    ///
    /// The body's origin is the centre of the rectangle enclosing the members' frames
    /// (centre ± size/2, rotations ignored) and its angle 0; each member becomes an
    /// axis-aligned shape of its own size and kind at its offset, keeping its own density and
    /// material. The group starts with the members' velocity and spin if they all share them,
    /// at rest otherwise. It joins every gravity behavior its members were in. Members keep
    /// their handles but lose their bodies: moving them is done through the group.
    ///
    /// Errors: no members (`.invalidValue`), an unknown member, a member listed twice, a
    /// member already in a group or a group as a member (`.notAllowed`).
    public mutating func addGroup(_ members: [ItemID]) throws(EngineError) -> ItemID {
        guard !members.isEmpty else {
            throw EngineError(.invalidValue, field: "items", "a group needs at least 1 item (got 0)")
        }
        var slots: [Int] = []
        var listed = Set<Int>(minimumCapacity: members.count)  // (asked only, never walked)
        for id in members {
            let m = try requireSlot(id)
            switch items[m].kind {
            case .member:
                throw EngineError(.notAllowed, field: "items", "the item is already a member of a group")
            case .group:
                throw EngineError(.notAllowed, field: "items", "a group cannot contain another group")
            default: break
            }
            if !listed.insert(m).inserted {
                throw EngineError(.notAllowed, field: "items", "the item is listed twice")
            }
            slots.append(m)
        }

        // The enclosing rectangle of the members' frames, and their shared motion.
        var lower = Vec2(Real.infinity, Real.infinity)
        var upper = -lower
        for m in slots {
            let c = bodySims[Int(items[m].body)].transform.p
            let h = 0.5 * items[m].size
            lower = min(lower, c - h)
            upper = max(upper, c + h)
        }
        let origin = 0.5 * (lower + upper)
        let first = bodySims[Int(items[slots[0]].body)]
        var shared = true
        for m in slots {
            let b = bodySims[Int(items[m].body)]
            if b.v != first.v || b.w != first.w { shared = false }
        }

        // Capture each member's shape in its own frame, then drop the member bodies.
        struct Captured {
            var offset: Vec2
            var path: [Vec2]
        }
        var captured: [Captured] = []
        for m in slots {
            let b = Int(items[m].body)
            let s = Int(items[m].shape)
            let path = items[m].shapeRequest == .path ? polygonVertices(shapes[s].geometry) : []
            captured.append(Captured(offset: bodySims[b].transform.p - origin, path: path))
        }
        for m in slots { removeBody(Int(items[m].body)) }

        // The group item and its body.
        var rec = defaultRecord(kind: .group, size: upper - lower)
        rec.group = UInt32(slots[0])
        let g = allocateItem(rec)
        let b = createBody(item: g, origin: origin, angle: 0)
        for (k, m) in slots.enumerated() {
            items[m].kind = .member
            items[m].body = -1
            items[m].group = UInt32(g)
            items[m].nextMember = k + 1 < slots.count ? UInt32(slots[k + 1]) : ItemRecord.noGroup
            items[m].offset = captured[k].offset
            let geometry = makeGeometry(
                items[m].shapeRequest, size: items[m].size, offset: captured[k].offset, path: captured[k].path)
            addShape(body: b, item: m, geometry: geometry)
        }
        updateMass(body: b)
        if shared {
            bodySims[b].v = first.v
            bodySims[b].w = first.w
        }

        // Memberships move from the members to the group.
        behaviors.moveMembers(of: slots, to: g)
        // The group's body feels what its members' memberships give it; no other body changes.
        refreshGravity(itemSlots: [UInt32(g)])
        noteCollisionEdit()
        refreshBounds(body: Int(items[g].body))
        return itemID(g)
    }

    // MARK: Removing

    /// Removes an item. Removing a group removes its members too; removing a member alone is
    /// `.notAllowed`. The item leaves every behavior it was in.
    public mutating func removeItem(_ id: ItemID) throws(EngineError) {
        let i = try requireSlot(id)
        switch items[i].kind {
        case .member:
            throw EngineError(.notAllowed, field: nil, "the item is a member of a group; remove the group instead")
        case .group:
            let memberSlots = members(of: id).map { Int($0.index) }
            removeBody(Int(items[i].body))
            for m in memberSlots { freeItemSlot(m) }
        default:
            removeBody(Int(items[i].body))
        }
        behaviors.removeMembers { $0.item == UInt32(i) }
        removeJoints(touching: i)
        behaviors.collisionMembers.removeAll { $0.item == UInt32(i) }
        freeItemSlot(i)
        noteCollisionEdit()
    }
}
