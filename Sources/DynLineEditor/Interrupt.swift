// Interrupt.swift: Ctrl-C as a flag that the prompt and long computations both read.
//
// Why sigaction with sa_flags = 0: without SA_RESTART the blocking read(2) inside libedit
// fails with EINTR as soon as SIGINT arrives, so `readline` returns at once (NULL, like EOF)
// and the prompt can clear the line. glibc's signal() sets SA_RESTART and a DispatchSource
// only sees the signal after the read returns: both leave Ctrl-C ignored until Enter.
// The handler does the one async-signal-safe thing: an atomic store.

import Synchronization

import DynSystem

/// The process-wide "Ctrl-C was pressed" flag, set by a SIGINT handler.
///
/// Call ``install()`` once at start-up (before the first prompt). At the prompt,
/// ``LineEditor/readLine(prompt:)`` turns the flag into ``LineRead/interrupted`` and clears
/// it. A long computation polls ``isRequested`` (an atomic load: cheap enough for once per
/// step, or every 65,536 iterations of a tight loop), stops with its state consistent, and
/// the shell calls ``clear()`` before the next prompt.
public enum Interrupt {
    private static let flag = Atomic<Bool>(false)

    /// Installs the SIGINT handler: `sigaction` with `sa_flags = 0` (no `SA_RESTART`).
    ///
    /// Idempotent. While it is installed Ctrl-C never kills the process; the shell decides.
    /// Also unblocks SIGINT on the calling thread, in case the parent started us with it
    /// blocked; call it from the thread that reads the terminal.
    public static func install() {
        System.installHandler(SIGINT, interruptSignalHandler)
        // A parent may have started us with SIGINT blocked (the mask is inherited across
        // exec): then Ctrl-C would never arrive. Unblock it on this (the reading) thread.
        var interruptOnly = sigset_t()
        sigemptyset(&interruptOnly)
        sigaddset(&interruptOnly, SIGINT)
        _ = pthread_sigmask(SIG_UNBLOCK, &interruptOnly, nil)
    }

    /// Whether Ctrl-C was pressed since the last ``clear()``. Safe from any thread.
    public static var isRequested: Bool {
        flag.load(ordering: .relaxed)
    }

    /// Forgets a pending Ctrl-C.
    public static func clear() {
        flag.store(false, ordering: .relaxed)
    }

    /// Sets the flag as SIGINT would; for tests and for code that wants to stop a computation.
    public static func request() {
        flag.store(true, ordering: .relaxed)
    }
}

/// The SIGINT handler: only an atomic store, which is async-signal-safe.
private func interruptSignalHandler(_: Int32) {
    Interrupt.request()
}
