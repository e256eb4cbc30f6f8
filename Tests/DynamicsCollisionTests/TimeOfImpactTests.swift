import DynTestSupport
import Testing
@testable import DynamicsCollision
import DynamicsMath

struct TimeOfImpactTests {
    func toi(_ pool: Pool, _ shape: ShapeGeometry, _ sweep: Sweep, _ target: ShapeGeometry, _ xfT: Transform) -> TimeOfImpact {
        pool.vertices.withUnsafeBufferPointer { v in
            pool.normals.withUnsafeBufferPointer { n in
                timeOfImpact(shape, sweep, against: target, xfT, vertices: v.baseAddress!, normals: n.baseAddress!)
            }
        }
    }

    func toi(_ pool: Pool, _ shape: ShapeGeometry, _ sweep: Sweep, _ target: Segment) -> TimeOfImpact {
        pool.vertices.withUnsafeBufferPointer { v in
            pool.normals.withUnsafeBufferPointer { n in
                timeOfImpact(shape, sweep, against: target, .identity, vertices: v.baseAddress!, normals: n.baseAddress!)
            }
        }
    }

    /// A 2000 pt/s ball against a 2 pt thick wall: the discrete step would jump it; the
    /// sweep stops it between the slop and 1.25 × slop from the wall.
    @Test func fastBallAgainstThinWall() {
        var pool = Pool()
        let wall = pool.box(2, 200)  // x from 20 to 22 when placed at x = 21
        let ball = ShapeGeometry.circle(center: .zero, radius: 10)
        let travel = 2000.0 / 60
        let sweep = Sweep(localCenter: .zero, c1: .zero, c2: Vec2(travel, 0), a1: 0, a2: 0)
        // At the end pose the ball is already past the wall: a discrete contact would push it
        // on along +x (the wrong side).
        let end = pool.collide(wall, xf(21, 0), ball, xf(travel, 0))
        #expect(end.pointCount == 0 || end.normal.x > 0)
        let r = toi(pool, ball, sweep, wall, xf(21, 0))
        #expect(r.state == .hit)
        let gap = 20 - (r.fraction * travel + 10)
        #expect(gap >= 0.5 - 1e-9 && gap <= 0.625 + 1e-9, "gap \(gap)")
        #expect(near(r.normal, Vec2(1, 0)))
    }

    @Test func noFalseHitForParallelMotion() {
        var pool = Pool()
        let wall = pool.box(2, 200)
        let ball = ShapeGeometry.circle(center: .zero, radius: 10)
        let sweep = Sweep(localCenter: .zero, c1: Vec2(5, -80), c2: Vec2(5, 80), a1: 0, a2: 0)
        let r = toi(pool, ball, sweep, wall, xf(21, 0))
        #expect(r.state == .separated)
        #expect(r.fraction == 1)
        // Along a segment, 1 pt away.
        let line = Segment(Vec2(-500, 0), Vec2(500, 0))
        let along = Sweep(localCenter: .zero, c1: Vec2(-300, -11), c2: Vec2(300, -11), a1: 0, a2: 0)
        #expect(toi(pool, ball, along, line).state == .separated)
    }

    @Test func alreadyOverlapping() {
        var pool = Pool()
        let wall = pool.box(2, 200)
        let ball = ShapeGeometry.circle(center: .zero, radius: 10)
        let sweep = Sweep(localCenter: .zero, c1: Vec2(15, 0), c2: Vec2(40, 0), a1: 0, a2: 0)
        #expect(toi(pool, ball, sweep, wall, xf(21, 0)).state == .overlapped)
    }

    /// Spinning, translating boxes and ellipses against a segment: the returned pose is never
    /// closer than the slop, hits stop within the tolerance, and a sweep reported separated
    /// never comes closer than the slop at any sampled time.
    @Test func conservativeForSpinningShapes() {
        var pool = Pool()
        let box = pool.box(40, 10)
        let tri = pool.polygon([Vec2(0, 0), Vec2(30, 0), Vec2(0, 30)].reversed())
        let egg = ShapeGeometry.ellipse(center: .zero, semiAxes: Vec2(30, 8))
        let ball = ShapeGeometry.circle(center: Vec2(3, 0), radius: 6)
        let line = Segment(Vec2(-500, 0), Vec2(500, 0))
        var rng = TestRandom(seed: 4)
        var hits = 0
        for _ in 0..<200 {
            let shape = [box, tri, egg, ball][rng.below(4)]
            let c1 = Vec2(rng.range(-50, 50), rng.range(-120, -40))
            let c2 = Vec2(rng.range(-50, 50), rng.range(-60, 40))
            let sweep = Sweep(localCenter: shape.kind == .polygon ? shape.center : .zero, c1: c1, c2: c2,
                              a1: rng.range(-3, 3), a2: rng.range(-3, 3))
            let r = toi(pool, shape, sweep, line)
            func distance(_ t: Real) -> Real {
                pool.vertices.withUnsafeBufferPointer { v in
                    pool.normals.withUnsafeBufferPointer { n in
                        withSegmentPolygon(line) {
                            movingDistance(shape, sweep.transform(at: t), $0, .identity,
                                           vertices: v.baseAddress!, normals: n.baseAddress!).0
                        }
                    }
                }
            }
            if r.state == .overlapped { continue }
            #expect(distance(r.fraction) >= 0.5 - 1e-6)
            if r.state == .hit {
                hits += 1
                #expect(distance(r.fraction) <= 0.625 + 1e-6)
            }
            // Nothing before the reported fraction comes within the slop.
            for k in 0...100 {
                let t = r.fraction * Real(k) / 100
                #expect(distance(t) >= 0.5 - 1e-6)
            }
        }
        #expect(hits > 20)
    }

    @Test func fastPolygonAgainstSegmentIsCaught() {
        var pool = Pool()
        let box = pool.box(20, 20)
        let line = Segment(Vec2(-500, 0), Vec2(500, 0))
        // From 100 pt above the line to 100 pt below it, spinning a quarter turn.
        let sweep = Sweep(localCenter: .zero, c1: Vec2(0, -100), c2: Vec2(0, 100), a1: 0, a2: DMath.pi / 2)
        let r = toi(pool, box, sweep, line)
        #expect(r.state == .hit)
        #expect(r.fraction > 0.3 && r.fraction < 0.5)
        #expect(near(r.normal.y, 1, 0.2))
    }
}
