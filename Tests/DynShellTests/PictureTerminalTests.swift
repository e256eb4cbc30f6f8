import DynTestSupport
import Foundation
import Testing

/// Pictures in a real terminal (tmux): `show` in braille with colour, in ASCII where the
/// terminal is dumb, without colour under NO_COLOR; `run … live` animating in place and
/// stopping on Ctrl-C with the cursor back.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable && TmuxSession.builtProduct(named: "dyn") != nil,
                             "needs tmux and the built dyn"))
struct PictureTerminalTests {
    func start(environment: [String: String] = [:]) throws -> (TmuxSession, String) {
        let folder = try temporaryFolder()
        var env = ["HOME": folder, "DYN_HISTORY": folder + "/history", "XDG_STATE_HOME": folder + "/state", "TERM": "xterm-256color"]
        for (k, v) in environment { env[k] = v }
        let dyn = try #require(TmuxSession.builtProduct(named: "dyn"))
        let tmux = try TmuxSession(command: [dyn, "--no-init"], environment: env, directory: folder, width: 100, height: 40)
        _ = try tmux.waitFor("dyn> ")
        return (tmux, folder)
    }

    static func braille(_ s: String) -> Int {
        s.unicodeScalars.filter { $0.value >= 0x2801 && $0.value <= 0x28FF }.count
    }

    @Test func showDrawsBrailleInColour() throws {
        let (tmux, _) = try start()
        defer { tmux.kill() }
        try tmux.typeLine("world 400 300; add view ball frame 150 100 100 100 shape ellipse; show")
        _ = try tmux.waitForNext("dyn> ")
        let screen = try tmux.capture()
        #expect(Self.braille(screen) > 20, "no braille picture:\n\(screen)")
        // The picture fits the terminal: no line is wider than its 100 columns.
        #expect(screen.split(separator: "\n").allSatisfy { $0.count <= 100 })
        let coloured = try tmux.capture(escapes: true)
        #expect(coloured.contains("\u{1B}["), "no colour codes")
        try tmux.press("C-d")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test func dumbTerminalGetsASCIIWithoutColour() throws {
        let (tmux, _) = try start(environment: ["TERM": "dumb"])
        defer { tmux.kill() }
        try tmux.typeLine("world 400 300; add view ball frame 150 100 100 100 shape ellipse; show")
        _ = try tmux.waitForNext("dyn> ")
        let screen = try tmux.capture(escapes: true)
        #expect(Self.braille(screen) == 0)
        // Some ASCII drawing of the ball and the bounds.
        #expect(screen.split(separator: "\n").filter { $0.contains(where: { "|-+o*#/\\".contains($0) }) }.count > 5)
        try tmux.press("C-d")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test func noColorMeansNoEscapes() throws {
        let (tmux, _) = try start(environment: ["NO_COLOR": "1"])
        defer { tmux.kill() }
        try tmux.typeLine("world 400 300; add view ball frame 150 100 100 100; show")
        _ = try tmux.waitForNext("dyn> ")
        let screen = try tmux.capture(escapes: true)
        let picture = screen.components(separatedBy: "show").last ?? ""
        #expect(Self.braille(picture) > 10)
        #expect(!picture.contains("\u{1B}[3") && !picture.contains("\u{1B}[9"), "colour in:\n\(picture)")
        try tmux.press("C-d")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test func liveAnimatesInPlaceAndStopsOnControlC() throws {
        let (tmux, _) = try start()
        defer { tmux.kill() }
        try tmux.typeLine("world 400 300; add view ball frame 150 0 40 40 shape ellipse; collide ball bounds; gravity")
        _ = try tmux.waitForNext("dyn> ")
        try tmux.typeLine("run 60 live")
        // The status line shows the world time going on.
        _ = try tmux.waitFor("kinetic energy")
        let first = try tmux.capture()
        // It redraws in place: one picture on the screen, however many frames were drawn.
        #expect(first.components(separatedBy: "Ctrl-C stops").count == 2, "\(first)")
        try tmux.press("C-c")
        _ = try tmux.waitFor("interrupted: stopped after ")
        _ = try tmux.waitForNext("dyn> ")
        try tmux.typeLine("print world.time > 0 and world.time < 60")
        _ = try tmux.waitFor("\ntrue\n")
        try tmux.press("C-d")
        #expect(try tmux.waitForExit() == 0)
    }

    @Test func liveRunsToTheEndAtTheGivenSpeed() throws {
        let (tmux, _) = try start()
        defer { tmux.kill() }
        try tmux.typeLine("world 400 300; add view ball frame 150 0 40 40; gravity")
        _ = try tmux.waitForNext("dyn> ")
        let clock = ContinuousClock()
        let t0 = clock.now
        try tmux.typeLine("run 2 live speed 4")
        _ = try tmux.waitForNext("dyn> ")
        // 2 s of world time at 4 × real time takes at least 0.5 s of real time.
        #expect(clock.now - t0 >= .milliseconds(450))
        try tmux.typeLine("print world.time")
        _ = try tmux.waitFor("\n2\n")
        try tmux.press("C-d")
        #expect(try tmux.waitForExit() == 0)
    }
}

/// `dyn demo NAME` in a terminal animates its `run T live` in place, then prints its results.
@Suite(.serialized, .enabled(if: TmuxSession.isAvailable && TmuxSession.builtProduct(named: "dyn") != nil,
                             "needs tmux and the built dyn"))
struct DemoTerminalTests {
    @Test func aDemoRunsLiveInATerminal() throws {
        let folder = try temporaryFolder()
        let env = ["HOME": folder, "TERM": "xterm-256color"]
        let dyn = try #require(TmuxSession.builtProduct(named: "dyn"))
        let tmux = try TmuxSession(command: [dyn, "demo", "pyramid"], environment: env, directory: folder, width: 100, height: 40)
        defer { tmux.kill() }
        // The live picture's status line, then the demo's own result line.
        _ = try tmux.waitFor("21 items")
        let screen = try tmux.waitFor("no box moved more than")
        #expect(PictureTerminalTests.braille(screen) > 20, "no live picture:\n\(screen)")
        #expect(!screen.contains("not a terminal"))
        #expect(try tmux.waitForExit() == 0)
    }
}
