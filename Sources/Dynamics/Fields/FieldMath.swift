// Powers for field falloff: `base^exponent` with plain IEEE operations, so that a field's
// force has the same bits on every platform (the C library's pow, exp and log differ between
// glibc, musl and Darwin in the last bit; see DMath.swift for the same reasoning).
//
// Integer exponents (every default falloff: 2, 1, 0, −1) are exact repeated squaring. Other
// exponents go through exp(e·ln b): ln by reduction to a mantissa m in [√½, √2) and the
// series 2·atanh(s), s = (m − 1)/(m + 1); exp by reduction x = k·ln 2 + r, |r| ≤ ln 2 / 2,
// and its Taylor series. Both are accurate to a few ulp, far below what a falloff needs.

import DynamicsMath

enum FieldMath {
    /// ln 2 split so that k·ln2Hi is exact for |k| < 2¹¹.
    static let ln2Hi: Real = 6.93147180369123816490e-01
    static let ln2Lo: Real = 1.90821492927058770002e-10

    /// `base^exponent` for base ≥ 0; 0 for a zero base with a positive exponent, +∞ for a
    /// zero base with a negative one, 1 for a zero exponent.
    static func power(_ base: Real, _ exponent: Real) -> Real {
        if exponent == 0 { return 1 }
        if base == 0 { return exponent > 0 ? 0 : .infinity }
        if exponent == exponent.rounded(.towardZero) && abs(exponent) <= 64 {
            var n = Int(abs(exponent))
            var result: Real = 1
            var b = base
            while n > 0 {
                if n & 1 == 1 { result *= b }
                b *= b
                n >>= 1
            }
            return exponent < 0 ? 1 / result : result
        }
        return exp(exponent * log(base))
    }

    /// Natural logarithm of a finite x > 0.
    static func log(_ x: Real) -> Real {
        // x = m · 2^k with m in [√½, √2).
        var k = Real(x.exponent)
        var m = x.significand  // in [1, 2)
        if m > 1.4142135623730951 {
            m *= 0.5
            k += 1
        }
        let s = (m - 1) / (m + 1)
        let z = s * s
        // 2·atanh(s) = 2(s + s³/3 + s⁵/5 + …); |s| < 0.1716, so 12 terms reach 1e-19.
        var term = s
        var sum: Real = 0
        var n: Real = 1
        for _ in 0..<12 {
            sum += term / n
            term *= z
            n += 2
        }
        return (k * ln2Hi + 2 * sum) + k * ln2Lo
    }

    /// e^x; 0 below −745, +∞ above 709.8.
    static func exp(_ x: Real) -> Real {
        if x.isNaN { return x }
        if x > 709.78 { return .infinity }
        if x < -745.2 { return 0 }
        let k = (x / 6.93147180559945286227e-01).rounded()
        let r = (x - k * ln2Hi) - k * ln2Lo
        // Taylor to r¹⁸/18!: |r| ≤ 0.35, the next term is below 1e-26.
        var sum: Real = 1
        var term: Real = 1
        for n in 1...18 {
            term *= r / Real(n)
            sum += term
        }
        // Scale by 2^k in two halves so that neither factor overflows or underflows early.
        let k1 = Int(k) / 2
        let k2 = Int(k) - k1
        return sum * Real(sign: .plus, exponent: k1, significand: 1) * Real(sign: .plus, exponent: k2, significand: 1)
    }
}
