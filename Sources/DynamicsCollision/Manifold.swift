// Contact manifolds: the narrowphase's output (Docs/solver.md §2.3).
//
// A manifold is what one pair of shapes tells the contact solver: a normal from A to B and
// at most two points, each with its separation (negative = overlap) and a feature id that
// names the pair of features (vertex, edge) that produced it, so that a point keeps its
// accumulated impulse from one step to the next ("warm starting") while the features stay
// the same. Manifolds are one-shot (computed from the current poses alone) and
// speculative: points are reported while the surfaces are closer than the speculative
// distance (2 pt), and the solver lets the gap close exactly.
//
// The pair functions are pure: shapes and transforms in, a trivial `Manifold` out, no
// allocation. Anchors are relative to each transform's origin `p` in world orientation;
// the solver subtracts its bodies' rotated local centres of mass.

import DynamicsMath

/// One contact point of a ``Manifold``: the world point midway between the two surfaces,
/// named from each body's transform origin. (The world point itself is not stored, 16 B a
/// point that every contact kept: it is `anchorA` plus A's origin, ``point(_:)``.)
@frozen
public struct ManifoldPoint: Sendable {
    /// The point relative to body A's transform origin, world orientation.
    public var anchorA: Vec2
    /// The point relative to body B's transform origin, world orientation.
    public var anchorB: Vec2
    /// Distance between the surfaces along the normal; negative when they overlap. Points.
    public var separation: Real
    /// The features that made the point (``makeFeatureId(_:_:)``), for warm starting.
    public var id: UInt32

    @inlinable @inline(__always)
    public init(anchorA: Vec2, anchorB: Vec2, separation: Real, id: UInt32) {
        self.anchorA = anchorA
        self.anchorB = anchorB
        self.separation = separation
        self.id = id
    }

    /// The world point, given A's transform (or its origin).
    @inlinable @inline(__always)
    public func point(_ xfA: Transform) -> Vec2 { anchorA + xfA.p }

    /// A zeroed point (unused slots).
    @inlinable public static var zero: ManifoldPoint { ManifoldPoint(anchorA: .zero, anchorB: .zero, separation: 0, id: 0) }
}

/// The contact between two shapes: a normal from A to B and up to two points, stored inline.
@frozen
public struct Manifold: Sendable {
    /// Unit normal in world space, pointing from shape A to shape B.
    public var normal: Vec2
    /// The first point (valid when `pointCount ≥ 1`).
    public var point1: ManifoldPoint
    /// The second point (valid when `pointCount == 2`).
    public var point2: ManifoldPoint
    /// 0, 1 or 2.
    public var pointCount: Int

    @inlinable @inline(__always)
    public init(normal: Vec2, point1: ManifoldPoint, point2: ManifoldPoint, pointCount: Int) {
        self.normal = normal
        self.point1 = point1
        self.point2 = point2
        self.pointCount = pointCount
    }

    /// No contact.
    @inlinable public static var empty: Manifold { Manifold(normal: .zero, point1: .zero, point2: .zero, pointCount: 0) }

    /// The point at `index` (0 or 1).
    @inlinable
    public subscript(index: Int) -> ManifoldPoint {
        get { index == 0 ? point1 : point2 }
        set { if index == 0 { point1 = newValue } else { point2 = newValue } }
    }

    /// The smallest separation of the points (infinity when empty).
    @inlinable
    public var minSeparation: Real {
        switch pointCount {
        case 0: .infinity
        case 1: point1.separation
        default: Swift.min(point1.separation, point2.separation)
        }
    }

    /// The same contact with the roles of A and B exchanged: normal negated, anchors and
    /// feature-id halves swapped.
    @inlinable
    public func flipped() -> Manifold {
        var m = self
        m.normal = -normal
        for i in 0..<pointCount {
            var p = m[i]
            swap(&p.anchorA, &p.anchorB)
            p.id = p.id << 16 | p.id >> 16
            m[i] = p
        }
        return m
    }

    /// Appends a point given in world space (no-op beyond two points).
    @inlinable @inline(__always)
    mutating func append(world point: Vec2, xfA: Transform, xfB: Transform, separation: Real, id: UInt32) {
        let mp = ManifoldPoint(anchorA: point - xfA.p, anchorB: point - xfB.p, separation: separation, id: id)
        if pointCount == 0 { point1 = mp } else { point2 = mp }
        pointCount += 1
    }
}

/// A feature id from A's and B's feature numbers (16 bits each).
///
/// Polygon features: edge or vertex i is `i`; where edges and vertices of the same shape
/// must be told apart, a vertex is `i | 0x8000`. Round shapes use 0.
@inlinable @inline(__always)
public func makeFeatureId(_ a: UInt32, _ b: UInt32) -> UInt32 { (a & 0xFFFF) << 16 | (b & 0xFFFF) }

/// The feature-number flag of a polygon vertex (as opposed to an edge).
public let vertexFeature: UInt32 = 0x8000

// MARK: - Shape views

/// A circle in its body's frame.
@frozen
public struct Circle: Sendable {
    public var center: Vec2
    public var radius: Real

    @inlinable
    public init(center: Vec2, radius: Real) {
        self.center = center
        self.radius = radius
    }
}

/// An ellipse in its body's frame, axes along the body's axes.
@frozen
public struct Ellipse: Sendable {
    public var center: Vec2
    /// (a, b): half the extent along the body's x and y axes.
    public var semiAxes: Vec2

    @inlinable
    public init(center: Vec2, semiAxes: Vec2) {
        self.center = center
        self.semiAxes = semiAxes
    }
}

/// A two-sided line segment in its body's frame (a boundary line or one edge of a boundary path).
@frozen
public struct Segment: Sendable {
    public var p1: Vec2
    public var p2: Vec2

    @inlinable
    public init(_ p1: Vec2, _ p2: Vec2) {
        self.p1 = p1
        self.p2 = p2
    }

    /// The world box of the segment placed by `xf`.
    @inlinable
    public func aabb(_ xf: Transform) -> AABB {
        let a = xf.apply(p1)
        let b = xf.apply(p2)
        return AABB(lower: min(a, b), upper: max(a, b))
    }
}

/// A convex polygon (or a 2-vertex segment) whose vertices and outward edge normals live
/// in caller-owned storage, in its body's frame, with positive signed area.
@frozen
public struct PolygonRef {
    public var vertices: UnsafePointer<Vec2>
    /// `normals[i]` is the outward unit normal of the edge vertices[i] → vertices[i + 1].
    public var normals: UnsafePointer<Vec2>
    /// At least 2 (a segment is a polygon with two opposite normals).
    public var count: Int
    public var centroid: Vec2

    @inlinable
    public init(vertices: UnsafePointer<Vec2>, normals: UnsafePointer<Vec2>, count: Int, centroid: Vec2) {
        self.vertices = vertices
        self.normals = normals
        self.count = count
        self.centroid = centroid
    }

    /// The polygon of `shape` in the world's vertex and normal pools.
    @inlinable
    public init(_ shape: ShapeGeometry, vertices: UnsafePointer<Vec2>, normals: UnsafePointer<Vec2>) {
        self.vertices = vertices + Int(shape.vertexStart)
        self.normals = normals + Int(shape.vertexStart)
        self.count = Int(shape.vertexCount)
        self.centroid = shape.center
    }
}

/// Runs `body` with `segment` as a 2-vertex ``PolygonRef`` (normals n and −n), on the stack.
@inlinable
func withSegmentPolygon<R>(_ segment: Segment, _ body: (PolygonRef) -> R) -> R {
    withUnsafeTemporaryAllocation(of: Vec2.self, capacity: 4) { buffer in
        let s = buffer.baseAddress!
        let e = segment.p2 - segment.p1
        let n = Vec2(e.y, -e.x).normalized
        s.initialize(to: segment.p1)
        (s + 1).initialize(to: segment.p2)
        (s + 2).initialize(to: n)
        (s + 3).initialize(to: -n)
        return body(PolygonRef(vertices: s, normals: s + 2, count: 2, centroid: 0.5 * (segment.p1 + segment.p2)))
    }
}

// MARK: - Dispatch

/// The manifold between two shapes of any kinds, with the normal from A to B.
///
/// `vertices` and `normals` are the world's pools (read for polygons only). `cutoff`: no
/// point beyond this separation (the speculative distance unless a pair looks ahead).
public func collide(
    _ shapeA: ShapeGeometry, _ xfA: Transform, _ shapeB: ShapeGeometry, _ xfB: Transform,
    vertices: UnsafePointer<Vec2>, normals: UnsafePointer<Vec2>, cutoff: Real = CollisionConstants.speculativeDistance,
    prefer: UInt8 = 0
) -> Manifold {
    switch (shapeA.kind, shapeB.kind) {
    case (.circle, .circle):
        return collideCircles(Circle(shapeA), xfA, Circle(shapeB), xfB, cutoff: cutoff)
    case (.polygon, .circle):
        return collidePolygonAndCircle(
            PolygonRef(shapeA, vertices: vertices, normals: normals), xfA, Circle(shapeB), xfB, cutoff: cutoff)
    case (.circle, .polygon):
        return collidePolygonAndCircle(
            PolygonRef(shapeB, vertices: vertices, normals: normals), xfB, Circle(shapeA), xfA, cutoff: cutoff
        ).flipped()
    case (.polygon, .polygon):
        return collidePolygons(
            PolygonRef(shapeA, vertices: vertices, normals: normals), xfA,
            PolygonRef(shapeB, vertices: vertices, normals: normals), xfB, cutoff: cutoff, prefer: prefer)
    case (.polygon, .ellipse):
        return collidePolygonAndEllipse(
            PolygonRef(shapeA, vertices: vertices, normals: normals), xfA, Ellipse(shapeB), xfB, cutoff: cutoff)
    case (.ellipse, .polygon):
        return collidePolygonAndEllipse(
            PolygonRef(shapeB, vertices: vertices, normals: normals), xfB, Ellipse(shapeA), xfA, cutoff: cutoff
        ).flipped()
    case (.ellipse, .circle):
        return collideEllipseAndCircle(Ellipse(shapeA), xfA, Circle(shapeB), xfB, cutoff: cutoff)
    case (.circle, .ellipse):
        return collideEllipseAndCircle(Ellipse(shapeB), xfB, Circle(shapeA), xfA, cutoff: cutoff).flipped()
    case (.ellipse, .ellipse):
        return collideEllipses(Ellipse(shapeA), xfA, Ellipse(shapeB), xfB, cutoff: cutoff)
    }
}

/// The manifold between a segment (A, a boundary) and a shape of any kind (B).
public func collide(
    _ segment: Segment, _ xfA: Transform, _ shapeB: ShapeGeometry, _ xfB: Transform,
    vertices: UnsafePointer<Vec2>, normals: UnsafePointer<Vec2>, cutoff: Real = CollisionConstants.speculativeDistance,
    prefer: UInt8 = 0
) -> Manifold {
    switch shapeB.kind {
    case .circle: collideSegmentAndCircle(segment, xfA, Circle(shapeB), xfB, cutoff: cutoff)
    case .ellipse: collideSegmentAndEllipse(segment, xfA, Ellipse(shapeB), xfB, cutoff: cutoff)
    case .polygon:
        collideSegmentAndPolygon(
            segment, xfA, PolygonRef(shapeB, vertices: vertices, normals: normals), xfB, cutoff: cutoff, prefer: prefer)
    }
}

extension Circle {
    /// The circle of a circle shape.
    @inlinable
    public init(_ shape: ShapeGeometry) { self.init(center: shape.center, radius: shape.radius) }
}

extension Ellipse {
    /// The ellipse of an ellipse shape.
    @inlinable
    public init(_ shape: ShapeGeometry) { self.init(center: shape.center, semiAxes: shape.semiAxes) }
}

// MARK: - Segments

/// Segment (A) against circle (B): the segment as a two-sided 2-vertex polygon.
public func collideSegmentAndCircle(
    _ segment: Segment, _ xfA: Transform, _ circle: Circle, _ xfB: Transform,
    cutoff: Real = CollisionConstants.speculativeDistance
) -> Manifold {
    withSegmentPolygon(segment) { collidePolygonAndCircle($0, xfA, circle, xfB, cutoff: cutoff) }
}

/// Segment (A) against polygon (B).
public func collideSegmentAndPolygon(
    _ segment: Segment, _ xfA: Transform, _ polygon: PolygonRef, _ xfB: Transform,
    cutoff: Real = CollisionConstants.speculativeDistance, prefer: UInt8 = 0
) -> Manifold {
    withSegmentPolygon(segment) { collidePolygons($0, xfA, polygon, xfB, cutoff: cutoff, prefer: prefer) }
}

/// Segment (A) against ellipse (B).
public func collideSegmentAndEllipse(
    _ segment: Segment, _ xfA: Transform, _ ellipse: Ellipse, _ xfB: Transform,
    cutoff: Real = CollisionConstants.speculativeDistance
) -> Manifold {
    withSegmentPolygon(segment) { collidePolygonAndEllipse($0, xfA, ellipse, xfB, cutoff: cutoff) }
}
