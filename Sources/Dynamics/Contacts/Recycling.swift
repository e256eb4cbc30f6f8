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
// δ < `recycleDistance`: each point's anchors turn with their bodies (rA ← dqA·rA,
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
// Light bodies under heavy ones. A face contact's normal is its reference face's; kept fixed
// in the world, a recycled normal is off by the turn of that face since the cache, a few
// micro-radians, which nothing notices, except a light body under a much heavier one
// without friction: the load, pressing along a normal tilted by θ, pushes the light body
// sideways at (M/m)·g·θ (5 pt/s² for 5 µrad at 1:1,000), and the load it then carries off
// centre tilts it further (measured: a light box squeezed out from under a box 1,000 times
// heavier within 2 s, issue 15). A rigid box between two faces pressed by them is pushed
// sideways only by the difference of their tilts, so such a body's contacts are measured from
// its own faces, which stay parallel to each other: where a pair is one of very unequal
// masses (`World.stackMassRatio`), or a static body and one that carried a heavier body at
// the last tick (`BodyFlags.carriesLoad`, set by the stack sweep), the narrowphase takes
// the lighter body's face as the reference when the two faces are within its tolerance of
// each other (`prefer`), and a recycled two-point polygon manifold turns its normal with
// that body (`ManifoldCache.turn`). Its normal then follows the light body's pose as a
// fresh one would. Other contacts, equal masses among them, keep the world-fixed normal.
//
// Cost: one contact of the resting 210-box pyramid costs about 1,900 instructions of
// narrowphase per tick; a recycled one about 150.

import DynamicsCollision
import DynamicsMath

/// What a contact remembers of the poses its manifold was computed at.
struct ManifoldCache {
    /// B's centre relative to A's, in A's axes, and B's rotation relative to A's.
    var relP: Vec2
    var relQ: Rot
    /// The manifold's normal when cached (world axes).
    var normal: Vec2
    /// Each body's rotation.
    var qA: Rot
    var qB: Rot
    /// Anchors about the centres of mass (world axes at the cached poses), per point.
    var rA1: Vec2
    var rB1: Vec2
    var rA2: Vec2
    var rB2: Vec2
    /// s0 − n·((cB − cA) + rB − rA) per point.
    var base1: Real
    var base2: Real
    /// `ContactWorld.recycleEpoch` when cached; 0: nothing cached.
    var epoch: UInt32
    /// The body whose face the normal is measured from, whose turn it follows when recycled
    /// (file comment, "Light bodies under heavy ones"): 0 none (the normal stays fixed in the
    /// world), 1 A, 2 B.
    var turn: UInt8

    static let none = ManifoldCache(
        relP: .zero, relQ: .identity, normal: .zero, qA: .identity, qB: .identity, rA1: .zero, rB1: .zero, rA2: .zero, rB2: .zero,
        base1: 0, base2: 0, epoch: 0, turn: 0)
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
    /// How far (pt) a pair may have moved relative to its cached manifold, and may move in
    /// the coming tick, for the manifold to be kept: a quarter of the linear slop.
    public static let recycleDistance: Real = 0.25 * CollisionConstants.linearSlop

    /// The cache of manifold `m` computed at poses A and B.
    @inline(__always)
    static func cacheManifold(_ m: Manifold, _ A: RecyclePose, _ B: RecyclePose, epoch: UInt32, turn: UInt8) -> ManifoldCache {
        let n = m.normal
        let dc = B.c - A.c
        let rA1 = m.point1.anchorA + (A.p - A.c)
        let rB1 = m.point1.anchorB + (B.p - B.c)
        var cache = ManifoldCache(
            relP: A.q.applyInverse(dc), relQ: Rot(c: A.q.c * B.q.c + A.q.s * B.q.s, s: A.q.c * B.q.s - A.q.s * B.q.c),
            normal: n, qA: A.q, qB: B.q, rA1: rA1, rB1: rB1, rA2: .zero, rB2: .zero,
            base1: m.point1.separation - n.dot(dc + (rB1 - rA1)), base2: 0, epoch: epoch,
            turn: m.pointCount > 1 ? turn : 0)
        if m.pointCount > 1 {
            let rA2 = m.point2.anchorA + (A.p - A.c)
            let rB2 = m.point2.anchorB + (B.p - B.c)
            cache.rA2 = rA2
            cache.rB2 = rB2
            cache.base2 = m.point2.separation - n.dot(dc + (rB2 - rA2))
        }
        return cache
    }

    /// δ of the file comment: how far the pair has moved relative to the cache, plus how far
    /// it can move in a tick of `H` seconds.
    @inline(__always)
    static func recycleDrift(_ cache: ManifoldCache, _ A: RecyclePose, _ B: RecyclePose, H: Real) -> Real {
        let relP = A.q.applyInverse(B.c - A.c)
        let relQ = Rot(c: A.q.c * B.q.c + A.q.s * B.q.s, s: A.q.c * B.q.s - A.q.s * B.q.c)
        // sin of the turns since the cache: relative, A's, B's.
        let sRel = cache.relQ.c * relQ.s - cache.relQ.s * relQ.c
        let sA = cache.qA.c * A.q.s - cache.qA.s * A.q.c
        let sB = cache.qB.c * B.q.s - cache.qB.s * B.q.c
        // A turn beyond a right angle has a small sine: refuse it by the cosines.
        let cosMin = Swift.min(
            cache.relQ.c * relQ.c + cache.relQ.s * relQ.s,
            Swift.min(cache.qA.c * A.q.c + cache.qA.s * A.q.s, cache.qB.c * B.q.c + cache.qB.s * B.q.s))
        if cosMin < 0.5 { return .infinity }
        let extent = Swift.max(A.extent, B.extent)
        let moved = (relP - cache.relP).length + extent * abs(sRel) + A.extent * abs(sA) + B.extent * abs(sB)
        let ahead = H * ((B.v - A.v).length + abs(A.w) * A.extent + abs(B.w) * B.extent)
        return moved + ahead
    }

    /// The cached manifold `m` (ids, point count kept) re-anchored to poses A and B; its
    /// normal kept, or turned with the body of `cache.turn` (file comment).
    @inline(__always)
    static func recycledManifold(_ m: Manifold, _ cache: ManifoldCache, _ A: RecyclePose, _ B: RecyclePose) -> Manifold {
        var out = m
        let dqA = Rot(c: A.q.c * cache.qA.c + A.q.s * cache.qA.s, s: A.q.s * cache.qA.c - A.q.c * cache.qA.s)
        let dqB = Rot(c: B.q.c * cache.qB.c + B.q.s * cache.qB.s, s: B.q.s * cache.qB.c - B.q.c * cache.qB.s)
        // (A `let`: captured by `point` below, a `var` is boxed on the heap in debug builds.)
        let n = cache.turn == 0 ? m.normal : (cache.turn == 1 ? dqA : dqB).apply(cache.normal)
        out.normal = n
        let dc = B.c - A.c
        @inline(__always) func point(_ old: ManifoldPoint, _ rA0: Vec2, _ rB0: Vec2, _ base: Real) -> ManifoldPoint {
            let rA = dqA.apply(rA0)
            let rB = dqB.apply(rB0)
            let onA = A.c + rA
            let onB = B.c + rB
            let mid = 0.5 * (onA + onB)
            return ManifoldPoint(
                point: mid, anchorA: mid - A.p, anchorB: mid - B.p, separation: base + n.dot(dc + (rB - rA)), id: old.id)
        }
        out.point1 = point(m.point1, cache.rA1, cache.rB1, cache.base1)
        if m.pointCount > 1 { out.point2 = point(m.point2, cache.rA2, cache.rB2, cache.base2) }
        return out
    }
}

extension World {
    /// Makes every cached manifold stale (after any edit of the world).
    @inline(__always)
    static func bumpRecycleEpoch(_ cw: inout ContactWorld) {
        cw.recycleEpoch = cw.recycleEpoch == UInt32.max ? 1 : cw.recycleEpoch + 1
    }
}
