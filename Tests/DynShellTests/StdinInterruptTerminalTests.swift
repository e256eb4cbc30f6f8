import DynTestSupport
import Foundation
import Testing

/// A script fed on standard input (`dyn < FILE`, `cat FILE | dyn`) and stopped with Ctrl-C in
/// a real terminal: it says so and exits with status 2 (Docs/getting-started.md, "Exit
/// status"), whether it was running a loop or still waiting for its input; it never dies
/// silently (reading standard input used to trap on the interrupted read).
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable && TmuxSession.builtProduct(named: "dyn") != nil,
                             "needs tmux and the built dyn"))
struct StdinInterruptTerminalTests {
    /// Runs `pipeline` (which names the script as "$1") under a shell that survives Ctrl-C
    /// and prints dyn's exit status; returns the session once `ready` shows.
    func start(_ pipeline: String, script: String, ready: String?) throws -> TmuxSession {
        let folder = try temporaryFolder()
        let path = folder + "/script.dyn"
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        let dyn = try #require(TmuxSession.builtProduct(named: "dyn"))
        let env = ["HOME": folder, "DYN_HISTORY": folder + "/history", "DYN": dyn]
        let shell = "trap : INT; \(pipeline); echo \"dyn exited $?\""
        let tmux = try TmuxSession(command: ["sh", "-c", shell, "sh", path], environment: env, directory: folder)
        if let ready { _ = try tmux.waitFor(ready) }
        return tmux
    }

    static let loop = """
        add view a frame 0 0 10 10
        print "looping"
        let i = 0
        while true { set i = i + 1 }
        print "never"
        """

    @Test(arguments: ["\"$DYN\" < \"$1\"", "cat \"$1\" | \"$DYN\""])
    func loopStops(pipeline: String) throws {
        let tmux = try start(pipeline, script: Self.loop, ready: "looping")
        defer { tmux.kill() }
        try tmux.press("C-c")
        let screen = try tmux.waitFor("dyn exited")
        #expect(screen.contains("interrupted: the while loop stopped at <stdin>:4"), "\(screen)")
        #expect(screen.contains("dyn exited 2"), "\(screen)")
        #expect(!screen.contains("never"))
        #expect(!screen.contains("crashed"))
    }

    @Test func longStepStops() throws {
        let script = "add view a frame 0 0 10 10\ngravity\nprint \"stepping\"\nstep 100000000\nprint \"never\"\n"
        let tmux = try start("cat \"$1\" | \"$DYN\"", script: script, ready: "stepping")
        defer { tmux.kill() }
        try tmux.press("C-c")
        let screen = try tmux.waitFor("dyn exited")
        #expect(screen.contains("interrupted"), "\(screen)")
        #expect(screen.contains("dyn exited 2"), "\(screen)")
        #expect(!screen.contains("never"))
    }

    @Test func waitingForInputStops() throws {
        // The input never ends (sleep keeps the pipe open): dyn is blocked reading it.
        let tmux = try start("(cat \"$1\"; sleep 60) | \"$DYN\"", script: "print \"ran\"\n", ready: nil)
        defer { tmux.kill() }
        // dyn has installed its handler long before this (it does so before reading).
        Thread.sleep(forTimeInterval: 2)
        try tmux.press("C-c")
        let screen = try tmux.waitFor("dyn exited")
        #expect(screen.contains("interrupted: while reading the script from standard input; nothing ran"), "\(screen)")
        #expect(screen.contains("dyn exited 2"), "\(screen)")
        #expect(!screen.split(separator: "\n").contains("ran"))
        #expect(!screen.contains("crashed"))
    }
}
