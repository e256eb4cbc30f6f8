import DynTestSupport
import Testing
@testable import DynamicsCollision
import DynamicsMath

/// A world-like vertex and normal pool for building polygon shapes in tests.
struct Pool {
    var vertices: [Vec2] = []
    var normals: [Vec2] = []

    mutating func polygon(_ v: [Vec2]) -> ShapeGeometry {
        let start = Int32(vertices.count)
        vertices += v
        normals += polygonNormals(v)
        return .polygon(start: start, count: Int32(v.count), centroid: polygonCentroid(v))
    }

    mutating func box(_ w: Real, _ h: Real) -> ShapeGeometry { polygon(boxPolygon(halfExtents: Vec2(w / 2, h / 2))) }

    func collide(_ a: ShapeGeometry, _ xfA: Transform, _ b: ShapeGeometry, _ xfB: Transform) -> Manifold {
        vertices.withUnsafeBufferPointer { v in
            normals.withUnsafeBufferPointer { n in
                DynamicsCollision.collide(a, xfA, b, xfB, vertices: v.baseAddress!, normals: n.baseAddress!)
            }
        }
    }

    func collide(_ s: Segment, _ xfA: Transform, _ b: ShapeGeometry, _ xfB: Transform) -> Manifold {
        vertices.withUnsafeBufferPointer { v in
            normals.withUnsafeBufferPointer { n in
                DynamicsCollision.collide(s, xfA, b, xfB, vertices: v.baseAddress!, normals: n.baseAddress!)
            }
        }
    }

    /// Support function of a placed shape, about the world origin (for brute-force checks).
    func support(_ s: ShapeGeometry, _ xf: Transform, _ n: Vec2) -> Real {
        switch s.kind {
        case .circle: return n.dot(xf.apply(s.center)) + s.radius
        case .ellipse:
            let local = xf.q.applyInverse(n)
            return n.dot(xf.apply(s.center)) + ellipseSupport(a: s.semiAxes.x, b: s.semiAxes.y, local).h
        case .polygon:
            var best = -Real.infinity
            for i in 0..<Int(s.vertexCount) {
                best = Swift.max(best, n.dot(xf.apply(vertices[Int(s.vertexStart) + i])))
            }
            return best
        }
    }

    /// max over sampled unit n of σ(n) = −h_A(−n)... i.e. min_B n·x − max_A n·x: the signed distance.
    func bruteSignedDistance(_ a: ShapeGeometry, _ xfA: Transform, _ b: ShapeGeometry, _ xfB: Transform) -> (Real, Vec2) {
        var best = -Real.infinity
        var bestN = Vec2.zero
        let samples = 20_000
        for k in 0..<samples {
            let t = 2 * DMath.pi * Real(k) / Real(samples)
            let n = Vec2(DMath.cos(t), DMath.sin(t))
            let s = -support(b, xfB, -n) - support(a, xfA, n)
            if s > best {
                best = s
                bestN = n
            }
        }
        // σ has kinks at polygon face normals: evaluate those exactly.
        for (shape, t) in [(a, xfA), (b, xfB)] where shape.kind == .polygon {
            for i in 0..<Int(shape.vertexCount) {
                let m = t.q.apply(normals[Int(shape.vertexStart) + i])
                for n in [m, -m] {
                    let s = -support(b, xfB, -n) - support(a, xfA, n)
                    if s > best {
                        best = s
                        bestN = n
                    }
                }
            }
        }
        return (best, bestN)
    }
}

func xf(_ x: Real, _ y: Real, _ angle: Real = 0) -> Transform { Transform(p: Vec2(x, y), q: Rot(angle: angle)) }

func near(_ a: Real, _ b: Real, _ tol: Real = 1e-9) -> Bool { abs(a - b) <= tol }
func near(_ a: Vec2, _ b: Vec2, _ tol: Real = 1e-9) -> Bool { (a - b).length <= tol }

struct PolygonManifoldTests {
    @Test func boxRestingOnBox() {
        var pool = Pool()
        let ground = pool.box(200, 20)
        let box = pool.box(40, 40)
        // Ground top at y = 0; box bottom at y = −gap (y is down, so "up" is −y).
        for gap in [0.0, 1.0, -0.3] {
            let m = pool.collide(ground, xf(0, 10), box, xf(0, -20 - gap))
            #expect(m.pointCount == 2)
            #expect(near(m.normal, Vec2(0, -1)))
            for i in 0..<2 {
                #expect(near(m[i].separation, gap))
                #expect(near(abs(m[i].point(xf(0, 10)).x), 20))
                #expect(near(m[i].point(xf(0, 10)).y, -gap / 2))
                #expect(near(m[i].anchorA, m[i].point(xf(0, 10)) - Vec2(0, 10)))
                #expect(near(m[i].anchorB, m[i].point(xf(0, 10)) - Vec2(0, -20 - gap)))
            }
            #expect(m[0].id != m[1].id)
        }
    }

    @Test func speculativeGap() {
        var pool = Pool()
        let ground = pool.box(200, 20)
        let box = pool.box(40, 40)
        #expect(pool.collide(ground, xf(0, 10), box, xf(0, -21.9)).pointCount == 2)
        #expect(pool.collide(ground, xf(0, 10), box, xf(0, -22.1)).pointCount == 0)
        // A tilted box: only the near corner is within the speculative distance.
        let m = pool.collide(ground, xf(0, 10), box, xf(0, -20 * 2.0.squareRoot() - 1, DMath.pi / 4))
        #expect(m.pointCount == 1)
        #expect(near(m[0].separation, 1, 1e-9))
        #expect(near(m[0].point(xf(0, 10)), Vec2(0, -0.5), 1e-9))
    }

    @Test func rotatedBoxesStacked() {
        var pool = Pool()
        let a = pool.box(40, 40)
        let b = pool.box(40, 40)
        let angle = 0.5
        let q = Rot(angle: angle)
        let up = q.apply(Vec2(0, -1))
        for gap in [0.0, 0.7, -1.0] {
            let cB = (40 + gap) * up + Vec2(5, 3)
            let m = pool.collide(a, Transform(p: Vec2(5, 3), q: q), b, Transform(p: cB, q: q))
            #expect(m.pointCount == 2)
            #expect(near(m.normal, up))
            #expect(near(m[0].separation, gap) && near(m[1].separation, gap))
        }
        // Half-offset along the face: the clipped points are the overlap of the two faces.
        let side = q.apply(Vec2(1, 0))
        let m = pool.collide(a, Transform(p: .zero, q: q), b, Transform(p: 40 * up + 15 * side, q: q))
        #expect(m.pointCount == 2)
        let along = [m[0].anchorA.dot(side), m[1].anchorA.dot(side)].sorted()
        #expect(near(along[0], -5) && near(along[1], 20))
    }

    @Test func vertexToVertexWhenApart() {
        var pool = Pool()
        let a = pool.box(40, 40)
        let b = pool.box(40, 40)
        // Corner (20, 20) of A against corner (−20, −20) of B, diagonal gap of 1 pt.
        let offset = 40 + 1 / 2.0.squareRoot()
        let m = pool.collide(a, xf(0, 0), b, xf(offset, offset))
        #expect(m.pointCount == 1)
        #expect(near(m[0].separation, 1, 1e-9))
        #expect(near(m.normal, Vec2(1, 1).normalized, 1e-9))
    }

    @Test func circleOnBoxEdgeAndCorner() {
        var pool = Pool()
        let ground = pool.box(200, 20)
        let ball = ShapeGeometry.circle(center: .zero, radius: 10)
        var m = pool.collide(ground, xf(0, 10), ball, xf(30, -10.5))
        #expect(m.pointCount == 1)
        #expect(near(m.normal, Vec2(0, -1)))
        #expect(near(m[0].separation, 0.5))
        #expect(near(m[0].point(xf(0, 10)), Vec2(30, -0.25)))
        // Corner (100, 0): centre at distance 10 along (0.6, −0.8), radius 9 → 1 pt apart.
        m = pool.collide(ground, xf(0, 10), .circle(center: .zero, radius: 9), xf(106, -8))
        #expect(m.pointCount == 1)
        #expect(near(m.normal, Vec2(0.6, -0.8)))
        #expect(near(m[0].separation, 1))
        // Deep: centre 4 pt inside the top face.
        m = pool.collide(ground, xf(0, 10), ball, xf(0, 4))
        #expect(near(m[0].separation, -14))
        #expect(near(m.normal, Vec2(0, -1)))
        // Flipped order gives the opposite normal.
        let f = pool.collide(.circle(center: .zero, radius: 9), xf(106, -8), ground, xf(0, 10))
        #expect(near(f.normal, Vec2(-0.6, 0.8)))
        #expect(near(f[0].separation, 1))
    }

    @Test func circles() {
        let a = Circle(center: Vec2(1, 0), radius: 10)
        let b = Circle(center: .zero, radius: 5)
        let m = collideCircles(a, xf(0, 0), b, xf(17, 0))
        #expect(m.pointCount == 1)
        #expect(near(m[0].separation, 1))
        #expect(near(m.normal, Vec2(1, 0)))
        #expect(near(m[0].point(xf(0, 0)), Vec2(11.5, 0)))
        #expect(collideCircles(a, xf(0, 0), b, xf(18.1, 0)).pointCount == 0)
    }

    @Test func featureIdsStableUnderSmallMotion() {
        var pool = Pool()
        let ground = pool.box(200, 20)
        let box = pool.box(40, 40)
        let m0 = pool.collide(ground, xf(0, 10), box, xf(0, -20))
        let m1 = pool.collide(ground, xf(0, 10), box, xf(0.3, -19.8, 0.01))
        #expect(m0.pointCount == 2 && m1.pointCount == 2)
        #expect(Set([m0[0].id, m0[1].id]) == Set([m1[0].id, m1[1].id]))
        // And when B's face would be the reference by a hair, A's stays (no flip-flop).
        let m2 = pool.collide(box, xf(0, 0), box, xf(0.2, -40.0))
        let m3 = pool.collide(box, xf(0, 0), box, xf(0.2, -40.0, 1e-4))
        #expect(Set([m2[0].id, m2[1].id]) == Set([m3[0].id, m3[1].id]))
    }

    @Test func symmetryFlipsTheNormal() {
        var pool = Pool()
        let box = pool.box(40, 30)
        let tri = pool.polygon([Vec2(0, 0), Vec2(30, 0), Vec2(0, 30)].reversed())
        let ball = ShapeGeometry.circle(center: Vec2(2, 1), radius: 12)
        let egg = ShapeGeometry.ellipse(center: Vec2(1, -1), semiAxes: Vec2(25, 12))
        let shapes = [box, tri, ball, egg]
        var rng = TestRandom(seed: 17)
        var checked = 0
        for _ in 0..<400 {
            let sa = shapes[rng.below(shapes.count)]
            let sb = shapes[rng.below(shapes.count)]
            let xfA = xf(rng.range(-5, 5), rng.range(-5, 5), rng.range(-3, 3))
            let xfB = xf(rng.range(-50, 50), rng.range(-50, 50), rng.range(-3, 3))
            let m = pool.collide(sa, xfA, sb, xfB)
            let f = pool.collide(sb, xfB, sa, xfA)
            #expect(m.pointCount == 0 || f.pointCount > 0)
            guard m.pointCount > 0 && f.pointCount > 0 else { continue }
            // Polygon pairs may pick a different reference face when the two are within
            // 0.1 × slop; the least separation agrees either way.
            #expect(near(m.minSeparation, f.minSeparation, 0.06), "\(sa.kind) \(sb.kind)")
            if sa.kind != .polygon || sb.kind != .polygon {
                #expect(near(m.normal, -f.normal, 1e-6), "\(sa.kind) \(sb.kind)")
            }
            checked += 1
        }
        #expect(checked > 50)
    }

    /// Every pair's least separation equals the brute-force signed distance (sampled SAT),
    /// for random placements including deep overlap.
    @Test func separationMatchesBruteForce() {
        var pool = Pool()
        let box = pool.box(40, 30)
        let hexagon = pool.polygon((0..<6).map { k in
            let cs = DMath.cosSin(Real(k) * DMath.pi / 3)
            return Vec2(20 * cs.c, 20 * cs.s)
        })
        let ball = ShapeGeometry.circle(center: Vec2(2, 1), radius: 12)
        let egg = ShapeGeometry.ellipse(center: Vec2(1, -1), semiAxes: Vec2(25, 12))
        let tall = ShapeGeometry.ellipse(center: .zero, semiAxes: Vec2(8, 30))
        // Elongated ellipses have evolutes that reach outside them: several local maxima.
        let needle = ShapeGeometry.ellipse(center: Vec2(3, 0), semiAxes: Vec2(40, 3))
        let plank = pool.box(80, 4)
        let shapes = [box, hexagon, ball, egg, tall, needle, plank]
        var rng = TestRandom(seed: 23)
        var compared = 0
        for _ in 0..<200 {
            let sa = shapes[rng.below(shapes.count)]
            let sb = shapes[rng.below(shapes.count)]
            let xfA = xf(0, 0, rng.range(-3, 3))
            let xfB = xf(rng.range(-45, 45), rng.range(-45, 45), rng.range(-3, 3))
            let m = pool.collide(sa, xfA, sb, xfB)
            let (brute, bruteN) = pool.bruteSignedDistance(sa, xfA, sb, xfB)
            if m.pointCount == 0 {
                #expect(brute > CollisionConstants.speculativeDistance - 1e-3)
                continue
            }
            // Polygon–polygon reports the clipped face points; only compare when the SAT is the distance.
            let tolerance = 2e-3
            #expect(near(m.minSeparation, brute, tolerance), "\(sa.kind) vs \(sb.kind): \(m.minSeparation) vs \(brute)")
            if sa.kind != .polygon || sb.kind != .polygon {
                #expect(m.normal.dot(bruteN) > 0.99, "\(sa.kind) vs \(sb.kind)")
            }
            compared += 1
        }
        #expect(compared > 40)
    }
}

struct EllipseManifoldTests {
    /// An ellipse (a, b) rotated θ rests on a horizontal line with its centre
    /// √(a²sin²θ + b²cos²θ) above it.
    @Test func ellipseOnLineAtKnownHeights() {
        let pool = Pool()
        let line = Segment(Vec2(-500, 0), Vec2(500, 0))
        let egg = ShapeGeometry.ellipse(center: .zero, semiAxes: Vec2(60, 30))
        for theta in [0.0, 0.3, 1.0, DMath.pi / 2, 2.5, -0.7] {
            let cs = DMath.cosSin(theta)
            let h = (3600 * cs.s * cs.s + 900 * cs.c * cs.c).squareRoot()
            for gap in [0.0, 1.5, -4.0] {
                let m = pool.collide(line, .identity, egg, xf(7, -h - gap, theta))
                #expect(m.pointCount == 1, "θ = \(theta)")
                #expect(near(m[0].separation, gap, 1e-9), "θ = \(theta), gap \(gap): \(m[0].separation)")
                #expect(near(m.normal, Vec2(0, -1), 1e-9))
                #expect(near(m[0].point(.identity).y, -gap / 2, 1e-9))
            }
            #expect(pool.collide(line, .identity, egg, xf(7, -h - 2.1, theta)).pointCount == 0)
        }
    }

    @Test func ellipseOnBoxFace() {
        var pool = Pool()
        let ground = pool.box(400, 20)
        let egg = ShapeGeometry.ellipse(center: .zero, semiAxes: Vec2(60, 30))
        let theta = 0.4
        let cs = DMath.cosSin(theta)
        let h = (3600 * cs.s * cs.s + 900 * cs.c * cs.c).squareRoot()
        let m = pool.collide(ground, xf(0, 10), egg, xf(0, -h - 0.25, theta))
        #expect(m.pointCount == 1)
        #expect(near(m[0].separation, 0.25, 1e-9))
        #expect(m[0].id == makeFeatureId(0, 0))  // edge 0 of boxPolygon is the top face (normal −y)
        // Small motion keeps the feature.
        let m2 = pool.collide(ground, xf(0, 10), egg, xf(0.5, -h - 0.2, theta + 0.01))
        #expect(m2[0].id == m[0].id)
        // Ellipse over the box's corner (200, 0): the vertex is the closest feature.
        let c = pool.collide(ground, xf(0, 10), egg, xf(200 + 30, -20, 0))
        #expect(c.pointCount == 1)
        #expect(c[0].id & (vertexFeature << 16) != 0)
        let q = closestPointOnEllipse(a: 60, b: 30, Vec2(-30, 20))
        #expect(near(c[0].separation, -(q - Vec2(-30, 20)).length, 1e-9))
    }

    @Test func ellipsesAlongBothAxes() {
        let a = Ellipse(center: .zero, semiAxes: Vec2(60, 30))
        for gap in [0.0, 1.0, -5.0] {
            var m = collideEllipses(a, xf(0, 0), a, xf(120 + gap, 0))
            #expect(m.pointCount == 1)
            #expect(near(m[0].separation, gap, 1e-9))
            #expect(near(m.normal, Vec2(1, 0), 1e-9))
            #expect(near(m[0].point(xf(0, 0)), Vec2(60 + gap / 2, 0), 1e-9))
            m = collideEllipses(a, xf(0, 0), a, xf(0, 60 + gap))
            #expect(near(m[0].separation, gap, 1e-9))
            #expect(near(m.normal, Vec2(0, 1), 1e-9))
            // B turned a quarter: its short axis faces A.
            m = collideEllipses(a, xf(0, 0), a, xf(90 + gap, 0, DMath.pi / 2))
            #expect(near(m[0].separation, gap, 1e-9))
            #expect(near(m.normal, Vec2(1, 0), 1e-9))
        }
        #expect(collideEllipses(a, xf(0, 0), a, xf(122.1, 0)).pointCount == 0)
    }

    @Test func ellipseAndCircle() {
        let e = Ellipse(center: .zero, semiAxes: Vec2(60, 30))
        let c = Circle(center: .zero, radius: 10)
        for gap in [0.0, 1.0, -3.0] {
            var m = collideEllipseAndCircle(e, xf(0, 0), c, xf(70 + gap, 0))
            #expect(near(m[0].separation, gap, 1e-9))
            #expect(near(m.normal, Vec2(1, 0)))
            m = collideEllipseAndCircle(e, xf(0, 0), c, xf(0, -40 - gap))
            #expect(near(m[0].separation, gap, 1e-9))
            #expect(near(m.normal, Vec2(0, -1)))
        }
        // Deep: circle centre inside the ellipse, on the major axis.
        let m = collideEllipseAndCircle(e, xf(0, 0), c, xf(50, 0))
        #expect(near(m[0].separation, -20, 1e-9))
    }

    @Test func closestPointMatchesSampling() {
        var rng = TestRandom(seed: 8)
        for _ in 0..<300 {
            let a = rng.range(5, 80)
            let b = rng.range(5, 80)
            let p = Vec2(rng.range(-120, 120), rng.range(-120, 120))
            let q = closestPointOnEllipse(a: a, b: b, p)
            #expect(near((q.x / a) * (q.x / a) + (q.y / b) * (q.y / b), 1, 1e-12))
            var best = Real.infinity
            for k in 0..<20_000 {
                let cs = DMath.cosSin(2 * DMath.pi * Real(k) / 20_000)
                best = Swift.min(best, (Vec2(a * cs.c, b * cs.s) - p).length)
            }
            #expect((q - p).length <= best + 1e-9)
            #expect((q - p).length >= best - 0.05)
        }
        // On the major axis inside the evolute region, and at the centre.
        let q = closestPointOnEllipse(a: 60, b: 30, Vec2(10, 0))
        #expect(near(q.x, 3600 * 10 / 2700, 1e-12))
        #expect(near((closestPointOnEllipse(a: 60, b: 30, .zero) - Vec2(0, 30)).length, 0) ||
                near((closestPointOnEllipse(a: 60, b: 30, .zero)).length, 30))
    }
}
