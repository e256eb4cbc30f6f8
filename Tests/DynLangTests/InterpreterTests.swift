import Dynamics
import DynamicsMath
import DynSystem
import Testing
@testable import DynLang

/// Runs `text` as a script and returns what it printed, or the failure.

/// The rendered diagnostic of a script that must fail.
private func diagnostic(_ text: String) -> String {
    let (_, failure) = run(text)
    return failure?.rendered ?? "(no error)"
}

struct InterpreterTests {
    @Test func numbersPrintAsSpecified() {
        #expect(formatNumber(42) == "42")
        #expect(formatNumber(-0.5) == "-0.5")
        #expect(formatNumber(1.0 / 3) == "0.333333")
        #expect(formatNumber(-0.0) == "0")
        #expect(formatNumber(1e6) == "1000000")
        #expect(formatNumber(123.4560) == "123.456")
        // Small and huge values in exponent form, 6 significant digits: never a hidden value.
        #expect(formatNumber(-1e-9) == "-1e-09")
        #expect(formatNumber(2.5e-7) == "2.5e-07")
        #expect(formatNumber(0.0000004) == "4e-07")
        #expect(formatNumber(0.0005) == "5e-04")
        #expect(formatNumber(1.5e20) == "1.5e+20")
        #expect(formatNumber(-1e20) == "-1e+20")
        #expect(formatNumber(1.0 / 3 * 1e-5) == "3.33333e-06")
        #expect(formatNumber(123456789012345678) == "1.23457e+17")
        // The edges: 0.001 and just under 1e15 stay plain.
        #expect(formatNumber(0.001) == "0.001")
        #expect(formatNumber(999_999_999_999_999) == "999999999999999")
        #expect(formatNumber(1e15) == "1e+15")
    }

    // Golden text of runtime diagnostics: place, message, source line and caret.

    @Test func unknownItemSuggestsTheNearestName() {
        #expect(diagnostic("add view ball frame 0 0 10 10\nprint bal.x\n") == """
            t.dyn:2:7: error: unknown name 'bal'; did you mean 'ball'?
            print bal.x
                  ^~~

            """)
    }

    @Test func badValuesPointAtTheArgument() {
        #expect(diagnostic("add view b frame 0 0 10 -5\n") == """
            t.dyn:1:25: error: the height must be greater than 0, got -5
            add view b frame 0 0 10 -5
                                    ^~

            """)
        #expect(diagnostic("add view b frame 0 0 10 10 density 0\n") == """
            t.dyn:1:36: error: density must be greater than 0 (got 0)
            add view b frame 0 0 10 10 density 0
                                               ^

            """)
    }

    @Test func nonFiniteResultsAreRefused() {
        #expect(diagnostic("print sqrt(-1)\n").contains("sqrt is undefined for a negative number"))
        #expect(diagnostic("let x = 1 / 0\n") == """
            t.dyn:1:11: error: division by zero
            let x = 1 / 0
                      ^

            """)
        #expect(diagnostic("let x = 1e308 * 10\n").contains("not a finite number"))
    }

    @Test func misspelledCommandsAndOptionsAndProperties() {
        #expect(diagnostic("gravty 0 1\n").contains("unknown command 'gravty'; did you mean 'gravity'?"))
        #expect(diagnostic("add view b frame 0 0 1 1 elastcity 1\n").contains("unknown option 'elastcity' for 'add'; did you mean 'elasticity'?"))
        #expect(diagnostic("add view b frame 0 0 1 1\nprint b.vz\n").contains("an item has no property 'vz'; did you mean 'vx'?"))
        #expect(diagnostic("print world.tme\n").contains("world has no property 'tme'; did you mean 'time'?"))
        #expect(diagnostic("let speed = 1\nprint sped\n").contains("unknown name 'sped'; did you mean 'speed'?"))
        #expect(diagnostic("print sine(1)\n").contains("unknown function 'sine'; did you mean 'sin'?"))
    }

    @Test func typesAreChecked() {
        #expect(diagnostic("if 1 { }\n").contains("'if' needs a condition that is true or false, got a number (1)"))
        #expect(diagnostic("print 1 + true\n").contains("'+' needs numbers"))
        #expect(diagnostic("add view b frame 0 0 1 1\nset b.anchored 3\n").contains("b.anchored must be yes or no"))
        #expect(diagnostic("set world.model \"real\"\n").contains("unknown model 'real'"))
        #expect(diagnostic("step 2.5\n").contains("whole number"))
    }

    @Test func namesAreUsedOnce() {
        #expect(diagnostic("add view b frame 0 0 1 1\nlet b = 2\n").contains("the name 'b' is already used by an item"))
        #expect(diagnostic("let b = 2\nadd view b frame 0 0 1 1\n").contains("the name 'b' is already used by a variable"))
        #expect(diagnostic("let world = 2\n").contains("'world' is a reserved name"))
    }

    @Test func assertionFailureHasStatusOne() {
        let (_, failure) = run("assert 1 + 1 == 3\n")
        #expect(failure?.exitStatus == 1)
        #expect(failure?.rendered == """
            t.dyn:1:8: error: assertion failed: 1 + 1 == 3 (1 + 1 is 2)
            assert 1 + 1 == 3
                   ^~~~~~~~~~

            """)
        let (_, other) = run("print nothing\n")
        #expect(other?.exitStatus == 2)
    }

    @Test func syntaxErrorsStopBeforeAnythingRuns() {
        let (out, failure) = run("print 1\nprint (2\nprint 3\n")
        #expect(out == "")
        guard case .syntax(let ds)? = failure else {
            Issue.record("expected syntax errors")
            return
        }
        #expect(!ds.isEmpty)
    }

    /// A failed command changes nothing: a snapshot taken before it equals the state after it.
    @Test func failedCommandLeavesTheWorldAsItWas() {
        let interp = Interpreter(write: { _ in })
        _ = run("add view a frame 0 0 10 10\ngravity\nstep 3\n", in: interp)
        let before = interp.session.world.stateHash()
        // The second name is unknown: nothing may be removed.
        let (_, failure) = run("remove a nope\n", in: interp)
        #expect(failure != nil)
        #expect(interp.session.world.isValid(try! #require(itemID(interp, "a"))))
        // A gravity command with a bad item does not change the gravity either.
        _ = run("gravity 0 -1 on nope\n", in: interp)
        #expect(interp.session.world.stateHash() == before)
        #expect(interp.session.world.gravityVector(try! #require(behaviorID(interp, "gravity"))) == Vec2(0, 1))
    }

    /// The shell's rule: restore the session after a failing entry, even half-way through a loop.
    @Test func sessionSnapshotRestoresEverything() {
        let interp = Interpreter(write: { _ in })
        _ = run("let n = 1\nadd view a frame 0 0 10 10\ngravity\n", in: interp)
        let saved = interp.session
        let (_, failure) = run("for i in 0..<10 { step 1; set n n + 1; if i == 5 { print missing } }\n", in: interp)
        #expect(failure != nil)
        #expect(interp.session.world.frameCount == 6)
        interp.session = saved
        #expect(interp.session.world.frameCount == 0)
        #expect(run("print n\n", in: interp).output == "1\n")
    }

    @Test func checkModeFindsErrorsWithoutRunning() {
        let interp = Interpreter(write: { _ in })
        let file = SourceFile(name: "c.dyn", text: """
            add view b frame 0 0 10 10 colour red
            gravty
            step 1000000000
            print sin(1, 2)
            for i in 0..<3 { ad view x }

            """)
        let ds = interp.check(file)
        let messages = ds.map(\.message)
        #expect(messages.count == 4)
        #expect(messages[0].contains("unknown option 'colour'"))
        #expect(messages[1].contains("unknown command 'gravty'"))
        #expect(messages[2].contains("sin takes 1 argument, got 2"))
        #expect(messages[3].contains("unknown command 'ad'"))
        #expect(interp.session.world.frameCount == 0)
        #expect(interp.session.entityNames.isEmpty)
    }

    @Test func interruptStopsAtAFrameBoundary() {
        var polls = 0
        let interp = Interpreter(write: { _ in })
        interp.isInterrupted = {
            polls += 1
            return polls > 100
        }
        let (_, failure) = run("step 100000\n", in: interp)
        guard case .interrupted(let message)? = failure else {
            Issue.record("expected an interrupt")
            return
        }
        #expect(interp.session.world.frameCount == 100)
        #expect(message.contains("stopped after 100 of 100000 steps"))
    }

    @Test func actionsRunInOrderAfterEachStep() {
        let (out, failure) = run("""
            every step as first { print "a {world.steps}" }
            every step { print "b" }
            step 2

            """)
        #expect(failure == nil)
        #expect(out == "a 1\nb\na 2\nb\n")
    }

    @Test func behaviorsPrintTheirProperties() {
        let (out, _) = run("add view a frame 0 0 2 2\ngravity 0 -2 on a as up\nprint up\n")
        #expect(out == "up gravity dx 0 dy -2 angle -1.570796 magnitude 2 on a\n")
    }

    @Test func undoTakesBackCommandsThatChangedSomething() {
        let interp = Interpreter(write: { _ in })
        let (out, failure) = run("""
            add view a frame 0 0 2 2
            gravity
            step 10
            print a.vy
            undo
            print a.vy
            undo
            print world.items
            print "{world.steps}"
            undo
            print world.items

            """, in: interp)
        #expect(failure == nil)
        // `print` changes nothing, so each undo takes back one command that did.
        #expect(out == "166.666667\n0\n1\n0\n0\n")
        #expect((interp.undoableCount == 0))
        let (_, empty) = run("undo\n", in: interp)
        #expect(empty?.rendered.contains("nothing to undo") == true)
    }

    @Test func resetEmptiesTheWorldAndCanBeUndone() {
        let interp = Interpreter(write: { _ in })
        let (out, _) = run("""
            world 100 100
            let v = 3
            add view a frame 0 0 2 2
            reset
            print world.items
            print world.width
            undo
            print world.items
            print v

            """, in: interp)
        #expect(out == "0\n375\n1\n3\n")
    }

    @Test func bailOffReportsAndGoesOn() {
        var reported: [String] = []
        let interp = Interpreter(write: { _ in })
        interp.reportError = { reported.append($0.diagnostics.first?.message ?? "") }
        let (out, failure) = run("""
            set shell.bail no
            print 1
            print nope
            assert false
            print 2

            """, in: interp)
        #expect(failure == nil)
        #expect(out == "1\n2\n")
        #expect(reported == ["unknown name 'nope'", "assertion failed: false"])
        #expect(interp.survivedStatus == 2)
    }

    @Test func echoPrintsEachTopLevelCommand() {
        // Echoed commands are marked with `> ` (each line of them), so output stands apart.
        let (out, _) = run("set shell.echo yes\nlet x = 1; print x\nif x == 1 {\n  print \"one\"\n}\n")
        #expect(out == "> let x = 1\n> print x\n1\n> if x == 1 {\n>   print \"one\"\n> }\none\n")
    }

    @Test func timingReportsStepsPerSecond() {
        let (out, _) = run("set shell.timing yes\nstep 10\nprint shell.timing\n")
        let lines = out.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("time: 10 steps in ") && lines[0].hasSuffix(" steps/s)"))
        #expect(lines[1] == "true")
    }

    @Test func propertiesOfNamesBuiltFromStrings() {
        let (out, failure) = run("""
            for i in 0..<3 { add view "b{i}" frame (i * 10) 0 4 4 }
            for i in 0..<3 { set "b{i}".vx i * 2 }
            print "b2".vx + "b1".x
            print ASTcheck

            """)
        #expect(out == "16\n")
        #expect(failure?.rendered.contains("unknown name 'ASTcheck'") == true)
        let (script, ds) = Parser.parse(SourceFile(name: "p", text: "set \"a{i}\".x \"b{j}\".y + 1\n"))
        #expect(ds.isEmpty)
        #expect(ASTPrinter.print(script) == "set \"a{i}\".x (\"b{j}\".y + 1)\n")
        #expect(diagnostic("print \"not a name\".x\n").contains("'not a name' is not a valid name"))
    }

    private func itemID(_ interp: Interpreter, _ name: String) -> ItemID? {
        if case .item(let id)? = interp.session.entity(named: name) { return id }
        return nil
    }

    private func behaviorID(_ interp: Interpreter, _ name: String) -> BehaviorID? {
        if case .behavior(let id)? = interp.session.entity(named: name) { return id }
        return nil
    }
}
