// Revolute joint (Box2D v3 src/revolute_joint.c): pin attachments, and classic attachments
// whose two points (nearly) coincide (`point`: no limits or friction; a point spring when the
// attachment has a frequency).
//
// Maths. Point constraint, two rows solved as one 2×2 block:
//
//     C = pB − pA = deltaCenter + (dpB − dpA) + rB − rA
//     Ċ = vB + ωB × rB − vA − ωA × rA
//     K = [[mA + mB + iA·rAy² + iB·rBy²,  −iA·rAy·rAx − iB·rBy·rBx],
//          [same,                          mA + mB + iA·rAx² + iB·rBx²]]
//     Δλ = −s_m·K⁻¹(Ċ + β·C) − s_i·λ        (joint softness while solving, rigid in relax;
//                                            a point spring uses its own in both stages)
//
// Joint angle θ = (angleB + daB) − (angleA + daA) − referenceAngle, from the exact angles
// (no wrapping: a pin may turn many times and its limits still mean what they say).
// Angular rows have Ċ = ωB − ωA and effective mass 1/(iA + iB):
//
//   friction (frictionTorque T > 0): a motor of speed 0 whose accumulated impulse is clamped
//     to ±h·T per sub-step, applied in both stages;
//   lower limit: C = θ − lower ≥ 0, λ ≥ 0;  upper limit: C = upper − θ ≥ 0, Ċ = ωA − ωB, λ ≥ 0;
//     speculative when C > 0 (bias C/h), soft while solving when violated, rigid in relax.
//
// Curvature: the positions move with v and ω for a sub-step, so an anchor on a turning body
// follows an arc the velocity rows only see the tangent of; a bent pin opens by about
// r·(ω·h)²/2 every sub-step, which the 60 Hz position correction would take several sub-steps
// to close (0.6 pt gaps in a whipping double pendulum). While solving, the point block's bias
// also aims at that drift, R(ω·h)·r − r − h·ω × r for each anchor (`JointMath.arcDrift`), so
// the positions land on the constraint; relax is unchanged (no bias), so no energy is added.
// The drift asked for is capped at 1 pt per sub-step (`JointMath.maxDrift`): in a violent
// motion (an anchor dragged hundreds of points a frame) it would otherwise feed itself.
//
// Order within a joint (Box2D): friction, limits, then the point block, so the point
// constraint has the last word. Signs: y down, angles clockwise-positive (Docs/semantics.md §1), so
// θ grows when B turns clockwise relative to A; no convention flips anywhere.
//
// Units: frictionTorque is in N·m of the engine (1 N = a force of 1 in UIKit units, r in
// metres), i.e. × 10⁴ in kg·pt²/s² here (`World.torqueUnit`), the same unit in which an
// off-centre push produces torque (Docs/semantics.md §1 "torque", §9).

import DynamicsMath

extension JointSim {
    mutating func prepareRevolute(_ jc: StepContext) {
        let k = iA + iB
        axialMass = k > 0 ? 1 / k : 0
        spring = hertz > 0 ? Softness(hertz: hertz, zeta: dampingRatio, h: jc.h) : .rigid
        if hertz > 0 && jc.springIsForce(hertz: hertz, zeta: dampingRatio) {
            // A point spring acting as a force (DistanceJoint.swift, `Softness.springForce`).
            flags |= JointFlags.forceSpring
            let (a, b) = Softness.springForce(hertz: hertz, zeta: dampingRatio, h: jc.h)
            spring = Softness(biasRate: a, massScale: b, impulseScale: 0)
            impulse.linear = .zero
            impulseFirst.linear = .zero
            impulseLast.linear = .zero
        } else {
            flags &= ~JointFlags.forceSpring
        }
    }

    /// The point constraint's effective-mass matrix K (symmetric: k11, k12, k22) for anchors
    /// rA, rB from the centres of mass (the file comment's K; revolute, weld, pull-in).
    @inline(__always)
    func pointBlock(_ rA: Vec2, _ rB: Vec2) -> (Real, Real, Real) {
        (mA + mB + rA.y * rA.y * iA + rB.y * rB.y * iB,
         -rA.y * rA.x * iA - rB.y * rB.x * iB,
         mA + mB + rA.x * rA.x * iA + rB.x * rB.x * iB)
    }

    /// Computes this sub-step's anchors, separation and point block (see `JointSim.rAs`).
    @inline(__always)
    mutating func refreshRevolute(_ A: SolverBody, _ B: SolverBody) {
        let rA = A.dq.apply(self.rA)
        let rB = B.dq.apply(self.rB)
        rAs = rA
        rBs = rB
        ds = deltaCenter + (B.dp - A.dp) + rB - rA
        (k11, k12, k22) = pointBlock(rA, rB)
        var det = k11 * k22 - k12 * k12
        if det != 0 { det = 1 / det }
        invDet = det
    }

    /// `refresh`: compute this sub-step's geometry first (the first sub-step's warm start).
    @inline(__always)
    mutating func warmStartRevolute(_ A: inout SolverBody, _ B: inout SolverBody, refresh: Bool) {
        if refresh { refreshRevolute(A, B) }
        let rA = rAs
        let rB = rBs
        let angular = impulse.motor + impulse.lower - impulse.upper
        let p = impulse.linear
        A.v -= mA * p
        A.w -= iA * (rA.cross(p) + angular)
        B.v += mB * p
        B.w += iB * (rB.cross(p) + angular)
    }

    @inline(__always)
    /// `refresh` (the relax pass): the positions moved since the last pass, recompute the
    /// sub-step's geometry (`JointSim.rAs`); otherwise it is read as the last relax left it.
    mutating func solveRevolute(
        _ A: inout SolverBody, _ B: inout SolverBody, _ jc: StepContext, useBias: Bool, refresh: Bool
    ) {
        if flags & (JointFlags.motor | JointFlags.limit) != 0 && axialMass > 0 {
            if flags & JointFlags.motor != 0 {
                let cdot = B.w - A.w
                let maxImpulse = jc.h * maxMotorTorque
                let old = impulse.motor
                impulse.motor = Swift.min(Swift.max(old - axialMass * cdot, -maxImpulse), maxImpulse)
                let lambda = impulse.motor - old
                A.w -= iA * lambda
                B.w += iB * lambda
            }
            if flags & JointFlags.limit != 0 {
                let theta = deltaAngle + (B.da - A.da)
                if lower > -Real.infinity {
                    let applied = jc.limitImpulse(
                        c: limitBias(theta - lower, angle: true), cdot: B.w - A.w, mass: axialMass, accumulated: &impulse.lower, useBias: useBias)
                    A.w -= iA * applied
                    B.w += iB * applied
                }
                if upper < Real.infinity {
                    let applied = jc.limitImpulse(
                        c: limitBias(upper - theta, angle: true), cdot: A.w - B.w, mass: axialMass, accumulated: &impulse.upper, useBias: useBias)
                    A.w += iA * applied
                    B.w -= iB * applied
                }
            }
        }

        // Point constraint.
        if refresh { refreshRevolute(A, B) }
        let rA = rAs
        let rB = rBs
        let cdot = B.velocity(at: rB) - A.velocity(at: rA)
        if flags & JointFlags.forceSpring != 0 {
            // A point spring acting as a force: once per sub-step, in the solve, nothing
            // warm started; K⁻¹ makes its frequency the same whatever the masses.
            if !useBias { return }
            let f = spring.biasRate * ds + spring.massScale * cdot
            let lambda = -Vec2(invDet * (k22 * f.x - k12 * f.y), invDet * (k11 * f.y - k12 * f.x))
            A.v -= mA * lambda
            A.w -= iA * rA.cross(lambda)
            B.v += mB * lambda
            B.w += iB * rB.cross(lambda)
            return
        }
        var bias = Vec2(0, 0)  // (not Vec2.zero: a global's accessor call per joint)
        var massScale: Real = 1
        var impulseScale: Real = 0
        if hertz > 0 {
            let sep = ds
            bias = spring.biasRate * sep
            massScale = spring.massScale
            impulseScale = spring.impulseScale
        } else if useBias {
            let sep = ds
            let drift = JointMath.clampDrift(JointMath.arcDrift(rB, B.w, jc.h) - JointMath.arcDrift(rA, A.w, jc.h))
            bias = jc.jointSoftness.biasRate * biasError(sep) + jc.invH * drift
            massScale = jc.jointSoftness.massScale
            impulseScale = jc.jointSoftness.impulseScale
        }
        // JointMath.solve22 with the sub-step's K and 1/det K.
        let rhs = cdot + bias
        let b = Vec2(invDet * (k22 * rhs.x - k12 * rhs.y), invDet * (k11 * rhs.y - k12 * rhs.x))
        let lambda = -massScale * b - impulseScale * impulse.linear
        impulse.linear += lambda
        A.v -= mA * lambda
        A.w -= iA * rA.cross(lambda)
        B.v += mB * lambda
        B.w += iB * rB.cross(lambda)
    }
}
