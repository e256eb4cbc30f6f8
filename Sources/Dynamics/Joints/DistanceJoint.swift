// Distance joint and rope (Box2D v3 src/distance_joint.c): the classic attachments (item to
// anchor, item to item; rigid rod or spring) and limit attachments (ropes).
//
// Maths. With anchors rA, rB (from the centres of mass, re-rotated every sub-step),
//
//     d = pB − pA = deltaCenter + (dpB − dpA) + rB − rA,   L = |d|,   u = d / L
//     C = L − length
//     Ċ = u·(vB + ωB × rB − vA − ωA × rA)
//     J = [−u, −(rA × u), u, rB × u],   K = mA + mB + iA (rA × u)² + iB (rB × u)²,   m = 1/K
//
// Rigid rod (frequency 0): solve Δλ = −m·s_m·(Ċ + β·C) − s_i·λ with the joint softness
// (β, s_m, s_i) while solving and (0, 1, 0) in relax. Spring (frequency f > 0, damping ζ): the
// same row with the softness of (f, ζ) in both stages: a spring whose stiffness m·ω² is built
// from the effective mass, so a 2 Hz attachment swings at 2 Hz whatever the masses (solver
// Docs/solver.md §3.2). The impulse P = Δλ·u acts on B, −P on A.
//
// Rope (only L ≤ length): the unilateral row C = length − L ≥ 0 with Ċ = −u·(relative
// velocity), λ ≥ 0. When slack (C > 0) it is speculative: bias C/h lets the gap close within
// this sub-step and no more; when stretched (C < 0) it is soft while solving, rigid in relax.
// A rope whose two points coincide has no direction and does nothing.
//
// Curvature: the rows see the length change to first order, h·Ċ; while solving, the bias
// also aims at the rest of the change over the sub-step (sideways motion and turning anchors
// lengthen a rod by about h²·v⊥²/(2L) per sub-step; arcs as in RevoluteJoint.swift). With
// q = d + h·(v_rel − (u·v_rel)·u) + arcB − arcA, where the anchors go without the row's own
// (along-u) velocity, a = u·q and p² = |q|² − a², the row's velocity Ċ' lands the anchors at
// length L exactly when (a + h·Ċ')² + p² = L², so
//     δ = a − √(L² − p²)        (δ = a when p ≥ L: aim at the nearest point)
// and the row aims at h·Ċ' = −δ (+ its usual bias): rod bias β·C + δ/h, rope speculative bias
// (C − δ)/h, rope soft bias β·C − δ/h, with |δ| ≤ 1 pt (`JointMath.maxDrift`). δ does not
// depend on the velocity along u, which the solve is about to change: the earlier form,
// |d + h·v_rel + arcs| − (L + h·Ċ), linearised the curve at the warm-started Ċ, so on a row
// turning fast (a body circling a 2 pt anchor at 300 pt/s, 0.6 rad a sub-step) it aimed
// inside the circle every sub-step; the row settled 15 % short and, keeping its angular
// momentum, the body gained 38 % of its energy. Relax has no bias and is unchanged.
//
// K uses the direction at the tick's start (as Box2D); the direction itself is re-measured
// every sub-step.

import DynamicsMath

extension JointSim {
    mutating func prepareDistance(_ jc: StepContext) {
        let u = (deltaCenter + rB - rA).normalized
        let crA = rA.cross(u)
        let crB = rB.cross(u)
        let k = mA + mB + iA * crA * crA + iB * crB * crB
        axialMass = k > 0 ? 1 / k : 0
        spring = hertz > 0 ? Softness(hertz: hertz, zeta: dampingRatio, h: jc.h) : .rigid
        if hertz > 0 && jc.springIsForce(hertz: hertz, zeta: dampingRatio) {
            flags |= JointFlags.forceSpring
            let (a, b) = Softness.springForce(hertz: hertz, zeta: dampingRatio, h: jc.h)
            spring = Softness(biasRate: a, massScale: b, impulseScale: 0)
            impulse.axial = 0
            impulseFirst.axial = 0
            impulseLast.axial = 0
        } else {
            flags &= ~JointFlags.forceSpring
        }
    }

    /// Applies `p` at the anchors: −p on A, +p on B.
    @inline(__always)
    func applyLinear(_ p: Vec2, _ A: inout SolverBody, _ B: inout SolverBody, _ rA: Vec2, _ rB: Vec2) {
        A.v -= mA * p
        A.w -= iA * rA.cross(p)
        B.v += mB * p
        B.w += iB * rB.cross(p)
    }

    /// Computes this sub-step's anchors, separation and its length (see `JointSim.rAs`).
    @inline(__always)
    mutating func refreshDistance(_ A: SolverBody, _ B: SolverBody) {
        let rA = A.dq.apply(self.rA)
        let rB = B.dq.apply(self.rB)
        rAs = rA
        rBs = rB
        ds = deltaCenter + (B.dp - A.dp) + rB - rA
        k11 = ds.length
    }

    /// `refresh`: compute this sub-step's geometry first (the first sub-step's warm start).
    @inline(__always)
    mutating func warmStartDistance(_ A: inout SolverBody, _ B: inout SolverBody, refresh: Bool) {
        if refresh { refreshDistance(A, B) }
        let rA = rAs
        let rB = rBs
        let u = ds.normalized
        let p = (impulse.axial + impulse.lower - impulse.upper) * u
        applyLinear(p, &A, &B, rA, rB)
    }

    /// The second-order part of the length change over one sub-step, for a landing at length L
    /// whatever the velocity along the row (file comment, "Curvature").
    @inline(__always)
    func lengthDrift(_ d: Vec2, _ L: Real, _ u: Vec2, _ A: SolverBody, _ B: SolverBody, _ rA: Vec2, _ rB: Vec2, _ h: Real)
        -> Real
    {
        let vr = B.velocity(at: rB) - A.velocity(at: rA)
        let q = d + h * (vr - u.dot(vr) * u) + JointMath.arcDrift(rB, B.w, h) - JointMath.arcDrift(rA, A.w, h)
        let a = u.dot(q)
        let p2 = q.lengthSquared - a * a
        let drift = p2 < L * L ? a - (L * L - p2).squareRoot() : a
        return Swift.min(Swift.max(drift, -JointMath.maxDrift), JointMath.maxDrift)
    }

    @inline(__always)
    mutating func solveDistance(
        _ A: inout SolverBody, _ B: inout SolverBody, _ jc: StepContext, useBias: Bool, refresh: Bool
    ) {
        if refresh { refreshDistance(A, B) }
        let rA = rAs
        let rB = rBs
        let d = ds
        let L = k11
        if L < 1e-9 { return }
        let u = d / L
        let cdot = u.dot(B.velocity(at: rB) - A.velocity(at: rA))
        let c = L - length
        if flags & JointFlags.forceSpring != 0 {
            // A spring acting as a force (ideal): once per sub-step, in the solve; nothing
            // accumulates, so nothing is warm started (`Softness.springForce`).
            if !useBias { return }
            let lambda = -axialMass * (spring.biasRate * c + spring.massScale * cdot)
            applyLinear(lambda * u, &A, &B, rA, rB)
            return
        }
        var bias: Real = 0
        var massScale: Real = 1
        var impulseScale: Real = 0
        if hertz > 0 {
            bias = spring.biasRate * c
            massScale = spring.massScale
            impulseScale = spring.impulseScale
        } else if useBias {
            bias = jc.jointSoftness.biasRate * biasError(c) + jc.invH * lengthDrift(d, L, u, A, B, rA, rB, jc.h)
            massScale = jc.jointSoftness.massScale
            impulseScale = jc.jointSoftness.impulseScale
        }
        let lambda = -massScale * axialMass * (cdot + bias) - impulseScale * impulse.axial
        impulse.axial += lambda
        applyLinear(lambda * u, &A, &B, rA, rB)
    }

    /// `implied`: an implied long-range row (JointSolver.swift), whose stretch is a chain's
    /// and not its own: its bias sees all of it, unless a pull-in left it marked.
    @inline(__always)
    mutating func solveRope(
        _ A: inout SolverBody, _ B: inout SolverBody, _ jc: StepContext, useBias: Bool, refresh: Bool,
        implied: Bool = false
    ) {
        if refresh { refreshDistance(A, B) }
        let rA = rAs
        let rB = rBs
        let d = ds
        let L = k11
        if L < 1e-9 { return }
        let u = d / L
        let c = length - L
        var bias: Real = 0
        var massScale: Real = 1
        var impulseScale: Real = 0
        let drift = useBias ? lengthDrift(d, L, u, A, B, rA, rB, jc.h) : 0
        if c > 0 {
            bias = (c - drift) * jc.invH
        } else if useBias {
            bias = jc.jointSoftness.biasRate * (implied ? impliedBiasError(c) : biasError(c)) - jc.invH * drift
            massScale = jc.jointSoftness.massScale
            impulseScale = jc.jointSoftness.impulseScale
        }
        let cdot = u.dot(A.velocity(at: rA) - B.velocity(at: rB))
        let lambda = -massScale * axialMass * (cdot + bias) - impulseScale * impulse.upper
        let total = Swift.max(impulse.upper + lambda, 0)
        let applied = total - impulse.upper
        impulse.upper = total
        if implied {
            applyLinearB(-applied * u, &B, rB)
        } else {
            applyLinear(-applied * u, &A, &B, rA, rB)
        }
    }

    /// Applies `p` at B's anchor only. For the implied long-range rows, whose end A is their
    /// root, a world point or an anchored item (inverse masses 0): the impulse would leave
    /// A's velocity as it is, and writing it anyway makes every row wait for the one before,
    /// which wrote the same root (JointSolver.swift, "Order").
    @inline(__always)
    func applyLinearB(_ p: Vec2, _ B: inout SolverBody, _ rB: Vec2) {
        B.v += mB * p
        B.w += iB * rB.cross(p)
    }

    /// The warm start of an implied long-range row: as `warmStartDistance` without writing A
    /// (see `applyLinearB`).
    @inline(__always)
    mutating func warmStartImplied(_ A: SolverBody, _ B: inout SolverBody, refresh: Bool) {
        if refresh { refreshDistance(A, B) }
        let u = ds.normalized
        let p = (impulse.axial + impulse.lower - impulse.upper) * u
        applyLinearB(p, &B, rBs)
    }
}
