// Snap joint: UISnapBehavior's four springs (Docs/semantics.md §10), in one record.
//
// A static anchor sits at the snap point S. With the item upright and centred on S, its
// top-left corner would be at S + TL and its bottom-right corner at S + BR (TL = −half size,
// BR = +half size, relative to the item's centre). Four springs of rest length 50 pt tie
//
//     spring 1: the actual top-left corner     to S + TL − (50, 0)
//     spring 2: the actual top-left corner     to S + TL − (0, 50)
//     spring 3: the actual bottom-right corner to S + BR + (50, 0)
//     spring 4: the actual bottom-right corner to S + BR + (0, 50)
//
// each with frequency 4 Hz and damping ratio `damping`. All four are at rest exactly when the
// item is centred on S at rotation 0, so it settles there, straightening itself on the way.
//
// Record layout: A is the item, B the world. `localA` = TL (item frame), `localB` = S;
// prepared `rA`/`rB` are the TL and BR corners from the centre of mass (world axes, tick
// start), `deltaCenter` = S − cA. Spring impulses: 1, 2 in `impulse.linear.x/.y`, 3 in
// `impulse.angular`, 4 in `impulse.axial`.
//
// Each spring is the distance row of DistanceJoint.swift with one moving end:
//     d_i = (S + t_i) − p_i  (from the corner p_i to its target),  L = |d_i|,  u = d_i/L
//     C = L − 50,  Ċ = −u·(vA + ωA × r_i),  K = mA + iA (r_i × u)²
//     Δλ = −s_m·(Ċ + β·C)/K − s_i·λ,  impulse −Δλ·u on the corner
// with the spring's softness in both stages; K is re-measured every sub-step (the springs turn
// with the item).

import DynamicsMath

extension JointSim {
    mutating func prepareSnap(_ jc: StepContext) {
        spring = Softness(hertz: JointSim.snapHertz, zeta: dampingRatio, h: jc.h)
    }

    /// Corner offset from the centre of mass (current) and target relative to S, for spring `i`.
    @inline(__always)
    func snapSpring(_ i: Int, _ A: SolverBody) -> (r: Vec2, target: Vec2) {
        let rest = JointSim.snapRestLength
        switch i {
        case 0: return (A.dq.apply(rA), localA - Vec2(rest, 0))
        case 1: return (A.dq.apply(rA), localA - Vec2(0, rest))
        case 2: return (A.dq.apply(rB), -localA + Vec2(rest, 0))
        default: return (A.dq.apply(rB), -localA + Vec2(0, rest))
        }
    }

    @inline(__always)
    func snapImpulse(_ i: Int) -> Real {
        switch i {
        case 0: return impulse.linear.x
        case 1: return impulse.linear.y
        case 2: return impulse.angular
        default: return impulse.axial
        }
    }

    @inline(__always)
    mutating func setSnapImpulse(_ i: Int, _ value: Real) {
        switch i {
        case 0: impulse.linear.x = value
        case 1: impulse.linear.y = value
        case 2: impulse.angular = value
        default: impulse.axial = value
        }
    }

    @inline(__always)
    func warmStartSnap(_ A: inout SolverBody) {
        for i in 0..<4 {
            let (r, t) = snapSpring(i, A)
            let u = (deltaCenter + t - A.dp - r).normalized
            let p = snapImpulse(i) * u
            A.v -= mA * p
            A.w -= iA * r.cross(p)
        }
    }

    @inline(__always)
    mutating func solveSnap(_ A: inout SolverBody) {
        for i in 0..<4 {
            let (r, t) = snapSpring(i, A)
            let d = deltaCenter + t - A.dp - r
            let L = d.length
            if L < 1e-9 { continue }
            let u = d / L
            let cr = r.cross(u)
            let k = mA + iA * cr * cr
            if k == 0 { continue }
            let cdot = -u.dot(A.velocity(at: r))
            let c = L - JointSim.snapRestLength
            let old = snapImpulse(i)
            let lambda = -spring.massScale * (cdot + spring.biasRate * c) / k - spring.impulseScale * old
            setSnapImpulse(i, old + lambda)
            let p = lambda * u
            A.v -= mA * p
            A.w -= iA * r.cross(p)
        }
    }
}
