import DynTestSupport
import Foundation
import Testing

/// History is appended as each entry is accepted: a session that ends by the terminal closing
/// (SIGHUP, what killing the tmux server sends) keeps every entry it accepted.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable && TmuxSession.builtProduct(named: "dyn") != nil,
                             "needs tmux and the built dyn"))
struct HistoryDurabilityTests {
    @Test func historySurvivesTheTerminalClosing() throws {
        let box = try ReplTerminalTests.Sandbox()
        let tmux = try box.start()
        try tmux.typeLine("print \"first entry\"")
        _ = try tmux.waitFor("\nfirst entry\n")
        try tmux.typeLine("let kept = 2")
        try tmux.typeLine("print kept")
        _ = try tmux.waitFor("\n2\n")
        // The entries are on disk before the session ends.
        let before = (try? String(contentsOfFile: box.history, encoding: .utf8)) ?? ""
        #expect(before.contains("print \"first entry\""))
        #expect(before.contains("let kept = 2"))
        tmux.kill()  // SIGHUP: no Ctrl-D, no chance to save at exit
        let after = (try? String(contentsOfFile: box.history, encoding: .utf8)) ?? ""
        #expect(after.contains("print \"first entry\""))
        #expect(after.contains("print kept"))
    }
}
