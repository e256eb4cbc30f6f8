// `save FILE`: writes the session as a script that rebuilds it exactly.
//
// The engine is deterministic, so the commands that built a world rebuild it bit for bit:
// the same items, behaviors, variables and actions, and the same hidden state (the uikit
// tick accumulator, sleep timers, the solvers' warm-starting caches) that a dump of positions
// and velocities alone could not restore. The session therefore keeps a journal of the
// top-level commands that changed it (`Session.journal`; failed commands and `undo`ne ones
// are not in it, because the session they lived in is restored with them), and `save` writes
// that journal, with runs of consecutive `step`/`run` commands merged, between
// `set shell.quiet yes` and `set shell.quiet no` so that loading it prints nothing, under a
// header that shows the world's present state. The file is written to a temporary file beside
// it and renamed into place, so that a crash never leaves half a file.

import Dynamics
import DynSystem
import Foundation

extension Interpreter {
    /// Appends a top-level statement that changed the session to the journal.
    func record(_ statement: Statement, in file: SourceFile) {
        // `source` is recorded with the absolute path, so the saved script runs from anywhere.
        if case .source(let pathExpr) = statement.kind, case .string(let path)? = try? evaluate(pathExpr) {
            let absolute = Interpreter.resolve(path, relativeTo: file.directory)
            session.journal.append("source \"\(Interpreter.escape(absolute))\"")
            return
        }
        var text = file.text(statement.range)
        // A command that stepped with a view (`record`, `plot`, `run T live`) replays as its
        // steps; inside a block the block replays as written.
        if let entry = journalEntry, case .command = statement.kind {
            journalEntry = nil
            text = entry
            if let frames = Interpreter.framesOf(text: entry) {
                if let last = session.journal.last, let previous = Interpreter.framesOf(text: last) {
                    session.journal[session.journal.count - 1] = "step \(previous + frames)"
                } else {
                    session.journal.append(entry)
                }
                return
            }
        }
        // Merge consecutive whole-frame advances: `step 10` then `step 5` is `step 15`.
        if let frames = Interpreter.framesOf(statement, file: file), let last = session.journal.last,
           let previous = Interpreter.framesOf(text: last) {
            session.journal[session.journal.count - 1] = "step \(previous + frames)"
            return
        }
        if let frames = Interpreter.framesOf(statement, file: file) {
            session.journal.append("step \(frames)")
            return
        }
        session.journal.append(text)
    }

    /// The number of frames of a `step N` or `run T` whose argument is a plain number.
    static func framesOf(_ statement: Statement, file: SourceFile) -> Int? {
        guard case .command(let keyword, _, let arguments) = statement.kind, keyword == "step" || keyword == "run" else { return nil }
        if arguments.isEmpty { return keyword == "step" ? 1 : nil }
        guard arguments.count == 1, case .number(let value, let unit) = arguments[0].kind, unit != .degrees else { return nil }
        let frames = keyword == "step" ? value : (value * 60).rounded()
        guard frames >= 0, frames == frames.rounded(), frames <= 1e9 else { return nil }
        return Int(frames)
    }

    /// The frames of a journal line written as `step N`.
    static func framesOf(text: String) -> Int? {
        guard text.hasPrefix("step "), let n = Int(text.dropFirst(5)) else { return nil }
        return n
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "{", with: "\\{").replacingOccurrences(of: "}", with: "\\}")
    }

    /// The text `save` writes.
    func savedScript() -> String {
        var out = "# A dyn world, saved by dyn \(Interpreter.version). Run it (dyn FILE, or source FILE) to\n"
        out += "# rebuild the world exactly: its history replays quietly. Its state when saved:\n"
        var state = ""
        let savedWrite = write
        let savedQuiet = settings.quiet
        write = { state += $0 }
        settings.quiet = false
        printWorld()
        write = savedWrite
        settings.quiet = savedQuiet
        for line in state.split(separator: "\n") { out += "#   " + line + "\n" }
        out += "set shell.quiet yes\n"
        for entry in session.journal { out += entry + "\n" }
        out += "set shell.quiet no\n"
        return out
    }

    /// Writes `text` to `path` atomically: a temporary file in the same folder, then a rename.
    static func writeAtomically(_ text: String, to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let temporary = (folder.isEmpty ? "." : folder) + "/.\((path as NSString).lastPathComponent).\(getpid()).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(text.utf8)) else {
            throw CocoaError(.fileWriteUnknown)
        }
        if rename(temporary, path) != 0 {
            let reason = System.errorText()
            unlink(temporary)
            throw NSError(domain: "dyn", code: Int(errno), userInfo: [NSLocalizedDescriptionKey: reason])
        }
    }

    /// The program's version, shown in saved files.
    public static let version = "0.1.0"
}
