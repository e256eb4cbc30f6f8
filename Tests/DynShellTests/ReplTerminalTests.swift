import DynTestSupport
import Foundation
import Testing

/// The real `dyn` binary in a real terminal (tmux): editing, history, completion, continuation,
/// Ctrl-C, Ctrl-D, errors that leave the world as it was, and the init file.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable && TmuxSession.builtProduct(named: "dyn") != nil,
                             "needs tmux and the built dyn"))
struct ReplTerminalTests {
    /// A fresh home and history file for each session, so that nothing of the user's is read.
    struct Sandbox {
        let folder: String
        var history: String { folder + "/history" }

        init() throws {
            folder = try temporaryFolder()
        }

        func start(_ extra: [String] = [], environment: [String: String] = [:]) throws -> TmuxSession {
            var env = ["HOME": folder, "DYN_HISTORY": history, "XDG_STATE_HOME": folder + "/state", "TERM": "xterm"]
            for (k, v) in environment { env[k] = v }
            let dyn = try #require(TmuxSession.builtProduct(named: "dyn"))
            let tmux = try TmuxSession(command: [dyn] + extra, environment: env, directory: folder)
            _ = try tmux.waitFor("dyn> ")
            return tmux
        }
    }

    @Test func runsCommandsAndEditsTheLine() throws {
        let box = try Sandbox()
        let tmux = try box.start()
        defer { tmux.kill() }
        try tmux.typeLine("print 1 + 1")
        _ = try tmux.waitFor("\n2\n")
        // Type "print 3 + 4", move left over "4", insert "1" before it: "print 3 + 14".
        try tmux.type("print 3 + 4")
        try tmux.press("Left", "1", "Enter")
        _ = try tmux.waitFor("\n17\n")
        try tmux.press("C-d")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test func historyIsRecalledInTheNextSession() throws {
        let box = try Sandbox()
        do {
            let first = try box.start()
            defer { first.kill() }
            try first.typeLine("print \"remembered\"")
            _ = try first.waitFor("\nremembered\n")
            try first.press("C-d")
            #expect(try first.waitForExit() == 0)
        }
        let second = try box.start()
        defer { second.kill() }
        try second.press("Up")
        _ = try second.waitFor("dyn> print \"remembered\"")
        try second.press("Enter")
        _ = try second.waitFor("\nremembered\n")
        try second.press("C-d")
        #expect(try second.waitForExit() == 0)
    }

    @Test func completesCommandsNamesAndProperties() throws {
        let box = try Sandbox()
        let tmux = try box.start()
        defer { tmux.kill() }
        try tmux.typeLine("add view ball frame 0 0 10 10")
        _ = try tmux.waitForNext("dyn> ")
        // A command.
        try tmux.type("grav")
        try tmux.press("Tab")
        _ = try tmux.waitFor("dyn> gravity ")
        try tmux.press("C-u")
        // An item name, then a property after the dot.
        try tmux.type("print ba")
        try tmux.press("Tab")
        _ = try tmux.waitFor("dyn> print ball")
        try tmux.press("C-u")
        try tmux.type("print ball.spi")
        try tmux.press("Tab")
        _ = try tmux.waitFor("dyn> print ball.spin")
        try tmux.press("Enter")
        _ = try tmux.waitFor("\n0\n")
        try tmux.press("C-d")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test func continuesAnOpenBlock() throws {
        let box = try Sandbox()
        let tmux = try box.start()
        defer { tmux.kill() }
        try tmux.typeLine("for i in 0..<3 {")
        _ = try tmux.waitFor("...> ")
        try tmux.typeLine("print i * 10")
        _ = try tmux.waitFor("...> ", occurrences: 2)
        try tmux.typeLine("}")
        _ = try tmux.waitFor("\n0\n10\n20\n")
        // A string left open continues too: it spans the lines.
        try tmux.typeLine("print \"two")
        _ = try tmux.waitFor("...> ", occurrences: 3)
        try tmux.typeLine("lines\"")
        _ = try tmux.waitFor("\ntwo\nlines\n")
        try tmux.press("C-d")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test func errorsLeaveTheWorldAsItWas() throws {
        let box = try Sandbox()
        let tmux = try box.start()
        defer { tmux.kill() }
        try tmux.typeLine("add view a frame 0 0 10 10; gravity")
        _ = try tmux.waitForNext("dyn> ")
        // The entry steps, then fails: the steps are taken back.
        try tmux.typeLine("step 30; print nope")
        _ = try tmux.waitFor("error: unknown name 'nope'")
        _ = try tmux.waitFor("^~~~")
        try tmux.typeLine("print world.steps + a.vy")
        _ = try tmux.waitFor("\n0\n")
        try tmux.typeLine("add view b frame 0 0 -1 1")
        _ = try tmux.waitFor("error: the width must be greater than 0, got -1")
        try tmux.typeLine("print \"items {world.items}\"")
        _ = try tmux.waitFor("items 1")
        try tmux.press("C-d")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test func controlCClearsTheLineAndStopsALongRun() throws {
        let box = try Sandbox()
        let tmux = try box.start()
        defer { tmux.kill() }
        try tmux.type("print \"never\"")
        try tmux.press("C-c")
        _ = try tmux.waitForNext("dyn> ")
        try tmux.typeLine("print \"after\"")
        _ = try tmux.waitFor("\nafter\n")
        #expect(!(try tmux.capture()).contains("\nnever"))
        // A long run stops at a frame boundary and keeps the frames it stepped.
        try tmux.typeLine("add view a frame 0 0 10 10; gravity; every step { let x = sqrt(a.y) }")
        _ = try tmux.waitForNext("dyn> ")
        try tmux.typeLine("run 100000")
        Thread.sleep(forTimeInterval: 0.5)
        try tmux.press("C-c")
        _ = try tmux.waitFor("interrupted: stopped after ")
        _ = try tmux.waitForNext("dyn> ")
        try tmux.typeLine("print world.steps > 0 and world.steps < 6000000")
        _ = try tmux.waitFor("\ntrue\n")
        try tmux.press("C-d")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test func initFileRunsFirstAndNoInitSkipsIt() throws {
        let box = try Sandbox()
        try "let greeting = \"from dynrc\"\n".write(toFile: box.folder + "/.dynrc", atomically: true, encoding: .utf8)
        let tmux = try box.start()
        defer { tmux.kill() }
        try tmux.typeLine("print greeting")
        _ = try tmux.waitFor("\nfrom dynrc\n")
        try tmux.press("C-d")
        #expect(try tmux.waitForExit() == 0)
        try "let greeting = \"from elsewhere\"\n".write(toFile: box.folder + "/other.dyn", atomically: true, encoding: .utf8)
        let other = try box.start(["--init", box.folder + "/other.dyn"])
        defer { other.kill() }
        try other.typeLine("print greeting")
        _ = try other.waitFor("\nfrom elsewhere\n")
        try other.press("C-d")
        #expect(try other.waitForExit() == 0)
        let plain = try box.start(["--no-init"])
        defer { plain.kill() }
        try plain.typeLine("print greeting")
        _ = try plain.waitFor("unknown name 'greeting'")
        try plain.press("C-d")
        #expect(try plain.waitForExit() == 0)
    }

    @Test func aDamagedHistoryFileIsKept() throws {
        let box = try Sandbox()
        let damaged = "not a dyn history\nprint 1\n"
        try damaged.write(toFile: box.history, atomically: true, encoding: .utf8)
        let tmux = try box.start()
        defer { tmux.kill() }
        _ = try tmux.waitFor("is damaged")
        try tmux.typeLine("print 5")
        _ = try tmux.waitFor("\n5\n")
        try tmux.press("C-d")
        #expect(try tmux.waitForExit() == 0)
        #expect(try String(contentsOfFile: box.history, encoding: .utf8) == damaged)
    }

    @Test func colorOnlyWithoutNoColor() throws {
        let box = try Sandbox()
        let colored = try box.start()
        defer { colored.kill() }
        #expect(try colored.capture(escapes: true).contains("\u{1B}["))
        colored.kill()
        let plain = try box.start(environment: ["NO_COLOR": "1"])
        defer { plain.kill() }
        try plain.typeLine("print nope")
        _ = try plain.waitFor("error:")
        #expect(!(try plain.capture(escapes: true)).contains("\u{1B}[1;31m"))
    }
}
