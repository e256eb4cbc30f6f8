// dyn-bench: the standard benchmark scenes (Sources/BenchScenes, described in
// Docs/benchmarks.md), timed like the peer harnesses (Box2D 2.4, Chipmunk 7, Box2D v3).
//
// Usage: dyn-bench [scene|all] [runs] [steps]
//   scene: pyramid20 | pyramid100 | rain | chains | all (default all);
//          rain-uikit, an extra: rain in the uikit model (elasticity 0.2, sleeping)
//   runs:  fresh worlds per scene, the median is reported (default 3)
//   steps: overrides the scene's frame count
//   dyn-bench memory [N] [steps] [gap]: a world of N boxes (default 50,000, 20 pt, in rows of 250,
//          gap pt apart, default 0: touching, on a static floor, gravity and collision) stepped
//          60 frames (or steps); prints
//          the peak resident memory over the process's resident size before the world was
//          built, per body, and the bytes each large table of the world reserves.
// Output (stdout), one line per scene, as the peers print it:
//   dyn SCENE bodies=N steps=N ms_per_step=X ok=yes|no
// Details (stderr): lines starting with '#', with the final state's hash (`World.stateHash`):
// equal hashes before and after an optimisation mean it left the physics bit for bit alone.
//
// Only the loop of steps is timed; building the world is not.

import BenchScenes
import Dynamics

import DynSystem
import Foundation

/// A monotonic wall clock, ms (as the peers: CLOCK_MONOTONIC).
let clock = ContinuousClock()
let origin = clock.now
func now() -> Double {
    let d = origin.duration(to: clock.now).components
    return Double(d.seconds) * 1000 + Double(d.attoseconds) * 1e-15
}

let args = CommandLine.arguments
let only = args.count > 1 ? args[1] : "all"
let runs = args.count > 2 ? max(1, Int(args[2]) ?? 3) : 3
let stepsOverride = args.count > 3 ? Int(args[3]) ?? 0 : 0

/// A line of /proc/self/status in KiB (VmRSS, VmHWM), 0 where there is none.
func statusKiB(_ key: String) -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
    }
    return 0
}

if only == "memory" {
    let n = args.count > 2 ? max(1, Int(args[2]) ?? 50_000) : 50_000
    let steps = stepsOverride > 0 ? stepsOverride : 60
    let before = statusKiB("VmRSS")
    let gap = args.count > 4 ? max(0, Double(args[4]) ?? 0) : 0
    var scene = try BenchScenes.grid(count: n, gap: gap)
    // Where the peak falls: after building, after the first step, at the end.
    let built = statusKiB("VmHWM")
    scene.world.step()
    let first = statusKiB("VmHWM")
    for _ in 1..<steps { scene.world.step() }
    let peak = statusKiB("VmHWM")
    let end = statusKiB("VmRSS")
    let tables = scene.world.memoryUse.sorted { $0.bytes > $1.bytes }
    let total = tables.reduce(0) { $0 + $1.bytes }
    print("dyn memory bodies=\(n) steps=\(steps) gap=\(gap) contacts=\(scene.world.contactCount) peak_rss_over_start_kib=\(peak - before) per_body_bytes=\((peak - before) * 1024 / n) peak_after_build=\((built - before) * 1024 / n) peak_after_step1=\((first - before) * 1024 / n) rss_at_end=\((end - before) * 1024 / n) tables_bytes=\(total) tables_per_body=\(total / n)")
    for t in tables where t.bytes > 0 {
        print("  \(t.name) count=\(t.count) stride=\(t.stride) bytes=\(t.bytes) per_body=\(fmt(Double(t.bytes) / Double(n), 1))")
    }
    exit(0)
}

var known = false
for s in BenchSceneKind.all where (only == "all" && s.standard) || only == s.name {
    known = true
    let steps = stepsOverride > 0 ? stepsOverride : s.steps
    var totals: [Double] = []
    var allOk = true
    var count = 0
    for r in 0..<runs {
        var scene = try s.build()
        count = scene.bodies.count
        let t0 = now()
        for _ in 0..<steps { scene.world.step() }
        let t1 = now()
        totals.append(t1 - t0)
        let (ok, detail) = scene.check(scene.world, scene.bodies)
        allOk = allOk && ok
        let line = "# dyn \(s.name) run=\(r) total_ms=\(fmt(t1 - t0, 1)) ms_per_step=\(fmt((t1 - t0) / Double(steps), 3)) ok=\(ok ? "yes" : "no") contacts=\(scene.world.contactCount) state=\(String(scene.world.stateHash(), radix: 16)) \(detail)\n"
        FileHandleStderr.emit(line)
    }
    totals.sort()
    let median = totals[totals.count / 2]
    print("dyn \(s.name) bodies=\(count) steps=\(steps) ms_per_step=\(fmt(median / Double(steps), 3)) ok=\(allOk ? "yes" : "no")")
}
if !known {
    FileHandleStderr.emit("dyn-bench: unknown scene '\(only)' (\(BenchSceneKind.all.map(\.name).joined(separator: ", ")) or all)\n")
}

/// Fixed-point formatting without Foundation.
func fmt(_ x: Double, _ decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let r = (x * scale).rounded() / scale
    var s = String(r)
    if let dot = s.firstIndex(of: ".") {
        let have = s.distance(from: dot, to: s.endIndex) - 1
        if have < decimals { s += String(repeating: "0", count: decimals - have) }
    } else {
        s += "." + String(repeating: "0", count: decimals)
    }
    return s
}

/// Writes to standard error without Foundation.
enum FileHandleStderr {
    static func emit(_ s: String) {
        var s = s
        s.withUTF8 { buf in
            if let base = buf.baseAddress { _ = System.write(2, base, buf.count) }
        }
    }
}
