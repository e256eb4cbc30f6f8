// Writing a file so that nobody ever sees half of it: the bytes go to a temporary file in the
// destination's folder (".name.<pid>-<random>.tmp"), which `commit` renames over the
// destination in one step and `discard` removes. The folder is checked first, so that the
// common mistakes get plain words: a missing folder, a file where a folder should be, a folder
// where the file should be, no permission.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file being written through a temporary file beside it. Not thread-safe; one writer.
final class OutputFile {
    /// The destination.
    let path: String
    /// The temporary file written until `commit`.
    let temporaryPath: String
    private var stream: UnsafeMutablePointer<FILE>?
    /// The first write error's errno, if any.
    private var writeErrno: Int32 = 0
    /// Bytes written so far.
    private(set) var count = 0

    /// Creates the temporary file for `path`.
    ///
    /// - Throws: `DrawError` when the folder is missing or is not a folder, when `path` is a
    ///   folder, or when the temporary file cannot be created (e.g. permission denied).
    init(path: String) throws(DrawError) {
        self.path = path
        guard !path.isEmpty else { throw DrawError("cannot write a file with no name") }
        let (folder, name) = splitPath(path)
        guard !name.isEmpty, name != ".", name != ".." else {
            throw DrawError("cannot write '\(path)': it names a folder, not a file")
        }
        var info = stat()
        if stat(folder, &info) != 0 {
            let e = errno
            if e == ENOENT { throw DrawError("cannot write '\(path)': no such folder '\(folder)'") }
            if e == ENOTDIR { throw DrawError("cannot write '\(path)': '\(folder)' is not a folder") }
            throw DrawError("cannot write '\(path)': \(errorText(e))")
        }
        if (info.st_mode & S_IFMT) != S_IFDIR {
            throw DrawError("cannot write '\(path)': '\(folder)' is not a folder")
        }
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw DrawError("cannot write '\(path)': it is a folder")
        }
        // O_EXCL: never write into somebody else's file; retry on the (unlikely) clash.
        let prefix = String(path.dropLast(name.count)) + "." + name + "."
        var attempt = 0
        while true {
            let candidate = prefix + "\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL, 0o666)
            if fd >= 0 {
                guard let f = fdopen(fd, "wb") else {
                    let e = errno
                    close(fd)
                    unlink(candidate)
                    throw DrawError("cannot write '\(path)': \(errorText(e))")
                }
                temporaryPath = candidate
                stream = f
                return
            }
            let e = errno
            attempt += 1
            if e != EEXIST || attempt > 20 { throw DrawError("cannot write '\(path)': \(errorText(e))") }
        }
    }

    deinit { discard() }

    /// Appends bytes. A failure is remembered and reported by `commit`.
    func write(_ bytes: UnsafeRawBufferPointer) {
        guard let stream, writeErrno == 0, bytes.count > 0, let base = bytes.baseAddress else { return }
        if fwrite(base, 1, bytes.count, stream) != bytes.count {
            writeErrno = errno == 0 ? EIO : errno
        }
        count += bytes.count
    }

    func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { write($0) }
    }

    func write(_ text: String) {
        var text = text
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Whether a write has failed (later writes are dropped).
    var failed: Bool { writeErrno != 0 }

    /// Closes the temporary file and renames it to `path`, replacing any file there.
    ///
    /// - Throws: `DrawError` when a write, the close or the rename failed; the temporary file is
    ///   then removed.
    func commit() throws(DrawError) {
        guard let f = stream else { throw DrawError("cannot write '\(path)': the file was already closed") }
        stream = nil
        if fflush(f) != 0, writeErrno == 0 { writeErrno = errno }
        if fclose(f) != 0, writeErrno == 0 { writeErrno = errno }
        if writeErrno != 0 {
            unlink(temporaryPath)
            throw DrawError("cannot write '\(path)': \(errorText(writeErrno))")
        }
        if rename(temporaryPath, path) != 0 {
            let e = errno
            unlink(temporaryPath)
            throw DrawError("cannot write '\(path)': \(errorText(e))")
        }
    }

    /// Closes and removes the temporary file; nothing happens to `path`. Safe to call twice.
    func discard() {
        guard let f = stream else { return }
        stream = nil
        fclose(f)
        unlink(temporaryPath)
    }
}

/// Splits a path into its folder ("." when none) and its last component.
func splitPath(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let name = String(path[path.index(after: slash)...])
    var folder = String(path[..<slash])
    while folder.hasSuffix("/") { folder.removeLast() }
    if folder.isEmpty { folder = "/" }
    return (folder, name)
}

/// The C library's description of an errno value, starting in lower case
/// ("permission denied").
func errorText(_ code: Int32) -> String {
    guard let s = strerror(code) else { return "error \(code)" }
    var text = String(cString: s)
    if let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase ?? true {
        text = first.lowercased() + text.dropFirst()
    }
    return text
}
