// The one place where dyn's language and shell layers meet the C library: Darwin on macOS,
// Glibc on Linux. Every other file imports this module instead of either, so the difference
// between the two lives here and nowhere else. (The engine, Dynamics*, calls no C library.)

#if canImport(Darwin)
@_exported import Darwin
#elseif canImport(Glibc)
@_exported import Glibc
#else
#error("dyn needs Darwin (macOS) or Glibc (Linux)")
#endif

/// The few calls whose spelling differs between Darwin and Glibc.
public enum System {
    /// write(2) on a file descriptor: the number of bytes written, or -1.
    public static func write(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        return Darwin.write(fd, bytes, count)
        #else
        return Glibc.write(fd, bytes, count)
        #endif
    }

    /// Reads a whole file descriptor (standard input) to its end with read(2): the bytes, or
    /// nil and the errno of the read that failed. A read that a signal interrupts (EINTR)
    /// goes on unless `stop()` says to give up, so that Ctrl-C ends the wait cleanly
    /// (Foundation's FileHandle traps on EINTR).
    public static func readAll(_ fd: Int32, stop: () -> Bool) -> (bytes: [UInt8], error: Int32?) {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { buffer -> Int in
                #if canImport(Darwin)
                return Darwin.read(fd, buffer.baseAddress, buffer.count)
                #else
                return Glibc.read(fd, buffer.baseAddress, buffer.count)
                #endif
            }
            if n > 0 { bytes.append(contentsOf: chunk[0..<n]); continue }
            if n == 0 { return (bytes, nil) }
            let code = errno
            if code == EINTR && !stop() { continue }
            return (bytes, code)
        }
    }

    /// `strerror(code)` as a String (`errno` by default).
    public static func errorText(_ code: Int32 = errno) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }

    /// Installs `handler` for `signal` with `sigaction` and `sa_flags = 0` (no `SA_RESTART`, so
    /// a blocking read returns with EINTR when the signal arrives).
    public static func installHandler(_ signal: Int32, _ handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
        #else
        action.__sigaction_handler.sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        _ = sigaction(signal, &action, nil)
    }
}
