// The contact solver: Soft Step (Docs/solver.md §2.4, §2.5) plus the impact pass (§2.6).
//
// Per tick, with h = H/n and the bodies as `SolverBody`s (dp, dq: pose change since the tick
// began; Solver/SolverBody.swift):
//
//   impactPass      before the sub-steps, on current velocities: for contacts with e > 0 whose
//                   gap closes within the tick (s + vn·H ≤ 0) and that approach faster than
//                   100 pt/s, fastest first, apply the pairwise impulse j = −(1 + e)·vn/K
//                   (non-accumulated) and move the pair apart by (1 + e)·s along n (the
//                   distance the early bounce lost: the pair should have closed the gap s,
//                   then opened e·s), split by inverse mass. Repeat until nothing approaches
//                   fast (capped). Momentum is exact; a row of equal balls passes the impulse
//                   on one by one (Newton's cradle); resting contacts (|vn| ≈ g·H) never qualify.
//   prepare         once: anchors rA, rB about the centres of mass (kept for the whole tick),
//                   base separation s0 − n·(rB − rA), effective masses, softness, approach vn0.
//   per sub-step k  warm start (k = 0: last tick's total impulses; k > 0: impulses restart at 0,
//                   see below), solve with bias, integrate positions (Step.swift), relax.
//   restitution     Δλ = −m·(vn + e·vn0) where vn0 < −100 pt/s and the point took impulse.
//   store           total impulses per point for the next tick; began events.
//
// Rows, with s = s0 + n·((dpB − dpA) + dqB·rB − dqA·rA) the current separation and
// vn = n·(vB + ωB × rB − vA − ωA × rA):
//
//   speculative (s > 0)   Δλ = −m·(vn + s/h)                   the gap may close, not more
//   solve (s ≤ 0)         Δλ = −m·(massScale·(vn + max(biasRate·s, −pushLimit))) − impulseScale·λ
//                         (pushLimit: 300 pt/s shared among a body's deep contacts, PushOut.swift)
//   relax                 Δλ = −m·vn                           (rigid, removes the bias energy)
//   contact λ ≥ 0; friction (relax only) Δλt = −mt·vt with the tick's tangential impulse so
//   far within μ × its normal impulse so far
//
// Sliding friction (forces in every sub-step): a point that slid in the sub-step before (its
// tangential impulse at μ·λn) is warm started with half of it, and relax adds the other half,
// so the position moves at the sub-step's mean speed (midpoint rule). Warm started in full,
// the whole deceleration came before the move and a slide stopped v₀·h/2 short (−0.42 % at
// 500 pt/s, μ = 0.5); now within 0.02 % from 250 to 1,000 pt/s. A point that sticks keeps its full warm start, so
// nothing at rest creeps.
//
// Softness: 30 Hz, ζ = 10 for dynamic pairs, twice the hertz against static bodies; the
// hertz is clamped to a quarter of the sub-step rate, as Box2D's (min(30, 0.25/h)). Under a
// steady load F a soft contact settles at an overlap F/(m_eff·ω²), g/ω² ≈ 0.03 pt per body
// weight at 30 Hz: a tall stack compresses (pyramid of base 100: about 80 pt at the top).
// 60 Hz made the base-20 pyramid collapse with this tick layout, so 30 Hz stays.
//
// Order: prepare colours the constraints (no dynamic body twice in a colour) and packs each
// colour four to a wide record, solved on SIMD4 lanes (`solveWide`,
// Contacts/WideContactSolver.swift); the overflow and rolling contacts take the scalar kernel
// (`solveContact`), first in each pass.
//
// External forces are applied once per tick, in the first sub-step (Step.swift, Docs/solver.md §2.12),
// so the impulse that holds a resting body arrives in sub-step 0 and later sub-steps need
// almost none. Each sub-step's λ is therefore that sub-step's impulse: sub-step 0 is warm
// started with last tick's total, later ones start at 0, and the total over the tick is what
// is stored, clamped and used by restitution and events.
//
// Hot loops: constraints and bodies as unsafe buffers entered once per pass; no allocation.

import DynamicsCollision
import DynamicsMath

/// One point of a prepared contact.
/// What prepare's rows share in a tick (`World.buildConstraint`).
struct PrepareTables {
    var staticIndex: Int32
    var soft: Softness
    var staticSoft: Softness
    var invH: Real
}

struct ContactConstraintPoint {
    /// A place in the table before prepare writes it.
    static let unused = ContactConstraintPoint(
        rA: .zero, rB: .zero, baseSeparation: 0, normalImpulse: 0, tangentImpulse: 0, normalMass: 0, tangentMass: 0,
        totalNormalImpulse: 0, totalTangentImpulse: 0)

    /// Anchors about the centres of mass, world axes, fixed for the tick.
    var rA: Vec2
    var rB: Vec2
    /// s0 − n·(rB − rA).
    var baseSeparation: Real
    /// This sub-step's impulses.
    var normalImpulse: Real
    var tangentImpulse: Real
    var normalMass: Real
    var tangentMass: Real
    /// The sum over the tick's finished sub-steps (each relax banks its sub-step's impulses).
    var totalNormalImpulse: Real
    var totalTangentImpulse: Real
}

/// One prepared contact; its points are `ContactWorld.constraintPoints[2i]` and `[2i + 1]`
/// (the second unused for one-point manifolds), so that the hot loops address them with
/// pointer arithmetic instead of copying whole constraints.
struct ContactConstraint {
    /// A place in the table before prepare writes it.
    static let unused = ContactConstraint(
        a: 0, b: 0, contact: 0, pointCount: 0, normal: .zero, friction: 0, restitution: 0, invMassA: 0, invIA: 0,
        invMassB: 0, invIB: 0, softness: .rigid, relativeVelocity1: 0, relativeVelocity2: 0, speculativeRate: 0,
        rollA: 0, rollB: 0, fixedArmA: false, fixedArmB: false)

    /// Solver body indices (the static identity body for segments).
    var a: Int32
    var b: Int32
    /// Index of the contact in `ContactWorld.contacts`.
    var contact: Int32
    var pointCount: Int32
    var normal: Vec2
    var friction: Real
    var restitution: Real
    var invMassA: Real
    var invIA: Real
    var invMassB: Real
    var invIB: Real
    var softness: Softness
    /// Normal approach speed of each point at prepare, pt/s (restitution).
    var relativeVelocity1: Real
    var relativeVelocity2: Real
    /// The speculative rows' rate, 1/s: 1/h (a gap s may close at s/h, no faster), or
    /// infinity (no row) for a pair the impact pass owns (elastic, approaching faster than
    /// the restitution threshold). The impact pass bounces such a pair in the tick it
    /// touches, at the right moment; a speculative row would instead slow it down ahead of
    /// the surface (and the restitution pass then bounce it early).
    var speculativeRate: Real
    /// Radius of curvature of each side at the contact point, pt (0 for a polygon or a
    /// segment): a round side rolls, so its contact is not the material point the anchor
    /// follows (see `World.rollingRadius`).
    var rollA: Real
    var rollB: Real
    /// A side that is a circle about its body's centre of mass: its arm never turns (its
    /// rolling arm is exactly the tick's start one), so the rows measure it unturned; rollA,
    /// rollB stay 0 for it and the pair kernel takes it.
    var fixedArmA: Bool
    var fixedArmB: Bool
    /// A row of a stack of unequal masses (Contacts/StackSweep.swift): +1 when B is the
    /// upper body, −1 when A is, 0 for every other contact.
    var stackUpper: Int8 = 0
    /// The most an overlap is pushed out at, pt/s: the push-out cap shared among the deep
    /// contacts of the busier side (Contacts/PushOut.swift).
    var pushLimit: Real = World.contactPushMaxVelocity
}

/// Where the contact of a round side is during the tick.
///
/// The rows keep each point's anchors (rA, rB) from the tick's start: for a polygon's
/// vertex or face those are material points, and fixed arms keep the solver steady
/// (Box2D v3). A round side that turns by δ *rolls*: it touches at ever new points of its
/// surface, its contact moving along it by ρδ (ρ its radius of curvature there), while the
/// material point that touched at the start turns away with the body. With the load
/// carried in every sub-step (forces in every sub-step), rows at the old point push with
/// the lever arm of the tick's start all tick long: on a rocking ellipse that is a torque
/// along the spin, N·K·ω·t (K the arm's growth per radian), which fed energy in (+4.5 % on
/// the rocking period at 4 sub-steps, more with more sub-steps). So a round side's arm
/// follows its support point, `dq·r − ρ·(dq·u − u)` (u the direction it faces: +n for A,
/// −n for B), exact for a circle (whose arm then never turns) and to first order in δ for
/// an ellipse (second order: its ρ changes along the surface). The same arm gives the
/// separation, so the rolling point does not lift off by ρ(1 − cos δ) either.
struct RollingArms {
    var rollA: Real
    var rollB: Real
    var dqA: Rot
    var dqB: Rot
    /// ρ·(dq·u − u) for each side.
    var shiftA: Vec2
    var shiftB: Vec2

    @inline(__always)
    init(_ c: ContactConstraint, _ dqA: Rot, _ dqB: Rot) {
        rollA = c.rollA
        rollB = c.rollB
        self.dqA = dqA
        self.dqB = dqB
        let n = c.normal
        shiftA = rollA > 0 ? rollA * (dqA.apply(n) - n) : Vec2(0, 0)
        shiftB = rollB > 0 ? rollB * (n - dqB.apply(n)) : Vec2(0, 0)
    }

    /// The arms of a point whose tick-start anchors are rA, rB, and the anchors' offset
    /// (rB' − rA') + dp that the separation is measured along.
    @inline(__always)
    func arms(_ rA: Vec2, _ rB: Vec2, _ dp: Vec2) -> (Vec2, Vec2, Vec2) {
        let pA = dqA.apply(rA) - shiftA
        let pB = dqB.apply(rB) - shiftB
        return (rollA > 0 ? pA : rA, rollB > 0 ? pB : rB, dp + (pB - pA))
    }
}

/// A contact point the impact pass may bounce.
struct ImpactCandidate {
    var a: Int32
    var b: Int32
    /// Index of the contact.
    var contact: Int32
    var normal: Vec2
    var rA: Vec2
    var rB: Vec2
    /// A face contact's two points (both within the slop of each other's separation), solved
    /// together when the bounce is applied: the midpoint alone turned a box landing flat on a
    /// face narrower than its own, or off centre, about that midpoint (a heavy box dropped
    /// 30 pt off centre onto a light one left spinning at 4.7 rad/s and fell off).
    var rA1: Vec2 = .zero
    var rB1: Vec2 = .zero
    var rA2: Vec2 = .zero
    var rB2: Vec2 = .zero
    var face = false
    var separation: Real
    /// 1/K along the normal.
    var mass: Real
    var restitution: Real
    /// Shares of a position correction: invMassA/(invMassA + invMassB) and B's.
    var shareA: Real
    var shareB: Real
    /// Relative acceleration of B from A along the normal during the tick (gravity and
    /// forces), pt/s².
    var acceleration: Real
    /// A much lighter side resting against a static body behind it (`World.backing`): the
    /// bounce moves the other side alone, as off the static body (1: A is the backed side,
    /// 2: B is), 0 for a pair bounced as two free bodies.
    var backed: Int8 = 0
    /// Scratch of `bounceBackedGroup`: the impulses so far at the face's points (or the
    /// midpoint) and their rebound speeds.
    var x1: Real = 0
    var x2: Real = 0
    var target1: Real = 0
    var target2: Real = 0
}

/// The timing of one bounce within a tick (`World.impactTiming`).
struct ImpactTiming {
    /// The normal speed the bounce must leave right after the impulse, pt/s.
    var targetSpeed: Real
    /// The separation change still owed at the end of the tick, pt.
    var shift: Real
    /// The approach speed at the moment of contact (< 0), pt/s.
    var contactSpeed: Real
}

extension World {
    // MARK: Impact pass (Docs/solver.md §2.6)

    /// Bounces contacts with elasticity sequentially before the sub-steps (file comment).
    mutating func impactPass(_ ctx: StepContext) {
        var cands = ContiguousArray<ImpactCandidate>()
        swap(&cands, &contactWorld.impactCandidates)
        cands.removeAll(keepingCapacity: true)
        // No pair can be elastic (the narrowphase's finding): no candidate, and no scan of
        // every contact's manifold record for its restitution (on pyramid100 about 1 % of the
        // time, a cache line a contact).
        if !contactWorld.elasticPairsPossible {
            swap(&cands, &contactWorld.impactCandidates)
            return
        }
        let staticIndex = Int32(bodySims.count)
        let inactive = BodyFlags.isStatic | BodyFlags.isAsleep
        let threshold = World.restitutionThreshold
        let gravityTable = self.gravityTable
        let forces = bodyForces
        let haveForces = forces.count == bodySims.count
        // Body `i`'s acceleration from gravity and the frame's forces, pt/s².
        @inline(__always) func acceleration(_ b: BodySim, _ i: Int) -> Vec2 {
            gravityTable[Int(b.gravity)] + b.invMass * (haveForces ? forces[i].force : .zero)
        }
        var anyLight = false
        var backing = ContiguousArray<Vec2>()
        swap(&backing, &contactWorld.impactBacking)
        var group = ContiguousArray<Int32>()
        swap(&group, &contactWorld.impactGroup)
        var keys = ContiguousArray<Real>()
        var live = ContiguousArray<Int32>()
        var starts = ContiguousArray<Int32>()
        var adjacency = ContiguousArray<Int32>()
        swap(&keys, &contactWorld.impactKeys)
        swap(&live, &contactWorld.impactLive)
        swap(&starts, &contactWorld.impactStarts)
        swap(&adjacency, &contactWorld.impactAdjacency)
        defer {
            swap(&backing, &contactWorld.impactBacking)
            swap(&group, &contactWorld.impactGroup)
            swap(&keys, &contactWorld.impactKeys)
            swap(&live, &contactWorld.impactLive)
            swap(&starts, &contactWorld.impactStarts)
            swap(&adjacency, &contactWorld.impactAdjacency)
        }
        bodySims.withUnsafeBufferPointer { sims in
            solverBodies.withUnsafeMutableBufferPointer { bodies in
                contactWorld.contacts.withUnsafeBufferPointer { contacts in
                    contactWorld.contactSims.withUnsafeBufferPointer { contactSims in
                        for ci in 0..<contacts.count {
                            let c = contacts[ci]
                            if c.sim < 0 { continue }
                            let t = contactSims.baseAddress! + Int(c.sim)
                            if t.pointee.restitution <= 0 { continue }
                            let flagsA = c.bodyA >= 0 ? sims[Int(c.bodyA)].flags : BodyFlags.isStatic
                            let flagsB = sims[Int(c.bodyB)].flags
                            if flagsA & inactive != 0 && flagsB & inactive != 0 { continue }
                            let a = c.bodyA >= 0 ? c.bodyA : staticIndex
                            let b = c.bodyB
                            let m = t.pointee.manifold
                            // One point: the midpoint of a face contact, else the one that closes first.
                            var p = m.point1
                            var face = false
                            if m.pointCount > 1 {
                                let q = m.point2
                                if abs(p.separation - q.separation) < CollisionConstants.linearSlop {
                                    face = true
                                    p.anchorA = 0.5 * (p.anchorA + q.anchorA)
                                    p.anchorB = 0.5 * (p.anchorB + q.anchorB)
                                    p.separation = 0.5 * (p.separation + q.separation)
                                } else if q.separation < p.separation {
                                    p = q
                                }
                            }
                            let pA = c.bodyA >= 0 ? sims[Int(a)].transform.p : .zero
                            let cA = c.bodyA >= 0 ? sims[Int(a)].center : .zero
                            let rA = p.anchorA + pA - cA
                            let rB = p.anchorB + sims[Int(b)].transform.p - sims[Int(b)].center
                            let n = m.normal
                            let mA = bodies[Int(a)].invMass
                            let iA = bodies[Int(a)].invInertia
                            let mB = bodies[Int(b)].invMass
                            let iB = bodies[Int(b)].invInertia
                            let rnA = rA.cross(n)
                            let rnB = rB.cross(n)
                            let k = mA + mB + iA * rnA * rnA + iB * rnB * rnB
                            if k <= 0 { continue }
                            let mSum = mA + mB
                            var acc: Real = 0
                            if flagsB & inactive == 0 { acc += n.dot(acceleration(sims[Int(b)], Int(b))) }
                            if c.bodyA >= 0 && flagsA & inactive == 0 {
                                acc -= n.dot(acceleration(sims[Int(a)], Int(a)))
                            }
                            // A much lighter side may rest on a static body behind it (checked after
                            // the candidates are listed, in one pass over the contacts).
                            let ratio = World.stackMassRatio
                            let light: Int8 = mA != 0 && mB > ratio * mA ? 2 : mB != 0 && mA > ratio * mB && c.bodyA >= 0 ? 1 : 0
                            var cand = ImpactCandidate(
                                a: a, b: b, contact: Int32(ci), normal: n, rA: rA, rB: rB, separation: p.separation, mass: 1 / k,
                                    restitution: t.pointee.restitution, shareA: mSum > 0 ? mA / mSum : 0,
                                    shareB: mSum > 0 ? mB / mSum : 0, acceleration: acc, backed: -light)
                            if light != 0 { anyLight = true }
                            if face {
                                cand.face = true
                                cand.rA1 = m.point1.anchorA + pA - cA
                                cand.rB1 = m.point1.anchorB + sims[Int(b)].transform.p - sims[Int(b)].center
                                cand.rA2 = m.point2.anchorA + pA - cA
                                cand.rB2 = m.point2.anchorB + sims[Int(b)].transform.p - sims[Int(b)].center
                            }
                            cands.append(cand)
                        }
                        if anyLight { World.findBacking(&cands, contacts, contactSims, sims, bodies, &backing) }
                    }
                }
                if cands.isEmpty { return }
                cands.withUnsafeMutableBufferPointer { cs in
                    // Each candidate's approach speed at contact (`key`, +∞ when it does not
                    // bounce this tick), kept up to date: a bounce changes the velocities of
                    // its own bodies only, so only the candidates on those bodies are looked
                    // at again (`starts`/`adjacency`: each body's candidates), and the fastest
                    // is picked from the list of those closing faster than the threshold, in
                    // candidate order (the first of equals, as a scan of all would pick).
                    // Scanning every candidate in every sweep made the pass quadratic: 55 % of
                    // the `uikit` rain's instructions.
                    let nb = bodies.count
                    while starts.count < nb + 1 { starts.append(0) }
                    for b in 0...nb { starts[b] = 0 }
                    for c in cs {
                        starts[Int(c.a)] += 1
                        starts[Int(c.b)] += 1
                    }
                    var sum: Int32 = 0
                    for b in 0..<nb {
                        let d = starts[b]
                        starts[b] = sum
                        sum += d
                    }
                    starts[nb] = sum
                    while adjacency.count < Int(sum) { adjacency.append(0) }
                    for i in 0..<cs.count {
                        let a = Int(cs[i].a)
                        adjacency[Int(starts[a])] = Int32(i)
                        starts[a] += 1
                        let b = Int(cs[i].b)
                        adjacency[Int(starts[b])] = Int32(i)
                        starts[b] += 1
                    }
                    var b = nb
                    while b > 0 {
                        starts[b] = starts[b - 1]
                        b -= 1
                    }
                    starts[0] = 0
                    keys.removeAll(keepingCapacity: true)
                    live.removeAll(keepingCapacity: true)
                    for i in 0..<cs.count {
                        let k = World.impactKey(cs, i, bodies, ctx: ctx)
                        keys.append(k)
                        if k < -threshold { live.append(Int32(i)) }
                    }
                    let cap = 64 + 4 * cs.count
                    var sweep = 0
                    while sweep < cap {
                        sweep += 1
                        var best = -1
                        var bestSpeed = -threshold
                        for j in 0..<live.count where keys[Int(live[j])] < bestSpeed {
                            best = Int(live[j])
                            bestSpeed = keys[best]
                        }
                        if best < 0 { break }
                        var c = cs[best]
                        let A = bodies[Int(c.a)]
                        let B = bodies[Int(c.b)]
                        let vnBest = (B.velocity(at: c.rB) - A.velocity(at: c.rA)).dot(c.normal)
                        guard let bestTiming = World.impactTiming(
                            separation: c.separation, speed: vnBest, acceleration: c.acceleration, restitution: c.restitution,
                            ctx: ctx)
                        else { break }
                        var grouped = false
                        if c.backed != 0 {
                            grouped = World.bounceBackedGroup(cs, best, bodies.baseAddress!, &group, ctx: ctx)
                            if grouped {
                                for g in group where Int(g) != best {
                                    if cs[Int(g)].normal.dot(c.normal) > 0.7 { cs[Int(g)].separation += bestTiming.shift }
                                    World.markImpacted(&contactWorld, contact: cs[Int(g)].contact)
                                }
                            }
                        }
                        if !grouped && !(c.face && World.bounceFace(c, bodies.baseAddress!, ctx: ctx)) {
                            let vn = (B.velocity(at: c.rB) - A.velocity(at: c.rA)).dot(c.normal)
                            let impulse = (bestTiming.targetSpeed - vn) * c.mass
                            let P = impulse * c.normal
                            if c.backed != 1 { bodies[Int(c.a)].applyImpulse(-P, at: c.rA) }
                            if c.backed != 2 { bodies[Int(c.b)].applyImpulse(P, at: c.rB) }
                        }
                        if bestTiming.shift != 0 {
                            // Where the pair is at the end of the tick, were the bounce at its
                            // true time (the impulse acts from the tick's start).
                            let shift = bestTiming.shift
                            bodies[Int(c.a)].dp -= (shift * c.shareA) * c.normal
                            bodies[Int(c.b)].dp += (shift * c.shareB) * c.normal
                            c.separation += shift
                        }
                        cs[best] = c
                        World.markImpacted(&contactWorld, contact: c.contact)
                        // Only the bodies a bounce moved (a grouped bounce moves the heavy
                        // body alone, which is one of these two).
                        World.refreshImpactKeys(Int(c.a), cs, bodies, &keys, &live, starts, adjacency, threshold, ctx: ctx)
                        if c.b != c.a {
                            World.refreshImpactKeys(Int(c.b), cs, bodies, &keys, &live, starts, adjacency, threshold, ctx: ctx)
                        }
                    }
                }
            }
        }
        swap(&cands, &contactWorld.impactCandidates)
    }

    /// Flags a contact the impact pass bounced (a candidate's contact has points, so a
    /// `ContactSim`).
    @inline(__always)
    static func markImpacted(_ cw: inout ContactWorld, contact i: Int32) {
        cw.contactSims[Int(cw.contacts[Int(i)].sim)].flags |= ContactFlags.impacted
    }

    /// A candidate's approach speed at contact (`ImpactTiming.contactSpeed`) as its bodies
    /// move now; +∞ when it does not bounce within the tick.
    @inline(__always)
    static func impactKey(
        _ cs: UnsafeMutableBufferPointer<ImpactCandidate>, _ i: Int, _ bodies: UnsafeMutableBufferPointer<SolverBody>,
        ctx: StepContext
    ) -> Real {
        let c = cs[i]
        let A = bodies[Int(c.a)]
        let B = bodies[Int(c.b)]
        let dv = B.velocity(at: c.rB) - A.velocity(at: c.rA)
        let vn = dv.dot(c.normal)
        if vn >= 0 { return .infinity }
        guard let t = impactTiming(
            separation: c.separation, speed: vn, acceleration: c.acceleration, restitution: c.restitution, ctx: ctx)
        else { return .infinity }
        return t.contactSpeed
    }

    /// Looks again at the impact candidates on body `b` (its velocity changed): their keys,
    /// and their places in the sorted list of those closing faster than the threshold.
    static func refreshImpactKeys(
        _ b: Int, _ cs: UnsafeMutableBufferPointer<ImpactCandidate>, _ bodies: UnsafeMutableBufferPointer<SolverBody>,
        _ keys: inout ContiguousArray<Real>, _ live: inout ContiguousArray<Int32>, _ starts: ContiguousArray<Int32>,
        _ adjacency: ContiguousArray<Int32>, _ threshold: Real, ctx: StepContext
    ) {
        for e in Int(starts[b])..<Int(starts[b + 1]) {
            let i = Int(adjacency[e])
            let was = keys[i] < -threshold
            let k = impactKey(cs, i, bodies, ctx: ctx)
            keys[i] = k
            let now = k < -threshold
            if was == now { continue }
            var lo = 0
            var hi = live.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if Int(live[mid]) < i { lo = mid + 1 } else { hi = mid }
            }
            // (Shifted by hand: `insert(_:at:)` and `remove(at:)` allocated in debug builds.)
            if now {
                live.append(0)
                var j = live.count - 1
                while j > lo {
                    live[j] = live[j - 1]
                    j -= 1
                }
                live[lo] = Int32(i)
            } else {
                var j = lo
                while j + 1 < live.count {
                    live[j] = live[j + 1]
                    j += 1
                }
                live.removeLast()
            }
        }
    }

    /// Bounces together every backed contact of one heavy body that closes within the tick
    /// (a box landing across two light ones at once: a bridge). Bounced one after the other,
    /// the first turned the box about the other, which then closed faster, and the pass
    /// stopped with the box spinning below the threshold (0.4 rad/s, a light box knocked
    /// aside). The light sides stand still, so it is the heavy body alone against up to two
    /// points per contact, each with its own rebound speed: projected Gauss–Seidel on that
    /// one body's rows until no impulse changes by a millionth of the largest. False when
    /// `best` is the only such contact (its own bounce follows). `group` is scratch.
    static func bounceBackedGroup(
        _ cs: UnsafeMutableBufferPointer<ImpactCandidate>, _ best: Int, _ bodies: UnsafeMutablePointer<SolverBody>,
        _ group: inout ContiguousArray<Int32>, ctx: StepContext
    ) -> Bool {
        @inline(__always) func heavyOf(_ c: ImpactCandidate) -> Int32 { c.backed == 2 ? c.a : c.b }
        let heavy = heavyOf(cs[best])
        let body = bodies + Int(heavy)
        group.removeAll(keepingCapacity: true)
        // The relative normal speed (B from A) of a point of candidate c with arms rA, rB.
        @inline(__always) func speed(_ c: ImpactCandidate, _ rA: Vec2, _ rB: Vec2) -> Real {
            (bodies[Int(c.b)].velocity(at: rB) - bodies[Int(c.a)].velocity(at: rA)).dot(c.normal)
        }
        @inline(__always) func target(_ c: ImpactCandidate, _ vn: Real) -> Real {
            guard vn < 0,
                let t = impactTiming(
                    separation: c.separation, speed: vn, acceleration: c.acceleration, restitution: c.restitution, ctx: ctx)
            else { return -.infinity }
            return t.targetSpeed
        }
        for i in 0..<cs.count where cs[i].backed != 0 && heavyOf(cs[i]) == heavy {
            var c = cs[i]
            let vn = speed(c, c.rA, c.rB)
            if vn >= 0 || target(c, vn) == -.infinity { continue }
            if c.face {
                c.target1 = target(c, speed(c, c.rA1, c.rB1))
                c.target2 = target(c, speed(c, c.rA2, c.rB2))
            } else {
                c.target1 = target(c, vn)
                c.target2 = -.infinity
            }
            c.x1 = 0
            c.x2 = 0
            cs[i] = c
            group.append(Int32(i))
        }
        if group.count < 2 { return false }
        let m = body.pointee.invMass
        let ii = body.pointee.invInertia
        // Applies impulse x at a point of c (arm r on the heavy side), away from the light side.
        @inline(__always) func push(_ c: ImpactCandidate, _ r: Vec2, _ x: Real) {
            body.pointee.applyImpulse(c.backed == 2 ? -(x * c.normal) : x * c.normal, at: r)
        }
        @inline(__always) func row(_ i: Int, _ k: Int) {
            let c = cs[i]
            let (rA, rB) = c.face ? (k == 0 ? (c.rA1, c.rB1) : (c.rA2, c.rB2)) : (c.rA, c.rB)
            let goal = k == 0 ? c.target1 : c.target2
            if goal == -.infinity { return }
            let r = c.backed == 2 ? rA : rB
            let rn = r.cross(c.normal)
            let kii = m + ii * rn * rn
            if !(kii > 0) { return }
            let old = k == 0 ? c.x1 : c.x2
            let x = Swift.max(old + (goal - speed(c, rA, rB)) / kii, 0)
            push(c, r, x - old)
            if k == 0 { cs[i].x1 = x } else { cs[i].x2 = x }
        }
        for _ in 0..<64 {
            var largest: Real = 0
            var change: Real = 0
            for g in group {
                let i = Int(g)
                let before = (cs[i].x1, cs[i].x2)
                row(i, 0)
                if cs[i].face { row(i, 1) }
                change = Swift.max(change, abs(cs[i].x1 - before.0), abs(cs[i].x2 - before.1))
                largest = Swift.max(largest, cs[i].x1, cs[i].x2)
            }
            if change <= 1e-6 * largest { break }
        }
        return true
    }

    /// Bounces a face contact at both its points (`ImpactCandidate.face`): impulses x ≥ 0
    /// that bring each point that bounces within the tick to its own rebound speed, as one
    /// complementarity problem (both points, or one with the other leaving at least as fast
    /// as its own rebound). False (nothing done) when neither point has a bounce or the two
    /// rows are degenerate; the midpoint impulse is then used.
    static func bounceFace(_ c: ImpactCandidate, _ bodies: UnsafeMutablePointer<SolverBody>, ctx: StepContext) -> Bool {
        let pa = bodies + Int(c.a)
        let pb = bodies + Int(c.b)
        let n = c.normal
        let mA = c.backed == 1 ? 0 : pa.pointee.invMass
        let iA = c.backed == 1 ? 0 : pa.pointee.invInertia
        let mB = c.backed == 2 ? 0 : pb.pointee.invMass
        let iB = c.backed == 2 ? 0 : pb.pointee.invInertia
        let vn1 = (pb.pointee.velocity(at: c.rB1) - pa.pointee.velocity(at: c.rA1)).dot(n)
        let vn2 = (pb.pointee.velocity(at: c.rB2) - pa.pointee.velocity(at: c.rA2)).dot(n)
        // Each point's rebound speed (its own approach, the face's gap); a point that does
        // not close within the tick only has to keep from closing.
        @inline(__always) func need(_ vn: Real) -> Real {
            guard vn < 0,
                let t = impactTiming(
                    separation: c.separation, speed: vn, acceleration: c.acceleration, restitution: c.restitution, ctx: ctx)
            else { return -vn }
            return t.targetSpeed - vn
        }
        let need1 = need(vn1)
        let need2 = need(vn2)
        let rnA1 = c.rA1.cross(n)
        let rnB1 = c.rB1.cross(n)
        let rnA2 = c.rA2.cross(n)
        let rnB2 = c.rB2.cross(n)
        let k11 = mA + mB + iA * rnA1 * rnA1 + iB * rnB1 * rnB1
        let k22 = mA + mB + iA * rnA2 * rnA2 + iB * rnB2 * rnB2
        let k12 = mA + mB + iA * rnA1 * rnA2 + iB * rnB1 * rnB2
        guard let (x1, x2) = twoPoints(k11: k11, k22: k22, k12: k12, need: (need1, need2)) else { return false }
        if c.backed != 1 {
            pa.pointee.applyImpulse(-(x1 * n), at: c.rA1)
            pa.pointee.applyImpulse(-(x2 * n), at: c.rA2)
        }
        if c.backed != 2 {
            pb.pointee.applyImpulse(x1 * n, at: c.rB1)
            pb.pointee.applyImpulse(x2 * n, at: c.rB2)
        }
        return true
    }

    /// Settles which candidates bounce off a backed light side (`ImpactCandidate.backed`,
    /// listed as −1 or −2: that side is much lighter). A body is backed along a direction when
    /// it touches (no gap beyond the slop) a static body there, or a body backed in about the
    /// same direction (a column of light boxes on the floor), up to `backingDepth` bodies
    /// down; a light side is backed when that direction is within 45° of the impact's. Each
    /// body keeps up to two such directions (a box in a corner) in `scratch`; one pass over
    /// the contacts for the static ones and one per level; no allocation once it has grown.
    static func findBacking(
        _ cands: inout ContiguousArray<ImpactCandidate>, _ contacts: UnsafeBufferPointer<Contact>,
        _ contactSims: UnsafeBufferPointer<ContactSim>,
        _ sims: UnsafeBufferPointer<BodySim>, _ bodies: UnsafeMutableBufferPointer<SolverBody>,
        _ scratch: inout ContiguousArray<Vec2>
    ) {
        let n = sims.count
        while scratch.count < 2 * n { scratch.append(.zero) }
        for i in 0..<(2 * n) { scratch[i] = .zero }
        let slop = CollisionConstants.linearSlop
        @inline(__always) func touching(_ c: Contact) -> Bool {
            if c.sim < 0 { return false }
            let m = contactSims[Int(c.sim)].manifold
            let s = m.pointCount > 1 ? Swift.min(m.point1.separation, m.point2.separation) : m.point1.separation
            return s <= slop
        }
        @inline(__always) func add(_ d: Int, _ away: Vec2) {
            if scratch[2 * d] == .zero {
                scratch[2 * d] = away
            } else if scratch[2 * d + 1] == .zero && scratch[2 * d].dot(away) < 0.99 {
                scratch[2 * d + 1] = away
            }
        }
        @inline(__always) func isStatic(_ b: Int32) -> Bool { b < 0 || sims[Int(b)].flags & BodyFlags.isStatic != 0 }
        // The normal points from A to B.
        for c in contacts where touching(c) {
            let staticA = isStatic(c.bodyA)
            if staticA == isStatic(c.bodyB) { continue }
            let n = contactSims[Int(c.sim)].manifold.normal
            add(Int(staticA ? c.bodyB : c.bodyA), staticA ? -n : n)
        }
        for _ in 0..<backingDepth {
            var grew = false
            for c in contacts where c.bodyA >= 0 && touching(c) && !isStatic(c.bodyA) && !isStatic(c.bodyB) {
                let a = Int(c.bodyA)
                let b = Int(c.bodyB)
                let n = contactSims[Int(c.sim)].manifold.normal
                if scratch[2 * a] == .zero && scratch[2 * b] != .zero
                    && (n.dot(scratch[2 * b]) >= 0.7 || n.dot(scratch[2 * b + 1]) >= 0.7)
                {
                    add(a, n)
                    grew = true
                } else if scratch[2 * b] == .zero && scratch[2 * a] != .zero
                    && (-n.dot(scratch[2 * a]) >= 0.7 || -n.dot(scratch[2 * a + 1]) >= 0.7)
                {
                    add(b, -n)
                    grew = true
                }
            }
            if !grew { break }
        }
        for i in cands.indices where cands[i].backed < 0 {
            var c = cands[i]
            let lightIsB = c.backed == -2
            let light = Int(lightIsB ? c.b : c.a)
            // Along the impact, from the heavy side into the light one.
            let into = lightIsB ? c.normal : -c.normal
            if scratch[2 * light].dot(into) >= 0.7 || scratch[2 * light + 1].dot(into) >= 0.7 {
                let heavy = bodies[Int(lightIsB ? c.a : c.b)]
                let rn = (lightIsB ? c.rA : c.rB).cross(c.normal)
                c.mass = 1 / (heavy.invMass + heavy.invInertia * rn * rn)
                c.shareA = lightIsB ? 1 : 0
                c.shareB = lightIsB ? 0 : 1
                c.backed = lightIsB ? 2 : 1
            } else {
                c.backed = 0
            }
            cands[i] = c
        }
    }

    /// How many bodies down a backing is looked for (`findBacking`).
    static let backingDepth = 4

    /// When, and how, a pair approaching at normal speed `speed` (< 0) across a gap
    /// `separation` with relative normal acceleration `acceleration` bounces within this
    /// tick; nil if it does not touch within the tick.
    ///
    /// Exact for free flight. The integrator (symplectic Euler at step k: the sub-step h when
    /// forces act per sub-step, else the tick H) moves positions as the exact parabola of
    /// the velocity w = v + k·a/2, so the pair's true motion is: w0 at the start of the tick
    /// (from the velocity before this tick's forces), contact after τ where
    /// s + w0·τ + a·τ²/2 = 0, approach speed wc = w0 + a·τ, rebound −e·wc, and at the end of
    /// the tick speed −e·wc + a·(H − τ) at separation −e·wc·(H − τ) + a·(H − τ)²/2. The
    /// impulse now sets the speed that the rest of the tick's integration turns into that
    /// end speed, and `shift` is the separation the integration then misses. A pair already
    /// touching (s ≤ 0) bounces at τ = 0.
    static func impactTiming(separation s: Real, speed vn: Real, acceleration a: Real, restitution e: Real, ctx: StepContext)
        -> ImpactTiming?
    {
        let H = ctx.tickDuration
        let k = ctx.forceStep
        // The speed before this tick's forces (the uikit step has applied them already).
        let pre = ctx.forcesPerSubstep ? vn : vn - H * a
        let w0 = pre + 0.5 * k * a
        var tau: Real = 0
        if s > 0 {
            if w0 >= 0 { return nil }
            let disc = w0 * w0 - 2 * a * s
            if disc < 0 { return nil }
            tau = 2 * s / (-w0 + disc.squareRoot())
            if tau > H { return nil }
        }
        let wc = w0 + a * tau
        if wc >= 0 { return nil }
        let rest = H - tau
        let wEnd = -e * wc + a * rest
        let sEnd = -e * wc * rest + 0.5 * a * rest * rest
        // What the rest of the tick adds: per sub-step forces add H·a to the speed and
        // a·H(H + h)/2 to the separation beyond H times the speed left by the impulse.
        let vEnd = wEnd - 0.5 * k * a
        let target = ctx.forcesPerSubstep ? vEnd - H * a : vEnd
        let integrated = H * target + (ctx.forcesPerSubstep ? 0.5 * a * H * (H + ctx.h) : 0)
        let shift = sEnd - (Swift.max(s, 0) + integrated)
        return ImpactTiming(targetSpeed: target, shift: shift, contactSpeed: wc)
    }

    // MARK: Prepare

    /// The radius of curvature, pt, of a shape (turned by `q`) at its support point in the
    /// world direction `d`: a circle's radius, an ellipse's a²b²/h³ with h its support
    /// distance; 0 for a polygon (its contact is a vertex or a face, material points).
    ///
    /// Used by `RollingArms`: where a round side's contact goes as it turns.
    /// A circle centred on its body's centre of mass (its contact arm never turns).
    @inline(__always)
    static func isCentredCircle(_ g: ShapeGeometry, _ localCenter: Vec2) -> Bool {
        g.kind == .circle && (g.center - localCenter).lengthSquared <= 1e-18 * (1 + g.radius * g.radius)
    }

    /// A shape's side in contacts, for its body's centre of mass `localCenter` (kept in the
    /// shape's record: `ShapeRecord.roundSide`).
    static func roundSide(_ g: ShapeGeometry, _ localCenter: Vec2) -> RoundSide {
        if g.kind == .polygon { return .flat }
        return World.isCentredCircle(g, localCenter) ? .centred : .rolling
    }

    static func rollingRadius(_ g: ShapeGeometry, _ q: Rot, _ d: Vec2) -> Real {
        switch g.kind {
        case .circle: return g.radius
        case .ellipse:
            let u = q.applyInverse(d)
            let a = g.semiAxes.x
            let b = g.semiAxes.y
            let h = (a * a * u.x * u.x + b * b * u.y * u.y).squareRoot()
            return h > 0 ? a * a * b * b / (h * h * h) : 0
        case .polygon: return 0
        }
    }

    /// A contact point's effective masses along the normal `n` and the tangent `t` (1/k; 0
    /// where nothing can move it), its arms `rA`, `rB` about the centres of mass.
    @inline(__always)
    static func pointMasses(
        _ rA: Vec2, _ rB: Vec2, _ n: Vec2, _ t: Vec2, mA: Real, iA: Real, mB: Real, iB: Real
    ) -> (normal: Real, tangent: Real) {
        let rnA = rA.cross(n)
        let rnB = rB.cross(n)
        let kN = mA + mB + iA * rnA * rnA + iB * rnB * rnB
        let rtA = rA.cross(t)
        let rtB = rB.cross(t)
        let kT = mA + mB + iA * rtA * rtA + iB * rtB * rtB
        return (kN > 0 ? 1 / kN : 0, kT > 0 ? 1 / kT : 0)
    }

    /// Builds the tick's contact constraints: dynamic pairs first, then pairs with a static
    /// body (solved last in every pass, so they have the last word against push-through).
    /// One walk over the contacts: a pair with a static side is listed and built after it.
    mutating func prepareContacts(_ ctx: StepContext) {
        var cs = ContiguousArray<ContactConstraint>()
        var ps = ContiguousArray<ContactConstraintPoint>()
        var order = ContiguousArray<Int32>()
        swap(&cs, &contactWorld.constraints)
        swap(&ps, &contactWorld.constraintPoints)
        swap(&order, &contactWorld.prepareOrder)
        let staticIndex = Int32(bodySims.count)
        let inactive = BodyFlags.isStatic | BodyFlags.isAsleep
        // Which contacts make constraints, in their order: pairs of dynamic bodies, then
        // pairs with a static side. Every such contact has a manifold record, so the list has
        // room for them all (it only grows); written through a pointer, the dynamic pairs from
        // its start and the static ones from its end, then put in order after them (an append
        // a contact checked the array's uniqueness, a runtime call).
        let bound = contactWorld.contactSims.count
        while order.count < bound { order.append(0) }
        var dynamicCount = 0
        var m = 0
        bodySims.withUnsafeBufferPointer { sims in
            contactWorld.contacts.withUnsafeBufferPointer { contacts in
                order.withUnsafeMutableBufferPointer { ob in
                    guard let base = contacts.baseAddress, let sb = sims.baseAddress, let op = ob.baseAddress else { return }
                    var back = bound
                    for ci in 0..<contacts.count {
                        let cp = base + ci
                        if cp.pointee.sim < 0 { continue }
                        let bodyA = cp.pointee.bodyA
                        let flagsA = bodyA >= 0 ? (sb + Int(bodyA)).pointee.flags : BodyFlags.isStatic
                        let flagsB = (sb + Int(cp.pointee.bodyB)).pointee.flags
                        if flagsA & inactive != 0 && flagsB & inactive != 0 { continue }
                        if (flagsA | flagsB) & BodyFlags.isStatic != 0 {
                            back &-= 1
                            op[back] = Int32(truncatingIfNeeded: ci)
                        } else {
                            op[dynamicCount] = Int32(truncatingIfNeeded: ci)
                            dynamicCount &+= 1
                        }
                    }
                    // The static pairs were written backwards: reversed in place, then moved
                    // down (to a lower place: an ascending copy is safe).
                    var i = back
                    var j = bound &- 1
                    while i < j {
                        let t = op[i]
                        op[i] = op[j]
                        op[j] = t
                        i &+= 1
                        j &-= 1
                    }
                    let staticCount = bound &- back
                    for k in 0..<staticCount { op[dynamicCount &+ k] = op[back &+ k] }
                    m = dynamicCount &+ staticCount
                }
            }
        }
        // The tables take the tick's count (grown or cut by the difference from last tick's)
        // and every constraint is written in place: no append, with its checks, per row.
        if cs.count > m { cs.removeLast(cs.count - m) }
        while cs.count < m { cs.append(.unused) }
        if ps.count > 2 &* m { ps.removeLast(ps.count - 2 &* m) }
        while ps.count < 2 &* m { ps.append(.unused) }
        // The constraints deeper than the slop at the tick's start, listed as they are built
        // (the push-out cap's, `limitPushOut`), through a pointer into a scratch list with room
        // for them all.
        var deepList = ContiguousArray<Int32>()
        swap(&deepList, &contactWorld.deepScratch)
        while deepList.count < m { deepList.append(0) }
        var deepCount = 0
        // Each body's count of deep contacts (its dynamic sides'), counted as they are built:
        // the push-out cap's shares (`limitPushOut`, which sets them back to 0 after use).
        var deepCounts = ContiguousArray<Int32>()
        swap(&deepCounts, &contactWorld.deepContactCounts)
        if deepCounts.count != Int(staticIndex) + 1 {
            deepCounts = ContiguousArray(repeating: 0, count: Int(staticIndex) + 1)
        } else if contactWorld.deepCountsUsed {
            deepCounts.withUnsafeMutableBufferPointer { cb in
                for i in 0..<cb.count { cb[i] = 0 }
            }
        }
        contactWorld.deepCountsUsed = false
        let deep = -CollisionConstants.linearSlop
        let veryDeep = -World.deepRelaxDepth
        // The colouring's keys (WideContactSolver.swift, "Reuse"), written as the constraints
        // are built, over last tick's: whether any differs decides whether the colouring is
        // kept, and the colouring no longer reads every constraint again to see.
        var keys = ContiguousArray<UInt64>()
        swap(&keys, &contactWorld.colourKeys)
        var keysChanged = keys.count != m
        while keys.count < m { keys.append(0) }
        if keys.count > m { keys.removeLast(keys.count - m) }
        var anyRestitution = false
        // The records' lanes are written from the constraints and the manifolds, not from
        // points (WideContactSolver.swift, "Points in the lanes"), so a constraint is built
        // without its points but where a reader needs them: one with elasticity (restitution),
        // and, once the colouring has found them, the overflow's (solved from their points).
        // Where the stack search may mark rows (a pair of very unequal masses, or a body marked
        // as carrying a load), every constraint is built with its points: the search reads them.
        let pointsForAll = contactWorld.massesSpreadTick != tickCount || contactWorld.massesSpread
            || contactWorld.carriesLoadMarked
        let tables = PrepareTables(
            staticIndex: staticIndex, soft: ctx.contactSoftness, staticSoft: ctx.staticContactSoftness, invH: ctx.invH)
        bodySims.withUnsafeBufferPointer { sims in
            solverBodies.withUnsafeBufferPointer { bodies in
                shapes.withUnsafeBufferPointer { shapeTable in
                    contactWorld.contacts.withUnsafeBufferPointer { contacts in
                        contactWorld.contactSims.withUnsafeBufferPointer { contactSims in
                            order.withUnsafeBufferPointer { list in
                                cs.withUnsafeMutableBufferPointer { cb in
                                    ps.withUnsafeMutableBufferPointer { pb in
                                      deepList.withUnsafeMutableBufferPointer { db in
                                      deepCounts.withUnsafeMutableBufferPointer { countBuffer in
                                      keys.withUnsafeMutableBufferPointer { kb in
                                        guard let base = contacts.baseAddress, let simBase = contactSims.baseAddress,
                                              let sb = sims.baseAddress, let bb = bodies.baseAddress,
                                              let shb = shapeTable.baseAddress, let cp = cb.baseAddress, let pp = pb.baseAddress
                                        else { return }
                                        let dp = db.baseAddress
                                        let kp = kb.baseAddress
                                        let counts = countBuffer.baseAddress
                                        for k in 0..<m {
                                            let ci = Int(list[k])
                                            let sp = simBase + Int((base + ci).pointee.sim)
                                            let key: UInt64
                                            if pointsForAll || sp.pointee.restitution > 0 {
                                                key = World.buildConstraint(
                                                    ci, isStatic: k >= dynamicCount, tables, base, simBase, sb, bb, shb, cp + k,
                                                    pp + 2 &* k)
                                            } else {
                                                key = World.buildConstraintHeader(
                                                    ci, isStatic: k >= dynamicCount, tables, base, simBase, sb, bb, shb, cp + k)
                                            }
                                            // Deep: a point deeper than the slop at the tick's start
                                            // (the push-out cap's list, `limitPushOut`; one deeper than
                                            // `deepRelaxDepth` listed as ~k).
                                            let deepest = World.deepestSeparation(sp)
                                            let c = cp + k
                                            if deepest < deep {
                                                let entry = Int32(truncatingIfNeeded: k)
                                                dp?[deepCount] = deepest < veryDeep ? ~entry : entry
                                                deepCount &+= 1
                                                if c.pointee.invMassA != 0 || c.pointee.invIA != 0 {
                                                    counts?[Int(c.pointee.a)] &+= 1
                                                }
                                                if c.pointee.invMassB != 0 || c.pointee.invIB != 0 {
                                                    counts?[Int(c.pointee.b)] &+= 1
                                                }
                                            }
                                            if c.pointee.restitution > 0 { anyRestitution = true }
                                            if kp?[k] != key {
                                                keysChanged = true
                                                kp?[k] = key
                                            }
                                        }
                                      }
                                      }
                                      }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        swap(&deepCounts, &contactWorld.deepContactCounts)
        contactWorld.keysChanged = keysChanged
        contactWorld.anyRestitution = anyRestitution
        swap(&deepList, &contactWorld.deepScratch)
        limitPushOut(&cs, deepCount: deepCount)
        findStacks(&cs, &ps, landings: true, forceStep: ctx.forceStep)
        swap(&keys, &contactWorld.colourKeys)
        swap(&cs, &contactWorld.constraints)
        swap(&ps, &contactWorld.constraintPoints)
        colourContacts()
        if !pointsForAll {
            // The overflow's points (its constraints were built without them, but for the
            // elastic ones), keeping the push-out cap's limits.
            contactWorld.constraints.withUnsafeMutableBufferPointer { cb in
                contactWorld.constraintPoints.withUnsafeMutableBufferPointer { pb in
                    bodySims.withUnsafeBufferPointer { sims in
                        solverBodies.withUnsafeBufferPointer { bodies in
                            shapes.withUnsafeBufferPointer { shapeTable in
                                contactWorld.contacts.withUnsafeBufferPointer { contacts in
                                    contactWorld.contactSims.withUnsafeBufferPointer { contactSims in
                                        contactWorld.overflowContacts.withUnsafeBufferPointer { overflow in
                                            guard let base = contacts.baseAddress, let simBase = contactSims.baseAddress,
                                                  let sb = sims.baseAddress, let bb = bodies.baseAddress,
                                                  let shb = shapeTable.baseAddress, let cp = cb.baseAddress,
                                                  let pp = pb.baseAddress
                                            else { return }
                                            for o in overflow {
                                                let k = Int(o)
                                                let c = cp + k
                                                if c.pointee.restitution > 0 { continue }
                                                let limit = c.pointee.pushLimit
                                                World.buildConstraint(
                                                    Int(c.pointee.contact), isStatic: k >= dynamicCount, tables, base, simBase, sb,
                                                    bb, shb, c, pp + 2 &* k)
                                                c.pointee.pushLimit = limit
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        swap(&order, &contactWorld.prepareOrder)
    }

    /// The least separation of a contact's manifold points (pt): deeper than the slop, the
    /// contact is one of the push-out cap's (Contacts/PushOut.swift).
    @inline(__always)
    static func deepestSeparation(_ sp: UnsafePointer<ContactSim>) -> Real {
        let s1 = sp.pointee.manifold.point1.separation
        return sp.pointee.manifold.pointCount > 1 ? Swift.min(s1, sp.pointee.manifold.point2.separation) : s1
    }

    /// A constraint's own fields, without its points (a coloured constraint's lanes are written
    /// from the manifold, `writeLanesFromManifolds`) and without what only restitution and the
    /// stack search read (the points' approach speeds: `buildConstraint` adds them).
    /// Returns the constraint's colouring key (`colourKey`, from the values at hand rather
    /// than read back from the constraint just written: 27 instructions a constraint).
    @inline(__always) @discardableResult
    static func buildConstraintHeader(
        _ ci: Int, isStatic: Bool, _ t: PrepareTables, _ contacts: UnsafePointer<Contact>,
        _ sims: UnsafePointer<ContactSim>, _ bodySims: UnsafePointer<BodySim>, _ bodies: UnsafePointer<SolverBody>,
        _ shapes: UnsafePointer<ShapeRecord>, _ out: UnsafeMutablePointer<ContactConstraint>
    ) -> UInt64 {
        let cp = contacts + ci
        let sp = sims + Int(cp.pointee.sim)
        let bodyA = cp.pointee.bodyA
        let a = bodyA >= 0 ? bodyA : t.staticIndex
        let b = cp.pointee.bodyB
        let pa = bodies + Int(a)
        let pb = bodies + Int(b)
        let simB = bodySims + Int(b)
        let n = sp.pointee.manifold.normal
        let count = sp.pointee.manifold.pointCount
        // Round sides roll (`rollingRadius`); a polygon's side needs no look.
        var rollA: Real = 0
        var fixedA = false
        // (Each shape's kind of side is kept in its record, `roundSide`.)
        if bodyA >= 0 && cp.pointee.codeA & ContactWorld.segmentBit == 0 {
            let g = shapes + Int(cp.pointee.indexA)
            let side = g.pointee.roundSide
            if side != .flat {
                fixedA = side == .centred
                if !fixedA {
                    rollA = World.rollingRadius(g.pointee.geometry, (bodySims + Int(a)).pointee.transform.q, n)
                }
            }
        }
        var rollB: Real = 0
        var fixedB = false
        let gB = shapes + Int(cp.pointee.indexB)
        let sideB = gB.pointee.roundSide
        if sideB != .flat {
            fixedB = sideB == .centred
            if !fixedB { rollB = World.rollingRadius(gB.pointee.geometry, simB.pointee.transform.q, -n) }
        }
        let mA = pa.pointee.invMass
        let iA = pa.pointee.invInertia
        let mB = pb.pointee.invMass
        let iB = pb.pointee.invInertia
        out.pointee = ContactConstraint(
                a: a, b: b, contact: Int32(truncatingIfNeeded: ci), pointCount: Int32(truncatingIfNeeded: count),
                normal: n, friction: sp.pointee.friction, restitution: sp.pointee.restitution, invMassA: mA,
                invIA: iA, invMassB: mB, invIB: iB,
                softness: isStatic ? t.staticSoft : t.soft, relativeVelocity1: 0, relativeVelocity2: 0,
                speculativeRate: t.invH, rollA: rollA, rollB: rollB, fixedArmA: fixedA, fixedArmB: fixedB)
        return World.colourKey(
            a: a, b: b, out: rollA > 0 || rollB > 0, dynA: mA != 0 || iA != 0, dynB: mB != 0 || iB != 0)
    }

    /// A constraint with its points (in `points`), for the readers of points: the overflow's
    /// rows, restitution and the stack search.
    @inline(__always) @discardableResult
    static func buildConstraint(
        _ ci: Int, isStatic: Bool, _ t: PrepareTables, _ contacts: UnsafePointer<Contact>,
        _ sims: UnsafePointer<ContactSim>, _ bodySims: UnsafePointer<BodySim>, _ bodies: UnsafePointer<SolverBody>,
        _ shapes: UnsafePointer<ShapeRecord>, _ out: UnsafeMutablePointer<ContactConstraint>,
        _ points: UnsafeMutablePointer<ContactConstraintPoint>
    ) -> UInt64 {
        // Its own fields first (bodies, normal, masses), then the points and what only
        // restitution and the stack search read: the points' approach speeds, and no
        // speculative rows for a pair the impact pass owns.
        let key = World.buildConstraintHeader(ci, isStatic: isStatic, t, contacts, sims, bodySims, bodies, shapes, out)
        let sp = sims + Int((contacts + ci).pointee.sim)
        let bodyA = (contacts + ci).pointee.bodyA
        let a = out.pointee.a
        let b = out.pointee.b
        let pa = bodies + Int(a)
        let pb = bodies + Int(b)
        let simB = bodySims + Int(b)
        let mA = out.pointee.invMassA
        let iA = out.pointee.invIA
        let mB = out.pointee.invMassB
        let iB = out.pointee.invIB
        let vA = pa.pointee.v
        let wA = pa.pointee.w
        let vB = pb.pointee.v
        let wB = pb.pointee.w
        let offA = bodyA >= 0 ? (bodySims + Int(a)).pointee.transform.p - (bodySims + Int(a)).pointee.center : .zero
        let offB = simB.pointee.transform.p - simB.pointee.center
        let n = sp.pointee.manifold.normal
        let tangent = Vec2(n.y, -n.x)
        @inline(__always) func point(_ mp: ManifoldPoint, _ ln: Real, _ lt: Real) -> (ContactConstraintPoint, Real) {
            let rA = mp.anchorA + offA
            let rB = mp.anchorB + offB
            let (normalMass, tangentMass) = World.pointMasses(rA, rB, n, tangent, mA: mA, iA: iA, mB: mB, iB: iB)
            let dv = (vB + cross(wB, rB)) - (vA + cross(wA, rA))
            let p = ContactConstraintPoint(
                rA: rA, rB: rB, baseSeparation: mp.separation - (rB - rA).dot(n), normalImpulse: ln,
                tangentImpulse: lt, normalMass: normalMass,
                tangentMass: tangentMass, totalNormalImpulse: 0, totalTangentImpulse: 0)
            return (p, dv.dot(n))
        }
        let count = sp.pointee.manifold.pointCount
        let (p1, vn1) = point(sp.pointee.manifold.point1, sp.pointee.normalImpulse1, sp.pointee.tangentImpulse1)
        points.pointee = p1
        let vn2: Real
        if count > 1 {
            let (p2, v2) = point(sp.pointee.manifold.point2, sp.pointee.normalImpulse2, sp.pointee.tangentImpulse2)
            (points + 1).pointee = p2
            vn2 = v2
        } else {
            // The second point's place is left as it was: every reader of a constraint's points
            // stops at `pointCount` (a wide record's lane has an inert second point,
            // `writeLanesFromManifolds`).
            vn2 = vn1
        }
        out.pointee.relativeVelocity1 = vn1
        out.pointee.relativeVelocity2 = vn2
        if sp.pointee.restitution > 0 && Swift.min(vn1, vn2) < -World.restitutionThreshold {
            out.pointee.speculativeRate = .infinity
        }
        return key
    }

    // MARK: Sub-step passes

    /// Sub-step 0 applies last tick's impulses; later sub-steps start from 0, the relax of
    /// each sub-step having banked its impulses into the totals (file comment).
    mutating func warmStartContacts(_ ctx: StepContext, substep: Int) {
        // Forces in every sub-step (ideal): every sub-step carries the load, so each starts
        // from the normal impulse of the sub-step before (relax keeps it), as Box2D v3.
        if substep > 0 && !ctx.forcesPerSubstep { return }
        let constraints = contactWorld.constraints
        let overflow = contactWorld.overflowContacts
        let list = contactWorld.wideBodyList
        var states = ContiguousArray<WideBodyState>()
        swap(&states, &contactWorld.wideStates)
        defer { swap(&states, &contactWorld.wideStates) }
        var banked = ContiguousArray<SIMD4<Float>>()
        swap(&banked, &contactWorld.wideBanked)
        defer { swap(&banked, &contactWorld.wideBanked) }
        let explicit = contactWorld.explicitWarmStarts
        solverBodies.withUnsafeMutableBufferPointer { bodies in
            let centred = ctx.forcesPerSubstep
            contactWorld.wideContacts.withUnsafeMutableBufferPointer { ws in
                states.withUnsafeMutableBufferPointer { st in
                    banked.withUnsafeMutableBufferPointer { bk in
                        list.withUnsafeBufferPointer { ls in
                            guard let bp = bodies.baseAddress, let wp = ws.baseAddress, let sp = st.baseAddress,
                                let kp = bk.baseAddress
                            else { return }
                            if substep == 0 || explicit {
                                World.loadWideStates(ls, bp, sp, pose: false)
                                for r in 0..<ws.count { World.warmStartWide(wp + r, sp, centred: centred) }
                                World.storeWideStates(ls, bp, sp, bank: kp, reset: substep == 0)
                            } else {
                                // A later sub-step (file comment, "Warm start of later sub-steps"
                                // in WideContactSolver.swift): what the records changed in the
                                // sub-step before, less the halves of sliding points.
                                for r in 0..<ws.count { World.halveSlidingWide(wp + r, kp) }
                                for k in 0..<ls.count { addVelocityChange(bp + Int(ls[k]), kp[k]) }
                            }
                        }
                    }
                }
            }
            contactWorld.constraintPoints.withUnsafeMutableBufferPointer { ps in
                constraints.withUnsafeBufferPointer { cs in
                    guard let bp = bodies.baseAddress, let pp = ps.baseAddress, let cp = cs.baseAddress else { return }
                    for o in overflow {
                        let i = Int(o)
                        // Through the pointer: only the fields used are read (every sub-step).
                        let c = cp + i
                        let pa = bp + Int(c.pointee.a)
                        let pb = bp + Int(c.pointee.b)
                        var vA = pa.pointee.v
                        var wA = pa.pointee.w
                        var vB = pb.pointee.v
                        var wB = pb.pointee.w
                        let n = c.pointee.normal
                        let mA = c.pointee.invMassA
                        let iA = c.pointee.invIA
                        let mB = c.pointee.invMassB
                        let iB = c.pointee.invIB
                        let rolls = c.pointee.rollA > 0 || c.pointee.rollB > 0
                        for k in 0..<Int(c.pointee.pointCount) {
                            let q = pp + (2 &* i &+ k)
                            var rA = q.pointee.rA
                            var rB = q.pointee.rB
                            if rolls {
                                let rolling = RollingArms(c.pointee, pa.pointee.dq, pb.pointee.dq)
                                (rA, rB, _) = rolling.arms(rA, rB, .zero)
                            }
                            let ln = q.pointee.normalImpulse
                            var lt = q.pointee.tangentImpulse
                            if centred && abs(lt) >= 0.999 * c.pointee.friction * ln && ln > 0 {
                                // Sliding (the sub-step before was at μ·λn): half of it before
                                // the move, the rest in relax, so that the sub-step moves at
                                // its mean speed (file comment, "Sliding friction").
                                lt *= 0.5
                                q.pointee.tangentImpulse = lt
                            }
                            // P = λn·n + λt·t with t = (n.y, −n.x)
                            let px = ln * n.x + lt * n.y
                            let py = ln * n.y - lt * n.x
                            vA.x -= mA * px
                            vA.y -= mA * py
                            wA -= iA * (rA.x * py - rA.y * px)
                            vB.x += mB * px
                            vB.y += mB * py
                            wB += iB * (rB.x * py - rB.y * px)
                        }
                        pa.pointee.v = vA
                        pa.pointee.w = wA
                        pb.pointee.v = vB
                        pb.pointee.w = wB
                    }
                }
            }
        }
    }

    /// One pass over the contacts: the biased solve (`useBias`) or the rigid relax, which also
    /// solves friction (file comment); `deepOnly`: a rigid pass of the normal rows of the
    /// crowd's deep rows alone (Contacts/PushOut.swift, `solveDeepContacts`).
    mutating func solveContacts(_ ctx: StepContext, useBias: Bool, deepOnly: Bool = false) {
        let invH = ctx.invH
        let keep = ctx.forcesPerSubstep
        let constraints = contactWorld.constraints
        let overflow = deepOnly ? contactWorld.deepOverflow : contactWorld.overflowContacts
        let deepWide = contactWorld.deepWide
        let list = contactWorld.wideBodyList
        var states = ContiguousArray<WideBodyState>()
        swap(&states, &contactWorld.wideStates)
        defer { swap(&states, &contactWorld.wideStates) }
        var banked = ContiguousArray<SIMD4<Float>>()
        swap(&banked, &contactWorld.wideBanked)
        defer { swap(&banked, &contactWorld.wideBanked) }
        let posesCurrent = contactWorld.widePosesCurrent
        contactWorld.widePosesCurrent = true
        solverBodies.withUnsafeMutableBufferPointer { bodies in
            // The overflow one by one, then the colours, four constraints at a time
            // (Contacts/WideContactSolver.swift).
            contactWorld.constraintPoints.withUnsafeMutableBufferPointer { ps in
                constraints.withUnsafeBufferPointer { cs in
                    overflow.withUnsafeBufferPointer { ov in
                        guard let bp = bodies.baseAddress, let pp = ps.baseAddress, let cp = cs.baseAddress else { return }
                        for o in ov {
                            let i = Int(o)
                            World.solveContact(
                                cp + i, pp + 2 &* i, bp, invH: invH, relax: !useBias, keepNormal: keep,
                                friction: !deepOnly)
                        }
                    }
                }
            }
            contactWorld.wideContacts.withUnsafeMutableBufferPointer { ws in
                states.withUnsafeMutableBufferPointer { st in
                    list.withUnsafeBufferPointer { ls in
                        guard let bp = bodies.baseAddress, let wp = ws.baseAddress, let sp = st.baseAddress else { return }
                        if posesCurrent {
                            World.loadWideStates(ls, bp, sp, pose: false)
                        } else {
                            World.loadWideStates(ls, bp, sp, pose: true)
                        }
                        if deepOnly {
                            for r in deepWide { World.solveWide(wp + Int(r), sp, relax: true, keepNormal: keep, friction: false) }
                        } else if useBias {
                            for r in 0..<ws.count { World.solveWide(wp + r, sp, relax: false, keepNormal: keep, friction: false) }
                        } else if keep {
                            // (Each model's friction rows compiled for it.)
                            for r in 0..<ws.count { World.solveWide(wp + r, sp, relax: true, keepNormal: true, friction: true) }
                        } else {
                            for r in 0..<ws.count { World.solveWide(wp + r, sp, relax: true, keepNormal: false, friction: true) }
                        }
                        banked.withUnsafeMutableBufferPointer { bk in
                            World.storeWideStates(ls, bp, sp, bank: bk.baseAddress!, reset: false)
                        }
                    }
                }
            }
        }
    }

    /// One contact's rows (file comment): normal points, then friction when relaxing (unless
    /// `friction` is false: the crowd's extra passes, Contacts/PushOut.swift).
    @inline(__always)
    static func solveContact(
        _ c: UnsafePointer<ContactConstraint>, _ p: UnsafeMutablePointer<ContactConstraintPoint>,
        _ bodies: UnsafeMutablePointer<SolverBody>, invH: Real, relax: Bool, keepNormal: Bool, friction withFriction: Bool = true
    ) {
        let pa = bodies + Int(c.pointee.a)
        let pb = bodies + Int(c.pointee.b)
        var vA = pa.pointee.v
        var wA = pa.pointee.w
        var vB = pb.pointee.v
        var wB = pb.pointee.w
        let dqA = c.pointee.fixedArmA ? Rot.identity : pa.pointee.dq
        let dqB = c.pointee.fixedArmB ? Rot.identity : pb.pointee.dq
        let dp = pb.pointee.dp - pa.pointee.dp
        let n = c.pointee.normal
        let mA = c.pointee.invMassA
        let iA = c.pointee.invIA
        let mB = c.pointee.invMassB
        let iB = c.pointee.invIB
        let biasRate = relax ? 0 : c.pointee.softness.biasRate
        let softMass = relax ? 1 : c.pointee.softness.massScale
        let softImpulse = relax ? 0 : c.pointee.softness.impulseScale
        let count = Int(c.pointee.pointCount)
        let rolling = RollingArms(c.pointee, dqA, dqB)
        var k = 0
        if c.pointee.stackUpper == 2 || c.pointee.stackUpper == -2 {
            k = count  // a landing: the stack sweep's alone (Contacts/StackSweep.swift)
        } else if c.pointee.stackUpper != 0 && count == 2
            && World.solveStackBlock(c, p, rolling, dp, biasRate: biasRate, &vA, &wA, &vB, &wB)
        {
            k = count  // both points solved together (Contacts/StackSweep.swift)
        }
        while k < count {
            let q = p + k
            // Current separation from the pose deltas; anchors fixed for the tick, except
            // where a round side has rolled (`RollingArms`).
            let (rA, rB, d) = rolling.arms(q.pointee.rA, q.pointee.rB, dp)
            let s = d.x * n.x + d.y * n.y + q.pointee.baseSeparation
            var bias: Real
            var massScale: Real
            var impulseScale: Real
            if s > 0 {
                // Speculative: the gap may close, not more (a pair the impact pass owns: no row).
                bias = s * c.pointee.speculativeRate
                massScale = 1
                impulseScale = 0
            } else {
                bias = Swift.max(biasRate * s, -c.pointee.pushLimit)
                massScale = softMass
                impulseScale = softImpulse
            }
            let dvx = (vB.x - wB * rB.y) - (vA.x - wA * rA.y)
            let dvy = (vB.y + wB * rB.x) - (vA.y + wA * rA.x)
            let vn = dvx * n.x + dvy * n.y
            let old = q.pointee.normalImpulse
            let newImpulse = Swift.max(old - q.pointee.normalMass * massScale * (vn + bias) - impulseScale * old, 0)
            let impulse = newImpulse - old
            q.pointee.normalImpulse = newImpulse
            let px = impulse * n.x
            let py = impulse * n.y
            vA.x -= mA * px
            vA.y -= mA * py
            wA -= iA * (rA.x * py - rA.y * px)
            vB.x += mB * px
            vB.y += mB * py
            wB += iB * (rB.x * py - rB.y * px)
            k &+= 1
        }
        if relax && withFriction {
            let friction = c.pointee.friction
            let tx = n.y
            let ty = -n.x
            k = 0
            while k < count {
                let q = p + k
                let (rA, rB, _) = rolling.arms(q.pointee.rA, q.pointee.rB, dp)
                let dvx = (vB.x - wB * rB.y) - (vA.x - wA * rA.y)
                let dvy = (vB.y + wB * rB.x) - (vA.y + wA * rA.x)
                let vt = dvx * tx + dvy * ty
                // Coulomb over the tick: the tangential impulse so far within μ × the normal
                // impulse so far (later sub-steps carry little normal impulse of their own).
                let impulse: Real
                if keepNormal {
                    // Forces in every sub-step: each sub-step carries its own load, so
                    // Coulomb holds per sub-step (Box2D v3), warm started from the last.
                    let old = q.pointee.tangentImpulse
                    let maxFriction = friction * q.pointee.normalImpulse
                    let newImpulse = Swift.min(Swift.max(old - q.pointee.tangentMass * vt, -maxFriction), maxFriction)
                    impulse = newImpulse - old
                    q.pointee.tangentImpulse = newImpulse
                    q.pointee.totalNormalImpulse += q.pointee.normalImpulse
                    q.pointee.totalTangentImpulse += newImpulse
                } else {
                    let old = q.pointee.totalTangentImpulse + q.pointee.tangentImpulse
                    let maxFriction = friction * (q.pointee.totalNormalImpulse + q.pointee.normalImpulse)
                    let newImpulse = Swift.min(Swift.max(old - q.pointee.tangentMass * vt, -maxFriction), maxFriction)
                    impulse = newImpulse - old
                    // The sub-step is done for this point: bank its impulses, restart from 0.
                    q.pointee.totalNormalImpulse += q.pointee.normalImpulse
                    q.pointee.totalTangentImpulse = newImpulse
                    q.pointee.normalImpulse = 0
                    q.pointee.tangentImpulse = 0
                }
                let px = impulse * tx
                let py = impulse * ty
                vA.x -= mA * px
                vA.y -= mA * py
                wA -= iA * (rA.x * py - rA.y * px)
                vB.x += mB * px
                vB.y += mB * py
                wB += iB * (rB.x * py - rB.y * px)
                k &+= 1
            }
        }
        pa.pointee.v = vA
        pa.pointee.w = wA
        pb.pointee.v = vB
        pb.pointee.w = wB
    }

    // MARK: After the sub-steps

    /// The restitution pass (Box2D's): points that approached faster than the threshold at
    /// prepare and took some impulse get vn = −e·vn0 (the total impulse stays ≥ 0).
    mutating func restituteContacts(_ ctx: StepContext) {
        let threshold = World.restitutionThreshold
        let constraints = contactWorld.constraints
        solverBodies.withUnsafeMutableBufferPointer { bodies in
            contactWorld.constraintPoints.withUnsafeMutableBufferPointer { ps in
                constraints.withUnsafeBufferPointer { cs in
                    guard let bp = bodies.baseAddress, let pp = ps.baseAddress else { return }
                    for i in 0..<cs.count where cs[i].restitution > 0 {
                        let c = cs[i]
                        let pa = bp + Int(c.a)
                        let pb = bp + Int(c.b)
                        var A = pa.pointee
                        var B = pb.pointee
                        let n = c.normal
                        for k in 0..<Int(c.pointCount) {
                            let q = pp + (2 &* i &+ k)
                            let vn0 = k == 0 ? c.relativeVelocity1 : c.relativeVelocity2
                            if vn0 > -threshold || q.pointee.totalNormalImpulse == 0 { continue }
                            let rA = q.pointee.rA
                            let rB = q.pointee.rB
                            let vn = (B.velocity(at: rB) - A.velocity(at: rA)).dot(n)
                            let old = q.pointee.totalNormalImpulse
                            let newImpulse = Swift.max(
                                old - q.pointee.normalMass * (vn + c.restitution * vn0), 0)
                            q.pointee.totalNormalImpulse = newImpulse
                            let P = (newImpulse - old) * n
                            A.applyImpulse(-P, at: rA)
                            B.applyImpulse(P, at: rB)
                        }
                        pa.pointee = A
                        pb.pointee = B
                    }
                }
            }
        }
    }

    /// Where the surfaces of a point with a gap meet as it closes: its midpoint moved along
    /// the normal by the share of the gap the other side covers (on a static side's surface;
    /// still midway for equal masses). A touching or overlapping point is its own.
    /// (`originA`: A's transform origin at the narrowphase, which the point is anchored to;
    /// `bodyA`, `bodyB`: the solver bodies, whose inverse masses are read only for a gap: a
    /// read of two bodies at random was a fifth of the store's time on pyramid100.)
    @inline(__always)
    static func meetingPoint(
        _ p: ManifoldPoint, _ n: Vec2, bodyA: UnsafePointer<SolverBody>, bodyB: UnsafePointer<SolverBody>, originA: Vec2
    ) -> Vec2 {
        let s = p.separation
        let point = p.anchorA + originA
        if s <= 0 { return point }
        let invMassA = bodyA.pointee.invMass
        let invMassB = bodyB.pointee.invMass
        let total = invMassA + invMassB
        if total <= 0 { return point }
        return point + ((0.5 * s) * (invMassA - invMassB) / total) * n
    }

    /// Stores the tick's total impulses in the contacts (warm starting), decides which
    /// contacts touch (Contacts/ContactWorld.swift) and records began and ended events at the
    /// point with the largest normal impulse.
    mutating func storeContactImpulses(_ ctx: StepContext, fromLanes: Bool = false) {
        let perSubstep = ctx.forcesPerSubstep
        var cw = ContactWorld.placeholder
        swap(&cw, &contactWorld)
        // The constraints themselves (200 bytes each) are not read: constraint k is contact
        // `prepareOrder[k]`, its inverse masses are its solver bodies' and its point count
        // the manifold's (neither changes after prepare).
        let m = cw.constraints.count
        let staticIndex = bodySims.count
        cw.prepareOrder.withUnsafeBufferPointer { order in
            cw.constraintPoints.withUnsafeBufferPointer { ps in
                cw.contacts.withUnsafeBufferPointer { pairs in
                    cw.contactSims.withUnsafeMutableBufferPointer { contactSims in
                      cw.wideContacts.withUnsafeBufferPointer { ws in
                        cw.constraintSlots.withUnsafeBufferPointer { slots in
                        solverBodies.withUnsafeBufferPointer { bodies in
                        bodySims.withUnsafeBufferPointer { sims in
                        guard let op = order.baseAddress, let pb = ps.baseAddress, let pairBase = pairs.baseAddress,
                              let simBase = contactSims.baseAddress, let bb = bodies.baseAddress, let sb = sims.baseAddress
                        else { return }
                        let lanes = fromLanes && slots.count == m ? slots.baseAddress : nil
                        let records = UnsafeRawPointer(ws.baseAddress)
                        let at = WideLayout.offsets
                        // A point's impulses: the warm start's normal and tangential ones (the
                        // tick's totals, or with forces in every sub-step the last sub-step's
                        // normal impulse and the mean tangential one) and the total normal one.
                        @inline(__always) func impulses(_ p: UnsafePointer<ContactConstraintPoint>) -> (Real, Real, Real) {
                            (perSubstep ? p.pointee.normalImpulse : p.pointee.totalNormalImpulse,
                             perSubstep ? p.pointee.tangentImpulse : p.pointee.totalTangentImpulse, p.pointee.totalNormalImpulse)
                        }
                        // The same from a lane (the values `gatherWideImpulses` would have written),
                        // the fields' offsets chosen once (a choice per read cost 22 instructions a
                        // point): a point's normal and tangential impulses, then the totals.
                        let warmNormal = perSubstep ? 28 : 36
                        let warmTangent = perSubstep ? 32 : 40
                        @inline(__always) func impulses(_ q: UnsafePointer<Float>) -> (Real, Real, Real) {
                            (Real(q[warmNormal]), Real(q[warmTangent]), Real(q[36]))
                        }
                        // Read in place: a manifold record is 296 bytes.
                        for ci in 0..<m {
                            let p1 = pb + 2 &* ci
                            let pair = pairBase + Int(op[ci])
                            let contact = simBase + Int(pair.pointee.sim)
                            // (The bodies are still at the poses the narrowphase saw: finalize comes next.)
                            let bodyA = Int(pair.pointee.bodyA)
                            let originA = bodyA >= 0 ? (sb + bodyA).pointee.transform.p : Vec2.zero
                            let n = contact.pointee.manifold.normal
                            let solverA = bb + (bodyA >= 0 ? bodyA : staticIndex)
                            let solverB = bb + Int(pair.pointee.bodyB)
                            let two = contact.pointee.manifold.pointCount > 1
                            var first: (Real, Real, Real)
                            var second: (Real, Real, Real) = (0, 0, 0)
                            if let lp = lanes, lp[ci] >= 0, let rp = records {
                                // Read from its lane: the records were not gathered back (no restitution).
                                let slot = Int(lp[ci])
                                let d = (rp + (slot >> 2) &* MemoryLayout<WideContact>.stride).assumingMemoryBound(to: Float.self)
                                    + (slot & 3)
                                first = impulses(d + at.p1)
                                if two { second = impulses(d + at.p2) }
                            } else {
                                first = impulses(p1)
                                if two { second = impulses(p1 + 1) }
                            }
                            contact.pointee.normalImpulse1 = first.0
                            contact.pointee.tangentImpulse1 = first.1
                            var pushed = first.2 > 0
                            if two {
                                contact.pointee.normalImpulse2 = second.0
                                contact.pointee.tangentImpulse2 = second.1
                                pushed = pushed || second.2 > 0
                                if second.2 > first.2
                                    || (second.2 == first.2
                                        && contact.pointee.manifold.point2.separation < contact.pointee.manifold.point1.separation)
                                {
                                    contact.pointee.eventPoint = World.meetingPoint(
                                        contact.pointee.manifold.point2, n, bodyA: solverA, bodyB: solverB, originA: originA)
                                } else {
                                    contact.pointee.eventPoint = World.meetingPoint(
                                        contact.pointee.manifold.point1, n, bodyA: solverA, bodyB: solverB, originA: originA)
                                }
                            } else {
                                contact.pointee.eventPoint = World.meetingPoint(
                                    contact.pointee.manifold.point1, n, bodyA: solverA, bodyB: solverB, originA: originA)
                            }
                            let touching = pushed || contact.pointee.flags & (ContactFlags.overlapping | ContactFlags.impacted) != 0
                            let was = contact.pointee.flags & ContactFlags.touching != 0
                            contact.pointee.flags &= ~ContactFlags.impacted
                            if touching && !was {
                                contact.pointee.flags |= ContactFlags.touching
                                cw.began.append(World.makeEvent(contact.pointee, began: true))
                            } else if !touching && was {
                                contact.pointee.flags &= ~ContactFlags.touching
                                cw.ended.append(World.makeEvent(contact.pointee, began: false))
                            }
                        }
                        }
                        }
                        }
                      }
                    }
                }
            }
        }
        swap(&cw, &contactWorld)
    }
}
