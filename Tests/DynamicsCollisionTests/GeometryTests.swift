// Shape geometry and mass properties against closed forms and hand computations.

import DynamicsCollision
import DynamicsMath
import Testing

private func close(_ a: Real, _ b: Real, _ tol: Real) -> Bool { abs(a - b) <= tol }
private func close(_ a: Vec2, _ b: Vec2, _ tol: Real) -> Bool { abs(a.x - b.x) <= tol && abs(a.y - b.y) <= tol }

@Suite struct MassTests {
    @Test func rectangleMassAndInertia() {
        // 200×50 pt at density 3 (Docs/semantics.md §1): m = 3 kg, I = m(w² + h²)/12 = 10 625 kg·pt² = 1.0625 kg·m².
        let md = polygonMass(boxPolygon(halfExtents: Vec2(100, 25)), density: 3)
        #expect(close(md.mass, 3, 1e-12))
        #expect(close(md.inertia, 10_625, 1e-8))
        #expect(close(md.inertiaKgM2, 1.0625, 1e-12))
        #expect(close(md.center, .zero, 1e-12))
    }

    @Test func offCentreRectangle() {
        let md = polygonMass(boxPolygon(halfExtents: Vec2(50, 10), center: Vec2(300, -40)), density: 2)
        #expect(close(md.mass, 2 * 100 * 20 / 10_000, 1e-12))
        #expect(close(md.center, Vec2(300, -40), 1e-9))
        #expect(close(md.inertia, md.mass * (100 * 100 + 20 * 20) / 12, 1e-7))
    }

    @Test func circleMassAndInertia() {
        let md = circleMass(center: Vec2(1, 2), radius: 50, density: 1)
        #expect(close(md.mass, DMath.pi * 2500 / 10_000, 1e-14))
        #expect(close(md.inertia, md.mass * 2500 / 2, 1e-10))
        #expect(md.center == Vec2(1, 2))
    }

    @Test func ellipseMassAndInertia() {
        let md = ellipseMass(center: .zero, semiAxes: Vec2(60, 20), density: 2)
        #expect(close(md.mass, 2 * DMath.pi * 60 * 20 / 10_000, 1e-14))
        #expect(close(md.inertia, md.mass * (3600 + 400) / 4, 1e-10))
    }

    @Test func rightTriangle() {
        // Legs 30 (x) and 60 (y) from the origin: area 900, centroid (10, 20),
        // I about the centroid = m(a² + b²)/18 for a right triangle with legs a, b.
        let tri = [Vec2(0, 0), Vec2(30, 0), Vec2(0, 60)]
        let md = polygonMass(tri, density: 1)
        #expect(close(md.mass, 900.0 / 10_000, 1e-15))
        #expect(close(md.center, Vec2(10, 20), 1e-12))
        #expect(close(md.inertia, md.mass * (900 + 3600) / 18, 1e-10))
    }

    @Test func offCentrePolygonCentroid() {
        // An L-free convex pentagon: the square (0,0)-(40,40) with the triangle (40,0),(60,20),(40,40)
        // attached on its right. By hand: square area 1600, centroid (20, 20); triangle area 400,
        // centroid ((40+60+40)/3, 20) = (46.667, 20). Total area 2000, centroid x =
        // (1600·20 + 400·46.667)/2000 = 25.3333, y = 20.
        let poly = [Vec2(0, 0), Vec2(40, 0), Vec2(60, 20), Vec2(40, 40), Vec2(0, 40)]
        #expect(close(polygonSignedArea(poly), 2000, 1e-10))
        let c = polygonCentroid(poly)
        #expect(close(c, Vec2(76.0 / 3.0, 20), 1e-10))
        // Inertia: the square about its centre, m(40² + 40²)/12, plus the triangle's own,
        // each moved to the common centroid. The triangle's inertia about its centroid is
        // (ρ/36)·(base·height)·(b² − b·a + a² + h²)... computed here from its vertices instead:
        // I_c = m/18·(|p0|² + |p1|² + |p2|² − p0·p1 − p1·p2 − p2·p0) with p relative to the centroid.
        let tc = Vec2(140.0 / 3.0, 20)
        let p = [Vec2(40, 0) - tc, Vec2(60, 20) - tc, Vec2(40, 40) - tc]
        let mt = 400.0 / 10_000
        let it = mt / 6 * (p[0].lengthSquared + p[1].lengthSquared + p[2].lengthSquared
            + p[0].dot(p[1]) + p[1].dot(p[2]) + p[2].dot(p[0])) / 1
        let ms = 1600.0 / 10_000
        let isq = ms * 3200 / 12
        let expected = isq + ms * (Vec2(20, 20) - c).lengthSquared + it + mt * (tc - c).lengthSquared
        #expect(close(polygonMass(poly, density: 1).inertia, expected, 1e-9))
    }

    @Test func combineIsParallelAxis() {
        // Two 10×10 squares side by side equal one 20×10 rectangle.
        let a = polygonMass(boxPolygon(halfExtents: Vec2(5, 5), center: Vec2(-5, 0)), density: 1)
        let b = polygonMass(boxPolygon(halfExtents: Vec2(5, 5), center: Vec2(5, 0)), density: 1)
        let whole = polygonMass(boxPolygon(halfExtents: Vec2(10, 5)), density: 1)
        let sum = MassData.combine([a, b])
        #expect(close(sum.mass, whole.mass, 1e-15))
        #expect(close(sum.center, whole.center, 1e-12))
        #expect(close(sum.inertia, whole.inertia, 1e-12))
    }
}

@Suite struct PolygonValidationTests {
    @Test func acceptsBothWindingsAndStoresPositiveArea() throws {
        let ccwOnScreen = [Vec2(-10, -10), Vec2(-10, 10), Vec2(10, 10), Vec2(10, -10)]   // negative raw area
        let stored = try makeConvexPolygon(ccwOnScreen)
        #expect(polygonSignedArea(stored) > 0)
        #expect(close(polygonSignedArea(stored), 400, 1e-12))
        #expect(stored[0] == Vec2(-10, -10))
        let other = try makeConvexPolygon(Array(ccwOnScreen.reversed()))
        #expect(polygonSignedArea(other) > 0)
        // Each corner turns the same way.
        for i in 0..<stored.count {
            let a = stored[(i + 1) % 4] - stored[i]
            let b = stored[(i + 2) % 4] - stored[(i + 1) % 4]
            #expect(a.cross(b) > 0)
        }
    }

    @Test func normalsPointOutward() throws {
        let v = try makeConvexPolygon([Vec2(0, 0), Vec2(10, 0), Vec2(10, 10), Vec2(0, 10)])
        let n = polygonNormals(v)
        let c = polygonCentroid(v)
        for i in 0..<v.count {
            #expect(close(n[i].length, 1, 1e-15))
            #expect(n[i].dot(v[i] - c) > 0)
            #expect(abs(n[i].dot(v[(i + 1) % v.count] - v[i])) < 1e-12)
        }
        #expect(n[0] == Vec2(0, -1))
    }

    @Test func removesDuplicateAndCollinearPoints() throws {
        let v = try makeConvexPolygon([
            Vec2(0, 0), Vec2(5, 0), Vec2(10, 0), Vec2(10, 0), Vec2(10, 10), Vec2(0, 10), Vec2(0, 0),
        ])
        #expect(v.count == 4)
        #expect(close(polygonSignedArea(v), 100, 1e-12))
    }

    @Test func errors() {
        #expect(throws: PolygonError.tooFewPoints(count: 2)) { try makeConvexPolygon([Vec2(0, 0), Vec2(1, 0)]) }
        #expect(throws: PolygonError.nonFinitePoint(index: 1)) {
            try makeConvexPolygon([Vec2(0, 0), Vec2(.nan, 0), Vec2(1, 1)])
        }
        #expect(throws: PolygonError.nonFinitePoint(index: 2)) {
            try makeConvexPolygon([Vec2(0, 0), Vec2(1, 0), Vec2(1, .infinity)])
        }
        #expect(throws: PolygonError.tooFewDistinctPoints) {
            try makeConvexPolygon([Vec2(0, 0), Vec2(5, 5), Vec2(10, 10)])
        }
        #expect(throws: PolygonError.tooFewDistinctPoints) {
            try makeConvexPolygon([Vec2(1, 1), Vec2(1, 1), Vec2(1, 1)])
        }
        // A bow tie.
        #expect(throws: PolygonError.selfIntersecting) {
            try makeConvexPolygon([Vec2(0, 0), Vec2(10, 10), Vec2(10, 0), Vec2(0, 10)])
        }
        // A pentagram: every corner turns the same way, yet the edges cross.
        let star = (0..<5).map { k -> Vec2 in
            let cs = DMath.cosSin(4 * DMath.pi * Real(k) / 5)
            return Vec2(50 * cs.c, 50 * cs.s)
        }
        #expect(throws: PolygonError.selfIntersecting) { try makeConvexPolygon(star) }
        // A simple concave arrow head.
        #expect(throws: PolygonError.notConvex) {
            try makeConvexPolygon([Vec2(0, 0), Vec2(10, 5), Vec2(0, 10), Vec2(3, 5)])
        }
        // A path that doubles back along itself.
        #expect(throws: PolygonError.selfIntersecting) {
            try makeConvexPolygon([Vec2(0, 0), Vec2(10, 0), Vec2(5, 0), Vec2(5, 10)])
        }
        #expect(PolygonError.notConvex.description == "the path is not convex")
    }
}

@Suite struct EllipsePolygonAndAABBTests {
    @Test func vertexCountFollowsPerimeter() {
        // Circle of radius 50: perimeter 100π = 314.16 → 31 vertices.
        #expect(close(ellipsePerimeter(a: 50, b: 50), 100 * DMath.pi, 1e-12))
        #expect(ellipsePolygonVertexCount(a: 50, b: 50) == 31)
        // 100×50 ellipse: a = 50, b = 25, Ramanujan π(225 − √(175·125)) = 242.2105274 → 24 vertices.
        #expect(close(ellipsePerimeter(a: 50, b: 25), 242.2105274, 1e-6))
        #expect(ellipsePolygonVertexCount(a: 50, b: 25) == 24)
        // Small ellipses get at least 8.
        #expect(ellipsePolygonVertexCount(a: 5, b: 2) == 8)
    }

    @Test func ellipsePolygonIsInscribedAndConvex() throws {
        let v = ellipsePolygon(semiAxes: Vec2(50, 25))
        #expect(v.count == 24)
        for p in v {
            #expect(close(p.x * p.x / 2500 + p.y * p.y / 625, 1, 1e-12))
        }
        #expect(polygonSignedArea(v) > 0)
        // Inscribed regular-parameter polygon: area = n/2·a·b·sin(2π/n).
        let n = 24.0
        #expect(close(polygonSignedArea(v), n / 2 * 50 * 25 * DMath.sin(2 * DMath.pi / n), 1e-9))
        let validated = try makeConvexPolygon(v)
        #expect(validated.count == 24)
    }

    @Test func aabbs() {
        let xf = Transform(p: Vec2(100, 200), q: Rot(angle: DMath.pi / 6))
        // Ellipse a = 40, b = 10 rotated by 30°: ex = √(1600·¾ + 100·¼) = √1225 = 35,
        // ey = √(1600·¼ + 100·¾) = √475.
        let e = ShapeGeometry.ellipse(center: .zero, semiAxes: Vec2(40, 10))
        let box = e.aabb(xf, vertices: [])
        #expect(close(box.center, Vec2(100, 200), 1e-12))
        #expect(close(box.extents, Vec2(35, 475.0.squareRoot()), 1e-12))
        // Circle off the body centre.
        let c = ShapeGeometry.circle(center: Vec2(10, 0), radius: 5)
        let cb = c.aabb(xf, vertices: [])
        let cc = xf.apply(Vec2(10, 0))
        #expect(close(cb.lower, cc - Vec2(5, 5), 1e-12))
        #expect(close(cb.upper, cc + Vec2(5, 5), 1e-12))
        // Square 20×20 rotated 45°: half-extent 10√2.
        let pool = [Vec2(7, 7)] + boxPolygon(halfExtents: Vec2(10, 10))
        let sq = ShapeGeometry.polygon(start: 1, count: 4, centroid: .zero)
        let sb = sq.aabb(Transform(p: .zero, q: Rot(angle: DMath.pi / 4)), vertices: pool)
        #expect(close(sb.extents, Vec2(10 * 2.0.squareRoot(), 10 * 2.0.squareRoot()), 1e-12))
        #expect(close(sb.center, .zero, 1e-12))
    }
}
