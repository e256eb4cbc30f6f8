// `dyn test PATH ...`: runs each script in a fresh world and reports a line per script.
//
// A script passes when it runs to the end without an error or a failed `assert`, and its
// expectations hold. Expectations are comments in the script (as in Crafting Interpreters'
// test suite):
//
//     print 1 + 1      # expect: 2
//     # expect-error: unknown item 'bal'
//
// `# expect: TEXT` lines, in order, must equal the lines the script prints (all of them, when
// there is at least one). `# expect-error: TEXT` makes the script pass only if it stops with a
// diagnostic (or failed assert) whose message contains TEXT. In a folder, files and folders
// whose names start with `_` are skipped: they are helpers that tests `source`.

import DynLang
import DynSystem
import Foundation

/// Runs `.dyn` scripts as tests.
public enum TestRunner {
    /// The outcome of one script.
    public struct Outcome: Sendable {
        public var path: String
        public var passed: Bool
        /// Why it failed, one or more lines.
        public var reason: String
    }

    /// Every `.dyn` file named by `paths`, folders searched recursively, in a stable order.
    public static func collect(_ paths: [String]) -> (files: [String], missing: [String]) {
        var files: [String] = []
        var missing: [String] = []
        let fm = FileManager.default
        for path in paths {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDir) else {
                missing.append(path)
                continue
            }
            if isDir.boolValue {
                var found: [String] = []
                // Enumerate the folder a symbolic link points at, but report paths as given.
                let real = (path as NSString).resolvingSymlinksInPath
                if let e = fm.enumerator(atPath: real) {
                    while let rel = e.nextObject() as? String {
                        // Files and folders whose names start with `_` are helpers for `source`, not tests.
                        let helper = rel.split(separator: "/").contains { $0.hasPrefix("_") }
                        if rel.hasSuffix(".dyn") && !helper { found.append((path as NSString).appendingPathComponent(rel)) }
                    }
                }
                files.append(contentsOf: found.sorted())
            } else {
                files.append(path)
            }
        }
        return (files, missing)
    }

    /// The expectations written in a script's comments.
    struct Expectations {
        var output: [String] = []
        var error: String?
    }

    static func expectations(in file: SourceFile) -> Expectations {
        var e = Expectations()
        for i in 1...file.lineStarts.count {
            let line = file.lineText(i)
            if let r = line.range(of: "# expect: ") {
                e.output.append(String(line[r.upperBound...]))
            } else if line.hasSuffix("# expect:") {
                e.output.append("")
            } else if let r = line.range(of: "# expect-error: ") {
                e.error = String(line[r.upperBound...])
            }
        }
        return e
    }

    /// Runs one script in a fresh world.
    public static func runOne(_ path: String, timeout: Double? = nil, isInterrupted: @escaping () -> Bool = { false }) -> Outcome {
        let file: SourceFile
        do {
            file = try SourceFile.load(argument: path)
        } catch {
            return Outcome(path: path, passed: false, reason: error.rendered)
        }
        let expected = expectations(in: file)
        var printed = ""
        let interpreter = Interpreter(write: { printed += $0 })
        interpreter.keepsUndoHistory = Interpreter.mayUndo(file)
        // With a timeout, the script is stopped as Ctrl-C would stop it, at a frame or a loop's turn.
        let clock = ContinuousClock()
        let deadline = timeout.map { clock.now + .milliseconds(Int64(($0 * 1000).rounded(.up))) }
        nonisolated(unsafe) var timedOut = false
        interpreter.isInterrupted = {
            if let deadline, clock.now >= deadline {
                timedOut = true
                return true
            }
            return isInterrupted()
        }
        var failure: ScriptFailure?
        do {
            try interpreter.run(file)
        } catch {
            failure = error
        }
        if timedOut, let timeout {
            return Outcome(path: path, passed: false, reason: "timed out after \(formatNumber(timeout)) s (world time \(formatNumber(interpreter.session.world.time)) s)\n")
        }
        if let wanted = expected.error {
            guard let failure else {
                return Outcome(path: path, passed: false, reason: "expected an error containing '\(wanted)', but the script ran to the end\n")
            }
            let messages = failure.diagnostics.map(\.message)
            if !messages.contains(where: { $0.contains(wanted) }) {
                return Outcome(path: path, passed: false, reason: "expected an error containing '\(wanted)', got:\n" + failure.rendered)
            }
        } else if let failure {
            return Outcome(path: path, passed: false, reason: failure.rendered)
        }
        if !expected.output.isEmpty {
            var lines = printed.components(separatedBy: "\n")
            if lines.last == "" { lines.removeLast() }
            for i in 0..<max(lines.count, expected.output.count) {
                let got = i < lines.count ? "'\(lines[i])'" : "nothing"
                let want = i < expected.output.count ? "'\(expected.output[i])'" : "nothing"
                if got != want {
                    return Outcome(path: path, passed: false, reason: "output line \(i + 1): expected \(want), got \(got)\n")
                }
            }
        }
        return Outcome(path: path, passed: true, reason: "")
    }

    /// Runs every script under `paths`; prints `PASS`/`FAIL` lines and a closing
    /// `N passed, N failed` line. Returns 0 when all passed, 1 otherwise.
    public static func run(_ paths: [String], output: ConsoleOutput, timeout: Double? = nil,
                           isInterrupted: @escaping () -> Bool = { false }, isolatedBy executable: URL? = nil) -> Int32 {
        let (files, missing) = collect(paths)
        var passed = 0
        var failed = 0
        for m in missing {
            output.write("FAIL \(m)\n    no such file or folder\n")
            failed += 1
        }
        for f in files {
            let outcome = executable.map { runIsolated(f, executable: $0, timeout: timeout) }
                ?? runOne(f, timeout: timeout, isInterrupted: isInterrupted)
            if outcome.passed {
                passed += 1
                output.write("PASS \(f)\n")
            } else {
                failed += 1
                let indented = outcome.reason.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
                output.write("FAIL \(f)\n\(indented)")
                if !indented.hasSuffix("\n") { output.write("\n") }
            }
            output.flush()  // what was printed survives whatever comes next
        }
        output.write("\(passed) passed, \(failed) failed\n")
        output.flush()
        return failed == 0 ? Program.ok : Program.assertionFailed
    }

    /// Runs one script in a child process (`dyn test --child FILE`): a script that crashes or
    /// overflows the stack fails on its own line, and the other scripts still run.
    static func runIsolated(_ path: String, executable: URL, timeout: Double? = nil) -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = ["test", "--child", path] + (timeout.map { ["--timeout", "\($0)"] } ?? [])
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
        } catch {
            return Outcome(path: path, passed: false, reason: "cannot start \(executable.path): \(error)\n")
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        if process.terminationReason == .uncaughtSignal {
            let signal = process.terminationStatus
            let name = signal == SIGSEGV ? "a segmentation fault, often a stack overflow" : signal == SIGABRT ? "an abort" : signal == SIGILL || signal == SIGTRAP ? "a failed check in dyn" : "signal \(signal)"
            return Outcome(path: path, passed: false, reason: "dyn crashed running it (\(name)): please report it\n")
        }
        if text.hasPrefix("PASS\n") { return Outcome(path: path, passed: true, reason: "") }
        if text.hasPrefix("FAIL\n") { return Outcome(path: path, passed: false, reason: String(text.dropFirst(5))) }
        return Outcome(path: path, passed: false, reason: "dyn exited with status \(process.terminationStatus) running it\n" + text)
    }

    /// The child's side of `runIsolated`: `PASS` or `FAIL` and the reason, on standard output.
    public static func runChild(_ path: String, output: ConsoleOutput, timeout: Double? = nil,
                                isInterrupted: @escaping () -> Bool) -> Int32 {
        let outcome = runOne(path, timeout: timeout, isInterrupted: isInterrupted)
        output.write(outcome.passed ? "PASS\n" : "FAIL\n" + outcome.reason)
        output.flush()
        return 0
    }
}
