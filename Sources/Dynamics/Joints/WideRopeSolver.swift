// The implied long-range rows in single-precision lanes (Docs/solver.md §2.8 "Joints", §3.2).
//
// Every implied row is a rope from its root (a world point or an anchored item: no mass, no
// inertia) to one link, and writes end B only (`JointSim.applyLinearB`). Two rows therefore
// depend on each other only through a shared end B, and there is one row per link: the
// rows of a tick are packed four to a `WideRope` record in their own order (depth from the
// root), a record closed early where a lane's end B is already in it (a group's members
// share a body), so that Gauss–Seidel visits them exactly as the scalar loop does, only in
// `Float`. The lanes are `solveRope(…, implied: true)` lane by lane: the speculative bias of
// a slack row, the soft bias and landing drift of a stretched one while solving, rigid in
// relax, the sub-step geometry refreshed in relax and in the first warm start.
//
// Packed by `prepareJoints` as it prepares each row (`RopePacker`: the 512-byte row is then in
// the cache), from the rows that are not slack this tick. A tick that pulls joints in solves
// the rows in the scalar loop (their bias then depends on the pull-in's marks; that is known
// before the rows are prepared, and no pull-in runs in any other tick). The bodies are the
// pins' single-precision copies: when no joint of the tick is left to the scalar loop, the
// rows are solved inside the pins' pass, between the same copy in and write-back
// (Gauss–Seidel in the same order: pins, then the rows); otherwise in a second such pass after
// the scalar joints. The slack and the landing drift are computed in forms whose terms are all
// small (`refreshWideRope`, `solveWideRope`): a row's length is up to thousands of points,
// and `Float` keeps 10⁻⁴ pt of that.
//
// A record whose four roots are world points (all of chains') reads the root as the
// constants they are (velocity 0, no motion; as `World.restBody`), the same numbers as a
// gather of the static identity body's state.

import DynamicsMath

/// Four implied long-range rows, one per lane (the file comment).
struct WideRope {
    /// Root (the static identity body for a world point or padding) and link: solver bodies
    /// as packed, then their places in the wide states (`placeRopeBodies`).
    var a: SIMD4<Int32>
    var b: SIMD4<Int32>
    /// Index into `JointWorld.impliedJoints`; −1 for a padding lane.
    var row: SIMD4<Int32>
    // This sub-step's geometry: anchors, separation and its length.
    var rAx: SIMD4<Float>
    var rAy: SIMD4<Float>
    var rBx: SIMD4<Float>
    var rBy: SIMD4<Float>
    var dsx: SIMD4<Float>
    var dsy: SIMD4<Float>
    var L: SIMD4<Float>
    /// The impulse accumulated within the sub-step (`impulse.upper`).
    var p: SIMD4<Float>
    var mB: SIMD4<Float>
    var iB: SIMD4<Float>
    /// The row's slack at the tick's start, D_k − L₀ (taken in double precision), and its
    /// effective mass.
    var c0: SIMD4<Float>
    var mass: SIMD4<Float>
    // Prepared once per tick.
    var rA0x: SIMD4<Float>
    var rA0y: SIMD4<Float>
    var rB0x: SIMD4<Float>
    var rB0y: SIMD4<Float>
    /// The anchors' separation at the tick's start, deltaCenter + rB − rA.
    var d0x: SIMD4<Float>
    var d0y: SIMD4<Float>
    /// The previous tick's first and last sub-step impulses.
    var f: SIMD4<Float>
    var l: SIMD4<Float>
    /// |d₀| (taken in double precision), and this sub-step's slack D_k − L.
    var L0: SIMD4<Float>
    var c: SIMD4<Float>
    /// All four roots are world points (or padding).
    var world: Bool

    /// Where each lane field starts, in 4-byte words (every field before `world` is 16 bytes,
    /// in declaration order; checked by `WideRope.checkLayout`).
    enum Field {
        static let p = 4 * 10
        static let mB = 4 * 11
        static let iB = 4 * 12
        static let c0 = 4 * 13
        static let mass = 4 * 14
        static let rA0x = 4 * 15
        static let rA0y = 4 * 16
        static let rB0x = 4 * 17
        static let rB0y = 4 * 18
        static let d0x = 4 * 19
        static let d0y = 4 * 20
        static let f = 4 * 21
        static let l = 4 * 22
        static let L0 = 4 * 23
    }

    /// Whether the layout is the one `Field` assumes.
    static let layoutIsAsAssumed: Bool = {
        MemoryLayout<WideRope>.offset(of: \WideRope.b) == 16 && MemoryLayout<WideRope>.offset(of: \WideRope.row) == 32
            && MemoryLayout<WideRope>.offset(of: \WideRope.p) == 4 * Field.p
            && MemoryLayout<WideRope>.offset(of: \WideRope.mB) == 4 * Field.mB
            && MemoryLayout<WideRope>.offset(of: \WideRope.mass) == 4 * Field.mass
            && MemoryLayout<WideRope>.offset(of: \WideRope.d0y) == 4 * Field.d0y
            && MemoryLayout<WideRope>.offset(of: \WideRope.l) == 4 * Field.l
            && MemoryLayout<WideRope>.offset(of: \WideRope.L0) == 4 * Field.L0
            && MemoryLayout<WideRope>.offset(of: \WideRope.c0) == 4 * Field.c0
    }()

    static func inert(_ ground: Int32) -> WideRope {
        WideRope(
            a: SIMD4(repeating: ground), b: SIMD4(repeating: ground), row: SIMD4(repeating: -1),
            rAx: .zero, rAy: .zero, rBx: .zero, rBy: .zero, dsx: .zero, dsy: .zero, L: .zero, p: .zero,
            mB: .zero, iB: .zero, c0: .zero, mass: .zero, rA0x: .zero, rA0y: .zero, rB0x: .zero, rB0y: .zero,
            d0x: .zero, d0y: .zero, f: .zero, l: .zero, L0: .zero, c: .zero, world: true)
    }
}

extension World {
    /// Packs the implied rows into `jointWorld.solver.ropes` as `prepareJoints` prepares
    /// them (the row is then at hand: a second loop over the 512-byte rows at the first
    /// warm start waited on memory). Called in order with each row that is active and not
    /// slack; a tick that pulls joints in (`overSlop`) packs none. The rows' bodies go to
    /// `ropeBodies`, which `buildWideJoints` adds to the wide body list.
    struct RopePacker {
        var records: UnsafeMutablePointer<WideRope>
        var count = 0
        var lane = 0
        var scalar = 0
        let ground: Int32
        let substep: Int32

        init(_ records: UnsafeMutablePointer<WideRope>, ground: Int32, substep: Int32) {
            self.records = records
            self.ground = ground
            self.substep = substep
        }

        /// Adds row `k` (active, not slack) to the records, or counts it for the scalar loop.
        @inline(__always)
        mutating func add(
            _ j: inout JointSim, _ k: Int, _ bodies: UnsafeBufferPointer<SolverBody>, _ list: inout ContiguousArray<Int32>,
            overSlop: Bool
        ) {
            let a = Int(j.bA)
            let b = j.bB
            let rootStill = a < 0 || (bodies[a].invMass == 0 && bodies[a].invInertia == 0)
            if overSlop || b < 0 || !rootStill || j.flags & JointFlags.pulling != 0 {
                scalar += 1
                return
            }
            // A body twice in a record: the second row starts the next one.
            if lane > 0 {
                let w = records + (count - 1)
                for l in 0..<lane where w.pointee.b[l] == b { lane = 4 }
            }
            if lane == 0 || lane == 4 {
                (records + count).initialize(to: .inert(ground))
                count += 1
                lane = 0
            }
            World.writeWideRopeLane(records + (count - 1), lane, j, Int32(k), substep: substep)
            lane += 1
            j.flags |= JointFlags.wide
            if a >= 0 { list.append(Int32(a)) }
            list.append(b)
        }
    }

    /// Writes implied row `k` into lane `lane` of `w`.
    @inline(__always)
    static func writeWideRopeLane(_ w: UnsafeMutablePointer<WideRope>, _ lane: Int, _ j: JointSim, _ k: Int32, substep: Int32) {
        let i = UnsafeMutableRawPointer(w).assumingMemoryBound(to: Int32.self) + lane
        if j.bA >= 0 {
            i[0] = j.bA
            w.pointee.world = false
        }
        i[4] = j.bB
        i[8] = k
        let f = UnsafeMutableRawPointer(w).assumingMemoryBound(to: Float.self) + lane
        let o = WideRope.Field.self
        f[o.mB] = Float(j.mB)
        f[o.iB] = Float(j.iB)
        let d0 = j.deltaCenter + j.rB - j.rA
        let L0 = d0.length
        f[o.c0] = Float(j.length - L0)
        f[o.L0] = Float(L0)
        f[o.mass] = Float(j.axialMass)
        f[o.rA0x] = Float(j.rA.x)
        f[o.rA0y] = Float(j.rA.y)
        f[o.rB0x] = Float(j.rB.x)
        f[o.rB0y] = Float(j.rB.y)
        f[o.d0x] = Float(d0.x)
        f[o.d0y] = Float(d0.y)
        f[o.f] = Float(j.impulseFirst.upper)
        f[o.l] = Float(j.impulseLast.upper)
        f[o.p] = Float(substep == 0 ? j.impulseFirst.upper : j.impulseLast.upper)
    }

    /// The rows' records, one pass: `pass` as `wideJointPass`' codes. The bodies' copies are
    /// the caller's.
    @inline(__always)
    static func wideRopePass(
        _ pass: Int32, _ rs: UnsafeMutableBufferPointer<WideRope>, count: Int, _ states: UnsafeMutablePointer<WideBodyState>,
        _ jc: StepContext
    ) {
        guard let records = rs.baseAddress else { return }
        @inline(__always) func each(_ body: (UnsafeMutablePointer<WideRope>, Bool) -> Void) {
            for r in 0..<count {
                let w = records + r
                if w.pointee.world { body(w, true) } else { body(w, false) }
            }
        }
        switch pass {
        case 4: each { w, world in World.solveWideRope(w, states, jc, useBias: true, world: world) }
        case 5: each { w, world in World.solveWideRope(w, states, jc, useBias: false, world: world) }
        case 0: each { w, world in World.warmStartWideRope(w, states, substep: 0, world: world) }
        case 3: each { w, world in World.warmStartWideRope(w, states, substep: 3, world: world) }
        case 1: each { w, world in World.warmStartWideRope(w, states, substep: 1, world: world) }
        default: each { w, world in World.warmStartWideRope(w, states, substep: 2, world: world) }
        }
    }

    /// max(x, 0) lane by lane, as (x + |x|)·½: exact (x + x = 2x, halved; or 0), without
    /// the lane compares, which compile to calls or lane-by-lane code.
    @inline(__always)
    static func wideMax0(_ x: SIMD4<Float>) -> SIMD4<Float> {
        let bits = unsafeBitCast(x, to: SIMD4<UInt32>.self) & SIMD4(repeating: 0x7fff_ffff)
        return (x + unsafeBitCast(bits, to: SIMD4<Float>.self)) * 0.5
    }

    /// This sub-step's anchors, separation, length and slack (`refreshDistance`, lane by
    /// lane). The slack D_k − L is taken as (D_k − L₀) − (L² − L₀²)/(L + L₀) from the tick's
    /// start, L² − L₀² = 2·d₀·δ + |δ|² with δ the sub-step's small change of the separation:
    /// D_k and L of a 300 pt row differ by less than their `Float` ulp (3·10⁻⁵ pt), which
    /// left a hanging chain's beads moving by 3·10⁻⁶ pt a frame (Docs/lessons/hanging-chain.dyn).
    @inline(__always)
    static func refreshWideRope(_ w: UnsafeMutablePointer<WideRope>, _ states: UnsafeMutablePointer<WideBodyState>, world: Bool) {
        let B = WideJointPoses(states, w.pointee.b)
        let rB0x = w.pointee.rB0x
        let rB0y = w.pointee.rB0y
        let rBx = B.c * rB0x - B.s * rB0y
        let rBy = B.s * rB0x + B.c * rB0y
        var dx: SIMD4<Float>
        var dy: SIMD4<Float>
        if world {
            w.pointee.rAx = .zero
            w.pointee.rAy = .zero
            dx = B.dpx + (rBx - rB0x)
            dy = B.dpy + (rBy - rB0y)
        } else {
            let A = WideJointPoses(states, w.pointee.a)
            let rA0x = w.pointee.rA0x
            let rA0y = w.pointee.rA0y
            let rAx = A.c * rA0x - A.s * rA0y
            let rAy = A.s * rA0x + A.c * rA0y
            w.pointee.rAx = rAx
            w.pointee.rAy = rAy
            dx = (B.dpx - A.dpx) + (rBx - rB0x) - (rAx - rA0x)
            dy = (B.dpy - A.dpy) + (rBy - rB0y) - (rAy - rA0y)
        }
        let d0x = w.pointee.d0x
        let d0y = w.pointee.d0y
        let dsx = d0x + dx
        let dsy = d0y + dy
        w.pointee.rBx = rBx
        w.pointee.rBy = rBy
        w.pointee.dsx = dsx
        w.pointee.dsy = dsy
        let L = (dsx * dsx + dsy * dsy).squareRoot()
        w.pointee.L = L
        let grow = Float(2) * (d0x * dx + d0y * dy) + (dx * dx + dy * dy)
        // (+1e-30: a padding lane's 0/0; no change to any other sum)
        w.pointee.c = w.pointee.c0 - grow / ((L + w.pointee.L0) + 1e-30)
    }

    /// The unit direction of the rows (0 where the anchors coincide, as `Vec2.normalized`
    /// and `solveRope`'s early return: a padding lane's, or a degenerate row's).
    @inline(__always)
    static func wideRopeDirection(_ w: UnsafeMutablePointer<WideRope>) -> (SIMD4<Float>, SIMD4<Float>) {
        let L = w.pointee.L
        let inv = (1 / L).replacing(with: 0, where: L .< 1e-9)
        return (w.pointee.dsx * inv, w.pointee.dsy * inv)
    }

    @inline(__always)
    static func warmStartWideRope(
        _ w: UnsafeMutablePointer<WideRope>, _ states: UnsafeMutablePointer<WideBodyState>, substep: Int32, world: Bool
    ) {
        switch substep {
        case 0: w.pointee.p = w.pointee.f
        case 1:
            w.pointee.f = w.pointee.p
            w.pointee.p = w.pointee.l
        case 3: w.pointee.p = w.pointee.l
        default: break
        }
        if substep == 0 || substep == 3 { refreshWideRope(w, states, world: world) }
        var B = World.WideBodies(states, w.pointee.b)
        let (ux, uy) = wideRopeDirection(w)
        // p = −upper·u on B
        let q = Float(-1) * w.pointee.p
        let px = q * ux
        let py = q * uy
        let mB = w.pointee.mB
        B.vx += mB * px
        B.vy += mB * py
        B.w += w.pointee.iB * (w.pointee.rBx * py - w.pointee.rBy * px)
        B.store(states, w.pointee.b)
    }

    /// The biased solve (`useBias`) or relax of four implied rows (`solveRope(…, implied:
    /// true)` lane by lane; relax refreshes the geometry first).
    @inline(__always)
    static func solveWideRope(
        _ w: UnsafeMutablePointer<WideRope>, _ states: UnsafeMutablePointer<WideBodyState>, _ jc: StepContext,
        useBias: Bool, world: Bool
    ) {
        if !useBias { refreshWideRope(w, states, world: world) }
        var B = World.WideBodies(states, w.pointee.b)
        let rBx = w.pointee.rBx
        let rBy = w.pointee.rBy
        // The relative velocity of the anchors, B's less A's (ω × r = (−ω·ry, ω·rx)).
        var vrx = B.vx - B.w * rBy
        var vry = B.vy + B.w * rBx
        var wA = SIMD4<Float>.zero
        if !world {
            let A = World.WideBodies(states, w.pointee.a)
            vrx = vrx - (A.vx - A.w * w.pointee.rAy)
            vry = vry - (A.vy + A.w * w.pointee.rAx)
            wA = A.w
        }
        let (ux, uy) = wideRopeDirection(w)
        let L = w.pointee.L
        let un = ux * vrx + uy * vry
        let c = w.pointee.c
        let invH = Float(jc.invH)
        var lambda: SIMD4<Float>
        if useBias {
            let h = Float(jc.h)
            // `lengthDrift`: where the anchors go without the row's own velocity, q = d + e,
            // e = h·(vr − (u·vr)·u) + arcB − arcA, lands at a = u·q = L + u·e along the row
            // and p = perp(u)·e = h·perp(u)·vr + perp(u)·(arcB − arcA) across it; the
            // drift a − √(L² − p²) is taken as u·e + p²/(L + √(L² − p²)), the same number
            // without subtracting squares of the rows' length (2,500 pt in chains: in `Float`
            // |q|² − a² kept no digit of p²).
            var ex: SIMD4<Float>
            var ey: SIMD4<Float>
            (ex, ey) = wideArcDrift(rBx, rBy, B.w, h)
            if !world {
                let (ax, ay) = wideArcDrift(w.pointee.rAx, w.pointee.rAy, wA, h)
                ex = ex - ax
                ey = ey - ay
            }
            let along = ux * ex + uy * ey
            let side = h * (ux * vry - uy * vrx) + (ux * ey - uy * ex)
            let p2 = side * side
            let L2 = L * L
            let root = World.wideMax0(L2 - p2).squareRoot()
            // (+1e-30: a padding lane's 0/0; no change to any other sum)
            var drift = along + p2 / ((L + root) + 1e-30)
            if !(World.laneLargest(p2 - L2) <= 0) {
                // Sideways beyond the length: aim at the nearest point, a.
                drift = drift.replacing(with: along + L, where: p2 .> L2)
            }
            if !(World.laneLargest(drift * drift) <= 1) {
                let m = Float(JointMath.maxDrift)
                drift = pointwiseMin(pointwiseMax(drift, SIMD4(repeating: -m)), SIMD4(repeating: m))
            }
            // Slack (c > 0): speculative, (c − drift)/h; stretched: soft, β·c − drift/h.
            let slack = c .> 0
            let biasRate = Float(jc.jointSoftness.biasRate)
            let bias = (biasRate * c - invH * drift).replacing(with: (c - drift) * invH, where: slack)
            let massScale = SIMD4(repeating: Float(jc.jointSoftness.massScale)).replacing(with: 1, where: slack)
            let impulseScale = SIMD4(repeating: Float(jc.jointSoftness.impulseScale)).replacing(with: 0, where: slack)
            // cdot = u·(vA − vB) = −un
            lambda = massScale * w.pointee.mass * (un - bias) - impulseScale * w.pointee.p
        } else {
            // Rigid; a slack row's speculative bias c/h.
            lambda = w.pointee.mass * (un - World.wideMax0(c) * invH)
        }
        let old = w.pointee.p
        let total = World.wideMax0(old + lambda)
        let applied = total - old
        w.pointee.p = total
        // −applied·u on B
        let px = applied * (Float(-1) * ux)
        let py = applied * (Float(-1) * uy)
        let mB = w.pointee.mB
        B.vx += mB * px
        B.vy += mB * py
        B.w += w.pointee.iB * (rBx * py - rBy * px)
        B.store(states, w.pointee.b)
    }

    /// The tick's impulses back into the implied rows (`store`'s rule).
    mutating func storeWideRopeImpulses(single: Bool) {
        let count = jointWorld.solver.ropeCount
        if count == 0 { return }
        jointWorld.solver.ropes.withUnsafeBufferPointer { rs in
            jointWorld.impliedJoints.withUnsafeMutableBufferPointer { ij in
                for r in 0..<count {
                    for lane in 0..<4 {
                        let k = Int(rs[r].row[lane])
                        if k < 0 { continue }
                        ij[k].impulse.upper = Real(rs[r].p[lane])
                        if single {
                            ij[k].impulseFirst = ij[k].impulse
                        } else {
                            ij[k].impulseFirst.upper = Real(rs[r].f[lane])
                        }
                        ij[k].impulseLast = ij[k].impulse
                    }
                }
            }
        }
    }
}
