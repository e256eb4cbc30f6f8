// dyn-lineedit-demo: the smallest program around LineEditor, for terminal (tmux) tests.
//
// Reads lines with the prompt `demo> ` and echoes each as `LINE[text]`; Ctrl-C prints
// `INTERRUPTED`, Ctrl-D prints `EOF` and exits with status 0. History goes to
// HistoryStore.defaultPath (set DYN_HISTORY in tests). Tab completes the words below.
// A line ending in `\` continues on the next line with the prompt `...> `; the whole entry
// is echoed and kept in history as one entry. DEMO_COLOR=1 makes the prompt bold green
// (unless NO_COLOR is set or stdout is not a terminal). Two commands:
//   busy        loops until Ctrl-C (polling Interrupt.isRequested), then prints STOPPED
//   completion  prints what the completer last saw: COMPLETION[line|cursor|word]

import DynLineEditor
import Synchronization

#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Darwin)
@preconcurrency import Darwin
#endif

var environment: [String: String] = [:]
var pointer = environ
while let entry = pointer.pointee {
    let text = String(cString: entry)
    if let equals = text.firstIndex(of: "=") {
        environment[String(text[..<equals])] = String(text[text.index(after: equals)...])
    }
    pointer += 1
}

let words = ["gravity", "ground", "help", "quit", "ball.velocity", "ball.position", "élan"]
let lastCompletion = Mutex<String>("none")

let store = HistoryStore(path: HistoryStore.defaultPath(environment: environment), limit: 100)
let editor = LineEditor(programName: "dyn-lineedit-demo", history: store)
if let warning = editor.historyLoad.warning(path: store.path) {
    fputs(warning + "\n", stderr)
}
editor.completer = { line, cursor in
    let word = LineEditor.completionWord(in: line, cursor: cursor)
    lastCompletion.withLock { $0 = "\(line)|\(cursor)|\(word)" }
    return words.filter { $0.hasPrefix(word) }
}

func echo(_ text: String) {
    fputs(text + "\n", stdout)
    fflush(stdout)
}

// DEMO_COLOR=1 colours the prompt (bold green) when Terminal.useColor allows it.
let colored = environment["DEMO_COLOR"] == "1" && Terminal.useColor(environment: environment)
let prompt = colored ? LineEditor.styledPrompt("demo> ", style: "\u{1B}[1;32m") : "demo> "

session: while true {
    var entry: String
    switch editor.readLine(prompt: prompt) {
    case .interrupted: echo("INTERRUPTED"); continue session
    case .endOfInput: echo("EOF"); break session
    case .line(let line): entry = line
    }
    while entry.hasSuffix("\\") {
        entry.removeLast()
        switch editor.readLine(prompt: "...> ") {
        case .interrupted: echo("INTERRUPTED"); continue session
        case .endOfInput: echo("EOF"); break session
        case .line(let line): entry += "\n" + line
        }
    }
    editor.addHistory(entry)
    switch entry {
    case "busy":
        echo("BUSY")
        var spins: UInt64 = 0
        while !Interrupt.isRequested { spins &+= 1 }
        Interrupt.clear()
        echo("STOPPED")
    case "completion":
        echo("COMPLETION[\(lastCompletion.withLock { $0 })]")
    default:
        echo("LINE[\(entry.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "⏎"))]")
    }
}
if let error = editor.close() {
    fputs("warning: \(error)\n", stderr)
}
exit(0)
