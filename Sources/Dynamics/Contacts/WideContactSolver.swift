// Graph colouring and the wide contact solver (Docs/solver.md §2.8).
//
// Colouring. Each tick, after prepare, every contact constraint gets a colour such that no
// dynamic body appears twice in one colour (Box2D v3's greedy rule, redone each tick from
// the constraint order, so it is a function of the calls alone): a per-body bit set of the
// colours it already has; a pair of dynamic bodies takes the lowest colour free for both, a
// contact with a static side (only one body marked) the highest free for its body, so those
// are solved last in each pass and have the last word against push-through, as in Box2D.
// Contacts that find no colour, those with a rolling side (`RollingArms`, the scalar
// kernel's alone) and the stacks' sweep rows (Contacts/StackSweep.swift) go to the overflow, solved one by one first in each pass.
//
// Wide records. The constraints of one colour are packed four to a `WideContact` in
// creation order (the last record of a colour padded with inert lanes on the static
// identity body: no mass, so no impulse). A record holds its rows in structure-of-arrays
// form, SIMD4 lanes of Double, one constraint per lane; the kernel gathers the lanes' body
// velocities and pose changes, solves the lanes side by side, and scatters them back. A
// colour never holds a dynamic body twice, so this is Gauss–Seidel in the order: overflow,
// then colour by colour, each colour's constraints in creation order. Static bodies may
// repeat within a record: they take no impulse, so every lane writes back the velocity
// it read.
//
// The per-row mathematics is `solveContact`'s (Contacts/ContactSolver.swift), lane by lane. The
// impulses live in the records during the sub-steps and are written back to
// `constraintPoints` after them (`gatherWideImpulses`), where restitution, storage and events
// read them.
//
// Reuse. The colours, the records' layout and the list of bodies follow from the sequence of
// (body A, body B, which of them is dynamic, whether the constraint stays out) alone. Each
// tick those keys are compared with last tick's (`ContactWorld.colourKeys`); where all are
// equal, with as many solver bodies and records as then, the colouring is last tick's to the
// lane, so it is kept and only the lanes are written again (a resting pile: every tick).
// Padding lanes need no rewrite: they have no mass, so no pass ever gave them an impulse.
//
// Points in the lanes. The records are written from the constraints' own fields and the
// manifolds, not from the constraints' points (`writeLanesFromManifolds`, at the end of every
// colouring, kept or fresh): per lane the constraint's fields, the arms (added in double
// precision about the centres, then converted), the manifold separations and the warm-start
// impulses; then per record, four lanes at once in single precision, the points' normal and
// tangent masses and base separations, as `pointMasses` has them in double. Box2D v3 prepares
// its wide constraints in single precision too. So prepare builds a constraint's points only
// where a reader needs them: the overflow's rows (built after the colouring has found them),
// restitution, and the stack search (where it may mark rows, every constraint has points).
// Building every point in double precision (about 170 instructions a two-point constraint)
// and converting it into its lane (130 more) was a third of pyramid20's work outside the
// passes (Docs/benchmarks.md, "session 14").
//
// Warm start of later sub-steps (forces in every sub-step, the `ideal` model). A record's
// Jacobians (normal, arms, masses) are fixed for the tick, so applying its points' impulses
// changes its bodies' velocities by J^T·λ, linear in λ. A sub-step starts from the impulses the
// one before ended with, and the velocity change that sub-step's warm start, solve and relax
// made through the records is J^T·(λ at its start) + J^T·(what its passes added) = J^T·(λ at
// its end): exactly the next sub-step's warm start. So each pass banks the change it made to
// every listed body (`ContactWorld.wideBanked`, in `storeWideStates`), and sub-steps 1…n−1
// add the bank to the velocities in one pass over the bodies instead of a pass over the
// records with their gathers and scatters; only the sliding points' halving ("Sliding
// friction" in ContactSolver.swift) needs the records: a pass that tests each record and,
// where a lane slides, halves its tangential impulse and takes the half off the bank. The
// first sub-step's warm start (last tick's impulses, new anchors) stays a pass over the
// records, as do the overflow's (scalar, some with rolling arms that do change). The same
// velocities up to rounding (a sum of single-precision changes instead of J^T·λ in single
// precision): pyramid20 −4.5 % instructions, rain −2.5 %.
//
// Bodies in single precision. The records do not read the solver bodies (double precision)
// themselves: each pass over the records first copies the state of every body they name
// (`wideBodyList`, built with the lanes of a new colouring) into `wideStates`, 32 bytes a
// listed body in single precision, velocity (vx, vy, ω) and pose change (dpx, dpy, cos, sin),
// as Box2D v3's body state. A lane names its bodies by their places in the list, so the states
// (and the bank) are as long as the list, not as the world's bodies. The records gather four
// bodies' velocities (and pose changes) with a vector load each and scatter them back, and
// after the pass each body's velocity takes the change its single-precision copy went through
// (a body no lane moved keeps its double-precision velocity to the bit). Converting lane by
// lane at every record instead (28 to 40 conversions in a record's compiled code) cost
// pyramid20 5 % more instructions in all.

import DynamicsCollision
import DynamicsMath

/// One point of four constraints, one per lane.
struct WidePoint {
    var rAx: SIMD4<Float>
    var rAy: SIMD4<Float>
    var rBx: SIMD4<Float>
    var rBy: SIMD4<Float>
    var baseSeparation: SIMD4<Float>
    var normalMass: SIMD4<Float>
    var tangentMass: SIMD4<Float>
    var normalImpulse: SIMD4<Float>
    var tangentImpulse: SIMD4<Float>
    var totalNormalImpulse: SIMD4<Float>
    var totalTangentImpulse: SIMD4<Float>

    static let inert = WidePoint(
        rAx: .zero, rAy: .zero, rBx: .zero, rBy: .zero, baseSeparation: .zero, normalMass: .zero, tangentMass: .zero,
        normalImpulse: .zero, tangentImpulse: .zero, totalNormalImpulse: .zero, totalTangentImpulse: .zero)
}

/// A solver body in single precision while the wide records are solved (file comment):
/// `vel` = (vx, vy, ω, 0), `pose` = (dpx, dpy, dq.c, dq.s).
struct WideBodyState {
    var vel: SIMD4<Float>
    var pose: SIMD4<Float>

    static let rest = WideBodyState(vel: .zero, pose: SIMD4(0, 0, 1, 0))
}

/// Where `WideContact`'s Float fields start, in Floats: `nx` (then ny … fixedB, each 4 on),
/// and the points (their fields in declaration order, each 4 on). Checked once against the
/// layout the compiler chose.
enum WideLayout {
    struct Offsets {
        var nx: Int
        var p1: Int
        var p2: Int
    }
    static let offsets: Offsets = {
        let nx = MemoryLayout<WideContact>.offset(of: \.nx)!
        let p1 = MemoryLayout<WideContact>.offset(of: \.p1)!
        let p2 = MemoryLayout<WideContact>.offset(of: \.p2)!
        precondition(MemoryLayout<WideContact>.offset(of: \.fixedB)! == nx + 12 * 16, "WideContact layout")
        precondition(MemoryLayout<WideContact>.offset(of: \.pushLimit)! == nx + 13 * 16, "WideContact layout")
        precondition(MemoryLayout<WidePoint>.offset(of: \.totalTangentImpulse)! == 10 * 16, "WidePoint layout")
        precondition(nx % 4 == 0 && p1 % 4 == 0 && p2 % 4 == 0, "WideContact layout")
        return Offsets(nx: nx >> 2, p1: p1 >> 2, p2: p2 >> 2)
    }()
}

/// Four constraints of one colour, one per lane.
struct WideContact {
    /// Solver bodies; constraint index in `constraints` (−1: an inert lane).
    var a: SIMD4<Int32>
    var b: SIMD4<Int32>
    var index: SIMD4<Int32>
    var nx: SIMD4<Float>
    var ny: SIMD4<Float>
    var invMassA: SIMD4<Float>
    var invIA: SIMD4<Float>
    var invMassB: SIMD4<Float>
    var invIB: SIMD4<Float>
    var friction: SIMD4<Float>
    var biasRate: SIMD4<Float>
    var massScale: SIMD4<Float>
    var impulseScale: SIMD4<Float>
    var speculativeRate: SIMD4<Float>
    /// 1 where the side is a centred circle (its arm never turns: `fixedArmA`), else 0.
    var fixedA: SIMD4<Float>
    var fixedB: SIMD4<Float>
    /// The push-out cap of each lane's constraint, pt/s (Contacts/PushOut.swift).
    var pushLimit: SIMD4<Float>
    var p1: WidePoint
    var p2: WidePoint
    /// Some lane has a second point (else the second point's rows are skipped: circles).
    var twoPoints: Bool
}

/// Lane-wise maximum and minimum on SIMD4<Float>, written so that they inline into the kernel
/// (the standard library's generic `pointwiseMax` was left as a call in a kernel this size).
/// A NaN in `a` gives `b`, as `pointwiseMax` does: an inert second point of a pair the impact
/// pass owns has no mass and an infinite speculative rate, 0 · ∞, and must come out 0. (The
/// rows use the shorter forms of LaneShuffles.swift, which these define off x86-64.)
@inline(__always)
func wideMax(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> { a.replacing(with: b, where: .!(a .>= b)) }

@inline(__always)
func wideMin(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> { a.replacing(with: b, where: .!(a .<= b)) }

/// `positive` where s > 0, else `other`, lane by lane.
@inline(__always)
func wideSelect(_ s: SIMD4<Float>, _ positive: SIMD4<Float>, _ other: SIMD4<Float>) -> SIMD4<Float> {
    other.replacing(with: positive, where: s .> SIMD4<Float>(repeating: 0))
}

extension World {
    /// Colours available to the wide solver (Box2D v3 has 24).
    static let wideColourCount = 24

    /// Colours the prepared constraints and packs them into wide records plus the overflow
    /// list (file comment): the colouring, then the lanes written from the constraints and
    /// their manifolds.
    mutating func colourContacts() {
        let reuse = colourConstraints()
        finishColouring(reuse: reuse)
    }

    /// The colouring: from the keys (`colourKeys`, written by prepare: the constraints' bodies,
    /// which are dynamic, and which stay out), each constraint's colour, its lane (its slot,
    /// `constraintSlots`; −1: the overflow), the overflow's list and, where the colouring is
    /// new, the records' table (each colour's padding lanes made inert). Returns whether last
    /// tick's colouring was kept (its records hold last tick's lanes, to be written again).
    mutating func colourConstraints() -> Bool {
        let m = contactWorld.constraints.count
        let stackRows = contactWorld.stackRowsMarked
        // Impacts and pull-in moved bodies before the sub-steps; a new list names other bodies.
        contactWorld.widePosesCurrent = false
        let n = solverBodies.count
        var wide = ContiguousArray<WideContact>()
        var overflow = ContiguousArray<Int32>()
        var masks = ContiguousArray<UInt32>()
        var colourOf = ContiguousArray<Int8>()
        var counts = ContiguousArray<Int32>()
        var keys = ContiguousArray<UInt64>()
        swap(&wide, &contactWorld.wideContacts)
        swap(&overflow, &contactWorld.overflowContacts)
        swap(&masks, &contactWorld.colourMasks)
        swap(&colourOf, &contactWorld.constraintColours)
        swap(&counts, &contactWorld.colourCounts)
        swap(&keys, &contactWorld.colourKeys)
        defer {
            swap(&wide, &contactWorld.wideContacts)
            swap(&overflow, &contactWorld.overflowContacts)
            swap(&masks, &contactWorld.colourMasks)
            swap(&colourOf, &contactWorld.constraintColours)
            swap(&counts, &contactWorld.colourCounts)
            swap(&keys, &contactWorld.colourKeys)
        }
        overflow.removeAll(keepingCapacity: true)
        // Grown one by one (append(contentsOf:) allocates in unoptimized builds), cleared in place.
        while masks.count < n { masks.append(0) }
        while colourOf.count < m { colourOf.append(0) }
        let colours = World.wideColourCount
        while counts.count < colours { counts.append(0) }
        let full: UInt32 = colours >= 32 ? ~0 : (1 << UInt32(colours)) - 1
        let offsets = WideLayout.offsets
        // What decides the colours: each constraint's bodies and which of them are dynamic
        // (or that it stays out). Where every key is last tick's, in the same order and for the
        // same bodies, so are the colours, the records' lanes and the list of bodies
        // (`colourKeys`, "Reuse" in the file comment). Prepare wrote the keys over last tick's
        // (`keysChanged`); only the stack search's rows (which it marks after prepare) are seen
        // here, by a pass over the constraints. A key first changed by prepare and changed back
        // by that mark refuses a reuse that would have been right: a colouring afresh, with the
        // same result.
        var reuse = !contactWorld.keysChanged && keys.count == m && contactWorld.colouredBodies == n
            && contactWorld.colouredRecords == wide.count
        while keys.count < m { keys.append(0) }
        while keys.count > m { keys.removeLast() }
        if stackRows {
            contactWorld.constraints.withUnsafeBufferPointer { cs in
                keys.withUnsafeMutableBufferPointer { kb in
                    guard let cp = cs.baseAddress, let kp = kb.baseAddress else { return }
                    for i in 0..<m {
                        let key = World.colourKey(cp + i)
                        if kp[i] != key {
                            reuse = false
                            kp[i] = key
                        }
                    }
                }
            }
        }
        var slots = ContiguousArray<Int32>()
        swap(&slots, &contactWorld.constraintSlots)
        defer { swap(&slots, &contactWorld.constraintSlots) }
        if !reuse {
            // Every constraint starts in the overflow's place; the lanes are filled in below.
            while slots.count > m { slots.removeLast() }
            slots.withUnsafeMutableBufferPointer { sb in
                for i in 0..<sb.count { sb[i] = -1 }
            }
            while slots.count < m { slots.append(-1) }
        }
        keys.withUnsafeBufferPointer { kb in
            masks.withUnsafeMutableBufferPointer { mk in
                colourOf.withUnsafeMutableBufferPointer { col in
                    counts.withUnsafeMutableBufferPointer { cnt in
                        if !reuse {
                            for i in 0..<n { mk[i] = 0 }
                            for k in 0..<colours { cnt[k] = 0 }
                            // From the keys alone (`colourKey`): bodies A and B, bit 2 out of the
                            // records (a rolling side or a stack row), bits 1 and 0 A and B dynamic.
                            for i in 0..<m {
                                let key = kb[i]
                                col[i] = -1
                                if key & 4 != 0 { continue }
                                let dynA = key & 2 != 0
                                let dynB = key & 1 != 0
                                let a = Int(truncatingIfNeeded: key >> 34)
                                let b = Int(truncatingIfNeeded: (key >> 3) & 0x7FFF_FFFF)
                                var colour = -1
                                if dynA && dynB {
                                    let free = ~(mk[a] | mk[b]) & full
                                    if free != 0 {
                                        colour = free.trailingZeroBitCount
                                        mk[a] |= 1 << UInt32(colour)
                                        mk[b] |= 1 << UInt32(colour)
                                    }
                                } else if dynA || dynB {
                                    let d = dynA ? a : b
                                    let free = ~mk[d] & full
                                    if free != 0 {
                                        colour = 31 - free.leadingZeroBitCount
                                        mk[d] |= 1 << UInt32(colour)
                                    }
                                }
                                col[i] = Int8(colour)
                                if colour >= 0 { cnt[colour] += 1 }
                            }
                        }
                        // Overflow in constraint order; then each colour, packed four to a
                        // record: the records each colour needs, then every constraint's lane
                        // (its slot; the lanes are written after the colouring).
                        // The stacks' rows last, lowest support first (Contacts/StackSweep.swift):
                        // the ground takes a warm start's load before the rows above it.
                        if stackRows {
                            contactWorld.constraints.withUnsafeBufferPointer { cs in
                                for i in 0..<m where col[i] < 0 && cs[i].stackUpper == 0 { overflow.append(Int32(i)) }
                            }
                            for i in contactWorld.stackContacts { overflow.append(i) }
                        } else {
                            for i in 0..<m where col[i] < 0 { overflow.append(Int32(i)) }
                        }
                        // Kept: the same lanes as last tick, for the same constraints, all
                        // written again; the padding lanes are still inert (no mass: no lane
                        // ever moved them).
                        if reuse { return }
                        do {
                            var first = 0
                            for colour in 0..<colours {
                                let records = (Int(cnt[colour]) + 3) >> 2
                                cnt[colour] = Int32(first)  // now: the colour's first record
                                first += records
                            }
                            // The records are not cleared: every lane a constraint takes is
                            // written whole (`writeLane`, `finishRecords`), and the padding lanes
                            // are made inert below. (Appending 640 blank bytes a record was 2 %
                            // of rain's instructions.)
                            if wide.count > first { wide.removeLast(wide.count - first) }
                            if wide.count < first {
                                let blank = WideContact(
                                    a: .zero, b: .zero,
                                    index: SIMD4(repeating: -1), nx: .zero, ny: .zero, invMassA: .zero, invIA: .zero,
                                    invMassB: .zero, invIB: .zero, friction: .zero, biasRate: .zero, massScale: .zero,
                                    impulseScale: .zero, speculativeRate: .zero, fixedA: .zero, fixedB: .zero, pushLimit: .zero,
                                    p1: .inert, p2: .inert, twoPoints: false)
                                while wide.count < first { wide.append(blank) }
                            }
                        }
                        // Lanes filled so far per colour (reusing the masks' first entries is not
                        // possible: a small fixed array).
                        var filled = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
                        slots.withUnsafeMutableBufferPointer { slotBuffer in
                            withUnsafeMutableBytes(of: &filled) { fb in
                                let fp = fb.baseAddress!.assumingMemoryBound(to: Int.self)
                                let sp = slotBuffer.baseAddress
                                for i in 0..<m where col[i] >= 0 {
                                    let colour = Int(col[i])
                                    let slot = Int(cnt[colour]) &* 4 &+ fp[colour]
                                    fp[colour] &+= 1
                                    sp?[i] = Int32(truncatingIfNeeded: slot)
                                }
                                // Each colour's last record padded with inert lanes on the static
                                // identity body: no mass, so no impulse.
                                wide.withUnsafeMutableBufferPointer { ws in
                                    guard let wb = ws.baseAddress else { return }
                                    let raw = UnsafeMutableRawPointer(wb)
                                    for colour in 0..<colours where fp[colour] & 3 != 0 {
                                        let last = (Int(cnt[colour]) &+ (fp[colour] >> 2)) &* 4
                                        for lane in (fp[colour] & 3)..<4 {
                                            World.blankLane(raw, last &+ lane, offsets)
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        contactWorld.colouredBodies = n
        contactWorld.colouredRecords = wide.count
        return reuse
    }

    /// After the colouring: every lane from its constraint and its manifold ("Points in the
    /// lanes"), and where the colouring is new the list of the bodies the records name.
    mutating func finishColouring(reuse: Bool) {
        let offsets = WideLayout.offsets
        let staticIndex = Int32(bodySims.count)
        var wide = ContiguousArray<WideContact>()
        var twoPoints = ContiguousArray<UInt8>()
        var masks = ContiguousArray<UInt32>()
        var list = ContiguousArray<Int32>()
        swap(&wide, &contactWorld.wideContacts)
        swap(&twoPoints, &contactWorld.wideTwoPoints)
        swap(&masks, &contactWorld.colourMasks)
        swap(&list, &contactWorld.wideBodyList)
        defer {
            swap(&wide, &contactWorld.wideContacts)
            swap(&twoPoints, &contactWorld.wideTwoPoints)
            swap(&masks, &contactWorld.colourMasks)
            swap(&list, &contactWorld.wideBodyList)
        }
        // Each record's lanes with a second point, set as the lanes are written.
        while twoPoints.count < wide.count { twoPoints.append(0) }
        twoPoints.withUnsafeMutableBufferPointer { tp in
            for r in 0..<wide.count { tp[r] = 0 }
        }
        // A new colouring lists every body its lanes name, once, for the passes' single-
        // precision copies (file comment, "Bodies in single precision"), as the lanes are
        // written: a lane names its bodies by their places in the list. The static body is
        // always first (the padding lanes name place 0). The colour bits of the masks are
        // spent (the next colouring clears them), so a listed body's mask holds bit 31 and its
        // place. The list is filled through a pointer (at most the static body and two a
        // constraint), then cut. A kept colouring keeps its list and its lanes' places.
        if !reuse {
            list.removeAll(keepingCapacity: true)
            let most = 1 &+ 2 &* contactWorld.constraints.count
            while list.count < most { list.append(0) }
        }
        var listedCount = list.count
        contactWorld.constraints.withUnsafeBufferPointer { cb in
            contactWorld.contacts.withUnsafeBufferPointer { contacts in
                contactWorld.contactSims.withUnsafeBufferPointer { contactSims in
                    bodySims.withUnsafeBufferPointer { sims in
                        wide.withUnsafeMutableBufferPointer { ws in
                            contactWorld.constraintSlots.withUnsafeBufferPointer { sl in
                                twoPoints.withUnsafeMutableBufferPointer { tp in
                                  masks.withUnsafeMutableBufferPointer { mk in
                                    list.withUnsafeMutableBufferPointer { lb in
                                    guard let base = contacts.baseAddress, let simBase = contactSims.baseAddress,
                                          let sb = sims.baseAddress, let slp = sl.baseAddress, let tpp = tp.baseAddress,
                                          let wb = ws.baseAddress, let cp = cb.baseAddress, let mp = mk.baseAddress,
                                          let lp = lb.baseAddress
                                    else { return }
                                    let raw = UnsafeMutableRawPointer(wb)
                                    if reuse {
                                        for i in 0..<cb.count where slp[i] >= 0 {
                                            World.writeLane(raw, Int(slp[i]), cp + i, Int32(truncatingIfNeeded: i), base, simBase, sb,
                                                            tpp, offsets, bodies: nil)
                                        }
                                        return
                                    }
                                    var lister = BodyLister(masks: mp, list: lp)
                                    _ = lister.place(staticIndex)
                                    for i in 0..<cb.count where slp[i] >= 0 {
                                        let c = cp + i
                                        let a = lister.place(c.pointee.a)
                                        let b = lister.place(c.pointee.b)
                                        World.writeLane(raw, Int(slp[i]), c, Int32(truncatingIfNeeded: i), base, simBase, sb,
                                                        tpp, offsets, bodies: (a, b))
                                    }
                                    listedCount = lister.count
                                    }
                                  }
                                }
                            }
                        }
                    }
                }
            }
        }
        wide.withUnsafeMutableBufferPointer { ws in
            twoPoints.withUnsafeBufferPointer { tp in
                guard let tpp = tp.baseAddress else { return }
                World.finishRecords(ws, tpp)
            }
        }
        if reuse {
            contactWorld.colouringsKept &+= 1
            return
        }
        if list.count > listedCount { list.removeLast(list.count - listedCount) }
        // One state (and one bank) per listed body.
        contactWorld.wideStates.setCount(list.count, fill: .rest)
        contactWorld.wideBanked.setCount(list.count, fill: .zero)
    }

    /// Lists bodies for `finishColouring` (a struct, not a local function: one capturing the
    /// count would allocate its box in an unoptimized build).
    struct BodyLister {
        let masks: UnsafeMutablePointer<UInt32>
        let list: UnsafeMutablePointer<Int32>
        var count = 0

        /// `body`'s place in the list, listed now if it was not.
        @inline(__always)
        mutating func place(_ body: Int32) -> Int32 {
            let listed: UInt32 = 1 << 31
            let m = masks[Int(body)]
            if m & listed != 0 { return Int32(bitPattern: m & ~listed) }
            let k = Int32(truncatingIfNeeded: count)
            masks[Int(body)] = listed | UInt32(bitPattern: k)
            list[count] = body
            count &+= 1
            return k
        }
    }

    /// What decides constraint `c`'s colour: its bodies, which of them are dynamic, and
    /// whether it stays out of the records (a rolling side or a stack row).
    @inline(__always)
    static func colourKey(_ c: UnsafePointer<ContactConstraint>) -> UInt64 {
        // A's solver body in bits 34 and up (bodies number far fewer than 2³⁰), B's in bits 3
        // to 33, bit 2 out of the records, bits 1 and 0 A and B dynamic (read back by
        // `colourConstraints`).
        World.colourKey(
            a: c.pointee.a, b: c.pointee.b, out: c.pointee.rollA > 0 || c.pointee.rollB > 0 || c.pointee.stackUpper != 0,
            dynA: c.pointee.invMassA != 0 || c.pointee.invIA != 0, dynB: c.pointee.invMassB != 0 || c.pointee.invIB != 0)
    }

    /// The key from its parts (prepare has them at hand as it builds the constraint).
    @inline(__always)
    static func colourKey(a: Int32, b: Int32, out: Bool, dynA: Bool, dynB: Bool) -> UInt64 {
        UInt64(UInt32(bitPattern: a)) << 34 | UInt64(UInt32(bitPattern: b)) << 3
            | (out ? 4 : (dynA ? 2 : 0) | (dynB ? 1 : 0))
    }

    /// Copies the listed bodies' velocities (and, with `pose`, pose changes) into their
    /// single-precision states, before a pass over the wide records.
    @inline(__always)
    static func loadWideStates(
        _ list: UnsafeBufferPointer<Int32>, _ bodies: UnsafeMutablePointer<SolverBody>,
        _ states: UnsafeMutablePointer<WideBodyState>, pose: Bool
    ) {
        for k in 0..<list.count {
            let b = bodies + Int(list[k])
            let s = states + k
            s.pointee.vel = singleVelocity(b)
            if pose { s.pointee.pose = singlePose(b) }
        }
    }

    /// After a pass over the wide records: each listed body's velocity takes the change of its
    /// single-precision copy (none, to the bit, where no lane moved it), and the change is also
    /// banked (`ContactWorld.wideBanked`): added to the bank, or (`reset`) put in its place, at
    /// the first pass of a tick.
    @inline(__always)
    static func storeWideStates(
        _ list: UnsafeBufferPointer<Int32>, _ bodies: UnsafeMutablePointer<SolverBody>,
        _ states: UnsafeMutablePointer<WideBodyState>, bank: UnsafeMutablePointer<SIMD4<Float>>, reset: Bool
    ) {
        for k in 0..<list.count {
            let b = bodies + Int(list[k])
            let d = states[k].vel - singleVelocity(b)
            addVelocityChange(b, d)
            bank[k] = reset ? d : bank[k] + d
        }
    }

    /// Writes constraint `c`'s own fields (not its points) into lane `lane` of the record at
    /// `rec`; returns the lane's first Float (a field's lane: that plus the field's offset).
    @inline(__always)
    static func writeLaneHeader(
        _ rec: UnsafeMutableRawPointer, _ lane: Int, _ cp: UnsafePointer<ContactConstraint>, _ i: Int32,
        _ o: WideLayout.Offsets, bodies: (Int32, Int32)?
    ) -> UnsafeMutablePointer<Float> {
        let d = rec.assumingMemoryBound(to: Float.self) + lane
        let w = rec.assumingMemoryBound(to: WideContact.self)
        // The bodies' places in the list (`finishColouring`); a kept colouring's lanes keep theirs.
        if let (a, b) = bodies {
            w.pointee.a[lane] = a
            w.pointee.b[lane] = b
        }
        w.pointee.index[lane] = i
        // Field offsets in Floats (every field a SIMD4<Float> of 4; a point's fields in order).
        // (Pairs converted together: `singlePair`.)
        let n = singlePair(cp.pointee.normal.x, cp.pointee.normal.y)
        let massesA = singlePair(cp.pointee.invMassA, cp.pointee.invIA)
        let massesB = singlePair(cp.pointee.invMassB, cp.pointee.invIB)
        let soft = singlePair(cp.pointee.softness.biasRate, cp.pointee.softness.massScale)
        d[o.nx] = n[0]
        d[o.nx &+ 4] = n[1]
        d[o.nx &+ 8] = massesA[0]
        d[o.nx &+ 12] = massesA[1]
        d[o.nx &+ 16] = massesB[0]
        d[o.nx &+ 20] = massesB[1]
        d[o.nx &+ 24] = Float(cp.pointee.friction)
        d[o.nx &+ 28] = soft[0]
        d[o.nx &+ 32] = soft[1]
        d[o.nx &+ 36] = Float(cp.pointee.softness.impulseScale)
        d[o.nx &+ 40] = Float(cp.pointee.speculativeRate)
        d[o.nx &+ 44] = cp.pointee.fixedArmA ? 1 : 0
        d[o.nx &+ 48] = cp.pointee.fixedArmB ? 1 : 0
        d[o.nx &+ 52] = Float(cp.pointee.pushLimit)
        return d
    }

    /// Constraint `i`'s lane (`slot`: record `slot >> 2`, lane `slot & 3`) written from its own
    /// fields and its manifold, the points' masses left to `finishRecords` ("Points in the
    /// lanes" in the file comment): the arms (added in double precision, then converted), the
    /// manifold's separations (in the base separation's place until it is worked out) and the
    /// warm-start impulses; a one-point lane's second point gets no impulse. `twoPoints`: a
    /// byte a record, which lanes have a second point.
    ///
    /// Written in the constraints' order (the contacts and their manifolds are read in about
    /// the order they are stored; in the records' order those reads jumped about, and in
    /// pyramid100 this was 15 % of the time).
    @inline(__always)
    static func writeLane(
        _ raw: UnsafeMutableRawPointer, _ slot: Int, _ c: UnsafePointer<ContactConstraint>, _ i: Int32,
        _ contacts: UnsafePointer<Contact>, _ sims: UnsafePointer<ContactSim>, _ bodySims: UnsafePointer<BodySim>,
        _ twoPoints: UnsafeMutablePointer<UInt8>, _ o: WideLayout.Offsets, bodies: (Int32, Int32)?
    ) {
        let r = slot >> 2
        let lane = slot & 3
        let d = World.writeLaneHeader(raw + r &* MemoryLayout<WideContact>.stride, lane, c, i, o, bodies: bodies)
        let pair = contacts + Int(c.pointee.contact)
        let sp = sims + Int(pair.pointee.sim)
        let bodyA = pair.pointee.bodyA
        let simB = bodySims + Int(pair.pointee.bodyB)
        let offA = bodyA >= 0 ? (bodySims + Int(bodyA)).pointee.transform.p - (bodySims + Int(bodyA)).pointee.center : .zero
        let offB = simB.pointee.transform.p - simB.pointee.center
        // A point's first Float at the lane: arms (rA, rB), the manifold's separation in
        // the base separation's place, impulses (normal, tangential).
        @inline(__always) func gather(_ q: UnsafeMutablePointer<Float>, _ m: ManifoldPoint, _ ln: Real, _ lt: Real) {
            let rA = singleSum(m.anchorA, offA)
            let rB = singleSum(m.anchorB, offB)
            q[0] = rA[0]
            q[4] = rA[1]
            q[8] = rB[0]
            q[12] = rB[1]
            q[16] = Float(m.separation)
            let impulses = singlePair(ln, lt)
            q[28] = impulses[0]
            q[32] = impulses[1]
        }
        gather(d + o.p1, sp.pointee.manifold.point1, sp.pointee.normalImpulse1, sp.pointee.tangentImpulse1)
        let q2 = d + o.p2
        if c.pointee.pointCount > 1 {
            gather(q2, sp.pointee.manifold.point2, sp.pointee.normalImpulse2, sp.pointee.tangentImpulse2)
            twoPoints[r] |= 1 << UInt8(lane)
        } else {
            // No second point: arms, separation and impulses 0 (the records are not cleared
            // between colourings).
            q2[0] = 0
            q2[4] = 0
            q2[8] = 0
            q2[12] = 0
            q2[16] = 0
            q2[28] = 0
            q2[32] = 0
        }
    }

    /// Lane `slot` made inert: on the static identity body (no mass: it takes no impulse; the
    /// first place in the list of bodies, `finishColouring`), every row zero, constraint index −1.
    @inline(__always)
    static func blankLane(_ raw: UnsafeMutableRawPointer, _ slot: Int, _ o: WideLayout.Offsets) {
        let rec = raw + (slot >> 2) &* MemoryLayout<WideContact>.stride
        let lane = slot & 3
        let w = rec.assumingMemoryBound(to: WideContact.self)
        w.pointee.a[lane] = 0
        w.pointee.b[lane] = 0
        w.pointee.index[lane] = -1
        let d = rec.assumingMemoryBound(to: Float.self) + lane
        for j in 0..<14 { d[o.nx &+ 4 &* j] = 0 }
        for j in 0..<11 {
            d[o.p1 &+ 4 &* j] = 0
            d[o.p2 &+ 4 &* j] = 0
        }
    }

    /// The records' points finished, four lanes at once in single precision, once every lane
    /// is written (`writeLane`): masses along the normal and the tangent and base separations.
    static func finishRecords(_ wide: UnsafeMutableBufferPointer<WideContact>, _ twoPoints: UnsafePointer<UInt8>) {
        guard let wb = wide.baseAddress else { return }
        for r in 0..<wide.count {
            let w = wb + r
            let bits = twoPoints[r]
            let two = SIMD4<Float>(
                bits & 1 != 0 ? 1 : 0, bits & 2 != 0 ? 1 : 0, bits & 4 != 0 ? 1 : 0, bits & 8 != 0 ? 1 : 0)
            let nx = w.pointee.nx
            let ny = w.pointee.ny
            let mA = w.pointee.invMassA
            let iA = w.pointee.invIA
            let mB = w.pointee.invMassB
            let iB = w.pointee.invIB
            // A point's masses along the normal and the tangent (1/k, 0 where nothing moves it)
            // and its base separation, as `World.pointMasses` and prepare's points have them.
            @inline(__always) func finish(_ p: inout WidePoint) {
                let rnA = p.rAx * ny - p.rAy * nx
                let rnB = p.rBx * ny - p.rBy * nx
                let kN = mA + mB + iA * rnA * rnA + iB * rnB * rnB
                // The tangent (ny, −nx): r × t = −(r · n).
                let rtA = -(p.rAx * nx + p.rAy * ny)
                let rtB = -(p.rBx * nx + p.rBy * ny)
                let kT = mA + mB + iA * rtA * rtA + iB * rtB * rtB
                p.normalMass = (1 / kN).replacing(with: 0, where: .!(kN .> 0))
                p.tangentMass = (1 / kT).replacing(with: 0, where: .!(kT .> 0))
                p.baseSeparation = p.baseSeparation - ((p.rBx - p.rAx) * nx + (p.rBy - p.rAy) * ny)
                p.totalNormalImpulse = .zero
                p.totalTangentImpulse = .zero
            }
            finish(&w.pointee.p1)
            if two == .zero {
                // No lane has a second point: its rows are not run; inert all the same.
                w.pointee.p2.normalMass = .zero
                w.pointee.p2.tangentMass = .zero
                w.pointee.p2.normalImpulse = .zero
                w.pointee.p2.tangentImpulse = .zero
                w.pointee.p2.totalNormalImpulse = .zero
                w.pointee.p2.totalTangentImpulse = .zero
                w.pointee.twoPoints = false
            } else {
                // A lane of one point has an inert second point: no mass, no impulse.
                finish(&w.pointee.p2)
                w.pointee.p2.normalMass *= two
                w.pointee.p2.tangentMass *= two
                w.pointee.twoPoints = true
            }
        }
    }

    /// Writes the records' impulses back to `constraintPoints` (after the sub-steps).
    mutating func gatherWideImpulses() {
        let wide = contactWorld.wideContacts
        contactWorld.constraintPoints.withUnsafeMutableBufferPointer { ps in
            wide.withUnsafeBufferPointer { ws in
                guard let pp = ps.baseAddress, let wb = ws.baseAddress else { return }
                for r in 0..<ws.count {
                    // Read in place (a record is over 400 bytes).
                    let w = wb + r
                    // A record without a second point never touched its second points (no
                    // reader of a one-point constraint looks past its first).
                    let two = w.pointee.twoPoints
                    for lane in 0..<4 {
                        let i = Int(w.pointee.index[lane])
                        if i < 0 { continue }
                        let p = pp + 2 &* i
                        p.pointee.normalImpulse = Real(w.pointee.p1.normalImpulse[lane])
                        p.pointee.tangentImpulse = Real(w.pointee.p1.tangentImpulse[lane])
                        p.pointee.totalNormalImpulse = Real(w.pointee.p1.totalNormalImpulse[lane])
                        p.pointee.totalTangentImpulse = Real(w.pointee.p1.totalTangentImpulse[lane])
                        if !two { continue }
                        let q = p + 1
                        q.pointee.normalImpulse = Real(w.pointee.p2.normalImpulse[lane])
                        q.pointee.tangentImpulse = Real(w.pointee.p2.tangentImpulse[lane])
                        q.pointee.totalNormalImpulse = Real(w.pointee.p2.totalNormalImpulse[lane])
                        q.pointee.totalTangentImpulse = Real(w.pointee.p2.totalTangentImpulse[lane])
                    }
                }
            }
        }
    }

    /// The velocities of four bodies, lane by lane, from their single-precision states (a
    /// transpose of four loads); `store` writes them back. A static body may fill several
    /// lanes: it takes no impulse, so each lane writes back what it read. The wide contacts
    /// and the wide joints (Joints/WideJointSolver.swift) both gather through it.
    struct WideBodies {
        var vx: SIMD4<Float>
        var vy: SIMD4<Float>
        var w: SIMD4<Float>

        @inline(__always)
        init(_ states: UnsafeMutablePointer<WideBodyState>, _ i: SIMD4<Int32>) {
            (vx, vy, w) = gatherLanes3(
                states[Int(i[0])].vel, states[Int(i[1])].vel, states[Int(i[2])].vel, states[Int(i[3])].vel)
        }

        @inline(__always)
        func store(_ states: UnsafeMutablePointer<WideBodyState>, _ i: SIMD4<Int32>) {
            let (s0, s1, s2, s3) = scatterLanes3(vx, vy, w)
            states[Int(i[0])].vel = s0
            states[Int(i[1])].vel = s1
            states[Int(i[2])].vel = s2
            states[Int(i[3])].vel = s3
        }
    }

    /// Warm start of the wide records: apply each point's impulse (file comment of
    /// ContactSolver.swift, `warmStartContacts`).
    static func warmStartWide(_ w: UnsafeMutablePointer<WideContact>, _ bodies: UnsafeMutablePointer<WideBodyState>,
                              centred: Bool) {
        var A = WideBodies(bodies, w.pointee.a)
        var B = WideBodies(bodies, w.pointee.b)
        let k = WideRow(w)
        let friction = w.pointee.friction
        World.warmStartWidePoint(&w.pointee.p1, &A, &B, k, friction: friction, centred: centred)
        if w.pointee.twoPoints { World.warmStartWidePoint(&w.pointee.p2, &A, &B, k, friction: friction, centred: centred) }
        A.store(bodies, w.pointee.a)
        B.store(bodies, w.pointee.b)
    }

    @inline(__always)
    static func warmStartWidePoint(_ q: inout WidePoint, _ A: inout WideBodies, _ B: inout WideBodies, _ k: WideRow,
                                   friction: SIMD4<Float>, centred: Bool) {
        let ln = q.normalImpulse
        var lt = q.tangentImpulse
        if centred {
            // Sliding points (the sub-step before was at μ·λn) take half before the move and the
            // rest in relax (ContactSolver.swift, "Sliding friction"), lane by lane.
            let half: SIMD4<Float> = lt * 0.5
            lt.replace(with: half, where: World.slidingLanes(ln, lt, friction))
            q.tangentImpulse = lt
        }
        // P = λn·n + λt·t with t = (n.y, −n.x)
        let px = ln * k.nx + lt * k.ny
        let py = ln * k.ny - lt * k.nx
        A.vx -= k.mA * px
        A.vy -= k.mA * py
        A.w -= k.iA * (q.rAx * py - q.rAy * px)
        B.vx += k.mB * px
        B.vy += k.mB * py
        B.w += k.iB * (q.rBx * py - q.rBy * px)
    }

    /// Before the warm start of a later sub-step (the banked changes stand for every point's
    /// impulse in full): a sliding point's tangential impulse is halved, as
    /// `warmStartWidePoint` does, and the half taken off is taken off its bodies' banked
    /// changes. Nothing is written where no lane slides (a resting pile: every record).
    @inline(__always)
    static func halveSlidingWide(_ w: UnsafeMutablePointer<WideContact>, _ bank: UnsafeMutablePointer<SIMD4<Float>>) {
        let friction = w.pointee.friction
        halveSlidingPoint(&w.pointee.p1, w, friction, bank)
        if w.pointee.twoPoints { halveSlidingPoint(&w.pointee.p2, w, friction, bank) }
    }

    /// The lanes whose point slid in the sub-step before: a loaded point (λn > 0) whose
    /// tangential impulse reached μ·λn (to 0.1 %).
    @inline(__always)
    static func slidingLanes(
        _ ln: SIMD4<Float>, _ lt: SIMD4<Float>, _ friction: SIMD4<Float>
    ) -> SIMDMask<SIMD4<Int32>> {
        let limit: SIMD4<Float> = friction * ln * 0.999
        let magnitude = wideAbs(lt)
        return (magnitude .>= limit) .& (ln .> SIMD4<Float>.zero)
    }

    @inline(__always)
    static func halveSlidingPoint(
        _ q: inout WidePoint, _ w: UnsafeMutablePointer<WideContact>, _ friction: SIMD4<Float>,
        _ bank: UnsafeMutablePointer<SIMD4<Float>>
    ) {
        let lt = q.tangentImpulse
        let sliding = World.slidingLanes(q.normalImpulse, lt, friction)
        if !any(sliding) { return }
        let half: SIMD4<Float> = lt * 0.5
        q.tangentImpulse = lt.replacing(with: half, where: sliding)
        // The half taken off, as an impulse along t = (n.y, −n.x), lane by lane (0 elsewhere).
        let off = SIMD4<Float>.zero.replacing(with: half, where: sliding)
        let px = off * w.pointee.ny
        let py = SIMD4<Float>.zero - off * w.pointee.nx
        let dwA = w.pointee.invIA * (q.rAx * py - q.rAy * px)
        let dwB = w.pointee.invIB * (q.rBx * py - q.rBy * px)
        let mA = w.pointee.invMassA
        let mB = w.pointee.invMassB
        for lane in 0..<4 where sliding[lane] {
            // The full warm start took −m·P from A and gave +m·P to B; half of it is undone.
            let a = Int(w.pointee.a[lane])
            let b = Int(w.pointee.b[lane])
            bank[a] += SIMD4(mA[lane] * px[lane], mA[lane] * py[lane], dwA[lane], 0)
            bank[b] -= SIMD4(mB[lane] * px[lane], mB[lane] * py[lane], dwB[lane], 0)
        }
    }

    /// What the rows of one record share in a pass (no closures: a closure capturing the
    /// body lanes would allocate in an unoptimized build). The soft scales are the biased
    /// pass's (the relax's row, `wideNormalRow(relax: true)`, reads none of them).
    struct WideRow {
        let w: UnsafeMutablePointer<WideContact>
        // Read from the record where used rather than held: eleven vectors held through the
        // rows spilled to the stack (SSE2 has sixteen registers), and a load from the record
        // costs what a reload of a spill does, without the store.
        var nx: SIMD4<Float> { @inline(__always) get { w.pointee.nx } }
        var ny: SIMD4<Float> { @inline(__always) get { w.pointee.ny } }
        var mA: SIMD4<Float> { @inline(__always) get { w.pointee.invMassA } }
        var iA: SIMD4<Float> { @inline(__always) get { w.pointee.invIA } }
        var mB: SIMD4<Float> { @inline(__always) get { w.pointee.invMassB } }
        var iB: SIMD4<Float> { @inline(__always) get { w.pointee.invIB } }
        var biasRate: SIMD4<Float> { @inline(__always) get { w.pointee.biasRate } }
        var softMass: SIMD4<Float> { @inline(__always) get { w.pointee.massScale } }
        var softImpulse: SIMD4<Float> { @inline(__always) get { w.pointee.impulseScale } }
        var specRate: SIMD4<Float> { @inline(__always) get { w.pointee.speculativeRate } }
        var minBias: SIMD4<Float> { @inline(__always) get { -w.pointee.pushLimit } }

        @inline(__always)
        init(_ w: UnsafeMutablePointer<WideContact>) {
            self.w = w
        }
    }

    /// The pose changes of a record's bodies: B's translation from A's, each side's turn (a
    /// centred circle's arm never turns).
    struct WidePose {
        var dpx: SIMD4<Float>
        var dpy: SIMD4<Float>
        var qAc: SIMD4<Float>
        var qAs: SIMD4<Float>
        var qBc: SIMD4<Float>
        var qBs: SIMD4<Float>

        /// A record whose every lane is a centred circle on both sides (a pile of balls) needs
        /// no turns: the arms are the tick's start ones, the identity exactly as the selects
        /// would give it (the same numbers; it saves the turns' gather and the selects); one
        /// with no such side takes the turns as gathered. Rain −1.4 % of its instructions,
        /// pyramid20 +0.3 % (its records pay the two tests; without the second path the
        /// compiled pass came out larger still, +0.7 %).
        @inline(__always)
        init(_ w: UnsafeMutablePointer<WideContact>, _ states: UnsafeMutablePointer<WideBodyState>) {
            typealias D4 = SIMD4<Float>
            let ia = w.pointee.a
            let ib = w.pointee.b
            let (ax, ay, ac, as_) = gatherLanes4(
                states[Int(ia[0])].pose, states[Int(ia[1])].pose, states[Int(ia[2])].pose, states[Int(ia[3])].pose)
            let (bx, by, bc, bs) = gatherLanes4(
                states[Int(ib[0])].pose, states[Int(ib[1])].pose, states[Int(ib[2])].pose, states[Int(ib[3])].pose)
            dpx = bx - ax
            dpy = by - ay
            let one = D4(repeating: 1)
            let zero = D4(repeating: 0)
            let fixedA = w.pointee.fixedA .> zero
            let fixedB = w.pointee.fixedB .> zero
            if all(fixedA .& fixedB) {
                qAc = one
                qAs = zero
                qBc = one
                qBs = zero
            } else if !any(fixedA .| fixedB) {
                qAc = ac
                qAs = as_
                qBc = bc
                qBs = bs
            } else {
                qAc = ac.replacing(with: one, where: fixedA)
                qAs = as_.replacing(with: zero, where: fixedA)
                qBc = bc.replacing(with: one, where: fixedB)
                qBs = bs.replacing(with: zero, where: fixedB)
            }
        }
    }

    /// One wide record's rows: `solveContact`'s normal rows, then friction when relaxing, on
    /// four constraints at once.
    @inline(__always)
    static func solveWide(
        _ w: UnsafeMutablePointer<WideContact>, _ bodies: UnsafeMutablePointer<WideBodyState>, relax: Bool,
        keepNormal: Bool, friction withFriction: Bool
    ) {
        var A = WideBodies(bodies, w.pointee.a)
        var B = WideBodies(bodies, w.pointee.b)
        let pose = WidePose(w, bodies)
        let k = WideRow(w)
        let two = w.pointee.twoPoints
        if two {
            if relax {
                World.wideNormalRowsRelax(w, &A, &B, pose, k)
            } else {
                World.wideNormalRows(w, &A, &B, pose, k)
            }
        } else if relax {
            World.wideNormalRowRelax(&w.pointee.p1, &A, &B, pose, k)
        } else {
            World.wideNormalRowSolve(&w.pointee.p1, &A, &B, pose, k)
        }
        if relax && withFriction {
            let friction = w.pointee.friction
            World.wideFrictionRow(&w.pointee.p1, &A, &B, k, friction, keepNormal: keepNormal)
            if two { World.wideFrictionRow(&w.pointee.p2, &A, &B, k, friction, keepNormal: keepNormal) }
        }
        A.store(bodies, w.pointee.a)
        B.store(bodies, w.pointee.b)
    }

    /// Both points' normal rows, one after the other: one call, with the body lanes held in
    /// registers from the first row to the second; the biased solve's (`wideNormalRows`) and
    /// the relax's (`wideNormalRowsRelax`), each compiled for its pass.
    @inline(never)
    static func wideNormalRows(
        _ w: UnsafeMutablePointer<WideContact>, _ A: inout WideBodies, _ B: inout WideBodies, _ pose: WidePose, _ k: WideRow
    ) {
        World.wideNormalRow(&w.pointee.p1, &A, &B, pose, k, relax: false)
        World.wideNormalRow(&w.pointee.p2, &A, &B, pose, k, relax: false)
    }

    @inline(never)
    static func wideNormalRowsRelax(
        _ w: UnsafeMutablePointer<WideContact>, _ A: inout WideBodies, _ B: inout WideBodies, _ pose: WidePose, _ k: WideRow
    ) {
        World.wideNormalRow(&w.pointee.p1, &A, &B, pose, k, relax: true)
        World.wideNormalRow(&w.pointee.p2, &A, &B, pose, k, relax: true)
    }

    /// A one-point record's normal row, each pass's own (the compiler calls the row rather
    /// than inline it; a call of the general row chose the pass at run time).
    @inline(never)
    static func wideNormalRowSolve(
        _ q: inout WidePoint, _ A: inout WideBodies, _ B: inout WideBodies, _ pose: WidePose, _ k: WideRow
    ) {
        World.wideNormalRow(&q, &A, &B, pose, k, relax: false)
    }

    @inline(never)
    static func wideNormalRowRelax(
        _ q: inout WidePoint, _ A: inout WideBodies, _ B: inout WideBodies, _ pose: WidePose, _ k: WideRow
    ) {
        World.wideNormalRow(&q, &A, &B, pose, k, relax: true)
    }

    /// A point's normal row on four lanes (`solveContact`'s, lane by lane). In the relax
    /// (rigid: bias rate 0, mass scale 1, impulse scale 0) the same numbers with less work:
    /// the bias of a closed gap is 0·s (the general row's max(0·s, −pushLimit) is 0·s, the
    /// limit being ≥ 0), the mass is not scaled (a product by 1), and 0·λ is still taken off
    /// (it turns a −0 impulse into +0, as the general row does).
    @inline(__always)
    static func wideNormalRow(
        _ q: inout WidePoint, _ A: inout WideBodies, _ B: inout WideBodies, _ pose: WidePose, _ k: WideRow, relax: Bool
    ) {
        let zero = SIMD4<Float>(repeating: 0)
        let one = SIMD4<Float>(repeating: 1)
        let rAx = q.rAx
        let rAy = q.rAy
        let rBx = q.rBx
        let rBy = q.rBy
        // Current separation from the pose deltas; anchors fixed for the tick.
        let dx = pose.dpx + (pose.qBc * rBx - pose.qBs * rBy) - (pose.qAc * rAx - pose.qAs * rAy)
        let dy = pose.dpy + (pose.qBs * rBx + pose.qBc * rBy) - (pose.qAs * rAx + pose.qAc * rAy)
        let s = dx * k.nx + dy * k.ny + q.baseSeparation
        let dvx = (B.vx - B.w * rBy) - (A.vx - A.w * rAy)
        let dvy = (B.vy + B.w * rBx) - (A.vy + A.w * rAx)
        let vn = dvx * k.nx + dvy * k.ny
        let old = q.normalImpulse
        let newImpulse: SIMD4<Float>
        if relax {
            let bias = wideSelect(s, s * k.specRate, zero * s)
            newImpulse = wideClampAtZero(old - q.normalMass * (vn + bias) - zero * old)
        } else {
            // Speculative (s > 0): the gap may close, not more.
            let bias = wideSelect(s, s * k.specRate, wideMaxOrdered(k.biasRate * s, k.minBias))
            let massScale = wideSelect(s, one, k.softMass)
            let impulseScale = wideSelect(s, zero, k.softImpulse)
            newImpulse = wideClampAtZero(old - q.normalMass * massScale * (vn + bias) - impulseScale * old)
        }
        let impulse = newImpulse - old
        q.normalImpulse = newImpulse
        let px = impulse * k.nx
        let py = impulse * k.ny
        A.vx -= k.mA * px
        A.vy -= k.mA * py
        A.w -= k.iA * (rAx * py - rAy * px)
        B.vx += k.mB * px
        B.vy += k.mB * py
        B.w += k.iB * (rBx * py - rBy * px)
    }

    /// A point's friction row on four lanes (`solveContact`'s, lane by lane).
    @inline(__always)
    static func wideFrictionRow(
        _ q: inout WidePoint, _ A: inout WideBodies, _ B: inout WideBodies, _ k: WideRow, _ friction: SIMD4<Float>,
        keepNormal: Bool
    ) {
        let zero = SIMD4<Float>(repeating: 0)
        let tx = k.ny
        let ty = -k.nx
        let rAx = q.rAx
        let rAy = q.rAy
        let rBx = q.rBx
        let rBy = q.rBy
        let dvx = (B.vx - B.w * rBy) - (A.vx - A.w * rAy)
        let dvy = (B.vy + B.w * rBx) - (A.vy + A.w * rAx)
        let vt = dvx * tx + dvy * ty
        let sub = q.normalImpulse
        let normal = q.totalNormalImpulse + sub
        let subT = q.tangentImpulse
        let totalT = q.totalTangentImpulse
        // Forces in every sub-step (keepNormal): Coulomb per sub-step, warm started
        // from the last (Box2D v3); otherwise over the tick so far (see solveContact).
        let old = keepNormal ? subT : totalT + subT
        let maxFriction = friction * (keepNormal ? sub : normal)
        let newImpulse = wideClamp(old - q.tangentMass * vt, maxFriction)
        let impulse = newImpulse - old
        q.totalNormalImpulse = normal
        if keepNormal {
            q.tangentImpulse = newImpulse
            q.totalTangentImpulse = totalT + newImpulse
        } else {
            // The sub-step is done for these points: bank the impulses, restart from 0.
            q.totalTangentImpulse = newImpulse
            q.normalImpulse = zero
            q.tangentImpulse = zero
        }
        let px = impulse * tx
        let py = impulse * ty
        A.vx -= k.mA * px
        A.vy -= k.mA * py
        A.w -= k.iA * (rAx * py - rAy * px)
        B.vx += k.mB * px
        B.vy += k.mB * py
        B.w += k.iB * (rBx * py - rBy * px)
    }
}
