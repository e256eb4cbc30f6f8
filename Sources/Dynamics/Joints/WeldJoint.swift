// Weld joint (fixed attachment): no relative motion at all.
//
// Maths. Three rows, point (2) and angle (1), solved together as one 3×3 block so the weld is
// rigid after one relax pass even between two light bodies (Box2D v3 solves the two parts in
// turn and relies on more iterations; Box2D 2.4 used this block):
//
//     C = (deltaCenter + (dpB − dpA) + rB − rA,  deltaAngle + daB − daA)
//     Ċ = (vB + ωB × rB − vA − ωA × rA,  ωB − ωA)
//     K = [[mA + mB + iA·rAy² + iB·rBy²,  −iA·rAy·rAx − iB·rBy·rBx,  −iA·rAy − iB·rBy],
//          [·,                             mA + mB + iA·rAx² + iB·rBx²,  iA·rAx + iB·rBx],
//          [·,                             ·,                             iA + iB]]
//     Δλ = −s_m·K⁻¹(Ċ + β·C) − s_i·λ      (joint softness while solving, rigid in relax)
//
// While solving, the point rows' bias also aims at the anchors' arc drift over the sub-step
// (see RevoluteJoint.swift, `JointMath.arcDrift`).
//
// The impulse (P, L) acts as −P at rA and −L on A, +P at rB and +L on B. When neither body
// may rotate (iA + iB = 0) the angle row is dropped and the point block is solved alone.

import DynamicsMath

extension JointSim {
    @inline(__always)
    func warmStartWeld(_ A: inout SolverBody, _ B: inout SolverBody) {
        let rA = A.dq.apply(self.rA)
        let rB = B.dq.apply(self.rB)
        let p = impulse.linear
        let l = impulse.angular
        A.v -= mA * p
        A.w -= iA * (rA.cross(p) + l)
        B.v += mB * p
        B.w += iB * (rB.cross(p) + l)
    }

    @inline(__always)
    mutating func solveWeld(_ A: inout SolverBody, _ B: inout SolverBody, _ jc: StepContext, useBias: Bool) {
        let rA = A.dq.apply(self.rA)
        let rB = B.dq.apply(self.rB)
        let cdotP = B.velocity(at: rB) - A.velocity(at: rA)
        let cdotA = B.w - A.w
        var biasP = Vec2.zero
        var biasA: Real = 0
        var massScale: Real = 1
        var impulseScale: Real = 0
        if useBias {
            let sep = deltaCenter + (B.dp - A.dp) + rB - rA
            let ang = deltaAngle + (B.da - A.da)
            let drift = JointMath.clampDrift(JointMath.arcDrift(rB, B.w, jc.h) - JointMath.arcDrift(rA, A.w, jc.h))
            biasP = jc.jointSoftness.biasRate * biasError(sep) + jc.invH * drift
            biasA = jc.jointSoftness.biasRate * biasAngle(ang)
            massScale = jc.jointSoftness.massScale
            impulseScale = jc.jointSoftness.impulseScale
        }
        let (k11, k12, k22) = pointBlock(rA, rB)
        let k33 = iA + iB
        var lp: Vec2
        var la: Real = 0
        if k33 > 0 {
            let k13 = -rA.y * iA - rB.y * iB
            let k23 = rA.x * iA + rB.x * iB
            let x = JointMath.solve33(
                k11, k12, k13, k22, k23, k33, cdotP.x + biasP.x, cdotP.y + biasP.y, cdotA + biasA)
            lp = Vec2(-massScale * x.0 - impulseScale * impulse.linear.x,
                      -massScale * x.1 - impulseScale * impulse.linear.y)
            la = -massScale * x.2 - impulseScale * impulse.angular
        } else {
            let b = JointMath.solve22(k11, k12, k22, cdotP + biasP)
            lp = -massScale * b - impulseScale * impulse.linear
        }
        impulse.linear += lp
        impulse.angular += la
        A.v -= mA * lp
        A.w -= iA * (rA.cross(lp) + la)
        B.v += mB * lp
        B.w += iB * (rB.cross(lp) + la)
    }
}

extension JointMath {
    /// Solves the symmetric 3×3 system [[a11, a12, a13], [a12, a22, a23], [a13, a23, a33]]·x = b
    /// by Cramer's rule; zero if singular.
    @inline(__always)
    static func solve33(
        _ a11: Real, _ a12: Real, _ a13: Real, _ a22: Real, _ a23: Real, _ a33: Real,
        _ b1: Real, _ b2: Real, _ b3: Real
    ) -> (Real, Real, Real) {
        // Columns c1 = (a11, a12, a13), c2 = (a12, a22, a23), c3 = (a13, a23, a33);
        // det = c1 · (c2 × c3).
        let x23 = a22 * a33 - a23 * a23
        let y23 = a23 * a13 - a12 * a33
        let z23 = a12 * a23 - a22 * a13
        var det = a11 * x23 + a12 * y23 + a13 * z23
        if det != 0 { det = 1 / det }
        // x1 = b · (c2 × c3) / det
        let x1 = det * (b1 * x23 + b2 * y23 + b3 * z23)
        // x2 = c1 · (b × c3) / det
        let bx3x = b2 * a33 - b3 * a23
        let bx3y = b3 * a13 - b1 * a33
        let bx3z = b1 * a23 - b2 * a13
        let x2 = det * (a11 * bx3x + a12 * bx3y + a13 * bx3z)
        // x3 = c1 · (c2 × b) / det
        let c2bx = a22 * b3 - a23 * b2
        let c2by = a23 * b1 - a12 * b3
        let c2bz = a12 * b2 - a22 * b1
        let x3 = det * (a11 * c2bx + a12 * c2by + a13 * c2bz)
        return (x1, x2, x3)
    }
}
