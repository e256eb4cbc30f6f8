// The step pipeline: one tick as named stages over a StepContext (Docs/solver.md §2.1–§2.6,
// §2.9, §2.10, §2.12).
//
//   tick(H):
//     updateContacts           rebuild the collision tables after edits; broadphase pairs →
//                              new contacts; narrowphase manifolds of awake contacts; touch
//                              events; wake sleeping islands an awake body reaches
//     integrateVelocities      once per tick: v ← (v + H·(g + F/m)) / (1 + H·c),
//                                             ω ← (ω + H·τ/I) / (1 + H·c_ω)
//                              then solverBodies ← bodySims (dp = 0, dq = identity)
//     impactPass               sequential bounces of elastic contacts (Contacts/ContactSolver.swift)
//     prepareConstraints       joints, then contacts: anchors, masses, softness
//     pullInJoints             joint errors beyond the slop taken out of the positions, not
//                              the velocities (Joints/PullIn.swift; only in a tick that has one)
//     for each of n sub-steps (h = H/n):
//       applyFields            field behaviors: forces (drag, magnetic implicit) or a set
//                              velocity at the sub-step's positions (Fields/FieldStep.swift)
//       warmStartConstraints   joints, then contacts (contacts: sub-step 0 only)
//       solveConstraints       joints, then contacts; biased (soft) solve
//       sweepStacks            resting stacks of unequal masses: upper bodies stop closing on
//                              the swept bodies under them (Contacts/StackSweep.swift)
//       integratePositions     dp += h·v, da += h·ω, dq = rot(da) (to an ulp) on the solver bodies
//       relaxConstraints       joints, then contacts; rigid, friction
//       sweepStacks            again, on the sub-step's final velocities
//     storeImpulses            contact restitution; joints and contacts store impulses; began events
//     finalizeBodies           v, ω back; centre += dp, angle += da (or the time of impact of
//                              a fast body against static colliders); transforms, bounding
//                              boxes, broadphase proxies
//     updateSleep              uikit: islands, timers, sleep (Sleep.swift)
//
// Joints hook in at prepare/warm start/solve/relax/store, before contacts except in the warm
// start, which contacts do first (Docs/solver.md §2.5: a joint warm start that is all wide
// shares the biased solve's copy of the bodies), and work on `solverBodies` through `UnsafeMutableBufferPointer<SolverBody>` (SolverBody.swift).
// `solverBodies` has one extra entry at the end, `bodySims.count`: the static identity body
// that boundary segments and the world ends of joints use.
//
// Hot loops are entered once through `withUnsafeMutableBufferPointer`; nothing in the loops
// allocates, and no class, closure-valued property, existential or dictionary is touched.

import DynamicsCollision
import DynamicsMath

/// Per-tick constants, rebuilt for every tick.
struct StepContext {
    /// Tick length, s.
    var tickDuration: Real
    /// Number of sub-steps.
    var substeps: Int
    /// Sub-step length, s.
    var h: Real
    /// 1/h, 1/s (0 if h is 0).
    var invH: Real
    /// Gravity, forces and damping act in every sub-step (`ideal`), not once per tick (`uikit`).
    var forcesPerSubstep: Bool

    /// Soft rows of the tick (Docs/solver.md §2.4): contacts between moving bodies, contacts
    /// with a static side (twice the hertz), and the rigid rows of joints while solving.
    var contactSoftness: Softness
    var staticContactSoftness: Softness
    var jointSoftness: Softness

    init(tickDuration: Real, substeps: Int, forcesPerSubstep: Bool = false) {
        self.tickDuration = tickDuration
        self.substeps = substeps
        let h = tickDuration / Real(substeps)
        self.h = h
        self.invH = h > 0 ? 1 / h : 0
        self.forcesPerSubstep = forcesPerSubstep
        let contactHertz = Swift.min(World.contactHertz, 0.25 * invH)
        contactSoftness = Softness(hertz: contactHertz, zeta: World.contactDampingRatio, h: h)
        staticContactSoftness = Softness(hertz: 2 * contactHertz, zeta: World.contactDampingRatio, h: h)
        // Forces in every sub-step (ideal): every sub-step carries the load, and a soft rigid
        // row sits stretched by its static deflection, load/(m·ω²) (g/ω² under its own
        // weight): 0.007 pt at 60 Hz, which lengthened a 2 m pendulum's period by 1.8e-5.
        // Stiffer rows (90 Hz, up to 0.375 of the sub-step rate) leave 0.003 pt.
        let jointHertz = forcesPerSubstep
            ? Swift.min(World.jointHertzPerSubstep, 0.375 * invH) : Swift.min(World.jointHertz, 0.25 * invH)
        jointSoftness = Softness(hertz: jointHertz, zeta: World.jointDampingRatio, h: h)
    }

    /// The step of the velocity integrator: h when forces act per sub-step, else H.
    var forceStep: Real { forcesPerSubstep ? h : tickDuration }
}

/// Soft-constraint coefficients (Docs/solver.md §2.4, Box2D's `b2MakeSoft`): a damped spring of
/// `hertz` and damping ratio `zeta` on a row's error C, integrated implicitly over `h`. The one
/// definition for contacts, joints' rigid rows and user springs:
///
///     ω = 2π·hertz, a1 = 2ζ + hω, a2 = hω·a1, a3 = 1/(1 + a2)
///     biasRate = ω/a1, massScale = a2·a3, impulseScale = a3
///
/// and hertz 0 is a rigid row without position correction (0, 1, 0), as Box2D has it. (The
/// joints' copy gave (0, 0, 0) at hertz 0, a row that does nothing; every caller happened to
/// guard against hertz 0, so only the definitions disagreed.)
struct Softness {
    /// Error-reduction rate, 1/s.
    var biasRate: Real
    /// Fraction of the rigid impulse applied.
    var massScale: Real
    /// Fraction of the accumulated impulse removed (massScale + impulseScale = 1).
    var impulseScale: Real

    static let rigid = Softness(biasRate: 0, massScale: 1, impulseScale: 0)

    init(biasRate: Real, massScale: Real, impulseScale: Real) {
        self.biasRate = biasRate
        self.massScale = massScale
        self.impulseScale = impulseScale
    }

    init(hertz: Real, zeta: Real, h: Real) {
        if hertz == 0 {
            self = .rigid
            return
        }
        let omega = 2 * DMath.pi * hertz
        let a1 = 2 * zeta + h * omega
        let a2 = h * omega * a1
        let a3 = 1 / (1 + a2)
        biasRate = omega / a1
        massScale = a2 * a3
        impulseScale = a3
    }
}

extension Softness {
    /// The impulse of a user spring acting as a force for one sub-step h, per unit of the
    /// row's effective mass m: a spring of stiffness m·ω² and damper 2m·ζ·ω (ω = 2π·hertz) on
    /// the error C with velocity Ċ,
    ///
    ///     λ/m = −h·(ω²·C + 2ζω·Ċ') with Ċ' = Ċ + λ/m  ⇒  λ/m = −h·(ω²·C + 2ζω·Ċ)/(1 + 2ζω·h)
    ///
    /// (damping implicit, so it never overshoots; stiffness explicit). With the positions moved
    /// after it, that is symplectic Euler, which keeps an undamped spring's energy (its
    /// amplitude stays within (h·ω)²/8 of the start, for ever), where the soft row (`init`),
    /// implicit in the stiffness too, loses it: a 1 Hz anchor spring fell from 25.3 to 5.5 pt
    /// of amplitude in 10 s, a 3 Hz one from 2.36 to 0.0066 pt in 5 s. Returns the factors
    /// (a, b) of λ/m = −(a·C + b·Ċ).
    @inline(__always)
    static func springForce(hertz: Real, zeta: Real, h: Real) -> (Real, Real) {
        let omega = 2 * DMath.pi * hertz
        let d = 1 / (1 + 2 * zeta * omega * h)
        return (h * omega * omega * d, 2 * zeta * omega * h * d)
    }
}

/// The stages of a tick, in order (for instrumentation and documentation).
enum StepStage: CaseIterable {
    case updateContacts, integrateVelocities, impactPass, prepareConstraints, pullInJoints, warmStartConstraints,
        solveConstraints, integratePositions, relaxConstraints, storeImpulses, finalizeBodies, updateSleep
}

extension World {
    /// Runs one tick of `duration` seconds.
    mutating func tick<E: CustomFieldEvaluator>(_ duration: Real, customFields: inout E) {
        let ctx = StepContext(tickDuration: duration, substeps: substeps, forcesPerSubstep: forcesPerSubstep && model == .ideal)
        updateContacts()
        if ctx.forcesPerSubstep {
            loadSolverBodies()
        } else {
            integrateVelocities(ctx)
        }
        impactPass(ctx)
        prepareConstraints(ctx)
        pullInJoints(ctx)
        for k in 0..<ctx.substeps {
            if ctx.forcesPerSubstep { integrateSubstepVelocities(ctx) }
            // Fields: forces of field behaviors on the solver bodies' velocities, every
            // sub-step, at the sub-step's positions (Fields/FieldStep.swift).
            applyFields(ctx, substep: k, customFields: &customFields)
            warmStartConstraints(ctx, substep: k)
            solveConstraints(ctx)
            sweepStacks(ctx, afterRelax: false)
            integratePositions(ctx)
            relaxConstraints(ctx)
            sweepStacks(ctx, afterRelax: true)
        }
        storeImpulses(ctx)
        finalizeBodies(ctx)
        updateSleep(ctx)
        tickCount += 1
    }

    /// Rebuilds the collision tables if an edit made them stale, finds new pairs, and runs
    /// the narrowphase (Contacts/ContactWorld.swift).
    mutating func updateContacts() {
        refreshJointFilter()
        if contactWorld.dirty { rebuildCollision() }
        updatePairs()
        collideContacts()
    }

    /// Applies gravity, accumulated forces and damping once per tick (Docs/solver.md §2.12 (b)),
    /// then loads the solver bodies.
    mutating func integrateVelocities(_ ctx: StepContext) {
        let H = ctx.tickDuration
        gravityTable.withUnsafeBufferPointer { gravities in
            bodyForces.withUnsafeBufferPointer { forces in
                bodySims.withUnsafeMutableBufferPointer { sims in
                    guard let gp = gravities.baseAddress else { return }
                    @inline(__always) func integrate(_ i: Int, _ f: BodyForce) {
                        var b = sims[i]
                        if b.flags & (BodyFlags.isStatic | BodyFlags.isAsleep) != 0 { return }
                        let a = gp[Int(b.gravity)] + b.invMass * f.force
                        b.v = (b.v + H * a) / (1 + H * b.linearDamping)
                        if b.flags & BodyFlags.fixedRotation != 0 {
                            b.w = 0
                        } else {
                            b.w = (b.w + H * b.invInertia * f.torque) / (1 + H * b.angularDamping)
                        }
                        sims[i] = b
                    }
                    // Without pushes, the arithmetic of a zero force (bit for bit as before).
                    if forces.count == sims.count {
                        for i in 0..<sims.count { integrate(i, forces[i]) }
                    } else {
                        for i in 0..<sims.count { integrate(i, .zero) }
                    }
                }
            }
        }
        loadSolverBodies()
    }

    /// The `ideal` model's velocity stage, at the start of every sub-step (Box2D v3's
    /// order): gravity, accumulated forces and damping on the solver bodies,
    /// `v ← (v + h·(g + F/m)) / (1 + h·c)`, `ω ← (ω + h·τ/I) / (1 + h·c_ω)`. A free body
    /// then follows symplectic Euler at the sub-step h.
    mutating func integrateSubstepVelocities(_ ctx: StepContext) {
        let h = ctx.h
        bodySims.withUnsafeBufferPointer { sims in
            gravityTable.withUnsafeBufferPointer { gravities in
                bodyForces.withUnsafeBufferPointer { forces in
                    solverBodies.withUnsafeMutableBufferPointer { sbs in
                        guard let base = sbs.baseAddress, let gp = gravities.baseAddress else { return }
                        @inline(__always) func integrate(_ i: Int, _ f: BodyForce) {
                            let b = sims[i]
                            if b.flags & (BodyFlags.isStatic | BodyFlags.isAsleep) != 0 { return }
                            let s = base + i
                            let a = gp[Int(b.gravity)] + b.invMass * f.force
                            s.pointee.v = (s.pointee.v + h * a) / (1 + h * b.linearDamping)
                            if b.flags & BodyFlags.fixedRotation != 0 {
                                s.pointee.w = 0
                            } else {
                                s.pointee.w = (s.pointee.w + h * b.invInertia * f.torque) / (1 + h * b.angularDamping)
                            }
                        }
                        // Without pushes, the arithmetic of a zero force (bit for bit as before).
                        if forces.count == sims.count {
                            for i in 0..<sims.count { integrate(i, forces[i]) }
                        } else {
                            for i in 0..<sims.count { integrate(i, .zero) }
                        }
                    }
                }
            }
        }
    }

    /// Copies every body's velocity and inverse mass into `solverBodies` (pose deltas zeroed),
    /// plus the static identity body at index `bodySims.count`.
    mutating func loadSolverBodies() {
        let n = bodySims.count
        if solverBodies.count != n + 1 {
            solverBodies = ContiguousArray(repeating: SolverBody(v: .zero, w: 0, invMass: 0, invInertia: 0), count: n + 1)
        }
        bodySims.withUnsafeBufferPointer { sims in
            solverBodies.withUnsafeMutableBufferPointer { sbs in
                for i in 0..<n {
                    let b = sims[i]
                    sbs[i] = SolverBody(v: b.v, w: b.w, invMass: b.invMass, invInertia: b.invInertia)
                }
                sbs[n] = SolverBody(v: .zero, w: 0, invMass: 0, invInertia: 0)
            }
        }
    }

    /// Hook: prepare joints, then contacts (anchors, effective masses, softness).
    mutating func prepareConstraints(_ ctx: StepContext) {
        prepareJoints(ctx)
        prepareContacts(ctx)
    }

    /// Hook: warm start contacts (last tick's impulses in sub-step 0), then joints. Joints
    /// last: where every joint row is wide, their warm start is done in the biased solve's
    /// copy of the bodies, which follows (Joints/JointSolver.swift, `warmStartJoints`).
    mutating func warmStartConstraints(_ ctx: StepContext, substep: Int) {
        warmStartContacts(ctx, substep: substep)
        warmStartJoints(ctx, substep: substep)
    }

    /// Hook: one biased solve of joints, then contacts.
    mutating func solveConstraints(_ ctx: StepContext) {
        solveJoints(ctx, useBias: true)
        solveContacts(ctx, useBias: true)
    }

    /// Moves every awake dynamic solver body by one sub-step: dp += h·v, da += h·ω,
    /// dq = rot(da) (for a turn of at most `DMath.smallAngle`, dq turned by it: the same to
    /// within an ulp or two a sub-step, and dq restarts from identity every tick). Speeds are capped at `maxLinearSpeed` and h·|ω| at π/4.
    mutating func integratePositions(_ ctx: StepContext) {
        contactWorld.widePosesCurrent = false
        let h = ctx.h
        let maxSpeed = World.maxLinearSpeed
        let maxW = World.maxRotationPerSubstep * ctx.invH
        bodySims.withUnsafeBufferPointer { sims in
            solverBodies.withUnsafeMutableBufferPointer { sbs in
                guard let base = sbs.baseAddress else { return }
                for i in 0..<sims.count {
                    if sims[i].flags & (BodyFlags.isStatic | BodyFlags.isAsleep) != 0 { continue }
                    let s = base + i  // in place: no copy of the 80-byte state in and out
                    let v2 = s.pointee.v.lengthSquared
                    if v2 > maxSpeed * maxSpeed { s.pointee.v = (maxSpeed / v2.squareRoot()) * s.pointee.v }
                    let w = s.pointee.w
                    if abs(w) > maxW { s.pointee.w = w > 0 ? maxW : -maxW }
                    s.pointee.dp += h * s.pointee.v
                    if s.pointee.w != 0 {
                        let turn = h * s.pointee.w
                        s.pointee.da += turn
                        if abs(turn) <= DMath.smallAngle {
                            // A small turn: compose with its rotation (Taylor, to the ulp)
                            // rather than take the cosine and sine of the whole angle.
                            let cs = DMath.cosSinSmall(turn)
                            s.pointee.dq = s.pointee.dq.then(Rot(c: cs.c, s: cs.s))
                        } else {
                            s.pointee.dq = Rot(angle: s.pointee.da)
                        }
                    }
                }
            }
        }
    }

    /// Hook: one rigid relax pass of joints, then contacts (with friction).
    mutating func relaxConstraints(_ ctx: StepContext) {
        solveJoints(ctx, useBias: false)
        if !contactWorld.deepRows.isEmpty {
            // One Gauss–Seidel pass leaves part of a packed pile's push-out in its velocities
            // (Contacts/PushOut.swift): while the deep rows still open, rigid passes of their
            // normals alone (friction rows would turn the push-out sideways), a few at most;
            // then the relax proper.
            if pushOutLeft() {
                var pass = 0
                repeat {
                    solveDeepContacts(ctx)
                    pass += 1
                } while pass < World.deepRelaxPasses && deepResidueLeft()
            }
        }
        solveContacts(ctx, useBias: false)
    }

    /// Hook: contact restitution, then joints and contacts store their impulses.
    mutating func storeImpulses(_ ctx: StepContext) {
        // Restitution works on the constraints' points, so their impulses are gathered back
        // from the wide records first; without it (no constraint with elasticity) the store
        // reads each coloured constraint's impulses from its lane, and the records are not
        // copied back at all.
        let gather = contactWorld.anyRestitution
        if gather {
            gatherWideImpulses()
            restituteContacts(ctx)
        }
        storeJointImpulses(ctx)
        storeContactImpulses(ctx, fromLanes: !gather)
    }

    /// Writes the solver bodies back: velocities, centre += dp, angle += da, unless a fast
    /// body hits a static collider within the tick (Contacts/Continuous.swift), which puts it
    /// at the time of impact. Then origins, bounding boxes and broadphase proxies.
    mutating func finalizeBodies(_ ctx: StepContext) {
        let n = bodySims.count
        let haveExtents = contactWorld.bodyMinExtent.count == n
        if !haveExtents || (contactWorld.broadPhase.staticTree.proxyCount == 0 && !hasBullets) {
            // Nothing static to sweep against (continuousFraction would answer 1 for every
            // body): write the poses in place, without copying each BodySim out and back.
            bodySims.withUnsafeMutableBufferPointer { sims in
                solverBodies.withUnsafeBufferPointer { sbs in
                    for i in 0..<n {
                        if sims[i].flags & (BodyFlags.isStatic | BodyFlags.isAsleep) != 0 { continue }
                        let s = sbs[i]
                        sims[i].v = s.v
                        sims[i].w = s.w
                        let a1 = sims[i].angle
                        sims[i].center = sims[i].center + s.dp
                        let a2 = a1 + s.da
                        if a2 != a1 {
                            sims[i].angle = a2
                            sims[i].transform.q = Rot(angle: a2)
                        }
                        sims[i].transform.p = sims[i].center - sims[i].transform.q.apply(sims[i].localCenter)
                    }
                }
            }
            refreshBoundsAndMoveProxies()
            return
        }
        var scratch = ContiguousArray<Int32>()
        swap(&scratch, &contactWorld.queryScratch)
        // The bodies are written in place, through pointers (a copy of each 144-byte record out
        // and back, with the array's uniqueness check, cost as much as the rest); a body fast
        // enough to be swept (Continuous.swift) leaves the loop, is swept and written as before,
        // and the loop resumes after it. Bodies are still finished in order, so a bullet's
        // sweep sees the same poses as before.
        var next = 0
        while next < n {
            var sweep = -1
            bodySims.withUnsafeMutableBufferPointer { sims in
                solverBodies.withUnsafeBufferPointer { sbs in
                    contactWorld.bodyMinExtent.withUnsafeBufferPointer { minExtents in
                        contactWorld.bodyMaxExtent.withUnsafeBufferPointer { maxExtents in
                            while next < n {
                                let i = next
                                if sims[i].flags & (BodyFlags.isStatic | BodyFlags.isAsleep) != 0 {
                                    next += 1
                                    continue
                                }
                                let s = sbs[i]
                                let minExtent = minExtents[i]
                                let motion = s.dp.length + abs(s.da) * maxExtents[i]
                                if minExtent > 0 && motion > 0.5 * minExtent {
                                    sweep = i
                                    return
                                }
                                next += 1
                                let b = sims.baseAddress! + i
                                b.pointee.v = s.v
                                b.pointee.w = s.w
                                let a1 = b.pointee.angle
                                b.pointee.center = b.pointee.center + s.dp
                                let a2 = a1 + s.da
                                if a2 != a1 {
                                    b.pointee.angle = a2
                                    b.pointee.transform.q = Rot(angle: a2)
                                }
                                b.pointee.transform.p = b.pointee.center - b.pointee.transform.q.apply(b.pointee.localCenter)
                            }
                        }
                    }
                }
            }
            if sweep < 0 { break }
            let i = sweep
            next = i + 1
            let flags = bodySims[i].flags
            let s = solverBodies[i]
            var sim = bodySims[i]
            sim.v = s.v
            sim.w = s.w
            let c1 = sim.center
            let a1 = sim.angle
            var c2 = c1 + s.dp
            var a2 = a1 + s.da
            var t = continuousFraction(body: i, c1: c1, c2: c2, a1: a1, a2: a2, queryScratch: &scratch)
            if flags & BodyFlags.isBullet != 0 {
                t = bulletFraction(body: i, c1: c1, c2: c2, a1: a1, a2: a2, tMax: t, queryScratch: &scratch)
            }
            if t < 1 {
                c2 = c1 + t * (c2 - c1)
                a2 = a1 + t * (a2 - a1)
            }
            sim.center = c2
            if a2 != a1 {
                sim.angle = a2
                sim.transform.q = Rot(angle: a2)
            }
            sim.transform.p = sim.center - sim.transform.q.apply(sim.localCenter)
            bodySims[i] = sim
        }
        swap(&scratch, &contactWorld.queryScratch)
        refreshBoundsAndMoveProxies()
    }

    /// Whether an awake body is a bullet (a scan of the flags; only asked in a world with
    /// no static collider, where the sweeps are otherwise skipped).
    var hasBullets: Bool {
        for sim in bodySims where sim.flags & BodyFlags.isBullet != 0 && sim.flags & BodyFlags.isAsleep == 0 { return true }
        return false
    }

    /// Recomputes every shape's world bounding box (as `refreshBounds()`), and re-files the
    /// proxies of awake dynamic bodies whose shapes left their fat boxes; a new fat box reaches
    /// ahead along the tick's displacement of the body's centre (the solver body's dp;
    /// DynamicTree.swift, "Fat boxes"). One pass over the shapes, read through pointers (two
    /// passes, `refreshBounds` then a `moveProxies`, walked the shapes twice with bounds checks).
    mutating func refreshBoundsAndMoveProxies() {
        if contactWorld.dirty {
            refreshBounds()
            return
        }
        let inactive = BodyFlags.isStatic | BodyFlags.isAsleep
        vertices.withUnsafeBufferPointer { pool in
            bodySims.withUnsafeBufferPointer { sims in
                solverBodies.withUnsafeBufferPointer { sbs in
                    contactWorld.itemProxies.withUnsafeBufferPointer { proxies in
                        shapes.withUnsafeMutableBufferPointer { shapeBuf in
                            let first = shapeBuf.baseAddress
                            for s in 0..<shapeBuf.count {
                                let sp = first! + s
                                let b = Int(sp.pointee.body)
                                let kind = sp.pointee.geometry.kind
                                let tight: AABB
                                if kind == .circle {
                                    // `aabb`'s own case, here without the call (a crowd of balls).
                                    let c = sims[b].transform.apply(sp.pointee.geometry.center)
                                    let r = sp.pointee.geometry.radius
                                    tight = AABB(lower: Vec2(c.x - r, c.y - r), upper: Vec2(c.x + r, c.y + r))
                                } else if kind == .polygon && sp.pointee.geometry.semiAxes.x > 0 {
                                    // `aabb`'s rectangle, the same operations here without the call (a
                                    // pyramid of boxes: pyramid20 -0.35 %).
                                    let xf = sims[b].transform
                                    let h = sp.pointee.geometry.semiAxes
                                    let c = xf.apply(sp.pointee.geometry.center)
                                    let ac = abs(xf.q.c)
                                    let as_ = abs(xf.q.s)
                                    let ex = ac * h.x + as_ * h.y
                                    let ey = as_ * h.x + ac * h.y
                                    tight = AABB(lower: Vec2(c.x - ex, c.y - ey), upper: Vec2(c.x + ex, c.y + ey))
                                } else {
                                    tight = sp.pointee.geometry.aabb(sims[b].transform, vertices: pool)
                                }
                                sp.pointee.aabb = tight
                                let slot = Int(sp.pointee.item)
                                let key = proxies[slot]
                                if key.raw < 0 { continue }
                                if sims[b].flags & inactive != 0 { continue }
                                // Most shapes stay inside their fat box: `itemFat` mirrors it (set from the
                                // tree wherever a proxy is created or moved; a tree's rebuild keeps its
                                // leaves' boxes), so that test reads no tree, and a shape that escaped is
                                // re-filed without the broadphase making it again (it did: chains −0.6 %).
                                let d = b < sbs.count ? sbs[b].dp : Vec2(0, 0)
                                if DynamicTree.fatBoxHolds(contactWorld.itemFat[slot], tight: tight, displacement: d) { continue }
                                if contactWorld.broadPhase.refileProxy(key, tight: tight, displacement: d) {
                                    contactWorld.itemFat[slot] = contactWorld.broadPhase.fatAABB(key)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Recomputes every shape's world bounding box from the current transforms.
    mutating func refreshBounds() {
        let sims = bodySims
        vertices.withUnsafeBufferPointer { pool in
            shapes.withUnsafeMutableBufferPointer { shapeBuf in
                for s in 0..<shapeBuf.count {
                    let b = Int(shapeBuf[s].body)
                    shapeBuf[s].aabb = shapeBuf[s].geometry.aabb(sims[b].transform, vertices: pool)
                }
            }
        }
    }

    /// Recomputes the bounding boxes of one body's shapes (after an edit).
    mutating func refreshBounds(body b: Int) {
        let xf = bodySims[b].transform
        var s = bodyInfos[b].firstShape
        while s >= 0 {
            shapes[Int(s)].aabb = vertices.withUnsafeBufferPointer { shapes[Int(s)].geometry.aabb(xf, vertices: $0) }
            s = shapes[Int(s)].next
        }
    }

    /// The world bounding box of body `b`: the union of its shapes' boxes (after the last
    /// step or edit).
    func bodyBox(_ b: Int) -> AABB {
        var box = AABB.empty
        var s = bodyInfos[b].firstShape
        while s >= 0 {
            box = box.union(shapes[Int(s)].aabb)
            s = shapes[Int(s)].next
        }
        return box
    }

    /// Clears the per-frame force and torque accumulators (after the frame's ticks), and lets
    /// them go once no push behavior is left.
    mutating func clearForces() {
        if bodyForces.isEmpty { return }
        if pushes.isEmpty {
            bodyForces = ContiguousArray()
            return
        }
        bodyForces.withUnsafeMutableBufferPointer { forces in
            for i in 0..<forces.count { forces[i] = .zero }
        }
    }
}
