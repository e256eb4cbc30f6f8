// Consistency checks of the world's tables (slow: for tests and debugging, never in `step`).

import DynamicsCollision
import DynamicsMath

extension World {
    /// Describes the first broken invariant of the internal tables, or returns nil.
    ///
    /// Checks the back-indices that swap-with-last removal must keep: item ↔ body, body ↔ shape
    /// list, shape → item, group ↔ members, memberships → live items, polygon ranges in the pool,
    /// contact → manifold place.
    package func invariantViolation() -> String? {
        if bodySims.count != bodyInfos.count { return "bodySims and bodyInfos differ in length" }
        if gravityTable.count != gravities.count + 1 { return "the gravity table has \(gravityTable.count) entries" }
        if let b = bodySims.indices.first(where: { Int(bodySims[$0].gravity) >= gravityTable.count }) {
            return "body \(b) feels gravity \(bodySims[b].gravity) of \(gravityTable.count)"
        }
        // The cache kept by what changed (Behaviors/Gravity.swift) is what a recompute gives.
        var recomputed = self
        recomputed.updateGravityCache()
        if let b = bodySims.indices.first(where: { gravity(of: $0) != recomputed.gravity(of: $0) }) {
            return "body \(b) feels \(gravity(of: b)) but its gravity behaviors give \(recomputed.gravity(of: b))"
        }
        if vertices.count != normals.count { return "vertex and normal pools differ in length" }
        var shapeSeen = [Bool](repeating: false, count: shapes.count)
        for b in bodyInfos.indices {
            let it = Int(bodyInfos[b].item)
            guard it < items.count, items[it].kind == .single || items[it].kind == .group else {
                return "body \(b) points at item \(it) of kind \(items[it].kind)"
            }
            if items[it].body != Int32(b) { return "item \(it) does not point back at body \(b)" }
            var n: Int32 = 0
            var s = bodyInfos[b].firstShape
            while s >= 0 {
                if s >= shapes.count || shapeSeen[Int(s)] { return "body \(b) has a bad shape link \(s)" }
                shapeSeen[Int(s)] = true
                if shapes[Int(s)].body != Int32(b) { return "shape \(s) does not point back at body \(b)" }
                n += 1
                s = shapes[Int(s)].next
            }
            if n != bodyInfos[b].shapeCount { return "body \(b) counts \(bodyInfos[b].shapeCount) shapes, has \(n)" }
        }
        if shapeSeen.contains(false) { return "a shape belongs to no body" }
        var used = [Bool](repeating: false, count: vertices.count)
        var rangeCount = [Int](repeating: 0, count: vertices.count)
        for s in shapes.indices {
            let it = Int(shapes[s].item)
            if items[it].shape != Int32(s) { return "item \(it) does not point back at shape \(s)" }
            let g = shapes[s].geometry
            let b = Int(shapes[s].body)
            if b < bodySims.count && shapes[s].roundSide != World.roundSide(g, bodySims[b].localCenter) {
                return "shape \(s) keeps a stale kind of side (\(shapes[s].roundSide))"
            }
            if g.kind == .polygon {
                // A range is a polygon's alone, or shared whole by equal polygons.
                let start = Int(g.vertexStart)
                if start + Int(g.vertexCount) > used.count { return "shape \(s) has a bad vertex range" }
                if used[start] && rangeCount[start] == Int(g.vertexCount) { continue }
                for v in start..<(start + Int(g.vertexCount)) {
                    if used[v] { return "shape \(s) has a bad vertex range" }
                    used[v] = true
                }
                rangeCount[start] = Int(g.vertexCount)
            }
        }
        if used.contains(false) { return "the vertex pool has unused vertices" }
        var fresh = self
        fresh.refreshBounds()
        for s in shapes.indices where fresh.shapes[s].aabb != shapes[s].aabb {
            return "shape \(s) has a stale bounding box"
        }
        for i in items.indices {
            switch items[i].kind {
            case .member:
                let g = Int(items[i].group)
                if items[g].kind != .group { return "member \(i) points at non-group \(g)" }
                if items[i].body != -1 { return "member \(i) has a body" }
            case .group:
                var m = items[i].group
                while m != ItemRecord.noGroup {
                    if items[Int(m)].kind != .member || items[Int(m)].group != UInt32(i) {
                        return "group \(i) lists \(m), which is not its member"
                    }
                    m = items[Int(m)].nextMember
                }
            default: break
            }
        }
        let lists: [(BehaviorSlotKind, ContiguousArray<Membership>)] = [
            (.gravity, behaviors.gravityMembers), (.push, behaviors.pushMembers), (.field, behaviors.fieldMembers),
        ]
        for (kind, list) in lists {
            for ms in list {
                let k = items[Int(ms.item)].kind
                if k == .free || k == .member { return "a \(kind) membership names item \(ms.item) of kind \(k)" }
                if behaviors.slots[Int(ms.behavior)].kind != kind { return "a \(kind) membership names a behavior of another kind" }
            }
        }
        if let v = fieldInvariantViolation() { return v }  // Fields/Fields.swift
        // Each manifold's place is one contact's, whose manifold has points, or free.
        let cw = contactWorld
        var simOwner = [Int](repeating: -1, count: cw.contactSims.count)
        for (i, c) in cw.contacts.enumerated() where c.sim >= 0 {
            guard Int(c.sim) < simOwner.count, simOwner[Int(c.sim)] < 0 else { return "contact \(i) has a bad manifold place \(c.sim)" }
            simOwner[Int(c.sim)] = i
            if cw.contactSims[Int(c.sim)].manifold.pointCount == 0 { return "contact \(i) keeps a manifold without points" }
        }
        for s in cw.freeSims {
            guard Int(s) < simOwner.count, simOwner[Int(s)] < 0 else { return "manifold place \(s) is free and taken" }
            simOwner[Int(s)] = Int.max
        }
        if simOwner.contains(-1) { return "a manifold place is neither a contact's nor free" }
        return nil
    }
}
