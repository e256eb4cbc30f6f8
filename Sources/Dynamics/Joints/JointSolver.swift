// The joint solver's stages, called from the step's hooks (Solver/Step.swift), joints before
// contacts (Docs/solver.md §2.5):
//
//   prepareConstraints    → prepareJoints        once per tick: bodies, anchors, masses, softness
//   warmStartConstraints  → warmStartJoints      every sub-step (Joint.swift: which impulses)
//   solveConstraints      → solveJoints(useBias: true)    one biased, soft pass
//   relaxConstraints      → solveJoints(useBias: false)   one rigid pass without position bias
//
// Order. Sequential impulses along a chain are one long dependency: each joint waits for the
// velocity its predecessor just wrote, so a pass over one chain runs at the latency of the
// joint's arithmetic, not at the processor's throughput. Joints that share no body can be
// solved in any order relative to each other with exactly the same result, so each tick the
// joints are interleaved, four chains (connected sets of bodies) at a time: joint k of each,
// then joint k + 1 of each, each chain keeping its own order (`interleaveJoints`).
// Independent chains then overlap in the processor; every body sees the same impulses in the
// same order, so the numbers are bit for bit those of creation order. The biased solve uses
// this order (on chains it went from 164 to ~123 µs a step); the warm start and relax, whose
// chains of arithmetic are short, measured no slower (relax: faster) in creation order.
// The implied long-range rows (below) are ordered by depth, so consecutive rows belong to
// different chains; but they all share their root (the world's identity body, or an anchored
// item), and a row that wrote the root's velocity (unchanged: its inverse masses are 0) made
// the next row's read of it wait for that store, one row after another across every chain.
// They write end B only (`JointSim.applyLinearB`): same numbers, and chains ran 9 % faster.
//
// Point, revolute, distance and rope joints compute their sub-step geometry (rotated anchors,
// separation, the point block K) once per sub-step: in the relax pass, right after the
// positions moved, and in the first sub-step's warm start; the next warm start and solve
// read it (Joint.swift, `JointSim.rAs`). The positions do not move in between, so these are
// the very numbers those passes used to recompute.
//   storeImpulses         → storeJointImpulses   keep the first and last sub-step's impulses
//
// All of it works on `solverBodies` (velocities and pose deltas) and the dense `joints` array
// through unsafe buffers entered once per stage: no allocation, class, closure or dictionary
// per step. Joints are visited in creation order, then the implied long-range limits in order
// of depth from their anchor. The plain pins (WideJointSolver.swift) and the implied rows
// (WideRopeSolver.swift) are solved in `Float` lanes instead, before and after the scalar
// joints; where all of a tick's rows are wide, the warm start waits for the biased solve and
// both are done in one single-precision copy of the bodies (`pendingWarmStart`).
//
// Implied long-range limits (Docs/solver.md §3.2). Sequential impulses propagate a chain's load
// one link per pass, so a long chain with a heavy end stretches. In a chain of rigid links
// hanging from a fixed point, the triangle inequality already bounds every link's distance
// from that point by the sum of the link lengths (plus the distances between each link's two
// anchors): |p_k − p_0| ≤ D_k. Adding those bounds as rope rows forbids no legal state, yet it
// hands the end's load straight to the anchor. The rows are rebuilt (cold path) whenever a
// joint is added, removed or changes length or kind: a shortest-path search (Dijkstra on D)
// from every fixed end (a world point or an anchored item) through the joints that bound the
// distance between their anchors (rigid distance, rope, hinge, weld, slide with a finite
// range), then one row to every link, ordered outward.
//
// Every link, not every 4th: the joint rows are soft, so under load a chain stretches by its
// static deflection, load/(m·ω²) per joint, while a long-range row holds the far end at D_k. A
// row to link k alone makes the soft springs share the load of the links above k: the row
// carries more than what hangs below it (a 4-link segment: the segment's weight and more),
// and the joints near the row's end are pushed together (−1.5 link weights). A chain in
// compression buckles: a straight hanging rope of 40 pins wobbled from ~1.5 s on, growing
// 33× every 0.25 s whatever the sub-steps or the joint stiffness, up to 0.34 rad. With a row
// to every link, each row carries its own link's weight and the joints carry nothing: nothing
// is compressed, the rope hangs still (1e-16 rad) and stretches 4e-6 instead of 1e-4.

import DynamicsCollision
import DynamicsMath

extension World {
    /// Links between an implied long-range row and its root: the row's `kind` says where the
    /// root point comes from, so that dragging an anchor keeps the rows right.
    enum ImpliedRoot {
        /// `localA` is the world end A of joint `slot`.
        static let worldEndA: UInt8 = 0
        /// `localA` is the world end B of joint `slot`.
        static let worldEndB: UInt8 = 1
        /// The root is an anchored item; nothing to refresh.
        static let item: UInt8 = 2
    }

    /// Every `stride`-th link of a chain (and its end) gets an implied long-range limit: 1,
    /// every link (the header says why).
    static let impliedLimitStride = 1

    // MARK: Stages

    /// Hook (warmStartConstraints): applies the warm-start impulses of sub-step `substep`
    /// (0-based).
    mutating func warmStartJoints(_ ctx: StepContext, substep: Int) {
        if jointWorld.joints.isEmpty { return }
        // The plain pins first, in their colours (Joints/WideJointSolver.swift), and the
        // implied rows in lanes (WideRopeSolver.swift); packed at the first sub-step, after
        // the pull-in.
        if substep == 0 {
            buildWideJoints(substep: ctx.forcesPerSubstep ? 3 : 0)
        }
        let pass = substep == 0 ? (ctx.forcesPerSubstep ? 3 : 0) : ctx.forcesPerSubstep ? 2 : Int32(Swift.min(substep, 2))
        // With no joint left to the scalar loop, the implied rows go in the pins' pass (the
        // same order: pins, scalar joints, rows).
        let fused = jointWorld.solver.scalarJoints == 0
        if fused && jointWorld.solver.scalarImplied == 0 {
            // Every row is wide, and the biased solve comes next (the contacts warm start
            // first, Solver/Step.swift): one copy of the bodies for both passes.
            jointWorld.solver.pendingWarmStart = pass
            return
        }
        wideJointPass(pass, ropes: fused)
        let scalarJoints = jointWorld.solver.scalarJoints > 0
        let scalarImplied = jointWorld.solver.scalarImplied > 0
        solverBodies.withUnsafeMutableBufferPointer { bodies in
            // Sub-steps 0, 1 and the rest each get their own copy of the loop (`warmStart` is
            // inlined with a constant sub-step), so that no joint tests which one it is in.
            if ctx.forcesPerSubstep {
                // Forces act in every sub-step, so every sub-step carries the same load: each
                // starts from the impulse of the sub-step before (Box2D v3), the first from the
                // last sub-step of the previous tick (code 3).
                let code: Int32 = substep == 0 ? 3 : 2
                if code == 3 {
                    if scalarJoints { jointWorld.joints.withUnsafeMutableBufferPointer { js in World.warmStart(js, bodies, nil, substep: 3) } }
                } else {
                    if scalarJoints { jointWorld.joints.withUnsafeMutableBufferPointer { js in World.warmStart(js, bodies, nil, substep: 2) } }
                }
                return
            }
            if !scalarJoints { return }
            switch substep {
            case 0: jointWorld.joints.withUnsafeMutableBufferPointer { js in World.warmStart(js, bodies, nil, substep: 0) }
            case 1: jointWorld.joints.withUnsafeMutableBufferPointer { js in World.warmStart(js, bodies, nil, substep: 1) }
            default: jointWorld.joints.withUnsafeMutableBufferPointer { js in World.warmStart(js, bodies, nil, substep: 2) }
            }
        }
        if !fused { wideJointPass(pass, pins: false, ropes: true) }
        if !scalarImplied { return }
        solverBodies.withUnsafeMutableBufferPointer { bodies in
            switch pass {
            case 0: jointWorld.impliedJoints.withUnsafeMutableBufferPointer { js in World.warmStartImplied(js, bodies, substep: 0) }
            case 1: jointWorld.impliedJoints.withUnsafeMutableBufferPointer { js in World.warmStartImplied(js, bodies, substep: 1) }
            case 3: jointWorld.impliedJoints.withUnsafeMutableBufferPointer { js in World.warmStartImplied(js, bodies, substep: 3) }
            default: jointWorld.impliedJoints.withUnsafeMutableBufferPointer { js in World.warmStartImplied(js, bodies, substep: 2) }
            }
        }
    }

    /// Hook (solveConstraints, relaxConstraints): one pass over every joint. `useBias`: soft
    /// with position correction (solve); otherwise rigid on velocities only (relax).
    mutating func solveJoints(_ ctx: StepContext, useBias: Bool) {
        if jointWorld.joints.isEmpty { return }
        let jc = jointWorld.solver.context
        let fused = jointWorld.solver.scalarJoints == 0
        let pending = jointWorld.solver.pendingWarmStart
        if pending >= 0 {
            jointWorld.solver.pendingWarmStart = -1
            wideJointPass(pending, then: 4, ropes: true)
            return
        }
        wideJointPass(useBias ? 4 : 5, ropes: fused)
        if !fused {
            solverBodies.withUnsafeMutableBufferPointer { bodies in
                // The biased pass waits on each predecessor's result (its drift terms are a long
                // chain of arithmetic): interleaved. Relax measured faster in creation order.
                // Each pass is its own copy of the loop (`solve` is inlined with a constant
                // `useBias`), so that no joint tests which pass it is in.
                if useBias {
                    jointWorld.solver.order.withUnsafeBufferPointer { order in
                        jointWorld.joints.withUnsafeMutableBufferPointer { js in World.solve(js, bodies, order, jc, useBias: true) }
                    }
                } else {
                    jointWorld.joints.withUnsafeMutableBufferPointer { js in World.solve(js, bodies, nil, jc, useBias: false) }
                }
            }
            wideJointPass(useBias ? 4 : 5, pins: false, ropes: true)
        }
        if jointWorld.solver.scalarImplied == 0 { return }
        solverBodies.withUnsafeMutableBufferPointer { bodies in
            if useBias {
                jointWorld.impliedJoints.withUnsafeMutableBufferPointer { js in World.solveImplied(js, bodies, jc, useBias: true) }
            } else {
                jointWorld.impliedJoints.withUnsafeMutableBufferPointer { js in World.solveImplied(js, bodies, jc, useBias: false) }
            }
        }
    }

    /// Hook (storeImpulses): keeps the impulses for the next tick's warm start.
    mutating func storeJointImpulses(_ ctx: StepContext) {
        let single = ctx.substeps == 1
        if jointWorld.joints.isEmpty { return }
        jointWorld.joints.withUnsafeMutableBufferPointer { js in World.store(js, single: single, skip: JointFlags.wide) }
        jointWorld.impliedJoints.withUnsafeMutableBufferPointer { js in
            World.store(js, single: single, skip: JointFlags.wide | JointFlags.inactive)
        }
        storeWideJointImpulses(single: single)
        storeWideRopeImpulses(single: single)
    }

    /// Hook (prepareConstraints): resolves bodies, anchors, masses and softness for this tick.
    mutating func prepareJoints(_ ctx: StepContext) {
        if jointWorld.joints.isEmpty {
            jointWorld.solver.overSlop = false
            return
        }
        // The interleaved order depends only on the joints' bodies and which are active.
        var reorder = jointWorld.solver.topologyDirty || jointWorld.solver.order.isEmpty
        if jointWorld.solver.topologyDirty { rebuildImpliedJoints() }
        let jc = ctx
        jointWorld.solver.context = jc
        var overSlop = false
        // The pins' colouring of the last tick is kept while every joint's key is the same
        // (Joints/WideJointSolver.swift, "Kept colourings"); its lanes are written here.
        let joints = jointWorld.joints.count
        let ground = Int32(solverBodies.count - 1)
        if jointWorld.solver.pinKeys.count != joints {
            jointWorld.solver.pinKeys = ContiguousArray(repeating: 0, count: joints)
            jointWorld.solver.pinSlots = ContiguousArray(repeating: -1, count: joints)
            jointWorld.solver.pinsKept = false
        }
        var kept = jointWorld.solver.pinsKept && jointWorld.solver.pinGround == ground
        let first: Int32 = ctx.forcesPerSubstep ? 3 : 0
        items.withUnsafeBufferPointer { its in
            bodySims.withUnsafeBufferPointer { sims in
                solverBodies.withUnsafeBufferPointer { solver in
                    jointWorld.joints.withUnsafeMutableBufferPointer { js in
                      jointWorld.solver.pinKeys.withUnsafeMutableBufferPointer { keys in
                        jointWorld.solver.pinSlots.withUnsafeBufferPointer { slots in
                          jointWorld.solver.wide.withUnsafeMutableBufferPointer { ws in
                           jointWorld.solver.colourMasks.withUnsafeBufferPointer { mk in
                            for k in 0..<js.count {
                                if World.prepare(&js[k], its, sims, jc) { reorder = true }
                                if js[k].needsPullIn() {
                                    overSlop = true
                                }
                                let key = World.pinKey(js[k], solver)
                                if key != keys[k] {
                                    keys[k] = key
                                    kept = false
                                } else if kept && slots[k] >= 0, let places = mk.baseAddress {
                                    // (Its bodies keep their places: the kept list names them.)
                                    let slot = Int(slots[k])
                                    World.writeWideLane(&ws[slot >> 2], slot & 3, js[k], Int32(k), places: places, substep: first)
                                    js[k].flags |= JointFlags.wide
                                }
                            }
                           }
                          }
                        }
                      }
                        let m = jointWorld.impliedJoints.count
                        if jointWorld.solver.ropes.count < m {
                            precondition(WideRope.layoutIsAsAssumed, "WideRope layout")
                            jointWorld.solver.ropes = ContiguousArray(repeating: .inert(0), count: m)
                        }
                        jointWorld.solver.ropeBodies.removeAll(keepingCapacity: true)
                        let slackOverSlop = overSlop
                        jointWorld.impliedJoints.withUnsafeMutableBufferPointer { ij in
                          jointWorld.solver.ropes.withUnsafeMutableBufferPointer { rs in
                            var packer = RopePacker(
                                rs.baseAddress ?? UnsafeMutablePointer(bitPattern: 16)!, ground: Int32(solver.count - 1),
                                substep: ctx.forcesPerSubstep ? 3 : 0)
                            defer {
                                jointWorld.solver.ropeCount = packer.count
                                jointWorld.solver.scalarImplied = packer.scalar
                            }
                            for k in 0..<ij.count {
                                let root = ij[k].kind
                                if root != ImpliedRoot.item {
                                    let src = Int(ij[k].slot)
                                    ij[k].localA = root == ImpliedRoot.worldEndA ? js[src].localA : js[src].localB
                                }
                                // The row's mass and softness (`prepareDistance`) only once
                                // it is known not to be slack: most rows of a swinging chain
                                // are, and a slack row is not solved this tick.
                                _ = World.prepare(&ij[k], its, sims, jc, rows: false)
                                // Marked only within a pull-in's tick (Joints/PullIn.swift).
                                ij[k].flags &= ~JointFlags.pulling
                                if ij[k].flags & JointFlags.inactive == 0 {
                                    if World.impliedRowIsSlack(ij[k], solver, tick: ctx.tickDuration) {
                                        ij[k].flags |= JointFlags.inactive
                                        ij[k].impulse = .zero
                                        ij[k].impulseFirst = .zero
                                        ij[k].impulseLast = .zero
                                    } else {
                                        ij[k].prepareDistance(jc)
                                        packer.add(&ij[k], k, solver, &jointWorld.solver.ropeBodies, overSlop: slackOverSlop)
                                    }
                                }
                            }
                          }
                        }
                    }
                }
            }
        }
        if reorder { interleaveJoints() }
        jointWorld.solver.overSlop = overSlop
        jointWorld.solver.pinsKept = kept
        if overSlop && kept {
            // The pull-in solves every joint (it skips the wide ones): none is wide this tick.
            jointWorld.joints.withUnsafeMutableBufferPointer { js in
                for k in 0..<js.count { js[k].flags &= ~JointFlags.wide }
            }
        }
    }

    /// Whether an implied long-range row (a rope) is so far from taut that it cannot act
    /// within this tick. The distance d between its anchors grows at the rate u·v (u the unit
    /// vector from A's anchor to B's, v their relative velocity), and by v²/(2d) a second
    /// squared through the sideways motion; the row is left out of the tick (its impulses
    /// zero) when its slack is more than twice what that growth covers in the tick, plus the
    /// linear slop. A slack rope row computes an impulse of zero anyway, and the rows forbid
    /// nothing the joints themselves do not: a row whose ends sped apart within the tick
    /// beyond the bound engages one tick later. On a swinging chain many rows are slack; on
    /// a hanging one they are taut and all solve. Velocities and moves are the solver
    /// bodies': the impact pass may already have changed them this tick.
    @inline(__always)
    static func impliedRowIsSlack(_ j: JointSim, _ bodies: UnsafeBufferPointer<SolverBody>, tick H: Real) -> Bool {
        var delta = j.deltaCenter + j.rB - j.rA
        var vA = Vec2(0, 0)
        var vB = Vec2(0, 0)
        if j.bA >= 0 {
            let b = bodies[Int(j.bA)]
            vA = b.velocity(at: j.rA)
            delta -= b.dp
        }
        if j.bB >= 0 {
            let b = bodies[Int(j.bB)]
            vB = b.velocity(at: j.rB)
            delta += b.dp
        }
        let d = delta.length
        let slack = j.length - d
        if slack <= CollisionConstants.linearSlop || d < 1e-9 { return false }
        let v = vB - vA
        let growth = H * Swift.max(delta.dot(v) / d, 0) + H * H * v.lengthSquared / (2 * d)
        return slack > 2 * growth + CollisionConstants.linearSlop
    }

    /// How many chains are interleaved together (see the header): enough independent chains
    /// to overlap in the processor, few enough that the joints visited stay close in memory
    /// (2, 4 and 8 measured alike on chains).
    static let interleaveWidth: Int32 = 4

    /// Fills `jointWorld.solver.order`: the active joints of `jointWorld.joints`, chains (connected sets of
    /// bodies; world ends join nothing) taken `interleaveWidth` at a time in order of first
    /// appearance, and within such a group sorted by rank within the chain, then by creation
    /// order. One rank of a group holds at most one joint per chain, and each chain's joints
    /// keep their creation order (see the header). O(joints + bodies), no allocation once the
    /// scratch has grown.
    mutating func interleaveJoints() {
        let n = bodySims.count
        let m = jointWorld.joints.count
        let width = World.interleaveWidth
        var order = ContiguousArray<Int32>()
        var work = ContiguousArray<Int32>()
        swap(&order, &jointWorld.solver.order)
        swap(&work, &jointWorld.solver.scratch)
        // One scratch area: parent[n] (union-find), seen[n] (joints per chain so far),
        // group[n] (chain's group + 1), root[m] (per joint; −1: inactive), key[m],
        // offset[m + 1] (per group), count[m + 1].
        let size = 3 * n + 4 * m + 2
        if work.count < size { work.append(contentsOf: repeatElement(0, count: size - work.count)) }
        var active = 0
        work.withUnsafeMutableBufferPointer { w in
            let parent = w.baseAddress!
            let seen = parent + n
            let group = seen + n
            let root = group + n
            let key = root + m
            let offset = key + m
            let count = offset + (m + 1)
            @inline(__always) func find(_ x: Int32) -> Int32 {
                var x = x
                while parent[Int(x)] != x {
                    parent[Int(x)] = parent[Int(parent[Int(x)])]
                    x = parent[Int(x)]
                }
                return x
            }
            for b in 0..<n {
                parent[b] = Int32(b)
                seen[b] = 0
                group[b] = 0
            }
            // One read of each joint: its ends, joined in the union-find; `root` keeps a body
            // of the joint for now.
            jointWorld.joints.withUnsafeBufferPointer { js in
                for k in 0..<m {
                    if js[k].flags & JointFlags.inactive != 0 {
                        root[k] = -1
                        continue
                    }
                    let a = js[k].bA
                    let b = js[k].bB
                    root[k] = a >= 0 ? a : b
                    if a >= 0 && b >= 0 {
                        let ra = find(a)
                        let rb = find(b)
                        if ra != rb { parent[Int(Swift.max(ra, rb))] = Swift.min(ra, rb) }
                    }
                }
            }
            // Rank within the chain, and the chain's group (chains in order of first
            // appearance, `width` to a group). Key: the group's first key + the rank.
            var chains: Int32 = 0
            for g in 0...m { offset[g] = 0 }
            for k in 0..<m where root[k] >= 0 {
                let r = Int(find(root[k]))
                root[k] = Int32(r)
                if group[r] == 0 {
                    group[r] = chains / width + 1
                    chains += 1
                }
                let rank = seen[r]
                seen[r] = rank + 1
                key[k] = rank
                // offset[g] collects the longest chain of group g − 1 (groups are 1-based
                // here); the prefix sum below turns it into where group g's keys start.
                let g = Int(group[r])
                offset[g] = Swift.max(offset[g], rank + 1)
                active += 1
            }
            let groups = Int((chains + width - 1) / width)
            for g in 0..<groups { offset[g + 1] += offset[g] }
            let keys = Int(offset[groups])
            for c in 0...keys { count[c] = 0 }
            for k in 0..<m where root[k] >= 0 {
                key[k] += offset[Int(group[Int(root[k])]) - 1]
                count[Int(key[k]) + 1] += 1
            }
            for c in 0..<keys { count[c + 1] += count[c] }
            // Counting sort by key, stable: creation order within a key.
            order.removeAll(keepingCapacity: true)
            order.append(contentsOf: repeatElement(0, count: active))
            order.withUnsafeMutableBufferPointer { o in
                for k in 0..<m where root[k] >= 0 {
                    let c = Int(key[k])
                    o[Int(count[c])] = Int32(k)
                    count[c] += 1
                }
            }
        }
        swap(&order, &jointWorld.solver.order)
        swap(&work, &jointWorld.solver.scratch)
    }

    // MARK: Per joint

    /// Where an end is: dense body index (-1: the world, -2: a removed item) and the anchor in
    /// that body's frame.
    @inline(__always)
    static func resolveEnd(_ item: UInt32, _ local: Vec2, _ its: UnsafeBufferPointer<ItemRecord>) -> (Int32, Vec2) {
        if item == JointSim.world { return (-1, local) }
        let i = Int(item)
        switch its[i].kind {
        case .single, .group: return (its[i].body, local)
        case .member: return (its[Int(its[i].group)].body, local + its[i].offset)
        case .free: return (-2, local)
        }
    }

    /// Returns whether the joint's bodies or its being active changed (the interleaved order
    /// must then be rebuilt).
    ///
    /// `rows`: also prepare the rows' masses and softness (the type's `prepare…`); the
    /// implied rows do that themselves once they know they are not slack.
    @inline(__always)
    static func prepare(
        _ j: inout JointSim, _ its: UnsafeBufferPointer<ItemRecord>, _ sims: UnsafeBufferPointer<BodySim>,
        _ jc: StepContext, rows: Bool = true
    ) -> Bool {
        let (ba, la) = resolveEnd(j.itemA, j.localA, its)
        let (bb, lb) = resolveEnd(j.itemB, j.localB, its)
        let wasInactive = j.flags & JointFlags.inactive
        j.flags &= ~JointFlags.wide
        let moved = j.bA != ba || j.bB != bb
        j.bA = ba
        j.bB = bb
        let quiet = BodyFlags.isStatic | BodyFlags.isAsleep
        if ba == bb || ba == -2 || bb == -2
            || ((ba < 0 || sims[Int(ba)].flags & quiet != 0) && (bb < 0 || sims[Int(bb)].flags & quiet != 0))
        {
            // Nothing to solve: one body, a removed item, or no awake dynamic end.
            j.flags |= JointFlags.inactive
            return moved || wasInactive == 0
        }
        j.flags &= ~JointFlags.inactive
        var cA = la
        var cB = lb
        var angleA: Real = 0
        var angleB: Real = 0
        var qA = Rot.identity
        j.rA = .zero
        j.rB = .zero
        j.mA = 0
        j.iA = 0
        j.mB = 0
        j.iB = 0
        if ba >= 0 {
            let s = sims[Int(ba)]
            cA = s.center
            qA = s.transform.q
            angleA = s.angle
            j.rA = qA.apply(la - s.localCenter)
            j.mA = s.invMass
            j.iA = s.invInertia
        }
        if bb >= 0 {
            let s = sims[Int(bb)]
            cB = s.center
            angleB = s.angle
            j.rB = s.transform.q.apply(lb - s.localCenter)
            j.mB = s.invMass
            j.iB = s.invInertia
        }
        j.deltaCenter = cB - cA
        j.deltaAngle = angleB - angleA - j.referenceAngle
        if !rows { return moved || wasInactive != 0 }
        switch j.type {
        case .distance, .rope: j.prepareDistance(jc)
        case .point, .revolute: j.prepareRevolute(jc)
        case .weld: break
        case .prismatic: j.axis = qA.apply(j.localAxis)
        case .snap:
            // Both corners are on A (the item); its bottom-right corner is −localA.
            if ba >= 0 { j.rB = qA.apply(-la - sims[Int(ba)].localCenter) }
            j.prepareSnap(jc)
        }
        return moved || wasInactive != 0
    }

    /// Runs `body` on every active joint with pointers to its two solver bodies, in `order`
    /// (joint indices) if given, else in array order. A world end is the static identity body
    /// at the end of `bodies` (index `bodySims.count`, see Step.swift): its masses are zero,
    /// so a joint's impulse leaves its velocity zero. Bodies are worked on in place: no copies
    /// of the 80-byte solver states.
    @inline(__always)
    static func forEachActive(
        _ js: UnsafeMutableBufferPointer<JointSim>, _ bodies: UnsafeMutableBufferPointer<SolverBody>,
        _ order: UnsafeBufferPointer<Int32>?,
        _ body: (UnsafeMutablePointer<JointSim>, UnsafeMutablePointer<SolverBody>, UnsafeMutablePointer<SolverBody>) -> Void
    ) {
        guard let base = bodies.baseAddress, let joints = js.baseAddress else { return }
        let ground = bodies.count - 1
        // Finite impulses leave the ground's velocity exactly zero; a blown-up joint (an
        // infinite impulse) would not, so the pass starts and ends with it zeroed, and the
        // contacts that also use it never see a joint's damage.
        base[ground].v = Vec2(0, 0)
        base[ground].w = 0
        let count = order?.count ?? js.count
        for i in 0..<count {
            let j = joints + (order.map { Int($0[i]) } ?? i)
            // (Wide pins: solved by the wide kernel this tick; their flag is cleared at
            // prepare, so the pull-in, which runs before the colouring, sees them all.)
            if j.pointee.flags & (JointFlags.inactive | JointFlags.wide) != 0 { continue }
            let ba = Int(j.pointee.bA)
            let bb = Int(j.pointee.bB)
            body(j, base + (ba >= 0 ? ba : ground), base + (bb >= 0 ? bb : ground))
        }
        base[ground].v = Vec2(0, 0)
        base[ground].w = 0
    }

    /// `substep`: 0, 1, or any later sub-step (2: they all warm start alike); 3: the first
    /// sub-step when forces act in every sub-step (the previous tick's last impulse).
    @inline(__always)
    static func warmStart(
        _ js: UnsafeMutableBufferPointer<JointSim>, _ bodies: UnsafeMutableBufferPointer<SolverBody>,
        _ order: UnsafeBufferPointer<Int32>?, substep: Int32
    ) {
        forEachActive(js, bodies, order) { j, A, B in
            j.pointee.takeWarmStart(substep: substep)
            let first = substep == 0 || substep == 3
            switch j.pointee.type {
            case .distance, .rope: j.pointee.warmStartDistance(&A.pointee, &B.pointee, refresh: first)
            case .point, .revolute: j.pointee.warmStartRevolute(&A.pointee, &B.pointee, refresh: first)
            case .weld: j.pointee.warmStartWeld(&A.pointee, &B.pointee)
            case .prismatic: j.pointee.warmStartPrismatic(&A.pointee, &B.pointee)
            case .snap: j.pointee.warmStartSnap(&A.pointee)
            }
        }
    }

    /// The same for the implied long-range rows (all ropes; their end A, the root, is left
    /// alone: `JointSim.applyLinearB`).
    @inline(__always)
    static func warmStartImplied(
        _ js: UnsafeMutableBufferPointer<JointSim>, _ bodies: UnsafeMutableBufferPointer<SolverBody>, substep: Int32
    ) {
        forEachActive(js, bodies, nil) { j, A, B in
            j.pointee.takeWarmStart(substep: substep)
            let refresh = substep == 0 || substep == 3
            if j.pointee.bA < 0 {
                j.pointee.warmStartImplied(World.restBody(), &B.pointee, refresh: refresh)
            } else {
                j.pointee.warmStartImplied(A.pointee, &B.pointee, refresh: refresh)
            }
        }
    }

    @inline(__always)
    static func solve(
        _ js: UnsafeMutableBufferPointer<JointSim>, _ bodies: UnsafeMutableBufferPointer<SolverBody>,
        _ order: UnsafeBufferPointer<Int32>?, _ jc: StepContext, useBias: Bool
    ) {
        // Relax comes right after the positions moved: it refreshes the sub-step's geometry,
        // which the next sub-step's warm start and solve then read (JointSim.rAs).
        let refresh = !useBias
        forEachActive(js, bodies, order) { j, A, B in
            switch j.pointee.type {
            case .distance: j.pointee.solveDistance(&A.pointee, &B.pointee, jc, useBias: useBias, refresh: refresh)
            case .rope: j.pointee.solveRope(&A.pointee, &B.pointee, jc, useBias: useBias, refresh: refresh)
            case .point, .revolute:
                j.pointee.solveRevolute(&A.pointee, &B.pointee, jc, useBias: useBias, refresh: refresh)
            case .weld: j.pointee.solveWeld(&A.pointee, &B.pointee, jc, useBias: useBias)
            case .prismatic: j.pointee.solvePrismatic(&A.pointee, &B.pointee, jc, useBias: useBias)
            case .snap: j.pointee.solveSnap(&A.pointee)
            }
        }
    }

    /// The implied long-range rows: all ropes, solved in one loop without the joint-type
    /// switch. (Without the curvature bias they cost chains 3 % less, but a double pendulum's
    /// pins opened by 0.21 pt at 8 sub-steps instead of under 0.2: kept.)
    @inline(__always)
    static func solveImplied(
        _ js: UnsafeMutableBufferPointer<JointSim>, _ bodies: UnsafeMutableBufferPointer<SolverBody>,
        _ jc: StepContext, useBias: Bool
    ) {
        let refresh = !useBias
        forEachActive(js, bodies, nil) { j, A, B in
            if j.pointee.bA < 0 {
                // Rooted at a world point: A is the identity body, whose values are these
                // constants (see `restBody`), so the compiler drops A's half of the row.
                var rest = World.restBody()
                j.pointee.solveRope(&rest, &B.pointee, jc, useBias: useBias, refresh: refresh, implied: true)
            } else {
                j.pointee.solveRope(&A.pointee, &B.pointee, jc, useBias: useBias, refresh: refresh, implied: true)
            }
        }
    }

    /// The static identity body at the end of `solverBodies` (the world end of a joint) as
    /// constants: velocity +0 (set at each pass's start; an impulse times its inverse masses
    /// 0 keeps it +0), no motion in the tick (dp 0, dq identity; it is never integrated). An
    /// implied row never writes its root (`JointSim.applyLinearB`), so the rows rooted at a
    /// world point read these instead: the same numbers, and the arithmetic on them (a zero
    /// velocity rotated, added, subtracted) folds away, about a fifth of the row.
    @inline(__always)
    static func restBody() -> SolverBody {
        var b = SolverBody(v: Vec2(0, 0), w: 0, invMass: 0, invInertia: 0)
        b.dp = Vec2(0, 0)
        b.da = 0
        b.dq = Rot(c: 1, s: 0)
        return b
    }

    /// `store`'s rule for every joint without a flag of `skip` (the wide ones store their
    /// own, `storeWideJointImpulses`; a slack implied row's impulses are zero already).
    static func store(_ js: UnsafeMutableBufferPointer<JointSim>, single: Bool, skip: UInt8) {
        for k in 0..<js.count {
            if js[k].flags & skip != 0 { continue }
            if single { js[k].impulseFirst = js[k].impulse }
            js[k].impulseLast = js[k].impulse
        }
    }

    // MARK: Implied long-range limits

    /// The most the distance between a joint's two anchors can be, if it is bounded.
    static func maxAnchorDistance(_ j: JointSim) -> Real? {
        switch j.type {
        case .distance: return j.hertz == 0 ? j.length : nil
        case .rope: return j.length
        case .point: return j.hertz == 0 ? 0 : nil
        case .revolute, .weld: return 0
        case .prismatic:
            guard j.flags & JointFlags.limit != 0, j.lower.isFinite, j.upper.isFinite else { return nil }
            return Swift.max(abs(j.lower), abs(j.upper))
        case .snap: return nil
        }
    }

    /// Rebuilds `jointWorld.impliedJoints` from the joint graph (cold path; see the header).
    mutating func rebuildImpliedJoints() {
        jointWorld.solver.topologyDirty = false
        jointWorld.impliedJoints.removeAll(keepingCapacity: true)
        guard !jointWorld.joints.isEmpty, !items.isEmpty else { return }

        // The graph's nodes: the items that bounded joints join, by their place in `nodes`
        // (sorted item slots), so that the work and the scratch memory follow the joints, not
        // the world's items (a world of 50,000 items with one attachment took 5 MB here).
        var bound = [Real](repeating: -1, count: jointWorld.joints.count)
        var nodes: [Int] = []
        for (k, j) in jointWorld.joints.enumerated() {
            guard let d = World.maxAnchorDistance(j) else { continue }
            bound[k] = d
            if j.itemA != JointSim.world { nodes.append(Int(j.itemA)) }
            if j.itemB != JointSim.world { nodes.append(Int(j.itemB)) }
        }
        nodes.sort()
        var unique = 0
        for i in nodes.indices where i == 0 || nodes[i] != nodes[i - 1] {
            nodes[unique] = nodes[i]
            unique += 1
        }
        nodes.removeLast(nodes.count - unique)
        let n = nodes.count
        guard n > 0 else { return }
        /// The node of item slot `item` (one of a bounded joint's ends).
        func node(_ item: UInt32) -> Int { nodes.lowerBound(of: Int(item)) }

        // Adjacency: node → joints touching it (bounded ones only).
        var degree = [Int](repeating: 0, count: n + 1)
        for (k, j) in jointWorld.joints.enumerated() where bound[k] >= 0 {
            if j.itemA != JointSim.world { degree[node(j.itemA)] += 1 }
            if j.itemB != JointSim.world { degree[node(j.itemB)] += 1 }
        }
        var start = [Int](repeating: 0, count: n + 1)
        for i in 0..<n { start[i + 1] = start[i] + degree[i] }
        var fill = start
        var adjacent = [Int](repeating: 0, count: start[n])
        for k in jointWorld.joints.indices where bound[k] >= 0 {
            let j = jointWorld.joints[k]
            if j.itemA != JointSim.world { let x = node(j.itemA); adjacent[fill[x]] = k; fill[x] += 1 }
            if j.itemB != JointSim.world { let x = node(j.itemB); adjacent[fill[x]] = k; fill[x] += 1 }
        }

        // Fixed: anchored items (a member counts with its group).
        func isFixed(_ i: Int) -> Bool {
            switch items[i].kind {
            case .single, .group: return items[i].anchored
            case .member: return items[Int(items[i].group)].anchored
            case .free: return true
            }
        }

        // Dijkstra on D from every root.
        struct Reach {
            var d: Real = .infinity
            var entry: Vec2 = .zero
            var depth: Int = 0
            var parent: Int = -1
            var rootItem: UInt32 = JointSim.world
            var rootLocal: Vec2 = .zero
            var rootKind: UInt8 = 0
            var rootJoint: Int = -1
            var done = false
        }
        var reach = [Reach](repeating: Reach(), count: n)
        var heap: [(Real, Int)] = []
        func push(_ e: (Real, Int)) {
            heap.append(e)
            var c = heap.count - 1
            while c > 0 {
                let p = (c - 1) / 2
                if heap[p].0 <= heap[c].0 { break }
                heap.swapAt(p, c)
                c = p
            }
        }
        func pop() -> (Real, Int) {
            let top = heap[0]
            let last = heap.removeLast()
            if !heap.isEmpty {
                heap[0] = last
                var p = 0
                while true {
                    let l = 2 * p + 1
                    let r = l + 1
                    var m = p
                    if l < heap.count && heap[l].0 < heap[m].0 { m = l }
                    if r < heap.count && heap[r].0 < heap[m].0 { m = r }
                    if m == p { break }
                    heap.swapAt(p, m)
                    p = m
                }
            }
            return top
        }
        func offer(_ y: Int, d: Real, entry: Vec2, depth: Int, parent: Int, from r: Reach) {
            guard !isFixed(nodes[y]), !reach[y].done, d < reach[y].d else { return }
            reach[y].d = d
            reach[y].entry = entry
            reach[y].depth = depth
            reach[y].parent = parent
            reach[y].rootItem = r.rootItem
            reach[y].rootLocal = r.rootLocal
            reach[y].rootKind = r.rootKind
            reach[y].rootJoint = r.rootJoint
            push((d, y))
        }
        // Seeds: joints with one fixed end.
        for (k, j) in jointWorld.joints.enumerated() where bound[k] >= 0 {
            for side in 0..<2 {
                let (fixedItem, fixedLocal, other, otherLocal) =
                    side == 0 ? (j.itemA, j.localA, j.itemB, j.localB) : (j.itemB, j.localB, j.itemA, j.localA)
                guard other != JointSim.world else { continue }
                var r = Reach()
                if fixedItem == JointSim.world {
                    r.rootItem = JointSim.world
                    r.rootKind = side == 0 ? ImpliedRoot.worldEndA : ImpliedRoot.worldEndB
                    r.rootJoint = k
                } else if isFixed(Int(fixedItem)) {
                    r.rootItem = fixedItem
                    r.rootKind = ImpliedRoot.item
                } else {
                    continue
                }
                r.rootLocal = fixedLocal
                offer(node(other), d: bound[k], entry: otherLocal, depth: 1, parent: -1, from: r)
            }
        }
        while !heap.isEmpty {
            let (d, x) = pop()
            if reach[x].done || d > reach[x].d { continue }
            reach[x].done = true
            let rx = reach[x]
            for a in start[x]..<start[x + 1] {
                let j = jointWorld.joints[adjacent[a]]
                let item = nodes[x]
                let (here, other, otherLocal) =
                    j.itemA == UInt32(item) ? (j.localA, j.itemB, j.localB) : (j.localB, j.itemA, j.localA)
                guard other != JointSim.world, Int(other) != item else { continue }
                let dd = rx.d + (here - rx.entry).length + bound[adjacent[a]]
                offer(node(other), d: dd, entry: otherLocal, depth: rx.depth + 1, parent: x, from: rx)
            }
        }

        // Rows to every stride-th link and every chain end, outward.
        var isParent = [Bool](repeating: false, count: n)
        for i in 0..<n where reach[i].done && reach[i].parent >= 0 { isParent[reach[i].parent] = true }
        var rows: [(Int, Int)] = []
        // (By item slot within a depth, as the nodes are in slot order.)
        for i in 0..<n where reach[i].done && reach[i].depth >= 2 {
            if reach[i].depth % World.impliedLimitStride == 0 || !isParent[i] { rows.append((reach[i].depth, i)) }
        }
        rows.sort { $0 < $1 }
        for (_, i) in rows {
            let r = reach[i]
            var j = JointSim(
                slot: r.rootJoint >= 0 ? UInt32(r.rootJoint) : 0, type: .rope, kind: r.rootKind, itemA: r.rootItem,
                itemB: UInt32(nodes[i]), localA: r.rootLocal, localB: r.entry)
            j.length = r.d
            jointWorld.impliedJoints.append(j)
        }
    }
}
