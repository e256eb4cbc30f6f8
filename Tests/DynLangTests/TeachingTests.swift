import Dynamics
import DynamicsMath
import DynSystem
import Foundation
import Testing
@testable import DynLang

/// The language a physics class measures with (issue #13): numbers, maths, functions, loop
/// control, `≈`, failed asserts that show their values, measured quantities, `run until`,
/// `measure`. Expected values are computed here independently (closed forms), not taken from
/// earlier output.
struct TeachingTests {
    private func run(_ text: String) -> (output: String, failure: ScriptFailure?) {
        var out = ""
        let interp = Interpreter(write: { out += $0 })
        do {
            try interp.run(SourceFile(name: "t.dyn", text: text))
            return (out, nil)
        } catch {
            return (out, error)
        }
    }

    /// The printed lines of a script that must succeed.
    private func lines(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String] {
        let (out, failure) = run(text)
        #expect(failure == nil, "\(failure?.rendered ?? "")", sourceLocation: sourceLocation)
        return out.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    private func error(_ text: String) -> String { run(text).failure?.rendered ?? "(no error)" }

    // MARK: Numbers

    @Test func printNeverHidesAValue() {
        #expect(lines("print 1e-9\nprint 0.0000004\nprint 1.5e20\nprint -1e20\nprint 0.5\nprint 0\n")
                == ["1e-09", "4e-07", "1.5e+20", "-1e+20", "0.5", "0"])
    }

    @Test func engineMessagesQuoteNumbersAsPrintDoes() {
        // The engine spells -1e20 its own way; the language shows it as print would.
        #expect(error("add view b frame 0 0 10 10\nset b.density -1e20\n").contains("(got -1e+20)"))
        // A value the engine's spelling rounds to 0 is shown as it is.
        #expect(error("add view b frame 0 0 10 10\nset b.density -0.0000004\n").contains("(got -4e-07)"))
    }

    // MARK: Maths

    @Test func mathFunctionsAndConstants() {
        let out = lines("""
            print exp(1)
            print e
            print log(e ^ 3)
            print log(1000, 10)
            print pow(2, 10)
            print 2 ^ 10
            print -2 ^ 2
            print 2 ^ 3 ^ 2
            print sinh(1)
            print cosh(1)
            print tanh(0.5)
            print sign(-3)
            print sign(0)
            print clamp(12, 0, 10)
            print clamp(-1, 0, 10)
            print round(3.14159, 2)
            print round(1250, -2)
            print round(2.5)
            """)
        let expected: [Double] = [M_E, M_E, 3, 3, 1024, 1024, -4, 512, Foundation.sinh(1), Foundation.cosh(1),
                                  Foundation.tanh(0.5), -1, 0, 10, 0, 3.14, 1300, 3]
        #expect(out == expected.map(formatNumber))
    }

    @Test func mathDomainErrorsAreClear() {
        #expect(error("print log(0)").contains("log is undefined for 0"))
        #expect(error("print log(8, 1)").contains("the base 1"))
        #expect(error("print (-8) ^ 0.5").contains("a negative number (-8) to a fractional power (0.5)"))
        #expect(error("print 0 ^ -1").contains("0 to a negative power"))
        #expect(error("print clamp(1, 5, 2)").contains("low end is above its high end"))
        #expect(error("print round(1, 0.5)").contains("whole number from -15 to 15"))
        #expect(error("print log(1, 2, 3)").contains("log takes 1 or 2 arguments, got 3"))
        #expect(error("print exp(1000)").contains("not a finite number"))
    }

    @Test func eIsAConstantAVariableMayHide() {
        #expect(lines("let e = 2\nprint e * 3\n") == ["6"])
        #expect(lines("add view e frame 0 0 10 10\nprint e.x\n") == ["5"])
    }

    // MARK: Functions and loop control

    @Test func userFunctionsReturnValuesAndSeeGlobalsNotCallersLocals() {
        let out = lines("""
            let g = 10
            fn f(a, b) {
                let local = a * b
                return local + g
            }
            fn fact(n) {
                if n <= 1 { return 1 }
                return n * fact(n - 1)
            }
            fn hello(name) {
                print "hello {name}"
            }
            print f(2, 3)
            print fact(10)
            hello("class")
            for i in 0..<1 {
                let hidden = 5
                fn peek() { return hidden }
            }
            """)
        #expect(out == ["16", "3628800", "hello class"])
        #expect(error("fn peek() { return hidden }\nfor i in 0..<1 { let hidden = 5; print peek() }\n")
                    .contains("unknown name 'hidden'"))
    }

    @Test func functionErrors() {
        #expect(error("fn f(a) { return a }\nprint f(1, 2)").contains("f takes 1 argument (a), got 2"))
        #expect(error("fn f() { let x = 1 }\nprint f()").contains("f returns no value"))
        #expect(error("fn sin(x) { return x }").contains("'sin' is a built-in function"))
        #expect(error("fn f(a, a) { return a }").contains("the parameter 'a' is named twice"))
        #expect(error("fn f(n) { return f(n + 1) }\nprint f(0)").contains("calls nested more than 64 deep"))
        #expect(error("return 1").contains("'return' outside a function"))
        #expect(error("break").contains("'break' outside a loop"))
        #expect(error("fn f() { continue }").contains("'continue' outside a loop"))
        // An action's body is not inside the loop that defines it.
        #expect(error("for i in 0..<2 { every step { break } }").contains("'break' outside a loop"))
    }

    @Test func breakAndContinue() {
        let out = lines("""
            for i in 0..<10 {
                if i == 5 { break }
                if i % 2 == 0 { continue }
                print i
            }
            let n = 0
            while true {
                set n = n + 1
                if n < 3 { continue }
                break
            }
            print n
            for i in 0..<2 {
                for j in 0..<5 {
                    if j == 1 { break }
                    print "{i} {j}"
                }
            }
            """)
        #expect(out == ["1", "3", "3", "0 0", "1 0"])
    }

    @Test func functionsRoundTripThroughTheCanonicalPrinter() {
        let text = "fn f(a, b) {\n    return (a ^ b)\n}\nf(1, 2)\nfor i in 0..<3 {\n    break\n}\n"
        let (script, diagnostics) = Parser.parse(SourceFile(name: "t", text: text))
        #expect(diagnostics.isEmpty)
        #expect(ASTPrinter.print(script) == text)
    }

    // MARK: Comparing measured values

    @Test func approximatelyWithin() {
        #expect(lines("print 1 ≈ 1.05 within 0.1\nprint 1 ~= 1.2 within 0.1\nprint near(3, 3.001, 0.01)\nprint 1 + 1 ≈ 2 within 0 and true\n")
                == ["true", "false", "true", "true"])
        #expect(error("print 1 ≈ 2").contains("expected 'within' and a tolerance after '1 ≈ 2'"))
        #expect(error("print 1 ≈ 2 within -1").contains("the tolerance must not be negative"))
    }

    @Test func failedAssertsShowTheValuesCompared() {
        // print shows 1000; the failed assert shows every digit, so the difference is visible.
        let text = "let v = 999.9999999999991\nassert v == 1000\n"
        #expect(lines("print 999.9999999999991\n") == ["1000"])
        #expect(error(text).contains("assertion failed: v == 1000 (v is 999.9999999999991)"))
        #expect(error("let a = 3\nlet b = 4\nassert a > b\n").contains("assertion failed: a > b (a is 3, b is 4)"))
        #expect(error("let a = 3\nassert a ≈ 3.5 within 0.1\n").contains("(a is 3, they differ by 0.5)"))
        #expect(error("assert 1 + 1 == 3, \"sums\"\n").contains("assertion failed: sums (1 + 1 is 2)"))
        // A side with output of its own is not run twice with output.
        let (out, _) = run("fn loud() { print \"once\"; return 1 }\nassert loud() == 2\n")
        #expect(out == "once\n")
    }

    // MARK: Measuring

    @Test func itemMomentumSpeedAndEnergy() {
        // A 40 × 20 view of density 2: mass 0.16; velocity (30, -40).
        let out = lines("""
            add view b frame 0 0 40 20 density 2 vx 30 vy -40
            print b.speed
            print b.momentumX
            print b.momentumY
            print b.kineticEnergy
            print world.kineticEnergy
            """)
        #expect(out == ["50", formatNumber(0.16 * 30), formatNumber(0.16 * -40), formatNumber(0.5 * 0.16 * 2500), formatNumber(0.5 * 0.16 * 2500)])
        #expect(error("add view b frame 0 0 4 4\nset b.speed 3\n").contains("b.speed cannot be set"))
    }

    @Test func potentialEnergyOfGravityAndSprings() {
        // Gravity down: m g h with h the height above the floor (world height 500).
        let out = lines("""
            world 300 500
            add view b frame 90 90 20 20
            gravity
            print world.potentialEnergy
            print world.energy
            """)
        let m = 0.04
        #expect(out == [formatNumber(m * 1000 * 400), formatNumber(m * 1000 * 400)])
        // Gravity up (and sideways): the reference is the edge it points to.
        #expect(lines("world 300 500\nadd view b frame 90 90 20 20\ngravity 0 -0.5\nprint world.potentialEnergy\n")
                == [formatNumber(m * 500 * 100)])
        // A spring of 2 Hz stretched 30 points beyond its length: ½ m (2π·2)² 30².
        let spring = lines("""
            add view b frame 90 190 20 20
            attach anchor b to 100 100 frequency 2 as s
            set s.length 70
            print world.potentialEnergy
            """)
        #expect(spring == [formatNumber(0.5 * m * pow(2 * Double.pi * 2, 2) * 900)])
    }

    @Test func energyIsConservedInAFall() throws {
        // Gravity alone: what the fall takes from potential energy it gives to kinetic energy
        // (within 2 %: the integrator's own error over one second of 60 frames is about 1 %).
        let out = lines("""
            world 400 2000
            add view b frame 190 90 20 20 vx 50
            gravity
            let e0 = world.energy
            let p0 = world.potentialEnergy
            run 1
            print abs(world.energy - e0) / e0 < 0.02
            print abs((p0 - world.potentialEnergy) - (world.kineticEnergy - 0.5 * b.mass * 50 ^ 2)) / (p0 - world.potentialEnergy) < 0.02
            """)
        #expect(out == ["true", "true"])
    }

    @Test func runUntilStopsAtTheFirstFrameWhereTheConditionHolds() {
        // Free fall from rest, 1000 pt/s²: y(t) = 100 + 500 t² (the engine's semi-implicit Euler
        // gives 500 t² + 500 t/60, so the first frame n with y ≥ 600 is independent: computed here).
        var n = 0
        func y(_ n: Int) -> Double { 100 + 1000 * Double(n * (n + 1)) / 2 / 3600 }
        while y(n) < 600 { n += 1 }
        let out = lines("""
            world 400 2000
            add view ball frame 190 90 20 20
            gravity
            run until ball.y >= 600 max 5
            print world.steps
            print world.time * 60
            """)
        #expect(out.count == 3)
        #expect(out[0].hasPrefix("until ball.y >= 600: after "))
        #expect(out[1] == "\(n)" && out[2] == "\(n)")
        // Already true: no step. Never true within max: an error that says so.
        #expect(lines("run until world.time >= 0\nprint world.steps\n").last == "0")
        #expect(error("add view a frame 0 0 10 10\nrun until a.y > 1000 max 0.5\n").contains("did not hold within 0.5 s"))
        #expect(error("run until 3 max 1\n").contains("needs a condition that is true or false"))
    }

    @Test func measureFindsThePeriodAndPeakOfASpring() throws {
        // A 2 Hz spring (period 0.5 s), 200 long, released 40 pt below its rest point (y 300).
        let out = lines("""
            add view bob frame 90 330 20 20
            attach anchor bob to 100 100 frequency 2 as s
            set s.length 200
            measure bob.y over 3
            print measured.period
            print measured.max
            print measured.maxTime
            print measured.mean
            measure bob.y over 1 as again
            print again.samples
            """)
        #expect(out[0].hasPrefix("bob.y over 3 s: min "))
        #expect(abs(try #require(Double(out[1])) - 0.5) < 0.01)
        #expect(out[2] == "340" && out[3] == "0")
        #expect(abs(try #require(Double(out[4])) - 300) < 2)
        #expect(out[6] == "61")
        #expect(error("measure world.time over 0.1\nprint measured.period\n").contains("has no period"))
        #expect(error("measure world.time over 1\nprint measured.peak\n").contains("a measurement has no 'peak'"))
    }

    @Test func measureStatisticsOfAKnownSignal() {
        // A sampled sine of period 0.8 s: the crossings are interpolated, so the period is close.
        let times = (0...600).map { Double($0) / 60 }
        let values = times.map { 3 + 2 * Foundation.sin(2 * Double.pi * $0 / 0.8) }
        let s = MeasureCommand.statistics(times, values)
        #expect(abs(s["period"]! - 0.8) < 1e-3)
        #expect(abs(s["max"]! - 5) < 1e-2 && abs(s["min"]! - 1) < 1e-2)
        #expect(abs(s["amplitude"]! - 2) < 1e-2)
        #expect(s["samples"] == 601)
    }

    /// What a script prints with the shell's confirmations on (as at the prompt).
    private func confirmed(_ text: String) -> [String] {
        var out = ""
        let interp = Interpreter(write: { out += $0 })
        interp.settings.confirm = true
        do { try interp.run(SourceFile(name: "t.dyn", text: text)) } catch { return ["error: \(error.rendered)"] }
        return out.split(separator: "\n").map(String.init)
    }

    @Test func confirmationsSayWhatCommandsDid() throws {
        let dir = NSTemporaryDirectory() + "dyn-confirm-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(confirmed("""
            add view ball frame 0 0 10 10
            push ball continuous 0 2 as p
            for i in 0..<3 {
                step
            }
            undo
            undo
            save "\(dir)/s.dyn"
            reset
            undo
            set shell.quiet yes
            undo
            """) == [
                "p: pushes ball by (0, 2), a force every step until removed",
                "undid: for i in 0..<3 { ...",
                "undid: push ball continuous 0 2 as p",
                "saved 1 command to \(dir)/s.dyn",
                "reset: an empty world (undo brings the old one back)",
                "undid: reset",
            ])
        // A script says none of it: its output stays its own.
        #expect(lines("add view ball frame 0 0 10 10\npush ball instant 0 1\nundo\nreset\n").isEmpty)
    }

    @Test func runInAPausedWorldSaysItAdvancedNothing() {
        let out = confirmed("""
            set world.model "uikit"
            add view a frame 100 100 10 10
            run 3
            run 3s
            step 5
            """)
        // Nothing moves and nothing pulls: the world falls asleep, and then `run` says so.
        #expect(out.contains { $0.hasPrefix("run: the world is paused (every item asleep), so nothing advanced") })
        #expect(out.last?.hasPrefix("step: the world is paused") == true)
        // In the ideal model (no sleeping) nothing is said.
        #expect(confirmed("add view a frame 100 100 10 10\nrun 3\nstep 5\nprint world.steps\n") == ["185"])
    }

    @Test func checkFindsNamesAndPropertiesNothingDefines() {
        func messages(_ text: String) -> [String] {
            Interpreter(write: { _ in }).check(SourceFile(name: "c.dyn", text: text)).map(\.message)
        }
        #expect(messages("""
            add view ball frame 0 0 10 10
            gravity
            let h = 3
            print bal.x
            print ball.spd
            print world.tme
            print ball.speed + h + gravity.magnitude
            set ball.vx heigth
            for i in 0..<3 { print i }
            remove bal
            help items
            fn f(a) { return a + b }
            """) == [
                "unknown name 'bal': nothing in the script defines it; did you mean 'ball'?",
                "an item has no property 'spd'",
                "world has no property 'tme'; did you mean 'time'?",
                "unknown name 'heigth': nothing in the script defines it",
                "unknown name 'bal': nothing in the script defines it; did you mean 'ball'?",
                "unknown name 'b': nothing in the script defines it; did you mean 'a'?",
            ])
        // Defined later, in a loop, by an action or automatically: all known.
        #expect(messages("""
            every step as watch { print ball.x + later }
            add view ball frame 0 0 10 10
            let later = 1
            push ball instant 0 1
            print push1.magnitude
            measure ball.y over 1 as m
            print m.max + measured.period
            remove watch
            """).isEmpty)
        // A name made from a string, or a sourced file, may define anything: no name checks.
        #expect(messages("for i in 0..<2 { add view \"l{i}\" frame 0 0 5 5 }\nprint l1.x + nothing\n").isEmpty)
    }

    @Test func warnsOfContactHandlersNoCollisionLetsRun() {
        func warnings(_ text: String) -> [String] {
            var out: [String] = []
            let interp = Interpreter(write: { _ in })
            interp.warn = { out.append("\($0.location.file.lineAndColumn(of: $0.location.range.start).line): \($0.message)") }
            try? interp.run(SourceFile(name: "w.dyn", text: text))
            return out
        }
        let base = "add view a frame 0 0 10 10\nadd view b frame 50 0 10 10\nboundary floor line 0 100 100 100\n"
        // Nothing collides: a warning when the world first steps, once.
        #expect(warnings(base + "on contact a b { }\nstep\nstep\n")
                == ["4: no collision behavior lets 'a' and 'b' touch, so this handler never runs (add e.g. `collide a b`)"])
        // The collide may come after the handler: no warning.
        #expect(warnings(base + "on contact a b { }\ncollide a b\nstep\n").isEmpty)
        // A collision of the wrong mode, or of other items, does not let them touch.
        #expect(warnings(base + "on contact a b { }\ncollide a b mode boundaries\nstep\n").count == 1)
        #expect(warnings(base + "add view c frame 0 50 5 5\non contact a b { }\ncollide a c\nstep\n").count == 1)
        // Boundaries and bounds need the boundaries bit (and bounds the bounds option).
        #expect(warnings(base + "on contact a floor { }\ncollide a mode boundaries\nstep\n").isEmpty)
        #expect(warnings(base + "on contact a floor { }\ncollide a mode items\nstep\n").count == 1)
        #expect(warnings(base + "on contact bounds a { }\ncollide a\nstep\n").count == 1)
        #expect(warnings(base + "on contact bounds a { }\ncollide a bounds\nstep\n").isEmpty)
        #expect(warnings(base + "on contact a b { }\ncollide all\nstep\n").isEmpty)
    }

    @Test func helpForTopicsThatAreNotCommands() {
        #expect(lines("help spring\n").first?.hasPrefix("A spring is an attachment with a frequency: attach anchor ITEM to X Y frequency F") == true)
        #expect(lines("help rope\n").first?.contains("attach limit") == true)
        #expect(lines("help energy\n").first?.contains("world.potentialEnergy") == true)
        // Each pointer names help that exists.
        for p in HelpTopics.pointers {
            for case let m in p.text.matches(of: /help ([a-z]+)/) {
                let topic = String(m.1)
                #expect(Reference.help(topic) != nil || HelpTopics.text(topic) != nil, "\(p.topic) points to help \(topic)")
            }
        }
        #expect(error("help sprong\n").contains("no help for 'sprong'; did you mean 'spring'?"))
        // dyn check knows these topics too.
        #expect(Interpreter(write: { _ in }).check(SourceFile(name: "h", text: "help spring\nhelp hinge\n")).isEmpty)
    }

    @Test func helpWrapsToAWidth() {
        let text = "  name      " + Array(repeating: "word", count: 30).joined(separator: " ") + "\nshort\n"
        let wrapped = HelpTopics.wrap(text, width: 50)
        let rows = wrapped.split(separator: "\n")
        #expect(rows.allSatisfy { $0.count <= 50 })
        #expect(rows.first?.hasPrefix("  name      word word") == true)
        // Continuations start under the summary column.
        #expect(rows.dropFirst().dropLast().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 12) + "word") })
        #expect(rows.last == "short")
        // Nothing is lost or added but the breaks.
        #expect(wrapped.split(whereSeparator: { $0 == " " || $0 == "\n" }) == text.split(whereSeparator: { $0 == " " || $0 == "\n" }))
        // A word longer than the width is cut, not looped on.
        #expect(HelpTopics.wrap(String(repeating: "x", count: 130), width: 40).split(separator: "\n").map(\.count) == [40, 40, 40, 10])
    }

    @Test func checkKnowsFunctionsAndTheirArity() {
        let interp = Interpreter(write: { _ in })
        let ds = interp.check(SourceFile(name: "c.dyn", text: """
            fn f(a, b) { return a + b }
            print f(1, 2)
            print f(1)
            print g(1)
            print log(1, 2, 3)
            """))
        #expect(ds.map(\.message) == ["f takes 2 arguments, got 1", "unknown function 'g'", "log takes 1 or 2 arguments, got 3"])
    }
}
