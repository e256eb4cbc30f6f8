// Contact recycling (Docs/solver.md §2.3): a contact whose two bodies have barely moved
// relative to each other since its manifold was computed keeps that manifold, re-anchored to
// the bodies' present poses, instead of running the narrowphase again (Box2D v3.1+'s idea).
//
// When a manifold with points is computed, the contact caches, per point, its anchors about
// each centre of mass (world axes) and its base separation `s0 − n·((cB − cA) + rB − rA)`, and
// the pose of B relative to A (centres) with each body's rotation. On a later tick, with
// δ = |relative centre − cached| + R·|sin(relative turn)| + |sin(turn of A)|·R_A
//       + |sin(turn of B)|·R_B + H·(|vB − vA| + |ωA|·R_A + |ωB|·R_B)
// (R_X the largest radius of X's shapes about its centre, R their larger, H the tick; the
// last term is how far the pair can move in the coming tick), the contact is recycled when
// δ is below the tolerance (below): each point's anchors turn with their bodies (rA ← dqA·rA,
// rB ← dqB·rB), the point is put midway between the two material points, and the separation
// is the base separation plus n·((cB − cA) + rB − rA), the same first-order update the solver
// uses within a tick. The normal and the feature ids stay (so warm starting is unchanged).
//
// How close that is to a fresh manifold: every material point has moved by at most δ
// relative to the other body, and the normal (fixed in the world) is off by at most the turn
// of the reference body, below δ/R; so a recycled point lies within δ of the fresh one along
// the face, and its separation within δ·(1 + δ/R) (tested, `RecyclingTests`). Only manifolds
// with points are cached (an empty one could hide a point coming within the speculative
// distance), and any edit of the world drops every cache (`recycleEpoch`).
//
// Tolerance. A touching pair (`ContactFlags.touching`, as the last tick's solve left it) is
// recycled while δ < `recycleDistance` = 2 × slop (1 pt), a pair that is not while
// δ < `recycleDistanceApart` = slop (0.5 pt). The bound (a kept point within δ of the fresh
// one) is a worst case, reached where a body turns or slides over a feature: a box sliding at
// 30 pt/s over a frictionless table's edge first turns by 0.01 rad 4.69 pt beyond the edge
// when every manifold is fresh and at a tolerance of 0.125 or 1 pt, 4.79 at 1.5 pt, 4.84 at
// 2 pt, 5.10 at 3 pt and 5.13 at Box2D v3's 5 pt (10 × slop; first-order mechanics: 4.48;
// `RecyclingToleranceTests`): 1 pt is the largest tolerance that does not move it. Box2D
// keeps the manifold's old anchors, so it needs no look-ahead; dyn re-anchors and keeps the
// look-ahead H·(relative speed), so that a pair about to move far is measured before it has:
// without it, at 1 pt, the sliding box above first turns 4.79 pt beyond the edge, as with the
// look-ahead at 1.5 pt.
// A pair that is not touching has speculative points only, whose separation says when it
// will touch: its tolerance is the slop, the overlap the solver tolerates anyway (Box2D:
// the smaller of its tolerance and the speculative distance, 2 pt here). With both, pyramid100
// measures 114 thousand manifolds afresh in its 500 frames instead of 1.19 million (7.46
// million recycled or fresh; 0.5 pt for both: 218 thousand; 5 pt and 2 pt: 19 thousand), and
// its top box ends 0.30 pt lower than with every manifold fresh (0.08 at the old 0.125 pt, of
// 85 pt of sag). The whole test suite (stacks, slides, tipping, extreme masses) holds with
// 1 pt for touching pairs and 0.5 or 2 pt for the others; 2 pt gained little (under 0.3 %).
//
// Precision. The cache keeps the relative position in double precision (a boundary's
// contact has it in world coordinates) and the rest in single (76 B, not 152; issue 12):
// rotations to 6e-8, anchors to 6e-8 of their length (1e-3 pt at 10,000 pt from a static
// centre), the base separations taken with the anchors and rotations as stored, so that the manifold recycled at
// the cached poses has the computed separations. A recycled point then lies within
// δ + 1e-5·R of the fresh one rather than δ, far inside the tolerance (`recycleDistance`).
//
// Light bodies under heavy ones. A face contact's normal is its reference face's; kept fixed
// in the world, a recycled normal is off by the turn of that face since the cache, a few
// micro-radians, which nothing notices, except a light body under a much heavier one
// without friction: the load, pressing along a normal tilted by θ, pushes the light body
// sideways at (M/m)·g·θ (5 pt/s² for 5 µrad at 1:1,000), and the load it then carries off
// centre tilts it further (measured: a light box squeezed out from under a box 1,000 times
// heavier within 2 s, issue 15). A rigid box between two faces pressed by them is pushed
// sideways only by the difference of their tilts, so such a body's contact with a heavier
// one is measured from its own face: where a pair is one of very unequal masses
// (`World.stackMassRatio`), the narrowphase takes the lighter body's face as the reference
// when the two faces are within its tolerance of each other (`prefer`), and a recycled
// two-point polygon manifold turns its normal with that body (`ManifoldCache.turn`). Its
// normal then follows the light body's pose as a fresh one would. A static body and one that
// carried a heavier body at the last tick (`BodyFlags.carriesLoad`, set by the stack sweep)
// are measured from the static body's face within that tolerance, which never turns: it is
// the normal the whole column above shares (StackSweep.swift, "Columns share one normal";
// measured from the light body's face, as at first, it pushed the whole column at g·θ of
// the light body's tilt). Other contacts, equal masses among them, keep the world-fixed
// normal.
// That normal is the face's own (the cache keeps which face), turned with the body's pose of
// the moment in double precision: turned with the single-precision rotations of the cache,
// it would be off by 6e-8 rad, which alone pushes a frictionless light box at 1:1,000 at
// (M/m)·g·θ = 0.06 pt/s².
//
// Cost: one contact of the resting 210-box pyramid costs about 1,900 instructions of
// narrowphase per tick; a recycled one about 150. A round pair is the other way round: two
// circles' manifold costs about 70 instructions (against a segment or a box, a pass over its
// few faces more), as much as the drift test alone, before the re-anchoring, the poses it
// reads and the cache written whenever the manifold is computed. So a circle against a circle,
// a segment or a polygon of at most `freshPolygonVertices` vertices is measured afresh every
// tick and never cached (`World.collideFreshPair`): rain's settled pile had three quarters of
// its manifolds recycled (1.75 M of 2.27 M over its 600 frames), and measuring them all afresh
// took 3 % off its instructions, about 100 a contact with points (Docs/benchmarks.md,
// "2026-11-28, rain's collision stage"). Ellipses, whose narrowphase iterates, and polygon
// pairs keep recycling.

import DynamicsCollision
import DynamicsMath

/// A rotation in single precision (the recycling cache's).
struct RotF {
    var c: Float
    var s: Float

    @inline(__always) init(_ q: Rot) {
        c = Float(q.c)
        s = Float(q.s)
    }

    /// In double precision again (exactly the single-precision values).
    @inline(__always) var rot: Rot { Rot(c: Real(c), s: Real(s)) }
}

/// What a contact remembers of the poses its manifold was computed at (76 B; file comment,
/// "Precision"). All but the relative position are single precision.
struct ManifoldCache {
    /// B's centre relative to A's, in A's axes. (B's rotation relative to A's is derived from
    /// `qA` and `qB`.)
    var relP: Vec2
    /// Each body's rotation.
    var qA: RotF
    var qB: RotF
    /// Anchors about the centres of mass (world axes at the cached poses), per point.
    var rA1: SIMD2<Float>
    var rB1: SIMD2<Float>
    var rA2: SIMD2<Float>
    var rB2: SIMD2<Float>
    /// s0 − n·((cB − cA) + rB − rA) per point (with the anchors as stored).
    var base1: Float
    var base2: Float
    /// `ContactWorld.recycleEpoch` when cached; 0: nothing cached.
    var epoch: UInt32
    /// When `turn` is not 0: the face the normal is, as its index in the world's pool of
    /// polygon normals (body axes, double precision: file comment, "Light bodies under heavy
    /// ones").
    var face: Int32
    /// The body whose face the normal is measured from, whose turn it follows when recycled
    /// (file comment, "Light bodies under heavy ones"): 0 none (the normal stays fixed in the
    /// world), 1 A, 2 B; 3 A's, 4 B's face preferred, a static body's (fixed in the world).
    var turn: UInt8

    static let none = ManifoldCache(
        relP: .zero, qA: RotF(.identity), qB: RotF(.identity), rA1: .zero, rB1: .zero, rA2: .zero,
        rB2: .zero, base1: 0, base2: 0, epoch: 0, face: 0, turn: 0)
}

extension Vec2 {
    /// In single precision, and back.
    @inline(__always) var single: SIMD2<Float> { SIMD2(Float(x), Float(y)) }
    @inline(__always) init(_ v: SIMD2<Float>) { self.init(Real(v.x), Real(v.y)) }
}

/// A body's pose as the recycling sees it (a boundary segment: the identity at the origin).
struct RecyclePose {
    /// Centre of mass, rotation, transform origin.
    var c: Vec2
    var q: Rot
    var p: Vec2
    /// Velocity, angular velocity, largest radius of its shapes about the centre.
    var v: Vec2
    var w: Real
    var extent: Real

    static let fixed = RecyclePose(c: .zero, q: .identity, p: .zero, v: .zero, w: 0, extent: 0)
}

extension World {
    /// The pose of the body at `sim`, whose shapes reach `extent` from its centre.
    @inline(__always)
    static func recyclePose(_ sim: UnsafePointer<BodySim>, extent: Real) -> RecyclePose {
        RecyclePose(
            c: sim.pointee.center, q: sim.pointee.transform.q, p: sim.pointee.transform.p, v: sim.pointee.v,
            w: sim.pointee.w, extent: extent)
    }
}

extension World {
    /// How far (pt) a touching pair (`ContactFlags.touching`) may have moved relative to its
    /// cached manifold, and may move in the coming tick, for the manifold to be kept: twice
    /// the linear slop (file comment, "Tolerance").
    public static let recycleDistance: Real = 2 * CollisionConstants.linearSlop

    /// The same for a pair that is not touching (its points speculative): the linear slop.
    public static let recycleDistanceApart: Real = CollisionConstants.linearSlop

    /// A circle's contact with a polygon of at most this many vertices is never recycled
    /// (file comment, "Cost"): the polygon–circle narrowphase, a pass over the faces, costs
    /// less than the recycling's test and re-anchoring up to about this size.
    static let freshPolygonVertices: Int32 = 8

    /// The cache of manifold `m` computed at poses A and B.
    @inline(__always)
    static func cacheManifold(
        _ m: Manifold, _ A: RecyclePose, _ B: RecyclePose, epoch: UInt32, turn: UInt8 = 0, face: Int32 = 0
    ) -> ManifoldCache {
        let n = m.normal
        let dc = B.c - A.c
        let qA = RotF(A.q)
        let qB = RotF(B.q)
        // The base separations are taken with the anchors and rotations as stored, turned as
        // `recycledManifold` turns them: recycled at these very poses, the manifold has the
        // separations computed (to double rounding), not the single-precision cache's error.
        let dqA = World.turn(since: qA.rot, to: A.q)
        let dqB = World.turn(since: qB.rot, to: B.q)
        let rA1 = (m.point1.anchorA + (A.p - A.c)).single
        let rB1 = (m.point1.anchorB + (B.p - B.c)).single
        var cache = ManifoldCache(
            relP: A.q.applyInverse(dc),
            qA: qA, qB: qB, rA1: rA1, rB1: rB1, rA2: .zero, rB2: .zero,
            base1: Float(m.point1.separation - n.dot(dc + (dqB.apply(Vec2(rB1)) - dqA.apply(Vec2(rA1))))), base2: 0,
            epoch: epoch, face: face, turn: m.pointCount > 1 ? turn : 0)
        if m.pointCount > 1 {
            let rA2 = (m.point2.anchorA + (A.p - A.c)).single
            let rB2 = (m.point2.anchorB + (B.p - B.c)).single
            cache.rA2 = rA2
            cache.rB2 = rB2
            cache.base2 = Float(m.point2.separation - n.dot(dc + (dqB.apply(Vec2(rB2)) - dqA.apply(Vec2(rA2)))))
        }
        return cache
    }

    /// The rotation from `q0` to `q` (q·q0⁻¹).
    @inline(__always)
    static func turn(since q0: Rot, to q: Rot) -> Rot {
        Rot(c: q.c * q0.c + q.s * q0.s, s: q.s * q0.c - q.c * q0.s)
    }

    /// δ of the file comment: how far the pair has moved relative to the cache, plus how far
    /// it can move in a tick of `H` seconds.
    @inline(__always)
    static func recycleDrift(_ cache: ManifoldCache, _ A: RecyclePose, _ B: RecyclePose, H: Real) -> Real {
        let relP = A.q.applyInverse(B.c - A.c)
        let relQ = Rot(c: A.q.c * B.q.c + A.q.s * B.q.s, s: A.q.c * B.q.s - A.q.s * B.q.c)
        let qA0 = cache.qA.rot
        let qB0 = cache.qB.rot
        // B's rotation relative to A's at the cache (computed as `relQ` is now).
        let q0 = Rot(c: qA0.c * qB0.c + qA0.s * qB0.s, s: qA0.c * qB0.s - qA0.s * qB0.c)
        // sin of the turns since the cache: relative, A's, B's.
        let sRel = q0.c * relQ.s - q0.s * relQ.c
        let sA = qA0.c * A.q.s - qA0.s * A.q.c
        let sB = qB0.c * B.q.s - qB0.s * B.q.c
        // A turn beyond a right angle has a small sine: refuse it by the cosines.
        let cosMin = Swift.min(
            q0.c * relQ.c + q0.s * relQ.s,
            Swift.min(qA0.c * A.q.c + qA0.s * A.q.s, qB0.c * B.q.c + qB0.s * B.q.s))
        if cosMin < 0.5 { return .infinity }
        let extent = Swift.max(A.extent, B.extent)
        let moved = (relP - cache.relP).length + extent * abs(sRel) + A.extent * abs(sA) + B.extent * abs(sB)
        let ahead = H * ((B.v - A.v).length + abs(A.w) * A.extent + abs(B.w) * B.extent)
        return moved + ahead
    }

    /// The cached manifold `m` (ids, point count kept) re-anchored to poses A and B; its
    /// normal kept, or turned with the body of `cache.turn` (file comment).
    @inline(__always)
    /// `n` is the normal it keeps: the cached one, or (`cache.turn`) the face's at the body's
    /// present pose (`World.turnedNormal`).
    static func recycledManifold(
        _ m: Manifold, _ cache: ManifoldCache, _ A: RecyclePose, _ B: RecyclePose, normal n: Vec2
    ) -> Manifold {
        var out = m
        let qA0 = cache.qA.rot
        let qB0 = cache.qB.rot
        let dqA = World.turn(since: qA0, to: A.q)
        let dqB = World.turn(since: qB0, to: B.q)
        out.normal = n
        let dc = B.c - A.c
        @inline(__always) func point(
            _ old: ManifoldPoint, _ rA0: SIMD2<Float>, _ rB0: SIMD2<Float>, _ base: Float
        ) -> ManifoldPoint {
            let rA = dqA.apply(Vec2(rA0))
            let rB = dqB.apply(Vec2(rB0))
            let onA = A.c + rA
            let onB = B.c + rB
            let mid = 0.5 * (onA + onB)
            return ManifoldPoint(
                anchorA: mid - A.p, anchorB: mid - B.p, separation: Real(base) + n.dot(dc + (rB - rA)), id: old.id)
        }
        out.point1 = point(m.point1, cache.rA1, cache.rB1, cache.base1)
        if m.pointCount > 1 { out.point2 = point(m.point2, cache.rA2, cache.rB2, cache.base2) }
        return out
    }
}

extension World {
    /// The normal a recycled manifold keeps: the cached one, or that of the face it was measured
    /// from (`cache.turn`, `cache.face`), turned with its body's present rotation, pointing
    /// from A to B.
    @inline(__always)
    static func turnedNormal(_ m: Manifold, _ cache: ManifoldCache, _ qA: Rot, _ qB: Rot, normals: UnsafePointer<Vec2>) -> Vec2 {
        switch cache.turn {
        case 1: return qA.apply(normals[Int(cache.face)])
        case 2: return -qB.apply(normals[Int(cache.face)])
        default: return m.normal
        }
    }

    /// Makes every cached manifold stale (after any edit of the world).
    @inline(__always)
    static func bumpRecycleEpoch(_ cw: inout ContactWorld) {
        cw.recycleEpoch = cw.recycleEpoch == UInt32.max ? 1 : cw.recycleEpoch + 1
    }
}
