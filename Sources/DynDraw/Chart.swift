// A chart of values: what `plot` draws, in the terminal (TerminalChart) or into a file
// (cairo). Time plots and phase plots (`plot A vs B`) are both series of (x, y) points joined
// by lines; the axes carry "nice" tick values (1, 2 or 5 × 10ⁿ apart).

import DynamicsMath

public struct Chart: Equatable, Sendable {
    public struct Series: Equatable, Sendable {
        /// The legend's text: the expression as written.
        public var name: String
        /// Points in order, joined by lines. Non-finite points break the line.
        public var points: [Vec2]
        public init(name: String, points: [Vec2]) {
            self.name = name
            self.points = points
        }
    }

    public var series: [Series]
    /// Under the x axis, e.g. "t (s)" or the expression of a phase plot's x.
    public var xLabel: String
    /// Beside the y axis; nil when the legend says it.
    public var yLabel: String?

    public init(series: [Series], xLabel: String, yLabel: String? = nil) {
        self.series = series
        self.xLabel = xLabel
        self.yLabel = yLabel
    }

    /// The range of x and of y over every finite point: (xmin, xmax, ymin, ymax). A range of
    /// zero width is widened by 1 on each side (or 1 % of the value), so that a constant still
    /// plots. nil when there is no finite point.
    public var dataRange: (x0: Real, x1: Real, y0: Real, y1: Real)? {
        var x0 = Real.infinity, x1 = -Real.infinity, y0 = Real.infinity, y1 = -Real.infinity
        for s in series {
            for p in s.points where p.isFinite {
                x0 = Swift.min(x0, p.x); x1 = Swift.max(x1, p.x)
                y0 = Swift.min(y0, p.y); y1 = Swift.max(y1, p.y)
            }
        }
        guard x0 <= x1 else { return nil }
        func widen(_ a: Real, _ b: Real) -> (Real, Real) {
            if b > a { return (a, b) }
            let d = a == 0 ? 1 : Swift.abs(a) * 0.01
            return (a - d, b + d)
        }
        let (xa, xb) = widen(x0, x1), (ya, yb) = widen(y0, y1)
        return (xa, xb, ya, yb)
    }

    /// Tick values for an axis from `lo` to `hi`: about `count` ticks, 1, 2 or 5 × 10ⁿ apart,
    /// covering the range (the first tick ≤ lo, the last ≥ hi). Returns the ticks and the step.
    public static func niceTicks(_ lo: Real, _ hi: Real, count: Int = 5) -> (ticks: [Real], step: Real) {
        guard lo.isFinite, hi.isFinite, hi > lo, count >= 1 else { return ([lo], 1) }
        let raw = (hi - lo) / Real(count)
        let mag = pow10(floorLog10(raw))
        let f = raw / mag
        let nice: Real = f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10
        let step = nice * mag
        let first = (lo / step).rounded(.down)
        let last = (hi / step).rounded(.up)
        var ticks: [Real] = []
        var k = first
        while k <= last && ticks.count < 1000 {
            // Multiply rather than accumulate, so that ticks are as exact as the step allows.
            let v = k * step
            ticks.append(v == 0 ? 0 : v)
            k += 1
        }
        return (ticks, step)
    }

    private static func floorLog10(_ x: Real) -> Int {
        var e = 0
        var v = x
        while v >= 10 { v /= 10; e += 1 }
        while v < 1 { v *= 10; e -= 1 }
        return e
    }

    private static func pow10(_ e: Int) -> Real {
        var r: Real = 1
        if e >= 0 { for _ in 0..<e { r *= 10 } } else { for _ in 0..<(-e) { r /= 10 } }
        return r
    }
}
