import DynTestSupport
import Foundation
import Testing

/// `print world.hash` across processes: the same script gives the same digest run after run,
/// a saved world replayed gives the digest it was saved with, and undoing a step gives back
/// the digest of before it.
@Suite struct WorldHashProgramTests {
    static let scene = """
        set world.model "uikit"
        for i in 0..<30 { add view "b{i}" frame (20 + i % 6 * 50) (floor(i / 6) * 45) 40 40 shape ellipse elasticity 0.3 }
        add view floor frame 0 600 375 20 anchored yes
        gravity
        collide all bounds
        kick b4 120 -80
        step 90
        """

    func hashes(in output: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { $0.count == 16 && $0.allSatisfy(\.isHexDigit) }
    }

    @Test func sameScriptSameHashInTwoProcesses() throws {
        let folder = try temporaryFolder()
        let path = folder + "/scene.dyn"
        try (Self.scene + "\nprint world.hash\nstep 30\nprint world.hash\n").write(toFile: path, atomically: true, encoding: .utf8)
        let first = try runDyn([path])
        let second = try runDyn([path])
        #expect(first.status == 0 && second.status == 0, "\(first.stderr)\(second.stderr)")
        #expect(hashes(in: first.stdout).count == 2)
        #expect(hashes(in: first.stdout) == hashes(in: second.stdout))
        #expect(Set(hashes(in: first.stdout)).count == 2)  // stepping changed it
        // A different world has a different digest.
        let other = try runDyn(["-e", Self.scene.replacingOccurrences(of: "kick b4 120 -80", with: "kick b4 121 -80") + "\nprint world.hash"])
        #expect(hashes(in: other.stdout).count == 1)
        #expect(hashes(in: other.stdout).first != hashes(in: first.stdout).first)
    }

    @Test func savedWorldReplaysToTheSameHash() throws {
        let folder = try temporaryFolder()
        try (Self.scene + "\nset b2.x 100\nstep 17\nprint world.hash\nsave saved.dyn\n").write(toFile: folder + "/make.dyn", atomically: true, encoding: .utf8)
        try "source saved.dyn\nprint world.hash\nstep 5\nprint world.hash\n".write(toFile: folder + "/load.dyn", atomically: true, encoding: .utf8)
        try (Self.scene + "\nset b2.x 100\nstep 22\nprint world.hash\n").write(toFile: folder + "/straight.dyn", atomically: true, encoding: .utf8)
        let made = try runDyn([folder + "/make.dyn"], directory: folder)
        #expect(made.status == 0, "\(made.stderr)")
        let loaded = try runDyn([folder + "/load.dyn"], directory: folder)
        #expect(loaded.status == 0, "\(loaded.stderr)")
        let straight = try runDyn([folder + "/straight.dyn"], directory: folder)
        let saved = hashes(in: made.stdout)
        let replayed = hashes(in: loaded.stdout)
        #expect(saved.count == 1 && replayed.count == 2)
        #expect(replayed.first == saved.first)
        // Stepping on from the reloaded world is stepping on from the original.
        #expect(replayed.last == hashes(in: straight.stdout).first)
    }

    @Test func undoOfAStepGivesTheHashOfBefore() throws {
        let script = Self.scene + "\nprint world.hash\nstep 40\nprint world.hash\nundo\nprint world.hash\nstep 40\nprint world.hash\n"
        let result = try runDyn(["-e", script])
        #expect(result.status == 0, "\(result.stderr)")
        let h = hashes(in: result.stdout)
        #expect(h.count == 4)
        if h.count == 4 {
            #expect(h[0] != h[1])
            #expect(h[2] == h[0])
            #expect(h[3] == h[1])
        }
    }
}
