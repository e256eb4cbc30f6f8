// Continuous collision against static colliders (Docs/solver.md §2.9).
//
// After the sub-steps, a dynamic body is "fast" when its motion over the tick,
// |Δp| + |Δa|·maxExtent, exceeds half its smallest inner radius: a speculative contact can
// then miss a thin wall, because the pair is only found once the fat boxes overlap. A fast
// body's motion (centre c1 → c2, angle a1 → a2) is swept against the static colliders it may
// collide with (anchored items' polygons and boundary segments) found in the static tree
// under the swept box; the earliest time of impact t < 1 (DynamicsCollision's conservative
// advancement, target: the linear slop) puts the body back at the pose at t, velocity kept.
// The next tick's speculative contact then stops it, so a fast item never tunnels. A hit
// whose sweep ends on the near side, within the slop (`sweepEndsOnNearSide`), is left alone:
// the contact solver already stopped the body at the surface, and going back to the time of
// impact would only lift a landed body off by the slop for a frame.
//
// Anchored circles and ellipses (the time-of-impact routine takes polygons and segments) are
// swept disc against disc: the moving shape's inner disc against the target's (a circle, or
// an ellipse's minor-axis disc), which keeps the cores from passing through each other; the
// speculative contact does the rest. Bullets (items with `bullet` set) are swept the same
// way against movable items too (`bulletFraction`); other fast dynamic–dynamic pairs rely on
// the speculative contacts (Docs/engine.md, "Bullets").

import DynamicsCollision
import DynamicsMath

extension World {
    /// The earliest time of impact (fraction of the tick, < 1) of body `b` swept from
    /// (c1, a1) to (c2, a2) against static colliders, or 1.
    func continuousFraction(body b: Int, c1: Vec2, c2: Vec2, a1: Real, a2: Real, queryScratch: inout ContiguousArray<Int32>) -> Real {
        // Nothing static to hit (a world of hanging chains): no box, no query.
        if contactWorld.broadPhase.staticTree.proxyCount == 0 { return 1 }
        queryScratch.removeAll(keepingCapacity: true)
        contactWorld.broadPhase.staticTree.query(sweptBox(body: b, c1: c1, c2: c2, a1: a1, a2: a2), into: &queryScratch)
        if queryScratch.isEmpty { return 1 }
        let sweep = Sweep(localCenter: bodySims[b].localCenter, c1: c1, c2: c2, a1: a1, a2: a2)
        var best: Real = 1
        vertices.withUnsafeBufferPointer { verts in
            normals.withUnsafeBufferPointer { norms in
                let vp = verts.baseAddress!
                let np = norms.baseAddress!
                for proxy in queryScratch {
                    let userData = contactWorld.broadPhase.staticTree.userData(proxy)
                    var s = bodyInfos[b].firstShape
                    while s >= 0 {
                        let shape = shapes[Int(s)]
                        s = shape.next
                        let slot = Int(shape.item)
                        if contactWorld.itemProxies[slot].raw < 0 { continue }
                        let stop: Real?
                        if userData < 0 {
                            let k = -userData - 1
                            if !shouldCollide(item: slot, segment: k) { continue }
                            stop = continuousStop(
                                shape.geometry, sweep, against: contactWorld.segments[k].segment, .identity, vertices: vp,
                                normals: np, tMax: best)
                        } else {
                            if !shouldCollide(item: slot, item: userData) { continue }
                            let target = shapes[Int(items[userData].shape)]
                            let xf = bodySims[Int(target.body)].transform
                            if target.geometry.kind != .polygon {
                                // A round target: sweep the moving shape's inner disc against the
                                // target's inner disc (circle: exact; ellipse: its minor radius).
                                let t = World.roundTimeOfImpact(shape.geometry, sweep, target.geometry, xf, vertices: vp, normals: np)
                                if t > 0 && t < best { best = t }
                                continue
                            }
                            stop = continuousStop(shape.geometry, sweep, against: target.geometry, xf, vertices: vp, normals: np, tMax: best)
                        }
                        if let t = stop, t < best { best = t }
                    }
                }
            }
        }
        return best
    }

    /// The box body `b` sweeps from (c1, a1) to (c2, a2): its box at the start and moved by
    /// the tick's translation, grown by what the rotation can sweep and the speculative distance.
    @inline(__always)
    func sweptBox(body b: Int, c1: Vec2, c2: Vec2, a1: Real, a2: Real) -> AABB {
        let start = bodyBox(b)
        let d = c2 - c1
        let moved = AABB(lower: start.lower + d, upper: start.upper + d)
        let grow = abs(a2 - a1) * contactWorld.bodyMaxExtent[b] + CollisionConstants.speculativeDistance
        return start.union(moved).expanded(by: grow)
    }

    /// A bullet's sweep against movable items (Docs/engine.md, "Bullets"): the earliest stop
    /// (< tMax) of body `b` swept from (c1, a1) to (c2, a2) against the shapes of the other
    /// dynamic bodies in the moving tree under its swept box, each at its pose as it stands
    /// (the tick's end for bodies already written back, else its start: a target moves little
    /// in the time a bullet crosses it), or tMax. The same stops as against static colliders.
    func bulletFraction(
        body b: Int, c1: Vec2, c2: Vec2, a1: Real, a2: Real, tMax: Real, queryScratch: inout ContiguousArray<Int32>
    ) -> Real {
        queryScratch.removeAll(keepingCapacity: true)
        contactWorld.broadPhase.dynamicTree.query(sweptBox(body: b, c1: c1, c2: c2, a1: a1, a2: a2), into: &queryScratch)
        if queryScratch.isEmpty { return tMax }
        let sweep = Sweep(localCenter: bodySims[b].localCenter, c1: c1, c2: c2, a1: a1, a2: a2)
        var best = tMax
        vertices.withUnsafeBufferPointer { verts in
            normals.withUnsafeBufferPointer { norms in
                let vp = verts.baseAddress!
                let np = norms.baseAddress!
                for proxy in queryScratch {
                    let other = contactWorld.broadPhase.dynamicTree.userData(proxy)
                    if other < 0 { continue }
                    let target = shapes[Int(items[other].shape)]
                    if Int(target.body) == b { continue }
                    let xf = bodySims[Int(target.body)].transform
                    var s = bodyInfos[b].firstShape
                    while s >= 0 {
                        let shape = shapes[Int(s)]
                        s = shape.next
                        let slot = Int(shape.item)
                        if contactWorld.itemProxies[slot].raw < 0 { continue }
                        if !shouldCollide(item: slot, item: other) { continue }
                        if target.geometry.kind != .polygon {
                            let t = World.roundTimeOfImpact(shape.geometry, sweep, target.geometry, xf, vertices: vp, normals: np)
                            if t > 0 && t < best { best = t }
                            continue
                        }
                        if let t = continuousStop(shape.geometry, sweep, against: target.geometry, xf, vertices: vp, normals: np, tMax: best),
                            t < best
                        {
                            best = t
                        }
                    }
                }
            }
        }
        return best
    }

    /// The first t in (0, 1] at which the inner disc of `shape` (centre moving with `sweep`)
    /// comes within the linear slop of the inner disc of a static round `target`, or 1.
    ///
    /// Maths: with d(t) = d0 + t·(d1 − d0) the centre offset and R the sum of the radii minus
    /// the slop, solve |d(t)|² = R²: a·t² + 2b·t + c = 0 with a = |d1 − d0|², b = d0·(d1 − d0),
    /// c = |d0|² − R²; the earlier root when approaching (b < 0) and apart at t = 0 (c > 0).
    static func roundTimeOfImpact(
        _ shape: ShapeGeometry, _ sweep: Sweep, _ target: ShapeGeometry, _ xfTarget: Transform,
        vertices: UnsafePointer<Vec2>, normals: UnsafePointer<Vec2>
    ) -> Real {
        let innerTarget = target.kind == .circle ? target.radius : Swift.min(target.semiAxes.x, target.semiAxes.y)
        let center: Vec2
        var inner: Real
        switch shape.kind {
        case .circle:
            center = shape.center
            inner = shape.radius
        case .ellipse:
            center = shape.center
            inner = Swift.min(shape.semiAxes.x, shape.semiAxes.y)
        case .polygon:
            center = shape.center
            inner = Real.infinity
            let start = Int(shape.vertexStart)
            for k in start..<(start + Int(shape.vertexCount)) {
                inner = Swift.min(inner, normals[k].dot(vertices[k] - center))
            }
        }
        let c = xfTarget.apply(target.center)
        let d0 = sweep.transform(at: 0).apply(center) - c
        let d1 = sweep.transform(at: 1).apply(center) - c
        let r = inner + innerTarget - CollisionConstants.linearSlop
        if r <= 0 { return 1 }
        let e = d1 - d0
        let a = e.lengthSquared
        let b = d0.dot(e)
        let c0 = d0.lengthSquared - r * r
        if a <= 0 || b >= 0 || c0 <= 0 { return 1 }
        let disc = b * b - a * c0
        if disc < 0 { return 1 }
        let t = (-b - disc.squareRoot()) / a
        return t > 0 && t < 1 ? t : 1
    }
}
