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

    /// `y` rounded to the nearest integer, ties to even, for |y| < 2^51 (as
    /// `y.rounded(.toNearestOrEven)`, which on baseline x86-64, without SSE4.1's `roundsd`,
    /// is a call to the C library's `rint`). Added to 1.5 · 2^52, `y` lands where the doubles are
    /// the integers (2^52 ≤ sum < 2^53), so the sum is rounded to the nearest one, ties to the
    /// even one (1.5 · 2^52 is even, so the sum's parity is the rounded `y`'s), and taking
    /// 1.5 · 2^52 off again is exact. (A zero comes out +0 where `rint` gives −0 for a negative
    /// `y` above −0.5: `cosSin`, the one caller, only reduces |y| > 0.5, and multiplies the
    /// result, where ±0 give the same.)
    @inlinable @inline(__always)
    static func roundedToEven(_ y: Real) -> Real {
        let shifter: Real = 6_755_399_441_055_744  // 1.5 · 2^52
        return (y + shifter) - shifter
    }

    /// Cosine and sine of `x` radians, computed together.
    @inlinable
    public static func cosSin(_ x: Real) -> (c: Real, s: Real) {
        if abs(x) <= 0.785398163397448 {
            return (kernelCos(x), kernelSin(x))
        }
        guard x.isFinite else { return (.nan, .nan) }
        let q: Int
        let r: Real
        if abs(x) < 1_000_000 {
            // Cody–Waite: n·pio2Hi is exact while n < 2^20.
            let n = roundedToEven(x * twoOverPi)
            r = ((x - n * pio2Hi) - n * pio2Mid) - n * pio2Lo
            q = Int(n) & 3  // two's complement & 3 is the remainder modulo 4 for negative n too
        } else {
            (q, r) = reduceLarge(x)
        }
        let c = kernelCos(r)
        let s = kernelSin(r)
        switch q & 3 {
        case 0: return (c, s)
        case 1: return (-s, c)
        case 2: return (-c, -s)
        default: return (s, -c)
        }
    }

    /// Payne–Hanek reduction of a large finite `x` (|x| ≥ 2^19): the quadrant n modulo 4 and
    /// r = x − n·π/2 in [−π/4, π/4], to about 2^-100 absolute before rounding r to a double.
    ///
    /// x = m·2^e with m a 53-bit integer. x·(2/π) modulo 4 only needs the bits of 2/π from
    /// 2^-(e-1) on (the earlier ones make multiples of 4), so m times a 192-bit window of them
    /// at the right place is the whole answer: its integer part's low 2 bits are the quadrant
    /// and its fraction, times π/2, the remainder.
    @usableFromInline
    static func reduceLarge(_ x: Real) -> (q: Int, r: Real) {
        let bits = abs(x).bitPattern
        let e = Int((bits >> 52) & 0x7FF) - 1075
        let m = (bits & 0x000F_FFFF_FFFF_FFFF) | 0x0010_0000_0000_0000
        // The window: bits s+1 ... s+192 of 2/π (bit 1 is the first after the point).
        let s = Swift.max(e - 2, 0)
        var w = [UInt64](repeating: 0, count: 3)
        for k in 0..<3 { w[k] = twoOverPiBits(from: s + 64 * k) }
        // P = m · window, 256 bits, most significant word first.
        var p = [UInt64](repeating: 0, count: 4)
        var carry: UInt64 = 0
        for k in stride(from: 2, through: 0, by: -1) {
            let (hi, lo) = m.multipliedFullWidth(by: w[k])
            let (sum, overflow) = lo.addingReportingOverflow(carry)
            p[k + 1] = sum
            carry = hi &+ (overflow ? 1 : 0)
        }
        p[0] = carry
        // x·2/π ≡ P / 2^f (mod 4), with f fraction bits.
        let f = 192 + s - e
        // Shift P left by 256 − f so that the fraction fills the words from the top, and read
        // the two bits above it as the quadrant.
        let shift = 256 - f
        var q = Int(shiftedWord(p, shift - 64) & 3)
        var f0 = shiftedWord(p, shift)
        var f1 = shiftedWord(p, shift + 64)
        var negative = false
        if f0 >> 63 != 0 {
            // Fraction ≥ 1/2: round n up and take the fraction − 1 (negative): negate it.
            q += 1
            negative = true
            f1 = ~f1 &+ 1
            f0 = ~f0 &+ (f1 == 0 ? 1 : 0)
        }
        let scale53: Real = 1.0 / 9_007_199_254_740_992  // 2^-53
        let hiPart = Real(f0 >> 11) * scale53
        let loPart = Real(((f0 & 0x7FF) << 42) | (f1 >> 22)) * scale53 * scale53
        let pio2: Real = 1.5707963267948966
        let pio2Tail: Real = 6.123233995736766e-17
        var r = hiPart * pio2 + (hiPart * pio2Tail + loPart * pio2)
        if negative { r = -r }
        if x < 0 {
            r = -r
            q = -q
        }
        return (q & 3, r)
    }

    /// 64 bits of P shifted left by `shift` bits (bits beyond P's 256 are 0), the word that
    /// lands at the top.
    @usableFromInline
    static func shiftedWord(_ p: [UInt64], _ shift: Int) -> UInt64 {
        func bit(_ i: Int) -> UInt64 {  // bit i of P counting from the top (0 = most significant)
            guard i >= 0 && i < 256 else { return 0 }
            return (p[i >> 6] >> UInt64(63 - (i & 63))) & 1
        }
        var out: UInt64 = 0
        for k in 0..<64 { out = (out << 1) | bit(shift + k) }
        return out
    }

    /// Bits `from`+1 ... `from`+64 of 2/π after the binary point, as a word.
    @usableFromInline
    static func twoOverPiBits(from: Int) -> UInt64 {
        let word = from >> 6
        let offset = UInt64(from & 63)
        let a = word < twoOverPiWords.count ? twoOverPiWords[word] : 0
        if offset == 0 { return a }
        let b = word + 1 < twoOverPiWords.count ? twoOverPiWords[word + 1] : 0
        return (a << offset) | (b >> (64 - offset))
    }

    /// The first 1408 bits of 2/π after the binary point (2/π = 0.A2F9836E...), enough for
    /// any double's reduction.
    @usableFromInline
    static let twoOverPiWords: [UInt64] = [
        0xA2F9836E4E441529,
        0xFC2757D1F534DDC0,
        0xDB6295993C439041,
        0xFE5163ABDEBBC561,
        0xB7246E3A424DD2E0,
        0x06492EEA09D1921C,
        0xFE1DEB1CB129A73E,
        0xE88235F52EBB4484,
        0xE99C7026B45F7E41,
        0x3991D639835339F4,
        0x9C845F8BBDF9283B,
        0x1FF897FFDE05980F,
        0xEF2F118B5A0A6D1F,
        0x6D367ECF27CB09B7,
        0x4F463F669E5FEA2D,
        0x7527BAC7EBE5F17B,
        0x3D0739F78A5292EA,
        0x6BFB5FB11F8D5D08,
        0x56033046FC7B6BAB,
        0xF0CFBC209AF4361D,
        0xA9E391615EE61B08,
        0x6599855F14A06840


    ]

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
