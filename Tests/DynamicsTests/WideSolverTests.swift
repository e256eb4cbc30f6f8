// The wide contact records (Contacts/WideContactSolver.swift): they solve in single precision
// on copies of their bodies, and hand each body back only the change of its copy.

@testable import Dynamics
import DynamicsMath
import Testing

@Suite struct WideSolverTests {
    /// Two 40 pt boxes 1 pt apart (`ideal`: no resistance), moving apart at 10 pt/s each, no gravity: their contact is
    /// solved in a wide record (a speculative row that takes no impulse), so each body goes
    /// through the single-precision copies every pass. Free motion: the velocities stay exactly
    /// what they were (to the bit, not merely to single precision), and the centres move by
    /// v·t (to 1e-9 pt).
    @Test func bodiesNoLaneMovesKeepTheirVelocityToTheBit() throws {
        var w = World(size: Vec2(2000, 2000), model: .ideal)
        let vx = 10.000000000000123  // not a single-precision number
        let a = try box(&w, Vec2(979.5, 1000), Vec2(40, 40), friction: 0, elasticity: 0, velocity: Vec2(-vx, 0))
        let b = try box(&w, Vec2(1020.5, 1000), Vec2(40, 40), friction: 0, elasticity: 0, velocity: Vec2(vx, 0))
        _ = try w.addCollision(items: [a, b])
        w.step()
        #expect(!w.contactWorld.wideContacts.isEmpty, "the pair is not solved in a wide record")
        for _ in 1..<20 { w.step() }
        #expect(w.property(.vx, of: a) == -vx && w.property(.vx, of: b) == vx)
        #expect(w.property(.vy, of: a) == 0 && w.property(.vy, of: b) == 0)
        #expect(w.property(.spin, of: a) == 0 && w.property(.spin, of: b) == 0)
        let t = w.time
        #expect(abs(w.property(.x, of: a) - (979.5 - vx * t)) < 1e-9)
        #expect(abs(w.property(.x, of: b) - (1020.5 + vx * t)) < 1e-9)
    }

    /// A 40 pt box at 300 pt/s into a resting box of twice its mass (`ideal`), no gravity, no friction or
    /// elasticity, solved in a wide record: momentum is kept (to single precision, 1e-5 of it)
    /// and the pair ends moving at m·v/(m + 2m) = 100 pt/s (a perfectly inelastic collision)
    /// within 2 pt/s: the soft contact pushes the landing's overlap out, so the two part at a
    /// little over 1 pt/s (measured on 2026-11-27: 99.08 and 100.46 pt/s).
    @Test func aCollisionKeepsMomentum() throws {
        var w = World(size: Vec2(4000, 2000), model: .ideal)
        let a = try box(&w, Vec2(1000, 1000), Vec2(40, 40), friction: 0, elasticity: 0, velocity: Vec2(300, 0))
        let b = try box(&w, Vec2(1100, 1000), Vec2(40, 40), density: 2, friction: 0, elasticity: 0)
        _ = try w.addCollision(items: [a, b])
        let ma = w.property(.mass, of: a)
        let mb = w.property(.mass, of: b)
        let p0 = ma * 300
        var wide = false
        for _ in 0..<60 {
            w.step()
            wide = wide || !w.contactWorld.wideContacts.isEmpty
            let p = ma * w.property(.vx, of: a) + mb * w.property(.vx, of: b)
            #expect(abs(p - p0) <= 1e-5 * p0, "momentum \(p), was \(p0)")
        }
        #expect(wide, "the pair was never solved in a wide record")
        #expect(abs(w.property(.vx, of: a) - 100) < 2 && abs(w.property(.vx, of: b) - 100) < 2)
    }
}
