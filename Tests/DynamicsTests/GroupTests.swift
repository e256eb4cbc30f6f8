// Item groups (Docs/semantics.md §5): one rigid body, members placed by the group's transform.

import Dynamics
import DynamicsMath
import Foundation
import Testing

@Suite struct GroupTests {
    /// A: 100×100 at (100, 100); B: 50×20 at (200, 110); density 1.
    func makeGroup(_ w: inout World) throws -> (g: ItemID, a: ItemID, b: ItemID) {
        let a = try item(&w) { $0.center = Vec2(100, 100) }
        let b = try item(&w) { $0.center = Vec2(200, 110); $0.size = Vec2(50, 20) }
        let g = try w.addGroup([a, b])
        return (g, a, b)
    }

    @Test func massCentreAndPlacement() throws {
        var w = World()
        let (g, a, b) = try makeGroup(&w)
        // Union of frames [50, 225] × [50, 150]: centre (137.5, 100), size 175 × 100.
        #expect(w.property(.x, of: g) == 137.5)
        #expect(w.property(.y, of: g) == 100)
        #expect(w.property(.width, of: g) == 175)
        #expect(w.property(.height, of: g) == 100)
        #expect(abs(w.property(.mass, of: g) - 1.1) < 1e-12)
        // Inertia: each rectangle's m(w² + h²)/12 plus m·d² to the centroid
        // c = (1·100 + 0.1·200, 1·100 + 0.1·110)/1.1.
        let c = Vec2(120 / 1.1, 111 / 1.1)
        let ia = 1.0 * 20_000 / 12 + (Vec2(100, 100) - c).lengthSquared
        let ib = 0.1 * 2_900 / 12 + 0.1 * (Vec2(200, 110) - c).lengthSquared
        #expect(abs(w.property(.inertia, of: g) - (ia + ib) / 10_000) < 1e-12)
        #expect(w.property(.x, of: a) == 100)
        #expect(w.property(.y, of: b) == 110)
        #expect(w.group(of: a) == g)
        #expect(w.group(of: g) == nil)
        #expect(w.members(of: g) == [a, b])
        #expect(w.isGroup(g))
        // Members keep their own size and mass.
        #expect(w.property(.width, of: b) == 50)
        #expect(abs(w.property(.mass, of: b) - 0.1) < 1e-15)
    }

    /// The group falls and spins as one rigid body: compare the members with the rigid
    /// transform computed by hand (free centre of mass, exact angle).
    @Test func membersFollowTheRigidMotion() throws {
        var w = World()
        let (g, a, b) = try makeGroup(&w)
        _ = try w.addGravity(vector: Vec2(0, 1), items: [g])
        try w.setProperty(.spin, of: g, to: 2)
        try w.setProperty(.vx, of: g, to: 30)
        let H = 1.0 / 60
        let c0 = Vec2(120 / 1.1, 111 / 1.1)
        let offsets = [(a, Vec2(-37.5, 0)), (b, Vec2(62.5, 10))]
        let local = c0 - Vec2(137.5, 100)   // centroid in the group's frame
        for n in 1...60 {
            w.step()
            let t = Real(n) * H
            // Gravity in each of the 4 sub-steps: the fall is H²g·n(n + 1/4)/2.
            let c = c0 + Vec2(30 * t, 1000 * H * H * Real(n) * (Real(n) + 0.25) / 2)
            let v = Vec2(30, 1000 * t)
            let th = 2 * t
            #expect(abs(w.property(.angle, of: g) - th) < 1e-12)
            for (m, off) in offsets {
                let r = off - local
                let rr = Vec2(cos(th) * r.x - sin(th) * r.y, sin(th) * r.x + cos(th) * r.y)
                let p = c + rr
                let pv = v + Vec2(-2 * rr.y, 2 * rr.x)
                #expect(abs(w.property(.x, of: m) - p.x) < 1e-9)
                #expect(abs(w.property(.y, of: m) - p.y) < 1e-9)
                #expect(abs(w.property(.vx, of: m) - pv.x) < 1e-9)
                #expect(abs(w.property(.vy, of: m) - pv.y) < 1e-9)
                #expect(w.property(.angle, of: m) == w.property(.angle, of: g))
                #expect(w.property(.spin, of: m) == 2)
            }
        }
    }

    @Test func sharedVelocityIsKept() throws {
        var w = World()
        let a = try item(&w) { $0.velocity = Vec2(5, 6) }
        let b = try item(&w) { $0.center = Vec2(200, 0); $0.velocity = Vec2(5, 6) }
        let c = try item(&w) { $0.center = Vec2(400, 0); $0.velocity = Vec2(1, 0) }
        let g = try w.addGroup([a, b])
        #expect(w.property(.vx, of: g) == 5)
        #expect(w.property(.vy, of: g) == 6)
        let h = try w.addGroup([c, try item(&w) { $0.center = Vec2(600, 0) }])
        #expect(w.property(.vx, of: h) == 0)
    }

    @Test func memberDensityChangesTheGroupMass() throws {
        var w = World()
        let (g, _, b) = try makeGroup(&w)
        try w.setProperty(.density, of: b, to: 11)
        #expect(abs(w.property(.mass, of: g) - 2.1) < 1e-12)
        try w.setProperty(.density, of: g, to: 2)
        #expect(abs(w.property(.mass, of: g) - 2.2) < 1e-12)
        #expect(abs(w.property(.density, of: g) - 2) < 1e-12)
    }

    @Test func errorsAndRemoval() throws {
        var w = World()
        let (g, a, b) = try makeGroup(&w)
        let other = try item(&w) { $0.center = Vec2(500, 500) }
        #expect(throws: EngineError.self) { try w.setProperty(.x, of: a, to: 3) }
        do {
            try w.setProperty(.vx, of: a, to: 3)
            Issue.record("expected an error")
        } catch {
            let e = error
            #expect(e.kind == .notAllowed)
            #expect(e.field == "vx")
        }
        #expect(throws: EngineError.self) { try w.addGroup([]) }
        do { _ = try w.addGroup([a, other]); Issue.record("expected an error") } catch {
            let e = error
            #expect(e.kind == .notAllowed)
        }
        do { _ = try w.addGroup([g, other]); Issue.record("expected an error") } catch {
            let e = error
            #expect(e.kind == .notAllowed)
        }
        do { _ = try w.addGroup([other, other]); Issue.record("expected an error") } catch {
            let e = error
            #expect(e.kind == .notAllowed)
        }
        do { try w.removeItem(b); Issue.record("expected an error") } catch {
            let e = error
            #expect(e.kind == .notAllowed)
        }
        do { _ = try w.addGravity(vector: Vec2(0, 1), items: [a]); Issue.record("expected an error") } catch {
            let e = error
            #expect(e.kind == .notAllowed)
        }
        // A group of one is allowed.
        let single = try w.addGroup([other])
        #expect(w.members(of: single) == [other])
        try w.removeItem(g)
        #expect(!w.isValid(g))
        #expect(!w.isValid(a))
        #expect(!w.isValid(b))
        #expect(w.isValid(other))
        #expect(w.property(.x, of: other) == 500)
    }

    /// Members' gravity memberships move to the group.
    @Test func groupInheritsGravity() throws {
        var w = World()
        let a = try item(&w)
        let b = try item(&w) { $0.center = Vec2(200, 0) }
        let grav = try w.addGravity(vector: Vec2(0, 1), items: [a])
        let g = try w.addGroup([a, b])
        #expect(w.gravityItems(grav) == [g])
        w.step()
        #expect(abs(w.property(.vy, of: g) - 1000.0 / 60) < 1e-9)
    }

    /// Memberships of several members in one behavior become one of the group's, where the
    /// first of them was; the other items keep their places (gravity and collision lists).
    @Test func membershipsMoveOnceInPlace() throws {
        var w = World()
        var ids: [ItemID] = []
        for k in 0..<6 { ids.append(try item(&w) { $0.center = Vec2(Real(k) * 100, 0) }) }
        let (x, a, y, b, z, c) = (ids[0], ids[1], ids[2], ids[3], ids[4], ids[5])
        let grav = try w.addGravity(vector: Vec2(0, 1), items: [x, a, y, b, z])
        let coll = try w.addCollision(items: [b, z, a, c])
        let g = try w.addGroup([b, c, a])
        #expect(w.gravityItems(grav) == [x, g, y, z])
        #expect(w.collisionItems(coll) == [g, z])
        // Many members, many memberships (one gravity and one collision each).
        var many: [ItemID] = []
        for k in 0..<300 { many.append(try item(&w) { $0.center = Vec2(Real(k % 30) * 50, 500 + Real(k / 30) * 50) }) }
        let every = try w.addGravity(vector: Vec2(0, 1), items: many.reversed())
        let pairs = try w.addCollision(items: many)
        let big = try w.addGroup(Array(many[100..<250]))
        #expect(w.gravityItems(every) == Array(many[250...]).reversed() + [big] + Array(many[..<100]).reversed())
        #expect(w.collisionItems(pairs) == Array(many[..<100]) + [big] + Array(many[250...]))
    }
}
