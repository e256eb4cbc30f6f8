// Deterministic elementary functions.
//
// The C library's sin, cos and atan2 differ between glibc, musl and Darwin in the last bit,
// and a rigid-body simulation amplifies last-bit differences into different trajectories.
// The engine therefore evaluates them itself, with plain IEEE operations only (no fused
// multiply-add: Swift never contracts `a * b + c`), so that a script prints the same bytes
// on every platform. Accuracy is about 1 ulp on the ranges a physics world uses.
//
// Method: Cody–Waite reduction by π/2 into [-π/4, π/4], then the classic minimax
// polynomials for sin and cos on that interval; atan by reduction to [0, 7/16] with the
// reference points atan(1/2), atan(1), atan(3/2), then an odd minimax polynomial.

public enum DMath {
    // π/2 split into pieces whose products with a moderate integer are exact.
    @usableFromInline static let pio2Hi: Real = 1.57079632673412561417e+00
    @usableFromInline static let pio2Mid: Real = 6.07710050630396597660e-11
    @usableFromInline static let pio2Lo: Real = 2.02226624879595063154e-21
    @usableFromInline static let twoOverPi: Real = 6.36619772367581382433e-01

    /// Sine on [-π/4, π/4].
    @inlinable
    static func kernelSin(_ x: Real) -> Real {
        let z = x * x
        let p = 1.58969099521155010221e-10
        let r = ((((p * z - 2.50507602534068634195e-08) * z + 2.75573137070700676789e-06) * z
            - 1.98412698298579493134e-04) * z + 8.33333333332248946124e-03) * z
            - 1.66666666666666324348e-01
        return x + x * z * r
    }

    /// Cosine on [-π/4, π/4].
    @inlinable
    static func kernelCos(_ x: Real) -> Real {
        let z = x * x
        let p = -1.13596475577881948265e-11
        let r = (((((p * z + 2.08757232129817482790e-09) * z - 2.75573143513906633035e-07) * z
            + 2.48015872894767294178e-05) * z - 1.38888888888741095749e-03) * z
            + 4.16666666666666019037e-02)
        let hz = 0.5 * z
        let w = 1.0 - hz
        return w + (((1.0 - w) - hz) + z * z * r)
    }

    /// Cosine and sine of `x` radians, computed together.
    @inlinable
    public static func cosSin(_ x: Real) -> (c: Real, s: Real) {
        if abs(x) <= 0.785398163397448 {
            return (kernelCos(x), kernelSin(x))
        }
        guard x.isFinite else { return (.nan, .nan) }
        let n = (x * twoOverPi).rounded(.toNearestOrEven)
        let r = ((x - n * pio2Hi) - n * pio2Mid) - n * pio2Lo
        let c = kernelCos(r)
        let s = kernelSin(r)
        // Quadrant of n modulo 4 (n is a whole number; below 2^52 it converts exactly, and
        // two's complement & 3 is the remainder modulo 4 for negative n too).
        let q = abs(n) < 4_503_599_627_370_496 ? Int(n) & 3 : Int(n.truncatingRemainder(dividingBy: 4))
        switch (q + 4) & 3 {
        case 0: return (c, s)
        case 1: return (-s, c)
        case 2: return (-c, -s)
        default: return (s, -c)
        }
    }

    /// The largest angle `cosSinSmall` takes, rad.
    public static let smallAngle: Real = 1.0 / 16

    /// Cosine and sine of a small angle, |x| ≤ `smallAngle`: Taylor polynomials to x⁸ and x⁹,
    /// whose first dropped terms (x¹⁰/10!, x¹¹/11!) are below 3e-19 and 2e-21 there, under an
    /// ulp of the results. Half the work of `cosSin`, for the many small turns of a sub-step.
    @inlinable
    public static func cosSinSmall(_ x: Real) -> (c: Real, s: Real) {
        let z = x * x
        let c = 1.0 + z * (-0.5 + z * (1.0 / 24 + z * (-1.0 / 720 + z * (1.0 / 40320))))
        let s = x + x * z * (-1.0 / 6 + z * (1.0 / 120 + z * (-1.0 / 5040 + z * (1.0 / 362_880))))
        return (c, s)
    }

    @inlinable
    public static func sin(_ x: Real) -> Real { cosSin(x).s }

    @inlinable
    public static func cos(_ x: Real) -> Real { cosSin(x).c }

    @inlinable
    public static func tan(_ x: Real) -> Real {
        let cs = cosSin(x)
        return cs.s / cs.c
    }

    /// Arc tangent, in (-π/2, π/2).
    @inlinable
    public static func atan(_ x: Real) -> Real {
        if x.isNaN { return x }
        let sign: Real = x < 0 ? -1 : 1
        var a = abs(x)
        if a > 1e17 { return sign * 1.57079632679489655800e+00 }
        var hi: Real = 0
        var lo: Real = 0
        var reduced = true
        if a < 0.4375 {
            reduced = false
        } else if a < 0.6875 {
            hi = 4.63647609000806093515e-01; lo = 2.26987774529616870924e-17
            a = (2 * a - 1) / (2 + a)
        } else if a < 1.1875 {
            hi = 7.85398163397448278999e-01; lo = 3.06161699786838301793e-17
            a = (a - 1) / (a + 1)
        } else if a < 2.4375 {
            hi = 9.82793723247329054082e-01; lo = 1.39033110312309984516e-17
            a = (a - 1.5) / (1 + 1.5 * a)
        } else {
            hi = 1.57079632679489655800e+00; lo = 6.12323399573676603587e-17
            a = -1 / a
        }
        let z = a * a
        let w = z * z
        // Odd and even parts of the polynomial, evaluated apart for accuracy.
        let s1 = z * (3.33333333333329318027e-01 + w * (1.42857142725034663711e-01 + w * (9.09088713343650656196e-02
            + w * (6.66107313738753120669e-02 + w * (4.97687799461593236017e-02 + w * 1.62858201153657823623e-02)))))
        let s2 = w * (-1.99999999998764832476e-01 + w * (-1.11111104054623557880e-01 + w * (-7.69187620504482999495e-02
            + w * (-5.83357013379057348645e-02 + w * -3.65315727442169155270e-02))))
        if !reduced {
            return sign * (a - a * (s1 + s2))
        }
        let r = hi - ((a * (s1 + s2) - lo) - a)
        return sign * r
    }

    /// The angle of the vector (x, y), in (-π, π].
    @inlinable
    public static func atan2(_ y: Real, _ x: Real) -> Real {
        if x.isNaN || y.isNaN { return .nan }
        let pi = 3.14159265358979311600e+00
        if x == 0 {
            if y == 0 { return 0 }
            return y > 0 ? pi / 2 : -pi / 2
        }
        if y == 0 {
            return x > 0 ? 0 : pi
        }
        if abs(y) <= abs(x) {
            let t = atan(y / x)
            if x > 0 { return t }
            return y >= 0 ? t + pi : t - pi
        } else {
            let t = atan(x / y)
            return y > 0 ? pi / 2 - t : -pi / 2 - t
        }
    }

    @inlinable
    public static func asin(_ x: Real) -> Real {
        if abs(x) > 1 { return .nan }
        return atan2(x, ((1 - x) * (1 + x)).squareRoot())
    }

    @inlinable
    public static func acos(_ x: Real) -> Real {
        if abs(x) > 1 { return .nan }
        return atan2(((1 - x) * (1 + x)).squareRoot(), x)
    }

    /// π.
    public static let pi: Real = 3.14159265358979311600e+00
}
