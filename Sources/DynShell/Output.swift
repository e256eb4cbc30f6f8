import DynSystem

/// Buffered standard output and unbuffered standard error, kept in order: anything written
/// to standard error first flushes what standard output holds, so a terminal shows a
/// script's prints and its diagnostics in the order they happened.
public final class ConsoleOutput: @unchecked Sendable {
    private var buffer: [UInt8] = []
    /// Flush after every write (the interactive shell, or output to a terminal).
    public var flushesEveryWrite: Bool

    public init(flushesEveryWrite: Bool = false) {
        self.flushesEveryWrite = flushesEveryWrite
        buffer.reserveCapacity(1 << 16)
    }

    /// Writes to standard output.
    public func write(_ s: String) {
        buffer.append(contentsOf: s.utf8)
        if flushesEveryWrite || buffer.count >= 1 << 16 { flush() }
    }

    /// Writes to standard error, after flushing standard output.
    public func writeError(_ s: String) {
        flush()
        ConsoleOutput.writeAll(Array(s.utf8), to: 2)
    }

    /// Sends what standard output holds.
    public func flush() {
        if buffer.isEmpty { return }
        ConsoleOutput.writeAll(buffer, to: 1)
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes all of `bytes` to a file descriptor, resuming after short writes.
    static func writeAll(_ bytes: [UInt8], to fd: Int32) {
        bytes.withUnsafeBytes { p in
            var off = 0
            while off < p.count {
                let n = System.write(fd, p.baseAddress! + off, p.count - off)
                if n <= 0 { break }
                off += n
            }
        }
    }

    deinit { flush() }
}
