// LineEditor.swift: libedit behind a small Swift type.
//
// libedit's readline-compatible API is global state (one EditLine, one history, C function
// pointers that cannot capture context), so this file fences it: one LineEditor per process,
// the completer kept in a global slot that the @convention(c) callbacks read, and every C
// global touched only here. The rest of dyn sees `readLine(prompt:) -> LineRead`.
//
// Facts this relies on (libedit 3.1-20221030, as shipped by Debian 12; each checked by the terminal tests):
//   - readline() returns NULL both for Ctrl-D on an empty line and when SIGINT interrupts the
//     read (our handler has no SA_RESTART); the Interrupt flag tells them apart.
//   - readline() leaves the cursor after the prompt at EOF and after the text at Ctrl-C, so
//     we print the newline.
//   - rl_attempted_completion_over is reset to 0 after every completion, so the callback sets
//     it each time; with it set and a NULL result, libedit does not fall back to file names.
//   - In the completion callback, rl_line_buffer holds the line as UTF-8 (NUL-terminated) and
//     `end` (the cursor) counts characters (Unicode scalars), not bytes.

@preconcurrency import CLibEdit
import Synchronization

import DynSystem

/// What one call to ``LineEditor/readLine(prompt:)`` produced.
public enum LineRead: Equatable, Sendable {
    /// A line the user entered with Return, without its newline (may be empty).
    case line(String)
    /// Ctrl-C at the prompt: the line was discarded and the cursor is on a fresh line.
    case interrupted
    /// Ctrl-D on an empty line (or end of input): the cursor is on a fresh line.
    case endOfInput
}

/// Reads lines from the terminal with libedit: editing, history, completion and Ctrl-C.
///
/// Only one may exist at a time in a process (libedit's readline API is global state); a
/// second `init` before `close()` is a programming error and traps.
///
/// ```swift
/// Interrupt.install()
/// let store = HistoryStore(path: HistoryStore.defaultPath(environment: env))
/// let editor = LineEditor(programName: "dyn", history: store)
/// if let warning = editor.historyLoad.warning(path: store.path) { printError(warning) }
/// editor.completer = { line, cursor in ... }
/// loop: switch editor.readLine(prompt: "dyn> ") { ... }
/// if let error = editor.close() { printError("warning: \(error)") }
/// ```
///
/// Use it only when ``Terminal/isInteractive`` is true. Otherwise it does not touch libedit:
/// `readLine` reads plain lines from standard input, writing the prompt only when standard
/// input is a terminal (without a terminal libedit echoes what it reads and mangles the prompt).
public final class LineEditor {
    /// The history store given to `init`, or nil for a session without saved history.
    public let history: HistoryStore?

    /// What loading the history file found (`.missing` when there is no store). When it is
    /// `.damaged` or `.unreadable`, the shell prints ``HistoryLoad/warning(path:)`` once and
    /// `close()` will not try to save.
    public let historyLoad: HistoryLoad

    /// Produces completion candidates when the user presses Tab.
    ///
    /// Called with the whole line and the cursor position, counted in Unicode scalars
    /// (`line.unicodeScalars`), on the thread that called `readLine`. Return the candidates
    /// for the word before the cursor, ``completionWord(in:cursor:)``: each candidate is the
    /// whole replacement for that word and should start with it (for `ball.ve|` the word is
    /// `ball.ve` and a candidate is `ball.velocity`). One candidate is inserted, followed by a
    /// space unless it ends with one of ``noSpaceAfter`` (`/` for folders, `.` before a
    /// property, `(` before arguments). Several are completed to their longest common prefix
    /// and listed on a second Tab. An empty list completes nothing: there is no fallback to
    /// file names. Nil (the default) makes Tab do nothing.
    public var completer: (@Sendable (_ line: String, _ cursor: Int) -> [String])? {
        didSet { CompletionBridge.state.withLock { $0.completer = completer } }
    }

    /// Whether a single completed candidate is followed by a space, asked with the line and
    /// cursor as ``completer`` is (nil: always, but after ``noSpaceAfter``). A name that may be
    /// followed by `.` and a property, for instance, wants none.
    public var appendsSpace: (@Sendable (_ line: String, _ cursor: Int, _ candidate: String) -> Bool)? {
        didSet { CompletionBridge.state.withLock { $0.appendsSpace = appendsSpace } }
    }

    /// The characters that end a word for completion (libedit's word break characters).
    ///
    /// `.`, `/`, `-`, `_` and `~` are not among them, so `ball.ve`, `scenes/pyr` and
    /// `~/my-scene.dyn` are each one word.
    public static let wordBreakCharacters = " \t\n\"'`<>=;|&{}()[],+*%!^:"

    /// After a single completed candidate ending in one of these, no space is added.
    public static let noSpaceAfter: Set<Character> = ["/", ".", "("]

    /// The word that completion replaces: the characters before `cursor` back to the last
    /// word break character.
    ///
    /// - Parameters:
    ///   - line: the whole line.
    ///   - cursor: the cursor position in Unicode scalars, as given to ``completer``.
    public static func completionWord(in line: String, cursor: Int) -> Substring {
        let scalars = line.unicodeScalars
        let end = scalars.index(scalars.startIndex, offsetBy: min(max(cursor, 0), scalars.count))
        var start = end
        let breaks = Set(wordBreakCharacters.unicodeScalars)
        while start > scalars.startIndex {
            let previous = scalars.index(before: start)
            if breaks.contains(scalars[previous]) { break }
            start = previous
        }
        return Substring(scalars[start..<end])
    }

    /// Marks text in a prompt as taking no room on screen (colour escapes), so that libedit
    /// places the cursor correctly: wraps it in readline's `\u{1}` and `\u{2}`.
    ///
    /// libedit attaches invisible text to the visible character that follows it, so an
    /// invisible sequence at the very end of a prompt is lost (the typed text would stay
    /// coloured): put a visible character after the reset, or use ``styledPrompt(_:style:)``.
    public static func invisible(_ text: String) -> String {
        "\u{1}" + text + "\u{2}"
    }

    /// A prompt drawn with an SGR style (for example `"\u{1B}[1;32m"`, bold green), the
    /// escapes marked ``invisible(_:)`` and the reset placed before the prompt's last
    /// character, which libedit needs (that character, usually the final space, is unstyled).
    ///
    /// `styledPrompt("dyn> ", style: "\u{1B}[1m")` is `\1ESC[1m\2dyn>\1ESC[0m\2 `. Decide
    /// with ``Terminal/useColor(environment:)`` whether to style at all.
    public static func styledPrompt(_ prompt: String, style: String) -> String {
        guard let last = prompt.last else { return prompt }
        return invisible(style) + prompt.dropLast() + invisible("\u{1B}[0m") + String(last)
    }

    /// Whether libedit is used (standard input and output are terminals).
    private let usesLibEdit: Bool
    /// This session's entries, oldest first, that `close()` appends to the store.
    private var sessionEntries: [String] = []
    /// The most recent entry (loaded or added), to skip immediate repeats.
    private var lastEntry: String?
    private var isClosed = false

    /// Whether a LineEditor exists (libedit's readline API is global state).
    private static let exists = Atomic<Bool>(false)

    /// Prepares libedit and loads the history.
    ///
    /// Calls ``Terminal/prepareLocale()`` (libedit drops non-ASCII input without a UTF-8
    /// locale) and ``Interrupt/install()``, names the program for `~/.editrc` (`dyn:` lines
    /// apply to it), turns off libedit's own signal handling, loads `history` and gives its
    /// entries to libedit, bounded by the store's limit.
    ///
    /// - Parameters:
    ///   - programName: the name libedit's `~/.editrc` knows the program by.
    ///   - history: where history is kept across sessions, or nil for none.
    public init(programName: String, history: HistoryStore?) {
        let (exchanged, _) = LineEditor.exists.compareExchange(
            expected: false, desired: true, ordering: .sequentiallyConsistent)
        precondition(exchanged, "only one LineEditor may exist at a time: libedit is global state")

        self.history = history
        self.historyLoad = history?.load() ?? .missing
        self.usesLibEdit = Terminal.isInteractive
        Terminal.prepareLocale()
        Interrupt.install()

        let loaded = historyLoad.entries
        lastEntry = loaded.last
        guard usesLibEdit else { return }

        rl_readline_name = UnsafePointer(CompletionBridge.keep(programName))
        rl_catch_signals = 0
        rl_basic_word_break_characters = UnsafePointer(CompletionBridge.wordBreaks)
        rl_completer_word_break_characters = CompletionBridge.wordBreaks
        rl_attempted_completion_function = attemptCompletion
        _ = rl_initialize()
        clear_history()
        stifle_history(Int32(clamping: history?.limit ?? 1000))
        for entry in loaded {
            _ = add_history(entry)
        }
    }

    deinit {
        close()
    }

    /// Shows `prompt` and reads one line with editing, history (Up/Down) and completion (Tab).
    ///
    /// - Parameter prompt: the prompt; use ``invisible(_:)`` around colour escapes.
    /// - Returns: `.line(text)` on Return; `.interrupted` on Ctrl-C (the line is discarded and
    ///   a newline printed); `.endOfInput` on Ctrl-D at an empty line (the newline libedit
    ///   leaves out is printed). A pending ``Interrupt`` from before the call is cleared first.
    public func readLine(prompt: String) -> LineRead {
        precondition(!isClosed, "readLine after close")
        Interrupt.clear()
        guard usesLibEdit else { return readPlainLine(prompt: prompt) }
        fflush(stdout)
        guard let raw = CLibEdit.readline(prompt) else {
            let interrupted = Interrupt.isRequested
            Interrupt.clear()
            writeOut("\n")
            return interrupted ? .interrupted : .endOfInput
        }
        defer { free(raw) }
        return .line(String(cString: raw))
    }

    /// Adds an entry to the history (Up recalls it) and to the entries `close()` saves.
    ///
    /// A multi-line entry (a continued definition, lines joined with `\n`) is one entry.
    /// Entries that are empty or only whitespace, and an entry equal to the previous one, are
    /// skipped.
    public func addHistory(_ entry: String) {
        guard !entry.allSatisfy(\.isWhitespace), entry != lastEntry else { return }
        lastEntry = entry
        sessionEntries.append(entry)
        if let limit = history?.limit, sessionEntries.count > limit {
            sessionEntries.removeFirst(sessionEntries.count - limit)
        }
        if usesLibEdit { _ = add_history(entry) }
    }

    /// Saves this session's entries now (they are then not saved again by `close()`).
    ///
    /// - Returns: nil on success or when there is nothing to save or the file could not be
    ///   loaded (already warned about); the error otherwise.
    @discardableResult
    public func saveHistory() -> HistoryError? {
        guard let history, !sessionEntries.isEmpty else { return nil }
        switch historyLoad {
        case .damaged, .unreadable: return nil
        case .entries, .missing: break
        }
        do {
            try history.append(sessionEntries)
            sessionEntries = []
            return nil
        } catch {
            return error
        }
    }

    /// Saves history (``saveHistory()``) and releases libedit for another LineEditor.
    ///
    /// Idempotent; `deinit` calls it too.
    ///
    /// - Returns: the error if saving failed (the shell prints it as one warning), else nil.
    @discardableResult
    public func close() -> HistoryError? {
        guard !isClosed else { return nil }
        isClosed = true
        let error = saveHistory()
        if usesLibEdit {
            clear_history()
            rl_attempted_completion_function = nil
        }
        CompletionBridge.state.withLock { $0 = CompletionBridge.State() }
        LineEditor.exists.store(false, ordering: .sequentiallyConsistent)
        return error
    }

    /// Reads a line without libedit (not a terminal).
    private func readPlainLine(prompt: String) -> LineRead {
        if isatty(STDIN_FILENO) == 1 {
            writeOut(prompt)
        }
        if let line = Swift.readLine(strippingNewline: true) {
            return .line(line)
        }
        if Interrupt.isRequested {
            Interrupt.clear()
            clearerr(stdin)
            return .interrupted
        }
        return .endOfInput
    }

    /// Writes text to stdout at once.
    private func writeOut(_ text: String) {
        fputs(text, stdout)
        fflush(stdout)
    }
}

// MARK: - The completion bridge (global state for the C callbacks)

/// State reached by the `@convention(c)` completion callbacks, which cannot capture context.
private enum CompletionBridge {
    struct State {
        var completer: (@Sendable (String, Int) -> [String])?
        var appendsSpace: (@Sendable (String, Int, String) -> Bool)?
        var candidates: [String] = []
        var next = 0
    }

    static let state = Mutex(State())

    /// libedit keeps the pointer it is given: a C copy that lives as long as the process.
    nonisolated(unsafe) static let wordBreaks: UnsafeMutablePointer<CChar> =
        strdup(LineEditor.wordBreakCharacters)!

    /// A C copy of `text` that is never freed (libedit keeps the pointer).
    static func keep(_ text: String) -> UnsafeMutablePointer<CChar> {
        strdup(text)!
    }
}

/// `rl_attempted_completion_function`: asks the completer, then lets libedit complete `text`
/// from the candidates through `generateCandidate`.
private func attemptCompletion(
    _ text: UnsafePointer<CChar>?, _ start: Int32, _ end: Int32
) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
    rl_attempted_completion_over = 1  // never fall back to file names (libedit resets it)
    guard let text, let completer = CompletionBridge.state.withLock({ $0.completer }) else {
        return nil
    }
    let line = rl_line_buffer.map { String(cString: $0) } ?? ""
    let candidates = completer(line, Int(end))
    if candidates.isEmpty { return nil }
    CompletionBridge.state.withLock {
        $0.candidates = candidates
        $0.next = 0
    }
    let single = candidates.count == 1 ? candidates[0].last : nil
    var space = !(single.map { LineEditor.noSpaceAfter.contains($0) } ?? false)
    if space, candidates.count == 1, let appendsSpace = CompletionBridge.state.withLock({ $0.appendsSpace }) {
        space = appendsSpace(line, Int(end), candidates[0])
    }
    rl_completion_append_character = space ? 32 : 0
    return rl_completion_matches(text, generateCandidate)
}

/// The generator given to `rl_completion_matches`: returns the stored candidates one by one
/// as `malloc`ed copies (libedit frees them), then NULL.
private func generateCandidate(_: UnsafePointer<CChar>?, _ state: Int32) -> UnsafeMutablePointer<CChar>? {
    CompletionBridge.state.withLock { bridge -> UnsafeMutablePointer<CChar>? in
        if state == 0 { bridge.next = 0 }
        guard bridge.next < bridge.candidates.count else { return nil }
        defer { bridge.next += 1 }
        return strdup(bridge.candidates[bridge.next])
    }
}
