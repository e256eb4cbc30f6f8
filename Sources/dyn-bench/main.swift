// dyn-bench: the standard benchmark scenes (/work/shared/bench/scenes.md) built with the
// engine's public API, timed like the peer harnesses (Box2D 2.4, Chipmunk 7).
//
// Usage: dyn-bench [scene|all] [runs] [steps]
//   scene: pyramid20 | pyramid100 | rain | chains | all (default all);
//          rain-uikit, an extra: rain in the uikit model (elasticity 0.2, sleeping)
//   runs:  fresh worlds per scene, the median is reported (default 3)
//   steps: overrides the scene's frame count
// Output (stdout), one line per scene, as the peers print it:
//   dyn SCENE bodies=N steps=N ms_per_step=X ok=yes|no
// Details (stderr): lines starting with '#', with the final state's hash (`World.stateHash`):
// equal hashes before and after an optimisation mean it left the physics bit for bit alone.
//
// Common to all scenes (scenes.md): gravity (0, 1) magnitude 1 on every item, frames of
// 1/60 s, the `ideal` model (no sleeping), density 1, friction 0.6, elasticity 0, resistance
// 0, the engine's default effort (4 sub-steps). Only the loop of steps is timed; building
// the world (items, behaviors and the collision tables) is not.

import Dynamics
import DynamicsMath

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A built scene: the world, its dynamic items in creation order, and the sanity check.
struct Scene {
    var world: World
    var bodies: [ItemID]
    var check: (World, [ItemID]) -> (Bool, String)
}

func dynamicBox(_ center: Vec2, _ size: Vec2, shape: ItemShape = .rectangle) -> ItemDefinition {
    var d = ItemDefinition()
    d.center = center
    d.size = size
    d.shape = shape
    d.friction = 0.6
    d.elasticity = 0
    d.resistance = 0
    d.angularResistance = 0
    d.density = 1
    return d
}

func staticBox(_ center: Vec2, _ size: Vec2) -> ItemDefinition {
    var d = dynamicBox(center, size)
    d.anchored = true
    return d
}

/// A pyramid of 100 pt boxes on a ground whose top is y = 0 (scenes.md "pyramid20").
func buildPyramid(base: Int) throws -> Scene {
    var w = World(size: Vec2(20_000, 10_000), model: .ideal)
    _ = try w.addItem(staticBox(Vec2(0, 100), Vec2(20_000, 200)))
    var ids: [ItemID] = []
    for i in 0..<base {
        let y = -(50 + 100 * Real(i))
        for j in i..<base {
            let x = 100 * (0.5 * Real(i + 1) + Real(j - i) - 0.5 * Real(base))
            ids.append(try w.addItem(dynamicBox(Vec2(x, y), Vec2(100, 100))))
        }
    }
    _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
    _ = try w.addCollision(items: nil)
    w.prepareCollisions()
    let top = ids.last!
    let startY = w.property(.y, of: top)
    return Scene(world: w, bodies: ids) { w, ids in
        let y = w.property(.y, of: top)
        let finite = ids.allSatisfy { w.property(.x, of: $0).isFinite && w.property(.y, of: $0).isFinite }
        return (finite && abs(y - startY) <= 100, "top_y_start=\(startY) top_y_end=\(y)")
    }
}

/// 2000 circles falling into an open box (scenes.md "rain"). `model: .uikit` is an extra,
/// non-standard variant (elasticity 0.2 everywhere, so the impact pass has work; sleeping).
func buildRain(model: WorldModel = .ideal) throws -> Scene {
    var w = World(size: Vec2(20_000, 10_000), model: model)
    _ = try w.addItem(staticBox(Vec2(0, 50), Vec2(4200, 100)))
    _ = try w.addItem(staticBox(Vec2(-2050, -4000), Vec2(100, 8000)))
    _ = try w.addItem(staticBox(Vec2(2050, -4000), Vec2(100, 8000)))
    var ids: [ItemID] = []
    for k in 0..<2000 {
        let r = k / 36
        let c = k % 36
        let x = -0.5 * 105 * 35 + 105 * Real(c) + (r % 2 == 1 ? 25 : 0)
        let y = -(200 + 105 * Real(r))
        var d = dynamicBox(Vec2(x, y), Vec2(100, 100), shape: .ellipse)
        if model == .uikit { d.elasticity = 0.2 }
        ids.append(try w.addItem(d))
    }
    _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
    _ = try w.addCollision(items: nil)
    w.prepareCollisions()
    return Scene(world: w, bodies: ids) { w, ids in
        var outside = 0
        var top = Real.infinity
        for id in ids {
            let x = w.property(.x, of: id)
            let y = w.property(.y, of: id)
            if !(x > -2000 && x < 2000 && y > -8000 && y < 0) { outside += 1 }
            top = min(top, y)
        }
        return (outside == 0, "outside=\(outside) pile_top_y=\(top)")
    }
}

/// 20 chains of 50 pinned links hanging from fixed points 6000 pt apart (scenes.md "chains").
/// Link i of chain c is a 50 × 12.5 pt box centred at (6000·c + 50·i + 25, 0); link 0 is pinned
/// to the world at (6000·c, 0), link i to link i − 1 at (6000·c + 50·i, 0). Every item is in one
/// collision behavior, so links of a chain collide except pinned neighbours (a pin never lets
/// its pair collide, as Box2D's collideConnected = false); chains are too far apart to meet.
func buildChains() throws -> Scene {
    let chainCount = 20
    let linkCount = 50
    let spacing: Real = 6000
    var w = World(size: Vec2(spacing * Real(chainCount), 10_000), model: .ideal)
    var ids: [ItemID] = []
    var anchors: [Vec2] = []
    for c in 0..<chainCount {
        let anchor = Vec2(spacing * Real(c), 0)
        anchors.append(anchor)
        var previous: ItemID? = nil
        for i in 0..<linkCount {
            let link = try w.addItem(dynamicBox(Vec2(anchor.x + 50 * Real(i) + 25, 0), Vec2(50, 12.5)))
            var pin: AttachmentDefinition
            if let p = previous {
                pin = AttachmentDefinition(kind: .pin, itemA: p, itemB: link)
            } else {
                pin = AttachmentDefinition(kind: .pin, itemA: link)
            }
            pin.anchor = Vec2(anchor.x + 50 * Real(i), 0)
            _ = try w.addAttachment(pin)
            ids.append(link)
            previous = link
        }
    }
    _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
    _ = try w.addCollision(items: nil)
    w.prepareCollisions()
    return Scene(world: w, bodies: ids) { w, ids in
        // Sane when no link centre ends farther than 1.5 × its rest distance from its
        // neighbour's (25 pt from the anchor for link 0, 50 pt between links).
        var worst: Real = 0
        var bad = 0
        for c in 0..<chainCount {
            var previous = anchors[c]
            for i in 0..<linkCount {
                let id = ids[c * linkCount + i]
                let p = Vec2(w.property(.x, of: id), w.property(.y, of: id))
                let rest: Real = i == 0 ? 25 : 50
                let ratio = (p - previous).length / rest
                if !(ratio <= 1.5) { bad += 1 }
                if ratio > worst || ratio.isNaN { worst = ratio }
                previous = p
            }
        }
        return (bad == 0, "stretched=\(bad) worst_ratio=\(worst)")
    }
}

/// Monotonic wall clock, ms (as the peers: CLOCK_MONOTONIC).
func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) * 1000 + Double(ts.tv_nsec) * 1e-6
}

let args = CommandLine.arguments
let only = args.count > 1 ? args[1] : "all"
let runs = args.count > 2 ? max(1, Int(args[2]) ?? 3) : 3
let stepsOverride = args.count > 3 ? Int(args[3]) ?? 0 : 0

let scenes: [(name: String, steps: Int, build: () throws -> Scene)] = [
    ("pyramid20", 600, { try buildPyramid(base: 20) }),
    ("pyramid100", 500, { try buildPyramid(base: 100) }),
    ("rain", 600, { try buildRain() }),
    ("chains", 600, { try buildChains() }),
]
/// Extra scenes, run only when named.
let extraScenes: [(name: String, steps: Int, build: () throws -> Scene)] = [
    ("rain-uikit", 600, { try buildRain(model: .uikit) })
]

var known = false
for s in scenes + extraScenes where (only == "all" && scenes.contains { $0.name == s.name }) || only == s.name {
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
    FileHandleStderr.emit("dyn-bench: unknown scene '\(only)' (pyramid20, pyramid100, rain, chains, rain-uikit or all)\n")
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
            _ = write(2, buf.baseAddress, buf.count)
        }
    }
}
