// HistoryStore.swift: the history file, kept across sessions, bounded, never destroyed.
//
// Design
// ------
// libedit's own read_history/write_history cannot tell "empty" from "not a history file"
// (both EINVAL) and overwrite a file they failed to read, so its contents are lost. dyn keeps
// its own small format instead and gives entries to libedit with add_history:
//
//     #dyn-history v1
//     print 1+1
//     def f(x) =\n  x * 2
//     path with a \\ backslash
//
// The first line is the header, exactly `#dyn-history v1`. Then one entry per line, oldest
// first, with three escapes: `\\` for a backslash, `\n` for a newline (so a multi-line entry
// stays one entry), `\r` for a carriage return. The file is UTF-8 and ends with a newline.
// Blank lines are ignored.
//
// A file that is not empty and does not start with the header, or that has an unknown escape
// or bytes that are not UTF-8, is *damaged*: `load` reports it and `append` refuses to touch
// it, so whatever it holds is kept byte for byte. A file that cannot be read (permissions, a
// directory) is *unreadable* and is kept the same way. An empty file counts as no entries.
//
// Two shells at once: each session appends only its own new entries. `append` takes an
// exclusive flock(2) on `<path>.lock` (a separate file, never removed, because the history
// file itself is replaced), re-reads the file, appends, keeps the newest `limit` entries,
// writes `<path>.tmp`, fsyncs it and renames it over the file. Readers therefore see the
// old file or the new one, never half of one, and neither shell loses the other's entries.

import DynSystem

/// What ``HistoryStore/load()`` found.
public enum HistoryLoad: Equatable, Sendable {
    /// The entries of a valid file, oldest first, at most `limit` of them (the newest).
    case entries([String])
    /// There is no file yet (the first session); `append` will create it.
    case missing
    /// The file exists but is not a dyn history file. It is kept; `append` refuses to write.
    case damaged(String)
    /// The file exists but cannot be read (the `strerror` text). It is kept; `append` refuses.
    case unreadable(String)

    /// The entries to give to the line editor: those of `.entries`, none otherwise.
    public var entries: [String] {
        if case .entries(let entries) = self { return entries }
        return []
    }

    /// The one warning the shell prints when the file could not be used, or nil.
    ///
    /// For example: `warning: history file /home/a/.local/state/dyn/history is damaged (line
    /// 1: no '#dyn-history v1' header); it is kept as it is and this session's history will
    /// not be saved`.
    public func warning(path: String) -> String? {
        let problem: String
        switch self {
        case .entries, .missing: return nil
        case .damaged(let reason): problem = "is damaged (\(reason))"
        case .unreadable(let reason): problem = "cannot be read (\(reason))"
        }
        return "warning: history file \(path) \(problem); it is kept as it is and this session's history will not be saved"
    }
}

/// Why ``HistoryStore/append(_:)`` did not write.
public enum HistoryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The existing file is damaged (reason); it was left as it is.
    case damaged(path: String, reason: String)
    /// The existing file cannot be read (strerror text); it was left as it is.
    case unreadable(path: String, reason: String)
    /// A system call failed while writing (operation, path, strerror text).
    case io(operation: String, path: String, reason: String)

    public var description: String {
        switch self {
        case .damaged(let path, let reason):
            return "history file \(path) is damaged (\(reason)); it was not changed"
        case .unreadable(let path, let reason):
            return "history file \(path) cannot be read (\(reason)); it was not changed"
        case .io(let operation, let path, let reason):
            return "cannot save history: \(operation) \(path): \(reason)"
        }
    }
}

/// A history file: where it is, how many entries it keeps, how to read it and add to it.
///
/// A value type with no open files: every call opens, works and closes, so two stores (or two
/// processes) on one path are safe. See the design note at the top of this file for the format.
public struct HistoryStore: Sendable {
    /// The first line of every history file.
    public static let header = "#dyn-history v1"

    /// The history file's path.
    public let path: String
    /// The most entries kept (the newest ones). Zero keeps none.
    public let limit: Int

    /// A store for the file at `path` keeping the newest `limit` entries.
    ///
    /// - Parameters:
    ///   - path: the history file; its folder must exist or be creatable by `append`.
    ///   - limit: the most entries kept, at least 0 (default 1000).
    public init(path: String, limit: Int = 1000) {
        precondition(limit >= 0, "a history limit cannot be negative")
        self.path = path
        self.limit = limit
    }

    /// The history file to use: `DYN_HISTORY` if set and not empty, else
    /// `$XDG_STATE_HOME/dyn/history` (when that is an absolute path, as the XDG spec requires),
    /// else `$HOME/.local/state/dyn/history` (the home folder from the password database when
    /// `HOME` is unset).
    ///
    /// For the two XDG paths the `dyn` folder is created (mode 0700) if missing; a failure to
    /// create it is left for `append` to report. `DYN_HISTORY` is used exactly as given.
    ///
    /// - Parameter environment: the process environment.
    public static func defaultPath(environment: [String: String]) -> String {
        if let explicit = environment["DYN_HISTORY"], !explicit.isEmpty {
            return explicit
        }
        let stateHome: String
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            stateHome = xdg
        } else {
            stateHome = homeDirectory(environment: environment) + "/.local/state"
        }
        let folder = stateHome + "/dyn"
        makeDirectories(folder)
        return folder + "/history"
    }

    // MARK: Reading

    /// Reads the file. Never modifies it.
    ///
    /// - Returns: `.entries` (the newest `limit`, oldest first), `.missing`, `.damaged(reason)`
    ///   or `.unreadable(strerror text)`.
    public func load() -> HistoryLoad {
        switch readWholeFile(path) {
        case .missing: return .missing
        case .failed(let reason): return .unreadable(reason)
        case .bytes(let bytes):
            switch HistoryFormat.decode(bytes) {
            case .failure(let damage): return .damaged(damage.reason)
            case .success(let entries): return .entries(Array(entries.suffix(limit)))
            }
        }
    }

    // MARK: Writing

    /// Adds this session's new entries to the file, keeping the newest `limit`.
    ///
    /// Under an exclusive lock on `<path>.lock`: re-reads the file (so entries another shell
    /// saved meanwhile are kept), appends `newEntries`, keeps the newest `limit`, writes
    /// `<path>.tmp` and renames it over the file (atomic). If `path` is a symbolic link its
    /// target is rewritten. The file keeps its permissions (0600 for a new one). Does nothing
    /// when `newEntries` is empty. Creates the file's folder if needed.
    ///
    /// - Throws: ``HistoryError/damaged(path:reason:)`` or
    ///   ``HistoryError/unreadable(path:reason:)`` when the existing file cannot be used (it is
    ///   kept byte for byte), ``HistoryError/io(operation:path:reason:)`` when writing fails
    ///   (the old file is then unchanged too).
    public func append(_ newEntries: [String]) throws(HistoryError) {
        if newEntries.isEmpty { return }
        let target = resolvedPath(path)
        if let slash = target.lastIndex(of: "/"), slash != target.startIndex {
            HistoryStore.makeDirectories(String(target[..<slash]))
        }

        let lock = try FileLock(path: target + ".lock")
        defer { lock.unlock() }

        var mode: mode_t = 0o600
        let existing: [String]
        switch readWholeFile(target, mode: &mode) {
        case .missing: existing = []
        case .failed(let reason): throw .unreadable(path: path, reason: reason)
        case .bytes(let bytes):
            switch HistoryFormat.decode(bytes) {
            case .failure(let damage): throw .damaged(path: path, reason: damage.reason)
            case .success(let entries): existing = entries
            }
        }

        let kept = Array((existing + newEntries).suffix(limit))
        let temporary = target + ".tmp"
        try writeFile(temporary, bytes: HistoryFormat.encode(kept), mode: mode)
        if rename(temporary, target) != 0 {
            let reason = System.errorText()
            unlink(temporary)
            throw .io(operation: "rename to", path: target, reason: reason)
        }
    }

    // MARK: Helpers (POSIX, fenced here)

    /// The user's home folder: `HOME`, else the password database, else "/".
    static func homeDirectory(environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        if let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir {
            return String(cString: dir)
        }
        return "/"
    }

    /// `mkdir -p` with mode 0700; errors are ignored (the later open reports them).
    static func makeDirectories(_ folder: String) {
        var prefix = folder.hasPrefix("/") ? "" : "."
        for component in folder.split(separator: "/", omittingEmptySubsequences: true) {
            prefix += "/" + component
            _ = mkdir(prefix, 0o700)
        }
    }
}

// MARK: - The file format

/// Encoding and decoding of the history file format (see the top of this file).
enum HistoryFormat {
    struct Damage: Error { var reason: String }

    /// The whole file for `entries`: the header, then one escaped entry per line.
    static func encode(_ entries: [String]) -> [UInt8] {
        var out = Array(HistoryStore.header.utf8)
        out.append(UInt8(ascii: "\n"))
        for entry in entries {
            for byte in entry.utf8 {
                switch byte {
                case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
                case UInt8(ascii: "\n"): out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case UInt8(ascii: "\r"): out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                default: out.append(byte)
                }
            }
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }

    /// The entries in a file's bytes, or why the file is damaged.
    static func decode(_ bytes: [UInt8]) -> Result<[String], Damage> {
        if bytes.isEmpty { return .success([]) }
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        guard let first = lines.first, Array(first) == Array(HistoryStore.header.utf8) else {
            let shown = lines.first.map { String(decoding: $0.prefix(40), as: UTF8.self) } ?? ""
            if shown.hasPrefix("#dyn-history ") {
                return .failure(Damage(reason: "line 1: unsupported version '\(shown)'"))
            }
            return .failure(Damage(reason: "line 1: no '\(HistoryStore.header)' header"))
        }
        var entries: [String] = []
        entries.reserveCapacity(lines.count - 1)
        for (index, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            var raw: [UInt8] = []
            raw.reserveCapacity(line.count)
            var escaped = false
            for byte in line {
                if escaped {
                    switch byte {
                    case UInt8(ascii: "\\"): raw.append(UInt8(ascii: "\\"))
                    case UInt8(ascii: "n"): raw.append(UInt8(ascii: "\n"))
                    case UInt8(ascii: "r"): raw.append(UInt8(ascii: "\r"))
                    default:
                        return .failure(Damage(reason: "line \(index + 1): unknown escape '\\\(Character(Unicode.Scalar(byte)))'"))
                    }
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else {
                    raw.append(byte)
                }
            }
            if escaped {
                return .failure(Damage(reason: "line \(index + 1): ends with a lone backslash"))
            }
            guard let entry = String(validating: raw, as: UTF8.self) else {
                return .failure(Damage(reason: "line \(index + 1): not UTF-8"))
            }
            entries.append(entry)
        }
        return .success(entries)
    }
}

// MARK: - POSIX file access

/// The result of reading a whole file.
private enum FileRead {
    case bytes([UInt8])
    case missing
    case failed(String)
}

/// Reads all of `path`; reports a missing file apart from other failures (a directory fails).
private func readWholeFile(_ path: String) -> FileRead {
    var mode: mode_t = 0
    return readWholeFile(path, mode: &mode)
}

/// Reads all of `path` and sets `mode` to its permission bits.
private func readWholeFile(_ path: String, mode: inout mode_t) -> FileRead {
    let fd = open(path, O_RDONLY | O_CLOEXEC)
    if fd < 0 {
        return errno == ENOENT ? .missing : .failed(System.errorText())
    }
    defer { close(fd) }
    var info = stat()
    if fstat(fd, &info) == 0 {
        if (info.st_mode & S_IFMT) == S_IFDIR { return .failed(System.errorText(EISDIR)) }
        mode = info.st_mode & 0o7777
    }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
        let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if count < 0 {
            if errno == EINTR { continue }
            return .failed(System.errorText())
        }
        if count == 0 { break }
        bytes += chunk[0..<count]
    }
    return .bytes(bytes)
}

/// Writes `bytes` to `path` (created or truncated, with `mode`) and fsyncs it.
private func writeFile(_ path: String, bytes: [UInt8], mode: mode_t) throws(HistoryError) {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
    if fd < 0 { throw .io(operation: "create", path: path, reason: System.errorText()) }
    var failure: String?
    var offset = 0
    while offset < bytes.count && failure == nil {
        let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
        if count < 0 {
            if errno != EINTR { failure = System.errorText() }
        } else {
            offset += count
        }
    }
    if failure == nil, fchmod(fd, mode) != 0 { failure = System.errorText() }
    if failure == nil, fsync(fd) != 0 { failure = System.errorText() }
    if close(fd) != 0, failure == nil { failure = System.errorText() }
    if let failure {
        unlink(path)
        throw .io(operation: "write", path: path, reason: failure)
    }
}

/// The path with symbolic links resolved when it exists, else the path itself.
private func resolvedPath(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else { return path }
    defer { free(resolved) }
    return String(cString: resolved)
}

/// An exclusive flock(2) on a lock file, held until `unlock()`.
private struct FileLock {
    let fd: Int32

    init(path: String) throws(HistoryError) {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if fd < 0 { throw .io(operation: "open lock file", path: path, reason: System.errorText()) }
        while flock(fd, LOCK_EX) != 0 {
            if errno == EINTR { continue }  // Ctrl-C while waiting: keep waiting, briefly
            let reason = System.errorText()
            close(fd)
            throw .io(operation: "lock", path: path, reason: reason)
        }
        self.fd = fd
    }

    func unlock() {
        _ = flock(fd, LOCK_UN)
        close(fd)
    }
}
