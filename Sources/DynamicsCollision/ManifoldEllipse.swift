// Exact ellipse collision by support-function SAT (Docs/solver.md §4, the `ideal` model).
//
// For convex A and B and a unit direction n from A to B, the separation along n is
//
//     σ(n) = n·(cB − cA) − hA(n) − hB(−n),
//
// h being the support function about each centre. Its maximum over all n is the signed
// distance: the distance when apart, minus the minimum translation distance when
// overlapping. For an ellipse of semi-axes (a, b) in its own frame,
//
//     h(n) = √(a²nx² + b²ny²),      support point s(n) = (a²nx, b²ny) / h(n).
//
// Ellipse–polygon. The polygon's support function is n·v_j inside vertex j's normal cone
// and has kinks at the face normals, so a maximum of σ is either at a face normal (σ in
// closed form) or stationary inside a vertex cone, where n is minus the ellipse normal at a
// boundary point q whose normal passes through v_j (σ = n·(q − v_j)). The nearest boundary
// point gives the vertex's global maximum; when its direction falls outside the cone, a
// second local maximum can still lie inside it if v_j is inside the evolute (which pokes
// out of the ellipse along the minor axis when b/a < 1/√2), so the cone is then searched.
// The best of these candidates is exact. A cheap bound, σ ≤ max over the cone of (−n·v_j)
// − min(a, b), skips the vertices that face away.
//
// Point–ellipse (Eberly, "Distance from a Point to an Ellipse"): reflect the point y into
// the first quadrant and order the axes e0 ≥ e1. With y1 > 0, the closest point is
// x_i = e_i²·y_i/(t + e_i²) for the root t > −e1² of
//
//     F(t) = (e0·y0/(t + e0²))² + (e1·y1/(t + e1²))² − 1,
//
// which is strictly decreasing and convex there (F → +∞ at −e1², F ≤ 0 at
// −e1² + √((e0y0)² + (e1y1)²)), so a Newton step safeguarded by bisection on that bracket
// always converges. With y1 = 0, the closest point is (e0, 0) unless y0 < (e0² − e1²)/e0,
// where it leaves the axis: x0 = e0²y0/(e0² − e1²), x1 = e1·√(1 − (x0/e0)²). The same
// closest point serves inside points (the nearest boundary point), so one routine gives
// the signed distance.
//
// Ellipse–ellipse. σ(θ) with n = (cos θ, sin θ) is smooth; a cold start samples 16
// directions and the centre-to-centre one, then refines around the best sample with
// Newton on σ′(θ) = 0 safeguarded by bisection (golden section if the bracket fails).
// Derivatives, for h(n) = √g, g = Σ k_i (n·e_i)², n′ = perp(n), n″ = −n:
//
//     g′ = 2Σ k_i (n·e_i)(n′·e_i),   g″ = 2Σ k_i ((n′·e_i)² − (n·e_i)²),
//     h′ = g′/(2h),                  h″ = g″/(2h) − g′²/(4h³),
//     σ′ = n′·d − hA′ − hB′,         σ″ = −n·d − hA″ − hB″.
//
// Every pair yields one point midway between the two witness points, with separation
// σ(n*) and a stable feature id (polygon face i, vertex j | 0x8000, or 0).

import DynamicsMath

/// The support function and support point of an ellipse of semi-axes (a, b) in its frame.
@inlinable @inline(__always)
public func ellipseSupport(a: Real, b: Real, _ n: Vec2) -> (h: Real, point: Vec2) {
    let mx = a * a * n.x
    let my = b * b * n.y
    let h = (mx * n.x + my * n.y).squareRoot()
    return (h, Vec2(mx / h, my / h))
}

/// The closest point of the boundary of the ellipse (a, b) to `p`, all in the ellipse's
/// frame; for an inside point, the nearest boundary point. See the file comment.
public func closestPointOnEllipse(a: Real, b: Real, _ p: Vec2) -> Vec2 {
    let signX: Real = p.x < 0 ? -1 : 1
    let signY: Real = p.y < 0 ? -1 : 1
    let swapped = b > a
    let e0 = swapped ? b : a
    let e1 = swapped ? a : b
    let y0 = swapped ? abs(p.y) : abs(p.x)
    let y1 = swapped ? abs(p.x) : abs(p.y)
    var x0: Real
    var x1: Real
    if y1 > 0 {
        if y0 > 0 {
            let e00 = e0 * e0
            let e11 = e1 * e1
            let g0 = e0 * y0
            let g1 = e1 * y1
            var lo = -e11
            var hi = -e11 + (g0 * g0 + g1 * g1).squareRoot()
            var t = Swift.min(Swift.max(0, lo), hi)
            if t <= lo { t = 0.5 * (lo + hi) }
            let tolerance = 1e-15 * (e00 + abs(hi))
            var iteration = 0
            while iteration < 100 {
                iteration &+= 1
                let d0 = t + e00
                let d1 = t + e11
                let r0 = g0 / d0
                let r1 = g1 / d1
                let f = r0 * r0 + r1 * r1 - 1
                if f == 0 { break }
                if f > 0 { lo = t } else { hi = t }
                let derivative = -2 * (r0 * r0 / d0 + r1 * r1 / d1)
                var next = t - f / derivative
                if !(next > lo && next < hi) { next = 0.5 * (lo + hi) }
                if abs(next - t) <= tolerance || hi - lo <= tolerance {
                    t = next
                    break
                }
                t = next
            }
            x0 = e00 * y0 / (t + e00)
            x1 = e11 * y1 / (t + e11)
        } else {
            x0 = 0
            x1 = e1
        }
    } else {
        let e00 = e0 * e0
        let e11 = e1 * e1
        if y0 * e0 < e00 - e11 {
            x0 = e00 * y0 / (e00 - e11)
            let r = x0 / e0
            x1 = e1 * Swift.max(0, 1 - r * r).squareRoot()
        } else {
            x0 = e0
            x1 = 0
        }
    }
    return swapped ? Vec2(signX * x1, signY * x0) : Vec2(signX * x0, signY * x1)
}

/// The outward unit normal of the ellipse (a, b) at its boundary point `q`: ∝ (qx/a², qy/b²).
@inlinable @inline(__always)
public func ellipseNormal(a: Real, b: Real, at q: Vec2) -> Vec2 {
    Vec2(q.x / (a * a), q.y / (b * b)).normalized
}

/// Polygon (A, possibly a 2-vertex segment) against ellipse (B): exact SAT, one point.
///
/// Maths: see the file comment. In the ellipse's frame, face i of outward normal m_i gives
/// σ_i = −m_i·v_i − h(m_i); vertex j with closest boundary point q and ellipse normal N(q)
/// gives n = −N(q) and σ = n·(q − v_j), counted only when n lies in the vertex's normal
/// cone: cross(m_{j−1}, n) ≥ 0 and cross(n, m_j) ≥ 0.
///
/// - Parameter cutoff: no contact beyond this separation (time of impact passes infinity).
public func collidePolygonAndEllipse(
    _ polygon: PolygonRef, _ xfA: Transform, _ ellipse: Ellipse, _ xfB: Transform,
    cutoff: Real = CollisionConstants.speculativeDistance
) -> Manifold {
    let xfE = Transform(p: xfB.apply(ellipse.center), q: xfB.q)
    let rel = xfE.inverseTimes(xfA)
    let a = ellipse.semiAxes.x
    let b = ellipse.semiAxes.y
    let count = polygon.count
    let speculative = cutoff
    return withUnsafeTemporaryAllocation(of: Vec2.self, capacity: 2 * count) { buffer in
        let v = buffer.baseAddress!
        let m = v + count
        var i = 0
        while i < count {
            (v + i).initialize(to: rel.apply(polygon.vertices[i]))
            (m + i).initialize(to: rel.q.apply(polygon.normals[i]))
            i &+= 1
        }
        // Faces.
        var best = -Real.infinity
        var bestFeature = 0
        var bestIsVertex = false
        i = 0
        while i < count {
            let n = m[i]
            let s = -n.dot(v[i]) - ellipseSupport(a: a, b: b, n).h
            if s > best {
                best = s
                bestFeature = i
            }
            i &+= 1
        }
        if best > speculative { return .empty }
        // Vertices: the closest boundary point, if its normal lies in the vertex's cone.
        var bestNormal = m[bestFeature]
        var bestQ = Vec2.zero
        let hysteresis = 1e-9
        let minAxis = Swift.min(a, b)
        var j = 0
        while j < count {
            let p = v[j]
            let previous = m[j == 0 ? count &- 1 : j &- 1]
            let next = m[j]
            // Upper bound over the cone: σ(n) = −n·p − h(n) ≤ max(−n·p) − min(a, b). Skips the
            // vertices that face away from the ellipse without any root finding.
            let inward = -p
            let reach = previous.cross(inward) >= 0 && inward.cross(next) >= 0
                ? p.length : Swift.max(-previous.dot(p), -next.dot(p))
            if reach - minAxis <= best + hysteresis {
                j &+= 1
                continue
            }
            let q = closestPointOnEllipse(a: a, b: b, p)
            var candidate = -ellipseNormal(a: a, b: b, at: q)
            var onEllipse = q
            var s: Real
            if previous.cross(candidate) >= 0 && candidate.cross(next) >= 0 {
                // The nearest boundary point: the global maximum of this vertex's σ.
                s = candidate.dot(q - p)
            } else {
                // Near an elongated ellipse (inside its evolute) another local maximum may lie
                // in the cone. Search it.
                (s, candidate) = maximizeVertexSeparation(a: a, b: b, p, from: previous, to: next)
                onEllipse = -ellipseSupport(a: a, b: b, candidate).point
            }
            if s > best + hysteresis {
                best = s
                bestFeature = j
                bestIsVertex = true
                bestNormal = candidate
                bestQ = onEllipse
            }
            j &+= 1
        }
        if best > speculative { return .empty }
        let midpoint: Vec2
        let featureA: UInt32
        if bestIsVertex {
            midpoint = 0.5 * (bestQ + v[bestFeature])
            featureA = UInt32(bestFeature) | vertexFeature
        } else {
            let onEllipse = -ellipseSupport(a: a, b: b, bestNormal).point
            midpoint = onEllipse - (0.5 * best) * bestNormal
            featureA = UInt32(bestFeature)
        }
        var manifold = Manifold.empty
        manifold.normal = xfE.q.apply(bestNormal)
        manifold.append(world: xfE.apply(midpoint), xfA: xfA, xfB: xfB, separation: best, id: makeFeatureId(featureA, 0))
        return manifold
    }
}

/// Ellipse (A) against circle (B): the signed distance of the circle's centre to the
/// ellipse, minus the radius, along the ellipse's normal at the closest boundary point.
public func collideEllipseAndCircle(
    _ ellipse: Ellipse, _ xfA: Transform, _ circle: Circle, _ xfB: Transform, cutoff: Real = CollisionConstants.speculativeDistance
) -> Manifold {
    let xfE = Transform(p: xfA.apply(ellipse.center), q: xfA.q)
    let a = ellipse.semiAxes.x
    let b = ellipse.semiAxes.y
    let p = xfE.applyInverse(xfB.apply(circle.center))
    let q = closestPointOnEllipse(a: a, b: b, p)
    let n = ellipseNormal(a: a, b: b, at: q)
    let separation = n.dot(p - q) - circle.radius
    if separation > cutoff { return .empty }
    var m = Manifold.empty
    m.normal = xfE.q.apply(n)
    let onB = p - circle.radius * n
    m.append(world: xfE.apply(0.5 * (q + onB)), xfA: xfA, xfB: xfB, separation: separation, id: 0)
    return m
}

/// σ(θ) of two ellipses and its first two derivatives, in A's ellipse frame.
struct EllipsePairSeparation {
    /// A's squared semi-axes.
    var a2: Real, b2: Real
    /// B's squared semi-axes and axes (unit vectors in A's frame).
    var c2: Real, d2: Real
    var uB: Vec2, vB: Vec2
    /// B's centre in A's frame.
    var d: Vec2

    /// σ at direction n.
    @inline(__always)
    func value(_ n: Vec2) -> Real {
        let hA = (a2 * n.x * n.x + b2 * n.y * n.y).squareRoot()
        let pu = n.dot(uB)
        let pv = n.dot(vB)
        let hB = (c2 * pu * pu + d2 * pv * pv).squareRoot()
        return n.dot(d) - hA - hB
    }

    /// (σ′, σ″) at direction n.
    @inline(__always)
    func derivatives(_ n: Vec2) -> (Real, Real) {
        let t = n.perp
        // A: k = (a², b²) along the frame axes.
        let gA = a2 * n.x * n.x + b2 * n.y * n.y
        let gA1 = 2 * (a2 * n.x * t.x + b2 * n.y * t.y)
        let gA2 = 2 * (a2 * (t.x * t.x - n.x * n.x) + b2 * (t.y * t.y - n.y * n.y))
        let hA = gA.squareRoot()
        let pu = n.dot(uB), pv = n.dot(vB), tu = t.dot(uB), tv = t.dot(vB)
        let gB = c2 * pu * pu + d2 * pv * pv
        let gB1 = 2 * (c2 * pu * tu + d2 * pv * tv)
        let gB2 = 2 * (c2 * (tu * tu - pu * pu) + d2 * (tv * tv - pv * pv))
        let hB = gB.squareRoot()
        let hA1 = gA1 / (2 * hA)
        let hA2 = gA2 / (2 * hA) - gA1 * gA1 / (4 * hA * hA * hA)
        let hB1 = gB1 / (2 * hB)
        let hB2 = gB2 / (2 * hB) - gB1 * gB1 / (4 * hB * hB * hB)
        return (t.dot(d) - hA1 - hB1, -n.dot(d) - hA2 - hB2)
    }
}

/// The direction of angle θ.
@inline(__always)
func direction(_ theta: Real) -> Vec2 {
    let cs = DMath.cosSin(theta)
    return Vec2(cs.c, cs.s)
}

/// Refines a maximum of a smooth σ(θ) on [lo, hi] around `start`.
///
/// Maths: if σ′(lo) > 0 > σ′(hi), Newton on σ′ = 0 (θ ← θ − σ′/σ″ while σ″ < 0), keeping the
/// bracket by the sign of σ′ and bisecting whenever a step leaves it; otherwise golden-section
/// search on σ, which finds a local maximum (possibly an end) of any bracket.
@inline(__always)
func refineMaximum(
    lo: Real, hi: Real, start: Real, value: (Real) -> Real, derivatives: (Real) -> (Real, Real)
) -> Real {
    var lo = lo
    var hi = hi
    if derivatives(lo).0 > 0 && derivatives(hi).0 < 0 {
        var theta = start
        for _ in 0..<50 {
            let (d1, d2) = derivatives(theta)
            if d1 == 0 { break }
            if d1 > 0 { lo = theta } else { hi = theta }
            var next = d2 < 0 ? theta - d1 / d2 : 0.5 * (lo + hi)
            if !(next > lo && next < hi) { next = 0.5 * (lo + hi) }
            let done = abs(next - theta) <= 1e-13 || hi - lo <= 1e-13
            theta = next
            if done { break }
        }
        return theta
    }
    let ratio = 0.6180339887498949
    var x1 = hi - ratio * (hi - lo)
    var x2 = lo + ratio * (hi - lo)
    var f1 = value(x1)
    var f2 = value(x2)
    while hi - lo > 1e-12 {
        if f1 < f2 {
            lo = x1
            x1 = x2
            f1 = f2
            x2 = lo + ratio * (hi - lo)
            f2 = value(x2)
        } else {
            hi = x2
            x2 = x1
            f2 = f1
            x1 = hi - ratio * (hi - lo)
            f1 = value(x1)
        }
    }
    return 0.5 * (lo + hi)
}

/// The largest separation σ(n) = −n·p − h(n) of vertex p (ellipse frame) from the ellipse
/// (a, b) over directions n in the vertex's normal cone, from `m0` to `m1` (turning positively,
/// less than π): 9 samples, then ``refineMaximum(lo:hi:start:value:derivatives:)``.
///
/// Maths: with t = perp(n) and h = √g, g = a²nx² + b²ny²: σ′ = −t·p − h′, σ″ = n·p − h″,
/// h′ and h″ as in the file comment.
func maximizeVertexSeparation(a: Real, b: Real, _ p: Vec2, from m0: Vec2, to m1: Vec2) -> (Real, Vec2) {
    let a2 = a * a
    let b2 = b * b
    let base = DMath.atan2(m0.y, m0.x)
    let span = DMath.atan2(m0.cross(m1), m0.dot(m1))
    @inline(__always) func value(_ theta: Real) -> Real {
        let n = direction(theta)
        return -n.dot(p) - (a2 * n.x * n.x + b2 * n.y * n.y).squareRoot()
    }
    @inline(__always) func derivatives(_ theta: Real) -> (Real, Real) {
        let n = direction(theta)
        let t = n.perp
        let g = a2 * n.x * n.x + b2 * n.y * n.y
        let g1 = 2 * (a2 * n.x * t.x + b2 * n.y * t.y)
        let g2 = 2 * (a2 * (t.x * t.x - n.x * n.x) + b2 * (t.y * t.y - n.y * n.y))
        let h = g.squareRoot()
        let h1 = g1 / (2 * h)
        let h2 = g2 / (2 * h) - g1 * g1 / (4 * h * h * h)
        return (-t.dot(p) - h1, n.dot(p) - h2)
    }
    let samples = 8
    var bestK = 0
    var best = -Real.infinity
    for k in 0...samples {
        let s = value(base + span * Real(k) / Real(samples))
        if s > best {
            best = s
            bestK = k
        }
    }
    // A best sample at an end whose slope points out of the cone is the face candidate,
    // already counted: nothing to refine.
    if bestK == 0 && derivatives(base).0 <= 0 { return (-.infinity, m0) }
    if bestK == samples && derivatives(base + span).0 >= 0 { return (-.infinity, m1) }
    let lo = base + span * Real(Swift.max(bestK - 1, 0)) / Real(samples)
    let hi = base + span * Real(Swift.min(bestK + 1, samples)) / Real(samples)
    let theta = refineMaximum(
        lo: lo, hi: hi, start: base + span * Real(bestK) / Real(samples), value: value, derivatives: derivatives)
    let s = value(theta)
    if s >= best { return (s, direction(theta)) }
    return (best, direction(base + span * Real(bestK) / Real(samples)))
}

/// Ellipse (A) against ellipse (B): exact SAT by maximising σ(θ), one point.
///
/// Maths: see the file comment.
public func collideEllipses(
    _ ellipseA: Ellipse, _ xfA: Transform, _ ellipseB: Ellipse, _ xfB: Transform, cutoff: Real = CollisionConstants.speculativeDistance
) -> Manifold {
    let xfEA = Transform(p: xfA.apply(ellipseA.center), q: xfA.q)
    let cB = xfB.apply(ellipseB.center)
    let rel = Rot(c: xfA.q.c * xfB.q.c + xfA.q.s * xfB.q.s, s: xfA.q.c * xfB.q.s - xfA.q.s * xfB.q.c)
    let f = EllipsePairSeparation(
        a2: ellipseA.semiAxes.x * ellipseA.semiAxes.x, b2: ellipseA.semiAxes.y * ellipseA.semiAxes.y,
        c2: ellipseB.semiAxes.x * ellipseB.semiAxes.x, d2: ellipseB.semiAxes.y * ellipseB.semiAxes.y,
        uB: Vec2(rel.c, rel.s), vB: Vec2(-rel.s, rel.c), d: xfEA.applyInverse(cB))
    // Cheap rejection: σ(d/|d|) ≥ |d| − (the largest semi-axes), a lower bound of the maximum.
    let speculative = CollisionConstants.speculativeDistance
    let maxA = Swift.max(ellipseA.semiAxes.x, ellipseA.semiAxes.y)
    let maxB = Swift.max(ellipseB.semiAxes.x, ellipseB.semiAxes.y)
    let distance = f.d.length
    if distance - maxA - maxB > Swift.max(cutoff, speculative) { return .empty }
    // Cold start: 16 directions, the centre direction, and both axes of both ellipses (σ
    // peaks sharply where n runs along an elongated ellipse's minor axis).
    let step = 2 * DMath.pi / 16
    let relAngle = DMath.atan2(rel.s, rel.c)
    let sampleCount = 16 + 1 + 8
    return withUnsafeTemporaryAllocation(of: (theta: Real, sigma: Real).self, capacity: sampleCount) { buffer in
        let samples = buffer.baseAddress!
        var count = 0
        @inline(__always) func add(_ theta: Real, _ n: Vec2) {
            (samples + count).initialize(to: (theta, f.value(n)))
            count &+= 1
        }
        let turn = Rot(angle: step)
        var n = Vec2(1, 0)
        for k in 0..<16 {
            add(Real(k) * step, n)
            n = turn.apply(n)
        }
        if distance > 1e-12 { add(DMath.atan2(f.d.y, f.d.x), f.d / distance) }
        var axisA = Vec2(1, 0)
        var axisB = f.uB
        for k in 0..<4 {
            let quarter = Real(k) * 0.5 * DMath.pi
            add(quarter, axisA)
            add(relAngle + quarter, axisB)
            axisA = axisA.perp
            axisB = axisB.perp
        }
        // Refine around the best sample and, when deeply overlapping (where crossing ellipses
        // give σ several peaks), around the best sample outside that basin.
        var first = 0
        for i in 1..<count where samples[i].sigma > samples[first].sigma { first = i }
        @inline(__always) func refine(_ i: Int) -> (Real, Vec2) {
            let start = samples[i].theta
            let theta = refineMaximum(
                lo: start - step, hi: start + step, start: start,
                value: { f.value(direction($0)) }, derivatives: { f.derivatives(direction($0)) })
            let n = direction(theta)
            let s = f.value(n)
            return s >= samples[i].sigma ? (s, n) : (samples[i].sigma, direction(start))
        }
        var (separation, normal) = refine(first)
        if separation < -speculative {
            var second = -1
            for i in 0..<count {
                var gap = samples[i].theta - samples[first].theta
                gap -= 2 * DMath.pi * (gap / (2 * DMath.pi)).rounded(.toNearestOrEven)
                if abs(gap) > 1.5 * step && (second < 0 || samples[i].sigma > samples[second].sigma) { second = i }
            }
            if second >= 0 {
                let (s2, n2) = refine(second)
                if s2 > separation {
                    separation = s2
                    normal = n2
                }
            }
        }
        if separation > cutoff { return .empty }
        return ellipsePairManifold(ellipseA, xfA, ellipseB, xfB, f: f, frame: xfEA, normal: normal, separation: separation)
    }
}

/// The one-point manifold of two ellipses for the maximising direction n (A's ellipse frame).
@inline(__always)
func ellipsePairManifold(
    _ ellipseA: Ellipse, _ xfA: Transform, _ ellipseB: Ellipse, _ xfB: Transform, f: EllipsePairSeparation,
    frame xfEA: Transform, normal n: Vec2, separation: Real
) -> Manifold {
    // Witnesses: A's support point along n, B's along −n.
    let onA = ellipseSupport(a: ellipseA.semiAxes.x, b: ellipseA.semiAxes.y, n).point
    let nB = Vec2(n.dot(f.uB), n.dot(f.vB))
    let supportB = ellipseSupport(a: ellipseB.semiAxes.x, b: ellipseB.semiAxes.y, nB).point
    let onB = f.d - (supportB.x * f.uB + supportB.y * f.vB)
    var m = Manifold.empty
    m.normal = xfEA.q.apply(n)
    m.append(world: xfEA.apply(0.5 * (onA + onB)), xfA: xfA, xfB: xfB, separation: separation, id: 0)
    return m
}
