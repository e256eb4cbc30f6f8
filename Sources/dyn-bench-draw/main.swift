// dyn-bench-draw: how fast pictures are made (issue #9's targets), in a release build.
//
//   show:   a terminal picture (braille, 120 columns, colour) of the 2,000-ball rain scene
//           (Docs/benchmarks.md), taken every frame while it falls: target under 5 ms a picture.
//   live:   a terminal frame of a 500-ball world as `run … live` draws it: target under 4 ms.
//   record: 10 s of the rain scene into a 480 × 360 GIF at 25 frames a second (the world
//           stepped too, as `record` does): target under 10 s, and a file under 5 MB.
//
// Usage: dyn-bench-draw [show|live|record|all] [folder for the GIF (default: a temporary one)]
// Prints one line per measure: `draw NAME value=X unit target=Y ok=yes|no`.

import BenchScenes
import DynDraw
import Dynamics
import DynamicsMath
import Foundation

/// The rain scene (Sources/BenchScenes) with `count` balls, and a name for each item.
func rain(count: Int) throws -> (World, [(name: String, id: ItemID)]) {
    let scene = try BenchScenes.rain(count: count)
    let balls = scene.bodies.enumerated().map { (name: "b\($0.offset)", id: $0.element) }
    return (scene.world, scene.fixtures + balls)
}

func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
}

func report(_ name: String, _ value: Double, _ unit: String, target: Double) {
    let shown = (value * 1000).rounded() / 1000
    print("draw \(name) value=\(shown) \(unit) target=\(target) ok=\(value < target ? "yes" : "no")")
}

/// Median time of `render` over the frames of a falling world, ms.
func terminalFrames(count: Int, frames: Int, columns: Int) throws -> Double {
    var (w, items) = try rain(count: count)
    let region = DynDraw.Rect(x: -2150, y: -8100, width: 4300, height: 8250)
    let style = TerminalStyle(mode: .braille, color: true)
    var times: [Double] = []
    var bytes = 0
    let clock = ContinuousClock()
    for _ in 0..<frames {
        _ = w.step()
        let t0 = clock.now
        let scene = SceneBuilder.scene(of: w, items: items)
        let text = TerminalRenderer.render(scene, columns: columns, rows: 60, region: region, style: style, options: DrawOptions())
        times.append(seconds(clock.now - t0) * 1000)
        bytes += text.utf8.count
    }
    precondition(bytes > 0)
    times.sort()
    return times[times.count / 2]
}

func recordGIF(folder: String) throws -> (seconds: Double, bytes: Int) {
    var (w, items) = try rain(count: 2000)
    let region = DynDraw.Rect(x: -2150, y: -8100, width: 4300, height: 8250)
    let path = folder + "/rain.gif"
    let clock = ContinuousClock()
    let t0 = clock.now
    let recorder = try AnimationRecorder(
        path: path, format: .gif, width: 480, height: 360, fps: 25, region: region, options: DrawOptions())
    try recorder.add(SceneBuilder.scene(of: w, items: items))
    var next = 1
    for i in 0..<600 {
        _ = w.step()
        while next <= 250 && Int((Double(next) * 60 / 25).rounded()) == i + 1 {
            try recorder.add(SceneBuilder.scene(of: w, items: items))
            next += 1
        }
    }
    try recorder.finish()
    let elapsed = seconds(clock.now - t0)
    let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    return (elapsed, size)
}

let args = CommandLine.arguments.dropFirst()
let what = args.first ?? "all"
do {
    if what == "show" || what == "all" {
        report("show-2000", try terminalFrames(count: 2000, frames: 120, columns: 120), "ms", target: 5)
    }
    if what == "live" || what == "all" {
        report("live-500", try terminalFrames(count: 500, frames: 120, columns: 120), "ms", target: 4)
    }
    if what == "record" || what == "all" {
        let folder = args.dropFirst().first ?? NSTemporaryDirectory()
        let (s, bytes) = try recordGIF(folder: folder)
        report("record-rain-gif", s, "s", target: 10)
        report("record-rain-gif-size", Double(bytes) / 1_000_000, "MB", target: 5)
    }
} catch {
    FileHandle.standardError.write(Data("dyn-bench-draw: \(error)\n".utf8))
    exit(2)
}
