// Items: mass properties, shapes, flags, model defaults and snapshots.

import Dynamics
import DynamicsMath
import Foundation
import Testing

@Suite struct MassPropertyTests {
    /// mass = density × area / 10⁴; inertia reported in kg·m² (kg·pt² / 10⁴).
    @Test func rectangle() throws {
        var w = World()
        let a = try item(&w)
        #expect(w.property(.mass, of: a) == 1)
        let b = try item(&w) { $0.size = Vec2(200, 50); $0.density = 3 }
        #expect(abs(w.property(.mass, of: b) - 3) < 1e-12)
        #expect(abs(w.property(.inertia, of: b) - 1.0625) < 1e-12)
        #expect(w.property(.width, of: b) == 200)
        #expect(w.property(.height, of: b) == 50)
    }

    @Test func ellipseAndCircleInBothModels() throws {
        var w = World(model: .ideal)
        let e = try item(&w) { $0.size = Vec2(100, 50); $0.shape = .ellipse; $0.density = 2 }
        let c = try item(&w) { $0.size = Vec2(80, 80); $0.shape = .ellipse }
        let exactMass = 2 * Double.pi * 50 * 25 / 10_000
        #expect(abs(w.property(.mass, of: e) - exactMass) < 1e-14)
        #expect(abs(w.property(.inertia, of: e) - exactMass * (2500 + 625) / 4 / 10_000) < 1e-14)
        let circleMass = Double.pi * 1600 / 10_000
        #expect(abs(w.property(.mass, of: c) - circleMass) < 1e-14)
        #expect(abs(w.property(.inertia, of: c) - circleMass * 1600 / 2 / 10_000) < 1e-14)

        // uikit: the ellipse becomes the inscribed 24-gon (Ramanujan perimeter 242.2 pt),
        // area n/2·a·b·sin(2π/n); the circle stays a circle.
        w.setModel(.uikit)
        let polygonArea = 12 * 50 * 25 * sin(2 * Double.pi / 24)
        #expect(abs(w.property(.mass, of: e) - 2 * polygonArea / 10_000) < 1e-12)
        #expect(abs(w.property(.mass, of: c) - circleMass) < 1e-14)
        w.setModel(.ideal)
        #expect(abs(w.property(.mass, of: e) - exactMass) < 1e-14)
    }

    /// A path's centre of mass differs from the item's centre; the item's x, y stay the view
    /// centre and the body turns about its centroid.
    @Test(arguments: [false, true])
    func pathShape(reversed: Bool) throws {
        var w = World()
        // Triangle, area ½·60·60 = 1800 pt², centroid (0, 10) relative to the view centre.
        var pts = [Vec2(0, -30), Vec2(-30, 30), Vec2(30, 30)]   // counter-clockwise on screen
        if reversed { pts.reverse() }
        let id = try item(&w) {
            $0.center = Vec2(200, 200)
            $0.size = Vec2(60, 60)
            $0.shape = .path(pts)
            $0.density = 2
            $0.spin = 1
        }
        #expect(abs(w.property(.mass, of: id) - 2 * 1800 / 10_000) < 1e-15)
        // Inertia of a triangle about its centroid: m/36·(a² + b² + c²) with side lengths a, b, c.
        let base: Real = 60 * 60
        let side: Real = 30 * 30 + 60 * 60
        let s2: Real = base + 2 * side
        let expectedInertia: Real = 0.36 * s2 / 36 / 10_000
        #expect(abs(w.property(.inertia, of: id) - expectedInertia) < 1e-12)
        #expect(w.property(.x, of: id) == 200)
        #expect(w.property(.y, of: id) == 200)
        for _ in 0..<30 { w.step() }
        // After ½ s at 1 rad/s: centroid fixed at (200, 210), origin = c − R(½)·(0, 10).
        let t = 0.5
        let ox = 200 - (-sin(t) * 10)
        let oy = 210 - (cos(t) * 10)
        #expect(abs(w.property(.angle, of: id) - t) < 1e-12)
        #expect(abs(w.property(.x, of: id) - ox) < 1e-9)
        #expect(abs(w.property(.y, of: id) - oy) < 1e-9)
    }
}

@Suite struct FlagTests {
    @Test func anchoredDoesNotMove() throws {
        var w = World()
        let a = try item(&w) { $0.anchored = true; $0.velocity = Vec2(10, 10); $0.center = Vec2(50, 60) }
        _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
        try w.setProperty(.vx, of: a, to: 100)
        for _ in 0..<60 { w.step() }
        #expect(w.property(.x, of: a) == 50)
        #expect(w.property(.y, of: a) == 60)
        #expect(w.property(.vx, of: a) == 0)
        #expect(w.property(.anchored, of: a) == 1)
        #expect(w.property(.mass, of: a) == 1)
        try w.setProperty(.anchored, of: a, to: 0)
        w.step()
        #expect(abs(w.property(.vy, of: a) - 1000.0 / 60) < 1e-9)
    }

    @Test func allowsRotationFalseKeepsAngle() throws {
        var w = World()
        let a = try item(&w) { $0.angle = 0.3; $0.spin = 5; $0.allowsRotation = false }
        #expect(w.property(.spin, of: a) == 0)
        try w.setProperty(.spin, of: a, to: 2)
        for _ in 0..<30 { w.step() }
        #expect(w.property(.angle, of: a) == 0.3)
        #expect(w.property(.spin, of: a) == 0)
        #expect(w.property(.allowsRotation, of: a) == 0)
        try w.setProperty(.allowsRotation, of: a, to: 1)
        try w.setProperty(.spin, of: a, to: 2)
        for _ in 0..<30 { w.step() }
        #expect(abs(w.property(.angle, of: a) - 1.3) < 1e-12)
    }
}

@Suite struct ModelTests {
    @Test func switchChangesOnlyImplicitDefaults() throws {
        var w = World(model: .ideal)
        let a = try item(&w) { $0.friction = 0.5 }
        #expect(w.property(.elasticity, of: a) == 0)
        #expect(w.property(.friction, of: a) == 0.5)
        try w.setProperty(.angularResistance, of: a, to: 3)
        w.setModel(.uikit)
        #expect(w.property(.elasticity, of: a) == 0.2)
        #expect(w.property(.friction, of: a) == 0.5)
        #expect(w.property(.resistance, of: a) == 0.1)
        #expect(w.property(.angularResistance, of: a) == 3)
        let b = try item(&w)
        #expect(w.property(.resistance, of: b) == 0.1)
        w.setModel(.ideal)
        #expect(w.property(.elasticity, of: a) == 0)
        #expect(w.property(.resistance, of: a) == 0)
        #expect(w.property(.angularResistance, of: a) == 3)
        #expect(w.property(.resistance, of: b) == 0)
    }

    @Test func uikitTickPattern() {
        #expect(WorldModel.uikitTick == 0.008333333767950535)
    }
}

@Suite struct SnapshotTests {
    @Test func copyIsASnapshot() throws {
        var w = World()
        let a = try item(&w) { $0.velocity = Vec2(60, 0) }
        let g = try w.addGravity(vector: Vec2(0, 1), items: nil)
        let saved = w
        var copy = w
        for _ in 0..<10 { copy.step() }
        try copy.setProperty(.density, of: a, to: 5)
        try copy.setGravityMagnitude(g, 3)
        _ = try item(&copy)
        try copy.removeItem(a)
        #expect(w.property(.x, of: a) == 0)
        #expect(w.property(.mass, of: a) == 1)
        #expect(w.gravityMagnitude(g) == 1)
        #expect(w.frameCount == 0)
        #expect(w.itemIDs == [a])
        #expect(w.stateHash() == saved.stateHash())
        #expect(!copy.isValid(a))
        #expect(w.isValid(a))
    }

    @Test func removedHandlesGoStale() throws {
        var w = World()
        let a = try item(&w)
        try w.removeItem(a)
        let b = try item(&w)
        #expect(b.index == a.index)
        #expect(b.generation != a.generation)
        #expect(!w.isValid(a))
        #expect(w.property(.x, of: a).isNaN)
        #expect(!w.isValid(ItemID.none))
    }
}
