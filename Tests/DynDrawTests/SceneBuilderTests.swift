// A scene made from a world says what the world says: shapes, poses, group colours, where
// each attachment's ends are, boundaries and whether the bounds are a wall. Expected values
// come from the definitions given to the engine, not from the engine's own reading of them.

import Dynamics
import DynamicsMath
import Testing

@testable import DynDraw

private func view(_ w: inout World, x: Real, y: Real, width: Real, height: Real, shape: ItemShape = .rectangle,
                  angle: Real = 0, anchored: Bool = false) throws -> ItemID {
    var d = ItemDefinition()
    d.center = Vec2(x, y)
    d.size = Vec2(width, height)
    d.shape = shape
    d.angle = angle
    d.anchored = anchored
    return try w.addItem(d)
}

@Suite struct SceneBuilderTests {
    @Test func itemsKeepTheirShapesPosesAndOrder() throws {
        var w = World(size: Vec2(400, 300))
        let box = try view(&w, x: 100, y: 50, width: 40, height: 20, angle: 0.5)
        let ball = try view(&w, x: 200, y: 80, width: 30, height: 30, shape: .ellipse)
        let tri = try view(&w, x: 300, y: 200, width: 60, height: 60,
                           shape: .path([Vec2(0, -20), Vec2(20, 10), Vec2(-20, 10)]), anchored: true)
        let s = SceneBuilder.scene(of: w, items: [("box", box), ("ball", ball), ("tri", tri)])
        #expect(s.items.map(\.name) == ["box", "ball", "tri"])
        #expect(s.items[0].shape == .rectangle(width: 40, height: 20))
        #expect(s.items[0].center == Vec2(100, 50) && s.items[0].angle == 0.5)
        #expect(s.items[1].shape == .ellipse(width: 30, height: 30))
        #expect(s.items[2].anchored)
        // The path's points are relative to its centroid, which is (0, 0) for this triangle.
        guard case .polygon(let ps) = s.items[2].shape else { Issue.record("not a polygon"); return }
        let expected = [Vec2(0, -20), Vec2(20, 10), Vec2(-20, 10)]
        #expect(ps.count == 3)
        for p in expected { #expect(ps.contains { ($0 - p).length < 1e-9 }) }
        #expect(s.items.map(\.colorIndex) == [0, 1, 2])
        #expect(s.bounds == Rect(x: 0, y: 0, width: 400, height: 300))
        #expect(!s.boundsCollide)
    }

    @Test func groupMembersShareTheGroupsColourAndMoveWithIt() throws {
        var w = World(size: Vec2(400, 300))
        let a = try view(&w, x: 100, y: 100, width: 20, height: 20)
        let b = try view(&w, x: 140, y: 100, width: 20, height: 20)
        let g = try w.addGroup([a, b])
        // The group turns a quarter turn about its centre (120, 100): b goes to (120, 120).
        try w.setProperty(.angle, of: g, to: Real.pi / 2)
        let s = SceneBuilder.scene(of: w, items: [("a", a), ("b", b), ("pair", g)])
        #expect(s.items.count == 2)
        #expect(s.items.allSatisfy { $0.group == "pair" && $0.colorIndex == 2 })
        let bItem = s.items.first { $0.name == "b" }!
        #expect((bItem.center - Vec2(120, 120)).length < 1e-9)
        #expect(abs(bItem.angle - Real.pi / 2) < 1e-12)
    }

    @Test func linksHaveTheirStylesAndEnds() throws {
        var w = World(size: Vec2(400, 300))
        let a = try view(&w, x: 100, y: 100, width: 20, height: 20)
        let b = try view(&w, x: 200, y: 100, width: 20, height: 20)
        var rod = AttachmentDefinition(kind: .anchor, itemA: a)
        rod.anchor = Vec2(100, 20)
        let rodID = try w.addAttachment(rod)
        var spring = AttachmentDefinition(kind: .items, itemA: a, itemB: b)
        spring.offsetB = Vec2(0, 10)
        spring.spring = Spring(frequency: 2)
        let springID = try w.addAttachment(spring)
        var pin = AttachmentDefinition(kind: .pin, itemA: b)
        pin.anchor = Vec2(210, 90)
        let pinID = try w.addAttachment(pin)
        var limit = AttachmentDefinition(kind: .limit, itemA: a, itemB: b)
        limit.length = 150
        let limitID = try w.addAttachment(limit)
        let snapID = try w.addSnap(item: b, to: Vec2(300, 250))
        let s = SceneBuilder.scene(
            of: w, items: [("a", a), ("b", b)],
            links: [("rod", rodID), ("spring", springID), ("pin", pinID), ("limit", limitID), ("snap", snapID)])
        #expect(s.links.map(\.style) == [.rod, .spring, .pin, .limit, .snap])
        #expect(s.links[0].a == Vec2(100, 100) && s.links[0].b == Vec2(100, 20) && s.links[0].bIsAnchor)
        #expect(s.links[1].a == Vec2(100, 100) && s.links[1].b == Vec2(200, 110) && !s.links[1].bIsAnchor)
        #expect((s.links[2].a - Vec2(210, 90)).length < 1e-9)
        #expect(s.links[4].a == Vec2(200, 100) && s.links[4].b == Vec2(300, 250) && s.links[4].bIsAnchor)
    }

    @Test func boundariesAndABoundsWall() throws {
        var w = World(size: Vec2(400, 300))
        let wall = try w.addBoundary(points: [Vec2(0, 250), Vec2(400, 280)], closed: false)
        _ = try w.addCollision(items: nil, mode: .everything, bounds: true)
        let s = SceneBuilder.scene(of: w, items: [], boundaries: [("floor", wall)])
        #expect(s.boundaries == [Scene.Boundary(name: "floor", points: [Vec2(0, 250), Vec2(400, 280)], closed: false)])
        #expect(s.boundsCollide)
    }
}
