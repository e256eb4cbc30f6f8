import DynTestSupport
import Foundation
import Testing
@testable import DynamicsMath

/// The engine's own trigonometry against the C library (an independent implementation):
/// both must agree to a few ulps over the ranges a world uses.
struct DMathTests {
    @Test func sinCosMatchLibm() {
        var rng = TestRandom(seed: 42)
        var worst = 0.0
        for _ in 0..<200_000 {
            let x = (rng.unit() * 2 - 1) * 200
            let cs = DMath.cosSin(x)
            worst = Swift.max(worst, abs(cs.s - Foundation.sin(x)), abs(cs.c - Foundation.cos(x)))
        }
        #expect(worst < 4e-16)
    }

    /// The small-angle form against the C library over its whole range: within an ulp or so
    /// (sin is relative to its size near 0), and exact at 0.
    @Test func smallAngleSinCosMatchLibm() {
        var rng = TestRandom(seed: 7)
        var worstC = 0.0
        var worstS = 0.0
        for _ in 0..<200_000 {
            let x = (rng.unit() * 2 - 1) * DMath.smallAngle
            let cs = DMath.cosSinSmall(x)
            worstC = Swift.max(worstC, abs(cs.c - Foundation.cos(x)))
            worstS = Swift.max(worstS, abs(cs.s - Foundation.sin(x)) / Swift.max(abs(x), 1e-300))
        }
        #expect(worstC < 3e-16)
        #expect(worstS < 3e-16)
        #expect(DMath.cosSinSmall(0) == (c: 1, s: 0))
    }

    /// The reduction's rounding (`DMath.roundedToEven`, no call to the C library) is the
    /// standard library's to the bit over the range `cosSin` reduces (|y| up to 2/π · 10^6),
    /// the halves (ties to even) and the neighbours of integers among them.
    @Test func roundedToEvenIsTheStandardRounding() {
        var rng = TestRandom(seed: 12)
        var mismatches = 0
        func check(_ y: Double) {
            let a = DMath.roundedToEven(y)
            let b = y.rounded(.toNearestOrEven)
            if a != b { mismatches += 1 }
        }
        for _ in 0..<200_000 {
            check((rng.unit() * 2 - 1) * 700_000)
            check((rng.unit() * 2 - 1) * 8)
        }
        for k in -2_000...2_000 {
            let y = Double(k) + 0.5
            check(y)
            check(y.nextUp)
            check(y.nextDown)
            check(Double(k).nextUp)
            check(Double(k).nextDown)
        }
        for y in [636_619.5, -636_619.5, 636_620.5, 0.5000000000000001, -0.5000000000000001, 1.5, -1.5, 2.5, -2.5] { check(y) }
        #expect(mismatches == 0)
    }

    @Test func specialAngles() {
        #expect(DMath.sin(0) == 0)
        #expect(DMath.cos(0) == 1)
        #expect(abs(DMath.sin(DMath.pi / 2) - 1) < 1e-16)
        #expect(abs(DMath.cos(DMath.pi)) - 1 < 1e-16)
        #expect(abs(DMath.sin(-DMath.pi / 6) + 0.5) < 1e-15)
    }

    @Test func atan2MatchesLibm() {
        var rng = TestRandom(seed: 7)
        var worst = 0.0
        for _ in 0..<200_000 {
            let y = (rng.unit() * 2 - 1) * 1000
            let x = (rng.unit() * 2 - 1) * 1000
            worst = Swift.max(worst, abs(DMath.atan2(y, x) - Foundation.atan2(y, x)))
        }
        #expect(worst < 1e-15)
        #expect(DMath.atan2(0, -1) == DMath.pi)
        #expect(DMath.atan2(1, 0) == DMath.pi / 2)
        #expect(DMath.atan2(-1, 0) == -DMath.pi / 2)
        #expect(abs(DMath.atan(1) - Foundation.atan(1.0)) < 1e-16)
    }

    @Test func inverseFunctions() {
        for x in stride(from: -1.0, through: 1.0, by: 0.01) {
            #expect(abs(DMath.asin(x) - Foundation.asin(x)) < 1e-14)
            #expect(abs(DMath.acos(x) - Foundation.acos(x)) < 1e-14)
        }
        #expect(DMath.asin(1.5).isNaN)
    }

    @Test func rotationRoundTrip() {
        for a in stride(from: -3.1, through: 3.1, by: 0.05) {
            let q = Rot(angle: a)
            #expect(abs(q.angle - a) < 1e-14)
            let v = Vec2(3, -4)
            let w = q.applyInverse(q.apply(v))
            #expect(abs(w.x - v.x) < 1e-13 && abs(w.y - v.y) < 1e-13)
        }
        // +90° turns +x into +y (down on screen: clockwise).
        let d = Rot(angle: DMath.pi / 2).apply(Vec2(1, 0))
        #expect(abs(d.x) < 1e-15 && abs(d.y - 1) < 1e-15)
    }
}
