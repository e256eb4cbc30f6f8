import DynTestSupport
import Foundation
import Testing

struct RobustProgramTests {
    @Test func usageErrorsExitWithTwo() throws {
        let r = try runDyn(["--no-such-option"])
        #expect(r.status == 2)
        #expect(r.stderr.contains("Unknown option"))
        let r2 = try runDyn(["check"])
        #expect(r2.status == 2)
    }

    /// `dyn test` runs each script in a process of its own and flushes each line: a failing
    /// script fails alone, and the ones after it still run.
    @Test func testRunnerIsolatesScripts() throws {
        let dir = try temporaryFolder()
        try "assert 1 == 1\n".write(toFile: dir + "/a.dyn", atomically: false, encoding: .utf8)
        try "print nope\n".write(toFile: dir + "/b.dyn", atomically: false, encoding: .utf8)
        try "every step { step }\nstep\n".write(toFile: dir + "/c.dyn", atomically: false, encoding: .utf8)
        try "print 1 # expect: 1\n".write(toFile: dir + "/d.dyn", atomically: false, encoding: .utf8)
        let r = try runDyn(["test", dir])
        #expect(r.status == 1)
        #expect(r.stdout.contains("PASS \(dir)/a.dyn"))
        #expect(r.stdout.contains("FAIL \(dir)/b.dyn\n    \(dir)/b.dyn:1:7: error: unknown name 'nope'"))
        #expect(r.stdout.contains("FAIL \(dir)/c.dyn"))
        #expect(r.stdout.contains("cannot step the world here"))
        #expect(r.stdout.contains("PASS \(dir)/d.dyn"))
        #expect(r.stdout.hasSuffix("2 passed, 2 failed\n"))
    }

    @Test func deepExpressionsFailCleanlyInEveryMode() throws {
        let dir = try temporaryFolder()
        let deep = "print " + Array(repeating: "1", count: 20_000).joined(separator: "+") + "\n"
        try deep.write(toFile: dir + "/deep.dyn", atomically: false, encoding: .utf8)
        for arguments in [["deep.dyn"], ["check", "deep.dyn"], ["test", "deep.dyn"]] {
            let r = try runDyn(arguments, directory: dir)
            #expect(r.status == (arguments.first == "test" ? 1 : 2), "\(arguments)")
            #expect((r.stdout + r.stderr).contains("expression too long"), "\(arguments)")
        }
        let stdin = try runDyn([], input: deep)
        #expect(stdin.status == 2)
    }

    @Test func sourceDevNull() throws {
        let r = try runDyn(["-e", "source /dev/null\nprint 1"])
        #expect(r.status == 0)
        #expect(r.stdout == "1\n")
    }
}
