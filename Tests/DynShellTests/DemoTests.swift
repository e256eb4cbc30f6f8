import DynShell
import Foundation
import Testing

/// `dyn demo`: the embedded scripts are Docs/demos's, every listed demo exists and passes as a
/// test, and the program lists, prints, runs and records them.
struct DemoTests {
    static let folder = packageRoot + "/Docs/demos"

    static var files: [(name: String, text: String)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".dyn") && !$0.hasPrefix("_") }.sorted().map {
            (String($0.dropLast(4)), (try? String(contentsOfFile: folder + "/" + $0, encoding: .utf8)) ?? "")
        }
    }

    /// Sources/DynShell/DemoScripts.swift holds exactly the scripts of Docs/demos.
    @Test func embeddedScriptsAreCurrent() throws {
        let path = packageRoot + "/Sources/DynShell/DemoScripts.swift"
        let generated = Demos.generatedSource(DemoTests.files)
        let current = try String(contentsOfFile: path, encoding: .utf8)
        if ProcessInfo.processInfo.environment["DYN_RECORD_DEMOS"] == "1" && current != generated {
            try generated.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        #expect(current == generated, "Sources/DynShell/DemoScripts.swift is out of date: run DYN_RECORD_DEMOS=1 swift test --filter DemoTests")
        #expect(Demos.all.map(\.name) == DemoTests.files.map(\.name))
        for (demo, file) in zip(Demos.all, DemoTests.files) {
            #expect(demo.script == file.text, "\(demo.name) differs from Docs/demos/\(file.name).dyn")
        }
    }

    /// Every demo that `dyn demo` lists exists in Docs/demos, has a summary and one animated run,
    /// and passes under `dyn test` rules.
    @Test(arguments: Demos.all.map(\.name))
    func listedDemoExistsAndPasses(_ name: String) throws {
        let demo = try #require(Demos.named(name))
        let path = DemoTests.folder + "/" + name + ".dyn"
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(!demo.summary.isEmpty && demo.summary.count <= 100, "the summary of \(name) does not fit on a line: \(demo.summary)")
        let live = demo.script.components(separatedBy: "\n").filter { $0.hasPrefix("run ") && $0.contains(" live") }
        // The one `run T live` is what --record records; the older demos that step in a loop have none.
        let older = ["cradle", "hoop", "projectile"]
        #expect(live.count == (older.contains(name) ? 0 : 1), "\(name) must have exactly one top-level `run T live` (the one --record records)")
        let outcome = TestRunner.runOne(path)
        #expect(outcome.passed, "\(outcome.reason)")
    }

    @Test func thereAreTheTutorialScenes() {
        for name in ["rope", "attachments", "ballswift", "ios7-pendulum", "ios7-cradle", "blocks", "pyramid", "rain"] {
            #expect(Demos.named(name) != nil, "missing demo \(name)")
        }
    }

    @Test func recordingRewritesTheLiveRun() throws {
        let script = "world 100 100\nrun 2s live speed 3 names width 40 region 0 0 50 50\nprint 1\n"
        let out = try #require(Demos.recording(script, to: "/tmp/a \"b\".gif"))
        #expect(out == "world 100 100\nrecord 2s to \"/tmp/a \\\"b\\\".gif\" names region 0 0 50 50\nprint 1\n")
        #expect(Demos.recording("run 2\n", to: "x.gif") == nil)
        #expect(Demos.recording("run 1 live\n", to: "x.gif", extra: "fps 12 size 90 90") == "record 1 to \"x.gif\" fps 12 size 90 90\n")
        #expect(Demos.summary(of: "# One. Two\n# three.\nworld 1 1\n") == "One.")
        #expect(Demos.summary(of: "# A line\n# goes on. More\n") == "A line goes on.")
        // The embedded source survives a script that holds the raw string's own delimiter.
        let source = Demos.generatedSource([(name: "odd", text: "print \"\"\"#\" \\(x)\n")])
        #expect(source.contains("##\"\"\"") && source.contains("\"\"\"##"))
    }

    @Test func theProgramListsPrintsRunsAndRecords() throws {
        let list = try runDyn(["demo"])
        #expect(list.status == 0)
        for demo in Demos.all { #expect(list.stdout.contains("  " + demo.name + " "), "\(demo.name) not listed") }
        let printed = try runDyn(["demo", "pyramid", "--print"])
        #expect(printed.status == 0 && printed.stdout == Demos.named("pyramid")?.script)
        let ran = try runDyn(["demo", "pyramid"])
        #expect(ran.status == 0, "\(ran.stderr)")
        #expect(ran.stdout.contains("live: not a terminal") && ran.stdout.contains("no box moved more than"))
        let unknown = try runDyn(["demo", "pyramud"])
        #expect(unknown.status == 2 && unknown.stderr.contains("no demo named 'pyramud'"))
        let dir = NSTemporaryDirectory() + "dyn-demo-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let recorded = try runDyn(["demo", "pyramid", "--record", "p.gif", "--fps", "10", "--size", "120"], directory: dir)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let gif = try Data(contentsOf: URL(fileURLWithPath: dir + "/p.gif"))
        #expect(gif.starts(with: Array("GIF89a".utf8)))
        // The picture fits into 120 × 120 (the GIF's logical screen size, little-endian, bytes 6-9).
        let width = Int(gif[6]) | Int(gif[7]) << 8
        let height = Int(gif[8]) | Int(gif[9]) << 8
        #expect(max(width, height) <= 120 && max(width, height) >= 100, "\(width) × \(height)")
        let both = try runDyn(["demo", "pyramid", "--print", "--record", "x.gif"], directory: dir)
        #expect(both.status != 0 && both.stderr.contains("--print and --record"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.gif"))
        let suffixed = try runDyn(["demo", "pyramid.dyn", "--print"])
        #expect(suffixed.status == 0 && suffixed.stdout == Demos.named("pyramid")?.script)
        let nowhere = try runDyn(["demo", "pyramid", "--record", "no/such/folder/p.gif"], directory: dir)
        #expect(nowhere.status == 2 && nowhere.stderr.contains("p.gif"), "\(nowhere.stderr)")
        let misplaced = try runDyn(["demo", "pyramid", "--fps", "10"])
        #expect(misplaced.status != 0 && misplaced.stderr.contains("--record"))
    }

    /// Docs/demos.md shows every demo, and every animation it shows exists.
    @Test func theDemosPageShowsEveryDemo() throws {
        let page = try String(contentsOfFile: packageRoot + "/Docs/demos.md", encoding: .utf8)
        for demo in Demos.all {
            #expect(page.contains("[\(demo.name)](demos/\(demo.name).dyn)"), "Docs/demos.md does not show \(demo.name)")
        }
        for piece in page.components(separatedBy: "](pictures/demos/").dropFirst() {
            let file = String(piece.prefix { $0 != ")" })
            #expect(FileManager.default.fileExists(atPath: packageRoot + "/Docs/pictures/demos/" + file), "missing \(file)")
        }
    }

    /// Every world the tutorial builds (its code blocks that start with `world`) runs as written.
    @Test func theTutorialsCodeRuns() throws {
        let page = try String(contentsOfFile: packageRoot + "/Docs/tutorial.md", encoding: .utf8)
        let blocks = page.components(separatedBy: "```\n").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let worlds = blocks.filter { $0.hasPrefix("world ") }
        #expect(worlds.count >= 6)
        for code in worlds {
            let result = try runDyn(["-e", code])
            #expect(result.status == 0, "\(code)\n\(result.stderr)")
        }
    }
}
