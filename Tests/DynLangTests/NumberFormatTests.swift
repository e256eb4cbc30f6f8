// formatNumber against the C library's printf (through String(format:)), which it replaces:
// the same text for every kind of value.

import DynSystem
import Foundation
import Testing

/// What formatNumber wrote when it called String(format:): the reference.
private func referenceFormat(_ d: Double) -> String {
    if d.isNaN { return "nan" }
    if d.isInfinite { return d > 0 ? "inf" : "-inf" }
    if d == 0 { return "0" }
    let magnitude = abs(d)
    if magnitude < 1e-3 || magnitude >= 1e15 {
        let e = String(format: "%.5e", d)
        let split = e.firstIndex(of: "e")!
        var mantissa = String(e[..<split])
        if mantissa.contains(".") {
            while mantissa.hasSuffix("0") { mantissa.removeLast() }
            if mantissa.hasSuffix(".") { mantissa.removeLast() }
        }
        return mantissa + e[split...]
    }
    var s = String(format: "%.6f", d)
    if s.contains(".") {
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
    }
    if s == "-0" { s = "0" }
    return s
}

/// A fixed-seed generator (SplitMix64), so that a failure repeats.
private struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}

@Suite("Number formatting")
struct NumberFormatTests {
    func expectSame(_ values: [Double], sourceLocation: SourceLocation = #_sourceLocation) {
        var mismatches: [String] = []
        for d in values where formatNumber(d) != referenceFormat(d) {
            mismatches.append("\(d.bitPattern): \(formatNumber(d)) vs \(referenceFormat(d))")
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))", sourceLocation: sourceLocation)
    }

    @Test("The documented examples")
    func examples() {
        #expect(formatNumber(42) == "42")
        #expect(formatNumber(-0.5) == "-0.5")
        #expect(formatNumber(1.0 / 3) == "0.333333")
        #expect(formatNumber(1_000_000) == "1000000")
        #expect(formatNumber(4e-7) == "4e-07")
        #expect(formatNumber(1.5e20) == "1.5e+20")
        #expect(formatNumber(-1e-9) == "-1e-09")
        #expect(formatNumber(-0.0) == "0")
        #expect(formatNumber(.nan) == "nan")
        #expect(formatNumber(-.infinity) == "-inf")
        #expect(formatNumber(.leastNonzeroMagnitude) == "4.94066e-324")
        #expect(formatNumber(.greatestFiniteMagnitude) == "1.79769e+308")
    }

    @Test("Whole numbers, halves and quarters, and the values next to them")
    func wholeAndHalves() {
        var values: [Double] = []
        for i in -3000...3000 {
            let d = Double(i)
            values += [d, d / 2, d / 4, d / 8, d / 64, d / 1024, d * 1e6 + 0.5]
        }
        for p in 0...52 {
            let d = Double(1 << UInt64(p))
            values += [d, d.nextUp, d.nextDown, -d, d + 0.5]
        }
        expectSame(values)
    }

    @Test("Ties at the sixth decimal and their neighbours")
    func ties() {
        var values: [Double] = []
        for i in 0..<4000 {
            // x.yyyyyy5 decimals are never exact in binary, except those with few bits.
            let d = (Double(i) + 0.5) / 1_000_000
            values += [d + 1, d + 1024, (d + 3).nextUp, (d + 3).nextDown, -(d + 7)]
            let binary = Double(i) / 128 + 1.0 / 2_097_152  // 2^-21 steps
            values += [binary, binary + 1_000, -binary]
        }
        // Exact binary ties at the 6th digit: k/2^n with n ≥ 7 and an exact 7-digit decimal.
        for n in 7...20 { for k in 1..<300 { values.append(Double(k) / Double(1 << UInt64(n))) } }
        expectSame(values)
    }

    @Test("Exponent boundaries: around 0.001 and 1e15, and every power of ten")
    func boundaries() {
        var values: [Double] = []
        for base in [1e-3, 1e15, 9.999995e-4, 9.999995e14, 9.9999950000000001e14, 0.0009999995] {
            var d = base
            for _ in 0..<50 { values += [d, -d]; d = d.nextUp }
            d = base
            for _ in 0..<50 { values += [d, -d]; d = d.nextDown }
        }
        for p in -323...308 {
            let d = Double("1e\(p)")!
            values += [d, d.nextUp, d.nextDown, d * 9.999995, d * 1.000005, d * 5.5, d * 2.5]
        }
        expectSame(values)
    }

    @Test("Random doubles of every magnitude, random decimals, and subnormals")
    func random() {
        var rng = SplitMix(state: 0x5EED)
        var values: [Double] = []
        for _ in 0..<30_000 {
            // Any bit pattern of a finite double.
            let any = Double(bitPattern: rng.next())
            if any.isFinite { values.append(any) }
            // Ordinary sizes: positions, speeds, angles.
            values.append((rng.unit() - 0.5) * 2_000)
            values.append((rng.unit() - 0.5) * pow(10, Double(Int(rng.next() % 40)) - 20))
            // Short decimals as scripts write them.
            values.append(Double(Int(rng.next() % 2_000_000) - 1_000_000) / 1_000)
            // Subnormals.
            values.append(Double(bitPattern: rng.next() % (1 << 52)))
        }
        expectSame(values)
    }

    @Test("Much cheaper than String(format:)", .timeLimit(.minutes(2)))
    func cost() {
        // Not a timing assert (the machine is shared): the new formatter must simply not be
        // slower than the reference on the same values, by a wide margin in either direction.
        let values = (0..<20_000).map { Double($0) * 1.37 - 3_000 }
        let clock = ContinuousClock()
        var sink = 0
        let fast = clock.measure { for d in values { sink &+= formatNumber(d).utf8.count } }
        let slow = clock.measure { for d in values { sink &+= referenceFormat(d).utf8.count } }
        #expect(sink > 0)
        #expect(fast < slow)
    }
}
