// The memory a world takes per body (issue 12; Docs/benchmarks.md, "Memory, 2026-11-27"):
// the strides of the tables' elements, which grow back by a field added in the wrong place,
// and the ingredients of the figure that `dyn-bench memory` measures: equal polygons share
// one range of the vertex pool, and a falling crowd's fat boxes pair each body with the row
// below it at most, not with the rows below that.

@testable import Dynamics
@testable import DynamicsCollision
import DynamicsMath
import Testing

@Suite struct MemoryLayoutTests {
    /// The strides of the tables' elements (bytes; 64-bit).
    @Test func strides() {
        #expect(MemoryLayout<ItemRecord>.stride == 120)  // was 136
        #expect(MemoryLayout<ShapeGeometry>.size == 49)  // the kind last: its record packs after it
        #expect(MemoryLayout<ShapeRecord>.stride == 120)  // was 128
        #expect(MemoryLayout<BodySim>.stride == 144)  // was 184: gravity an index, forces apart
        #expect(MemoryLayout<BodyInfo>.stride == 32)  // was 64: the body's box is its shapes' union
        #expect(MemoryLayout<ManifoldCache>.size == 81)  // was 148 (stride 152): single precision but the relative position, and which face a light body's normal is (Recycling.swift)
        #expect(MemoryLayout<Manifold>.stride == 120)  // was 152: no world point
        #expect(MemoryLayout<Contact>.stride == 36)  // was 448, then 344 with the manifold in it
        #expect(MemoryLayout<TreeNode>.stride == 48)  // was 56: a leaf's user data in its second child's place
        #expect(MemoryLayout<ContactSim>.stride == 296)  // only while the manifold has points
        #expect(MemoryLayout<ProxyPair>.stride == 16)  // was 24: user data in 32 bits
    }

    /// Equal boxes share one range of the vertex pool; a range goes when its last shape goes,
    /// the ranges after it shift down, and the world stays valid throughout.
    @Test func equalPolygonsShareTheirVertices() throws {
        var w = World(size: Vec2(2000, 1000), model: .ideal)
        var ids: [ItemID] = []
        for k in 0..<10 {
            var d = ItemDefinition()
            d.center = Vec2(Real(100 + 30 * k), 100)
            d.size = Vec2(20, 20)
            ids.append(try w.addItem(d))
        }
        #expect(w.vertices.count == 4 && w.normals.count == 4)
        var odd = ItemDefinition()
        odd.center = Vec2(100, 500)
        odd.size = Vec2(40, 20)
        let other = try w.addItem(odd)
        var again = ItemDefinition()
        again.center = Vec2(300, 500)
        again.size = Vec2(20, 20)
        ids.append(try w.addItem(again))  // not the last polygon's size: a range of its own
        #expect(w.vertices.count == 12)
        #expect(w.invariantViolation() == nil)
        for id in ids.prefix(9) { try w.removeItem(id) }
        #expect(w.vertices.count == 12)  // one box still uses the first range
        #expect(w.invariantViolation() == nil)
        try w.removeItem(ids[9])
        #expect(w.vertices.count == 8)
        #expect(w.invariantViolation() == nil)
        try w.removeItem(other)
        #expect(w.vertices.count == 4)
        #expect(w.invariantViolation() == nil)
        _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
        for _ in 0..<10 { w.step() }
        #expect(w.invariantViolation() == nil)
    }

    /// Rows of 20 pt boxes 20 pt apart falling together for 1 s (the floor out of reach): each
    /// body has at most one contact (with the box below), where a fat box reaching 4
    /// displacements ahead made two.
    @Test func fallingRowsPairOnlyWithTheRowBelow() throws {
        var w = World(size: Vec2(4000, 4000), model: .ideal)
        _ = try box(&w, Vec2(0, 2000), Vec2(2000, 100), anchored: true)
        let n = 400
        for k in 0..<n {
            var d = ItemDefinition()
            d.center = Vec2(40 * (Real(k % 20) - 9.5), -(10 + 40 * Real(k / 20)))
            d.size = Vec2(20, 20)
            _ = try w.addItem(d)
        }
        _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
        _ = try w.addCollision(items: nil)
        for _ in 0..<60 { w.step() }
        #expect(w.vertices.count == 8)  // the floor's and one box's
        #expect(w.contactCount <= n - 20)
    }

    /// A pair has a manifold's place (`ContactSim`) only while its manifold has points: rows
    /// falling 20 pt apart pair up without any; once landed, the pairs that touch take places,
    /// freed ones first; removing items (a rebuild) frees the places of their pairs and
    /// reports their touches as ended; the links stay consistent every frame.
    @Test func manifoldPlacesOnlyForPairsWithPoints() throws {
        var w = World(size: Vec2(4000, 4000), model: .ideal)
        _ = try box(&w, Vec2(0, 300), Vec2(2000, 100), anchored: true)
        var ids: [ItemID] = []
        for k in 0..<200 {
            var d = ItemDefinition()
            d.center = Vec2(40 * (Real(k % 20) - 9.5), -(10 + 40 * Real(k / 20)))
            d.size = Vec2(20, 20)
            ids.append(try w.addItem(d))
        }
        _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
        _ = try w.addCollision(items: nil)
        func placesTaken(_ w: World) -> Int { w.contactWorld.contacts.filter { $0.sim >= 0 }.count }
        for _ in 0..<30 { w.step() }  // 0.5 s: 125 pt down, the floor 250 pt below
        #expect(w.contactCount > 0 && placesTaken(w) == 0, "falling pairs 20 pt apart have no points")
        for _ in 0..<90 {
            w.step()
            #expect(w.invariantViolation() == nil)
        }
        #expect(placesTaken(w) >= 20, "the bottom row stands on the floor")
        #expect(w.contactWorld.contactSims.count == placesTaken(w) + w.contactWorld.freeSims.count)
        let touching = w.touchingContactCount
        #expect(touching > 0)
        for id in ids.prefix(100) { try w.removeItem(id) }
        w.step()
        #expect(w.invariantViolation() == nil)
        #expect(w.contactEvents.contains { !$0.began }, "the removed items' touches end")
        for _ in 0..<60 {
            w.step()
            #expect(w.invariantViolation() == nil)
        }
        #expect(w.contactWorld.contactSims.count == placesTaken(w) + w.contactWorld.freeSims.count)
    }

    /// The frame's forces are a table of their own, there only while a push behavior exists;
    /// bodies read their gravity from the world's table of accelerations by index.
    @Test func forcesOnlyWhilePushesExist() throws {
        var w = World(size: Vec2(2000, 2000), model: .ideal)
        let a = try box(&w, Vec2(100, 100), Vec2(20, 20))
        let b = try box(&w, Vec2(300, 100), Vec2(20, 20))
        _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
        let side = try w.addGravity(vector: Vec2(1, 0), items: [b])
        w.step()
        #expect(w.bodyForces.isEmpty)
        #expect(w.gravityTable.count == 3 && w.invariantViolation() == nil)
        let push = try w.addPush(items: [a], mode: .continuous, vector: Vec2(1, 0))
        w.step()
        #expect(w.bodyForces.count == w.bodySims.count)
        #expect(w.bodyForces.allSatisfy { $0.force == .zero && $0.torque == 0 }, "cleared after the frame")
        #expect(w.property(.vx, of: a) > 0 && w.property(.vx, of: b) > 0)
        try w.removeBehavior(push)
        try w.removeBehavior(side)
        w.step()
        #expect(w.bodyForces.isEmpty)
        #expect(w.gravityTable.count == 2 && w.invariantViolation() == nil)
    }

    /// Room made for the items up front holds them all without growing, and changes nothing
    /// else: the same world built with and without it steps to the same state.
    @Test func reservedWorldStepsAlike() throws {
        func build(reserving: Bool) throws -> World {
            var w = World(size: Vec2(2000, 2000), model: .ideal)
            if reserving { w.reserveCapacity(items: 101) }
            _ = try box(&w, Vec2(500, 900), Vec2(1000, 40), anchored: true)
            for k in 0..<100 {
                var d = ItemDefinition()
                d.center = Vec2(100 + 30 * Real(k % 25), 400 + 30 * Real(k / 25))
                d.size = Vec2(20, 20)
                _ = try w.addItem(d)
            }
            _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
            _ = try w.addCollision(items: nil)
            return w
        }
        var a = try build(reserving: true)
        var b = try build(reserving: false)
        #expect(a.bodySims.capacity >= 101 && a.shapes.capacity >= 101 && a.items.capacity >= 101)
        #expect(a.bodySims.capacity <= b.bodySims.capacity)
        for _ in 0..<60 {
            a.step()
            b.step()
        }
        #expect(a.stateHash() == b.stateHash())
    }
}
