// The one number formatter of the program: what `print` shows, what messages quote (the
// engine's error messages too: the language re-quotes their numbers with it, see
// DynLang/EngineMessages.swift), and what pictures label.
//
// It writes the same text as C's `%.6f` and `%.5e` would (then drops trailing zeros), but
// without `String(format:)`, which costs about 30,000 instructions a call (a loop naming
// items `"b{i}"` spent most of its time there). Both forms are the exactly rounded decimal
// value of the double, ties to even, as glibc and Apple's libc print it:
// - plain form (magnitudes from 0.001 to below 1e15): the integer part and six binary-exact
//   fraction digits come from 64-bit integer arithmetic (a whole number takes a shortcut);
// - exponent form: six significant digits, estimated in floating point and then settled by
//   exact comparisons with big integers (`ExactDecimal`), so a tie or a subnormal is right.
// Tests compare it with `String(format:)` on many values (NumberFormatTests).

/// Formats a number as the language prints it.
///
/// Ordinary values print in plain decimal, at most 6 digits after the point, trailing zeros
/// and a trailing point dropped, never `-0`: `42`, `-0.5`, `0.333333`, `1000000`. A value that
/// form would hide or blow up (a magnitude below 0.001 other than 0, or of 1e15 and above)
/// prints in exponent form with 6 significant digits: `4e-07`, `1.5e+20`, `-1e-09`. So a
/// non-zero value never prints as `0`.
public func formatNumber(_ d: Double) -> String {
    if d.isNaN { return "nan" }
    if d.isInfinite { return d > 0 ? "inf" : "-inf" }
    if d == 0 { return "0" }
    let magnitude = abs(d)
    if magnitude < 1e-3 || magnitude >= 1e15 { return ExactDecimal.exponentForm(d) }
    var out = ExactDecimal.Digits()
    if d < 0 { out.append(UInt8(ascii: "-")) }
    // magnitude = m · 2^-k exactly (k ≥ 0 for a fraction; a whole number below 1e15 < 2^53).
    if magnitude == magnitude.rounded(.towardZero) {
        out.appendDecimal(UInt64(magnitude))
        return out.string
    }
    let (m, e) = ExactDecimal.parts(magnitude)
    let k = -e  // 1...63: a fraction has e < 0, and magnitude ≥ 2^-10 with m < 2^53
    var whole = m >> UInt64(k)
    let fraction = m & ((1 << UInt64(k)) - 1)
    // fraction · 10^6 / 2^k, rounded to nearest, ties to even.
    let (hi, lo) = fraction.multipliedFullWidth(by: 1_000_000)
    var six = (hi << UInt64(64 - k)) | (lo >> UInt64(k))
    let rest = lo & ((1 << UInt64(k)) - 1)
    let half: UInt64 = 1 << UInt64(k - 1)
    if rest > half || (rest == half && six & 1 == 1) { six += 1 }
    if six == 1_000_000 { whole += 1; six = 0 }
    out.appendDecimal(whole)
    if six != 0 {
        out.append(UInt8(ascii: "."))
        var divisor: UInt64 = 100_000
        var left = six
        while left != 0 {
            out.append(UInt8(ascii: "0") + UInt8(left / divisor))
            left %= divisor
            divisor /= 10
        }
    }
    return out.string
}

/// Exact decimal digits of doubles (what `formatNumber` needs beyond 64-bit arithmetic).
enum ExactDecimal {
    /// Up to 32 ASCII bytes, kept inline (no allocation until the string is made).
    struct Digits {
        var bytes: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        var count = 0

        mutating func append(_ byte: UInt8) {
            withUnsafeMutableBytes(of: &bytes) { $0[count] = byte }
            count += 1
        }

        /// Appends `n` in decimal.
        mutating func appendDecimal(_ n: UInt64) {
            var reversed: (UInt64, UInt64, UInt64) = (0, 0, 0)
            var length = 0
            var left = n
            withUnsafeMutableBytes(of: &reversed) { buffer in
                repeat {
                    buffer[length] = UInt8(ascii: "0") + UInt8(left % 10)
                    left /= 10
                    length += 1
                } while left != 0
            }
            withUnsafeBytes(of: reversed) { buffer in
                for i in stride(from: length - 1, through: 0, by: -1) { append(buffer[i]) }
            }
        }

        var string: String {
            withUnsafeBytes(of: bytes) { String(decoding: $0.prefix(count), as: UTF8.self) }
        }
    }

    /// A finite positive double as m · 2^e exactly (m < 2^53).
    static func parts(_ a: Double) -> (m: UInt64, e: Int) {
        let exponentBits = Int(a.exponentBitPattern)
        if exponentBits == 0 { return (a.significandBitPattern, -1074) }
        return (a.significandBitPattern | (1 << 52), exponentBits - 1075)
    }

    /// `d` (finite, not 0) as C's `%.5e` writes it, the mantissa's trailing zeros and a
    /// trailing point dropped: `1.5e+20`, `-4e-07`, `4.94066e-324`.
    static func exponentForm(_ d: Double) -> String {
        let a = abs(d)
        let (m, e) = parts(a)
        // The decimal exponent E with 10^5 ≤ a·10^(5-E) < 10^6, and q = ⌊a·10^(5-E)⌋.
        // log10(2) times the binary exponent of the leading bit: off by one at most.
        let binaryExponent = e + 63 - m.leadingZeroBitCount
        var exponent = Int((Double(binaryExponent) * 0.301029995663981195).rounded(.down))
        var q: UInt64 = 0
        for _ in 0..<8 {
            q = estimate(a, scale: 5 - exponent)
            // Settle ⌊a·10^(5-E)⌋ exactly: q·10^(E-5) ≤ a < (q+1)·10^(E-5).
            while q > 0 && compare(m, e, with: q, times: exponent - 5) < 0 { q -= 1 }
            while compare(m, e, with: q + 1, times: exponent - 5) >= 0 { q += 1 }
            if q < 100_000 { exponent -= 1 } else if q >= 1_000_000 { exponent += 1 } else { break }
        }
        // Round: compare 2a with (2q+1)·10^(E-5), ties to even.
        let tie = compare(m, e + 1, with: 2 * q + 1, times: exponent - 5)
        if tie > 0 || (tie == 0 && q & 1 == 1) { q += 1 }
        if q == 1_000_000 { q = 100_000; exponent += 1 }
        var out = Digits()
        if d < 0 { out.append(UInt8(ascii: "-")) }
        var divisor: UInt64 = 100_000
        out.append(UInt8(ascii: "0") + UInt8(q / divisor))
        var left = q % divisor
        if left != 0 { out.append(UInt8(ascii: ".")) }
        while left != 0 {
            divisor /= 10
            out.append(UInt8(ascii: "0") + UInt8(left / divisor))
            left %= divisor
        }
        out.append(UInt8(ascii: "e"))
        out.append(UInt8(ascii: exponent < 0 ? "-" : "+"))
        if abs(exponent) < 10 { out.append(UInt8(ascii: "0")) }
        out.appendDecimal(UInt64(abs(exponent)))
        return out.string
    }

    /// a·10^scale in floating point (within a few units in the last place), as a whole number.
    static func estimate(_ a: Double, scale: Int) -> UInt64 {
        var x = a
        var s = scale
        // Keep every factor and product finite and normal: a subnormal needs 10^329 at most.
        while s > 300 { x *= 1e300; s -= 300 }
        while s < -300 { x *= 1e-300; s += 300 }
        x *= power10(s)
        if !(x >= 0) { return 0 }
        return x >= 1e7 ? 10_000_000 : UInt64(x)
    }

    static func power10(_ n: Int) -> Double {
        // Exact for 0 ≤ n ≤ 22; otherwise within a few units in the last place.
        if n < 0 { return 1 / power10(-n) }
        var result = 1.0
        var base = 10.0
        var k = n
        while k > 0 {
            if k & 1 == 1 { result *= base }
            base *= base
            k >>= 1
        }
        return result
    }

    /// The sign of m·2^e − c·10^t, exactly.
    static func compare(_ m: UInt64, _ e: Int, with c: UInt64, times t: Int) -> Int {
        var left = BigNatural(m)
        var right = BigNatural(c)
        if e > 0 { left.shiftLeft(e) } else { right.shiftLeft(-e) }
        if t > 0 { right.multiplyByPowerOf10(t) } else { left.multiplyByPowerOf10(-t) }
        return left.compare(right)
    }
}

/// A natural number in base 2^32, least significant limb first: just what exact comparisons
/// of doubles with decimals need (at most about 2,200 bits).
struct BigNatural {
    var limbs: [UInt32]

    init(_ n: UInt64) {
        limbs = [UInt32(truncatingIfNeeded: n), UInt32(truncatingIfNeeded: n >> 32)]
        trim()
    }

    mutating func trim() {
        while let last = limbs.last, last == 0 { limbs.removeLast() }
    }

    mutating func multiply(by factor: UInt32) {
        var carry: UInt64 = 0
        for i in limbs.indices {
            let product = UInt64(limbs[i]) * UInt64(factor) + carry
            limbs[i] = UInt32(truncatingIfNeeded: product)
            carry = product >> 32
        }
        if carry != 0 { limbs.append(UInt32(carry)) }
    }

    mutating func multiplyByPowerOf10(_ n: Int) {
        var k = n
        while k >= 9 { multiply(by: 1_000_000_000); k -= 9 }
        var rest: UInt32 = 1
        for _ in 0..<k { rest *= 10 }
        if rest != 1 { multiply(by: rest) }
    }

    mutating func shiftLeft(_ bits: Int) {
        if limbs.isEmpty { return }
        let whole = bits / 32
        let part = UInt32(bits % 32)
        if part != 0 {
            var carry: UInt32 = 0
            for i in limbs.indices {
                let limb = limbs[i]
                limbs[i] = (limb << part) | carry
                carry = limb >> (32 - part)
            }
            if carry != 0 { limbs.append(carry) }
        }
        if whole > 0 { limbs.insert(contentsOf: repeatElement(0, count: whole), at: 0) }
    }

    /// -1, 0 or 1 as self is below, equal to or above `other`.
    func compare(_ other: BigNatural) -> Int {
        if limbs.count != other.limbs.count { return limbs.count < other.limbs.count ? -1 : 1 }
        for i in stride(from: limbs.count - 1, through: 0, by: -1) where limbs[i] != other.limbs[i] {
            return limbs[i] < other.limbs[i] ? -1 : 1
        }
        return 0
    }
}
