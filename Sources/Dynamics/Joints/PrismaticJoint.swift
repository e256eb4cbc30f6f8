// Prismatic joint (Box2D v3 src/prismatic_joint.c): sliding attachments. B may only translate
// relative to A along an axis fixed in A (the world for a one-item slide), without relative
// rotation; optionally within a range of travel.
//
// Maths. With d = deltaCenter + (dpB − dpA) + rB − rA, the axis a = dqA·axis (unit, world axes)
// and its perpendicular n = perp(a):
//
//     translation  x = a·d           (0 at creation: both anchors start at the anchor point)
//     sA = (d + rA) × a,  sB = rB × a;   s1 = (d + rA) × n,  s2 = rB × n
//
//   perpendicular + angle, one 2×2 block:
//     C = (n·d,  deltaAngle + daB − daA)
//     Ċ = (n·(vB − vA) + s2·ωB − s1·ωA,  ωB − ωA)
//     K = [[mA + mB + iA·s1² + iB·s2²,  iA·s1 + iB·s2], [·, iA + iB]]   (k22 := 1 if both fixed)
//     Δλ = −s_m·K⁻¹(Ċ + β·C) − s_i·λ     (joint softness while solving, rigid in relax)
//     impulse: P = λ.x·n,  LA = λ.x·s1 + λ.y,  LB = λ.x·s2 + λ.y
//
//   limits along the axis, effective mass 1/(mA + mB + iA·sA² + iB·sB²):
//     lower: C = x − lower ≥ 0, Ċ = a·(vB − vA) + sB·ωB − sA·ωA, λ ≥ 0
//     upper: C = upper − x ≥ 0, Ċ = −(same), λ ≥ 0
//     speculative when C > 0 (bias C/h), soft while solving when violated, rigid in relax.
//
// Limits first, then the block (the block has the last word). The anchor on B rides along the
// axis line through A's anchor; "range" is in points of travel from the starting position.

import DynamicsMath

extension JointSim {
    @inline(__always)
    func warmStartPrismatic(_ A: inout SolverBody, _ B: inout SolverBody) {
        let rA = A.dq.apply(self.rA)
        let rB = B.dq.apply(self.rB)
        let d = deltaCenter + (B.dp - A.dp) + rB - rA
        let a = A.dq.apply(axis)
        let n = a.perp
        let sA = (d + rA).cross(a)
        let sB = rB.cross(a)
        let s1 = (d + rA).cross(n)
        let s2 = rB.cross(n)
        let axial = impulse.lower - impulse.upper
        let p = axial * a + impulse.linear.x * n
        let lA = axial * sA + impulse.linear.x * s1 + impulse.linear.y
        let lB = axial * sB + impulse.linear.x * s2 + impulse.linear.y
        A.v -= mA * p
        A.w -= iA * lA
        B.v += mB * p
        B.w += iB * lB
    }

    @inline(__always)
    mutating func solvePrismatic(_ A: inout SolverBody, _ B: inout SolverBody, _ jc: StepContext, useBias: Bool) {
        let rA = A.dq.apply(self.rA)
        let rB = B.dq.apply(self.rB)
        let d = deltaCenter + (B.dp - A.dp) + rB - rA
        let a = A.dq.apply(axis)

        if flags & JointFlags.limit != 0 {
            let x = a.dot(d)
            let sA = (d + rA).cross(a)
            let sB = rB.cross(a)
            let k = mA + mB + iA * sA * sA + iB * sB * sB
            let m = k > 0 ? 1 / k : 0
            if lower > -Real.infinity {
                let applied = jc.limitImpulse(
                    c: limitBias(x - lower, angle: false), cdot: a.dot(B.v - A.v) + sB * B.w - sA * A.w, mass: m,
                    accumulated: &impulse.lower, useBias: useBias)
                let p = applied * a
                A.v -= mA * p
                A.w -= iA * applied * sA
                B.v += mB * p
                B.w += iB * applied * sB
            }
            if upper < Real.infinity {
                let applied = jc.limitImpulse(
                    c: limitBias(upper - x, angle: false), cdot: a.dot(A.v - B.v) + sA * A.w - sB * B.w, mass: m,
                    accumulated: &impulse.upper, useBias: useBias)
                let p = applied * a
                A.v += mA * p
                A.w += iA * applied * sA
                B.v -= mB * p
                B.w -= iB * applied * sB
            }
        }

        // Perpendicular and angular rows as one block.
        let n = a.perp
        let s1 = (d + rA).cross(n)
        let s2 = rB.cross(n)
        let cdot = Vec2(n.dot(B.v - A.v) + s2 * B.w - s1 * A.w, B.w - A.w)
        var bias = Vec2.zero
        var massScale: Real = 1
        var impulseScale: Real = 0
        if useBias {
            let c = Vec2(biasError(n.dot(d)), biasAngle(deltaAngle + (B.da - A.da)))
            bias = jc.jointSoftness.biasRate * c
            massScale = jc.jointSoftness.massScale
            impulseScale = jc.jointSoftness.impulseScale
        }
        let k11 = mA + mB + iA * s1 * s1 + iB * s2 * s2
        let k12 = iA * s1 + iB * s2
        var k22 = iA + iB
        if k22 == 0 { k22 = 1 }
        let b = JointMath.solve22(k11, k12, k22, cdot + bias)
        let lambda = -massScale * b - impulseScale * impulse.linear
        impulse.linear += lambda
        let p = lambda.x * n
        let lA = lambda.x * s1 + lambda.y
        let lB = lambda.x * s2 + lambda.y
        A.v -= mA * p
        A.w -= iA * lA
        B.v += mB * p
        B.w += iB * lB
    }
}
