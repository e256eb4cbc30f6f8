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
// boxes in one spot now gives 26 pt/s, not 1,300. Shallow contacts (resting, within the
// slop) push far slower than any share (biasRate·slop ≈ 190 pt/s at most, usually a few
// pt/s) and keep the full cap.
//
// Over the sub-steps a crowd still compounded the pushes: the one rigid relax pass a sub-step
// leaves part of the biased solve's push in a packed pile's velocities, the warm starts carry
// it on, and items reached 370–1,060 pt/s. So the rows more than `deepRelaxDepth` deep at the
// tick's start on an item in `deepRelaxCrowd` or more deep contacts (`deepRows`) are checked
// before the relax; when some of them open faster than `deepRelaxSpeed`, the rows that hold
// them (overflow constraints and wide rows with such a lane) get rigid passes of their normal
// rows alone, `deepRelaxPasses` at most, stopping once no point that still pushes opens faster
// than that (`relaxConstraints`, Solver/Step.swift). Friction is left to the relax proper,
// which follows: solved among the push's impulses, it turned the push sideways. In the rain
// benchmark (a tall pile sagging 10–20 pt under its load) the check runs in most sub-steps
// and fires in one of eight: +0.4 % instructions (+9 % without the crowd test).

import DynamicsCollision
import DynamicsMath

extension World {
    /// Sets each constraint's `pushLimit`: the cap divided among the deep contacts of the
    /// busier of its dynamic sides (file comment). No allocation once the counts have grown.
    /// The deep constraints (some manifold point deeper than the slop at the tick's start) are
    /// the first `deepCount` entries of `contactWorld.deepScratch`, in constraint order, listed
    /// by prepare as it built them, a constraint `k` deeper than `deepRelaxDepth` as `~k`: most
    /// ticks have none, and no pass over the constraints or the manifolds is made here.
    mutating func limitPushOut(_ cs: inout ContiguousArray<ContactConstraint>, deepCount: Int) {
        let cap = World.contactPushMaxVelocity
        contactWorld.deepRows.removeAll(keepingCapacity: true)
        contactWorld.deepSubsetReady = false
        if deepCount == 0 { return }
        // The constraints are read in place (a constraint is 200 bytes).
        // The counts were made by prepare as it listed the deep constraints (each body's deep
        // contacts on its dynamic sides); prepare clears them again before the next tick's.
        contactWorld.deepCountsUsed = true
        cs.withUnsafeMutableBufferPointer { cb in
            guard let cp = cb.baseAddress else { return }
            var counts = ContiguousArray<Int32>()
            swap(&counts, &contactWorld.deepContactCounts)
            defer { swap(&counts, &contactWorld.deepContactCounts) }
            // An overlap several slops deep (an entry ~k) may be one being pushed out (not
            // only a loaded contact's give): the relax checks those rows for a push-out left
            // in their velocity (Step.swift, `relaxConstraints`).
            // Only the deep constraints can take a cap below the full one, which every
            // constraint has from prepare. Counts and list through pointers (indexing or
            // appending to an array checked its uniqueness, a runtime call, each time).
            var listed = ContiguousArray<Int32>()
            swap(&listed, &contactWorld.deepScratch)
            defer { swap(&listed, &contactWorld.deepScratch) }
            counts.withUnsafeMutableBufferPointer { cb in
                listed.withUnsafeBufferPointer { lb in
                    guard let kp = cb.baseAddress, let lp = lb.baseAddress else { return }
                    for j in 0..<deepCount {
                        let entry = lp[j]
                        let i = Int(entry < 0 ? ~entry : entry)
                        if entry < 0 { contactWorld.deepRows.append(Int32(truncatingIfNeeded: i)) }
                        let c = cp + i
                        let k = Swift.max(kp[Int(c.pointee.a)], kp[Int(c.pointee.b)])
                        if k > 1 { c.pointee.pushLimit = cap / Real(k) }
                    }
                }
            }
            // Only a crowd: a row whose busier side is in `deepRelaxCrowd` or more deep contacts.
            var kept = 0
            for j in 0..<contactWorld.deepRows.count {
                let r = contactWorld.deepRows[j]
                let c = cp + Int(r)
                if Swift.max(counts[Int(c.pointee.a)], counts[Int(c.pointee.b)]) >= World.deepRelaxCrowd {
                    contactWorld.deepRows[kept] = r
                    kept += 1
                }
            }
            contactWorld.deepRows.removeLast(contactWorld.deepRows.count - kept)
        }
    }

    /// Before the relax: whether some contact that was deeper than
    /// `deepRelaxDepth` at the tick's start opens faster than `deepRelaxSpeed` (Step.swift,
    /// `relaxConstraints`). A pass over those rows only.
    func pushOutLeft() -> Bool {
        let limit = World.deepRelaxSpeed
        let o = WideLayout.offsets
        // Fields read in place (a constraint is 200 bytes, a solver body 80, a record 640).
        return contactWorld.deepRows.withUnsafeBufferPointer { rows in
          contactWorld.constraintSlots.withUnsafeBufferPointer { slotBuffer in
          contactWorld.wideContacts.withUnsafeBufferPointer { records in
            contactWorld.constraints.withUnsafeBufferPointer { cs in
                contactWorld.constraintPoints.withUnsafeBufferPointer { ps in
                    solverBodies.withUnsafeBufferPointer { bs in
                        guard let cp = cs.baseAddress, let pp = ps.baseAddress, let bp = bs.baseAddress else { return false }
                        let raw = records.baseAddress.map { UnsafeRawPointer($0) }
                        for r in rows {
                            let i = Int(r)
                            let c = cp + i
                            let a = bp + Int(c.pointee.a)
                            let b = bp + Int(c.pointee.b)
                            let n = c.pointee.normal
                            // A constraint in a record has its arms in its lane alone (a
                            // constraint of the overflow, in its points).
                            let slot = i < slotBuffer.count ? Int(slotBuffer[i]) : -1
                            for k in 0..<Int(c.pointee.pointCount) {
                                let rA: Vec2
                                let rB: Vec2
                                if slot >= 0, let rp = raw {
                                    // The point's first Float at the lane (rAx, rAy, rBx, rBy 4 apart).
                                    let q = (rp + (slot >> 2) &* MemoryLayout<WideContact>.stride)
                                        .assumingMemoryBound(to: Float.self) + ((k == 0 ? o.p1 : o.p2) &+ (slot & 3))
                                    rA = Vec2(Real(q[0]), Real(q[4]))
                                    rB = Vec2(Real(q[8]), Real(q[12]))
                                } else {
                                    let p = pp + (2 &* i &+ k)
                                    rA = p.pointee.rA
                                    rB = p.pointee.rB
                                }
                                if World.openingSpeed(a, b, rA, rB, n) > limit { return true }
                            }
                        }
                        return false
                    }
                }
            }
          }
          }
        }
    }

    /// One rigid pass of the normal rows of the deep constraints alone, in the order of the
    /// full pass: the overflow's, then the wide rows that hold one (friction is left to the
    /// relax that follows). The first call of a tick finds those rows; no allocation once
    /// the scratch has grown.
    mutating func solveDeepContacts(_ ctx: StepContext) {
        if !contactWorld.deepSubsetReady { findDeepSubset() }
        solveContacts(ctx, useBias: false, deepOnly: true)
    }

    /// Fills `deepOverflow` and `deepWide` from `deepRows`.
    mutating func findDeepSubset() {
        contactWorld.deepSubsetReady = true
        let n = contactWorld.constraints.count
        var flags = ContiguousArray<Bool>()
        swap(&flags, &contactWorld.deepFlags)
        if flags.count < n { flags = ContiguousArray(repeating: false, count: n) }
        for r in contactWorld.deepRows { flags[Int(r)] = true }
        contactWorld.deepOverflow.removeAll(keepingCapacity: true)
        for o in contactWorld.overflowContacts where flags[Int(o)] { contactWorld.deepOverflow.append(o) }
        contactWorld.deepWide.removeAll(keepingCapacity: true)
        // The records' constraint indices read in place (a record is 640 bytes).
        contactWorld.wideContacts.withUnsafeBufferPointer { ws in
            guard let wb = ws.baseAddress else { return }
            for r in 0..<ws.count {
                let index = (wb + r).pointee.index
                var any = false
                for lane in 0..<4 where index[lane] >= 0 && flags[Int(index[lane])] { any = true }
                if any { contactWorld.deepWide.append(Int32(truncatingIfNeeded: r)) }
            }
        }
        for r in contactWorld.deepRows { flags[Int(r)] = false }
        swap(&flags, &contactWorld.deepFlags)
    }

    /// How fast a point with arms `rA`, `rB` opens along `n`, pt/s (negative: closing).
    @inline(__always)
    static func openingSpeed(
        _ a: UnsafePointer<SolverBody>, _ b: UnsafePointer<SolverBody>, _ rA: Vec2, _ rB: Vec2, _ n: Vec2
    ) -> Real {
        (b.pointee.velocity(at: rB) - a.pointee.velocity(at: rA)).dot(n)
    }

    /// Between the extra passes: whether some point of the deep rows that still pushes
    /// (a positive impulse) opens faster than `deepRelaxSpeed`, the residue of a pass that
    /// has not converged. A point that opens with no impulse is parting, which is no residue.
    func deepResidueLeft() -> Bool {
        let limit = World.deepRelaxSpeed
        let o = WideLayout.offsets
        // Everything read in place, through pointers (a constraint is 200 bytes, a solver body
        // 80, a record 640: copies of them were most of this check's work).
        return solverBodies.withUnsafeBufferPointer { bs in
            guard let bp = bs.baseAddress else { return false }
            let overflowOpens = contactWorld.deepOverflow.withUnsafeBufferPointer { rows in
                contactWorld.constraints.withUnsafeBufferPointer { cs in
                    contactWorld.constraintPoints.withUnsafeBufferPointer { ps in
                        guard let cp = cs.baseAddress, let pp = ps.baseAddress else { return false }
                        for row in rows {
                            let i = Int(row)
                            let c = cp + i
                            let a = bp + Int(c.pointee.a)
                            let b = bp + Int(c.pointee.b)
                            for k in 0..<Int(c.pointee.pointCount) {
                                let p = pp + (2 &* i &+ k)
                                if p.pointee.normalImpulse <= 0 { continue }
                                if World.openingSpeed(a, b, p.pointee.rA, p.pointee.rB, c.pointee.normal) > limit { return true }
                            }
                        }
                        return false
                    }
                }
            }
            if overflowOpens { return true }
            return contactWorld.deepWide.withUnsafeBufferPointer { rows in
                contactWorld.wideContacts.withUnsafeBufferPointer { ws in
                  contactWorld.wideBodyList.withUnsafeBufferPointer { list in
                    guard let wb = ws.baseAddress, let lp = list.baseAddress else { return false }
                    // A point of lane `lane` (its first Float `q`: arms 4 apart, the normal
                    // impulse 28 on) that still pushes and opens faster than the limit.
                    @inline(__always) func opens(
                        _ q: UnsafePointer<Float>, _ a: UnsafePointer<SolverBody>, _ b: UnsafePointer<SolverBody>, _ n: Vec2
                    ) -> Bool {
                        if q[28] <= 0 { return false }
                        let rA = Vec2(Real(q[0]), Real(q[4]))
                        let rB = Vec2(Real(q[8]), Real(q[12]))
                        return World.openingSpeed(a, b, rA, rB, n) > limit
                    }
                    for r in rows {
                        let w = wb + Int(r)
                        let two = w.pointee.twoPoints
                        let d = UnsafeRawPointer(w).assumingMemoryBound(to: Float.self)
                        for lane in 0..<4 where w.pointee.index[lane] >= 0 {
                            // The lanes name places in the list of bodies.
                            let a = bp + Int(lp[Int(w.pointee.a[lane])])
                            let b = bp + Int(lp[Int(w.pointee.b[lane])])
                            let n = Vec2(Real(d[o.nx &+ lane]), Real(d[o.nx &+ 4 &+ lane]))
                            if opens(d + (o.p1 &+ lane), a, b, n) { return true }
                            if two && opens(d + (o.p2 &+ lane), a, b, n) { return true }
                        }
                    }
                    return false
                  }
                }
            }
        }
    }
}
