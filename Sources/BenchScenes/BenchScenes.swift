// The standard benchmark scenes (pyramid20, pyramid100, rain, chains; described in
// Docs/benchmarks.md), built with the engine's public API. One definition shared by
// `dyn-bench` (which times them), `dyn-bench-draw` (which draws the rain) and the tests
// (which pin each scene's state hash after a number of steps, as Box2D's determinism test
// does, and run each scene's sanity check).
//
// Common to all scenes: gravity (0, 1) magnitude 1 on every item, frames of 1/60 s, the
// `ideal` model (no sleeping), density 1, friction 0.6, elasticity 0, resistance 0, the
// engine's default effort (4 sub-steps).

import Dynamics
import DynamicsMath

/// A built scene: the world, its dynamic items in creation order, and its sanity check.
public struct BenchScene {
    public var world: World
    /// The dynamic items, in creation order.
    public var bodies: [ItemID]
    /// The static items with a name each (the ground, walls), in creation order.
    public var fixtures: [(name: String, id: ItemID)]
    /// Whether the world after the scene's steps is sane, and the figures that say so.
    public var check: (World, [ItemID]) -> (ok: Bool, detail: String)
}

/// One of the standard scenes: its name, how many frames it runs, and how to build it.
public struct BenchSceneKind: Sendable {
    public let name: String
    /// Frames the benchmark steps (each 1/60 s).
    public let steps: Int
    /// Whether `all` includes it (extras are run only when named).
    public let standard: Bool
    public let build: @Sendable () throws -> BenchScene

    /// The standard scenes, then the extras.
    public static let all: [BenchSceneKind] = [
        BenchSceneKind(name: "pyramid20", steps: 600, standard: true) { try BenchScenes.pyramid(base: 20) },
        BenchSceneKind(name: "pyramid100", steps: 500, standard: true) { try BenchScenes.pyramid(base: 100) },
        BenchSceneKind(name: "rain", steps: 600, standard: true) { try BenchScenes.rain() },
        BenchSceneKind(name: "chains", steps: 600, standard: true) { try BenchScenes.chains() },
        // Rain in the uikit model: elasticity 0.2, so the impact pass has work; sleeping.
        BenchSceneKind(name: "rain-uikit", steps: 600, standard: false) { try BenchScenes.rain(model: .uikit) },
    ]

    public static func named(_ name: String) -> BenchSceneKind? { all.first { $0.name == name } }
}

/// Builders of the scenes.
public enum BenchScenes {
    static func dynamicBox(_ center: Vec2, _ size: Vec2, shape: ItemShape = .rectangle) -> ItemDefinition {
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

    static func staticBox(_ center: Vec2, _ size: Vec2) -> ItemDefinition {
        var d = dynamicBox(center, size)
        d.anchored = true
        return d
    }

    /// A pyramid of 100 pt boxes, `base` wide, on a ground whose top is y = 0. Sane when the
    /// top box has moved less than a box's height and every item is finite.
    public static func pyramid(base: Int) throws -> BenchScene {
        var w = World(size: Vec2(20_000, 10_000), model: .ideal)
        let ground = try w.addItem(staticBox(Vec2(0, 100), Vec2(20_000, 200)))
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
        let top = ids[ids.count - 1]
        let startY = w.property(.y, of: top)
        return BenchScene(world: w, bodies: ids, fixtures: [("ground", ground)]) { w, ids in
            let y = w.property(.y, of: top)
            let finite = ids.allSatisfy { w.property(.x, of: $0).isFinite && w.property(.y, of: $0).isFinite }
            return (finite && abs(y - startY) <= 100, "top_y_start=\(startY) top_y_end=\(y)")
        }
    }

    /// `count` circles of 100 pt (default 2,000, in rows of 36) falling into an open box 4,000
    /// pt wide. Sane when every ball is still inside the box.
    /// The memory scene (`dyn-bench memory`): `count` boxes of 20 pt in rows of 250, `gap` pt
    /// apart (0: touching), on a static floor, with gravity and collision.
    public static func grid(count: Int, columns: Int = 250, gap: Real = 0) throws -> BenchScene {
        var w = World(size: Vec2(20_000, 10_000), model: .ideal)
        w.reserveCapacity(items: count + 1)  // the boxes and the floor
        let floor = try w.addItem(staticBox(Vec2(0, 50), Vec2(Real(columns) * (20 + gap) + 400, 100)))
        var ids: [ItemID] = []
        ids.reserveCapacity(count)
        for k in 0..<count {
            let x = (20 + gap) * (Real(k % columns) - 0.5 * Real(columns - 1))
            let y = -(10 + (20 + gap) * Real(k / columns))
            ids.append(try w.addItem(dynamicBox(Vec2(x, y), Vec2(20, 20))))
        }
        _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
        _ = try w.addCollision(items: nil)
        w.prepareCollisions()
        return BenchScene(world: w, bodies: ids, fixtures: [("floor", floor)]) { w, ids in
            let finite = ids.allSatisfy { w.property(.x, of: $0).isFinite && w.property(.y, of: $0).isFinite }
            return (finite, "finite=\(finite)")
        }
    }

    public static func rain(count: Int = 2000, model: WorldModel = .ideal) throws -> BenchScene {
        var w = World(size: Vec2(20_000, 10_000), model: model)
        let floor = try w.addItem(staticBox(Vec2(0, 50), Vec2(4200, 100)))
        let left = try w.addItem(staticBox(Vec2(-2050, -4000), Vec2(100, 8000)))
        let right = try w.addItem(staticBox(Vec2(2050, -4000), Vec2(100, 8000)))
        var ids: [ItemID] = []
        for k in 0..<count {
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
        return BenchScene(world: w, bodies: ids, fixtures: [("floor", floor), ("left", left), ("right", right)]) { w, ids in
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

    /// 20 chains of 50 pinned links hanging from fixed points 6,000 pt apart. Link i of chain c
    /// is a 50 × 12.5 pt box centred at (6000·c + 50·i + 25, 0); link 0 is pinned to the world
    /// at (6000·c, 0), link i to link i − 1 at (6000·c + 50·i, 0). Every item is in one
    /// collision behavior, so links of a chain collide except pinned neighbours; chains are too
    /// far apart to meet. Sane when no link ends farther than 1.5 × its rest distance from its
    /// neighbour (25 pt from the anchor for link 0, 50 pt between links).
    public static func chains() throws -> BenchScene {
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
        return BenchScene(world: w, bodies: ids, fixtures: []) { w, ids in
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
}
