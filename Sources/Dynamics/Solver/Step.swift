// The step pipeline: one tick as named stages over a StepContext (solver notes §2.1, §2.5, §2.12).
//
//   tick(H):
//     integrateVelocities      once per tick: v ← (v + H·(g + F/m)) / (1 + H·c),
//                                             ω ← (ω + H·τ/I) / (1 + H·c_ω)
//     for each of n sub-steps (h = H/n):
//       prepareConstraints     hook: contacts and joints (first sub-step: prepare + warm start)
//       solveConstraints       hook: biased solve
//       integratePositions     c += h·v, angle += h·ω (exact angle; cached cos/sin refreshed)
//       relaxConstraints       hook: unbiased relax
//     restitution / store impulses   hook
//     finalizeBodies           origin transforms from centres, shape and body bounding boxes
//                              hook: sleeping (uikit: an island sleeps once all its bodies stay
//                              under 1 pt/s and 2°/s for 0.5 s), continuous collision
//
// Hot loops are entered once through `withUnsafeMutableBufferPointer`; nothing here allocates,
// and no class, closure-valued property, existential or dictionary is touched.

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

    init(tickDuration: Real, substeps: Int) {
        self.tickDuration = tickDuration
        self.substeps = substeps
        self.h = tickDuration / Real(substeps)
        self.invH = h > 0 ? 1 / h : 0
    }
}

/// The stages of a tick, in order (for instrumentation and documentation).
enum StepStage: CaseIterable {
    case integrateVelocities, prepareConstraints, solveConstraints, integratePositions, relaxConstraints,
        storeImpulses, finalizeBodies
}

extension World {
    /// Runs one tick of `duration` seconds.
    mutating func tick(_ duration: Real) {
        let ctx = StepContext(tickDuration: duration, substeps: substeps)
        integrateVelocities(ctx)
        for _ in 0..<ctx.substeps {
            prepareConstraints(ctx)
            solveConstraints(ctx)
            integratePositions(ctx)
            relaxConstraints(ctx)
        }
        storeImpulses(ctx)
        finalizeBodies(ctx)
        tickCount += 1
    }

    /// Applies gravity, accumulated forces and damping once per tick (solver notes §2.12 (b)).
    mutating func integrateVelocities(_ ctx: StepContext) {
        let H = ctx.tickDuration
        bodySims.withUnsafeMutableBufferPointer { sims in
            for i in 0..<sims.count {
                var b = sims[i]
                if b.flags & BodyFlags.isStatic != 0 { continue }
                let a = b.gravity + b.invMass * b.force
                b.v = (b.v + H * a) / (1 + H * b.linearDamping)
                if b.flags & BodyFlags.fixedRotation != 0 {
                    b.w = 0
                } else {
                    b.w = (b.w + H * b.invInertia * b.torque) / (1 + H * b.angularDamping)
                }
                sims[i] = b
            }
        }
        loadSolverBodies()
    }

    /// Copies every body's velocity and inverse mass into `solverBodies` (pose deltas zeroed).
    mutating func loadSolverBodies() {
        let n = bodySims.count
        if solverBodies.count != n {
            solverBodies = ContiguousArray(repeating: SolverBody(v: .zero, w: 0, invMass: 0, invInertia: 0), count: n)
        }
        bodySims.withUnsafeBufferPointer { sims in
            solverBodies.withUnsafeMutableBufferPointer { sbs in
                for i in 0..<n {
                    let b = sims[i]
                    sbs[i] = SolverBody(v: b.v, w: b.w, invMass: b.invMass, invInertia: b.invInertia)
                }
            }
        }
    }

    /// Copies the solved velocities back into `bodySims` (poses are kept in step every sub-step).
    mutating func storeSolverBodies() {
        solverBodies.withUnsafeBufferPointer { sbs in
            bodySims.withUnsafeMutableBufferPointer { sims in
                for i in 0..<sims.count where sims[i].flags & BodyFlags.isStatic == 0 {
                    sims[i].v = sbs[i].v
                    sims[i].w = sbs[i].w
                }
            }
        }
    }

    /// Hook: prepare contacts and joints (anchors, effective masses, softness, warm start).
    @inline(__always)
    mutating func prepareConstraints(_ ctx: StepContext) {}

    /// Hook: one biased solve of joints, then contacts.
    @inline(__always)
    mutating func solveConstraints(_ ctx: StepContext) {}

    /// Moves every dynamic body by one sub-step with its solver velocity: centre += h·v,
    /// angle += h·ω; the solver body's pose deltas dp, da, dq advance alike.
    mutating func integratePositions(_ ctx: StepContext) {
        let h = ctx.h
        solverBodies.withUnsafeMutableBufferPointer { sbs in
            bodySims.withUnsafeMutableBufferPointer { sims in
                for i in 0..<sims.count {
                    var b = sims[i]
                    if b.flags & BodyFlags.isStatic != 0 { continue }
                    var s = sbs[i]
                    b.center += h * s.v
                    s.dp += h * s.v
                    if s.w != 0 {
                        b.angle += h * s.w
                        b.transform.q = Rot(angle: b.angle)
                        s.da += h * s.w
                        s.dq = Rot(angle: s.da)
                    }
                    sims[i] = b
                    sbs[i] = s
                }
            }
        }
    }

    /// Hook: one unbiased relax pass of joints, then contacts.
    @inline(__always)
    mutating func relaxConstraints(_ ctx: StepContext) {}

    /// Hook: restitution and impulse storage for warm starting.
    @inline(__always)
    mutating func storeImpulses(_ ctx: StepContext) {}

    /// Recomputes each body's origin from its centre of mass, then the bounding boxes.
    mutating func finalizeBodies(_ ctx: StepContext) {
        storeSolverBodies()
        bodySims.withUnsafeMutableBufferPointer { sims in
            for i in 0..<sims.count {
                if sims[i].flags & BodyFlags.isStatic != 0 { continue }
                let q = sims[i].transform.q
                sims[i].transform.p = sims[i].center - q.apply(sims[i].localCenter)
            }
        }
        refreshBounds()
        // Sleeping and continuous collision land here.
    }

    /// Recomputes every shape's and body's world bounding box from the current transforms.
    mutating func refreshBounds() {
        let sims = bodySims
        vertices.withUnsafeBufferPointer { pool in
            shapes.withUnsafeMutableBufferPointer { shapeBuf in
                bodyInfos.withUnsafeMutableBufferPointer { infos in
                    for i in 0..<infos.count { infos[i].aabb = .empty }
                    for s in 0..<shapeBuf.count {
                        let b = Int(shapeBuf[s].body)
                        let box = shapeBuf[s].geometry.aabb(sims[b].transform, vertices: pool)
                        shapeBuf[s].aabb = box
                        infos[b].aabb = infos[b].aabb.union(box)
                    }
                }
            }
        }
    }

    /// Recomputes the bounding boxes of one body and its shapes (after an edit).
    mutating func refreshBounds(body b: Int) {
        let xf = bodySims[b].transform
        var box = AABB.empty
        var s = bodyInfos[b].firstShape
        while s >= 0 {
            let shapeBox = vertices.withUnsafeBufferPointer { shapes[Int(s)].geometry.aabb(xf, vertices: $0) }
            shapes[Int(s)].aabb = shapeBox
            box = box.union(shapeBox)
            s = shapes[Int(s)].next
        }
        bodyInfos[b].aabb = box
    }

    /// Clears the per-frame force and torque accumulators (after the frame's ticks).
    mutating func clearForces() {
        bodySims.withUnsafeMutableBufferPointer { sims in
            for i in 0..<sims.count {
                sims[i].force = .zero
                sims[i].torque = 0
            }
        }
    }
}
