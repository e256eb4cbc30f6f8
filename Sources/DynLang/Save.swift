// `save FILE`: writes the session as a script that rebuilds it exactly.
//
// The engine is deterministic, so the commands that built a world rebuild it bit for bit:
// the same items, behaviors, variables and actions, and the same hidden state (the uikit
// tick accumulator, sleep timers, the solvers' warm-starting caches) that a dump of positions
// and velocities alone could not restore. The session therefore keeps a journal of the
// top-level commands that changed it (`Session.journal`; failed commands and `undo`ne ones
// are not in it, because the session they lived in is restored with them; a top-level `source`
// journals the statements of the file it runs, so the save keeps their text), and `save` writes
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
        var text = file.text(statement.range)
        // A command that stepped with a view (`record`, `plot`, `run T live`) replays as its
        // steps; inside a block the block replays as written.
        if let entry = journalEntry, case .command = statement.kind {
            journalEntry = nil
            text = entry
            if let frames = Interpreter.framesOf(text: entry) {
                if let last = session.journal.last, let previous = Interpreter.framesOf(text: last) {
                    session.journal.replaceLast("step \(previous + frames)")
                } else {
                    session.journal.append(entry)
                }
                return
            }
        }
        // Merge consecutive whole-frame advances: `step 10` then `step 5` is `step 15`.
        if let frames = Interpreter.framesOf(statement, file: file), let last = session.journal.last,
           let previous = Interpreter.framesOf(text: last) {
            session.journal.replaceLast("step \(previous + frames)")
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
        for entry in session.journal.entries { out += entry + "\n" }
        out += "set shell.quiet no\n"
        return out
    }

    /// Writes `text` to `path` atomically: a temporary file in the same folder, then a rename.
    ///
    /// The rename replaces whatever has the name, so the target is examined first (without
    /// following a link): only a missing file or a regular file that this user may write and
    /// owns is replaced, and the new file keeps the old one's permissions. A symbolic link, a
    /// device, a folder or a pipe is refused, and so is a read-only file.
    static func writeAtomically(_ text: String, to path: String) throws(SaveError) {
        var info = stat()
        var mode: mode_t = 0o666 & ~currentUmask()
        if lstat(path, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFLNK: throw SaveError(reason: "it is a symbolic link (dyn does not save through links; give the real file's name)")
            case S_IFDIR: throw SaveError(reason: "it is a folder")
            default: throw SaveError(reason: "it is not a regular file (a device, pipe or socket)")
            }
            if access(path, W_OK) != 0 { throw SaveError(reason: "the file is read-only (\(System.errorText()))") }
            if info.st_uid != geteuid() { throw SaveError(reason: "the file belongs to another user") }
            mode = info.st_mode & 0o7777
        } else if errno != ENOENT {
            throw SaveError(reason: System.errorText())
        }
        let folder = (path as NSString).deletingLastPathComponent
        let directory = folder.isEmpty ? "." : folder
        var folderInfo = stat()
        if stat(directory, &folderInfo) != 0 {
            throw SaveError(reason: errno == ENOENT ? "the folder '\(directory)' does not exist" : "the folder '\(directory)': \(System.errorText())")
        }
        if folderInfo.st_mode & S_IFMT != S_IFDIR { throw SaveError(reason: "'\(directory)' is not a folder") }
        let base = "\(directory)/.\((path as NSString).lastPathComponent).\(getpid())"
        var temporary = base + ".tmp"
        var fd: Int32 = -1
        for attempt in 0..<100 {
            temporary = attempt == 0 ? base + ".tmp" : base + ".\(attempt).tmp"
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, mode)
            if fd >= 0 || errno != EEXIST { break }
        }
        if fd < 0 { throw SaveError(reason: "cannot create a file in '\(directory)' (\(System.errorText()))") }
        // open() applies the umask: give the new file exactly the old one's permissions.
        _ = fchmod(fd, mode)
        let bytes = Array(text.utf8)
        var written = 0
        var failure: String?
        while written < bytes.count {
            let n = bytes.withUnsafeBytes { System.write(fd, $0.baseAddress! + written, bytes.count - written) }
            if n < 0 {
                if errno == EINTR { continue }
                failure = System.errorText()
                break
            }
            written += n
        }
        if failure == nil && fsync(fd) != 0 && errno != EINVAL { failure = System.errorText() }
        if close(fd) != 0 && failure == nil { failure = System.errorText() }
        if let failure {
            unlink(temporary)
            throw SaveError(reason: "writing failed (\(failure))")
        }
        if rename(temporary, path) != 0 {
            let reason = System.errorText()
            unlink(temporary)
            throw SaveError(reason: reason)
        }
    }

    /// The process's umask (read by setting it, then restoring it).
    static func currentUmask() -> mode_t {
        let m = umask(0o022)
        umask(m)
        return m
    }

    /// The program's version, shown in saved files.
    public static let version = "0.1.0"
}

/// Why `save` could not write its file, in plain words.
struct SaveError: Error {
    var reason: String
}
