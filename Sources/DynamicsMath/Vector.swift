// Small value types for 2D rigid-body maths: vectors, rotations, transforms and boxes.
//
// Conventions (those of UIKit Dynamics, see Docs/engine.md): points, seconds, +y down,
// angles in radians with positive angles turning clockwise on screen. With +y down the
// ordinary maths of a right-handed plane applies unchanged: rotating (1, 0) by +π/2
// gives (0, 1), which points down, i.e. a clockwise turn as seen on screen.
//
// `Real` is Double: the `uikit` model must reproduce the original's free-fall table to
// 1e-6 pt, which single precision cannot do at screen coordinates.

/// The scalar type of the engine.
public typealias Real = Double

/// A 2D vector (a point or a displacement) in points.
@frozen
public struct Vec2: Equatable, Sendable, CustomStringConvertible {
    public var x: Real
    public var y: Real

    @inlinable @inline(__always)
    public init(_ x: Real, _ y: Real) {
        self.x = x
        self.y = y
    }

    // Computed and inlinable rather than stored: a stored static of another module is read
    // through an accessor call, which hot loops paid per use.
    @inlinable public static var zero: Vec2 { Vec2(0, 0) }

    @inlinable @inline(__always)
    public static func + (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x + b.x, a.y + b.y) }
    @inlinable @inline(__always)
    public static func - (a: Vec2, b: Vec2) -> Vec2 { Vec2(a.x - b.x, a.y - b.y) }
    @inlinable @inline(__always)
    public static prefix func - (a: Vec2) -> Vec2 { Vec2(-a.x, -a.y) }
    @inlinable @inline(__always)
    public static func * (s: Real, a: Vec2) -> Vec2 { Vec2(s * a.x, s * a.y) }
    @inlinable @inline(__always)
    public static func * (a: Vec2, s: Real) -> Vec2 { Vec2(s * a.x, s * a.y) }
    @inlinable @inline(__always)
    public static func / (a: Vec2, s: Real) -> Vec2 { Vec2(a.x / s, a.y / s) }
    @inlinable @inline(__always)
    public static func += (a: inout Vec2, b: Vec2) { a = a + b }
    @inlinable @inline(__always)
    public static func -= (a: inout Vec2, b: Vec2) { a = a - b }
    @inlinable @inline(__always)
    public static func *= (a: inout Vec2, s: Real) { a = a * s }

    /// Dot product.
    @inlinable @inline(__always)
    public func dot(_ b: Vec2) -> Real { x * b.x + y * b.y }
    /// 2D cross product (z of the 3D cross product).
    @inlinable @inline(__always)
    public func cross(_ b: Vec2) -> Real { x * b.y - y * b.x }
    /// The vector turned by +90° (clockwise on screen): (-y, x).
    @inlinable @inline(__always)
    public var perp: Vec2 { Vec2(-y, x) }
    @inlinable @inline(__always)
    public var lengthSquared: Real { x * x + y * y }
    @inlinable @inline(__always)
    public var length: Real { (x * x + y * y).squareRoot() }
    /// The unit vector in this direction, or zero for a (near) zero vector.
    @inlinable
    public var normalized: Vec2 {
        let l = length
        return l > 1e-300 ? Vec2(x / l, y / l) : .zero
    }
    @inlinable @inline(__always)
    public var isFinite: Bool { x.isFinite && y.isFinite }

    public var description: String { "(\(x), \(y))" }
}

/// Cross product of a scalar (angular velocity) with a vector: ω × r = (-ω·r.y, ω·r.x).
@inlinable @inline(__always)
public func cross(_ s: Real, _ v: Vec2) -> Vec2 { Vec2(-s * v.y, s * v.x) }

/// Component-wise minimum.
@inlinable @inline(__always)
public func min(_ a: Vec2, _ b: Vec2) -> Vec2 { Vec2(Swift.min(a.x, b.x), Swift.min(a.y, b.y)) }
/// Component-wise maximum.
@inlinable @inline(__always)
public func max(_ a: Vec2, _ b: Vec2) -> Vec2 { Vec2(Swift.max(a.x, b.x), Swift.max(a.y, b.y)) }

/// A rotation stored as its cosine and sine.
@frozen
public struct Rot: Equatable, Sendable {
    public var c: Real
    public var s: Real

    @inlinable @inline(__always)
    public init(c: Real, s: Real) {
        self.c = c
        self.s = s
    }

    /// The rotation by `angle` radians (positive: clockwise on screen).
    @inlinable
    public init(angle: Real) {
        let cs = DMath.cosSin(angle)
        self.c = cs.c
        self.s = cs.s
    }

    @inlinable public static var identity: Rot { Rot(c: 1, s: 0) }

    /// The angle in (-π, π].
    @inlinable
    public var angle: Real { DMath.atan2(s, c) }

    /// Rotates a vector.
    @inlinable @inline(__always)
    public func apply(_ v: Vec2) -> Vec2 { Vec2(c * v.x - s * v.y, s * v.x + c * v.y) }
    /// Rotates a vector by the inverse rotation.
    @inlinable @inline(__always)
    public func applyInverse(_ v: Vec2) -> Vec2 { Vec2(c * v.x + s * v.y, -s * v.x + c * v.y) }
    /// Composition: first `b`, then `self`.
    @inlinable @inline(__always)
    public func then(_ b: Rot) -> Rot { Rot(c: c * b.c - s * b.s, s: s * b.c + c * b.s) }
}

/// A rigid transform: rotation, then translation.
@frozen
public struct Transform: Equatable, Sendable {
    public var p: Vec2
    public var q: Rot

    @inlinable @inline(__always)
    public init(p: Vec2, q: Rot) {
        self.p = p
        self.q = q
    }

    @inlinable public static var identity: Transform { Transform(p: Vec2(0, 0), q: Rot(c: 1, s: 0)) }

    /// Maps a local point to world space.
    @inlinable @inline(__always)
    public func apply(_ v: Vec2) -> Vec2 { q.apply(v) + p }
    /// Maps a world point to local space.
    @inlinable @inline(__always)
    public func applyInverse(_ v: Vec2) -> Vec2 { q.applyInverse(v - p) }
    /// `self ∘ b`: applies `b` first.
    @inlinable @inline(__always)
    public func then(_ b: Transform) -> Transform { Transform(p: q.apply(b.p) + p, q: q.then(b.q)) }
    /// `self⁻¹ ∘ b`: `b` expressed in the frame of `self`.
    @inlinable @inline(__always)
    public func inverseTimes(_ b: Transform) -> Transform {
        let q2 = Rot(c: q.c * b.q.c + q.s * b.q.s, s: q.c * b.q.s - q.s * b.q.c)
        return Transform(p: q.applyInverse(b.p - p), q: q2)
    }
}

/// An axis-aligned bounding box.
@frozen
public struct AABB: Equatable, Sendable {
    public var lower: Vec2
    public var upper: Vec2

    @inlinable @inline(__always)
    public init(lower: Vec2, upper: Vec2) {
        self.lower = lower
        self.upper = upper
    }

    /// An empty box that any union replaces.
    @inlinable public static var empty: AABB { AABB(lower: Vec2(.infinity, .infinity), upper: Vec2(-.infinity, -.infinity)) }

    @inlinable @inline(__always)
    public func union(_ b: AABB) -> AABB { AABB(lower: min(lower, b.lower), upper: max(upper, b.upper)) }
    @inlinable @inline(__always)
    public func overlaps(_ b: AABB) -> Bool {
        !(b.lower.x > upper.x || b.lower.y > upper.y || lower.x > b.upper.x || lower.y > b.upper.y)
    }
    @inlinable @inline(__always)
    public func contains(_ b: AABB) -> Bool {
        lower.x <= b.lower.x && lower.y <= b.lower.y && b.upper.x <= upper.x && b.upper.y <= upper.y
    }
    @inlinable @inline(__always)
    public func expanded(by m: Real) -> AABB { AABB(lower: lower - Vec2(m, m), upper: upper + Vec2(m, m)) }
    /// Half the perimeter: the surface-area heuristic's cost in 2D.
    @inlinable @inline(__always)
    public var perimeter: Real { 2 * ((upper.x - lower.x) + (upper.y - lower.y)) }
    @inlinable @inline(__always)
    public var center: Vec2 { 0.5 * (lower + upper) }
    @inlinable @inline(__always)
    public var extents: Vec2 { 0.5 * (upper - lower) }
}
