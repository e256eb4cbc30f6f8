/// The one random generator of the tests: a 64-bit linear congruential generator (Knuth's
/// MMIX constants), so that a test's inputs are the same on every run and every machine.
public struct TestRandom: Sendable {
    public var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// 53 random bits (the state's high bits: an LCG's low bits are poor).
    public mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 11
    }

    /// A number in [0, 1).
    public mutating func unit() -> Double { Double(next()) / 9_007_199_254_740_992 }

    /// A number in [lo, hi).
    public mutating func range(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * unit() }

    /// A whole number in 0..<n (n > 0).
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }

    /// One of `xs` (not empty).
    public mutating func pick<T>(_ xs: [T]) -> T { xs[below(xs.count)] }
}
