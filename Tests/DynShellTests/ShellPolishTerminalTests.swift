import DynTestSupport
import Foundation
import Testing

/// The shell's rough edges of issue #13, in a real terminal (tmux): quit and exit, Ctrl-D at a
/// continuation prompt, diagnostics that name the entry, commands that say what they did, and a
/// prompt colour that stops at the prompt.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable && TmuxSession.builtProduct(named: "dyn") != nil,
                             "needs tmux and the built dyn"))
struct ShellPolishTerminalTests {
    typealias Sandbox = ReplTerminalTests.Sandbox

    @Test func quitAndExitLeaveTheShell() throws {
        let box = try Sandbox()
        for word in ["quit", "exit", "  exit;"] {
            let tmux = try box.start()
            defer { tmux.kill() }
            try tmux.typeLine(word)
            #expect(try tmux.waitForExit() == 0)
        }
    }

    @Test func controlDAtAContinuationCancelsTheEntryOnly() throws {
        let box = try Sandbox()
        let tmux = try box.start()
        defer { tmux.kill() }
        try tmux.typeLine("let kept = 7")
        _ = try tmux.waitForNext("dyn> ")
        try tmux.typeLine("for i in 0..<3 {")
        _ = try tmux.waitFor("...> ")
        try tmux.press("C-d")
        _ = try tmux.waitFor("(entry cancelled)")
        // Still in the same shell, with the same variables; the cancelled loop never ran.
        try tmux.typeLine("print kept * 6")
        _ = try tmux.waitFor("\n42\n")
        try tmux.press("C-d")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test func errorsNameTheEntryAndItsLine() throws {
        let box = try Sandbox()
        let tmux = try box.start()
        defer { tmux.kill() }
        // Earlier entries do not push the line number on: it counts within the entry.
        for i in 0..<3 { try tmux.typeLine("let v\(i) = \(i)") }
        try tmux.typeLine("if true {")
        try tmux.typeLine("print 1")
        try tmux.typeLine("  print nope")
        try tmux.typeLine("}")
        _ = try tmux.waitFor("<stdin>:3:9: error: unknown name 'nope'")
        try tmux.press("C-d")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test func undoResetSaveAndPushSayWhatTheyDid() throws {
        let box = try Sandbox()
        let tmux = try box.start()
        defer { tmux.kill() }
        try tmux.typeLine("add view ball frame 0 0 10 10")
        try tmux.typeLine("push ball instant 0 -1 as kick")
        _ = try tmux.waitFor("kick: pushes ball by (0, -1), an impulse at the next step")
        try tmux.typeLine("undo")
        _ = try tmux.waitFor("undid: push ball instant 0 -1 as kick")
        try tmux.typeLine("save saved.dyn")
        _ = try tmux.waitFor("saved 1 command to saved.dyn")
        try tmux.typeLine("reset")
        _ = try tmux.waitFor("reset: an empty world")
        // shell.quiet silences them.
        try tmux.typeLine("set shell.quiet yes; undo; set shell.quiet no; print world.items")
        _ = try tmux.waitFor("\n1\n")
        #expect(!(try tmux.capture()).contains("undid: reset"))
        try tmux.press("C-d")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test func thePromptColourStopsAtThePrompt() throws {
        let box = try Sandbox()
        let tmux = try box.start()
        defer { tmux.kill() }
        try tmux.type("print 12345")
        _ = try tmux.waitFor("print 12345")
        let screen = try tmux.capture(escapes: true)
        let line = try #require(screen.split(separator: "\n").first { $0.contains("print 12345") })
        // The prompt is coloured, and its colour is reset before the typed text begins.
        let before = try #require(line.range(of: "print 12345")).lowerBound
        let prompt = try #require(line.range(of: "dyn>")).lowerBound
        #expect(line[..<prompt].contains("\u{1B}[1m") || line[..<prompt].contains("[36m"))
        #expect(line[prompt..<before].contains("\u{1B}[0m"))
        try tmux.press("Enter")
        // Ctrl-D only once the prompt is back: sent earlier, it reaches a terminal in cooked mode.
        _ = try tmux.waitFor("dyn> ", occurrences: 2)
        try tmux.press("C-d")
        #expect(try tmux.waitForExit() == 0)
    }
}

extension ShellPolishTerminalTests {
    @Test func completionByContextInTheTerminal() throws {
        let box = try Sandbox()
        let tmux = try box.start()
        defer { tmux.kill() }
        try tmux.typeLine("add view ball frame 0 0 10 10 vx 3")
        _ = try tmux.waitForNext("dyn> ")
        // An item name in an expression: no space, so `.` can follow at once.
        try tmux.type("print ba")
        try tmux.press("Tab")
        try tmux.type(".vx")
        try tmux.press("Enter")
        _ = try tmux.waitFor("\n3\n")
        // A property after an operator.
        try tmux.type("print 1+ball.spe")
        try tmux.press("Tab")
        _ = try tmux.waitFor("dyn> print 1+ball.speed")
        try tmux.press("Enter")
        _ = try tmux.waitFor("\n4\n")
        // After `attach`, only the kinds.
        try tmux.type("attach a")
        try tmux.press("Tab")
        _ = try tmux.waitFor("dyn> attach anchor ")
        try tmux.press("C-u")
        try tmux.press("C-d")
        #expect(try tmux.waitForExit() == 0)
    }
}
