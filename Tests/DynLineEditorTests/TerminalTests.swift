// TerminalTests.swift: the colour rule, the locale fallback, the completion word, Interrupt.

import Testing

@testable import DynLineEditor

#if canImport(Glibc)
import Glibc
#endif

@Suite("Terminal")
struct TerminalTests {
    @Test("colour only on a terminal, never with NO_COLOR set and not empty, never on TERM=dumb")
    func colorRules() {
        #expect(Terminal.useColor(environment: [:], outputIsTerminal: true))
        #expect(Terminal.useColor(environment: ["NO_COLOR": ""], outputIsTerminal: true))
        #expect(Terminal.useColor(environment: ["TERM": "xterm-256color"], outputIsTerminal: true))
        #expect(!Terminal.useColor(environment: ["NO_COLOR": "1"], outputIsTerminal: true))
        #expect(!Terminal.useColor(environment: ["NO_COLOR": "0"], outputIsTerminal: true))
        #expect(!Terminal.useColor(environment: ["TERM": "dumb"], outputIsTerminal: true))
        #expect(!Terminal.useColor(environment: [:], outputIsTerminal: false))
        #expect(!Terminal.useColor(environment: ["NO_COLOR": ""], outputIsTerminal: false))
    }

    @Test("useColor(environment:) looks at the real stdout")
    func colorFollowsStdout() {
        #expect(Terminal.useColor(environment: [:]) == (isatty(1) == 1))
    }

    @Test("prepareLocale leaves LC_CTYPE with a UTF-8 codeset, even from LC_CTYPE=C")
    func localeFallback() {
        let saved = String(cString: setlocale(LC_CTYPE, nil))
        defer { setlocale(LC_CTYPE, saved) }
        setlocale(LC_CTYPE, "C")
        #expect(!Terminal.isUTF8Codeset)
        Terminal.prepareLocale()
        #expect(Terminal.isUTF8Codeset)
    }
}

@Suite("Completion word")
struct CompletionWordTests {
    @Test(
        "the word before the cursor, as libedit replaces it",
        arguments: [
            ("pri", 3, "pri"),
            ("print ba", 8, "ba"),
            ("print ball.ve", 13, "ball.ve"),
            (".read scenes/pyr", 16, "scenes/pyr"),
            (".read ~/my-scene.d", 18, "~/my-scene.d"),
            ("f(a, gr", 7, "gr"),
            ("x = gr + 1", 6, "gr"),  // cursor in the middle of the line
            ("print ", 6, ""),
            ("é élan", 4, "él"),  // the cursor counts Unicode scalars
            ("", 0, ""),
        ])
    func word(line: String, cursor: Int, expected: String) {
        #expect(LineEditor.completionWord(in: line, cursor: cursor) == expected[...])
    }

    @Test("a cursor out of range is clamped")
    func clamped() {
        #expect(LineEditor.completionWord(in: "abc", cursor: 99) == "abc")
        #expect(LineEditor.completionWord(in: "abc", cursor: -1) == "")
    }

    @Test("invisible wraps prompt escapes in readline's markers")
    func invisible() {
        #expect(LineEditor.invisible("\u{1B}[1m") == "\u{1}\u{1B}[1m\u{2}")
    }

    @Test("styledPrompt resets before the last character, which libedit needs")
    func styledPrompt() {
        #expect(LineEditor.styledPrompt("dyn> ", style: "\u{1B}[1m")
            == "\u{1}\u{1B}[1m\u{2}dyn>\u{1}\u{1B}[0m\u{2} ")
        #expect(LineEditor.styledPrompt("", style: "\u{1B}[1m") == "")
    }
}

@Suite("Interrupt")
struct InterruptTests {
    @Test("a real SIGINT sets the flag; clear resets it")
    func signalSetsFlag() async throws {
        Interrupt.install()
        Interrupt.clear()
        #expect(!Interrupt.isRequested)
        // kill, not raise: raise targets this thread, and test worker threads block signals.
        kill(getpid(), SIGINT)
        for _ in 0..<200 where !Interrupt.isRequested {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(Interrupt.isRequested)
        Interrupt.clear()
        #expect(!Interrupt.isRequested)
    }
}
