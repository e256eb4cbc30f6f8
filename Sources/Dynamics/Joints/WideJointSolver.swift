// Colouring and the wide kernel of the pin joints (Docs/solver.md §2.5, §2.8).
//
// A chain solved one joint after another is one long dependency: each joint waits for the
// velocity its predecessor just wrote. The contacts' answer (Contacts/WideContactSolver.swift)
// applies to joints too, as in Box2D v3 (constraint_graph.c colours joints with contacts):
// joints that share no dynamic body can be solved side by side, so the plain pins (point and
// revolute joints without spring, friction or limits) are coloured each tick, packed four to a
// `WideJoint` record in single-precision lanes, and solved lane by lane with exactly the
// mathematics of `solveRevolute` (RevoluteJoint.swift) for such a joint: the point block with
// the tick's joint softness, its slop-clamped error and the arc-drift bias while solving, rigid
// without bias in relax, the sub-step geometry refreshed in relax (and in the first sub-step's
// warm start) from the bodies' pose changes.
//
// Colours. Greedy, in creation order, redone at the first sub-step's warm start of every tick
// (after the pull-in, which may mark joints): a joint takes the lowest colour that neither of
// its dynamic ends has (a per-body bit set); an end without mass and inertia (the world, an
// anchored item) does not count. A chain of pins then alternates between two colours. Joints
// that are not plain pins, that find no colour among `maxJointColours`, or every joint in a tick
// that pulls joints in (`JointSolverState.overSlop`: their bias depends on marks the kernel
// does not read) stay with the scalar passes (`JointFlags.wide` unset). Each pass solves the
// records colour by colour, each colour's joints in creation order, then the scalar joints,
// then the implied long-range rows: Gauss–Seidel in that order.
//
// Kept colourings. The colouring depends only on each joint's `pinKey` (a plain pin or not,
// active or not, its two bodies and whether each is dynamic) in creation order and on the
// static identity body's index; while all are unchanged, `prepareJoints` writes each pin's
// lane into last tick's layout as it prepares the joint (the joint is then in the cache) and
// `keepWideJoints` only renews the implied rows' part of the body list. A tick that pulls
// joints in drops the records, and the next colours afresh.
//
// Bodies in single precision, as for the contacts: each pass copies the bodies the records
// name into `wideStates` (velocity, and pose change where the geometry is refreshed), and after
// the pass each body's velocity takes the change of its copy, `v += Double(v′) − Double(Float(v))`
// (a body no lane moved keeps its bits). The lanes name their bodies by places in the states:
// 0 is the static identity body's (a world end, padding: at rest, never copied), 1 + k the k-th
// body of `wideBodyList` (`listJointBody`, which keeps the place in the body's mask), so the
// states are one per listed body, not one per body of the world. The implied rows are packed
// with solver bodies and given places once their bodies are listed (`placeRopeBodies`). The
// impulses live in the records during the tick, in single precision, and go back to the joints
// when the tick stores them.

import DynamicsMath

/// Four plain pin joints, one per lane (the file comment).
struct WideJoint {
    /// The bodies' places in the wide states (0, the static identity body, for a world end or
    /// padding; `listJointBody`).
    var a: SIMD4<Int32>
    var b: SIMD4<Int32>
    /// Index into `JointWorld.joints`; −1 for a padding lane.
    var joint: SIMD4<Int32>
    var mA: SIMD4<Float>
    var mB: SIMD4<Float>
    var iA: SIMD4<Float>
    var iB: SIMD4<Float>
    // This sub-step's geometry (`JointSim.rAs` … `invDet`).
    var rAx: SIMD4<Float>
    var rAy: SIMD4<Float>
    var rBx: SIMD4<Float>
    var rBy: SIMD4<Float>
    var dsx: SIMD4<Float>
    var dsy: SIMD4<Float>
    var k11: SIMD4<Float>
    var k12: SIMD4<Float>
    var k22: SIMD4<Float>
    var invDet: SIMD4<Float>
    /// The impulse accumulated within the sub-step (`impulse.linear`).
    var px: SIMD4<Float>
    var py: SIMD4<Float>
    // Prepared once per tick: anchors about the centres of mass at the tick's start, and the
    // centres' difference.
    var rA0x: SIMD4<Float>
    var rA0y: SIMD4<Float>
    var rB0x: SIMD4<Float>
    var rB0y: SIMD4<Float>
    var dcx: SIMD4<Float>
    var dcy: SIMD4<Float>
    /// The previous tick's first and last sub-step impulses (`impulseFirst`, `impulseLast`).
    var fx: SIMD4<Float>
    var fy: SIMD4<Float>
    var lx: SIMD4<Float>
    var ly: SIMD4<Float>

    /// A record of four inert lanes on body `ground` (no mass: no impulse).
    static func inert(_ ground: Int32) -> WideJoint {
        WideJoint(
            a: SIMD4(repeating: ground), b: SIMD4(repeating: ground), joint: SIMD4(repeating: -1),
            mA: .zero, mB: .zero, iA: .zero, iB: .zero, rAx: .zero, rAy: .zero, rBx: .zero, rBy: .zero,
            dsx: .zero, dsy: .zero, k11: .zero, k12: .zero, k22: .zero, invDet: .zero, px: .zero, py: .zero,
            rA0x: .zero, rA0y: .zero, rB0x: .zero, rB0y: .zero, dcx: .zero, dcy: .zero,
            fx: .zero, fy: .zero, lx: .zero, ly: .zero)
    }
}

/// Four bodies' pose changes (dp, dq), lane by lane.
struct WideJointPoses {
    var dpx: SIMD4<Float>
    var dpy: SIMD4<Float>
    var c: SIMD4<Float>
    var s: SIMD4<Float>

    @inline(__always)
    init(_ states: UnsafeMutablePointer<WideBodyState>, _ i: SIMD4<Int32>) {
        let s0 = states[Int(i[0])].pose
        let s1 = states[Int(i[1])].pose
        let s2 = states[Int(i[2])].pose
        let s3 = states[Int(i[3])].pose
        dpx = SIMD4(s0[0], s1[0], s2[0], s3[0])
        dpy = SIMD4(s0[1], s1[1], s2[1], s3[1])
        c = SIMD4(s0[2], s1[2], s2[2], s3[2])
        s = SIMD4(s0[3], s1[3], s2[3], s3[3])
    }
}

extension World {
    /// The most colours the pins take; a joint that finds none is solved by the scalar passes.
    /// (A chain takes two, a tree of pins as many as its largest degree.)
    static let maxJointColours = 16

    /// Whether a joint is a plain pin for the wide kernel: active, point or revolute, no spring,
    /// friction or limits, and no angular impulse left to warm start.
    @inline(__always)
    static func isWidePin(_ j: JointSim) -> Bool {
        if j.type != .point && j.type != .revolute { return false }
        let special = JointFlags.inactive | JointFlags.motor | JointFlags.limit | JointFlags.forceSpring
            | JointFlags.pulling
        if j.flags & special != 0 || j.hertz != 0 { return false }
        @inline(__always) func noAngular(_ i: JointImpulses) -> Bool {
            i.motor == 0 && i.lower == 0 && i.upper == 0
        }
        return noAngular(j.impulseFirst) && noAngular(j.impulseLast)
    }

    /// Colours the plain pins and packs them into `jointWorld.solver.wide` (the file comment);
    /// `substep`: the warm-start code of the first sub-step (0: start from the first sub-step's
    /// impulse, 3: from the last). Called at the first sub-step's warm start, after the pull-in.
    mutating func buildWideJoints(substep: Int32) {
        if !jointWorld.solver.overSlop && jointWorld.solver.pinsKept {
            keepWideJoints()
            return
        }
        var wide = ContiguousArray<WideJoint>()
        var masks = ContiguousArray<UInt64>()
        var list = ContiguousArray<Int32>()
        var states = ContiguousArray<WideBodyState>()
        var colours = ContiguousArray<Int32>()
        swap(&wide, &jointWorld.solver.wide)
        swap(&masks, &jointWorld.solver.colourMasks)
        swap(&list, &jointWorld.solver.wideBodyList)
        swap(&states, &jointWorld.solver.wideStates)
        swap(&colours, &jointWorld.solver.jointColours)
        wide.removeAll(keepingCapacity: true)
        list.removeAll(keepingCapacity: true)
        let n = solverBodies.count  // the last one is the static identity body (a world end)
        let ground = Int32(n - 1)
        let m = jointWorld.joints.count
        if masks.count < n { masks = ContiguousArray(repeating: 0, count: n) }
        if colours.count < m { colours = ContiguousArray(repeating: -1, count: m) }
        let maxColours = World.maxJointColours
        var counts = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let overSlop = jointWorld.solver.overSlop
        var scalar = 0
        var pinList = 0
        if jointWorld.solver.pinSlots.count != m { jointWorld.solver.pinSlots = ContiguousArray(repeating: -1, count: m) }
        masks.withUnsafeMutableBufferPointer { mk in
            for b in 0..<n { mk[b] = 0 }
            colours.withUnsafeMutableBufferPointer { col in
                withUnsafeMutableBytes(of: &counts) { raw in
                    let cnt = raw.baseAddress!.assumingMemoryBound(to: Int.self)
                    solverBodies.withUnsafeBufferPointer { bodies in
                        jointWorld.joints.withUnsafeMutableBufferPointer { js in
                            // Colour each plain pin: the lowest colour free at both dynamic ends.
                            for k in 0..<m {
                                col[k] = -1
                                js[k].flags &= ~JointFlags.wide
                                if js[k].flags & JointFlags.inactive != 0 { continue }
                                if overSlop || !World.isWidePin(js[k]) {
                                    scalar += 1
                                    continue
                                }
                                let a = Int(js[k].bA)
                                let b = Int(js[k].bB)
                                let dynA = a >= 0 && (bodies[a].invMass != 0 || bodies[a].invInertia != 0)
                                let dynB = b >= 0 && (bodies[b].invMass != 0 || bodies[b].invInertia != 0)
                                let used = (dynA ? mk[a] : 0) | (dynB ? mk[b] : 0)
                                let colour = (~used).trailingZeroBitCount
                                if colour >= maxColours {
                                    scalar += 1
                                    continue
                                }
                                if dynA { mk[a] |= 1 << UInt64(colour) }
                                if dynB { mk[b] |= 1 << UInt64(colour) }
                                col[k] = Int32(colour)
                                cnt[colour] += 1
                                js[k].flags |= JointFlags.wide
                            }
                            // Records: colour by colour, four lanes each, creation order within
                            // a colour; the last record of a colour padded with inert lanes.
                            var first = 0
                            var starts = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
                            withUnsafeMutableBytes(of: &starts) { sraw in
                                let st = sraw.baseAddress!.assumingMemoryBound(to: Int.self)
                                for c in 0..<maxColours {
                                    st[c] = first * 4
                                    first += (cnt[c] + 3) / 4
                                }
                                for _ in 0..<first { wide.append(.inert(0)) }
                                wide.withUnsafeMutableBufferPointer { ws in
                                  jointWorld.solver.pinSlots.withUnsafeMutableBufferPointer { slots in
                                    for k in 0..<m {
                                        if col[k] < 0 {
                                            slots[k] = -1
                                            continue
                                        }
                                        let c = Int(col[k])
                                        let slot = st[c]
                                        st[c] += 1
                                        slots[k] = Int32(slot)
                                        // Its bodies listed first, so that the lane names their places.
                                        if js[k].bA >= 0 { World.listJointBody(js[k].bA, mk, &list) }
                                        if js[k].bB >= 0 { World.listJointBody(js[k].bB, mk, &list) }
                                        World.writeWideLane(&ws[slot >> 2], slot & 3, js[k], Int32(k), places: UnsafePointer(mk.baseAddress!),
                                                            substep: substep)
                                    }
                                  }
                                }
                            }
                        }
                    }
                }
            }
            pinList = list.count
            World.listRopeBodies(jointWorld.solver.ropeBodies, mk, &list)
            placeRopeBodies(UnsafeBufferPointer(mk), ground: ground)
        }
        World.sizeJointStates(&states, list.count)
        jointWorld.solver.scalarJoints = scalar
        jointWorld.solver.pinGround = ground
        jointWorld.solver.pinListCount = pinList
        jointWorld.solver.pinsKept = !overSlop
        swap(&wide, &jointWorld.solver.wide)
        swap(&masks, &jointWorld.solver.colourMasks)
        swap(&list, &jointWorld.solver.wideBodyList)
        swap(&states, &jointWorld.solver.wideStates)
        swap(&colours, &jointWorld.solver.jointColours)
    }

    /// Solver body `body` onto the wide body list, once: its mask's bit 63 set (listed) and
    /// its place in the wide states, 1 + its index in the list (place 0 is the static identity
    /// body's, never listed), in bits 32 to 62; the colour bits below are left as they are.
    @inline(__always)
    static func listJointBody(_ body: Int32, _ mk: UnsafeMutableBufferPointer<UInt64>, _ list: inout ContiguousArray<Int32>) {
        let listed: UInt64 = 1 << 63
        let m = mk[Int(body)]
        if m & listed != 0 { return }
        mk[Int(body)] = listed | UInt64(1 &+ list.count) << 32 | (m & 0xffff_ffff)
        list.append(body)
    }

    /// The wide states' place of a body listed by `listJointBody`, or of the static identity
    /// body (a world end): 0.
    @inline(__always)
    static func jointPlace(_ body: Int32, _ mk: UnsafePointer<UInt64>) -> Int32 {
        body < 0 ? 0 : Int32(truncatingIfNeeded: (mk[Int(body)] >> 32) & 0x7fff_ffff)
    }

    /// The wide states: the static identity body's (at rest) first, then one per listed body.
    @inline(__always)
    static func sizeJointStates(_ states: inout ContiguousArray<WideBodyState>, _ listed: Int) {
        states.setCount(1 &+ listed, fill: .rest)
        states[0] = .rest
    }

    /// The implied rows' bodies (Joints/WideRopeSolver.swift) onto the wide body list, each
    /// once.
    @inline(__always)
    static func listRopeBodies(
        _ bodies: ContiguousArray<Int32>, _ mk: UnsafeMutableBufferPointer<UInt64>, _ list: inout ContiguousArray<Int32>
    ) {
        bodies.withUnsafeBufferPointer { rb in
            for i in rb { listJointBody(i, mk, &list) }
        }
    }

    /// The implied rows' records, packed this tick with solver bodies (the static identity
    /// body `ground` for a world root and padding), made to name their bodies' places.
    mutating func placeRopeBodies(_ mk: UnsafeBufferPointer<UInt64>, ground: Int32) {
        let count = jointWorld.solver.ropeCount
        guard let masks = mk.baseAddress else { return }
        jointWorld.solver.ropes.withUnsafeMutableBufferPointer { rs in
            for r in 0..<count {
                for lane in 0..<4 {
                    let a = rs[r].a[lane]
                    let b = rs[r].b[lane]
                    rs[r].a[lane] = a == ground ? 0 : World.jointPlace(a, masks)
                    rs[r].b[lane] = b == ground ? 0 : World.jointPlace(b, masks)
                }
            }
        }
    }

    /// A tick whose pins keep the last colouring (`prepareJoints` found every joint's
    /// `pinKey` unchanged and wrote their lanes): only the implied rows' part of the body
    /// list is new.
    mutating func keepWideJoints() {
        var list = ContiguousArray<Int32>()
        var masks = ContiguousArray<UInt64>()
        swap(&list, &jointWorld.solver.wideBodyList)
        swap(&masks, &jointWorld.solver.colourMasks)
        let listed: UInt64 = 1 << 63
        let pins = jointWorld.solver.pinListCount
        masks.withUnsafeMutableBufferPointer { mk in
            for r in pins..<list.count { mk[Int(list[r])] &= ~listed }
            list.removeLast(list.count - pins)
            World.listRopeBodies(jointWorld.solver.ropeBodies, mk, &list)
            placeRopeBodies(UnsafeBufferPointer(mk), ground: jointWorld.solver.pinGround)
        }
        World.sizeJointStates(&jointWorld.solver.wideStates, list.count)
        swap(&list, &jointWorld.solver.wideBodyList)
        swap(&masks, &jointWorld.solver.colourMasks)
        jointWorld.solver.keptColourings += 1
    }

    /// What the colouring of joint `j` depends on: whether it is a plain pin (and active),
    /// its two ends and whether each is dynamic (an end's bit 31: not dynamic; the world all
    /// ones). Equal keys for every joint, in order, give the same colours, records and pin
    /// bodies (with the same static identity body).
    @inline(__always)
    static func pinKey(_ j: JointSim, _ bodies: UnsafeBufferPointer<SolverBody>) -> UInt64 {
        if j.flags & JointFlags.inactive != 0 { return UInt64.max }
        if !isWidePin(j) { return UInt64.max - 1 }
        @inline(__always) func end(_ b: Int32) -> UInt64 {
            if b < 0 { return 0xffff_ffff }
            let dynamic = bodies[Int(b)].invMass != 0 || bodies[Int(b)].invInertia != 0
            return UInt64(UInt32(b)) | (dynamic ? 0 : 1 << 31)
        }
        return end(j.bA) << 32 | end(j.bB)
    }

    /// Writes joint `k` into lane `lane` of `w`, its impulse the one sub-step `substep` (0 or 3)
    /// starts from; its bodies by their places in the wide states (`places`: the masks, the
    /// bodies listed).
    @inline(__always)
    static func writeWideLane(_ w: inout WideJoint, _ lane: Int, _ j: JointSim, _ k: Int32, places: UnsafePointer<UInt64>,
                              substep: Int32) {
        w.a[lane] = jointPlace(j.bA, places)
        w.b[lane] = jointPlace(j.bB, places)
        w.joint[lane] = k
        w.mA[lane] = Float(j.mA)
        w.mB[lane] = Float(j.mB)
        w.iA[lane] = Float(j.iA)
        w.iB[lane] = Float(j.iB)
        w.rA0x[lane] = Float(j.rA.x)
        w.rA0y[lane] = Float(j.rA.y)
        w.rB0x[lane] = Float(j.rB.x)
        w.rB0y[lane] = Float(j.rB.y)
        w.dcx[lane] = Float(j.deltaCenter.x)
        w.dcy[lane] = Float(j.deltaCenter.y)
        w.fx[lane] = Float(j.impulseFirst.linear.x)
        w.fy[lane] = Float(j.impulseFirst.linear.y)
        w.lx[lane] = Float(j.impulseLast.linear.x)
        w.ly[lane] = Float(j.impulseLast.linear.y)
        let p = substep == 0 ? j.impulseFirst.linear : j.impulseLast.linear
        w.px[lane] = Float(p.x)
        w.py[lane] = Float(p.y)
    }

    /// One pass over the wide records with the bodies' single-precision copies around it.
    /// `pass`: 0…3 a warm start (`warmStart`'s codes), 4 the biased solve, 5 relax; `next`, if
    /// not −1, a second pass in the same copy (a warm start's solve). `pins`, `ropes`: which
    /// records it solves, the pins' and the implied rows' (WideRopeSolver.swift), in that
    /// order, between one copy in and one write-back.
    mutating func wideJointPass(_ pass: Int32, then next: Int32 = -1, pins: Bool = true, ropes: Bool) {
        let doPins = pins && !jointWorld.solver.wide.isEmpty
        let ropeCount = jointWorld.solver.ropeCount
        let doRopes = ropes && ropeCount > 0
        if !doPins && !doRopes { return }
        let jc = jointWorld.solver.context
        let pose = pass == 0 || pass == 3 || pass == 5
        jointWorld.solver.wide.withUnsafeMutableBufferPointer { ws in
            jointWorld.solver.wideStates.withUnsafeMutableBufferPointer { st in
                jointWorld.solver.wideBodyList.withUnsafeBufferPointer { list in
                    solverBodies.withUnsafeMutableBufferPointer { bodies in
                        let base = bodies.baseAddress!
                        let states = st.baseAddress!
                        World.loadJointStates(list, base, states + 1, pose: pose)
                        for i in 0..<2 {
                            let p = i == 0 ? pass : next
                            if p < 0 { continue }
                            if doPins {
                                let records = ws.baseAddress!
                                switch p {
                                case 4:
                                    for r in 0..<ws.count { World.solveWideJoint(records + r, states, jc, useBias: true) }
                                case 5:
                                    for r in 0..<ws.count { World.solveWideJoint(records + r, states, jc, useBias: false) }
                                case 0, 3:
                                    for r in 0..<ws.count { World.warmStartWideJoint(records + r, states, substep: p) }
                                case 1:
                                    for r in 0..<ws.count { World.warmStartWideJoint(records + r, states, substep: 1) }
                                default:
                                    for r in 0..<ws.count { World.warmStartWideJoint(records + r, states, substep: 2) }
                                }
                            }
                            if doRopes {
                                jointWorld.solver.ropes.withUnsafeMutableBufferPointer { rs in
                                    World.wideRopePass(p, rs, count: ropeCount, states, jc)
                                }
                            }
                        }
                        World.storeJointStates(list, base, states + 1)
                    }
                }
            }
        }
    }

    /// `loadWideStates` with whole-vector conversions (the same numbers): a body's (v, ω) and
    /// (dp, dq) are read as pairs of doubles and rounded two at a time.
    @inline(__always)
    static func loadJointStates(
        _ list: UnsafeBufferPointer<Int32>, _ bodies: UnsafeMutablePointer<SolverBody>,
        _ states: UnsafeMutablePointer<WideBodyState>, pose: Bool
    ) {
        let raw = UnsafeRawPointer(bodies)
        let stride = MemoryLayout<SolverBody>.stride
        if pose {
            for k in 0..<list.count {
                let b = raw + Int(list[k]) &* stride
                let v = b.loadUnaligned(as: SIMD4<Double>.self)  // vx, vy, ω, dpx
                let q = b.loadUnaligned(fromByteOffset: 32, as: SIMD4<Double>.self)  // dpy, da, c, s
                var vel = SIMD4<Float>(v)
                let f = SIMD4<Float>(q)
                states[k].pose = SIMD4(vel[3], f[0], f[2], f[3])
                vel[3] = 0
                states[k].vel = vel
            }
        } else {
            for k in 0..<list.count {
                let v = (raw + Int(list[k]) &* stride).loadUnaligned(as: SIMD4<Double>.self)
                var vel = SIMD4<Float>(v)
                vel[3] = 0
                states[k].vel = vel
            }
        }
    }

    /// `storeWideStates` with whole-vector conversions (the same numbers).
    @inline(__always)
    static func storeJointStates(
        _ list: UnsafeBufferPointer<Int32>, _ bodies: UnsafeMutablePointer<SolverBody>,
        _ states: UnsafeMutablePointer<WideBodyState>
    ) {
        let raw = UnsafeMutableRawPointer(bodies)
        let stride = MemoryLayout<SolverBody>.stride
        for k in 0..<list.count {
            let b = raw + Int(list[k]) &* stride
            let v = b.loadUnaligned(as: SIMD2<Double>.self)
            let w = b.load(fromByteOffset: 16, as: Double.self)
            let m = states[k].vel
            let mv = SIMD2<Double>(SIMD2<Float>(m[0], m[1]))
            let v0 = SIMD2<Double>(SIMD2<Float>(v))
            b.storeBytes(of: v + (mv - v0), as: SIMD2<Double>.self)
            b.storeBytes(of: w + (Double(m[2]) - Double(Float(w))), toByteOffset: 16, as: Double.self)
        }
    }

    /// This sub-step's anchors, separation and point block from the bodies' pose changes
    /// (`refreshRevolute`, lane by lane).
    @inline(__always)
    static func refreshWideJoint(_ w: UnsafeMutablePointer<WideJoint>, _ states: UnsafeMutablePointer<WideBodyState>) {
        let A = WideJointPoses(states, w.pointee.a)
        let B = WideJointPoses(states, w.pointee.b)
        let rA0x = w.pointee.rA0x
        let rA0y = w.pointee.rA0y
        let rB0x = w.pointee.rB0x
        let rB0y = w.pointee.rB0y
        let rAx = A.c * rA0x - A.s * rA0y
        let rAy = A.s * rA0x + A.c * rA0y
        let rBx = B.c * rB0x - B.s * rB0y
        let rBy = B.s * rB0x + B.c * rB0y
        w.pointee.rAx = rAx
        w.pointee.rAy = rAy
        w.pointee.rBx = rBx
        w.pointee.rBy = rBy
        w.pointee.dsx = w.pointee.dcx + (B.dpx - A.dpx) + rBx - rAx
        w.pointee.dsy = w.pointee.dcy + (B.dpy - A.dpy) + rBy - rAy
        let mA = w.pointee.mA
        let mB = w.pointee.mB
        let iA = w.pointee.iA
        let iB = w.pointee.iB
        let k11 = mA + mB + rAy * rAy * iA + rBy * rBy * iB
        // −rAy·rAx·iA − rBy·rBx·iB, as one negation (the same number; a vector's unary minus
        // compiled lane by lane)
        let k12 = Float(-1) * (rAy * rAx * iA + rBy * rBx * iB)
        let k22 = mA + mB + rAx * rAx * iA + rBx * rBx * iB
        w.pointee.k11 = k11
        w.pointee.k12 = k12
        w.pointee.k22 = k22
        let det = k11 * k22 - k12 * k12
        w.pointee.invDet = (1 / det).replacing(with: 0, where: det .== 0)
    }

    /// Warm start of four pins (`warmStartRevolute` without angular rows; the impulse bookkeeping
    /// of `warmStart`'s codes).
    @inline(__always)
    static func warmStartWideJoint(_ w: UnsafeMutablePointer<WideJoint>, _ states: UnsafeMutablePointer<WideBodyState>, substep: Int32) {
        switch substep {
        case 0:
            w.pointee.px = w.pointee.fx
            w.pointee.py = w.pointee.fy
        case 1:
            w.pointee.fx = w.pointee.px
            w.pointee.fy = w.pointee.py
            w.pointee.px = w.pointee.lx
            w.pointee.py = w.pointee.ly
        case 3:
            w.pointee.px = w.pointee.lx
            w.pointee.py = w.pointee.ly
        default: break
        }
        if substep == 0 || substep == 3 { refreshWideJoint(w, states) }
        var A = World.WideBodies(states, w.pointee.a)
        var B = World.WideBodies(states, w.pointee.b)
        let px = w.pointee.px
        let py = w.pointee.py
        let mA = w.pointee.mA
        let mB = w.pointee.mB
        let iA = w.pointee.iA
        let iB = w.pointee.iB
        A.vx -= mA * px
        A.vy -= mA * py
        A.w -= iA * (w.pointee.rAx * py - w.pointee.rAy * px)
        B.vx += mB * px
        B.vy += mB * py
        B.w += iB * (w.pointee.rBx * py - w.pointee.rBy * px)
        A.store(states, w.pointee.a)
        B.store(states, w.pointee.b)
    }

    /// The largest of four lanes (NaN when one is NaN or not: callers test `!(… <= bound)`).
    @inline(__always)
    static func laneLargest(_ v: SIMD4<Float>) -> Float {
        Swift.max(Swift.max(v[0], v[1]), Swift.max(v[2], v[3]))
    }

    /// Each lane's vector (x, y) shortened to at most `limit` long, as the scalar rows do
    /// (`JointMath.slopPart`, `clampDrift`): the scalar's factor limit/|v| where |v| > limit
    /// and 1 elsewhere is min(limit/|v|, 1) (the ratio is ≥ 1 exactly when |v| ≤ limit:
    /// rounded square roots are monotonic). Only computed when some lane is beyond the limit.
    @inline(__always)
    static func wideClampLength(
        _ x: SIMD4<Float>, _ y: SIMD4<Float>, to limit: Float
    ) -> (SIMD4<Float>, SIMD4<Float>) {
        let l2 = x * x + y * y
        if World.laneLargest(l2) <= limit * limit { return (x, y) }
        let shorten = pointwiseMin(limit / l2.squareRoot(), SIMD4(repeating: 1))
        return (x * shorten, y * shorten)
    }

    /// `JointMath.arcDrift` lane by lane.
    @inline(__always)
    static func wideArcDrift(_ rx: SIMD4<Float>, _ ry: SIMD4<Float>, _ w: SIMD4<Float>, _ h: Float) -> (SIMD4<Float>, SIMD4<Float>) {
        let quarter = Float(0.25 * DMath.pi)
        // Swift.min(Swift.max(ω·h, −π/4), π/4) lane by lane (`max(x, y)` is `y >= x ? y : x`,
        // `min(x, y)` is `y < x ? y : x`; as plain masks, which compile to one compare each).
        // Clamped only when some lane needs it (a turn of more than π/4 in a sub-step is
        // rare): the lanes' compares compile to calls or lane-by-lane code, the test to a few
        // scalar instructions. The bound is a hair under (π/4)², so a lane near it is clamped
        // exactly as the scalar row clamps it.
        let wh = w * h
        var a = wh
        if !(World.laneLargest(wh * wh) <= quarter * quarter * 0.999) {
            a = pointwiseMin(pointwiseMax(wh, SIMD4(repeating: -quarter)), SIMD4(repeating: quarter))
        }
        let a2 = a * a
        let cm1 = a2 * (-0.5 + a2 * (Float(1.0 / 24) - a2 * Float(1.0 / 720)))
        let sma = a * a2 * (Float(-1.0 / 6) + a2 * Float(1.0 / 120))
        // cm1·r + sma·perp(r), perp(r) = (−ry, rx)
        return (cm1 * rx - sma * ry, cm1 * ry + sma * rx)
    }

    /// The biased solve (`useBias`) or relax of four pins: `solveRevolute`'s point block for a
    /// pin without spring, friction or limits, lane by lane; relax refreshes the geometry first.
    @inline(__always)
    static func solveWideJoint(
        _ w: UnsafeMutablePointer<WideJoint>, _ states: UnsafeMutablePointer<WideBodyState>, _ jc: StepContext, useBias: Bool
    ) {
        if !useBias { refreshWideJoint(w, states) }
        var A = World.WideBodies(states, w.pointee.a)
        var B = World.WideBodies(states, w.pointee.b)
        let rAx = w.pointee.rAx
        let rAy = w.pointee.rAy
        let rBx = w.pointee.rBx
        let rBy = w.pointee.rBy
        // Ċ = (vB + ωB × rB) − (vA + ωA × rA), ω × r = (−ω·ry, ω·rx)
        var cx = (B.vx - B.w * rBy) - (A.vx - A.w * rAy)
        var cy = (B.vy + B.w * rBx) - (A.vy + A.w * rAx)
        let k11 = w.pointee.k11
        let k12 = w.pointee.k12
        let k22 = w.pointee.k22
        let invDet = w.pointee.invDet
        let lx: SIMD4<Float>
        let ly: SIMD4<Float>
        if useBias {
            let h = Float(jc.h)
            // The error, at most `World.jointSlop` long (`JointMath.slopPart`).
            let (ex, ey) = World.wideClampLength(w.pointee.dsx, w.pointee.dsy, to: Float(World.jointSlop))
            // The arc drift, at most `JointMath.maxDrift` long (`clampDrift`).
            let (bx0, by0) = wideArcDrift(rBx, rBy, B.w, h)
            let (ax0, ay0) = wideArcDrift(rAx, rAy, A.w, h)
            let (cutX, cutY) = World.wideClampLength(bx0 - ax0, by0 - ay0, to: Float(JointMath.maxDrift))
            let biasRate = Float(jc.jointSoftness.biasRate)
            let invH = Float(jc.invH)
            cx += biasRate * ex + invH * cutX
            cy += biasRate * ey + invH * cutY
            let massScale = Float(jc.jointSoftness.massScale)
            let impulseScale = Float(jc.jointSoftness.impulseScale)
            let bx = invDet * (k22 * cx - k12 * cy)
            let by = invDet * (k11 * cy - k12 * cx)
            lx = (-massScale) * bx - impulseScale * w.pointee.px
            ly = (-massScale) * by - impulseScale * w.pointee.py
        } else {
            lx = Float(-1) * (invDet * (k22 * cx - k12 * cy))
            ly = Float(-1) * (invDet * (k11 * cy - k12 * cx))
        }
        w.pointee.px += lx
        w.pointee.py += ly
        let mA = w.pointee.mA
        let mB = w.pointee.mB
        let iA = w.pointee.iA
        let iB = w.pointee.iB
        A.vx -= mA * lx
        A.vy -= mA * ly
        A.w -= iA * (rAx * ly - rAy * lx)
        B.vx += mB * lx
        B.vy += mB * ly
        B.w += iB * (rBx * ly - rBy * lx)
        A.store(states, w.pointee.a)
        B.store(states, w.pointee.b)
    }

    /// The tick's impulses back into the joints (`store`'s rule: the first and last sub-step's;
    /// `World.store` leaves the wide ones to this).
    mutating func storeWideJointImpulses(single: Bool) {
        if jointWorld.solver.wide.isEmpty { return }
        jointWorld.solver.wide.withUnsafeBufferPointer { ws in
            jointWorld.joints.withUnsafeMutableBufferPointer { js in
                for r in 0..<ws.count {
                    for lane in 0..<4 {
                        let k = Int(ws[r].joint[lane])
                        if k < 0 { continue }
                        // `store`'s rule with the lanes' impulses (the other rows' as they were)
                        js[k].impulse.linear = Vec2(Real(ws[r].px[lane]), Real(ws[r].py[lane]))
                        if single {
                            js[k].impulseFirst = js[k].impulse
                        } else {
                            js[k].impulseFirst.linear = Vec2(Real(ws[r].fx[lane]), Real(ws[r].fy[lane]))
                        }
                        js[k].impulseLast = js[k].impulse
                    }
                }
            }
        }
    }
}
