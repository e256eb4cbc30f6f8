import BenchScenes
import Dynamics
import Testing

/// The standard benchmark scenes (Sources/BenchScenes), stepped as the benchmark steps them:
/// each passes its own sanity check, runs the same bit for bit twice, and ends in a state
/// whose hash is pinned here (the model is Box2D's determinism test). A pinned hash changes
/// only with a deliberate change of the physics: update it then, and say why in the commit.
@Suite struct BenchSceneTests {
    /// Frames stepped per scene in the tests (a debug build: the two large scenes run fewer
    /// frames than the benchmark's), and the state hash after them.
    static let pinned: [(name: String, steps: Int, hash: UInt64)] = [
        ("pyramid20", 600, 0x34c0_59a3_b4c6_1f21),
        ("chains", 600, 0x32b1_0bc6_f287_f682),
        ("rain", 60, 0xbb95_99f5_c15b_1c58),
        ("pyramid100", 20, 0xbb27_bd7d_de14_7e6a),
    ]

    static func run(_ name: String, steps: Int) throws -> (BenchScene, UInt64) {
        let kind = try #require(BenchSceneKind.named(name))
        var scene = try kind.build()
        for _ in 0..<steps { scene.world.step() }
        return (scene, scene.world.stateHash())
    }

    @Test(arguments: pinned.map(\.name))
    func sceneIsSaneAndItsHashPinned(_ name: String) throws {
        let entry = try #require(Self.pinned.first { $0.name == name })
        let (scene, hash) = try Self.run(name, steps: entry.steps)
        // The sanity check holds at the benchmark's length (a tall pyramid sags for a moment
        // while its contacts first take the load, so a shortened run is not judged by it).
        let kind = try #require(BenchSceneKind.named(name))
        if entry.steps == kind.steps {
            let (ok, detail) = scene.check(scene.world, scene.bodies)
            #expect(ok, "\(name): \(detail)")
        }
        #expect(hash == entry.hash, "\(name) after \(entry.steps) steps: state hash \(String(hash, radix: 16)), pinned \(String(entry.hash, radix: 16))")
    }

    @Test func sameSceneTwiceGivesTheSameState() throws {
        let (_, a) = try Self.run("pyramid20", steps: 200)
        let (_, b) = try Self.run("pyramid20", steps: 200)
        #expect(a == b)
    }

    @Test func everyStandardSceneIsPinned() {
        let standard = BenchSceneKind.all.filter(\.standard).map(\.name)
        #expect(Set(standard) == Set(Self.pinned.map(\.name)))
    }
}
