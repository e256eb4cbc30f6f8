// TmuxHarness.swift: run a program in a real terminal (a detached tmux pane) from a test.
//
// The test-support module DynTestSupport, shared by the line editor's and the shell's tests. Each TmuxSession starts its own tmux server on a private socket (`-L`) with no
// configuration file (`-f /dev/null`), UTF-8 forced (`-u`) and `remain-on-exit` on, so the
// tests neither see nor disturb the user's tmux, and a program's exit status can be read
// after it exits. The server is killed when the session is killed or deinitialized.
//
//     let tmux = try TmuxSession(command: [demoPath], environment: ["DYN_HISTORY": path])
//     defer { tmux.kill() }
//     try tmux.waitForNext("demo> ")        // the first prompt: the terminal is in raw mode
//     try tmux.type("helo")
//     try tmux.press("Left", "l", "Enter")
//     try tmux.waitFor("LINE[hello]")
//     try tmux.waitForNext("demo> ")        // back at the prompt before typing again
//     try tmux.press("C-d")
//     #expect(try tmux.waitForExit() == 0)
//
// Waiting polls the pane every 50 ms up to a timeout (10 s by default, generous for a slow
// CI; multiply it with the TMUX_HARNESS_TIMEOUT_SCALE environment variable). A timeout
// throws an error that includes what the pane showed. Skip tests when `isAvailable` is false:
// `@Suite(.enabled(if: TmuxSession.isAvailable, "tmux is not installed"))`.

import Foundation

/// A program running in a detached tmux pane of a fixed size, driven by key presses.
public final class TmuxSession: @unchecked Sendable {
    /// The tmux executable found on `PATH`, or nil.
    public static let tmuxPath: String? = findExecutable("tmux")

    /// Whether tmux is installed (tests that need a terminal are skipped otherwise).
    public static var isAvailable: Bool { tmuxPath != nil }

    /// The path of an executable product built beside the running test binary (for example
    /// `dyn` or `dyn-lineedit-demo` in `.build/debug`), or nil when it was not built.
    ///
    /// The test target should depend on the executable target so that `swift test` builds it.
    public static func builtProduct(named name: String) -> String? {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        // On Linux the test binary is `.build/debug/<Package>PackageTests.xctest`; on macOS it
        // is inside the .xctest bundle, three levels below the products folder.
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    /// The private tmux server's socket name, unique per session.
    public let socketName: String
    /// The session's name on that server.
    public let name: String
    /// How long waits last unless told otherwise.
    public let defaultTimeout: Duration
    /// Where the wrapper writes the program's exit status.
    private let statusPath: String
    private var isKilled = false

    /// Starts `command` in a new detached session of `width` x `height` cells.
    ///
    /// - Parameters:
    ///   - command: the program and its arguments (quoted for `sh`, so any text is fine).
    ///   - environment: variables set for the program, added to this process's environment.
    ///   - unsetting: variables removed from the program's environment (for example `LANG`).
    ///     `NO_COLOR` is always removed unless `environment` sets it (`swift test` sets it).
    ///   - directory: the program's working directory (default: this process's).
    ///   - width: columns (default 100).
    ///   - height: rows (default 30).
    ///   - timeout: the default for the `wait` functions (default 10 s, times the
    ///     `TMUX_HARNESS_TIMEOUT_SCALE` environment variable when set).
    /// - Throws: ``TmuxError`` when tmux is missing or cannot start the session.
    public init(
        command: [String],
        environment: [String: String] = [:],
        unsetting: [String] = [],
        directory: String? = nil,
        width: Int = 100,
        height: Int = 30,
        timeout: Duration = .seconds(10)
    ) throws {
        guard TmuxSession.tmuxPath != nil else { throw TmuxError("tmux is not installed") }
        let unique = TmuxSession.nextSuffix()
        socketName = "dyn-test-\(getpid())-\(unique)"
        name = "s\(unique)"
        let scale = ProcessInfo.processInfo.environment["TMUX_HARNESS_TIMEOUT_SCALE"].flatMap(Double.init) ?? 1
        defaultTimeout = timeout * max(scale, 1)

        var argv = ["env"]
        // `swift test` runs tests with NO_COLOR=1 (when its output is not a terminal); the
        // program in the pane has a terminal and should decide for itself, so NO_COLOR is
        // removed unless `environment` sets it.
        let removed = unsetting + (environment["NO_COLOR"] == nil ? ["NO_COLOR"] : [])
        for variable in removed { argv += ["-u", variable] }
        for (key, value) in environment.sorted(by: { $0.key < $1.key }) { argv.append("\(key)=\(value)") }
        argv += command
        // The exit status is written to a file by a wrapping sh: tmux's #{pane_dead_status}
        // sometimes stayed empty (the pane's process never reaped) in tests on tmux 3.3a.
        // `trap : INT` keeps the wrapper alive through Ctrl-C (dash would otherwise quit when
        // the program returns) while the program still gets SIGINT's default disposition.
        statusPath = NSTemporaryDirectory() + "/tmux-harness-\(getpid())-\(unique).status"
        unlink(statusPath)
        let wrapper = "trap : INT; \"$@\"; echo $? > \(TmuxSession.shellQuoted(statusPath))"
        let shellCommand = (["sh", "-c", wrapper, "sh"] + argv).map(TmuxSession.shellQuoted).joined(separator: " ")

        var arguments = ["start-server", ";", "set-option", "-g", "remain-on-exit", "on", ";",
                         "set-option", "-g", "history-limit", "10000", ";",
                         "new-session", "-d", "-s", name, "-x", String(width), "-y", String(height)]
        if let directory { arguments += ["-c", directory] }
        arguments.append(shellCommand)
        _ = try tmux(arguments)
    }

    deinit {
        kill()
    }

    // MARK: Keys

    /// Types `text` literally (`send-keys -l`), UTF-8 included.
    public func type(_ text: String) throws {
        // tmux takes an argument ending in ';' as a command separator unless it ends in "\;".
        let escaped = text.hasSuffix(";") ? String(text.dropLast()) + "\\;" : text
        _ = try tmux(["send-keys", "-t", name, "-l", "--", escaped])
    }

    /// Presses keys by tmux name: `Enter`, `Tab`, `Up`, `Down`, `Left`, `Right`, `BSpace`,
    /// `C-c`, `C-d`, `C-a`, `Escape`... (a name tmux does not know is typed as text).
    public func press(_ keys: String...) throws {
        _ = try tmux(["send-keys", "-t", name] + keys)
    }

    /// Types `text`, then presses Enter.
    public func typeLine(_ text: String) throws {
        try type(text)
        try press("Enter")
    }

    // MARK: Screen

    /// The pane's text: scroll-back and screen, wrapped lines joined, trailing spaces and
    /// trailing empty lines removed.
    ///
    /// - Parameter escapes: keep colour and attribute escape sequences (`capture-pane -e`).
    public func capture(escapes: Bool = false) throws -> String {
        var arguments = ["capture-pane", "-p", "-J", "-S", "-", "-t", name]
        if escapes { arguments.insert("-e", at: 2) }
        let text = try tmux(arguments)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var line = Substring(line)
            while line.last == " " { line.removeLast() }
            return String(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// Waits until the pane shows `text` at least `occurrences` times.
    ///
    /// Trailing spaces of `text` are ignored, as ``capture(escapes:)`` removes those of each
    /// line: waiting for the prompt `"dyn> "` waits for `"dyn>"`.
    ///
    /// - Returns: the pane's text at that moment.
    /// - Throws: ``TmuxError`` with the pane's text after `timeout`.
    @discardableResult
    public func waitFor(_ text: String, occurrences: Int = 1, timeout: Duration? = nil) throws -> String {
        var needle = Substring(text)
        while needle.last == " " { needle.removeLast() }
        var count = 0
        let pane = try waitUntil("\(occurrences) × \"\(needle)\"", timeout: timeout) { pane in
            count = pane.components(separatedBy: needle).count - 1
            return count >= occurrences
        }
        // What was seen here is not "next" for a later waitForNext: without this, a
        // waitForNext after waitFor("dyn> ") returns at once on the prompt already seen.
        seenCounts[String(needle)] = max(seenCounts[String(needle), default: 0], count)
        return pane
    }

    /// Waits for an occurrence of `text` newer than those seen by the previous call with the
    /// same text: the way to wait for the *next* prompt before typing.
    ///
    /// Keys sent before a program is back at its prompt reach a terminal in cooked mode: they
    /// are echoed by the terminal and line-buffered, which makes a test flaky on a slow
    /// machine. So after each command's output, `waitForNext("dyn>")` before typing again.
    /// Trailing spaces of `text` are ignored, as in ``waitFor(_:occurrences:timeout:)``.
    @discardableResult
    public func waitForNext(_ text: String, timeout: Duration? = nil) throws -> String {
        var needle = Substring(text)
        while needle.last == " " { needle.removeLast() }
        let seen = seenCounts[String(needle), default: 0]
        var count = 0
        let pane = try waitUntil("a new \"\(needle)\" (seen \(seen) before)", timeout: timeout) { pane in
            count = pane.components(separatedBy: needle).count - 1
            return count > seen
        }
        seenCounts[String(needle)] = count
        return pane
    }

    /// Occurrences of each text seen by ``waitForNext(_:timeout:)``.
    private var seenCounts: [String: Int] = [:]

    /// Waits until `condition` holds for the pane's text, polling every 50 ms.
    ///
    /// - Parameters:
    ///   - description: what is awaited, for the error message.
    ///   - timeout: how long at most (default: the session's).
    /// - Returns: the pane's text at that moment.
    @discardableResult
    public func waitUntil(
        _ description: String, timeout: Duration? = nil, _ condition: (String) -> Bool
    ) throws -> String {
        let clock = ContinuousClock()
        let deadline = clock.now + (timeout ?? defaultTimeout)
        var pane = ""
        while true {
            pane = try capture()
            if condition(pane) { return pane }
            if clock.now >= deadline { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TmuxError("timed out waiting for \(description); the pane shows:\n\(pane)")
    }

    /// Waits until the program has exited and returns its exit status (128 + N when signal N
    /// killed it). The pane stays (`remain-on-exit`), so it can still be captured.
    public func waitForExit(timeout: Duration? = nil) throws -> Int32 {
        let clock = ContinuousClock()
        let deadline = clock.now + (timeout ?? defaultTimeout)
        while true {
            if let text = try? String(contentsOfFile: statusPath, encoding: .utf8),
                let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return status
            }
            if clock.now >= deadline { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw TmuxError("timed out waiting for the program to exit; the pane shows:\n\(try capture())")
    }

    /// Kills the session and its private server. Idempotent.
    public func kill() {
        guard !isKilled else { return }
        isKilled = true
        _ = try? tmux(["kill-server"])
        unlink(statusPath)
    }

    // MARK: Running tmux

    /// Runs tmux on this session's private server and returns its standard output.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        guard let tmuxPath = TmuxSession.tmuxPath else { throw TmuxError("tmux is not installed") }
        let result = try Subprocess.run(tmuxPath, ["-u", "-f", "/dev/null", "-L", socketName] + arguments)
        guard result.status == 0 else {
            throw TmuxError("tmux \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.errors)")
        }
        return result.output
    }

    private static let counter = NSLock()
    nonisolated(unsafe) private static var sequence = 0

    /// A suffix unique within this process (with the pid, unique on the machine).
    private static func nextSuffix() -> String {
        counter.lock()
        defer { counter.unlock() }
        sequence += 1
        return "\(sequence)-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// `text` quoted for sh: inside single quotes, each ' written as '\''.
    private static func shellQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private static func findExecutable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// A failure of the terminal harness, with what the pane showed when it helps.
public struct TmuxError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Runs a program to its end with output in temporary files, not pipes.
///
/// Why not Foundation's Process with Pipes: the first tmux command starts a server that
/// outlives the client, and a test reading the client's pipes to their end hung there (seen
/// with swift-corelibs-foundation on Linux, the client left a zombie). Files never wait for
/// a writer, and posix_spawn + waitpid have no run loop to depend on.
public enum Subprocess {
    public struct Result {
        public var status: Int32
        public var output: String
        public var errors: String
    }

    /// Runs `executable` with `arguments`, standard input from `input` (default /dev/null),
    /// and waits for it.
    ///
    /// - Parameters:
    ///   - environment: the whole environment, or nil for this process's.
    /// - Returns: the exit status (128 + N when killed by signal N) and what it printed.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        input: String = "/dev/null"
    ) throws -> Result {
        let running = try start(executable, arguments, environment: environment, input: input)
        return try wait(running)
    }

    /// A started program: its pid and where its output goes.
    public struct Running: Sendable {
        public var pid: pid_t
        public var outputPath: String
        public var errorPath: String
    }

    /// Starts `executable` without waiting (see ``run(_:_:environment:input:)``).
    public static func start(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        input: String = "/dev/null"
    ) throws -> Running {
        let base = NSTemporaryDirectory() + "/subprocess-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        let running = Running(pid: 0, outputPath: base + ".out", errorPath: base + ".err")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, running.outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, running.errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environmentStrings = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { environmentStrings?.forEach { free($0) } }

        // A test runs on a worker thread that blocks signals, and a spawned program inherits
        // that mask (and ignored signals): tmux would never see SIGCHLD (a pane never dies)
        // and the program under test never SIGINT (Ctrl-C does nothing). Start it clean.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE, SIGCHLD, SIGTSTP, SIGTTIN, SIGTTOU] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        var pid = pid_t()
        let code: Int32
        if let environmentStrings {
            code = posix_spawn(&pid, executable, &actions, &attributes, argv, environmentStrings)
        } else {
            code = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        }
        guard code == 0 else {
            throw TmuxError("cannot start \(executable): \(String(cString: strerror(code)))")
        }
        var started = running
        started.pid = pid
        return started
    }

    /// Waits for a started program and collects its output.
    public static func wait(_ running: Running) throws -> Result {
        var status: Int32 = 0
        while waitpid(running.pid, &status, 0) < 0 {
            if errno != EINTR { throw TmuxError("waitpid: \(String(cString: strerror(errno)))") }
        }
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        defer {
            unlink(running.outputPath)
            unlink(running.errorPath)
        }
        let output = (try? String(contentsOfFile: running.outputPath, encoding: .utf8)) ?? ""
        let errors = (try? String(contentsOfFile: running.errorPath, encoding: .utf8)) ?? ""
        return Result(status: exitStatus, output: output, errors: errors)
    }
}
