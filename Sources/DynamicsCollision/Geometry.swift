// Shape geometry and mass properties.
//
// A body carries one or more shapes, each described by a `ShapeGeometry`: a trivial struct
// (no arrays, classes or strings) so that shape tables can live in dense `ContiguousArray`s
// and be read from hot loops without reference counting. Polygon vertices do not live in the
// shape: the world owns a vertex pool `[Vec2]` (and a parallel pool of edge normals), and a
// polygon names its range in that pool.
//
// Conventions (Docs/semantics.md §1): points, +y down, clockwise-positive angles. Polygon vertices are
// body-local and stored with **positive signed area** in the raw numbers, i.e.
// cross(v1 − v0, v2 − v0) > 0. With +y down that is clockwise as seen on screen, and it is the
// ordinary counter-clockwise winding of a y-up plane, so Box2D's formulas apply unchanged: the
// outward normal of the edge vi → vi+1 is normalize((e.y, −e.x)).
//
// Units: mass = density × area / 10 000 (kg; a 100×100 item of density 1 weighs 1). Inertia is
// kept in kg·pt² (mass × pt²) so that τ = r × F with r in pt and F in kg·pt/s² gives α in
// rad/s² directly; the public engine reports kg·m² = kg·pt² / 10 000.
//
// Everything here is a cold path (shape creation, mass computation), so plain arrays are used.

import DynamicsMath

/// The kind of a collision shape.
public enum ShapeKind: UInt8, Sendable {
    /// A disc of `radius` about `center`.
    case circle
    /// An exact, axis-aligned (in body space) ellipse of `semiAxes` about `center`.
    case ellipse
    /// A convex polygon whose vertices are `vertexCount` entries of the world's vertex pool.
    case polygon
}

/// The geometry of one collision shape, in body-local coordinates (pt).
///
/// A trivial value: the polygon's vertices live in a pool owned by the world, named by
/// `vertexStart` and `vertexCount`.
@frozen
public struct ShapeGeometry: Equatable, Sendable {
    /// Body-local centre of a circle or ellipse; the centroid of a polygon. Points.
    public var center: Vec2
    /// Radius of a circle; 0 otherwise. Points.
    public var radius: Real
    /// Semi-axes (a along local x = width/2, b along local y = height/2) of an ellipse; the
    /// half extents of a polygon that is a rectangle aligned with the body's axes about
    /// `center` (its bounding box then takes no walk over the vertices); zero otherwise. Points.
    public var semiAxes: Vec2
    /// First vertex of a polygon in the world's vertex pool; 0 otherwise.
    public var vertexStart: Int32
    /// Number of vertices of a polygon; 0 otherwise.
    public var vertexCount: Int32
    /// Circle, ellipse or polygon. (Last: a byte after the other fields' 48 lets the
    /// record that holds the geometry put its next field there, `ShapeRecord` 128 → 120 B.)
    public var kind: ShapeKind

    @inlinable
    public init(
        kind: ShapeKind, center: Vec2, radius: Real, semiAxes: Vec2, vertexStart: Int32,
        vertexCount: Int32
    ) {
        self.kind = kind
        self.center = center
        self.radius = radius
        self.semiAxes = semiAxes
        self.vertexStart = vertexStart
        self.vertexCount = vertexCount
    }

    /// A circle of `radius` pt about the body-local point `center`.
    @inlinable
    public static func circle(center: Vec2, radius: Real) -> ShapeGeometry {
        ShapeGeometry(kind: .circle, center: center, radius: radius, semiAxes: .zero, vertexStart: 0, vertexCount: 0)
    }

    /// An exact ellipse of semi-axes `semiAxes` (pt) about the body-local point `center`.
    @inlinable
    public static func ellipse(center: Vec2, semiAxes: Vec2) -> ShapeGeometry {
        ShapeGeometry(kind: .ellipse, center: center, radius: 0, semiAxes: semiAxes, vertexStart: 0, vertexCount: 0)
    }

    /// A polygon made of `count` vertices starting at `start` in the world's vertex pool;
    /// `centroid` is its body-local centroid (pt). `boxHalfExtents`: nonzero only for a
    /// rectangle aligned with the body's axes and centred on `centroid`, its half extents.
    @inlinable
    public static func polygon(start: Int32, count: Int32, centroid: Vec2, boxHalfExtents: Vec2 = .zero) -> ShapeGeometry {
        ShapeGeometry(
            kind: .polygon, center: centroid, radius: 0, semiAxes: boxHalfExtents, vertexStart: start, vertexCount: count)
    }

    /// The world-space bounding box of the shape placed by the body transform `xf`.
    ///
    /// Exact for every kind: a rotated ellipse has half-extents √(a²cos²θ + b²sin²θ) and
    /// √(a²sin²θ + b²cos²θ). `vertices` is the world's vertex pool (read for polygons only).
    @inlinable
    public func aabb(_ xf: Transform, vertices: UnsafeBufferPointer<Vec2>) -> AABB {
        switch kind {
        case .circle:
            let c = xf.apply(center)
            return AABB(lower: Vec2(c.x - radius, c.y - radius), upper: Vec2(c.x + radius, c.y + radius))
        case .ellipse:
            let c = xf.apply(center)
            let a = semiAxes.x
            let b = semiAxes.y
            let cc = xf.q.c * xf.q.c
            let ss = xf.q.s * xf.q.s
            let ex = (a * a * cc + b * b * ss).squareRoot()
            let ey = (a * a * ss + b * b * cc).squareRoot()
            return AABB(lower: Vec2(c.x - ex, c.y - ey), upper: Vec2(c.x + ex, c.y + ey))
        case .polygon:
            if semiAxes.x > 0 {
                // A rectangle turned by q spans |c|·hx + |s|·hy across x and |s|·hx + |c|·hy
                // across y, about its turned centre: the box its corners give, up to rounding
                // (the centre is the corners' centroid, a few ulps from the requested offset).
                let c = xf.apply(center)
                let ac = abs(xf.q.c)
                let as_ = abs(xf.q.s)
                let ex = ac * semiAxes.x + as_ * semiAxes.y
                let ey = as_ * semiAxes.x + ac * semiAxes.y
                return AABB(lower: Vec2(c.x - ex, c.y - ey), upper: Vec2(c.x + ex, c.y + ey))
            }
            let start = Int(vertexStart)
            var lower = xf.apply(vertices[start])
            var upper = lower
            var i = 1
            let n = Int(vertexCount)
            while i < n {
                let v = xf.apply(vertices[start &+ i])
                lower = min(lower, v)
                upper = max(upper, v)
                i &+= 1
            }
            return AABB(lower: lower, upper: upper)
        }
    }

    /// The world-space bounding box, reading polygon vertices from an array (cold path).
    public func aabb(_ xf: Transform, vertices: [Vec2]) -> AABB {
        vertices.withUnsafeBufferPointer { aabb(xf, vertices: $0) }
    }
}

// MARK: - Mass properties

/// The mass properties of a shape or a body.
@frozen
public struct MassData: Equatable, Sendable {
    /// Mass, kg (density × area / 10 000).
    public var mass: Real
    /// Centre of mass, body-local, pt.
    public var center: Vec2
    /// Rotational inertia about `center`, kg·pt² (divide by 10 000 for kg·m²).
    public var inertia: Real

    @inlinable
    public init(mass: Real, center: Vec2, inertia: Real) {
        self.mass = mass
        self.center = center
        self.inertia = inertia
    }

    public static let zero = MassData(mass: 0, center: .zero, inertia: 0)

    /// Inertia in engine units, kg·m².
    @inlinable
    public var inertiaKgM2: Real { inertia / MassData.massScale }

    /// Converts density × area (pt²) into kg: 100 pt = 1 m.
    public static let massScale: Real = 10_000

    /// The combined mass properties of several parts of one rigid body (parallel-axis theorem):
    /// masses add, the centre is the mass-weighted mean, and each part's inertia is moved to it.
    public static func combine(_ parts: [MassData]) -> MassData {
        var mass: Real = 0
        var moment = Vec2.zero
        for p in parts {
            mass += p.mass
            moment += p.mass * p.center
        }
        guard mass > 0 else { return .zero }
        let c = moment / mass
        var inertia: Real = 0
        for p in parts {
            inertia += p.inertia + p.mass * (p.center - c).lengthSquared
        }
        return MassData(mass: mass, center: c, inertia: inertia)
    }
}

/// Mass properties of a disc of radius `r` pt about `center`: m = ρπr²/10⁴, I = m·r²/2 (kg·pt²).
public func circleMass(center: Vec2, radius r: Real, density: Real) -> MassData {
    let m = density * DMath.pi * r * r / MassData.massScale
    return MassData(mass: m, center: center, inertia: 0.5 * m * r * r)
}

/// Mass properties of an exact ellipse of semi-axes (a, b) pt: m = ρπab/10⁴, I = m(a² + b²)/4 (kg·pt²).
public func ellipseMass(center: Vec2, semiAxes: Vec2, density: Real) -> MassData {
    let a = semiAxes.x
    let b = semiAxes.y
    let m = density * DMath.pi * a * b / MassData.massScale
    return MassData(mass: m, center: center, inertia: 0.25 * m * (a * a + b * b))
}

/// Mass properties of a convex polygon (positive signed area, body-local pt), by the triangle
/// fan about its first vertex (Box2D's `b2ComputePolygonMass`), inertia about the centroid
/// in kg·pt².
public func polygonMass(_ vertices: [Vec2], density: Real) -> MassData {
    precondition(vertices.count >= 3, "polygonMass needs a validated polygon")
    // Integrate relative to the first vertex for accuracy far from the origin.
    let origin = vertices[0]
    var area: Real = 0
    var center = Vec2.zero
    var rotational: Real = 0
    let inv3: Real = 1.0 / 3.0
    for i in 1..<(vertices.count - 1) {
        let e1 = vertices[i] - origin
        let e2 = vertices[i + 1] - origin
        let d = e1.cross(e2)
        let triangleArea = 0.5 * d
        area += triangleArea
        center += triangleArea * inv3 * (e1 + e2)
        let intx2 = e1.x * e1.x + e2.x * e1.x + e2.x * e2.x
        let inty2 = e1.y * e1.y + e2.y * e1.y + e2.y * e2.y
        rotational += (0.25 * inv3 * d) * (intx2 + inty2)
    }
    center = center / area
    let mass = density * area / MassData.massScale
    // Inertia about the first vertex, then shifted to the centroid.
    let inertiaOrigin = density * rotational / MassData.massScale
    let inertia = inertiaOrigin - mass * center.lengthSquared
    return MassData(mass: mass, center: center + origin, inertia: inertia)
}

// MARK: - Polygon helpers (cold path)

/// Why a user path cannot become a collision polygon.
public enum PolygonError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Fewer than 3 points were given.
    case tooFewPoints(count: Int)
    /// The point at `index` has a NaN or infinite coordinate.
    case nonFinitePoint(index: Int)
    /// Fewer than 3 points remain after removing duplicate and collinear points.
    case tooFewDistinctPoints
    /// Two non-adjacent edges cross or touch, or the path doubles back on itself.
    case selfIntersecting
    /// The polygon is simple but has a reflex corner.
    case notConvex
    /// The enclosed area is zero (or vanishingly small).
    case zeroArea

    public var description: String {
        switch self {
        case .tooFewPoints(let n): return "a path needs at least 3 points (got \(n))"
        case .nonFinitePoint(let i): return "path point \(i + 1) is not a finite number"
        case .tooFewDistinctPoints: return "a path needs at least 3 points that are not on one line"
        case .selfIntersecting: return "the path intersects itself"
        case .notConvex: return "the path is not convex"
        case .zeroArea: return "the path encloses no area"
        }
    }
}

/// Twice the signed area of a closed polygon (shoelace formula, relative to the first point).
public func polygonSignedArea(_ v: [Vec2]) -> Real {
    guard v.count >= 3 else { return 0 }
    var twice: Real = 0
    let o = v[0]
    for i in 1..<(v.count - 1) {
        twice += (v[i] - o).cross(v[i + 1] - o)
    }
    return 0.5 * twice
}

/// The centroid of a polygon with non-zero area (pt).
public func polygonCentroid(_ v: [Vec2]) -> Vec2 {
    polygonMass(v, density: 1).center
}

/// The outward unit normal of each edge vi → vi+1 of a polygon stored with positive area:
/// normalize((e.y, −e.x)).
public func polygonNormals(_ v: [Vec2]) -> [Vec2] {
    var normals: [Vec2] = []
    normals.reserveCapacity(v.count)
    for i in 0..<v.count {
        let e = v[(i + 1) % v.count] - v[i]
        normals.append(Vec2(e.y, -e.x).normalized)
    }
    return normals
}

/// Validates a user path and returns it as a stored convex polygon.
///
/// Accepts either winding. Removes repeated points (including a closing point equal to the
/// first) and points on a straight run, rejects NaN/infinite coordinates, self-intersection,
/// reflex corners and zero area, and returns the vertices with positive signed area (the stored
/// winding, see the top of this file), starting from the first surviving input point.
/// Tolerances are relative to the path's size.
public func makeConvexPolygon(_ points: [Vec2]) throws(PolygonError) -> [Vec2] {
    guard points.count >= 3 else { throw .tooFewPoints(count: points.count) }
    for (i, p) in points.enumerated() where !p.isFinite {
        throw .nonFinitePoint(index: i)
    }
    // Scale for the tolerances: the largest coordinate extent.
    var lo = points[0]
    var hi = points[0]
    for p in points {
        lo = min(lo, p)
        hi = max(hi, p)
    }
    let scale = Swift.max(hi.x - lo.x, hi.y - lo.y)
    guard scale > 0 else { throw .tooFewDistinctPoints }
    let linearTol = 1e-9 * scale

    // 1. Drop repeated points (consecutive, cyclically).
    var v: [Vec2] = []
    for p in points {
        if let last = v.last, (p - last).length <= linearTol { continue }
        v.append(p)
    }
    while v.count > 1, (v[v.count - 1] - v[0]).length <= linearTol { v.removeLast() }
    guard v.count >= 3 else { throw .tooFewDistinctPoints }

    // 2. Drop points on a straight run; a point where the path turns back along itself is a
    //    degenerate self-intersection.
    var changed = true
    while changed && v.count >= 3 {
        changed = false
        var i = 0
        while i < v.count && v.count >= 3 {
            let prev = v[(i + v.count - 1) % v.count]
            let next = v[(i + 1) % v.count]
            let a = v[i] - prev
            let b = next - v[i]
            let sinLength = abs(a.cross(b))   // |a|·|b|·|sin|
            if sinLength <= 1e-9 * a.length * b.length {
                if a.dot(b) < 0 && v.count > 3 { throw .selfIntersecting }
                v.remove(at: i)
                changed = true
            } else {
                i += 1
            }
        }
    }
    guard v.count >= 3 else { throw .tooFewDistinctPoints }

    // 3. Self-intersection: no two non-adjacent edges may meet.
    let n = v.count
    for i in 0..<n {
        let a0 = v[i]
        let a1 = v[(i + 1) % n]
        for j in (i + 1)..<n {
            if j == i + 1 || (i == 0 && j == n - 1) { continue }
            if segmentsIntersect(a0, a1, v[j], v[(j + 1) % n]) { throw .selfIntersecting }
        }
    }

    // 4. Area and winding.
    let area = polygonSignedArea(v)
    guard abs(area) > 1e-12 * scale * scale else { throw .zeroArea }
    if area < 0 {
        // Reverse, keeping the first point first.
        v = [v[0]] + v[1...].reversed()
    }

    // 5. Strict convexity: every corner turns the same way (positive cross products).
    for i in 0..<n {
        let a = v[i] - v[(i + n - 1) % n]
        let b = v[(i + 1) % n] - v[i]
        if a.cross(b) <= 0 { throw .notConvex }
    }
    return v
}

/// True when the closed segments p0p1 and q0q1 share a point.
func segmentsIntersect(_ p0: Vec2, _ p1: Vec2, _ q0: Vec2, _ q1: Vec2) -> Bool {
    let d1 = (q1 - q0).cross(p0 - q0)
    let d2 = (q1 - q0).cross(p1 - q0)
    let d3 = (p1 - p0).cross(q0 - p0)
    let d4 = (p1 - p0).cross(q1 - p0)
    if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) {
        return true
    }
    func onSegment(_ a: Vec2, _ b: Vec2, _ p: Vec2) -> Bool {
        Swift.min(a.x, b.x) <= p.x && p.x <= Swift.max(a.x, b.x)
            && Swift.min(a.y, b.y) <= p.y && p.y <= Swift.max(a.y, b.y)
    }
    if d1 == 0 && onSegment(q0, q1, p0) { return true }
    if d2 == 0 && onSegment(q0, q1, p1) { return true }
    if d3 == 0 && onSegment(p0, p1, q0) { return true }
    if d4 == 0 && onSegment(p0, p1, q1) { return true }
    return false
}

/// The four corners of a w×h rectangle centred on `center`, stored winding.
public func boxPolygon(halfExtents h: Vec2, center: Vec2 = .zero) -> [Vec2] {
    [
        Vec2(center.x - h.x, center.y - h.y), Vec2(center.x + h.x, center.y - h.y),
        Vec2(center.x + h.x, center.y + h.y), Vec2(center.x - h.x, center.y + h.y),
    ]
}

// MARK: - The uikit model's ellipse polygon (Docs/semantics.md §4.1, §14.15)

/// Ramanujan's approximation of the perimeter of an ellipse of semi-axes a, b (pt):
/// π·(3(a + b) − √((3a + b)(a + 3b))).
public func ellipsePerimeter(a: Real, b: Real) -> Real {
    DMath.pi * (3 * (a + b) - ((3 * a + b) * (a + 3 * b)).squareRoot())
}

/// The number of vertices of the `uikit` model's ellipse polygon: one per ~10 pt of perimeter
/// (rounded to nearest), at least 8.
public func ellipsePolygonVertexCount(a: Real, b: Real) -> Int {
    let p = ellipsePerimeter(a: a, b: b) / 10
    guard p.isFinite else { return maxEllipseVertices }
    // Bounded: a huge ellipse (1e9 pt) would otherwise take 1e8 vertices, its memory and time.
    return Swift.min(maxEllipseVertices, Swift.max(8, Int(Swift.min(p, 1e9).rounded(.toNearestOrAwayFromZero))))
}

/// The most vertices of the `uikit` model's ellipse polygon (reached at about 10,240 pt around).
public let maxEllipseVertices = 1024

/// The `uikit` model's polygon for an ellipse of semi-axes (a, b) about `center`: vertices on
/// the ellipse at equal parameter steps, (a·cos t, b·sin t), starting at t = 0 on +x, stored
/// winding. It is inscribed, so its area (and the body's mass) is slightly below πab.
public func ellipsePolygon(semiAxes: Vec2, center: Vec2 = .zero) -> [Vec2] {
    let n = ellipsePolygonVertexCount(a: semiAxes.x, b: semiAxes.y)
    var v: [Vec2] = []
    v.reserveCapacity(n)
    for k in 0..<n {
        let cs = DMath.cosSin(2 * DMath.pi * Real(k) / Real(n))
        v.append(Vec2(center.x + semiAxes.x * cs.c, center.y + semiAxes.y * cs.s))
    }
    return v
}
