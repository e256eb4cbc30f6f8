// Keeping cairo's coordinates small. cairo turns path coordinates into 24.8 fixed point, which
// wraps past about 8 million units: a line to x = 3e7 comes back in from the left. Pictures
// clip everything they draw to a box far larger than any picture (`ClipBox.safe`), which
// leaves what is visible untouched.

import DynamicsMath

/// An axis-aligned box to clip paths to, picture units.
struct ClipBox {
    var lo: Vec2
    var hi: Vec2

    /// ±1,000,000 units around the picture: far outside it, far inside cairo's range.
    static let safe = ClipBox(lo: Vec2(-1e6, -1e6), hi: Vec2(1e6, 1e6))

    func contains(_ p: Vec2) -> Bool {
        p.x >= lo.x && p.x <= hi.x && p.y >= lo.y && p.y <= hi.y
    }

    /// The part of segment a–b inside the box (Liang–Barsky), nil when none is.
    func clip(_ a: Vec2, _ b: Vec2) -> (Vec2, Vec2)? {
        guard a.isFinite, b.isFinite else { return nil }
        if contains(a) && contains(b) { return (a, b) }
        let d = b - a
        var t0: Real = 0, t1: Real = 1
        // Each edge: p·t ≤ q keeps the point inside.
        for (p, q) in [(-d.x, a.x - lo.x), (d.x, hi.x - a.x), (-d.y, a.y - lo.y), (d.y, hi.y - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let r = q / p
            if p < 0 {
                if r > t1 { return nil }
                if r > t0 { t0 = r }
            } else {
                if r < t0 { return nil }
                if r < t1 { t1 = r }
            }
        }
        return (a + t0 * d, a + t1 * d)
    }

    /// The part of a closed polygon inside the box (Sutherland–Hodgman); fewer than 3 points
    /// when nothing is inside.
    func clip(polygon: [Vec2]) -> [Vec2] {
        if polygon.allSatisfy(contains) { return polygon }
        var points = polygon.filter(\.isFinite)
        // (coordinate, bound, keep when the coordinate is ≥ the bound)
        let edges: [(KeyPath<Vec2, Real>, Real, Bool)] = [(\.x, lo.x, true), (\.x, hi.x, false), (\.y, lo.y, true), (\.y, hi.y, false)]
        for (axis, bound, above) in edges {
            guard !points.isEmpty else { break }
            func inside(_ p: Vec2) -> Bool { above ? p[keyPath: axis] >= bound : p[keyPath: axis] <= bound }
            func crossing(_ a: Vec2, _ b: Vec2) -> Vec2 {
                let t = (bound - a[keyPath: axis]) / (b[keyPath: axis] - a[keyPath: axis])
                return a + t * (b - a)
            }
            var out: [Vec2] = []
            var previous = points[points.count - 1]
            for p in points {
                if inside(p) {
                    if !inside(previous) { out.append(crossing(previous, p)) }
                    out.append(p)
                } else if inside(previous) {
                    out.append(crossing(previous, p))
                }
                previous = p
            }
            points = out
        }
        return points
    }
}
