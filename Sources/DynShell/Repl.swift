// The interactive shell: one input loop that reads entries (continuing them while a block,
// parenthesis or string is open), runs each in the session's world, and on an error prints
// the diagnostic. The language does the rest: it parses each entry once (saying whether it is
// complete), runs it as a transaction (`Interpreter.runEntry`), and answers completion.

import DynLang
import DynLineEditor
import Foundation
import Synchronization

/// The interactive shell.
public final class Repl {
    let interpreter: Interpreter
    let output: ConsoleOutput
    let editor: LineEditor
    let color: Bool
    /// Lines read so far, so that diagnostics number lines across the session.
    var linesRead = 0

    /// What completion may look at: a copy of the names, refreshed after every entry.
    static let completionContext = Mutex(CompletionContext())

    /// - Parameters:
    ///   - initFile: a script to run before the first prompt (`~/.dynrc` by default), or nil.
    public init(output: ConsoleOutput, environment: [String: String], settings: ShellSettings = ShellSettings()) {
        self.output = output
        output.flushesEveryWrite = true
        self.color = Terminal.useColor(environment: environment)
        let store = HistoryStore(path: HistoryStore.defaultPath(environment: environment))
        self.editor = LineEditor(programName: "dyn", history: store)
        self.interpreter = Interpreter(write: { output.write($0) })
        interpreter.isInterrupted = { Interrupt.isRequested }
        interpreter.display = DisplayHost.current(environment: environment)
        interpreter.settings = settings
        // At the prompt, undo, save, reset and push say what they did.
        interpreter.settings.confirm = true
        let color = self.color
        interpreter.warn = { output.writeError($0.rendered()) }
        interpreter.reportError = { failure in
            output.writeError(color ? Repl.colorize(failure.rendered) : failure.rendered)
        }
        if let warning = editor.historyLoad.warning(path: store.path) {
            output.writeError(warning + "\n")
        }
        editor.completer = { line, cursor in
            let context = Repl.completionContext.withLock { $0 }
            return Completion.candidates(line: line, cursor: cursor, context: context)
        }
        editor.appendsSpace = { line, cursor, candidate in
            let context = Repl.completionContext.withLock { $0 }
            return Completion.appendsSpace(after: candidate, line: line, cursor: cursor, context: context)
        }
        refreshCompletion()
    }

    /// Runs a script before the first prompt (the init file); errors are printed, not fatal.
    public func runInitFile(_ path: String) {
        guard FileManager.default.fileExists(atPath: path) else { return }
        do {
            try interpreter.run(try SourceFile.load(argument: path))
        } catch {
            output.writeError(error.rendered)
        }
        interpreter.clearUndo()
        refreshCompletion()
    }

    /// The default init file: `$DYNRC`, else `~/.dynrc`.
    public static func defaultInitFile(environment: [String: String]) -> String {
        if let path = environment["DYNRC"], !path.isEmpty { return path }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.dynrc"
    }

    /// A failure to append to the history file has been reported (once a session).
    var historyWarned = false

    /// Runs until Ctrl-D; returns the exit status (0).
    public func run() -> Int32 {
        output.write("dyn \(DynVersion.string): 2D physics with the semantics of UIKit Dynamics. Type 'help'; 'quit' or Ctrl-D leaves.\n")
        var pending = ""
        var pendingLines = 0
        while true {
            let prompt = pending.isEmpty ? styled("dyn> ") : styled("...> ")
            switch editor.readLine(prompt: prompt) {
            case .endOfInput where !pending.isEmpty:
                // Ctrl-D at a continuation prompt cancels the entry; it does not leave the shell.
                output.write("(entry cancelled)\n")
                pending = ""
                pendingLines = 0
                continue
            case .endOfInput:
                if let error = editor.close() { output.writeError("warning: \(error)\n") }
                output.flush()
                return Program.ok
            case .interrupted:
                pending = ""
                pendingLines = 0
                continue
            case .line(let line):
                if pending.isEmpty && Repl.isQuit(line) {
                    if let error = editor.close() { output.writeError("warning: \(error)\n") }
                    output.flush()
                    return Program.ok
                }
                pending += pending.isEmpty ? line : "\n" + line
                pendingLines += 1
                // Diagnostics read `<stdin>:LINE:COLUMN` (the name the language fixes), LINE
                // counted within the entry, so that it does not grow through a session.
                let file = SourceFile(name: "<stdin>", text: pending, directory: FileManager.default.currentDirectoryPath)
                guard case .complete(let script, let diagnostics) = Parser.parseEntry(file) else { continue }
                editor.addHistory(pending)
                // Appended at once, so that closing the terminal, a signal or a crash loses nothing.
                if let error = editor.saveHistory(), !historyWarned {
                    historyWarned = true
                    output.writeError("warning: \(error)\n")
                }
                linesRead += pendingLines
                pending = ""
                pendingLines = 0
                runEntry(script, diagnostics)
            }
        }
    }

    /// Runs one complete entry; on failure prints the diagnostics (the interpreter has put the
    /// session back as it was).
    func runEntry(_ script: Script, _ diagnostics: [Diagnostic]) {
        Interrupt.clear()
        do {
            try interpreter.runEntry(script, diagnostics: diagnostics)
        } catch {
            let message = error.rendered
            output.writeError(color ? Repl.colorize(message) : message)
        }
        Interrupt.clear()
        refreshCompletion()
    }

    /// Takes the session's names for completion (which runs inside libedit, apart from the interpreter).
    func refreshCompletion() {
        let context = interpreter.session.completionContext
        Repl.completionContext.withLock { $0 = context }
    }

    /// `quit` or `exit` alone on a line (spaces and a `;` allowed) leaves the shell.
    static func isQuit(_ line: String) -> Bool {
        var word = line.trimmingCharacters(in: .whitespaces)
        if word.hasSuffix(";") { word.removeLast() }
        word = word.trimmingCharacters(in: .whitespaces)
        return word == "quit" || word == "exit"
    }

    func styled(_ prompt: String) -> String {
        guard color else { return prompt }
        // The reset goes before the prompt's last character: libedit drops an invisible
        // sequence at the very end, and the typed text would stay coloured.
        return LineEditor.styledPrompt(prompt, style: "\u{1B}[1;36m")
    }

    /// Shows `error:` in bold red on a terminal.
    static func colorize(_ text: String) -> String {
        text.replacingOccurrences(of: ": error: ", with: ": \u{1B}[1;31merror:\u{1B}[0m ")
    }
}

/// The program's version.
public enum DynVersion {
    public static let string = Interpreter.version
}
