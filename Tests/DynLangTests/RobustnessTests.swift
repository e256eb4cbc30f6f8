// Regression tests for hostile input (issue #15): each crash, hang and NaN found by the
// examination and the fuzzer, and its neighbours.

import Dynamics
@testable import DynamicsMath
import DynSystem
import DynTestSupport
import Foundation
import Testing
@testable import DynLang

private func message(_ text: String) -> String {
    run(text).failure?.diagnostics.first?.message ?? "(no error)"
}

struct SteppingInsideHandlersTests {
    @Test(arguments: ["step", "step 3", "run 1", "record 1 to x.gif", "plot a.y over 0.1"])
    func everyStepCannotStep(_ command: String) {
        let m = message("add view a frame 0 0 10 10\nevery step { \(command) }\nstep\n")
        #expect(m.contains("cannot step the world here"), "\(command): \(m)")
    }

    @Test func contactHandlerCannotStep() {
        let m = message("""
            world 400 400
            add view a frame 180 100 40 40
            boundary floor line 0 300 400 300
            gravity
            collide a
            on contact a floor { run 1 }
            run 2
            """)
        #expect(m.contains("cannot step the world here"))
    }

    @Test func handlerCannotSaveOrUndo() throws {
        let dir = try temporaryFolder()
        #expect(message("add view a frame 0 0 10 10\nevery step { save \"\(dir)/s.dyn\" }\nstep\n").contains("cannot save here"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/s.dyn"))
        #expect(message("add view a frame 0 0 10 10\nevery step { undo }\nstep\n").contains("cannot undo here"))
    }

    @Test func steppingAtTopLevelStillRunsHandlers() {
        let (out, failure) = run("let n = 0\nevery step { set n n + 1 }\nstep 5\nprint n\n")
        #expect(failure == nil)
        #expect(out == "5\n")
    }

    @Test func actionRemovedByAnEarlierOneDoesNotRunThatFrame() {
        let (out, failure) = run("""
            let n = 0
            let removed = false
            every step as first { if not removed { remove second; set removed true } }
            every step as second { set n n + 1 }
            step 3
            print n
            """)
        #expect(failure == nil)
        #expect(out == "0\n")
    }

    @Test func removeTheSameNameTwiceIsRefused() {
        let interp = Interpreter(write: { _ in })
        #expect(run("add view a frame 0 0 10 10\nremove a a\n", in: interp).failure?.diagnostics.first?.message == "'a' is named twice")
        #expect(interp.session.entity(named: "a") != nil)
    }
}

struct NestingLimitTests {
    /// Each of these built a tree 20,000 deep: the interpreter, the checker and freeing the
    /// tree overflowed the stack. They are refused by the parser now, before anything runs.
    @Test(arguments: [
        "print " + Array(repeating: "1", count: 20_000).joined(separator: "+"),
        "print " + Array(repeating: "true", count: 20_000).joined(separator: " and "),
        "print " + Array(repeating: "\"a\"", count: 20_000).joined(separator: " + "),
        "print " + Array(repeating: "2", count: 5_000).joined(separator: " * ") + " - 1",
        "if false { }" + String(repeating: " else if false { }", count: 20_000),
        "print " + String(repeating: "-", count: 20_000) + "1",
        "print " + String(repeating: "not ", count: 20_000) + "true",
        "print " + String(repeating: "(", count: 20_000) + "1" + String(repeating: ")", count: 20_000),
        String(repeating: "{", count: 20_000) + String(repeating: "}", count: 20_000),
    ])
    func deepTreesAreRefused(_ text: String) {
        let file = SourceFile(name: "t.dyn", text: text)
        let (_, diagnostics) = Parser.parse(file)
        #expect(!diagnostics.isEmpty)
        #expect(diagnostics.count <= Limits.errorsShown + 1)
        // The checker and the interpreter see the same diagnostics and never recurse deep.
        let interp = Interpreter(write: { _ in })
        #expect(!interp.check(file).isEmpty)
        #expect(run(text).failure != nil)
    }

    @Test func chainsWithinTheLimitRun() {
        let n = Limits.nesting - 1
        let (out, failure) = run("print " + Array(repeating: "1", count: n).joined(separator: "+"))
        #expect(failure == nil)
        #expect(out == "\(n)\n")
        let ifs = "let x = 777\nif x == 0 { print 0 }" + (1..<Limits.elseIfs).map { " else if x == \($0) { print \($0) }" }.joined() + "\n"
        #expect(run(ifs).output == "777\n")
    }

    @Test func chainMessageSaysWhatToDo() {
        let m = message("print " + Array(repeating: "1", count: 1000).joined(separator: "+"))
        #expect(m.contains("expression too long"))
        let elseIfs = message("if false { }" + String(repeating: " else if false { }", count: 1001))
        #expect(elseIfs.contains("too many 'else if'") || elseIfs.contains("too deeply nested"), "\(elseIfs)")
    }
}

struct FloodTests {
    @Test func manyClosingBracesAreCappedAndQuotedAsAWindow() {
        let text = String(repeating: "}", count: 100_000)
        let (_, diagnostics) = Parser.parse(SourceFile(name: "t.dyn", text: text))
        #expect(diagnostics.count == Limits.errorsShown + 1)
        #expect(diagnostics.last!.message.contains("more errors not shown"))
        let rendered = diagnostics.map { $0.rendered() }.joined()
        // Each quote is a window, not the 100,000-character line.
        #expect(rendered.utf8.count < 60 * 500)
        #expect(diagnostics.contains { $0.message.contains("line longer than") })
    }

    @Test func windowKeepsTheCaretUnderThePlace() {
        let text = "print \"" + String(repeating: "x", count: 300) + "\" + nope"
        let rendered = run(text).failure?.rendered ?? ""
        let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count >= 3)
        let quote = Array(lines[1].unicodeScalars)
        let caret = Array(lines[2].unicodeScalars)
        #expect(quote.count <= Limits.quotedWidth + 2)
        let at = caret.firstIndex(of: "^")!
        #expect(String(String.UnicodeScalarView(quote[at..<(at + 4)])) == "nope")
    }

    @Test func longNamesAreRefusedAndSuggestionsStayCheap() {
        let long = String(repeating: "a", count: 100_000)
        let clock = ContinuousClock()
        let start = clock.now
        let failure = run("let \(String(repeating: "a", count: 99_999))b = 1\nprint \(long)\n").failure
        #expect(failure?.diagnostics.contains { $0.message.contains("name longer than \(Limits.nameLength)") } == true)
        // The suggestion for a name of the limit's length among many is bounded too.
        var script = ""
        for i in 0..<2000 { script += "let v\(i)_" + String(repeating: "q", count: 240) + " = 1\n" }
        script += "print v5_" + String(repeating: "q", count: 239) + "z\n"
        let m2 = message(script)
        #expect(m2.contains("unknown name"))
        #expect(clock.now - start < .seconds(60))
        #expect(Suggest.closest(to: long, in: ["a", long + "b"]) == nil)
    }

    @Test func crOnlyLineEndsGiveRightLinesAndCarets() {
        let rendered = run("print 1\rprint 2\rprint nope\r").failure?.rendered ?? ""
        #expect(rendered == "t.dyn:3:7: error: unknown name 'nope'\nprint nope\n      ^~~~\n")
        #expect(run("print 1\rprint 2\r\nprint 3\n").output == "1\n2\n3\n")
    }
}

struct FiniteNumbersTests {
    /// Extreme values of every item property, through `add view` and `set`: each is either
    /// refused with an error or accepted, and afterwards every number printed is finite,
    /// through stepping and energy.
    @Test func extremeValuesNeverMakeNonFiniteNumbers() {
        let extremes = ["1e308", "-1e308", "1e-310", "-1e-310", "1e200", "1e155", "1e13", "1e12", "-1e12", "0", "2", "1e-7"]
        let properties = ["x", "y", "vx", "vy", "angle", "spin", "density", "elasticity", "friction", "resistance",
                          "angularResistance", "charge"]
        let probes = ["a.x", "a.y", "a.vx", "a.vy", "a.angle", "a.spin", "a.mass", "a.inertia", "a.density",
                      "world.energy", "b.x", "b.y", "b.vx", "b.vy"]
        for model in ["ideal", "uikit"] {
            for p in properties {
                for v in extremes {
                    let interp = Interpreter(write: { _ in })
                    _ = run("""
                        set world.model "\(model)"
                        add view a frame 100 100 40 40 shape ellipse
                        add view b frame 100 300 200 20
                        set b.anchored yes
                        gravity a
                        collide a b
                        """, in: interp)
                    _ = run("set a.\(p) \(v)", in: interp)
                    _ = run("add view c frame \(v) \(v) \(v) \(v) \(p) \(v)", in: interp)
                    _ = run("kick a \(v) \(v)\nkick a \(v) \(v)", in: interp)
                    _ = run("push a instant \(v) \(v)", in: interp)
                    _ = run("gravity \(v) \(v)", in: interp)
                    _ = run("step 30", in: interp)
                    for probe in probes {
                        let (out, failure) = run("print \(probe)", in: interp)
                        #expect(failure == nil, "\(model) \(p) \(v): \(probe)")
                        let number = Double(out.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: ",", with: ""))
                        #expect(number?.isFinite == true, "\(model) \(p) \(v): \(probe) printed \(out)")
                    }
                }
            }
        }
    }

    @Test(arguments: [
        ("add view a frame 0 0 10 10 density 1e-310", "density must be at least 1e-12 (got 1e-310)"),
        ("add view a frame 0 0 1e200 1e200", "must be between -1e12 and 1e12"),
        ("add view a frame 0 0 10 10\nset a.density 1e308", "density must be between -1e12 and 1e12"),
        ("add view a frame 0 0 10 10\nset a.elasticity 1e308", "elasticity must be between"),
        ("add view a frame 0 0 10 10\nset a.elasticity 2.5", "elasticity must be between 0 and 2"),
        ("add view a frame 0 0 10 10\nset a.elasticity -0.5", "elasticity must be between 0 and 2"),
        ("add view a frame 0 0 10 10\nset a.angle 1e308", "angle must be between -1e12 and 1e12"),
        ("gravity 1e308 1e308", "must be between -1e12 and 1e12"),
        ("add view a frame 0 0 10 10\npush a instant 1 0\nset push1.magnitude 1e308", "magnitude must be between"),
        ("add view a frame 0 0 10 10\nkick a 1e308 1e308", "must be between -1e12 and 1e12"),
        ("add view a frame 0 0 10 10\nset a.vx 1e155", "vx must be between -1e12 and 1e12"),
        ("add view a frame 0 0 10 10\nset a.vx 40001", "vx must be between -40000 and 40000 pt/s"),
        ("add view a frame 0 0 1e-7 10", "width must be at least 1e-6"),
    ])
    func extremeValuesAreRefusedWithAClearError(_ script: String, _ expected: String) {
        let m = message(script)
        #expect(m.contains(expected), "\(script): \(m)")
    }

    @Test func speedJustUnderTheLimitIsKept() {
        let (out, failure) = run("add view a frame 0 0 10 10\nset a.vx 39999.5\nprint a.vx\n")
        #expect(failure == nil)
        #expect(out == "39999.5\n")
    }

    @Test func elasticityAboveOneGainsEnergyButStaysFinite() {
        // Per UIKit (not clamped): e = 2 doubles the speed of each bounce, up to the speed limit.
        let (out, failure) = run("""
            world 400 400
            add view a frame 180 100 40 40
            boundary floor line 0 300 400 300
            set a.elasticity 2
            gravity
            collide a
            run 30
            print a.vy
            print world.energy
            """)
        #expect(failure == nil)
        for line in out.split(separator: "\n") {
            let v = Double(line.replacingOccurrences(of: ",", with: ""))
            #expect(v?.isFinite == true, "\(line)")
            #expect(abs(v ?? 0) <= 40_000 * 40_000, "\(line)")
        }
    }

    @Test func hugeUikitEllipseIsBounded() {
        let (out, failure) = run("""
            set world.model "uikit"
            add view g frame 0 0 10 1e12 shape ellipse
            add view h frame 0 0 10 1e9 shape ellipse
            print g.mass > 0
            step 2
            """)
        #expect(failure == nil)
        #expect(out == "true\n")
    }
}

struct TrigonometryTests {
    /// Values from mpmath at 3000 bits of the exact doubles.
    @Test(arguments: [
        (1e18, -0.99296932074040507, true),
        (1e22, -0.85220084976718880, true),
        (1e300, -0.81788191211590860, true),
        (1e300, -0.57538611195754905, false),
        (1_000_001.0, 0.59914743901419226, true),
        (-1e15, -0.85827279317023584, true),
        (1.7976931348623157e308, -0.99998768942655994, false),
        (2e6, -0.65571431556347000, true),
        (123_456_789.123, 0.017722760166677856, false),
    ])
    func reductionIsRightForAnyFiniteAngle(_ x: Double, _ expected: Double, _ isSine: Bool) {
        let got = isSine ? DMath.sin(x) : DMath.cos(x)
        #expect(abs(got - expected) <= 4e-16, "\(isSine ? "sin" : "cos")(\(x)) = \(got), want \(expected)")
    }

    @Test func largeReductionAgreesWithSmallAtTheSwitch() {
        // Around 1e6 both reductions apply; they must agree to a few ulps.
        for k in 0..<200 {
            let x = 999_900.0 + Double(k) * 0.987
            let small = DMath.cosSin(x)
            let (q, r) = DMath.reduceLarge(x)
            let cs = DMath.cosSin(r)
            let large: (Double, Double) = [(cs.c, cs.s), (-cs.s, cs.c), (-cs.c, -cs.s), (cs.s, -cs.c)][q]
            #expect(abs(small.c - large.0) < 1e-15 && abs(small.s - large.1) < 1e-15, "\(x)")
        }
    }

    @Test func sinOfAHugeAngleAtTheLanguage() {
        #expect(run("print sin(1e18) < 0 and sin(1e18) > -1\n").output == "true\n")
    }
}

struct SaveRobustnessTests {
    @Test func saveRefusesLinksDevicesAndReadOnlyFilesAndKeepsTheMode() throws {
        let dir = try temporaryFolder()
        let target = dir + "/real.dyn"
        try "keep me\n".write(toFile: target, atomically: false, encoding: .utf8)
        symlink(target, dir + "/link.dyn")
        let linked = message("add view a frame 0 0 10 10\nsave \"\(dir)/link.dyn\"\n")
        #expect(linked.contains("symbolic link"), "\(linked)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me\n")
        #expect(message("save \"/dev/null\"").contains("not a regular file"))
        #expect(message("save \"\(dir)\"").contains("folder"))
        let readOnly = dir + "/ro.dyn"
        try "old\n".write(toFile: readOnly, atomically: false, encoding: .utf8)
        chmod(readOnly, 0o444)
        if geteuid() != 0 {
            #expect(message("save \"\(readOnly)\"").contains("read-only"))
            #expect(try String(contentsOfFile: readOnly, encoding: .utf8) == "old\n")
        }
        let kept = dir + "/kept.dyn"
        try "old\n".write(toFile: kept, atomically: false, encoding: .utf8)
        chmod(kept, 0o640)
        #expect(run("add view a frame 0 0 10 10\nsave \"\(kept)\"\n").failure == nil)
        var info = stat()
        stat(kept, &info)
        #expect(info.st_mode & 0o777 == 0o640)
        let missing = message("save \"\(dir)/no/such/folder/x.dyn\"")
        #expect(missing.contains("does not exist"), "\(missing)")
        #expect(!missing.contains("NSCocoaErrorDomain"))
    }

    @Test func saveAfterAChangeInTheSameStatementIsRefused() throws {
        let dir = try temporaryFolder()
        #expect(message("{ add view a frame 0 0 10 10; save \"\(dir)/x.dyn\" }").contains("cannot save after a change"))
        #expect(message("for i in 0..<2 { step 1; save \"\(dir)/y.dyn\" }").contains("cannot save after a change"))
        #expect(run("{ save \"\(dir)/z.dyn\" }\n").failure == nil)
    }

    @Test func sourceIsSavedByContent() throws {
        let dir = try temporaryFolder()
        try "add view a frame 10 20 30 40\nlet k = 3\n".write(toFile: dir + "/lib.dyn", atomically: false, encoding: .utf8)
        let interp = Interpreter(write: { _ in })
        #expect(run("source \"\(dir)/lib.dyn\"\nstep 2\nsave \"\(dir)/saved.dyn\"\n", in: interp).failure == nil)
        // The library changes afterwards: the saved world must not.
        try "add view a frame 99 99 1 1\nlet k = 4\n".write(toFile: dir + "/lib.dyn", atomically: false, encoding: .utf8)
        let (out, failure) = run("source \"\(dir)/saved.dyn\"\nprint a.width\nprint k\n")
        #expect(failure == nil)
        #expect(out == "30\n3\n")
        let saved = try String(contentsOfFile: dir + "/saved.dyn", encoding: .utf8)
        #expect(!saved.contains("lib.dyn"))
    }

    @Test func noBailRollsBackAFailedStatementSoTheReplayMatches() throws {
        let dir = try temporaryFolder()
        let interp = Interpreter(write: { _ in })
        interp.settings.bail = false
        _ = run("""
            add view a frame 100 100 20 20
            gravity a
            { add view b frame 0 0 10 10; set a.vx 5; print nope }
            step 10
            save "\(dir)/w.dyn"
            """, in: interp)
        #expect(interp.session.entity(named: "b") == nil)
        let replay = Interpreter(write: { _ in })
        #expect(run("source \"\(dir)/w.dyn\"", in: replay).failure == nil)
        #expect(replay.session.world.property(.x, of: try #require(itemID(replay, "a")))
                == interp.session.world.property(.x, of: try #require(itemID(interp, "a"))))
        #expect(replay.session.world.property(.y, of: try #require(itemID(replay, "a")))
                == interp.session.world.property(.y, of: try #require(itemID(interp, "a"))))
    }

    private func itemID(_ interp: Interpreter, _ name: String) -> ItemID? {
        if case .item(let id)? = interp.session.entity(named: name) { return id }
        return nil
    }

    @Test func sourceReadsDevices() {
        #expect(run("source /dev/null\nprint 1\n").output == "1\n")
    }
}

/// A script that cannot reach `undo` keeps no copies of the world for it, and behaves the same.
@Suite struct UndoHistoryCostTests {
    @Test func mayUndoSeesUndoAndSourceOnly() {
        #expect(Interpreter.mayUndo(SourceFile(name: "a", text: "add view a frame 0 0 10 10\nundo\n")))
        #expect(Interpreter.mayUndo(SourceFile(name: "a", text: "if true { undo }\n")))
        #expect(Interpreter.mayUndo(SourceFile(name: "a", text: "source \"lib.dyn\"\n")))
        #expect(!Interpreter.mayUndo(SourceFile(name: "a", text: "add view a frame 0 0 10 10\nprint \"undo\"\n")))
    }

    @Test func withoutHistoryAScriptKeepsNoStatesAndEndsInTheSameWorld() throws {
        var text = "world 400 300\n"
        for i in 0..<200 { text += "add view b\(i) frame \(i % 20 * 20) \(i / 20 * 20) 10 10\n" }
        text += "gravity\nstep 10\n"
        let kept = Interpreter(write: { _ in })
        try kept.run(SourceFile(name: "s", text: text))
        let lean = Interpreter(write: { _ in })
        lean.keepsUndoHistory = false
        try lean.run(SourceFile(name: "s", text: text))
        #expect(kept.undoableCount == Interpreter.undoLimit)
        #expect((lean.undoableCount == 0))
        #expect(lean.session.world.stateHash() == kept.session.world.stateHash())
    }

    @Test func noBailStillRollsBackAFailedStatementWithoutHistory() throws {
        let interp = Interpreter(write: { _ in })
        interp.keepsUndoHistory = false
        interp.settings.bail = false
        try interp.run(SourceFile(name: "s", text: "add view a frame 0 0 10 10\n{\n  add view b frame 0 0 10 10\n  add view a frame 0 0 1 1\n}\n"))
        // The block failed on its second command: its first command is taken back too.
        #expect(interp.session.entity(named: "b") == nil)
        #expect(interp.session.entity(named: "a") != nil)
    }
}
