import DynTestSupport
import Foundation
import Testing

/// The program as a user runs it: arguments, standard input, output and exit statuses.
struct ProgramTests {
    @Test func runsAFileAndPrints() throws {
        let dir = try temporaryFolder()
        try "add view b frame 0 0 100 100\ngravity\nstep 60\nprint b.vy\n".write(toFile: dir + "/a.dyn", atomically: true, encoding: .utf8)
        let r = try runDyn(["a.dyn"], directory: dir)
        #expect(r.status == 0)
        #expect(r.stdout == "1000\n")
        #expect(r.stderr == "")
    }

    @Test func filesShareOneWorld() throws {
        let dir = try temporaryFolder()
        try "add view b frame 0 0 10 10\n".write(toFile: dir + "/one.dyn", atomically: true, encoding: .utf8)
        try "print b.x\n".write(toFile: dir + "/two.dyn", atomically: true, encoding: .utf8)
        let r = try runDyn(["one.dyn", "two.dyn", "-e", "print world.items"], directory: dir)
        #expect(r.status == 0)
        #expect(r.stdout == "5\n1\n")
    }

    @Test func evaluatesCode() throws {
        let r = try runDyn(["-e", "print 1 + 1"])
        #expect(r.status == 0 && r.stdout == "2\n")
    }

    @Test func runsStandardInputWithoutATerminal() throws {
        let r = try runDyn([], input: "let x = 20\nprint x * 2\n")
        #expect(r.status == 0)
        #expect(r.stdout == "40\n")
    }

    @Test func exitStatusOneForAFailedAssert() throws {
        let r = try runDyn(["-e", "print 1\nassert 1 == 2\nprint 2"])
        #expect(r.status == 1)
        #expect(r.stdout == "1\n")
        #expect(r.stderr == "-e:2:8: error: assertion failed: 1 == 2\nassert 1 == 2\n       ^~~~~~\n")
    }

    @Test func exitStatusTwoForOtherErrors() throws {
        let r = try runDyn(["-e", "add view b frame 0 0 10 10 density -2"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("-e:1:36: error: density must be greater than 0 (got -2)\n"))
        let missing = try runDyn(["no-such-file.dyn"])
        #expect(missing.status == 2)
        #expect(missing.stderr == "no-such-file.dyn: error: no such file\n")
    }

    @Test func reportsEverySyntaxErrorOfAFile() throws {
        let r = try runDyn(["-e", "print (1\nlet = 3\nprint \"ok\"\nfor i in 0 { }\n"])
        #expect(r.status == 2)
        let errors = r.stderr.components(separatedBy: "\n").filter { $0.hasPrefix("-e:") }
        #expect(errors.count == 3, "\(r.stderr)")
        #expect(r.stdout == "")
    }

    @Test func checkPrintsDiagnosticsAndRunsNothing() throws {
        let dir = try temporaryFolder()
        try "print \"ran\"\nadd view b frme 0 0 1 1\n".write(toFile: dir + "/bad.dyn", atomically: true, encoding: .utf8)
        try "print \"ran\"\n".write(toFile: dir + "/good.dyn", atomically: true, encoding: .utf8)
        let bad = try runDyn(["check", "bad.dyn"], directory: dir)
        #expect(bad.status == 2)
        #expect(bad.stdout == "")
        #expect(bad.stderr.contains("bad.dyn:2:12: error: unknown option 'frme' for 'add'; did you mean 'frame'?"))
        let good = try runDyn(["check", "good.dyn"], directory: dir)
        #expect(good.status == 0 && good.stdout == "" && good.stderr == "")
    }

    @Test func testCommandReportsPerScriptAndTotals() throws {
        let dir = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/t/_lib", withIntermediateDirectories: true)
        try "assert 1 == 1\nprint 3 # expect: 3\n".write(toFile: dir + "/t/a.dyn", atomically: true, encoding: .utf8)
        try "assert 1 == 2\n".write(toFile: dir + "/t/b.dyn", atomically: true, encoding: .utf8)
        try "print 4 # expect: 5\n".write(toFile: dir + "/t/c.dyn", atomically: true, encoding: .utf8)
        try "print nope\n# expect-error: unknown name 'nope'\n".write(toFile: dir + "/t/d.dyn", atomically: true, encoding: .utf8)
        try "assert false\n".write(toFile: dir + "/t/_lib/helper.dyn", atomically: true, encoding: .utf8)
        let r = try runDyn(["test", "t"], directory: dir)
        #expect(r.status == 1)
        let lines = r.stdout.components(separatedBy: "\n")
        #expect(lines.first == "PASS t/a.dyn")
        #expect(lines.contains("FAIL t/b.dyn"))
        #expect(lines.contains("FAIL t/c.dyn"))
        #expect(lines.contains("    output line 1: expected '5', got '4'"))
        #expect(lines.contains("PASS t/d.dyn"))
        #expect(!r.stdout.contains("helper"))
        #expect(lines.dropLast().last == "2 passed, 2 failed")
        let ok = try runDyn(["test", "t/a.dyn", "t/d.dyn"], directory: dir)
        #expect(ok.status == 0)
        #expect(ok.stdout.hasSuffix("2 passed, 0 failed\n"))
    }

    @Test func helpAndVersion() throws {
        let help = try runDyn(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("USAGE"))
        #expect(help.stdout.contains("check"))
        let version = try runDyn(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("0."))
    }

    /// The same script prints the same bytes, run after run.
    @Test func outputIsDeterministic() throws {
        let script = "add view a frame 0 0 30 70 shape ellipse spin 3 vx 40\nadd view b frame 50 0 20 20 shape path 0 -10 10 10 -10 10\nadd group g a b\ngravity angle 1 magnitude 0.7\nset world.model \"uikit\"\nfor i in 0..<20 { step 7; print g; print a }\n"
        let first = try runDyn(["-e", script])
        let second = try runDyn(["-e", script])
        #expect(first.status == 0)
        #expect(first.stdout.count > 1000)
        #expect(first.stdout == second.stdout)
    }
}

/// `dyn test` itself, as CI would call it, over every script the project ships.
struct ShippedScriptsTests {
    @Test func dynTestPassesOnTheProjectsScripts() throws {
        let r = try runDyn(["test", "Tests/Scripts", "Docs/demos"])
        #expect(r.status == 0, "\(r.stdout)\(r.stderr)")
        let last = r.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasSuffix(" passed, 0 failed"))
    }
}

/// `save` writes a script that rebuilds the world exactly: running N steps, saving, loading and
/// running M more prints exactly what the original prints after N + M, contacts, joints,
/// sleeping and the uikit accumulator included.
struct SaveTests {
    static let world = """
        set world.model "uikit"
        world 400 600
        add view a frame 50 100 80 80
        add view b frame 60 0 60 60 angle 10deg
        add view ball frame 250 50 60 60 shape ellipse elasticity 0.6
        add view bob frame 300 300 20 20 shape ellipse
        attach anchor bob to 200 200 as string
        collide all bounds
        gravity angle 80deg
        let hits = 0
        on contact ball bounds { set hits hits + 1 }
        every step { if world.steps == 50 { kick ball 300 -200 } }

        """

    @Test func savedWorldHasTheSameFuture() throws {
        let dir = try temporaryFolder()
        let original = try runDyn(["-e", SaveTests.world + "step 37\nstep 20\nsave saved.dyn\nstep 90\nprint world\nprint hits\n"], directory: dir)
        #expect(original.status == 0, "\(original.stderr)")
        let saved = try String(contentsOfFile: dir + "/saved.dyn", encoding: .utf8)
        #expect(saved.contains("step 57\n"), "consecutive steps are merged")
        #expect(saved.hasPrefix("# A dyn world"))
        let reloaded = try runDyn(["saved.dyn", "-e", "step 90\nprint world\nprint hits\n"], directory: dir)
        #expect(reloaded.status == 0, "\(reloaded.stderr)")
        #expect(original.stdout == reloaded.stdout)
        #expect(original.stdout.contains("world time 2.45 steps 147"))
        // Written atomically: no temporary file is left beside it.
        let files = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(files == ["saved.dyn"])
    }

    @Test func failedAndUndoneCommandsAreNotSaved() throws {
        let dir = try temporaryFolder()
        let r = try runDyn(["--no-bail", "-e", "let a = 1\nlet b = nope\nlet c = 3\nundo\nlet d = 4\nsave s.dyn\n"], directory: dir)
        #expect(r.status == 2)
        let saved = try String(contentsOfFile: dir + "/s.dyn", encoding: .utf8)
        #expect(saved.contains("let a = 1\nlet d = 4\n"))
        #expect(!saved.contains("let c"))
        #expect(!saved.contains("nope"))
    }

    @Test func saveReportsAFolderThatCannotBeWritten() throws {
        let r = try runDyn(["-e", "save /no/such/folder/x.dyn"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("cannot save to '/no/such/folder/x.dyn'"))
    }
}
