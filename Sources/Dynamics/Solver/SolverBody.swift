// The solver's view of a body during one tick: the contract between the step, the contact
// solver and the joint solvers.
//
// Soft Step (Docs/solver.md §2.5) solves every constraint against the *change* of each body's
// pose since the tick began, not against absolute positions: the contact solver refreshes a
// separation `s = s0 + n·((dpB − dpA) + (dqB·rB − rB) − (dqA·rA − rA))`, joints re-rotate their
// anchors with `dq`. Keeping deltas (as Box2D v3's `b2BodyState`) also keeps precision far from
// the origin.
//
// Lifecycle within `tick(H)`:
//   1. after integrateVelocities: solverBodies[i] = SolverBody(from: bodySims[i])  (dp = 0, da = 0)
//   2. each sub-step: constraints read/write v, w (warm start, solve with bias); the step then
//      integrates dp += h·v, da += h·w, dq = Rot(da); constraints relax (no bias)
//   3. after the sub-steps (restitution, impulse storage): bodySims[i].center += dp,
//      angle += da, v, w copied back.
// Static bodies keep invMass = invInertia = 0 and are never integrated, so constraint code
// needs no special case for them.
//
// Indices: solverBodies[i] is the body bodySims[i] (same dense index).

import DynamicsMath

/// One body as the constraint solvers see it during a tick. A trivial struct.
@frozen
public struct SolverBody: Sendable {
    /// Linear velocity of the centre of mass, pt/s.
    public var v: Vec2
    /// Angular velocity, rad/s (positive: clockwise on screen).
    public var w: Real
    /// Translation of the centre of mass since the tick began, pt.
    public var dp: Vec2
    /// Rotation since the tick began, rad (exact; `dq` caches its cosine and sine).
    public var da: Real
    /// Rotation since the tick began.
    public var dq: Rot
    /// 1 / mass, 1/kg; 0 for static or anchored bodies.
    public var invMass: Real
    /// 1 / rotational inertia about the centre of mass, 1/(kg·pt²); 0 when rotation is not allowed.
    public var invInertia: Real

    @inlinable
    public init(v: Vec2, w: Real, invMass: Real, invInertia: Real) {
        self.v = v
        self.w = w
        self.dp = .zero
        self.da = 0
        self.dq = .identity
        self.invMass = invMass
        self.invInertia = invInertia
    }

    /// Velocity of a point at `r` from the centre of mass (r in world axes): v + ω × r.
    @inlinable @inline(__always)
    public func velocity(at r: Vec2) -> Vec2 { v + cross(w, r) }

    /// Applies an impulse `p` (kg·pt/s) at `r` from the centre of mass.
    @inlinable @inline(__always)
    public mutating func applyImpulse(_ p: Vec2, at r: Vec2) {
        v += invMass * p
        w += invInertia * r.cross(p)
    }
}
