// The contact solver: Soft Step (solver notes §2.4, §2.5) plus the impact pass (§2.6).
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
//   solve (s ≤ 0)         Δλ = −m·(massScale·(vn + max(biasRate·s, −300 pt/s))) − impulseScale·λ
//   relax                 Δλ = −m·vn                           (rigid, removes the bias energy)
//   contact λ ≥ 0; friction (relax only) |λt| ≤ μ·λn with Δλt = −mt·vt
//
// Softness: 30 Hz, ζ = 10 for dynamic pairs, 60 Hz against static bodies (2×), both clamped
// to what the sub-step resolves (hertz ≤ 0.125/h... as Box2D: min(30, 0.25·(1/h)) ).
//
// External forces are applied once per tick, in the first sub-step (Step.swift, notes §2.12),
// so the impulse that holds a resting body arrives in sub-step 0 and later sub-steps need
// almost none. Each sub-step's λ is therefore that sub-step's impulse: sub-step 0 is warm
// started with last tick's total, later ones start at 0, and the total over the tick is what
// is stored, clamped and used by restitution and events.
//
// Hot loops: constraints and bodies as unsafe buffers entered once per pass; no allocation.

import DynamicsCollision
import DynamicsMath

/// Soft-constraint coefficients from (hertz, ζ, h) (notes §2.4).
struct Softness {
    var biasRate: Real
    var massScale: Real
    var impulseScale: Real

    init(hertz: Real, zeta: Real, h: Real) {
        if hertz == 0 {
            biasRate = 0
            massScale = 1
            impulseScale = 0
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

/// One point of a prepared contact.
struct ContactConstraintPoint {
    /// Anchors about the centres of mass, world axes, fixed for the tick.
    var rA: Vec2
    var rB: Vec2
    /// s0 − n·(rB − rA).
    var baseSeparation: Real
    /// This sub-step's impulses.
    var normalImpulse: Real
    var tangentImpulse: Real
    /// The sum over the tick's earlier sub-steps.
    var totalNormalImpulse: Real
    var totalTangentImpulse: Real
    var normalMass: Real
    var tangentMass: Real
    /// Normal approach speed at prepare, pt/s (restitution).
    var relativeVelocity: Real
    /// The largest normal impulse applied in one go this tick (restitution needs "some").
    var maxNormalImpulse: Real
}

/// One prepared contact (up to two points, inline).
struct ContactConstraint {
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
    var p1: ContactConstraintPoint
    var p2: ContactConstraintPoint
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
    var separation: Real
    /// 1/K along the normal.
    var mass: Real
    var restitution: Real
    /// Shares of a position correction: invMassA/(invMassA + invMassB) and B's.
    var shareA: Real
    var shareB: Real
}

extension World {
    /// Contact stiffness, Hz, and damping ratio (dynamic pairs; static pairs get twice the hertz).
    static let contactHertz: Real = 30
    static let contactDampingRatio: Real = 10
    /// The fastest a soft contact pushes overlapping bodies apart, pt/s.
    static let contactPushMaxVelocity: Real = 300
    /// Restitution is ignored below this closing speed, pt/s (reference §2).
    static let restitutionThreshold: Real = 100

    // MARK: Impact pass (notes §2.6)

    /// Bounces contacts with elasticity sequentially before the sub-steps (file comment).
    mutating func impactPass(_ ctx: StepContext) {
        var cands = ContiguousArray<ImpactCandidate>()
        swap(&cands, &contactWorld.impactCandidates)
        cands.removeAll(keepingCapacity: true)
        let staticIndex = Int32(bodySims.count)
        let inactive = BodyFlags.isStatic | BodyFlags.isAsleep
        let H = ctx.tickDuration
        let threshold = World.restitutionThreshold
        bodySims.withUnsafeBufferPointer { sims in
            solverBodies.withUnsafeMutableBufferPointer { bodies in
                contactWorld.contacts.withUnsafeBufferPointer { contacts in
                    for ci in 0..<contacts.count {
                        let c = contacts[ci]
                        if c.restitution <= 0 || c.manifold.pointCount == 0 { continue }
                        let flagsA = c.bodyA >= 0 ? sims[Int(c.bodyA)].flags : BodyFlags.isStatic
                        let flagsB = sims[Int(c.bodyB)].flags
                        if flagsA & inactive != 0 && flagsB & inactive != 0 { continue }
                        let a = c.bodyA >= 0 ? c.bodyA : staticIndex
                        let b = c.bodyB
                        let m = c.manifold
                        // One point: the midpoint of a face contact, else the one that closes first.
                        var p = m.point1
                        if m.pointCount > 1 {
                            let q = m.point2
                            if abs(p.separation - q.separation) < CollisionConstants.linearSlop {
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
                        cands.append(
                            ImpactCandidate(
                                a: a, b: b, contact: Int32(ci), normal: n, rA: rA, rB: rB, separation: p.separation, mass: 1 / k,
                                restitution: c.restitution, shareA: mSum > 0 ? mA / mSum : 0,
                                shareB: mSum > 0 ? mB / mSum : 0))
                    }
                }
                if cands.isEmpty { return }
                cands.withUnsafeMutableBufferPointer { cs in
                    let cap = 64 + 4 * cs.count
                    var sweep = 0
                    while sweep < cap {
                        sweep += 1
                        var best = -1
                        var bestVn = -threshold
                        for i in 0..<cs.count {
                            let c = cs[i]
                            let A = bodies[Int(c.a)]
                            let B = bodies[Int(c.b)]
                            let dv = B.velocity(at: c.rB) - A.velocity(at: c.rA)
                            let vn = dv.dot(c.normal)
                            if vn < bestVn && c.separation + vn * H <= 0 {
                                best = i
                                bestVn = vn
                            }
                        }
                        if best < 0 { break }
                        var c = cs[best]
                        let impulse = -(1 + c.restitution) * bestVn * c.mass
                        let P = impulse * c.normal
                        bodies[Int(c.a)].applyImpulse(-P, at: c.rA)
                        bodies[Int(c.b)].applyImpulse(P, at: c.rB)
                        if c.separation > 0 {
                            // The bounce happened s/|vn| into the tick: move the pair to where
                            // it would be, (1 + e)·s further apart.
                            let shift = (1 + c.restitution) * c.separation
                            bodies[Int(c.a)].dp -= (shift * c.shareA) * c.normal
                            bodies[Int(c.b)].dp += (shift * c.shareB) * c.normal
                            c.separation += shift
                        }
                        cs[best] = c
                        contactWorld.contacts[Int(c.contact)].flags |= ContactFlags.impacted
                    }
                }
            }
        }
        swap(&cands, &contactWorld.impactCandidates)
    }

    // MARK: Prepare

    /// Builds the tick's contact constraints: dynamic pairs first, then pairs with a static
    /// body (solved last in every pass, so they have the last word against push-through).
    mutating func prepareContacts(_ ctx: StepContext) {
        var cs = ContiguousArray<ContactConstraint>()
        swap(&cs, &contactWorld.constraints)
        cs.removeAll(keepingCapacity: true)
        let staticIndex = Int32(bodySims.count)
        let inactive = BodyFlags.isStatic | BodyFlags.isAsleep
        let hertz = Swift.min(World.contactHertz, 0.25 * ctx.invH)
        let soft = Softness(hertz: hertz, zeta: World.contactDampingRatio, h: ctx.h)
        let staticSoft = Softness(hertz: 2 * hertz, zeta: World.contactDampingRatio, h: ctx.h)
        bodySims.withUnsafeBufferPointer { sims in
            solverBodies.withUnsafeBufferPointer { bodies in
                contactWorld.contacts.withUnsafeBufferPointer { contacts in
                    for pass in 0..<2 {
                        for ci in 0..<contacts.count {
                            let c = contacts[ci]
                            let m = c.manifold
                            if m.pointCount == 0 { continue }
                            let flagsA = c.bodyA >= 0 ? sims[Int(c.bodyA)].flags : BodyFlags.isStatic
                            let flagsB = sims[Int(c.bodyB)].flags
                            if flagsA & inactive != 0 && flagsB & inactive != 0 { continue }
                            let isStatic = (flagsA | flagsB) & BodyFlags.isStatic != 0
                            if isStatic != (pass == 1) { continue }
                            let a = c.bodyA >= 0 ? c.bodyA : staticIndex
                            let b = c.bodyB
                            let A = bodies[Int(a)]
                            let B = bodies[Int(b)]
                            let pA = c.bodyA >= 0 ? sims[Int(a)].transform.p : .zero
                            let cA = c.bodyA >= 0 ? sims[Int(a)].center : .zero
                            let offA = pA - cA
                            let offB = sims[Int(b)].transform.p - sims[Int(b)].center
                            let n = m.normal
                            let t = Vec2(n.y, -n.x)
                            @inline(__always) func point(_ mp: ManifoldPoint, _ ln: Real, _ lt: Real) -> ContactConstraintPoint {
                                let rA = mp.anchorA + offA
                                let rB = mp.anchorB + offB
                                let rnA = rA.cross(n)
                                let rnB = rB.cross(n)
                                let kN = A.invMass + B.invMass + A.invInertia * rnA * rnA + B.invInertia * rnB * rnB
                                let rtA = rA.cross(t)
                                let rtB = rB.cross(t)
                                let kT = A.invMass + B.invMass + A.invInertia * rtA * rtA + B.invInertia * rtB * rtB
                                let dv = B.velocity(at: rB) - A.velocity(at: rA)
                                return ContactConstraintPoint(
                                    rA: rA, rB: rB, baseSeparation: mp.separation - (rB - rA).dot(n), normalImpulse: ln,
                                    tangentImpulse: lt, totalNormalImpulse: 0, totalTangentImpulse: 0,
                                    normalMass: kN > 0 ? 1 / kN : 0, tangentMass: kT > 0 ? 1 / kT : 0,
                                    relativeVelocity: dv.dot(n), maxNormalImpulse: 0)
                            }
                            let p1 = point(m.point1, c.normalImpulse1, c.tangentImpulse1)
                            let p2 = m.pointCount > 1 ? point(m.point2, c.normalImpulse2, c.tangentImpulse2) : p1
                            cs.append(
                                ContactConstraint(
                                    a: a, b: b, contact: Int32(ci), pointCount: Int32(m.pointCount), normal: n,
                                    friction: c.friction, restitution: c.restitution, invMassA: A.invMass,
                                    invIA: A.invInertia, invMassB: B.invMass, invIB: B.invInertia,
                                    softness: isStatic ? staticSoft : soft, p1: p1, p2: p2))
                        }
                    }
                }
            }
        }
        swap(&cs, &contactWorld.constraints)
    }

    // MARK: Sub-step passes

    /// Sub-step 0 applies last tick's impulses; later sub-steps bank the previous sub-step's
    /// impulses into the totals and start again from 0 (file comment).
    mutating func warmStartContacts(_ ctx: StepContext, substep: Int) {
        solverBodies.withUnsafeMutableBufferPointer { bodies in
            contactWorld.constraints.withUnsafeMutableBufferPointer { cs in
                if substep == 0 {
                    for i in 0..<cs.count {
                        let c = cs[i]
                        var A = bodies[Int(c.a)]
                        var B = bodies[Int(c.b)]
                        let n = c.normal
                        let t = Vec2(n.y, -n.x)
                        @inline(__always) func apply(_ p: ContactConstraintPoint) {
                            let P = p.normalImpulse * n + p.tangentImpulse * t
                            A.v -= c.invMassA * P
                            A.w -= c.invIA * p.rA.cross(P)
                            B.v += c.invMassB * P
                            B.w += c.invIB * p.rB.cross(P)
                        }
                        apply(c.p1)
                        if c.pointCount > 1 { apply(c.p2) }
                        bodies[Int(c.a)] = A
                        bodies[Int(c.b)] = B
                    }
                } else {
                    for i in 0..<cs.count {
                        cs[i].p1.totalNormalImpulse += cs[i].p1.normalImpulse
                        cs[i].p1.totalTangentImpulse += cs[i].p1.tangentImpulse
                        cs[i].p1.normalImpulse = 0
                        cs[i].p1.tangentImpulse = 0
                        cs[i].p2.totalNormalImpulse += cs[i].p2.normalImpulse
                        cs[i].p2.totalTangentImpulse += cs[i].p2.tangentImpulse
                        cs[i].p2.normalImpulse = 0
                        cs[i].p2.tangentImpulse = 0
                    }
                }
            }
        }
    }

    /// One pass over the contacts: the biased solve (`useBias`) or the rigid relax, which also
    /// solves friction (file comment).
    mutating func solveContacts(_ ctx: StepContext, useBias: Bool) {
        let invH = ctx.invH
        let maxPush = World.contactPushMaxVelocity
        solverBodies.withUnsafeMutableBufferPointer { bodies in
            contactWorld.constraints.withUnsafeMutableBufferPointer { cs in
                for i in 0..<cs.count {
                    var c = cs[i]
                    var A = bodies[Int(c.a)]
                    var B = bodies[Int(c.b)]
                    let n = c.normal
                    let dp = B.dp - A.dp
                    let mA = c.invMassA
                    let iA = c.invIA
                    let mB = c.invMassB
                    let iB = c.invIB
                    let softness = c.softness
                    let mu = c.friction
                    @inline(__always) func normal(_ p: inout ContactConstraintPoint) {
                        let d = dp + (B.dq.apply(p.rB) - A.dq.apply(p.rA))
                        let s = d.dot(n) + p.baseSeparation
                        var bias: Real = 0
                        var massScale: Real = 1
                        var impulseScale: Real = 0
                        if s > 0 {
                            bias = s * invH
                        } else if useBias {
                            bias = Swift.max(softness.biasRate * s, -maxPush)
                            massScale = softness.massScale
                            impulseScale = softness.impulseScale
                        }
                        let dv = (B.v + cross(B.w, p.rB)) - (A.v + cross(A.w, p.rA))
                        let vn = dv.dot(n)
                        var impulse = -p.normalMass * massScale * (vn + bias) - impulseScale * p.normalImpulse
                        let newImpulse = Swift.max(p.normalImpulse + impulse, 0)
                        impulse = newImpulse - p.normalImpulse
                        p.normalImpulse = newImpulse
                        if impulse > p.maxNormalImpulse { p.maxNormalImpulse = impulse }
                        let P = impulse * n
                        A.v -= mA * P
                        A.w -= iA * p.rA.cross(P)
                        B.v += mB * P
                        B.w += iB * p.rB.cross(P)
                    }
                    @inline(__always) func friction(_ p: inout ContactConstraintPoint) {
                        let t = Vec2(n.y, -n.x)
                        let dv = (B.v + cross(B.w, p.rB)) - (A.v + cross(A.w, p.rA))
                        let vt = dv.dot(t)
                        var impulse = -p.tangentMass * vt
                        let maxFriction = mu * p.normalImpulse
                        let newImpulse = Swift.min(Swift.max(p.tangentImpulse + impulse, -maxFriction), maxFriction)
                        impulse = newImpulse - p.tangentImpulse
                        p.tangentImpulse = newImpulse
                        let P = impulse * t
                        A.v -= mA * P
                        A.w -= iA * p.rA.cross(P)
                        B.v += mB * P
                        B.w += iB * p.rB.cross(P)
                    }
                    normal(&c.p1)
                    if c.pointCount > 1 { normal(&c.p2) }
                    if !useBias {
                        friction(&c.p1)
                        if c.pointCount > 1 { friction(&c.p2) }
                    }
                    cs[i] = c
                    bodies[Int(c.a)] = A
                    bodies[Int(c.b)] = B
                }
            }
        }
    }

    // MARK: After the sub-steps

    /// Banks the last sub-step's impulses, then the restitution pass (Box2D's): points that
    /// approached faster than the threshold at prepare and took some impulse get
    /// vn = −e·vn0 (the total impulse stays ≥ 0).
    mutating func restituteContacts(_ ctx: StepContext) {
        let threshold = World.restitutionThreshold
        solverBodies.withUnsafeMutableBufferPointer { bodies in
            contactWorld.constraints.withUnsafeMutableBufferPointer { cs in
                for i in 0..<cs.count {
                    var c = cs[i]
                    c.p1.totalNormalImpulse += c.p1.normalImpulse
                    c.p1.totalTangentImpulse += c.p1.tangentImpulse
                    c.p1.normalImpulse = 0
                    c.p1.tangentImpulse = 0
                    c.p2.totalNormalImpulse += c.p2.normalImpulse
                    c.p2.totalTangentImpulse += c.p2.tangentImpulse
                    c.p2.normalImpulse = 0
                    c.p2.tangentImpulse = 0
                    if c.restitution > 0 {
                        var A = bodies[Int(c.a)]
                        var B = bodies[Int(c.b)]
                        let n = c.normal
                        let e = c.restitution
                        let mA = c.invMassA, iA = c.invIA, mB = c.invMassB, iB = c.invIB
                        @inline(__always) func restitute(_ p: inout ContactConstraintPoint) {
                            if p.relativeVelocity > -threshold || p.maxNormalImpulse == 0 { return }
                            let dv = (B.v + cross(B.w, p.rB)) - (A.v + cross(A.w, p.rA))
                            let vn = dv.dot(n)
                            var impulse = -p.normalMass * (vn + e * p.relativeVelocity)
                            let newImpulse = Swift.max(p.totalNormalImpulse + impulse, 0)
                            impulse = newImpulse - p.totalNormalImpulse
                            p.totalNormalImpulse = newImpulse
                            let P = impulse * n
                            A.v -= mA * P
                            A.w -= iA * p.rA.cross(P)
                            B.v += mB * P
                            B.w += iB * p.rB.cross(P)
                        }
                        restitute(&c.p1)
                        if c.pointCount > 1 { restitute(&c.p2) }
                        bodies[Int(c.a)] = A
                        bodies[Int(c.b)] = B
                    }
                    cs[i] = c
                }
            }
        }
    }

    /// Stores the tick's total impulses in the contacts (warm starting), decides which
    /// contacts touch (Contacts/ContactWorld.swift) and records began and ended events at the
    /// point with the largest normal impulse.
    mutating func storeContactImpulses(_ ctx: StepContext) {
        var cw = ContactWorld()
        swap(&cw, &contactWorld)
        cw.constraints.withUnsafeBufferPointer { cs in
            cw.contacts.withUnsafeMutableBufferPointer { contacts in
                for c in cs {
                    let i = Int(c.contact)
                    var contact = contacts[i]
                    let m = contact.manifold
                    contact.normalImpulse1 = c.p1.totalNormalImpulse
                    contact.tangentImpulse1 = c.p1.totalTangentImpulse
                    var pushed = c.p1.totalNormalImpulse > 0
                    if c.pointCount > 1 {
                        contact.normalImpulse2 = c.p2.totalNormalImpulse
                        contact.tangentImpulse2 = c.p2.totalTangentImpulse
                        pushed = pushed || c.p2.totalNormalImpulse > 0
                        if c.p2.totalNormalImpulse > c.p1.totalNormalImpulse
                            || (c.p2.totalNormalImpulse == c.p1.totalNormalImpulse && m.point2.separation < m.point1.separation)
                        {
                            contact.eventPoint = m.point2.point
                        } else {
                            contact.eventPoint = m.point1.point
                        }
                    } else {
                        contact.eventPoint = m.point1.point
                    }
                    let touching = pushed || contact.flags & (ContactFlags.overlapping | ContactFlags.impacted) != 0
                    let was = contact.flags & ContactFlags.touching != 0
                    contact.flags &= ~ContactFlags.impacted
                    if touching && !was {
                        contact.flags |= ContactFlags.touching
                        cw.began.append(World.makeEvent(contact, began: true))
                    } else if !touching && was {
                        contact.flags &= ~ContactFlags.touching
                        cw.ended.append(World.makeEvent(contact, began: false))
                    }
                    contacts[i] = contact
                }
            }
        }
        swap(&cw, &contactWorld)
    }
}
