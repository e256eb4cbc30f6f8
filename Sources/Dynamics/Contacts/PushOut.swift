// The push-out cap (Docs/engine.md, "Contacts"; Docs/solver.md §2.4).
//
// A soft contact's biased row pushes an overlap s < 0 out at min(biasRate·|s|, cap), the cap
// being `World.contactPushMaxVelocity` (300 pt/s), a *relative* normal speed of the pair. An
// item overlapped by k others at once gets up to k such pushes, and Gauss–Seidel compounds
// them: with 50 boxes created in one spot, every pair wants its two boxes 300 pt/s apart, a
// demand no set of velocities meets with each box below 300 pt/s (the one that goes first is
// pushed by all 49 others), and the solve pass reached 1,400 pt/s in the first sub-step, the
// warm starts of the later sub-steps 2,000, and the boxes flew apart at 5,000 pt/s, leaving
// the bounds. So the cap is shared: a deep contact (some point deeper than the linear slop)
// of a body in k deep contacts pushes at most cap/k, k the larger count of its two dynamic
// sides. A pair that overlaps alone still separates at the full cap; the first tick of 50
// boxes in one spot now gives 26 pt/s, not 1,300. Not bounded yet: in a packed pile the
// one Gauss–Seidel pass a sub-step leaves a residue that the warm starts carry into every
// sub-step, and items still reach 370–530 pt/s (a pseudo-velocity push-out, as Box2D 2.4's
// split impulses, would bound it; Docs/engine.md, "Not done yet"). Shallow contacts
// (resting, within the slop) push far slower than any share (biasRate·slop ≈ 190 pt/s at
// most, usually a few pt/s) and keep the full cap.

import DynamicsCollision
import DynamicsMath

extension World {
    /// Sets each constraint's `pushLimit`: the cap divided among the deep contacts of the
    /// busier of its dynamic sides (file comment). No allocation once the counts have grown.
    mutating func limitPushOut(_ cs: inout ContiguousArray<ContactConstraint>, _ ps: ContiguousArray<ContactConstraintPoint>) {
        let cap = World.contactPushMaxVelocity
        let deep = -CollisionConstants.linearSlop
        // Whether constraint i overlaps deeper than the slop at the tick's start.
        @inline(__always) func isDeep(_ c: ContactConstraint, _ i: Int) -> Bool {
            let p = ps[2 &* i]
            if p.baseSeparation + (p.rB - p.rA).dot(c.normal) < deep { return true }
            if c.pointCount < 2 { return false }
            let q = ps[2 &* i &+ 1]
            return q.baseSeparation + (q.rB - q.rA).dot(c.normal) < deep
        }
        // Most ticks have no deep contact: one pass to see, and nothing written (pushLimit
        // starts at the cap).
        var firstDeep = -1
        for i in 0..<cs.count where isDeep(cs[i], i) {
            firstDeep = i
            break
        }
        if firstDeep < 0 { return }
        let bodyCount = bodySims.count + 1
        var counts = ContiguousArray<Int32>()
        swap(&counts, &contactWorld.deepContactCounts)
        if counts.count != bodyCount {
            counts = ContiguousArray(repeating: 0, count: bodyCount)
        } else {
            for i in 0..<bodyCount { counts[i] = 0 }
        }
        for i in firstDeep..<cs.count where isDeep(cs[i], i) {
            let c = cs[i]
            if c.invMassA != 0 || c.invIA != 0 { counts[Int(c.a)] += 1 }
            if c.invMassB != 0 || c.invIB != 0 { counts[Int(c.b)] += 1 }
        }
        for i in 0..<cs.count {
            var limit = cap
            let k = Swift.max(counts[Int(cs[i].a)], counts[Int(cs[i].b)], 1)
            if k > 1 && isDeep(cs[i], i) { limit = cap / Real(k) }
            cs[i].pushLimit = limit
        }
        swap(&counts, &contactWorld.deepContactCounts)
    }
}

