import DynTestSupport
import Foundation
import Testing

/// The program's side of issue #13: syntax errors of every file first, `dyn test --timeout`,
/// `--echo` marks, and `dyn check` saying what it finds.
struct TeachProgramTests {
    @Test func syntaxErrorsOfEveryFileComeBeforeAnythingRuns() throws {
        let dir = try temporaryFolder()
        try "print \"ran\"\nlet = 1\n".write(toFile: dir + "/one.dyn", atomically: true, encoding: .utf8)
        try "print 2 +\nprint )\n".write(toFile: dir + "/two.dyn", atomically: true, encoding: .utf8)
        let r = try runDyn(["one.dyn", "two.dyn"], directory: dir)
        #expect(r.status == 2)
        #expect(r.stdout == "")
        let places = r.stderr.split(separator: "\n").filter { $0.contains(": error: ") }.map { String($0.prefix { $0 != " " }) }
        #expect(places == ["one.dyn:2:5:", "two.dyn:1:10:", "two.dyn:2:7:"])
    }

    @Test func testTimeoutStopsAScriptThatRunsTooLong() throws {
        let dir = try temporaryFolder()
        try "while true { let x = 1 }\n".write(toFile: dir + "/forever.dyn", atomically: true, encoding: .utf8)
        try "add view a frame 0 0 10 10\ngravity\nrun 100000\n".write(toFile: dir + "/long.dyn", atomically: true, encoding: .utf8)
        try "print 1 # expect: 1\n".write(toFile: dir + "/quick.dyn", atomically: true, encoding: .utf8)
        let start = Date()
        let r = try runDyn(["test", "--timeout", "1", "."], directory: dir)
        #expect(r.status == 1)
        #expect(r.stdout.contains("FAIL ./forever.dyn\n    timed out after 1 s"))
        #expect(r.stdout.contains("FAIL ./long.dyn\n    timed out after 1 s (world time "))
        #expect(r.stdout.contains("PASS ./quick.dyn"))
        #expect(r.stdout.hasSuffix("1 passed, 2 failed\n"))
        #expect(Date().timeIntervalSince(start) < 60)  // generous: a busy machine
        let bad = try runDyn(["test", "--timeout", "0", "."], directory: dir)
        #expect(bad.status != 0 && bad.stderr.contains("--timeout must be a number of seconds greater than 0"))
    }

    @Test func echoMarksCommands() throws {
        let r = try runDyn(["--echo", "-e", "let x = 2\nprint x * 3"])
        #expect(r.stdout == "> let x = 2\n> print x * 3\n6\n")
    }

    @Test func checkSaysWhatItFinds() throws {
        let help = try runDyn(["check", "--help"])
        #expect(help.stdout.contains("names that nothing") && help.stdout.contains("number of arguments"))
        let dir = try temporaryFolder()
        try "add view ball frame 0 0 10 10\nprint bal.x\nprint ball.vz\nprint hypot(1)\n".write(toFile: dir + "/c.dyn", atomically: true, encoding: .utf8)
        let r = try runDyn(["check", "c.dyn"], directory: dir)
        #expect(r.status == 2)
        #expect(r.stderr.contains("c.dyn:2:7: error: unknown name 'bal'"))
        #expect(r.stderr.contains("c.dyn:3:12: error: an item has no property 'vz'"))
        #expect(r.stderr.contains("c.dyn:4:7: error: hypot takes 2 arguments, got 1"))
    }

    @Test func helpIsWrappedToTheTerminalWidth() throws {
        let narrow = try runDyn(["-e", "help"], environment: ["COLUMNS": "60"])
        #expect(narrow.status == 0)
        #expect(narrow.stdout.split(separator: "\n").allSatisfy { $0.count <= 60 })
        #expect(narrow.stdout.contains("\n            world, or changes a variable\n"))
        let wide = try runDyn(["-e", "help"], environment: ["COLUMNS": "200"])
        #expect(wide.stdout.contains("sets a property of an item, a behavior or the world, or changes a variable\n"))
    }
}
