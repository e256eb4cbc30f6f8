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
