// The `field` command through the language: the reference's worked numbers (§13.2) for every
// kind, region membership, motion against analytic values, live properties, save and undo,
// and bad input. Formulas: Docs/engine.md "Fields"; the expected values are computed here
// from them, never taken from the engine's output.

import Dynamics
import DynamicsMath
import Foundation
import Testing
@testable import DynLang

/// A script runner keeping its interpreter.

/// 100 × 100, mass 1 (density 1), centre (300, 400): p = (3, 4) m, r = 5 m from a field at the
/// origin. One sub-step per frame, so after one frame v = a/60 exactly for explicit forces.
private let probe = """
    world 1000 1000
    set world.substeps 1
    add view ball frame 250 350 100 100

    """

private func relativeError(_ a: Double, _ b: Double) -> Double {
    b == 0 ? abs(a) : abs(a - b) / abs(b)
}

/// The acceleration the ball had in its first frame (pt/s²).
private func firstFrameAcceleration(_ setup: String) throws -> Vec2 {
    let s = ScriptSession()
    if let e = s.run(probe + setup + "\nstep\n") { Issue.record("script failed: \(e)") }
    return Vec2(try s.number("ball.vx"), try s.number("ball.vy")) * 60
}

@Suite struct FieldLanguageTests {
    // MARK: Worked numbers (Docs/semantics.md §13.2), to 1e-9 relative

    @Test func workedNumbersOfTheExplicitKinds() throws {
        let cases: [(String, Vec2)] = [
            ("field linear gravity direction 3 4", Vec2(300, 400)),
            ("set ball.density 2\nfield linear gravity direction 3 4", Vec2(300, 400)),  // any mass
            ("field radial gravity", Vec2(-2.4, -3.2)),
            ("set ball.charge 2\nfield electric", Vec2(24, 32)),
            ("field spring", Vec2(-300, -400)),
            ("field vortex", Vec2(-80, 60)),
            ("field custom force (x / 100) (2 * y / 100)", Vec2(300, 800)),
            ("field velocity direction 1 0.5", Vec2(100, 50) * 60),
        ]
        for (setup, expected) in cases {
            let a = try firstFrameAcceleration(setup)
            #expect(relativeError(a.x, expected.x) < 1e-9 && relativeError(a.y, expected.y) < 1e-9, "\(setup): \(a) ≠ \(expected)")
        }
    }

    /// Magnetic: a = (S·fall/m)·(vy, −vx), turned exactly by the trapezoid rule:
    /// v' = ((1 − c²)·vx, −2c·vx)/(1 + c²), c = h·k/2, k = S·fall/m = 1/5.
    @Test func magneticWorkedNumber() throws {
        let s = ScriptSession()
        s.run(probe + "set ball.vx 100\nfield magnetic\nstep\n")
        let c = (1.0 / 60) * 0.2 / 2
        let expected = Vec2(100 * (1 - c * c), -200 * c) / (1 + c * c)
        #expect(relativeError(try s.number("ball.vx"), expected.x) < 1e-9)
        #expect(relativeError(try s.number("ball.vy"), expected.y) < 1e-9)
        // Its first-frame acceleration is the reference's (0, −20) to within c².
        #expect(abs((try s.number("ball.vy")) * 60 + 20) < 1e-3)
    }

    /// Drag −S·u·‖u‖, implicit: v' = v/(1 + h·S·‖u‖/m); at 100 pt/s (1 m/s), S = 1.
    @Test func dragWorkedNumber() throws {
        let s = ScriptSession()
        s.run(probe + "set ball.vx 100\nfield drag\nstep\n")
        #expect(relativeError(try s.number("ball.vx"), 100 / (1 + 1.0 / 60)) < 1e-9)
        // Relative to a medium moving at direction 1 0 (100 pt/s) an item at rest is carried along.
        let m = ScriptSession()
        m.run(probe + "field drag direction 1 0\nstep\n")
        #expect(relativeError(try m.number("ball.vx"), (1.0 / 60) * 100 / (1 + 1.0 / 60)) < 1e-9)
    }

    /// Noise and turbulence are the engine's seeded noise: the language passes every property
    /// through (checked against `World.fieldForce` for the same definition).
    @Test func noiseAndTurbulenceGetTheirProperties() throws {
        for kind in ["noise", "turbulence"] {
            let s = ScriptSession()
            s.run(probe + "set ball.vx 150\nfield \(kind) strength 3 smoothness 0.25 animationSpeed 2 seed 11 falloff 0.5 as n\nstep\n")
            var def = FieldDefinition(kind: kind == "noise" ? .noise : .turbulence)
            def.strength = 3
            def.smoothness = 0.25
            def.animationSpeed = 2
            def.seed = 11
            def.falloff = 0.5
            let f = World.fieldForce(def, position: Vec2(300, 400), velocity: Vec2(150, 0), mass: 1, charge: 0, time: 0)
            #expect(f != .zero)
            #expect(relativeError(try s.number("ball.vy") * 60, 100 * f.y) < 1e-9)
            // Another seed is another force.
            let t = ScriptSession()
            t.run(probe + "set ball.vx 150\nfield \(kind) strength 3 smoothness 0.25 animationSpeed 2 seed 12 falloff 0.5\nstep\n")
            #expect(try t.number("ball.vy") != (try s.number("ball.vy")))
        }
    }

    /// fall = max(r, minimumRadius)^−falloff: a minimum radius of 10 m makes radial gravity
    /// at r = 5 m act as at 10 m; a scale below 2⁻¹⁵ does nothing.
    @Test func falloffWithMinimumRadiusAndTinyScales() throws {
        let a = try firstFrameAcceleration("field radial gravity minimumRadius 1000")
        #expect(relativeError(a.x, -0.6) < 1e-9 && relativeError(a.y, -0.8) < 1e-9)
        let b = try firstFrameAcceleration("field spring falloff 2 strength 2")  // −S·p̂/r²: 2·(0.6, 0.8)/25 N
        #expect(relativeError(b.x, -4.8) < 1e-9 && relativeError(b.y, -6.4) < 1e-9)
        #expect(try firstFrameAcceleration("field radial gravity strength 1/65536") == .zero)
        #expect(try firstFrameAcceleration("field radial gravity strength 1/32768") != .zero)
        #expect(try firstFrameAcceleration("set ball.charge 1/65536\nfield electric") == .zero)
    }

    @Test func fieldsAddUp() throws {
        let a = try firstFrameAcceleration("field spring\nfield vortex\nfield linear gravity direction 1 0")
        #expect(relativeError(a.x, -300 - 80 + 100) < 1e-9 && relativeError(a.y, -400 + 60) < 1e-9)
    }

    // MARK: Regions

    /// Whether the ball at (300, 400) (so at distance 500 from the origin) feels a field of `region`.
    private func feels(_ region: String, at position: String = "0 0") throws -> Bool {
        try firstFrameAcceleration("field linear gravity direction 1 0 at \(position) region \(region)") != .zero
    }

    @Test func regionMembership() throws {
        #expect(try feels("everywhere"))
        #expect(try feels("disc(500)"))  // boundary inside
        #expect(try !feels("disc(499.999)"))
        #expect(try !feels("rect(600, 800)"))  // boundary outside
        #expect(try feels("rect(600.001, 800.001)"))
        #expect(try !feels("rect(600.001, 800)"))
        #expect(try !feels("inverse(disc(500))"))
        #expect(try feels("inverse(disc(400))"))
        #expect(try feels("union(disc(10), disc(500))"))
        #expect(try !feels("union(disc(10), rect(10, 10))"))
        #expect(try feels("union(disc(10), rect(10, 10), disc(600))"))
        #expect(try feels("difference(disc(600), disc(400))"))
        #expect(try !feels("difference(disc(600), disc(500))"))
        #expect(try feels("intersection(disc(600), rect(700, 900))"))
        #expect(try !feels("intersection(disc(600), rect(700, 700))"))
        #expect(try !feels("intersection(disc(600), rect(700, 900), disc(1))"))
        // Tested around the position: a disc of 1 around the ball's centre holds it.
        #expect(try feels("disc(1)", at: "300 400"))
        #expect(try !feels("disc(1)", at: "300 402"))
        // Sizes are expressions.
        #expect(try feels("disc(250 * 2)"))
    }

    @Test func regionsPrintBackInTheirOwnSyntax() throws {
        let s = ScriptSession()
        let region = "union(difference(disc(300), rect(20, 40.5)), inverse(intersection(disc(5), everywhere)))"
        #expect(s.run(probe + "field spring at 10 20 region \(region) as f\n") == nil)
        #expect(try s.text("f.region") == region)
        #expect(s.run("set f.region disc(7)\nprint f\n") == nil)
        #expect(s.output == "f field spring at 10 20 strength 1 falloff -1 region disc(7) on all\n")
        // What print shows reads back: the same field again, with the same hash.
        let again = ScriptSession()
        again.run(probe + "field spring at 10 20 strength 1 falloff -1 region disc(7) on all as f\n")
        #expect(again.hash == s.hash)
        #expect(try s.text("f.region") == "disc(7)")
    }

    // MARK: Motion

    /// Radial gravity S: a = 100·S/r² pt/s² (r in m). A circular orbit at 2 m with S = 100
    /// (v = √(a·r) = 707.1 pt/s) keeps its energy ½v² − 10⁴·S/r_pt... within 1 % for 10 orbits.
    @Test func radialGravityOrbitKeepsItsEnergy() throws {
        let s = ScriptSession()
        let v = (2500.0 * 200).squareRoot()
        #expect(s.run("""
            world 1000 1000
            add view sat frame 695 495 10 10 vy \(v)
            field radial gravity at 500 500 strength 100

            """) == nil)
        // Per unit mass, in m and m/s: ½|v|² − S/r.
        func energy() throws -> Double {
            let (x, y) = ((try s.number("sat.x") - 500) / 100, (try s.number("sat.y") - 500) / 100)
            let (vx, vy) = (try s.number("sat.vx") / 100, try s.number("sat.vy") / 100)
            return 0.5 * (vx * vx + vy * vy) - 100 / (x * x + y * y).squareRoot()
        }
        let e0 = try energy()
        let period = 2 * Double.pi * 200 / v
        var worst = 0.0
        for _ in 0..<100 {
            s.run("step \(Int((period * 60 / 10).rounded()))\n")
            worst = max(worst, relativeError(try energy(), e0))
        }
        #expect(worst < 0.01, "energy drift \(worst)")
        let r = hypot(try s.number("sat.x") - 500, try s.number("sat.y") - 500)
        #expect(abs(r - 200) < 10)
    }

    /// Linear gravity 1 m/s² on mass 1 against drag S·u²: terminal speed √(m·g/S) = 0.5 m/s
    /// = 50 pt/s for S = 4.
    @Test func dragBringsAFallToItsTerminalSpeed() throws {
        let s = ScriptSession()
        s.run("add view b frame 0 0 100 100\nfield linear gravity direction 0 1\nfield drag strength 4\nrun 10\n")
        #expect(relativeError(try s.number("b.vy"), 50) < 0.01)
        // Twice the mass: √2 times faster.
        let t = ScriptSession()
        t.run("add view b frame 0 0 100 100 density 2\nfield linear gravity direction 0 1\nfield drag strength 4\nrun 10\n")
        #expect(relativeError(try t.number("b.vy"), 50 * 2.0.squareRoot()) < 0.01)
    }

    @Test func aVelocityFieldOverridesGravity() throws {
        let s = ScriptSession()
        s.run("add view b frame 0 0 100 100\ngravity\nfield velocity direction 1 0 as v\nrun 1\n")
        #expect(try s.number("b.vx") == 100 && s.number("b.vy") == 0)
        // Outside its region, gravity acts again.
        s.run("set v.region disc(1)\nstep 10\n")
        #expect(try s.number("b.vy") > 100)
    }

    /// Magnetic with falloff 0: ω = S/m rad/s, so the radius is v·m/S = 100/2 = 50 pt.
    @Test func aMagneticFieldTurnsOnItsCircle() throws {
        let s = ScriptSession()
        s.run("add view b frame 450 450 100 100 vx 100\nfield magnetic strength 2 falloff 0\n")
        var (lo, hi) = (Vec2(1e9, 1e9), Vec2(-1e9, -1e9))
        for _ in 0..<200 {  // 200 frames: 3.3 s, one turn is π s
            s.run("step\n")
            let p = Vec2(try s.number("b.x"), try s.number("b.y"))
            lo = Vec2(min(lo.x, p.x), min(lo.y, p.y))
            hi = Vec2(max(hi.x, p.x), max(hi.y, p.y))
        }
        #expect(relativeError((hi.x - lo.x) / 2, 50) < 0.01)
        #expect(relativeError((hi.y - lo.y) / 2, 50) < 0.01)
        #expect(relativeError(hypot(try s.number("b.vx"), try s.number("b.vy")), 100) < 1e-9)  // speed kept
    }

    @Test func anElectricFieldPushesPositiveAndPullsNegative() throws {
        let s = ScriptSession()
        s.run("""
            add view plus frame 550 450 100 100 charge 1
            add view minus frame 250 450 100 100 charge -1
            add view neutral frame 450 750 100 100
            field electric at 500 500 strength 5
            run 0.5

            """)
        #expect(try s.number("plus.x") > 600 && s.number("minus.x") > 300)
        #expect(try s.number("neutral.y") == 800)
    }

    /// Spring (falloff −1): a = −S·p/m, period 2π·√(m/S) = π s for S = 4, m = 1.
    @Test func aSpringFieldsPeriodMatchesItsFormula() throws {
        let s = ScriptSession()
        s.run("world 1000 1000\nadd view b frame 550 450 100 100\nfield spring at 500 500 strength 4\n")
        var crossings: [Double] = []
        var previous = try s.number("b.x") - 500
        for frame in 1...800 {
            s.run("step\n")
            let x = try s.number("b.x") - 500
            if previous > 0 && x <= 0 { crossings.append(Double(frame) - x / (x - previous)) }
            previous = x
        }
        #expect(crossings.count >= 3)
        let period = (crossings.last! - crossings.first!) / Double(crossings.count - 1) / 60
        #expect(relativeError(period, Double.pi) < 0.01, "period \(period)")
    }

    // MARK: Live properties, items, waking

    @Test func everyPropertyReadsAndSetsLive() throws {
        let s = ScriptSession()
        #expect(s.run(probe + "field noise at 1 2 as n\nfield linear gravity direction 3 4 as g\n") == nil)
        for (name, value) in [("x", "5"), ("y", "-6"), ("strength", "2.5"), ("falloff", "0.5"), ("minimumRadius", "3"),
                              ("smoothness", "0.75"), ("animationSpeed", "4"), ("seed", "123456")] {
            #expect(s.run("set n.\(name) \(value)\n") == nil)
            #expect(try s.text("n.\(name)") == value)
        }
        #expect(s.run("set g.dx -1\nset g.dy 0.5\n") == nil)
        #expect(try s.text("g.dx") == "-1" && s.text("g.dy") == "0.5" && s.text("g.kind") == "linear gravity")
        #expect(try s.text("n.items") == "all")
        let nid = try #require(s.interp.fieldNamed("n"))
        let d = try #require(s.interp.session.world.fieldDefinition(nid))
        #expect(d.position == Vec2(5, -6) && d.strength == 2.5 && d.falloff == 0.5 && d.minimumRadius == 3)
        #expect(d.smoothness == 0.75 && d.animationSpeed == 4 && d.seed == 123456)
        // Setting live changes the motion: linear gravity now (−100, 50) pt/s² (noise off).
        s.run("set n.strength 0\nstep\n")
        #expect(relativeError(try s.number("ball.vx") * 60, -100) < 1e-9)
    }

    @Test func fieldsOnListedItemsOnly() throws {
        let s = ScriptSession()
        s.run("add view a frame 0 0 10 10\nadd view b frame 100 0 10 10\nfield linear gravity direction 1 0 on a as g\nstep\n")
        #expect(try s.number("a.vx") > 0 && s.number("b.vx") == 0)
        #expect(try s.text("g.items") == "a")
        // The items change live: a list, every item again, none.
        let before = s.hash
        #expect(s.run("set g.items \"b\"\nstep\n") == nil)
        #expect(try s.text("g.items") == "b" && s.number("b.vx") > 0)
        #expect(s.run("set g.items \"all\"\n") == nil)
        #expect(try s.text("g.items") == "all" && s.text("g.kind") == "linear gravity")
        #expect(s.interp.session.order == ["a", "b", "g"])
        #expect(s.run("set g.items \"none\"\n") == nil)
        #expect(try s.text("g.items") == "none")
        #expect(s.run("set g.items \"a zz\"\n")?.contains("unknown item 'zz'") == true)
        #expect(s.run("set g.items 3\n")?.contains("must be a string of item names") == true)
        #expect(s.run("undo\nundo\nundo\nundo\n") == nil)
        #expect(s.hash == before)
        #expect(try s.text("g.items") == "a")
        // A field on every item acts on items added later.
        s.run("field linear gravity direction 0 1 as all_down\nadd view c frame 200 0 10 10\nstep\n")
        #expect(try s.number("c.vy") > 0)
    }

    @Test func aFieldWakesSleepingItems() throws {
        let s = ScriptSession()
        s.run("""
            set world.model "uikit"
            add view b frame 100 567 100 100
            gravity
            collide all bounds
            run 5

            """)
        let id = try #require(s.interp.session.entity(named: "b").flatMap { if case .item(let i) = $0 { i } else { nil } })
        #expect(s.interp.session.world.isSleeping(id))
        let x = try s.number("b.x")
        s.run("field linear gravity direction 20 0\nstep 10\n")
        #expect(try s.number("b.x") > x)
    }

    // MARK: Custom fields

    @Test func customForcesReadTheItemAndVariables() throws {
        let s = ScriptSession()
        // F = k·(charge·vx, mass) with k a global read live; x, y relative to the position.
        s.run(probe + "set ball.charge 3\nset ball.vx 10\nlet k = 2\nfield custom at 100 100 force (k * charge * vx / 100) (mass + x / 200) as c\nstep\n")
        // a = 100·F/m: (100·2·3·0.1, 100·(1 + 1)) = (60, 200); vx started at 10.
        #expect(relativeError((try s.number("ball.vx") - 10) * 60, 60) < 1e-9)
        #expect(relativeError(try s.number("ball.vy") * 60, 200) < 1e-9)
        s.run("set k = 0\nset ball.vx 0\nset ball.vy 0\nstep\n")
        #expect(try s.number("ball.vx") == 0)
        // strength 0 switches it off.
        s.run("set c.strength 0\nset ball.vy 0\nstep\n")
        #expect(try s.number("ball.vy") == 0)
        // A variable of the block that made a field is fixed then.
        let t = ScriptSession()
        t.run(probe + "for i in 1...1 { field custom force (i * 100) 0 }\nstep\n")
        #expect(relativeError(try t.number("ball.vx") * 60, 10000) < 1e-9)
        // time is the fields' clock.
        let u = ScriptSession()
        u.run(probe + "field custom force time 0\nstep 3\n")
        #expect(relativeError(try u.number("ball.vx"), 100 * (0 + 1.0 / 60 + 2.0 / 60) / 60) < 1e-9)
    }

    /// A property in a force is read as it was at the frame's start, in every sub-step: with
    /// four sub-steps and the other item moving 100 pt a frame, the ball's gain in speed is
    /// 100·F/m over the frame with F from the other's starting x (reads as it moved would see
    /// it up to 75 pt farther in the later sub-steps). The step in place (no property:
    /// `resolvingVariables`) keeps a
    /// global read live from frame to frame, and fails once it is no longer a number.
    @Test func customForcesReadPropertiesAtTheFrameStart() throws {
        let s = ScriptSession()
        s.run("""
            world 4000 1000
            set world.substeps 4
            add view ball frame 250 350 100 100
            add view other frame 1000 600 100 100
            set other.vx 6000
            field custom force (other.x / 100) 0 on ball as pull

            """)
        let x0 = try s.number("other.x")
        let m = try s.number("ball.mass")
        #expect(s.run("step\n") == nil)
        #expect(try s.number("other.x") > x0 + 90, "the other item did not move")
        #expect(relativeError(try s.number("ball.vx"), 100 * (x0 / 100) / m / 60) < 1e-9)
        // No property: in place, with a global's value of each frame.
        let t = ScriptSession()
        t.run(probe + "set world.substeps 4\nlet k = 2\nfield custom force (k * 10) 0 as c\nstep\n")
        let m2 = try t.number("ball.mass")
        #expect(relativeError(try t.number("ball.vx"), 100 * 20 / m2 / 60) < 1e-9)
        t.run("set k = 5\nset ball.vx 0\nstep\n")
        #expect(relativeError(try t.number("ball.vx"), 100 * 50 / m2 / 60) < 1e-9)
        let e = t.run("set k = \"five\"\nstep\n") ?? ""
        #expect(e.contains("'k' is no longer a number (in the force of field 'c' on 'ball')"), "\(e)")
    }

    @Test func customForceErrorsStopTheStepAndNameTheField() throws {
        let s = ScriptSession()
        let e = s.run(probe + "field custom force (1 / (x - 50)) 0 as c\nstep\n") ?? ""
        #expect(e.isEmpty)
        let f = s.run("set ball.x 50\nstep\n") ?? ""
        #expect(f.contains("division by zero (in the force of field 'c' on 'ball')"))
        #expect(f.contains("t.dyn:4:"))  // the field's line
    }

    /// Hundreds of items under a custom field: the force runs in every sub-step of every frame.
    @Test func customFieldsAreFastEnoughForHundredsOfItems() throws {
        let s = ScriptSession()
        s.run("world 2000 2000\nfor i in 0..<400 { add view \"b{i}\" frame (i % 20 * 60) (floor(i / 20) * 60) 20 20 }\n")
        s.run("field custom at 600 600 force (-0.001 * x * mass) (-0.001 * y * mass + 0.0001 * sin(time))\n")
        let clock = ContinuousClock()
        let start = clock.now
        s.run("step 60\n")
        let elapsed = clock.now - start
        #expect(elapsed < .seconds(60), "400 items × 60 frames took \(elapsed)")
        #expect(try s.number("b0.vx") > 0)
    }

    // MARK: Save, reload, undo

    @Test func fieldsSurviveSaveAndReloadBitForBit() throws {
        let s = ScriptSession()
        #expect(s.run("""
            world 800 600
            add view a frame 100 100 40 40 charge 2
            add view b frame 300 200 40 40 charge -1
            collide all bounds
            field electric at 400 300 strength 3 region difference(disc(300), disc(20)) as e
            field noise strength 0.5 smoothness 0.3 animationSpeed 1.5 seed 42 on a as n
            let k = 3
            field custom at 400 300 force (-k * x / 100) (-k * y / 100) on b as c
            step 30
            set e.strength -2
            set n.region rect(500, 500)
            step 20

            """) == nil)
        let saved = s.interp.savedScript()
        let t = ScriptSession()
        #expect(t.run(saved) == nil)
        #expect(t.hash == s.hash)
        s.output = ""
        t.output = ""
        s.run("step 45\nprint world\n")
        t.run("step 45\nprint world\n")
        #expect(t.hash == s.hash)
        #expect(t.output == s.output)
        #expect(s.output.contains("c field custom at 400 300 strength 1 force (-k * x / 100) (-k * y / 100) region everywhere on b"))
    }

    @Test func undoTakesBackFieldsAndTheirChanges() throws {
        let s = ScriptSession()
        s.run(probe + "step 5\n")
        let before = s.hash
        s.run("field custom force 1 0 as c\n")
        let withField = s.hash
        s.run("set c.x 10\n")
        #expect(s.hash != withField)
        s.run("undo\n")
        #expect(s.hash == withField)
        s.run("undo\n")
        #expect(s.hash == before)
        #expect(s.interp.session.fieldForces.isEmpty)
        #expect(s.interp.session.entity(named: "c") == nil)
        // Removing a custom field drops its force too; undo brings both back.
        s.run("field custom force 1 0 as c\nstep\nremove c\n")
        #expect(s.interp.session.fieldForces.isEmpty)
        s.run("undo\n")
        #expect(s.interp.session.fieldForces.count == 1)
        let vx = try s.number("ball.vx")
        s.run("step\n")
        #expect(try s.number("ball.vx") > vx)
    }

    // MARK: Bad input

    @Test func badInputIsRefusedAndChangesNothing() throws {
        let cases: [(String, String)] = [
            ("field vortx", "did you mean 'vortex'?"),
            ("field radial gravty", "expected 'gravity' after 'field radial', found 'gravty'; did you mean 'gravity'?"),
            ("field spring strenght 2", "unknown option 'strenght' for 'field'; did you mean 'strength'?"),
            ("field spring smoothness 0.5", "smoothness is not a property of spring fields (only of noise and turbulence fields)"),
            ("field velocity strength 2", "strength is not a property of velocity fields (only of linear gravity, radial gravity, electric, magnetic, spring, vortex, drag, noise, turbulence and custom fields)"),
            ("field vortex direction 1 0", "direction is not a property of vortex fields (only of linear gravity, drag and velocity fields)"),
            ("field spring force 1 1", "force is not a property of spring fields (only of custom fields)"),
            ("field custom", "needs 'force FX FY'"),
            ("field spring region disc(-5)", "a disc's radius must not be negative, got -5"),
            ("field spring region rect(1, -5)", "a rectangle's height must not be negative, got -5"),
            ("field spring region dics(5)", "unknown region 'dics'"),
            ("field spring region union(disc(1))", "union takes two or more regions"),
            ("field spring strength 0/0", "division by zero"),
            ("field spring strength sqrt(-1)", "sqrt is undefined"),
            ("field spring minimumRadius -1", "the minimum radius must be 0 or more, got -1"),
            ("field noise seed 1.5", "the seed must be a whole number"),
            ("field noise smoothness 2", "the smoothness must be from 0 to 1, got 2"),
            ("field spring on nobody", "unknown item 'nobody'"),
            ("field spring on all ball", "give items or 'all', not both"),
            ("field custom force (x + zz) 0", "unknown name 'zz'"),
            ("field custom force \"a\" 0", "a force is a number"),
            ("field spring as s\nset s.smoothness 1", "smoothness is not a property of spring fields (only of noise and turbulence fields)"),
            ("field spring as s\nset s.strenght 1", "a spring field has no property 'strenght'; did you mean 'strength'?"),
            ("field spring as s\nset s.region disc(-1)", "a disc's radius must not be negative, got -1"),
            ("field spring as s\nset s.kind 1", "s.kind cannot be set"),
            ("field noise as s\nset s.seed -1", "seed must be a whole number from 0 to 2^53"),
            ("field noise as s\nset s.animationSpeed -1", "animationSpeed must not be negative"),
            ("field noise as s\nprint s.position", "a field's position is NAME.x and NAME.y"),
        ]
        for (text, message) in cases {
            let s = ScriptSession()
            s.run(probe + "field spring as base\nstep 3\n")
            let (hash, count) = (s.hash, s.interp.session.order.count)
            // Each line on its own at the prompt: the failing one is taken back whole.
            var failure: String?
            for line in text.split(separator: "\n") {
                let file = SourceFile(name: "t.dyn", text: String(line))
                let (script, diagnostics) = Parser.parse(file)
                do { try s.interp.runEntry(script, diagnostics: diagnostics) } catch { failure = error.rendered }
            }
            #expect(failure?.contains(message) == true, "\(text): \(failure ?? "no error")")
            if !text.contains("\n") {
                #expect(s.hash == hash && s.interp.session.order.count == count, "\(text) changed the world")
            }
        }
    }

    /// At most 32 fields (the reference's limit): the 33rd is refused and the entry changes nothing.
    @Test func theThirtyThirdFieldIsRefused() throws {
        let s = ScriptSession()
        #expect(s.run("for i in 0..<32 { field spring strength i }\n") == nil)
        let hash = s.hash
        let (script, diagnostics) = Parser.parse(SourceFile(name: "t.dyn", text: "field vortex as extra"))
        #expect(throws: ScriptFailure.self) { try s.interp.runEntry(script, diagnostics: diagnostics) }
        #expect(s.hash == hash && s.interp.session.entity(named: "extra") == nil)
        #expect(s.run("field vortex as extra\n")?.contains("a world holds at most 32 fields") == true)
    }

    /// A custom field made in a composite goes, with its force, when the composite is switched off.
    @Test func aCustomFieldInACompositeGoesWithIt() throws {
        let s = ScriptSession()
        s.run(probe + "behavior push { field custom force 1 0 as c }\nset push.active no\n")
        #expect(s.interp.session.fieldForces.isEmpty && s.interp.session.world.fieldCount == 0)
        s.run("set push.active yes\nstep\n")
        #expect(s.interp.session.fieldForces.count == 1)
        #expect(relativeError(try s.number("ball.vx") * 60, 100) < 1e-9)
    }

    @Test func checkFindsFieldErrorsWithoutRunning() {
        let interp = Interpreter(write: { _ in })
        let ds = interp.check(SourceFile(name: "c.dyn", text: """
            field spring smoothness 1
            field vortex region disc(-1)
            field drag region circle(5)
            field radial gravity region disc(r)
            set f.region union(disc(1), rect(2, 2))
            set f.region dsc(1)

            """))
        // Four errors of the fields themselves, and `r`, which nothing in the script defines.
        #expect(ds.map(\.message).count == 5, "\(ds.map(\.message))")
        #expect(ds.contains { $0.message.contains("unknown name 'r'") })
        #expect(ds.first?.message.contains("smoothness is not a property of spring fields") == true)
    }

    @Test func helpAndCompletionKnowTheFields() {
        let help = Reference.help("field") ?? ""
        for k in FieldLanguage.kinds { #expect(help.contains(k.words)) }
        #expect(help.contains("minimumRadius") && help.contains("(pt)") && help.contains("[noise, turbulence]"))
        let s = ScriptSession()
        s.run("field noise as n\n")
        let c = s.interp.session.completionContext
        #expect(Completion.candidates(line: "print n.sm", cursor: 10, context: c) == ["n.smoothness"])
        #expect(Completion.candidates(line: "field vo", cursor: 8, context: c) == ["vortex"])
        #expect(Completion.candidates(line: "field noise anim", cursor: 16, context: c) == ["animationSpeed"])
        #expect(Completion.candidates(line: "field spring region di", cursor: 22, context: c) == ["difference(", "disc("])
        #expect(Completion.candidates(line: "set n.region in", cursor: 15, context: c) == ["intersection(", "inverse("])
    }
}
