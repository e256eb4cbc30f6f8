// Continuous collision against static colliders (solver notes §2.9).
//
// After the sub-steps, a dynamic body is "fast" when its motion over the tick,
// |Δp| + |Δa|·maxExtent, exceeds half its smallest inner radius: a speculative contact can
// then miss a thin wall, because the pair is only found once the fat boxes overlap. A fast
// body's motion (centre c1 → c2, angle a1 → a2) is swept against the static colliders it may
// collide with (anchored items' polygons and boundary segments) found in the static tree
// under the swept box; the earliest time of impact t < 1 (DynamicsCollision's conservative
// advancement, target: the linear slop) puts the body back at the pose at t, velocity kept.
// The next tick's speculative contact then stops it, so a fast item never tunnels.
//
// Not covered (noted in the report): anchored circles and ellipses as targets (the time of
// impact routine takes polygons and segments), and fast dynamic–dynamic pairs (UIKit's
// "bullets").

import DynamicsCollision
import DynamicsMath

extension World {
    /// The earliest time of impact (fraction of the tick, < 1) of body `b` swept from
    /// (c1, a1) to (c2, a2) against static colliders, or 1.
    func continuousFraction(body b: Int, c1: Vec2, c2: Vec2, a1: Real, a2: Real, queryScratch: inout ContiguousArray<Int32>) -> Real {
        let sim = bodySims[b]
        let maxExtent = contactWorld.bodyMaxExtent[b]
        // The swept box: the body's box at the start, and moved by the tick's translation,
        // grown by what the rotation can sweep.
        let start = bodyInfos[b].aabb
        let d = c2 - c1
        let moved = AABB(lower: start.lower + d, upper: start.upper + d)
        let grow = abs(a2 - a1) * maxExtent + CollisionConstants.speculativeDistance
        let box = start.union(moved).expanded(by: grow)
        queryScratch.removeAll(keepingCapacity: true)
        contactWorld.broadPhase.staticTree.query(box, into: &queryScratch)
        if queryScratch.isEmpty { return 1 }
        let sweep = Sweep(localCenter: sim.localCenter, c1: c1, c2: c2, a1: a1, a2: a2)
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
                        let toi: TimeOfImpact
                        if userData < 0 {
                            let k = -userData - 1
                            if !shouldCollide(item: slot, segment: k) { continue }
                            toi = timeOfImpact(
                                shape.geometry, sweep, against: contactWorld.segments[k].segment, .identity, vertices: vp,
                                normals: np, tMax: best)
                        } else {
                            if !shouldCollide(item: slot, item: userData) { continue }
                            let target = shapes[Int(items[userData].shape)]
                            if target.geometry.kind != .polygon { continue }
                            let xf = bodySims[Int(target.body)].transform
                            toi = timeOfImpact(shape.geometry, sweep, against: target.geometry, xf, vertices: vp, normals: np, tMax: best)
                        }
                        // A hit at t = 0 is a shape already touching: its contact handles it.
                        if toi.state == .hit && toi.fraction > 0 && toi.fraction < best { best = toi.fraction }
                    }
                }
            }
        }
        return best
    }
}
