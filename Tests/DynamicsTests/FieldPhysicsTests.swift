// Fields with the engine stepping (`ideal` model: 1/60 s ticks of 4 sub-steps, fields acting
// in each sub-step), against the motion their formulas predict analytically.

import Dynamics
import DynamicsMath
import Foundation
import Testing

/// A world with no gravity and one item of `size` and `density` at `center`, moving at `v`.
fileprivate func world(_ center: Vec2, v: Vec2 = .zero, size: Vec2 = Vec2(100, 100), density: Real = 1,
                       charge: Real = 0, model: WorldModel = .ideal) throws -> (World, ItemID) {
    var w = World(size: Vec2(1000, 1000), model: model)
    var def = ItemDefinition()
    def.center = center
    def.size = size
    def.density = density
    def.velocity = v
    def.charge = charge
    def.resistance = 0
    def.angularResistance = 0
    let id = try w.addItem(def)
    return (w, id)
}


@Suite struct FieldPhysicsTests {
    /// Linear gravity d = (3, 4) gives (300, 400) pt/s²: after one 1/60 s frame (4 sub-steps
    /// of h·a each) v = (5, 6.667) pt/s, and the fall follows sub-step symplectic Euler:
    /// Σₖ₌₁⁴ k·h²·a = 10·a/240².
    @Test func linearGravityAccelerates() throws {
        var (w, id) = try world(Vec2(500, 500))
        _ = try w.addField(.linearGravity(direction: Vec2(3, 4)))
        w.step()
        let v = velocity(w, id)
        #expect(abs(v.x - 5) < 1e-9 && abs(v.y - 400.0 / 60) < 1e-9)
        let d = position(w, id) - Vec2(500, 500)
        #expect(abs(d.x - 10 * 300 / 57600.0) < 1e-9 && abs(d.y - 10 * 400 / 57600.0) < 1e-9)
    }

    /// Fields add up: two linear gravity fields act as their sum.
    @Test func fieldsAddUp() throws {
        var (w, id) = try world(Vec2(500, 500))
        _ = try w.addField(.linearGravity(direction: Vec2(1, 0)))
        _ = try w.addField(.linearGravity(direction: Vec2(0, -2)))
        for _ in 0..<60 { w.step() }
        let v = velocity(w, id)
        #expect(abs(v.x - 100) < 1e-9 && abs(v.y + 200) < 1e-9)
    }

    /// Radial gravity S = 4, falloff 2: a = 10⁶·S/r² pt/s² toward the centre (k = 4·10⁶ pt³/s²).
    /// From r = 200 pt at 1.1× the circular speed (an orbit of eccentricity ≈ 0.21 and period
    /// 12.66 s), the energy v²/2 − k/r stays within 1 % over 10 orbits.
    @Test func radialGravityOrbitKeepsEnergy() throws {
        let c = Vec2(500, 500)
        let k = 4e6
        let v0 = 1.1 * (k / 200).squareRoot()
        var (w, id) = try world(c + Vec2(200, 0), v: Vec2(0, v0), size: Vec2(10, 10))
        var f = FieldDefinition.radialGravity(position: c)
        f.strength = 4
        _ = try w.addField(f)
        func energy() -> Real { 0.5 * velocity(w, id).lengthSquared - k / (position(w, id) - c).length }
        let e0 = energy()
        let a = k / (2 * abs(e0))  // semi-major axis
        let period = 2 * Double.pi * (a * a * a / k).squareRoot()
        let frames = Int((10 * period * 60).rounded(.up))
        var worst: Real = 0
        var angle: Real = 0, last = Vec2(200, 0)
        for _ in 0..<frames {
            w.step()
            worst = Swift.max(worst, abs(energy() - e0) / abs(e0))
            let now = position(w, id) - c
            angle += atan2(last.cross(now), last.dot(now))
            last = now
        }
        #expect(worst < 0.01, "worst relative energy error \(worst)")
        // It did go round 10 times (to within a twentieth of a turn: the orbit precesses a little).
        #expect(abs(angle / (2 * Double.pi) - 10) < 0.05, "turns \(angle / (2 * Double.pi))")
    }

    /// Drag S = 1 against linear gravity d = (0, 10) (1000 pt/s²) on mass 1: the speed tends to
    /// v with S·(v/100)² = m·g/100, v = √(100·m·g/S) = √10⁵ = 316.23 pt/s.
    @Test func dragGivesTerminalSpeed() throws {
        for (density, strength) in [(1.0, 1.0), (4.0, 0.5)] {
            var (w, id) = try world(Vec2(500, 0), density: density)
            _ = try w.addField(.linearGravity(direction: Vec2(0, 10)))
            var drag = FieldDefinition(kind: .drag)
            drag.strength = strength
            _ = try w.addField(drag)
            for _ in 0..<600 { w.step() }
            let m = density  // 100×100 item
            let expected = (100 * m * 1000 / strength).squareRoot()
            let vy = w.property(.vy, of: id)
            #expect(abs(vy - expected) / expected < 0.01, "vy \(vy), expected \(expected)")
            #expect(abs(w.property(.vx, of: id)) < 1e-12)
        }
    }

    /// The same with the gravity *behavior* (1000 pt/s²): gravity and drag both act in each
    /// sub-step (ideal), so the speed settles at the terminal speed within 1 %. (With gravity
    /// once per tick the speed sawed round it by ±H·g/2 and read 2.6 % low.)
    @Test func dragAgainstGravityBehavior() throws {
        var (w, id) = try world(Vec2(500, 0))
        _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
        _ = try w.addField(FieldDefinition(kind: .drag))
        for _ in 0..<600 { w.step() }
        let expected = (100 * 1000.0).squareRoot()
        let vy = w.property(.vy, of: id)
        #expect(abs(vy - expected) / expected < 0.01, "vy \(vy), expected \(expected)")
        // Forces once per tick: the speed is within one tick's gravity of the terminal speed.
        var (w1, id1) = try world(Vec2(500, 0))
        w1.forcesPerSubstep = false
        _ = try w1.addGravity(vector: Vec2(0, 1), items: nil)
        _ = try w1.addField(FieldDefinition(kind: .drag))
        for _ in 0..<600 { w1.step() }
        #expect(abs(w1.property(.vy, of: id1) - expected) < 1000.0 / 60)
    }

    /// A velocity field overrides gravity: inside it the item moves at exactly the field's
    /// velocity; once it leaves the region, gravity takes over again.
    @Test func velocityFieldOverridesGravity() throws {
        var (w, id) = try world(Vec2(100, 500))
        _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
        var f = FieldDefinition.velocity(direction: Vec2(1, 0))  // 100 pt/s right
        f.position = Vec2(200, 500)
        f.region = .rectangle(size: Vec2(300, 100))  // 50 < x < 350
        _ = try w.addField(f)
        for _ in 0..<60 { w.step() }
        #expect(abs(w.property(.x, of: id) - 200) < 1e-9)
        #expect(w.property(.y, of: id) == 500)
        #expect(velocity(w, id) == Vec2(100, 0))
        for _ in 0..<120 { w.step() }  // reaches x = 350 after 2.5 s in all
        #expect(w.property(.x, of: id) > 350)
        #expect(w.property(.vy, of: id) > 0)  // falling
    }

    /// Magnetic S, falloff 0, on mass m moving at speed u: a = S·u/m perpendicular to v, a
    /// circle of radius u·m/S pt (ω = S/m). u = 100 pt/s: m = 1 → 100 pt, m = 2 → 200 pt. The
    /// force (v_y, −v_x) turns (100, 0) toward −y: the centre is 100 pt (200 pt) above the start.
    @Test func magneticFieldTurnsOnCircle() throws {
        for density in [1.0, 2.0] {
            let start = Vec2(500, 500)
            var (w, id) = try world(start, v: Vec2(100, 0), density: density)
            var f = FieldDefinition(kind: .magnetic)
            f.falloff = 0
            _ = try w.addField(f)
            let radius = 100 * density
            let centre = start + Vec2(0, -radius)
            let frames = Int((2 * Double.pi * density * 60).rounded())  // one turn
            var worst: Real = 0
            for _ in 0..<frames {
                w.step()
                worst = Swift.max(worst, abs((position(w, id) - centre).length - radius) / radius)
                #expect(abs(velocity(w, id).length - 100) < 1e-9)
            }
            #expect(worst < 0.01, "worst radius error \(worst)")
            #expect((position(w, id) - start).length < 0.02 * radius)  // back where it began
        }
    }

    /// Electric S = 1, falloff 1, at 2 m: a = 100·S·q·(1/2)/m = 50 pt/s² away for q = +1, toward
    /// for q = −1; after one frame vx = ±50/60 pt/s.
    @Test func electricPushesPositiveAndPullsNegative() throws {
        for q in [1.0, -1.0] {
            var (w, id) = try world(Vec2(700, 500), charge: q)
            var f = FieldDefinition(kind: .electric)
            f.position = Vec2(500, 500)
            _ = try w.addField(f)
            w.step()
            #expect(abs(w.property(.vx, of: id) - q * 50 / 60) < 1e-4 * 50 / 60)
            for _ in 0..<59 { w.step() }
            #expect(q > 0 ? w.property(.x, of: id) > 710 : w.property(.x, of: id) < 690)
            #expect(w.property(.y, of: id) == 500)
        }
        // No charge, no force.
        var (w, id) = try world(Vec2(700, 500))
        _ = try w.addField(FieldDefinition(kind: .electric))
        for _ in 0..<10 { w.step() }
        #expect(velocity(w, id) == .zero)
    }

    /// Spring S, default falloff −1: a = −S·p/m (p in pt), ω = √(S/m), period 2π·√(m/S):
    /// S = 4, m = 1 → π s; m = 4 → 2π s (not mass-scaled: heavier is slower). Measured between
    /// the first and the sixth upward crossing of the centre.
    @Test func springFieldPeriod() throws {
        for density in [1.0, 4.0] {
            let c = Vec2(500, 500)
            var (w, id) = try world(c + Vec2(100, 0), density: density)
            var f = FieldDefinition(kind: .spring)
            f.position = c
            f.strength = 4
            _ = try w.addField(f)
            let expected = 2 * Double.pi * (density / 4).squareRoot()
            var crossings: [Real] = []
            var last = 100.0
            var frame = 0
            while crossings.count < 6 && frame < 10_000 {
                w.step()
                frame += 1
                let x = w.property(.x, of: id) - c.x
                if last < 0 && x >= 0 { crossings.append((Real(frame) - x / (x - last)) / 60) }
                last = x
            }
            #expect(crossings.count == 6)
            let period = (crossings[5] - crossings[0]) / 5
            #expect(abs(period - expected) / expected < 0.01, "period \(period), expected \(expected)")
        }
    }

    /// Vortex S = 1 (clockwise on screen) on an item right of its centre pushes it down (+y).
    @Test func vortexTurnsClockwiseOnScreen() throws {
        var (w, id) = try world(Vec2(700, 500))
        var f = FieldDefinition(kind: .vortex)
        f.position = Vec2(500, 500)
        _ = try w.addField(f)
        w.step()
        // p̂ = (1, 0): F = (−0, 1)/m → 100 pt/s² down.
        #expect(abs(w.property(.vy, of: id) - 100.0 / 60) < 1e-6)
    }

    /// Noise moves items deterministically: the same world gives the same bits, another seed
    /// another path.
    @Test func noiseIsDeterministic() throws {
        func run(seed: UInt64) throws -> (UInt64, Vec2) {
            var (w, id) = try world(Vec2(500, 500))
            var f = FieldDefinition.noise(smoothness: 0.4, animationSpeed: 1)
            f.seed = seed
            f.strength = 5
            _ = try w.addField(f)
            for _ in 0..<120 { w.step() }
            return (w.stateHash(), position(w, id))
        }
        let a = try run(seed: 1), b = try run(seed: 1), c = try run(seed: 2)
        #expect(a.0 == b.0 && a.1 == b.1)
        #expect(a.1 != c.1)
        #expect(a.1 != Vec2(500, 500))
    }
}
