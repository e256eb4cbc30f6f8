// Free fall and damping against the reference table and closed forms.

import Dynamics
import Foundation
import DynamicsMath
import Testing

/// A 100×100 item at (100, 50) under one gravity behavior of magnitude 1 (1000 pt/s²).
func fallingWorld(_ model: WorldModel, resistance: Real? = nil, substeps: Int = 4) throws -> (World, ItemID) {
    var w = World(model: model)
    try w.setSubsteps(substeps)
    var def = ItemDefinition()
    def.center = Vec2(100, 50)
    def.resistance = resistance
    let id = try w.addItem(def)
    _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
    return (w, id)
}

@Suite struct FreeFallTests {
    /// Docs/semantics.md §14.2: uikit model, h = Float(1/120) with a double accumulator.
    @Test func uikitTableWithDefaultResistance() throws {
        var (w, id) = try fallingWorld(.uikit)
        #expect(w.property(.resistance, of: id) == 0.1)
        var vy31: Real = 0
        for n in 1...60 {
            w.step()
            if n == 31 { vy31 = w.property(.vy, of: id) }
        }
        #expect(abs((w.property(.y, of: id) - 50) - 479.582919) < 1e-6)
        #expect(abs(w.property(.vy, of: id) - 943.708426) < 1e-6)
        #expect(abs(vy31 - 495.428192) < 1e-6)
    }

    @Test func uikitTableWithoutResistance() throws {
        var (w, id) = try fallingWorld(.uikit, resistance: 0)
        w.forcesPerSubstep = true  // the uikit model ignores it: its numbers stay
        var vy31: Real = 0
        for n in 1...60 {
            w.step()
            if n == 31 { vy31 = w.property(.vy, of: id) }
        }
        #expect(abs((w.property(.y, of: id) - 50) - 495.833385) < 1e-6)
        #expect(abs(w.property(.vy, of: id) - 991.666718) < 1e-6)
        #expect(abs(vy31 - 508.333360) < 1e-6)
    }

    /// The original puts the item at y = 50.0693855, 50.4160881, 51.0396423, 51.9395943,
    /// 53.1154747 after frames 1–5 (single precision, so compare to 1e-4).
    @Test func uikitFirstFrames() throws {
        var (w, id) = try fallingWorld(.uikit)
        let expected: [Real] = [50.0693855, 50.4160881, 51.0396423, 51.9395943, 53.1154747]
        var ticks: [Int] = []
        for e in expected {
            let before = w.tickCount
            w.step()
            ticks.append(w.tickCount - before)
            #expect(abs(w.property(.y, of: id) - e) < 1e-4)
        }
        #expect(ticks == [1, 2, 2, 2, 2])
    }

    /// ideal with forces once per tick (`forcesPerSubstep` off): y_n = y₀ + H²g·n(n+1)/2,
    /// v_n = n·H·g, whatever the number of sub-steps.
    @Test(arguments: [1, 4, 7])
    func idealClosedFormOncePerTick(substeps: Int) throws {
        var (w, id) = try fallingWorld(.ideal, substeps: substeps)
        w.forcesPerSubstep = false
        let H = 1.0 / 60.0
        let g = 1000.0
        for n in 1...120 {
            w.step()
            let y = 50 + H * H * g * Real(n * (n + 1)) / 2
            #expect(abs(w.property(.y, of: id) - y) < 1e-9)
            #expect(abs(w.property(.vy, of: id) - Real(n) * H * g) < 1e-9)
        }
        #expect(abs(w.time - 2) < 1e-12)
        #expect(w.frameCount == 120)
    }

    /// Damping and gravity integrated k times a frame at h = H/k, v ← (v + h·g)/(1 + h·c):
    /// with r = 1/(1 + hc), after j integrations v_j = rʲ·v₀ + h·g·r(1 − rʲ)/(1 − r) and
    /// x_j = x₀ + h·Σ v_i; frame n is j = k·n. Forces once per tick (k = 1, the switch off) and
    /// per sub-step (k = 4, the ideal model's default with 4 sub-steps).
    @Test(arguments: [false, true])
    func resistanceDampingClosedForm(forcesPerSubstep: Bool) throws {
        var w = World(model: .ideal)
        w.forcesPerSubstep = forcesPerSubstep
        let k = forcesPerSubstep ? w.substeps : 1
        var def = ItemDefinition()
        def.center = Vec2(0, 0)
        def.velocity = Vec2(300, -200)
        def.spin = 4
        def.resistance = 2
        def.angularResistance = 0.5
        let id = try w.addItem(def)
        _ = try w.addGravity(vector: Vec2(0, 1), items: [id])
        let h = 1.0 / 60.0 / Real(k)
        let r = 1 / (1 + h * 2)
        let ra = 1 / (1 + h * 0.5)
        var sumX: Real = 0
        var sumY: Real = 0
        var sumA: Real = 0
        var vx: Real = 0, vy: Real = 0, spin: Real = 0
        for n in 1...90 {
            w.step()
            for j in (k * (n - 1) + 1)...(k * n) {
                let rj = pow(r, Real(j))
                vx = rj * 300
                vy = rj * -200 + h * 1000 * r * (1 - rj) / (1 - r)
                spin = pow(ra, Real(j)) * 4
                sumX += vx
                sumY += vy
                sumA += spin
            }
            #expect(abs(w.property(.vx, of: id) - vx) < 1e-9)
            #expect(abs(w.property(.vy, of: id) - vy) < 1e-9)
            #expect(abs(w.property(.spin, of: id) - spin) < 1e-12)
            #expect(abs(w.property(.x, of: id) - h * sumX) < 1e-9)
            #expect(abs(w.property(.y, of: id) - h * sumY) < 1e-9)
            #expect(abs(w.property(.angle, of: id) - h * sumA) < 1e-12)
        }
    }

    /// ideal (the default): one 1/60 s tick per frame, gravity in each of its s sub-steps
    /// (h = H/s): symplectic Euler at h, so after n frames (k = s·n sub-steps) v = k·h·g =
    /// n·H·g and y = y₀ + h²g·k(k+1)/2 = y₀ + H²g·n(n + 1/s)/2 (the exact g·t²/2 plus g·h·t/2).
    @Test(arguments: [1, 4, 7])
    func idealClosedForm(substeps: Int) throws {
        var (w, id) = try fallingWorld(.ideal, substeps: substeps)
        #expect(w.forcesPerSubstep)
        let H = 1.0 / 60.0
        let g = 1000.0
        let s = Real(substeps)
        for n in 1...120 {
            w.step()
            let y = 50 + H * H * g * Real(n) * (Real(n) + 1 / s) / 2
            #expect(abs(w.property(.y, of: id) - y) < 1e-9)
            #expect(abs(w.property(.vy, of: id) - Real(n) * H * g) < 1e-9)
        }
        #expect(abs(w.time - 2) < 1e-12)
        #expect(w.frameCount == 120)
    }

    @Test func itemsWithoutGravityDoNotFall() throws {
        var w = World()
        let a = try w.addItem(ItemDefinition())
        var def = ItemDefinition()
        def.center = Vec2(300, 0)
        let b = try w.addItem(def)
        _ = try w.addGravity(vector: Vec2(0, 1), items: [a])
        for _ in 0..<30 { w.step() }
        #expect(w.property(.y, of: a) > 100)
        #expect(w.property(.x, of: b) == 300)
        #expect(w.property(.y, of: b) == 0)
        #expect(w.property(.vy, of: b) == 0)
        #expect(w.kineticEnergy(of: b) == 0)
    }

    @Test func freeRotationIsExact() throws {
        var w = World()
        var def = ItemDefinition()
        def.spin = 3
        let id = try w.addItem(def)
        for _ in 0..<60 { w.step() }
        #expect(abs(w.property(.angle, of: id) - 3) < 1e-12)
        #expect(w.property(.x, of: id) == 0)
        // ½Iω² with I = m(w² + h²)/12 = 1666.67 kg·pt².
        #expect(abs(w.kineticEnergy(of: id) - 0.5 * (20_000.0 / 12) * 9) < 1e-9)
    }
}
