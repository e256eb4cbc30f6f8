// The wide records' gathers and scatters as 4 × 4 transposes (Contacts/WideContactSolver.swift,
// "Bodies in single precision"): four bodies' states, one vector each, into lanes, and back.
// On x86-64 with SSE2's own shuffles (unpack, move high/low), as Box2D v3's `b2GatherBodies`
// and `b2ScatterBodies` do; built from lane reads and writes, the compiler moved one lane at a
// time (about 33 instructions to scatter four bodies' velocities, 17 this way). Elsewhere the
// portable lane-by-lane form. Both move values only: the same bits either way.
//
// Also the rows' lane operations that SSE2 does in fewer instructions than the portable form
// (Docs/solver.md, "Each pass its own rows"): selects against zero as a compare and a mask, a
// clamp and a floor with the hardware's max and min (the selects' bits wherever no operand is a
// NaN), and the conversions between a solver body (double) and its single-precision state, or
// between a constraint's pairs of fields and its lanes, two values in one conversion. Each is
// the same arithmetic as the portable form beside it.

import DynamicsMath
#if arch(x86_64)
import _Builtin_intrinsics.intel
#endif

/// Lanes 0, 1 and 2 of four vectors: (s0[0], s1[0], s2[0], s3[0]) and so on.
@inline(__always)
func gatherLanes3(
    _ s0: SIMD4<Float>, _ s1: SIMD4<Float>, _ s2: SIMD4<Float>, _ s3: SIMD4<Float>
) -> (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>) {
    #if arch(x86_64)
    let t0 = _mm_unpacklo_ps(s0, s1)  // s0[0] s1[0] s0[1] s1[1]
    let t1 = _mm_unpacklo_ps(s2, s3)  // s2[0] s3[0] s2[1] s3[1]
    let u0 = _mm_unpackhi_ps(s0, s1)  // s0[2] s1[2] s0[3] s1[3]
    let u1 = _mm_unpackhi_ps(s2, s3)
    return (_mm_movelh_ps(t0, t1), _mm_movehl_ps(t1, t0), _mm_movelh_ps(u0, u1))
    #else
    return (SIMD4(s0[0], s1[0], s2[0], s3[0]), SIMD4(s0[1], s1[1], s2[1], s3[1]), SIMD4(s0[2], s1[2], s2[2], s3[2]))
    #endif
}

/// All four lanes of four vectors (a 4 × 4 transpose).
@inline(__always)
func gatherLanes4(
    _ s0: SIMD4<Float>, _ s1: SIMD4<Float>, _ s2: SIMD4<Float>, _ s3: SIMD4<Float>
) -> (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>) {
    #if arch(x86_64)
    let t0 = _mm_unpacklo_ps(s0, s1)
    let t1 = _mm_unpacklo_ps(s2, s3)
    let u0 = _mm_unpackhi_ps(s0, s1)
    let u1 = _mm_unpackhi_ps(s2, s3)
    return (_mm_movelh_ps(t0, t1), _mm_movehl_ps(t1, t0), _mm_movelh_ps(u0, u1), _mm_movehl_ps(u1, u0))
    #else
    return (
        SIMD4(s0[0], s1[0], s2[0], s3[0]), SIMD4(s0[1], s1[1], s2[1], s3[1]), SIMD4(s0[2], s1[2], s2[2], s3[2]),
        SIMD4(s0[3], s1[3], s2[3], s3[3])
    )
    #endif
}

/// The inverse of `gatherLanes3` with a zero fourth lane: (x[k], y[k], z[k], 0) for k = 0…3.
@inline(__always)
func scatterLanes3(
    _ x: SIMD4<Float>, _ y: SIMD4<Float>, _ z: SIMD4<Float>
) -> (SIMD4<Float>, SIMD4<Float>, SIMD4<Float>, SIMD4<Float>) {
    #if arch(x86_64)
    let zero = SIMD4<Float>.zero
    let t0 = _mm_unpacklo_ps(x, y)  // x0 y0 x1 y1
    let t1 = _mm_unpackhi_ps(x, y)  // x2 y2 x3 y3
    let u0 = _mm_unpacklo_ps(z, zero)  // z0 0 z1 0
    let u1 = _mm_unpackhi_ps(z, zero)  // z2 0 z3 0
    return (_mm_movelh_ps(t0, u0), _mm_movehl_ps(u0, t0), _mm_movelh_ps(t1, u1), _mm_movehl_ps(u1, t1))
    #else
    return (SIMD4(x[0], y[0], z[0], 0), SIMD4(x[1], y[1], z[1], 0), SIMD4(x[2], y[2], z[2], 0), SIMD4(x[3], y[3], z[3], 0))
    #endif
}

/// `wideMax(a, 0)` to the bit (a where a ≥ 0, else +0, a NaN too) in two operations, a compare
/// and a mask, where the general select takes four (SSE2 has no blend).
@inline(__always)
func wideClampAtZero(_ a: SIMD4<Float>) -> SIMD4<Float> {
    #if arch(x86_64)
    return _mm_and_ps(_mm_cmpge_ps(a, _mm_setzero_ps()), a)
    #else
    return wideMax(a, .zero)
    #endif
}

/// |a| lane by lane by clearing the sign bit (one operation; a select took three). −0 gives
/// +0, which compares as −0 does.
@inline(__always)
func wideAbs(_ a: SIMD4<Float>) -> SIMD4<Float> {
    #if arch(x86_64)
    return _mm_andnot_ps(_mm_set1_ps(-0.0), a)
    #else
    return a.replacing(with: -a, where: a .< 0)
    #endif
}

/// `wideMin(wideMax(x, −m), m)` in two operations (the hardware's max and min, the bound first:
/// on a tie, ±0 against ∓0, they keep `x` as the selects do). The same bits for every x that is
/// not a NaN (the selects turn a NaN into a bound, these keep it; a friction row's x is a
/// finite impulse).
@inline(__always)
func wideClamp(_ x: SIMD4<Float>, _ m: SIMD4<Float>) -> SIMD4<Float> {
    #if arch(x86_64)
    return _mm_min_ps(m, _mm_max_ps(-m, x))
    #else
    return wideMin(wideMax(x, -m), m)
    #endif
}

/// `wideMax(a, b)` in one operation (the hardware's max, `b` first: on a tie it keeps `a`, as
/// the select does): the same bits where neither is a NaN.
@inline(__always)
func wideMaxOrdered(_ a: SIMD4<Float>, _ b: SIMD4<Float>) -> SIMD4<Float> {
    #if arch(x86_64)
    return _mm_max_ps(b, a)
    #else
    return wideMax(a, b)
    #endif
}

/// A solver body's velocity in single precision, (vx, vy, ω, 0): on x86-64 the pair (vx, vy)
/// converted in one operation. The same conversions, so the same bits.
@inline(__always)
func singleVelocity(_ b: UnsafePointer<SolverBody>) -> SIMD4<Float> {
    #if arch(x86_64)
    let v = UnsafeRawPointer(b.pointer(to: \.v)!).loadUnaligned(as: SIMD2<Double>.self)
    let w = _mm_cvtsd_ss(_mm_setzero_ps(), SIMD2<Double>(b.pointee.w, 0))
    return _mm_movelh_ps(_mm_cvtpd_ps(v), w)
    #else
    return SIMD4(Float(b.pointee.v.x), Float(b.pointee.v.y), Float(b.pointee.w), 0)
    #endif
}

/// A solver body's pose change in single precision, (dpx, dpy, cos, sin): two pair
/// conversions on x86-64. The same bits.
@inline(__always)
func singlePose(_ b: UnsafePointer<SolverBody>) -> SIMD4<Float> {
    #if arch(x86_64)
    let dp = UnsafeRawPointer(b.pointer(to: \.dp)!).loadUnaligned(as: SIMD2<Double>.self)
    let dq = UnsafeRawPointer(b.pointer(to: \.dq)!).loadUnaligned(as: SIMD2<Double>.self)
    return _mm_movelh_ps(_mm_cvtpd_ps(dp), _mm_cvtpd_ps(dq))
    #else
    return SIMD4(Float(b.pointee.dp.x), Float(b.pointee.dp.y), Float(b.pointee.dq.c), Float(b.pointee.dq.s))
    #endif
}

/// Adds a single-precision velocity change (dvx, dvy, dω, ·) to a solver body, each lane
/// converted to double and added (on x86-64 the pair in one conversion and one addition).
@inline(__always)
func addVelocityChange(_ b: UnsafeMutablePointer<SolverBody>, _ d: SIMD4<Float>) {
    #if arch(x86_64)
    let p = UnsafeMutableRawPointer(b.pointer(to: \.v)!)
    let v = p.loadUnaligned(as: SIMD2<Double>.self)
    p.storeBytes(of: v + _mm_cvtps_pd(d), as: SIMD2<Double>.self)
    b.pointee.w += Double(d[2])
    #else
    b.pointee.v.x += Double(d[0])
    b.pointee.v.y += Double(d[1])
    b.pointee.w += Double(d[2])
    #endif
}

/// The sum a + b in double precision, then in single precision, in lanes 0 and 1 (x and y):
/// one addition and one conversion for the pair on x86-64. The same bits as
/// `Float(a.x + b.x)`, `Float(a.y + b.y)`.
@inline(__always)
func singleSum(_ a: Vec2, _ b: Vec2) -> SIMD4<Float> {
    #if arch(x86_64)
    return _mm_cvtpd_ps(SIMD2<Double>(a.x, a.y) + SIMD2<Double>(b.x, b.y))
    #else
    return SIMD4(Float(a.x + b.x), Float(a.y + b.y), 0, 0)
    #endif
}

/// (Float(x), Float(y)) in lanes 0 and 1: one conversion for the pair on x86-64.
@inline(__always)
func singlePair(_ x: Double, _ y: Double) -> SIMD4<Float> {
    #if arch(x86_64)
    return _mm_cvtpd_ps(SIMD2<Double>(x, y))
    #else
    return SIMD4(Float(x), Float(y), 0, 0)
    #endif
}
