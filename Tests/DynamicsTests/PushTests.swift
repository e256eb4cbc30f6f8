// Push behaviors and velocity changes against the numbers of Docs/semantics.md (§1 units, §9, §12).

import Dynamics
import DynamicsMath
import Testing

/// A world with one 100×100 item (mass 1 at density 1) at (200, 200), no damping.
fileprivate func pushWorld(_ model: WorldModel, size: Vec2 = Vec2(100, 100)) throws -> (World, ItemID) {
    var w = World(size: Vec2(2000, 2000), model: model)
    var def = ItemDefinition()
    def.center = Vec2(200, 200)
    def.size = size
    def.resistance = 0
    def.angularResistance = 0
    let id = try w.addItem(def)
    return (w, id)
}

@Suite struct PushTests {
    /// Docs/semantics.md §9: mass 1, continuous (1, 0), uikit model, resistance 0:
    /// vx = 0.8333, 2.5, 4.1667, 5.8333 pt/s after frames 1–4.
    @Test func continuousUIKitFrames() throws {
        var (w, id) = try pushWorld(.uikit)
        _ = try w.addPush(items: [id], mode: .continuous, vector: Vec2(1, 0))
        let expected: [Real] = [0.8333, 2.5, 4.1667, 5.8333]
        for e in expected {
            w.step()
            #expect(abs(w.property(.vx, of: id) - e) < 1e-4)
            #expect(w.property(.vy, of: id) == 0)
        }
    }

    /// Continuous magnitude 1 on mass 1 is 100 pt/s²: after 1 s (60 frames) vx = 100 pt/s.
    @Test func continuousIsHundredPointsPerSecondSquared() throws {
        var (w, id) = try pushWorld(.ideal)
        _ = try w.addPush(items: [id], mode: .continuous, vector: Vec2(0, 1))
        for _ in 0..<60 { w.step() }
        #expect(abs(w.property(.vy, of: id) - 100) < 1e-9)
        // Symplectic Euler over 240 sub-steps of h = 1/240 s (forces act in every sub-step):
        // y = Σ k·(100·h)·h = 100·(240·241/2)/240².
        #expect(abs((w.property(.y, of: id) - 200) - 100 * 28920 / 57600) < 1e-9)
    }

    /// A 100×200 item has mass 2: the same push gives half the acceleration (50 pt/s²).
    @Test func continuousScalesWithMass() throws {
        var (w, id) = try pushWorld(.ideal, size: Vec2(100, 200))
        _ = try w.addPush(items: [id], mode: .continuous, vector: Vec2(1, 0))
        for _ in 0..<60 { w.step() }
        #expect(abs(w.property(.vx, of: id) - 50) < 1e-9)
    }

    /// Instantaneous magnitude 1 on mass 1: exactly 100 pt/s, once; setting active fires again.
    @Test func instantaneousFiresOnce() throws {
        for model in WorldModel.allCases {
            var (w, id) = try pushWorld(model)
            let p = try w.addPush(items: [id], mode: .instantaneous, vector: Vec2(1, 0))
            #expect(w.pushActive(p) == true)
            w.step()
            #expect(w.property(.vx, of: id) == 100)
            #expect(w.pushActive(p) == false)
            for _ in 0..<10 { w.step() }
            #expect(w.property(.vx, of: id) == 100)
            try w.setPushActive(p, true)
            w.step()
            #expect(w.property(.vx, of: id) == 200)
            #expect(w.pushActive(p) == false)
        }
    }

    /// Docs/semantics.md §9: push (1, 0) at offset (0, 50) on 100×100: ω changes by −0.025 rad/s per
    /// 1/120 s tick (the point below the centre is pushed right: counter-clockwise on screen).
    @Test func offsetPushSpins() throws {
        var (w, id) = try pushWorld(.uikit)
        _ = try w.addPush(items: [id], mode: .continuous, vector: Vec2(1, 0), offset: Vec2(0, 50))
        var ticks = 0
        for _ in 0..<4 {
            let before = w.tickCount
            w.step()
            ticks += w.tickCount - before
            #expect(abs(w.property(.spin, of: id) - (-0.025 * Real(ticks))) < 1e-6)
        }
        #expect(w.property(.angle, of: id) < 0)

        // Instantaneous at offset (0, −50), upward point pushed right: clockwise, Δω = +r×P/I.
        var (w2, id2) = try pushWorld(.ideal)
        _ = try w2.addPush(items: [id2], mode: .instantaneous, vector: Vec2(1, 0), offset: Vec2(0, -50))
        w2.step()
        // I = m(w² + h²)/12 = 1666.67 kg·pt²; r × P = 0·0 − (−50)·100 = 5000 → Δω = 3 rad/s.
        #expect(abs(w2.property(.spin, of: id2) - 3) < 1e-12)
        #expect(abs(w2.property(.vx, of: id2) - 100) < 1e-12)
    }

    /// The offset is in world axes: it does not turn with the item (Docs/semantics.md §9).
    @Test func offsetDoesNotTurnWithItem() throws {
        var (w, id) = try pushWorld(.ideal)
        try w.setProperty(.angle, of: id, to: DMath.pi / 2)
        _ = try w.addPush(items: [id], mode: .instantaneous, vector: Vec2(1, 0), offset: Vec2(0, 50))
        w.step()
        #expect(abs(w.property(.spin, of: id) - (-3)) < 1e-12)
    }

    @Test func angleAndMagnitude() throws {
        var (w, id) = try pushWorld(.ideal)
        let p = try w.addPush(items: [id], mode: .continuous, vector: Vec2(0, 2))
        #expect(w.pushAngle(p) == DMath.pi / 2)
        #expect(w.pushVector(p)?.length == 2)
        #expect(w.pushMode(p) == .continuous)
        // Magnitude 0 keeps the angle (unlike gravity); a later magnitude points the same way.
        try w.setPushMagnitude(p, 0)
        #expect(w.pushAngle(p) == DMath.pi / 2)
        try w.setPushMagnitude(p, 3)
        guard let dy = w.pushVector(p)?.y,
            let dx = w.pushVector(p)?.x
        else { Issue.record("no dx/dy"); return }
        #expect(abs(dx) < 1e-12 && abs(dy - 3) < 1e-12)
        try w.setPushAngle(p, 0)
        guard let dx2 = w.pushVector(p)?.x else { return }
        #expect(abs(dx2 - 3) < 1e-12)
        // Negative magnitude reverses the vector; the angle turns by π.
        try w.setPushMagnitude(p, -1)
        guard let dx3 = w.pushVector(p)?.x,
            let a3 = w.pushAngle(p)
        else { return }
        #expect(abs(dx3 + 1) < 1e-12)
        #expect(abs(abs(a3) - DMath.pi) < 1e-12)
        #expect(throws: EngineError.self) { try w.setPushVector(p, Vec2(.nan, 0)) }
        // Offsets by name.
        try w.setPushOffset(p, Vec2(5, w.pushOffset(p)!.y))
        #expect(w.pushOffset(p)?.x == 5)
    }

    @Test func itemsJoinLeaveAndDisappear() throws {
        var (w, a) = try pushWorld(.ideal)
        var def = ItemDefinition()
        def.center = Vec2(500, 500)
        let b = try w.addItem(def)
        let p = try w.addPush(items: [a], mode: .instantaneous, vector: Vec2(0, -1))
        try w.addItems([b], to: p)
        #expect(w.behaviorItems(p) == [a, b])
        #expect(w.behaviorKind(p) == .push)
        w.step()
        #expect(w.property(.vy, of: a) == -100)
        #expect(w.property(.vy, of: b) == -100)
        try w.removeItem(a)
        #expect(w.behaviorItems(p) == [b])
        try w.removeBehavior(p)
        #expect(!w.isValid(p))
        #expect(w.invariantViolation() == nil)
    }

    /// A push on an anchored item does nothing.
    @Test func anchoredItemIgnoresPush() throws {
        var (w, id) = try pushWorld(.ideal)
        try w.setProperty(.anchored, of: id, to: 1)
        _ = try w.addPush(items: [id], mode: .continuous, vector: Vec2(1, 0), offset: Vec2(0, 10))
        for _ in 0..<10 { w.step() }
        #expect(w.property(.x, of: id) == 200)
        #expect(w.property(.angle, of: id) == 0)
    }
}

@Suite struct VelocityChangeTests {
    @Test func addVelocities() throws {
        var (w, id) = try pushWorld(.ideal)
        try w.addLinearVelocity(Vec2(30, -40), to: id)
        try w.addLinearVelocity(Vec2(10, 0), to: id)
        #expect(w.property(.vx, of: id) == 40)
        #expect(w.property(.vy, of: id) == -40)
        try w.addAngularVelocity(1.5, to: id)
        try w.addAngularVelocity(-0.5, to: id)
        #expect(w.property(.spin, of: id) == 1)
        w.step()
        #expect(abs(w.property(.x, of: id) - (200 + 40.0 / 60)) < 1e-12)
        #expect(abs(w.property(.angle, of: id) - 1.0 / 60) < 1e-12)
        #expect(throws: EngineError.self) { try w.addLinearVelocity(Vec2(.infinity, 0), to: id) }
        #expect(throws: EngineError.self) { try w.addAngularVelocity(1, to: .none) }
    }

    @Test func anchoredAndNonRotatingItemsIgnoreChanges() throws {
        var (w, id) = try pushWorld(.ideal)
        try w.setProperty(.allowsRotation, of: id, to: 0)
        try w.addAngularVelocity(2, to: id)
        #expect(w.property(.spin, of: id) == 0)
        try w.setProperty(.anchored, of: id, to: 1)
        try w.addLinearVelocity(Vec2(1, 1), to: id)
        #expect(w.property(.vx, of: id) == 0)
    }
}
