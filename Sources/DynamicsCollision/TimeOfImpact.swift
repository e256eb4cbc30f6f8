// Time of impact for continuous collision (Docs/solver.md §2.9).
//
// A fast body can cross a thin wall within one step; the speculative contact never sees it.
// Before that step's result is accepted, the body's motion is swept against static shapes
// and, on a hit, the body is put back at the time of impact; the next step's speculative
// contact then stops it.
//
// Method: conservative advancement. The moving shape's centre of mass goes linearly from
// c1 to c2 and its angle from a1 to a2 over t ∈ [0, 1], so every point of it moves at most
// at |c2 − c1|·n-component plus |a2 − a1|·R per unit t along any direction n, R being the
// largest distance of the shape from the centre of mass. At time t with signed distance
// d and closest direction n (from the moving shape to the static one), the separation
// along the *fixed* n is a lower bound of the distance and shrinks at most at
//
//     rate = n·(c2 − c1) + |a2 − a1|·R,
//
// so the distance stays above `target` until t + (d − target)/rate. Advancing by that step
// never overshoots; the loop stops when d < target + tolerance (a hit), when the rate is not
// positive or t passes the end (no hit), or after an iteration cap (still a safe pose).
// Target: the linear slop (0.5 pt), tolerance a quarter of it.
//
// Distances: circle–polygon and ellipse–polygon use the exact manifold routines without a
// cutoff; polygon–polygon, when apart, takes the least vertex–edge distance both ways.

import DynamicsMath

/// The motion of a body over one step: its centre of mass and angle, interpolated linearly.
@frozen
public struct Sweep: Sendable {
    /// The centre of mass in the body's frame.
    public var localCenter: Vec2
    /// World centre of mass at t = 0 and t = 1.
    public var c1: Vec2
    public var c2: Vec2
    /// Angle (radians) at t = 0 and t = 1.
    public var a1: Real
    public var a2: Real

    @inlinable
    public init(localCenter: Vec2, c1: Vec2, c2: Vec2, a1: Real, a2: Real) {
        self.localCenter = localCenter
        self.c1 = c1
        self.c2 = c2
        self.a1 = a1
        self.a2 = a2
    }

    /// The body transform at fraction `t` of the step.
    @inlinable
    public func transform(at t: Real) -> Transform {
        let c = (1 - t) * c1 + t * c2
        let q = Rot(angle: (1 - t) * a1 + t * a2)
        return Transform(p: c - q.apply(localCenter), q: q)
    }
}

/// The result of ``timeOfImpact(_:_:against:_:vertices:normals:tMax:)``.
@frozen
public struct TimeOfImpact: Sendable {
    /// What the sweep found.
    public enum State: Sendable, Equatable {
        /// The shapes come within the target distance at `fraction`.
        case hit
        /// They stay apart over the whole sweep (`fraction` = tMax).
        case separated
        /// They already overlap at t = 0 (`fraction` = 0).
        case overlapped
        /// The iteration cap was reached; `fraction` is still a pose with no contact.
        case failed
    }

    public var state: State
    /// The fraction of the step, in [0, tMax].
    public var fraction: Real
    /// The direction from the moving shape to the static one at `fraction` (world).
    public var normal: Vec2

    @inlinable
    public init(state: State, fraction: Real, normal: Vec2) {
        self.state = state
        self.fraction = fraction
        self.normal = normal
    }
}

/// The largest distance of a shape's points from `center` (its sweep radius).
func sweepRadius(_ shape: ShapeGeometry, about center: Vec2, vertices: UnsafePointer<Vec2>) -> Real {
    switch shape.kind {
    case .circle: return (shape.center - center).length + shape.radius
    case .ellipse: return (shape.center - center).length + Swift.max(shape.semiAxes.x, shape.semiAxes.y)
    case .polygon:
        var r: Real = 0
        for i in 0..<Int(shape.vertexCount) {
            r = Swift.max(r, (vertices[Int(shape.vertexStart) + i] - center).length)
        }
        return r
    }
}

/// Signed distance of polygons A and B and the direction from A to B.
///
/// Maths: the SAT separation s = max over both polygons' faces; if s ≤ 0 they overlap and s
/// is returned. Otherwise the distance is the least distance from a vertex of one polygon to
/// an edge of the other (convex polygons that are apart meet first at a vertex).
func polygonDistance(_ polyA: PolygonRef, _ xfA: Transform, _ polyB: PolygonRef, _ xfB: Transform) -> (Real, Vec2) {
    let countA = polyA.count
    let countB = polyB.count
    let xfAB = xfA.inverseTimes(xfB)
    let xfBA = xfB.inverseTimes(xfA)
    let vA = polyA.vertices
    let vB = polyB.vertices
    let (edgeA, sepA) = findMaxSeparation(vA, polyA.normals, countA, xfBA, vB, countB)
    let (edgeB, sepB) = findMaxSeparation(vB, polyB.normals, countB, xfAB, vA, countA)
    if sepA <= 0 && sepB <= 0 {
        return sepA >= sepB
            ? (sepA, xfA.q.apply(polyA.normals[edgeA]))
            : (sepB, xfB.q.apply(-polyB.normals[edgeB]))
    }
    // Closest point on segment p→q to x.
    @inline(__always) func closest(_ p: Vec2, _ q: Vec2, _ x: Vec2) -> Vec2 {
        let e = q - p
        let l = e.lengthSquared
        let t = l > 0 ? Swift.min(Swift.max((x - p).dot(e) / l, 0), 1) : 0
        return p + t * e
    }
    // All in A's frame; B's vertices are moved as they are used.
    var best = Real.infinity
    var direction = Vec2.zero
    for j in 0..<countB {
        let y = xfAB.apply(vB[j])
        let y2 = xfAB.apply(vB[j + 1 == countB ? 0 : j + 1])
        for i in 0..<countA {
            // Vertex i of A against edge j of B, and vertex j of B against edge i of A.
            let x = vA[i]
            let onB = closest(y, y2, x)
            var d = (onB - x).length
            if d < best {
                best = d
                direction = (onB - x) / d
            }
            let onA = closest(x, vA[i + 1 == countA ? 0 : i + 1], y)
            d = (y - onA).length
            if d < best {
                best = d
                direction = (y - onA) / d
            }
        }
    }
    return (best, xfA.q.apply(direction))
}

/// Signed distance from the moving shape (placed by `xf`) to the static polygon, and the
/// direction from the moving shape to the polygon (world).
func movingDistance(
    _ shape: ShapeGeometry, _ xf: Transform, _ target: PolygonRef, _ xfTarget: Transform,
    vertices: UnsafePointer<Vec2>, normals: UnsafePointer<Vec2>
) -> (Real, Vec2) {
    switch shape.kind {
    case .circle:
        let m = collidePolygonAndCircle(target, xfTarget, Circle(shape), xf, cutoff: .infinity)
        return (m.point1.separation, -m.normal)
    case .ellipse:
        let m = collidePolygonAndEllipse(target, xfTarget, Ellipse(shape), xf, cutoff: .infinity)
        return (m.point1.separation, -m.normal)
    case .polygon:
        return polygonDistance(PolygonRef(shape, vertices: vertices, normals: normals), xf, target, xfTarget)
    }
}

/// The first time at which a moving shape comes within the linear slop of a static polygon.
///
/// - Parameters:
///   - shape: the moving shape (any kind); `sweep` moves its body over the step.
///   - target: the static polygon (or segment, see the overload) and its transform.
///   - vertices, normals: the world's pools, for polygon shapes.
///   - tMax: the end of the sweep to consider, at most 1.
/// - Complexity: a few distance queries; at most 30.
public func timeOfImpact(
    _ shape: ShapeGeometry, _ sweep: Sweep, against target: ShapeGeometry, _ xfTarget: Transform,
    vertices: UnsafePointer<Vec2>, normals: UnsafePointer<Vec2>, tMax: Real = 1
) -> TimeOfImpact {
    precondition(target.kind == .polygon, "timeOfImpact: the static shape must be a polygon or a segment")
    return timeOfImpact(
        shape, sweep, against: PolygonRef(target, vertices: vertices, normals: normals), xfTarget,
        vertices: vertices, normals: normals, tMax: tMax)
}

/// The first time at which a moving shape comes within the linear slop of a static segment.
public func timeOfImpact(
    _ shape: ShapeGeometry, _ sweep: Sweep, against segment: Segment, _ xfTarget: Transform,
    vertices: UnsafePointer<Vec2>, normals: UnsafePointer<Vec2>, tMax: Real = 1
) -> TimeOfImpact {
    withSegmentPolygon(segment) { polygon in
        timeOfImpact(shape, sweep, against: polygon, xfTarget, vertices: vertices, normals: normals, tMax: tMax)
    }
}

/// Conservative advancement of `shape` along `sweep` towards a static polygon (file comment),
/// until the distance comes within `targetDistance` (the slop unless given; it may be
/// negative, an overlap: the SAT separation of overlapping shapes shrinks no faster than the
/// same rate, so the advancement stays conservative).
public func timeOfImpact(
    _ shape: ShapeGeometry, _ sweep: Sweep, against target: PolygonRef, _ xfTarget: Transform,
    vertices: UnsafePointer<Vec2>, normals: UnsafePointer<Vec2>, tMax: Real = 1,
    targetDistance: Real = CollisionConstants.linearSlop, start: (Real, Vec2)? = nil
) -> TimeOfImpact {
    let slop = CollisionConstants.linearSlop
    let tolerance = 0.25 * slop
    let radius = sweepRadius(shape, about: sweep.localCenter, vertices: vertices)
    let velocity = sweep.c2 - sweep.c1
    let spin = abs(sweep.a2 - sweep.a1) * radius
    var t: Real = 0
    var iteration = 0
    while iteration < 30 {
        iteration += 1
        let (distance, n): (Real, Vec2)
        if iteration == 1, let known = start {
            (distance, n) = known  // the caller's distance at t = 0
        } else {
            (distance, n) = movingDistance(shape, sweep.transform(at: t), target, xfTarget, vertices: vertices, normals: normals)
        }
        if distance < targetDistance + tolerance {
            if t == 0 && distance < Swift.min(0, targetDistance) {
                return TimeOfImpact(state: .overlapped, fraction: 0, normal: n)
            }
            return TimeOfImpact(state: .hit, fraction: t, normal: n)
        }
        let rate = n.dot(velocity) + spin
        if rate <= 0 { return TimeOfImpact(state: .separated, fraction: tMax, normal: n) }
        t += (distance - targetDistance) / rate
        if t >= tMax { return TimeOfImpact(state: .separated, fraction: tMax, normal: n) }
    }
    return TimeOfImpact(state: .failed, fraction: t, normal: .zero)
}

/// Whether the sweep's end pose (t = 1) is on the near side of a static polygon, within the
/// linear slop, as seen at a hit whose direction (moving shape → polygon) is `normal`.
///
/// A hit of the sweep means the shape came within the slop of the polygon during the step;
/// if the step's end pose is still on the same side and overlaps by no more than the slop,
/// the contact solver has already stopped the shape at the surface (a resting or landing
/// body), and putting it back to the time of impact would only lift it off by the slop. A
/// shape that passed through ends on the far side (the direction to the polygon turned).
public func sweepEndsOnNearSide(
    _ shape: ShapeGeometry, _ sweep: Sweep, against target: PolygonRef, _ xfTarget: Transform, normal: Vec2,
    vertices: UnsafePointer<Vec2>, normals: UnsafePointer<Vec2>
) -> Bool {
    let (distance, n) = movingDistance(shape, sweep.transform(at: 1), target, xfTarget, vertices: vertices, normals: normals)
    return distance >= -CollisionConstants.linearSlop && n.dot(normal) > 0
}

/// The same against a static segment.
public func sweepEndsOnNearSide(
    _ shape: ShapeGeometry, _ sweep: Sweep, against segment: Segment, _ xfTarget: Transform, normal: Vec2,
    vertices: UnsafePointer<Vec2>, normals: UnsafePointer<Vec2>
) -> Bool {
    withSegmentPolygon(segment) { polygon in
        sweepEndsOnNearSide(shape, sweep, against: polygon, xfTarget, normal: normal, vertices: vertices, normals: normals)
    }
}

/// The same against a static polygon given as a shape of the world's pools.
public func sweepEndsOnNearSide(
    _ shape: ShapeGeometry, _ sweep: Sweep, against target: ShapeGeometry, _ xfTarget: Transform, normal: Vec2,
    vertices: UnsafePointer<Vec2>, normals: UnsafePointer<Vec2>
) -> Bool {
    sweepEndsOnNearSide(
        shape, sweep, against: PolygonRef(target, vertices: vertices, normals: normals), xfTarget, normal: normal,
        vertices: vertices, normals: normals)
}

/// The fraction of the step at which a fast shape must be stopped against a static polygon so
/// that it neither passes through it nor ends the step inside it (Docs/solver.md §2.9), or nil
/// when the step's end pose can stand.
///
/// - Apart at the start (distance above the slop): the time of impact at the slop, unless the
///   end pose is still on the near side within the slop (the contacts stopped the shape at
///   the surface: a landing body).
/// - Touching or overlapping at the start (distance d0 ≤ the slop): the contacts of the tick's
///   start hold the points they were made of, but a turn can bring down another corner within
///   the tick (a box spinning at 100 rad/s turns 1.7 rad in a tick). The end pose stands if it
///   is no deeper than `allowed` = min(d0, 0) − a quarter of the slop (nothing sinks beyond a
///   quarter of the slop more than it already was) and on the same side; otherwise the shape
///   stops at the first time its distance reaches `allowed` (conservative advancement with
///   that negative target). Its velocity is kept: the next tick's manifold has the corner that
///   came down, and its contact stops it.
public func continuousStop(
    _ shape: ShapeGeometry, _ sweep: Sweep, against target: PolygonRef, _ xfTarget: Transform,
    vertices: UnsafePointer<Vec2>, normals: UnsafePointer<Vec2>, tMax: Real
) -> Real? {
    let slop = CollisionConstants.linearSlop
    let (d0, n0) = movingDistance(shape, sweep.transform(at: 0), target, xfTarget, vertices: vertices, normals: normals)
    if d0 > 1.25 * slop {
        let toi = timeOfImpact(
            shape, sweep, against: target, xfTarget, vertices: vertices, normals: normals, tMax: tMax, start: (d0, n0))
        guard toi.state == .hit && toi.fraction > 0 && toi.fraction < tMax else { return nil }
        let (d1, n1) = movingDistance(shape, sweep.transform(at: 1), target, xfTarget, vertices: vertices, normals: normals)
        if d1 >= -slop && n1.dot(toi.normal) > 0 { return nil }
        return toi.fraction
    }
    // Never deeper than 3/4 of the slop, nor than the start's depth; a quarter of the slop
    // beyond the start at most, so a spinning shape cannot creep in tick after tick.
    let floorDepth = -0.75 * slop
    let allowed = d0 <= floorDepth ? d0 : Swift.max(Swift.min(d0, 0) - 0.25 * slop, floorDepth)
    let (d1, n1) = movingDistance(shape, sweep.transform(at: 1), target, xfTarget, vertices: vertices, normals: normals)
    if d1 >= allowed && n1.dot(n0) > 0 { return nil }
    let toi = timeOfImpact(
        shape, sweep, against: target, xfTarget, vertices: vertices, normals: normals, tMax: tMax,
        targetDistance: allowed, start: (d0, n0))
    if toi.state == .separated { return nil }
    return Swift.min(toi.fraction, tMax)
}

/// The same against a static segment.
public func continuousStop(
    _ shape: ShapeGeometry, _ sweep: Sweep, against segment: Segment, _ xfTarget: Transform,
    vertices: UnsafePointer<Vec2>, normals: UnsafePointer<Vec2>, tMax: Real
) -> Real? {
    withSegmentPolygon(segment) { polygon in
        continuousStop(shape, sweep, against: polygon, xfTarget, vertices: vertices, normals: normals, tMax: tMax)
    }
}

/// The same against a static polygon given as a shape of the world's pools.
public func continuousStop(
    _ shape: ShapeGeometry, _ sweep: Sweep, against target: ShapeGeometry, _ xfTarget: Transform,
    vertices: UnsafePointer<Vec2>, normals: UnsafePointer<Vec2>, tMax: Real
) -> Real? {
    continuousStop(
        shape, sweep, against: PolygonRef(target, vertices: vertices, normals: normals), xfTarget,
        vertices: vertices, normals: normals, tMax: tMax)
}
