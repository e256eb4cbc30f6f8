// Gravity behaviors (Docs/semantics.md §7, §14.8).

import Dynamics
import DynamicsMath
import Foundation
import Testing

@Suite struct GravityTests {
    @Test func angleAndMagnitudeRoundTrips() throws {
        var w = World()
        let g = try w.addGravity(vector: Vec2(3, 4), items: nil)
        #expect(w.behaviorKind(g) == .gravity)
        #expect(w.gravityMagnitude(g) == 5)
        #expect(abs(w.gravityAngle(g)! - atan2(4.0, 3.0)) < 1e-15)
        #expect(w.gravityItems(g) == nil)

        // Angle keeps the magnitude.
        try w.setGravityAngle(g, Double.pi / 2)
        #expect(w.gravityAngle(g) == Double.pi / 2)
        #expect(abs(w.gravityMagnitude(g)! - 5) < 1e-14)
        #expect(abs(w.gravityVector(g)!.x) < 1e-15)
        #expect(abs(w.gravityVector(g)!.y - 5) < 1e-14)

        // Magnitude keeps the angle.
        try w.setGravityMagnitude(g, 2)
        #expect(abs(w.gravityVector(g)!.y - 2) < 1e-15)
        #expect(w.gravityAngle(g) == Double.pi / 2)

        // Magnitude 0: vector (0, 0) and angle 0; a new angle is remembered for the next magnitude.
        try w.setGravityMagnitude(g, 0)
        #expect(w.gravityVector(g) == .zero)
        #expect(w.gravityAngle(g) == 0)
        try w.setGravityMagnitude(g, 1)
        #expect(w.gravityVector(g) == Vec2(1, 0))
        try w.setGravityMagnitude(g, 0)
        try w.setGravityAngle(g, Double.pi)
        #expect(w.gravityVector(g) == .zero)
        try w.setGravityMagnitude(g, 3)
        #expect(abs(w.gravityVector(g)!.x + 3) < 1e-15)
        #expect(abs(w.gravityVector(g)!.y) < 1e-14)

        // A negative magnitude points the other way; it reads back positive.
        try w.setGravityAngle(g, Double.pi / 2)
        try w.setGravityMagnitude(g, -2)
        #expect(abs(w.gravityVector(g)!.y + 2) < 1e-15)
        #expect(abs(w.gravityMagnitude(g)! - 2) < 1e-15)
        #expect(abs(w.gravityAngle(g)! + Double.pi / 2) < 1e-15)

        try w.setGravityVector(g, Vec2(0, 0.5))
        #expect(w.gravityMagnitude(g) == 0.5)
    }

    @Test func lastSetWinsAndRemovalKeepsTheOther() throws {
        var w = World()
        let a = try item(&w)
        let down = try w.addGravity(vector: Vec2(0, 1), items: [a])
        let right = try w.addGravity(vector: Vec2(2, 0), items: nil)
        w.step()
        // Only the most recently set (right, 2000 pt/s²) acts.
        #expect(abs(w.property(.vx, of: a) - 2000.0 / 60) < 1e-9)
        #expect(w.property(.vy, of: a) == 0)
        // Setting the first one again makes it the latest.
        try w.setGravityMagnitude(down, 1)
        w.step()
        #expect(abs(w.property(.vx, of: a) - 2000.0 / 60) < 1e-9)
        #expect(abs(w.property(.vy, of: a) - 1000.0 / 60) < 1e-9)
        // Removing the latest leaves the other one acting (never zero).
        try w.removeBehavior(down)
        #expect(w.behaviorKind(down) == nil)
        w.step()
        #expect(abs(w.property(.vx, of: a) - 2 * 2000.0 / 60) < 1e-9)
        #expect(abs(w.property(.vy, of: a) - 1000.0 / 60) < 1e-9)
        // And removing the other one leaves the item coasting.
        try w.removeBehavior(right)
        w.step()
        #expect(abs(w.property(.vx, of: a) - 2 * 2000.0 / 60) < 1e-9)
        #expect(throws: EngineError.self) { try w.removeBehavior(right) }
    }

    @Test func selectedItemsAndMembership() throws {
        var w = World()
        let a = try item(&w)
        let b = try item(&w) { $0.center = Vec2(200, 0) }
        let g = try w.addGravity(vector: Vec2(0, 1), items: [a])
        for _ in 0..<10 { w.step() }
        #expect(w.property(.y, of: a) > 0)
        #expect(w.property(.y, of: b) == 0)
        try w.addItems([b, b], to: g)
        #expect(w.gravityItems(g) == [a, b])
        try w.removeItems([a], from: g)
        #expect(w.gravityItems(g) == [b])
        let vy = w.property(.vy, of: a)
        w.step()
        #expect(w.property(.vy, of: a) == vy)
        #expect(abs(w.property(.vy, of: b) - 1000.0 / 60) < 1e-9)
        // Removing an item drops it from the behavior.
        try w.removeItem(b)
        #expect(w.gravityItems(g) == [])
    }

    /// A gravity on every item also acts on items added later; removing items from it turns it
    /// into an explicit list.
    @Test func allItemsPresentAndFuture() throws {
        var w = World()
        let g = try w.addGravity(vector: Vec2(0, 1), items: nil)
        let a = try item(&w)
        let b = try item(&w) { $0.center = Vec2(200, 0) }
        w.step()
        #expect(abs(w.property(.vy, of: a) - 1000.0 / 60) < 1e-9)
        try w.removeItems([a], from: g)
        #expect(w.gravityItems(g) == [b])
    }

    @Test func sameAccelerationForEveryMass() throws {
        var w = World()
        let light = try item(&w) { $0.density = 0.1 }
        let heavy = try item(&w) { $0.density = 50; $0.size = Vec2(300, 20); $0.center = Vec2(300, 0) }
        _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
        for _ in 0..<20 { w.step() }
        #expect(w.property(.vy, of: light) == w.property(.vy, of: heavy))
    }
}
