// Reading script files: the one place that turns a path into a `SourceFile`, for the program's
// arguments, `source` inside a script and the shell's init file.

import DynSystem
import Foundation

/// Why a script file could not be read.
public enum LoadError: Error, Sendable {
    case missing, folder, unreadable, notText

    /// The reason, as messages show it.
    public var reason: String {
        switch self {
        case .missing: return "no such file"
        case .folder: return "it is a folder, not a script"
        case .unreadable: return "it cannot be read"
        case .notText: return "it is not UTF-8 text"
        }
    }
}

extension SourceFile {
    /// Reads the script at `path` (absolute, `~/`, or relative to `directory`), named `name` in
    /// diagnostics (default: the path as `Interpreter.displayName` shows it).
    public static func load(_ path: String, relativeTo directory: String, name: String? = nil) throws(LoadError) -> SourceFile {
        let resolved = Interpreter.resolve(path, relativeTo: directory)
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDir) else { throw .missing }
        if isDir.boolValue { throw .folder }
        // read(2) to the end: a pipe or a device (`/dev/null`, `/dev/stdin`) reads like a file.
        guard let bytes = readAll(resolved) else { throw .unreadable }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw .notText }
        return SourceFile(name: name ?? Interpreter.displayName(resolved), text: text,
                          directory: (resolved as NSString).deletingLastPathComponent)
    }

    /// The bytes of a file, read to its end, or nil when it cannot be opened or read.
    static func readAll(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: buffer[0..<n])
        }
    }

    /// Reads a script named on the command line (relative to the working folder, named as
    /// written); a file that cannot be read is a diagnostic about the file as a whole.
    public static func load(argument path: String) throws(ScriptFailure) -> SourceFile {
        do {
            return try load(path, relativeTo: FileManager.default.currentDirectoryPath, name: path)
        } catch {
            let empty = SourceFile(name: path, text: "")
            throw .error(Diagnostic(.error, error.reason, at: SourceLocation(file: empty, range: .none)))
        }
    }
}
