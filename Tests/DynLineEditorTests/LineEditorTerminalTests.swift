// LineEditorTerminalTests.swift: LineEditor in a real terminal (tmux), through the demo
// program dyn-lineedit-demo (prompt `demo> `, echoes `LINE[text]`, prints INTERRUPTED/EOF).

import Foundation
import DynTestSupport
import Testing

@testable import DynLineEditor

/// The demo executable built beside the tests, or nil.
private let demoPath = TmuxSession.builtProduct(named: "dyn-lineedit-demo")

/// Starts the demo in tmux with its history in `historyPath`.
private func startDemo(
    history historyPath: String, environment: [String: String] = [:], unsetting: [String] = [],
    directory: String? = nil
) throws -> TmuxSession {
    let demo = try #require(demoPath)
    var environment = environment
    environment["DYN_HISTORY"] = historyPath
    let tmux = try TmuxSession(
        command: [demo], environment: environment, unsetting: unsetting, directory: directory)
    try tmux.waitForNext("demo> ")
    return tmux
}

@Suite(
    "LineEditor in a terminal",
    .serialized,  // gentle on a small CI machine; each test has its own tmux server anyway
    .enabled(if: TmuxSession.isAvailable, "tmux is not installed: terminal tests skipped"),
    .enabled(if: demoPath != nil, "dyn-lineedit-demo was not built: terminal tests skipped"))
struct LineEditorTerminalTests {
    @Test("typing, moving left and inserting edit the line")
    func editing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let tmux = try startDemo(history: folder.file("history"))
        defer { tmux.kill() }
        try tmux.type("helo")
        try tmux.press("Left", "l", "Enter")
        try tmux.waitFor("LINE[hello]")
        try tmux.waitForNext("demo>")
        try tmux.type("word")
        try tmux.press("C-a")
        try tmux.typeLine("a ")
        try tmux.waitFor("LINE[a word]")
        try tmux.waitForNext("demo>")
    }

    @Test("Up recalls entries of an earlier run sharing the history file, multi-line included")
    func historyAcrossRuns() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let history = folder.file("history")

        let first = try startDemo(history: history)
        defer { first.kill() }
        try first.typeLine("first entry")
        try first.waitFor("LINE[first entry]")
        try first.waitForNext("demo>")
        try first.typeLine("two \\")  // continued: one entry of two lines
        try first.waitFor("...> ")
        try first.typeLine("lines")
        try first.waitFor("LINE[two ⏎lines]")
        try first.waitForNext("demo>")
        try first.press("C-d")
        #expect(try first.waitForExit() == 0)
        #expect(HistoryStore(path: history).load() == .entries(["first entry", "two \nlines"]))

        let second = try startDemo(history: history)
        defer { second.kill() }
        try second.press("Up", "Up", "Enter")
        try second.waitFor("LINE[first entry]")
        try second.waitForNext("demo>")
        try second.press("Up", "Up", "Enter")  // the first Up recalls the line just entered
        try second.waitFor("LINE[two ⏎lines]")
        try second.waitForNext("demo>")
        try second.press("C-d")
        #expect(try second.waitForExit() == 0)
        // "first entry" came back as an entry of this session, so it is saved again.
        #expect(HistoryStore(path: history).load()
            == .entries(["first entry", "two \nlines", "first entry", "two \nlines"]))
    }

    @Test("Tab completes a word from the completer, lists several, and never file names")
    func completion() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // A file whose name would be offered if libedit fell back to file-name completion.
        #expect(FileManager.default.createFile(atPath: folder.file("zzz-file"), contents: nil))
        let tmux = try startDemo(history: folder.file("history"), directory: folder.path)
        defer { tmux.kill() }

        try tmux.type("gr")
        try tmux.press("Tab", "Tab")
        try tmux.waitFor("gravity  ground")  // two candidates: listed
        try tmux.type("a")
        try tmux.press("Tab", "Enter")
        try tmux.waitFor("LINE[gravity ]")  // one candidate: inserted, with a space
        try tmux.waitForNext("demo>")

        try tmux.type("print ball.v")
        try tmux.press("Tab", "Enter")
        try tmux.waitFor("LINE[print ball.velocity ]")
        try tmux.waitForNext("demo>")

        try tmux.type("zz")
        try tmux.press("Tab", "Enter")
        try tmux.waitFor("LINE[zz]")
        try tmux.waitForNext("demo>")
    }

    @Test("Ctrl-C at the prompt clears the line; during a computation it stops it")
    func interrupt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let tmux = try startDemo(history: folder.file("history"))
        defer { tmux.kill() }
        try tmux.type("half typed")
        try tmux.press("C-c")
        try tmux.waitFor("INTERRUPTED")
        try tmux.waitForNext("demo>")
        try tmux.typeLine("fresh")
        try tmux.waitFor("LINE[fresh]")  // not "half typedfresh"
        try tmux.waitForNext("demo>")

        try tmux.typeLine("busy")
        try tmux.waitFor("BUSY")
        try tmux.press("C-c")
        try tmux.waitFor("STOPPED")
        try tmux.waitForNext("demo>")
        try tmux.typeLine("still here")
        try tmux.waitFor("LINE[still here]")
        try tmux.waitForNext("demo>")
    }

    @Test("Ctrl-D leaves with status 0 after printing the newline")
    func endOfInput() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let tmux = try startDemo(history: folder.file("history"))
        defer { tmux.kill() }
        try tmux.press("C-d")
        let pane = try tmux.waitFor("EOF")
        // libedit leaves "^D" after the prompt; LineEditor adds the newline it leaves out.
        #expect(pane.contains("demo> ^D\nEOF"))
        #expect(try tmux.waitForExit() == 0)
    }

    @Test("UTF-8 input survives with LC_ALL=C and no LANG, in lines, completion and history")
    func utf8() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let history = folder.file("history")
        let tmux = try startDemo(history: history, environment: ["LC_ALL": "C"], unsetting: ["LANG", "LC_CTYPE"])
        defer { tmux.kill() }
        try tmux.typeLine("café é ✓")
        try tmux.waitFor("LINE[café é ✓]")
        try tmux.waitForNext("demo>")

        try tmux.type("x é él")
        try tmux.press("Tab")
        try tmux.waitFor("x é élan")
        try tmux.press("Enter")
        try tmux.waitFor("LINE[x é élan ]")
        try tmux.waitForNext("demo>")
        try tmux.typeLine("completion")  // what the completer saw: line, cursor in scalars, word
        try tmux.waitFor("COMPLETION[x é él|6|él]")
        try tmux.waitForNext("demo>")

        try tmux.press("C-d")
        #expect(try tmux.waitForExit() == 0)
        #expect(HistoryStore(path: history).load() == .entries(["café é ✓", "x é élan ", "completion"]))
    }

    @Test("a coloured prompt: escapes marked invisible do not shift the cursor; NO_COLOR wins")
    func coloredPrompt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let tmux = try startDemo(history: folder.file("history"), environment: ["DEMO_COLOR": "1"])
        defer { tmux.kill() }
        // tmux re-encodes "ESC[1;32m" as "ESC[1mESC[32m"; the reset precedes the final space.
        let styled = try tmux.capture(escapes: true)
        #expect(styled.contains("\u{1B}[32mdemo>\u{1B}[0m"), "\(styled.debugDescription)")
        try tmux.type("helo wrld")
        try tmux.press("Left", "Left", "Left", "o", "Home", "Right", "Right", "Right", "l")
        try tmux.waitFor("demo> hello world")  // redrawn in place: the prompt's width is 6
        // The typed text is not coloured: the reset was not lost at the end of the prompt.
        #expect(try tmux.capture(escapes: true).contains("demo>\u{1B}[0m\u{1B}[39m\u{1B}[49m hello world"))
        try tmux.press("Enter")
        try tmux.waitFor("LINE[hello world]")
        try tmux.waitForNext("demo>")

        let plain = try startDemo(
            history: folder.file("history2"), environment: ["DEMO_COLOR": "1", "NO_COLOR": "1"])
        defer { plain.kill() }
        #expect(try !plain.capture(escapes: true).contains("\u{1B}[1;32m"))
    }

    @Test("a damaged history file is reported once and kept byte for byte")
    func damagedHistoryKept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let history = folder.file("history")
        let contents = Data("not a dyn history\nprint 1\n".utf8)
        try contents.write(to: URL(fileURLWithPath: history))
        let tmux = try startDemo(history: history)
        defer { tmux.kill() }
        let pane = try tmux.waitFor("is damaged")
        #expect(pane.components(separatedBy: "warning:").count == 2)
        try tmux.typeLine("print 2")
        try tmux.waitFor("LINE[print 2]")
        try tmux.waitForNext("demo>")
        try tmux.press("C-d")
        #expect(try tmux.waitForExit() == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: history)) == contents)
    }
}
