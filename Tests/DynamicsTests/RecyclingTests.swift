import DynTestSupport
// Contact recycling (Sources/Dynamics/Contacts/Recycling.swift): a manifold kept for a pair that
// moved by δ relative to the poses it was computed at stays within δ of the manifold the
// narrowphase computes afresh, in every point and separation; a pair that moved more is
// never recycled.

@testable import Dynamics
@testable import DynamicsCollision
import DynamicsMath
import Testing

@Suite struct RecyclingTests {
    /// Polygons for the test, in the world's pool layout.
    struct Shapes {
        var vertices: [Vec2] = []
        var normals: [Vec2] = []

        mutating func box(_ w: Real, _ h: Real) -> ShapeGeometry {
            let v = boxPolygon(halfExtents: Vec2(w / 2, h / 2))
            let start = Int32(vertices.count)
            vertices += v
            normals += polygonNormals(v)
            return .polygon(start: start, count: Int32(v.count), centroid: polygonCentroid(v))
        }

        func collide(_ a: ShapeGeometry?, _ seg: Segment?, _ xfA: Transform, _ b: ShapeGeometry, _ xfB: Transform) -> Manifold {
            vertices.withUnsafeBufferPointer { v in
                normals.withUnsafeBufferPointer { n in
                    if let a {
                        return DynamicsCollision.collide(a, xfA, b, xfB, vertices: v.baseAddress!, normals: n.baseAddress!)
                    }
                    return DynamicsCollision.collide(seg!, xfA, b, xfB, vertices: v.baseAddress!, normals: n.baseAddress!)
                }
            }
        }
    }

    static func pose(_ xf: Transform, _ extent: Real) -> RecyclePose {
        RecyclePose(c: xf.p, q: xf.q, p: xf.p, v: .zero, w: 0, extent: extent)
    }

    static func moved(_ xf: Transform, _ rng: inout TestRandom, _ dist: Real, _ turn: Real) -> Transform {
        let a = xf.q.angle + rng.range(-turn, turn)
        return Transform(p: xf.p + Vec2(rng.range(-dist, dist), rng.range(-dist, dist)), q: Rot(angle: a))
    }

    /// Pairs at rest, at contact, overlapping and with a gap: box on box (centred, offset, tilted),
    /// circle and ellipse on a box, box and circle on a boundary segment.
    @Test func recycledManifoldIsWithinItsDriftOfAFreshOne() throws {
        var shapes = Shapes()
        let box = shapes.box(100, 100)
        let wide = shapes.box(400, 40)
        let circle = ShapeGeometry.circle(center: .zero, radius: 50)
        let ellipse = ShapeGeometry.ellipse(center: .zero, semiAxes: Vec2(60, 30))
        let ground = Segment(Vec2(-1000, 0), Vec2(1000, 0))
        // (A, or a segment; B; B's centre above A's top surface at y = 0; B's turn; extents)
        struct Case { var a: ShapeGeometry?; var b: ShapeGeometry; var bx: Real; var by: Real; var turn: Real; var ea: Real; var eb: Real }
        let cases = [
            Case(a: box, b: box, bx: 0, by: -50, turn: 0, ea: 71, eb: 71),
            Case(a: box, b: box, bx: 30, by: -49.7, turn: 0.001, ea: 71, eb: 71),
            Case(a: box, b: box, bx: -45, by: -51, turn: -0.002, ea: 71, eb: 71),
            Case(a: wide, b: box, bx: 10, by: -50.2, turn: 0.01, ea: 202, eb: 71),
            Case(a: box, b: circle, bx: 12, by: -49.8, turn: 0, ea: 71, eb: 50),
            Case(a: wide, b: ellipse, bx: -20, by: -30.1, turn: 0.02, ea: 202, eb: 60),
            Case(a: nil, b: box, bx: 5, by: -50, turn: 0.003, ea: 0, eb: 71),
            Case(a: nil, b: circle, bx: 5, by: -50.5, turn: 0, ea: 0, eb: 50),
        ]
        var rng = TestRandom(seed: 12)
        var recycled = 0
        for (k, cs) in cases.enumerated() {
            // A's top at y = 0: a box of height h is centred at y = h/2 (y down); a segment lies on it.
            let aY: Real = cs.a == nil ? 0 : (cs.ea > 100 ? 20 : 50)
            let xfA0 = Transform(p: Vec2(0, aY), q: .identity)
            let xfB0 = Transform(p: Vec2(cs.bx, cs.by), q: Rot(angle: cs.turn))
            let m0 = shapes.collide(cs.a, cs.a == nil ? ground : nil, xfA0, cs.b, xfB0)
            try #require(m0.pointCount > 0, "case \(k)")
            let cache = World.cacheManifold(m0, Self.pose(xfA0, cs.ea), Self.pose(xfB0, cs.eb), epoch: 1, turn: 0)
            // Recycled at the poses it was cached at, a manifold is the one computed, to the
            // single-precision cache's rounding.
            let same = World.recycledManifold(m0, cache, Self.pose(xfA0, cs.ea), Self.pose(xfB0, cs.eb), normal: m0.normal)
            for i in 0..<m0.pointCount {
                #expect((same[i].anchorA - m0[i].anchorA).length < 2e-5, "case \(k)")
                #expect(abs(same[i].separation - m0[i].separation) < 1e-6, "case \(k)")
            }
            // Small moves, and moves up to the touching tolerance (1 pt, 14 mrad at R = 71).
            for draw in 0..<400 {
                let (dist, turn): (Real, Real) = draw < 200 ? (0.04, 0.0003) : (0.35, 0.003)
                let xfA = cs.a == nil ? xfA0 : Self.moved(xfA0, &rng, dist, turn)
                let xfB = Self.moved(xfB0, &rng, dist, turn)
                let A = Self.pose(xfA, cs.ea)
                let B = Self.pose(xfB, cs.eb)
                let delta = World.recycleDrift(cache, A, B, H: 1.0 / 60)
                if delta >= World.recycleDistance { continue }
                recycled += 1
                let kept = World.recycledManifold(m0, cache, A, B, normal: m0.normal)
                let fresh = shapes.collide(cs.a, cs.a == nil ? ground : nil, xfA, cs.b, xfB)
                #expect(fresh.pointCount == kept.pointCount, "case \(k)")
                for i in 0..<kept.pointCount {
                    let p = kept[i]
                    // The nearest fresh point (where two boxes' corners line up, a clipped point
                    // can change its feature id without moving).
                    guard let f = (0..<fresh.pointCount).map({ fresh[$0] }).min(by: {
                        ($0.point(xfA) - p.point(xfA)).length < ($1.point(xfA) - p.point(xfA)).length
                    }) else { continue }
                    // (δ plus the single-precision cache's rounding, 6e-8 of lengths of 200 pt;
                    // the separation within δ·(1 + δ/R), R the smaller body's extent.)
                    let eps = 1e-4
                    let r = cs.a == nil ? cs.eb : Swift.min(cs.ea, cs.eb)
                    #expect((p.point(xfA) - f.point(xfA)).length <= delta + eps, "case \(k) point \(i): \((p.point(xfA) - f.point(xfA)).length) > δ = \(delta)")
                    #expect(abs(p.separation - f.separation) <= delta * (1 + delta / r) + eps, "case \(k) separation \(i): \(p.separation) vs \(f.separation), δ = \(delta)")
                    // The anchors name the same world point from each body's origin.
                    #expect(((p.anchorA + xfA.p) - (p.anchorB + xfB.p)).length < 1e-9)
                }
            }
        }
        // Most draws stay within the tolerance (so the comparison above ran).
        #expect(recycled > 8 * 200)
    }

    /// Moving or turning by more than the tolerance, or about to move that far within the
    /// tick, is never recycled.
    @Test func driftBeyondTheToleranceIsRefused() {
        let xf = Transform(p: Vec2(0, -50), q: .identity)
        let m = Manifold(
            normal: Vec2(0, -1),
            point1: ManifoldPoint(anchorA: Vec2(-50, 0), anchorB: Vec2(-50, 50), separation: 0, id: 1),
            point2: ManifoldPoint(anchorA: Vec2(50, 0), anchorB: Vec2(50, 50), separation: 0, id: 2),
            pointCount: 2)
        let A = RecyclePose.fixed
        let B = Self.pose(xf, 71)
        let cache = World.cacheManifold(m, A, B, epoch: 1, turn: 0)
        let tol = World.recycleDistance
        #expect(World.recycleDrift(cache, A, B, H: 1.0 / 60) == 0)
        var slid = B
        slid.c.x += 1.01 * tol
        #expect(World.recycleDrift(cache, A, slid, H: 1.0 / 60) >= tol)
        var turned = B
        turned.q = Rot(angle: 1.01 * tol / 71)
        #expect(World.recycleDrift(cache, A, turned, H: 1.0 / 60) >= tol)
        var moving = B
        moving.v = Vec2(0, 60 * 1.01 * tol)
        #expect(World.recycleDrift(cache, A, moving, H: 1.0 / 60) >= tol)
        var flipped = B
        flipped.q = Rot(angle: DMath.pi)
        #expect(World.recycleDrift(cache, A, flipped, H: 1.0 / 60) == .infinity)
    }
}
