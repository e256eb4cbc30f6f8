// Field regions (UIRegion, Docs/semantics.md §13.3): where a field acts, in points relative to the
// field's position.
//
// Public form: `FieldRegion`, an immutable value built from a disc, a rectangle and
// "everywhere" with inverse, union, difference and intersection. Stored form: the same tree
// flattened into `RegionNode`s in **postfix order** (children before their parent) in one pool
// per world, each field owning a contiguous range. Evaluating a range needs no recursion and
// no allocation: leaves push a bit on a 64-bit stack, `inverse` flips the top bit, the binary
// operators pop two bits and push one. That bounds how deep a region may nest (its postfix
// evaluation may hold at most 64 bits at once), which `compile` checks.
//
// Membership (UIKit's rules):
//   disc of radius R          x² + y² ≤ R²          the boundary is inside
//   rectangle of size w × h   |x| < w/2, |y| < h/2  the boundary is outside
//   everywhere                every point
//   inverse(a)                not in a
//   union(a, b)               in a or in b
//   difference(a, b)          in a and not in b
//   intersection(a, b)        in a and in b

import DynamicsMath

/// Where a field acts: a region centred on the field's position (UIRegion), in points.
public indirect enum FieldRegion: Equatable, Sendable {
    /// Every point (UIRegion.infinite). The default.
    case everywhere
    /// The disc of this radius (pt, ≥ 0) around the origin, its boundary included.
    case disc(radius: Real)
    /// The rectangle of this size (pt, both ≥ 0) centred on the origin, its boundary excluded.
    case rectangle(size: Vec2)
    /// Every point not in the region.
    case inverse(FieldRegion)
    /// The points in either region.
    case union(FieldRegion, FieldRegion)
    /// The points in the first region and not in the second.
    case difference(FieldRegion, FieldRegion)
    /// The points in both regions.
    case intersection(FieldRegion, FieldRegion)

    /// Whether `point` (pt, relative to the region's centre) is in the region.
    public func contains(_ point: Vec2) -> Bool {
        switch self {
        case .everywhere: return true
        case .disc(let r): return point.x * point.x + point.y * point.y <= r * r
        case .rectangle(let s): return abs(point.x) < 0.5 * s.x && abs(point.y) < 0.5 * s.y
        case .inverse(let a): return !a.contains(point)
        case .union(let a, let b): return a.contains(point) || b.contains(point)
        case .difference(let a, let b): return a.contains(point) && !b.contains(point)
        case .intersection(let a, let b): return a.contains(point) && b.contains(point)
        }
    }
}

/// What a stored region node does.
enum RegionOp: UInt8 {
    case everywhere, disc, rectangle, inverse, union, difference, intersection
}

/// One node of a stored region, in postfix order. A trivial struct.
struct RegionNode: Equatable {
    var op: RegionOp
    /// Disc: the radius. Rectangle: half the width. Otherwise 0.
    var a: Real
    /// Rectangle: half the height. Otherwise 0.
    var b: Real
}

extension FieldRegion {
    /// The deepest a region may nest, counted as bits its postfix evaluation holds at once.
    static let maximumStackDepth = 64
    /// The most nodes a region may have.
    static let maximumNodeCount = 1024

    /// Checks the sizes (finite, not negative) and the nesting; `.invalidValue` naming
    /// `radius`, `width`, `height` or `region` otherwise.
    func validate() throws(EngineError) {
        var nodes = 0
        let depth = try checked(&nodes)
        if depth > FieldRegion.maximumStackDepth {
            throw EngineError(.invalidValue, field: "region", "region is nested too deeply (at most \(FieldRegion.maximumStackDepth) levels)")
        }
        if nodes > FieldRegion.maximumNodeCount {
            throw EngineError(.invalidValue, field: "region", "region has too many parts (at most \(FieldRegion.maximumNodeCount))")
        }
    }

    /// Validates the leaves, counts nodes, and returns the postfix stack depth.
    private func checked(_ nodes: inout Int) throws(EngineError) -> Int {
        nodes += 1
        switch self {
        case .everywhere: return 1
        case .disc(let r):
            if !r.isFinite { throw EngineError.notFinite("radius", r) }
            if r < 0 { throw EngineError.mustBeNonNegative("radius", r) }
            return 1
        case .rectangle(let s):
            if !s.x.isFinite { throw EngineError.notFinite("width", s.x) }
            if !s.y.isFinite { throw EngineError.notFinite("height", s.y) }
            if s.x < 0 { throw EngineError.mustBeNonNegative("width", s.x) }
            if s.y < 0 { throw EngineError.mustBeNonNegative("height", s.y) }
            return 1
        case .inverse(let a): return try a.checked(&nodes)
        case .union(let a, let b), .difference(let a, let b), .intersection(let a, let b):
            let da = try a.checked(&nodes)
            let db = try b.checked(&nodes)
            return Swift.max(da, db + 1)
        }
    }

    /// Appends the region's nodes in postfix order. Call `validate()` first.
    func compile(into pool: inout ContiguousArray<RegionNode>) {
        switch self {
        case .everywhere: pool.append(RegionNode(op: .everywhere, a: 0, b: 0))
        case .disc(let r): pool.append(RegionNode(op: .disc, a: r, b: 0))
        case .rectangle(let s): pool.append(RegionNode(op: .rectangle, a: 0.5 * s.x, b: 0.5 * s.y))
        case .inverse(let a):
            a.compile(into: &pool)
            pool.append(RegionNode(op: .inverse, a: 0, b: 0))
        case .union(let a, let b):
            a.compile(into: &pool)
            b.compile(into: &pool)
            pool.append(RegionNode(op: .union, a: 0, b: 0))
        case .difference(let a, let b):
            a.compile(into: &pool)
            b.compile(into: &pool)
            pool.append(RegionNode(op: .difference, a: 0, b: 0))
        case .intersection(let a, let b):
            a.compile(into: &pool)
            b.compile(into: &pool)
            pool.append(RegionNode(op: .intersection, a: 0, b: 0))
        }
    }

    /// Rebuilds a region from its postfix nodes (the inverse of `compile`).
    static func decompile(_ nodes: ArraySlice<RegionNode>) -> FieldRegion {
        var stack: [FieldRegion] = []
        for node in nodes {
            switch node.op {
            case .everywhere: stack.append(.everywhere)
            case .disc: stack.append(.disc(radius: node.a))
            case .rectangle: stack.append(.rectangle(size: Vec2(2 * node.a, 2 * node.b)))
            case .inverse: stack.append(.inverse(stack.removeLast()))
            case .union, .difference, .intersection:
                let b = stack.removeLast()
                let a = stack.removeLast()
                switch node.op {
                case .union: stack.append(.union(a, b))
                case .difference: stack.append(.difference(a, b))
                default: stack.append(.intersection(a, b))
                }
            }
        }
        return stack.last ?? .everywhere
    }
}

/// Evaluates the postfix region `nodes[start ..< start + count]` at `p` (pt, relative to the
/// field's position). No recursion, no allocation.
@inline(__always)
func regionContains(_ nodes: UnsafeBufferPointer<RegionNode>, start: Int, count: Int, _ p: Vec2) -> Bool {
    // A lone "everywhere" is the common case.
    if count == 1 && nodes[start].op == .everywhere { return true }
    var bits: UInt64 = 0
    for k in start..<(start + count) {
        let node = nodes[k]
        switch node.op {
        case .everywhere:
            bits = (bits << 1) | 1
        case .disc:
            let inside = p.x * p.x + p.y * p.y <= node.a * node.a
            bits = (bits << 1) | (inside ? 1 : 0)
        case .rectangle:
            let inside = abs(p.x) < node.a && abs(p.y) < node.b
            bits = (bits << 1) | (inside ? 1 : 0)
        case .inverse:
            bits ^= 1
        case .union, .difference, .intersection:
            let b = bits & 1
            bits >>= 1
            let a = bits & 1
            let r: UInt64
            switch node.op {
            case .union: r = a | b
            case .difference: r = a & (b ^ 1)
            default: r = a & b
            }
            bits = (bits & ~1) | r
        }
    }
    return bits & 1 == 1
}
