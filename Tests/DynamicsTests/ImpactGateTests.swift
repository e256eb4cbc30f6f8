// The impact pass's gate (`ContactWorld.elasticPairsPossible`): where the narrowphase found
// every pair it measured inelastic and woke no body, the impact pass skips its scan of the
// contacts. The gate must open whenever a pair the pass looks at may be elastic: after an edit
// of elasticity at run time, and when a sleeping (unmeasured) pair is woken.

@testable import Dynamics
import DynamicsMath
import Testing

/// The gate, as a Bool (an expectation on the world itself would print all of it).
private func gateOpen(_ w: World) -> Bool { w.contactWorld.elasticPairsPossible }

@Suite struct ImpactGateTests {
    /// A 40 pt ball resting on an anchored floor, both inelastic: the gate is shut.
    private func restingBall(floorElasticity: Real = 0) throws -> (World, ItemID, ItemID) {
        var w = World(size: Vec2(2000, 1000))
        let floor = try box(&w, Vec2(1000, 620), Vec2(4000, 40), anchored: true, elasticity: floorElasticity)
        let ball = try box(&w, Vec2(1000, 580), Vec2(40, 40), shape: .ellipse, elasticity: 0)
        _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
        _ = try w.addCollision(items: [floor, ball])
        steps(&w, 60)
        return (w, floor, ball)
    }

    /// Elasticity given to a resting ball at run time, then a push into the floor at v: the
    /// impact pass bounces it at once with e·v (Newton's law of restitution), the tick's
    /// gravity (1000 pt/s² for 1/60 s, 16.7 pt/s) aside.
    @Test(arguments: [0.5, 1.0])
    func elasticityGivenAtRunTimeBounces(e: Real) throws {
        var (w, _, ball) = try restingBall()
        #expect(abs(w.property(.y, of: ball) - 580) < 0.5)
        #expect(!gateOpen(w))
        try w.setProperty(.elasticity, of: ball, to: e)
        let v: Real = 600
        try w.setProperty(.vy, of: ball, to: v)
        w.step()
        #expect(gateOpen(w))
        let vy = w.property(.vy, of: ball)
        // Bounced up (negative y) at e·v, within the tick's gravity and 2 %.
        #expect(abs(vy - (-e * v)) < 1000.0 / 60 + 0.02 * e * v)
    }

    /// The same bounce in a world whose floor alone is elastic (restitution is the larger of
    /// the two): the gate opens from the first measured pair, and the ball bounces with the
    /// floor's e.
    @Test func elasticFloorBounces() throws {
        var (w, _, ball) = try restingBall(floorElasticity: 0.5)
        #expect(gateOpen(w))
        try w.setProperty(.vy, of: ball, to: 600)
        w.step()
        #expect(abs(w.property(.vy, of: ball) - (-300)) < 1000.0 / 60 + 6)
    }

    /// A box asleep on an elastic floor (its pair elastic but not measured while asleep) is
    /// woken by the narrowphase when an inelastic box comes to touch it: the narrowphase
    /// measured only inelastic pairs, and the gate opens all the same for the woken pair,
    /// which the impact pass then looks at. (The `uikit` model sleeps; the upper box has no
    /// gravity and sleeps on its own until it is moved.)
    @Test func wokenPairOpensTheGate() throws {
        var w = World(size: Vec2(2000, 1000), model: .uikit)
        let floor = try box(&w, Vec2(1000, 620), Vec2(4000, 40), anchored: true, elasticity: 0.5)
        let lower = try box(&w, Vec2(1000, 580), Vec2(40, 40), elasticity: 0)
        let upper = try box(&w, Vec2(1000, 400), Vec2(40, 40), elasticity: 0)
        _ = try w.addGravity(vector: Vec2(0, 1), items: [lower])
        _ = try w.addCollision(items: [floor, lower, upper])
        for _ in 0..<600 where !w.isSleeping(lower) { w.step() }
        #expect(w.isSleeping(lower))
        #expect(!gateOpen(w))
        // The upper box put just on the lower one (an edit wakes its own body only), then the
        // tick's first stage alone: the narrowphase finds the new pair and wakes the lower box.
        let y = w.property(.y, of: lower) - 39.9
        try w.setProperty(.y, of: upper, to: y)
        #expect(w.isSleeping(lower))
        w.updateContacts()
        #expect(!w.isSleeping(lower))
        #expect(gateOpen(w))
    }
}
