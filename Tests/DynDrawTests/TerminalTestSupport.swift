// Reading terminal pictures back in tests: the braille dots that are set, the characters in
// each cell, with colour codes skipped.

import DynamicsMath

@testable import DynDraw

/// A dot of a braille picture, or a cell of an ASCII one: column x, row y, y down.
struct Dot: Hashable, Comparable {
    var x: Int
    var y: Int
    init(_ x: Int, _ y: Int) {
        self.x = x
        self.y = y
    }
    static func < (a: Dot, b: Dot) -> Bool { (a.y, a.x) < (b.y, b.x) }
}

/// A rendered picture split into cells (one Unicode scalar each), escape codes removed.
struct Picture {
    /// The lines without their "\n", as cells.
    var lines: [[Unicode.Scalar]]

    init(_ text: String) {
        var lines: [[Unicode.Scalar]] = []
        var current: [Unicode.Scalar] = []
        var inEscape = false
        for u in text.unicodeScalars {
            if inEscape {
                // CSI: ESC [ parameters, ended by a letter.
                if (u.value >= 0x41 && u.value <= 0x5A) || (u.value >= 0x61 && u.value <= 0x7A) { inEscape = false }
                continue
            }
            if u.value == 0x1B { inEscape = true; continue }
            if u == "\n" {
                lines.append(current)
                current = []
            } else {
                current.append(u)
            }
        }
        // Text ends with "\n": nothing may follow the last line.
        precondition(current.isEmpty, "picture does not end with a newline")
        self.lines = lines
    }

    /// The character at a cell, " " beyond a line's end.
    func cell(_ column: Int, _ row: Int) -> Unicode.Scalar {
        guard row >= 0, row < lines.count, column >= 0, column < lines[row].count else { return " " }
        return lines[row][column]
    }

    /// The text of a row.
    func row(_ r: Int) -> String { String(String.UnicodeScalarView(lines[r])) }

    /// Every braille dot that is set, in dot coordinates (2 per cell across, 4 down).
    var dots: Set<Dot> {
        var s = Set<Dot>()
        for (r, line) in lines.enumerated() {
            for (c, u) in line.enumerated() where (0x2800...0x28FF).contains(u.value) {
                let m = u.value - 0x2800
                for dy in 0..<4 {
                    for dx in 0..<2 {
                        let bit: UInt32 = dy == 3 ? (dx == 0 ? 0x40 : 0x80) : 1 << UInt32(dy + 3 * dx)
                        if m & bit != 0 { s.insert(Dot(2 * c + dx, 4 * r + dy)) }
                    }
                }
            }
        }
        return s
    }

    /// The cells holding something other than a blank, in cell coordinates.
    var inked: Set<Dot> {
        var s = Set<Dot>()
        for (r, line) in lines.enumerated() {
            for (c, u) in line.enumerated() where u != " " && u.value != 0x2800 { s.insert(Dot(c, r)) }
        }
        return s
    }
}

/// The smallest box holding the points: (minX, minY, maxX, maxY).
func extent(_ s: Set<Dot>) -> (x0: Int, y0: Int, x1: Int, y1: Int) {
    var r = (x0: Int.max, y0: Int.max, x1: Int.min, y1: Int.min)
    for d in s {
        r = (min(r.x0, d.x), min(r.y0, d.y), max(r.x1, d.x), max(r.y1, d.y))
    }
    return r
}

/// A golden picture: the literal's lines, then blank lines up to `rows`, each ending in "\n".
func golden(_ literal: String, rows: Int) -> String {
    var lines = literal.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    while lines.count < rows { lines.append("") }
    return lines.map { $0 + "\n" }.joined()
}
