// A grid of terminal character cells to draw lines into, shared by the scene renderer and the
// chart. In braille mode each cell holds 2 × 4 dots (U+2800 + a bit per dot); in ASCII mode
// each cell is one "pixel" and a line leaves a character that follows its direction. Text
// overlays cells. Each cell remembers the ink of the last thing drawn in it.
//
// Everything lives in flat arrays (a dot mask, a glyph and an ink per cell) and the output is
// built as UTF-8 bytes in one pass, so that drawing thousands of shapes costs no String work.

import DynamicsMath

/// How a picture is drawn in a terminal.
public enum TerminalMode: Sendable {
    /// Braille patterns (U+2800–U+28FF): 2 × 4 dots per character cell, about square dots.
    case braille
    /// Plain ASCII, one "pixel" per cell, for terminals without Unicode (`TERM=dumb`).
    case ascii
}

/// The mode and colour of terminal output.
public struct TerminalStyle: Equatable, Sendable {
    public var mode: TerminalMode
    /// Colour with ANSI 256-colour codes; when false the output holds no escape codes at all.
    public var color: Bool

    public init(mode: TerminalMode = .braille, color: Bool = false) {
        self.mode = mode
        self.color = color
    }
}

/// The character cells of a picture and the raster of "pixels" over them: braille dots, or
/// the cells themselves in ASCII mode. Raster coordinates are real: pixel (i, j) covers
/// [i, i + 1) × [j, j + 1), y down.
struct TerminalCanvas {
    /// How a line is drawn.
    enum Stroke {
        case solid
        case dashed
        case dotted
        /// ASCII: '/' and '\' in turn (a spring); braille: solid.
        case zigzag
    }

    let mode: TerminalMode
    let columns: Int
    let rows: Int
    /// The raster's size in pixels.
    let width: Int
    let height: Int
    /// Braille dot masks, one per cell (braille mode).
    private(set) var dots: [UInt8]
    /// A character per cell (Unicode scalar value), 0 for none: every mark in ASCII mode, text
    /// in both. In braille mode a glyph hides the cell's dots until a dot is drawn again.
    private(set) var glyphs: [UInt32]
    /// Ink per cell: 0 is the terminal's own foreground, otherwise an xterm 256-colour index + 1.
    private(set) var inks: [UInt16]
    /// The ink of what is drawn next.
    var ink: UInt16 = 0

    /// Pixels per cell across and down.
    var cellPixelsX: Int { mode == .braille ? 2 : 1 }
    var cellPixelsY: Int { mode == .braille ? 4 : 1 }
    /// How much taller than wide a pixel looks (a cell is about twice as tall as wide).
    var pixelAspect: Real { mode == .braille ? 1 : 2 }

    init(mode: TerminalMode, columns: Int, rows: Int) {
        self.mode = mode
        self.columns = Swift.max(columns, 1)
        self.rows = Swift.max(rows, 1)
        let n = self.columns * self.rows
        width = self.columns * (mode == .braille ? 2 : 1)
        height = self.rows * (mode == .braille ? 4 : 1)
        dots = [UInt8](repeating: 0, count: mode == .braille ? n : 0)
        glyphs = [UInt32](repeating: 0, count: n)
        inks = [UInt16](repeating: 0, count: n)
    }

    // MARK: Glyphs

    static func ascii(_ c: Unicode.Scalar) -> UInt32 { c.value }
    static let dash = ascii("-"), bar = ascii("|"), slash = ascii("/"), backslash = ascii("\\")
    static let plus = ascii("+"), dot = ascii("."), colon = ascii(":"), hash = ascii("#")

    /// The ASCII character of a line going (dx, dy) on screen (already corrected for the
    /// cell's aspect): '-', '|', '/' or '\' by its angle to the nearest 45°.
    static func directionGlyph(_ dx: Real, _ dy: Real) -> UInt32 {
        let ax = Swift.abs(dx), ay = Swift.abs(dy)
        // tan 22.5° ≈ 0.4142
        if ay <= 0.4142 * ax { return dash }
        if ax <= 0.4142 * ay { return bar }
        // y down: going right and down is '\'.
        return (dx > 0) == (dy > 0) ? backslash : slash
    }

    /// Where an ASCII line crosses another: a horizontal and a vertical make '+'.
    @inline(__always)
    static func combine(_ old: UInt32, _ new: UInt32) -> UInt32 {
        if (old == dash && new == bar) || (old == bar && new == dash) { return plus }
        if old == plus && (new == dash || new == bar) { return plus }
        return new
    }

    // MARK: Pixels

    /// Sets one pixel: a dot in braille mode, the cell's character in ASCII mode (`glyph`,
    /// merged with a crossing line's).
    @inline(__always)
    mutating func plot(_ x: Int, _ y: Int, glyph: UInt32) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        if mode == .braille {
            let cell = (y >> 2) * columns + (x >> 1)
            dots[cell] |= Self.brailleBit(x & 1, y & 3)
            glyphs[cell] = 0
            inks[cell] = ink
        } else {
            let cell = y * columns + x
            glyphs[cell] = Self.combine(glyphs[cell], glyph)
            inks[cell] = ink
        }
    }

    /// The bit of the dot at (column `dx` 0–1, row `dy` 0–3) of a braille cell.
    @inline(__always)
    static func brailleBit(_ dx: Int, _ dy: Int) -> UInt8 {
        // Dots 1–3 and 4–6 run down the left and right columns; 7 and 8 are the bottom row.
        if dy == 3 { return dx == 0 ? 0x40 : 0x80 }
        return UInt8(1) << UInt8(dy + 3 * dx)
    }

    /// Whether the pixel is set (a braille dot, or any character in ASCII mode).
    func isSet(_ x: Int, _ y: Int) -> Bool {
        guard x >= 0, y >= 0, x < width, y < height else { return false }
        if mode == .braille {
            let cell = (y >> 2) * columns + (x >> 1)
            return glyphs[cell] == 0 && dots[cell] & Self.brailleBit(x & 1, y & 3) != 0
        }
        return glyphs[y * columns + x] != 0
    }

    /// Writes a character into a cell, replacing what was drawn there.
    mutating func put(_ glyph: UInt32, column: Int, row: Int) {
        guard column >= 0, row >= 0, column < columns, row < rows else { return }
        let cell = row * columns + column
        glyphs[cell] = glyph
        inks[cell] = ink
    }

    /// Writes text from a cell rightwards, clipped to the canvas. In ASCII mode characters
    /// beyond ASCII (and control characters everywhere) are written as '?'.
    mutating func text(_ s: String, column: Int, row: Int) {
        guard row >= 0, row < rows else { return }
        var c = column
        for u in s.unicodeScalars {
            if c >= columns { break }
            var v = u.value
            if v < 0x20 || v == 0x7F || (mode == .ascii && v > 0x7E) || (0x80..<0xA0).contains(v) { v = 0x3F }
            if c >= 0 { put(v, column: c, row: row) }
            c += 1
        }
    }

    // MARK: Lines and areas

    /// Whether step `k` along a stroke is drawn.
    @inline(__always)
    func isOn(_ stroke: Stroke, _ k: Int) -> Bool {
        switch stroke {
        case .solid, .zigzag: return true
        case .dotted: return mode == .ascii || k & 1 == 0
        case .dashed: return mode == .braille ? k % 6 < 4 : k % 3 < 2
        }
    }

    /// Draws a line between two raster points. `glyph` forces the ASCII character (otherwise it
    /// follows the direction; '.' or ':' when dotted). `phase` counts pixels along dashed and
    /// dotted strokes across calls; `continuing` skips the first pixel (the previous segment's
    /// last) so that a polyline's pattern runs on evenly.
    mutating func line(_ x0: Real, _ y0: Real, _ x1: Real, _ y1: Real, stroke: Stroke = .solid,
                       glyph: UInt32? = nil, phase: inout Int, continuing: Bool = false) {
        guard x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        let g: UInt32
        if let glyph {
            g = glyph
        } else if mode == .braille {
            g = 0
        } else {
            let dx = x1 - x0, dy = (y1 - y0) * pixelAspect
            g = stroke == .dotted ? (Swift.abs(dy) > Swift.abs(dx) ? Self.colon : Self.dot) : Self.directionGlyph(dx, dy)
        }
        // Clip to a box a little larger than the raster, so that far lines cost nothing.
        guard let (a, b) = Self.clip(x0, y0, x1, y1, -2, -2, Real(width) + 2, Real(height) + 2) else { return }
        let starts = a == 0
        var x = Int((x0 + a * (x1 - x0)).rounded(.down)), y = Int((y0 + a * (y1 - y0)).rounded(.down))
        let xe = Int((x0 + b * (x1 - x0)).rounded(.down)), ye = Int((y0 + b * (y1 - y0)).rounded(.down))
        // Bresenham over the pixels between the two end pixels.
        let dx = Swift.abs(xe - x), dy = -Swift.abs(ye - y)
        let sx = x < xe ? 1 : -1, sy = y < ye ? 1 : -1
        var err = dx + dy
        var first = true
        while true {
            if !(first && continuing && starts) || stroke == .solid {
                if isOn(stroke, phase) {
                    plot(x, y, glyph: stroke == .zigzag && mode == .ascii ? (phase & 1 == 0 ? Self.slash : Self.backslash) : g)
                }
                phase += 1
            }
            first = false
            if x == xe && y == ye { break }
            let e2 = 2 * err
            if e2 >= dy { err += dy; x += sx }
            if e2 <= dx { err += dx; y += sy }
        }
    }

    /// A solid line, or a dashed or dotted one whose pattern starts afresh.
    mutating func line(_ x0: Real, _ y0: Real, _ x1: Real, _ y1: Real, stroke: Stroke = .solid, glyph: UInt32? = nil) {
        var phase = 0
        line(x0, y0, x1, y1, stroke: stroke, glyph: glyph, phase: &phase)
    }

    /// Draws a polyline through raster points (closed: back to the first point too), one
    /// pattern running along all of it.
    mutating func polyline(_ xs: [Real], _ ys: [Real], count: Int, closed: Bool,
                           stroke: Stroke = .solid, glyph: UInt32? = nil) {
        guard count > 0 else { return }
        var phase = 0
        if count == 1 {
            line(xs[0], ys[0], xs[0], ys[0], stroke: stroke, glyph: glyph, phase: &phase)
            return
        }
        for i in 1..<count {
            line(xs[i - 1], ys[i - 1], xs[i], ys[i], stroke: stroke, glyph: glyph, phase: &phase, continuing: i > 1)
        }
        if closed && count > 2 {
            line(xs[count - 1], ys[count - 1], xs[0], ys[0], stroke: stroke, glyph: glyph, phase: &phase, continuing: true)
        }
        // ASCII: a corner where the line changes character is a '+'.
        guard mode == .ascii, stroke == .solid, glyph == nil, count > 2 else { return }
        func direction(_ i: Int, _ j: Int) -> UInt32? {
            let dx = xs[j] - xs[i], dy = (ys[j] - ys[i]) * pixelAspect
            return dx == 0 && dy == 0 ? nil : Self.directionGlyph(dx, dy)
        }
        for i in (closed ? 0 : 1)..<(closed ? count : count - 1) {
            let before = (i + count - 1) % count, after = (i + 1) % count
            guard let gin = direction(before, i), let gout = direction(i, after), gin != gout else { continue }
            guard xs[i].isFinite, ys[i].isFinite, Swift.abs(xs[i]) < 1e9, Swift.abs(ys[i]) < 1e9 else { continue }
            plot(Int(xs[i].rounded(.down)), Int(ys[i].rounded(.down)), glyph: Self.plus)
        }
    }

    /// Sets every pixel whose centre is inside a convex polygon of raster points ('#' in ASCII).
    mutating func fillConvex(_ xs: [Real], _ ys: [Real], count: Int) {
        guard count >= 3 else { return }
        var lo = Real.infinity, hi = -Real.infinity
        for i in 0..<count {
            guard xs[i].isFinite, ys[i].isFinite else { return }
            lo = Swift.min(lo, ys[i]); hi = Swift.max(hi, ys[i])
        }
        let j0 = Swift.max(0, Int((lo - 0.5).rounded(.up))), j1 = Swift.min(height - 1, Int((hi - 0.5).rounded(.down)))
        guard j0 <= j1 else { return }
        for j in j0...j1 {
            let yc = Real(j) + 0.5
            var xl = Real.infinity, xr = -Real.infinity
            var k = count - 1
            for i in 0..<count {
                let ya = ys[k], yb = ys[i]
                if (ya <= yc && yb >= yc) || (yb <= yc && ya >= yc) {
                    if ya == yb {
                        xl = Swift.min(xl, Swift.min(xs[k], xs[i])); xr = Swift.max(xr, Swift.max(xs[k], xs[i]))
                    } else {
                        let x = xs[k] + (yc - ya) / (yb - ya) * (xs[i] - xs[k])
                        xl = Swift.min(xl, x); xr = Swift.max(xr, x)
                    }
                }
                k = i
            }
            guard xl <= xr else { continue }
            let i0 = Swift.max(0, Int((xl - 0.5).rounded(.up))), i1 = Swift.min(width - 1, Int((xr - 0.5).rounded(.down)))
            guard i0 <= i1 else { continue }
            for i in i0...i1 { plot(i, j, glyph: Self.hash) }
        }
    }

    /// The part [a, b] of the segment's parameter range inside the box (Liang–Barsky), or nil.
    static func clip(_ x0: Real, _ y0: Real, _ x1: Real, _ y1: Real,
                     _ left: Real, _ top: Real, _ right: Real, _ bottom: Real) -> (Real, Real)? {
        var a: Real = 0, b: Real = 1
        // One edge of the box: p t <= q for the points inside.
        @inline(__always) func edge(_ p: Real, _ q: Real) -> Bool {
            if p == 0 { return q >= 0 }
            let r = q / p
            if p < 0 {
                if r > b { return false }
                if r > a { a = r }
            } else {
                if r < a { return false }
                if r < b { b = r }
            }
            return true
        }
        let dx = x1 - x0, dy = y1 - y0
        guard edge(-dx, x0 - left), edge(dx, right - x0), edge(-dy, y0 - top), edge(dy, bottom - y0) else { return nil }
        return (a, b)
    }

    // MARK: Output

    /// The picture as text: one line per row, each ending in "\n", trailing blanks trimmed
    /// (a blank row is an empty line). With `color`, a cell's ink is set by an ANSI code when
    /// it changes along the line and every line ends with a reset; without, no escape codes.
    func output(color: Bool) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(rows * (columns * 3 + (color ? 16 : 1)))
        let esc: [UInt8] = [0x1B, 0x5B]  // ESC [
        for r in 0..<rows {
            let base = r * columns
            var last = columns - 1
            while last >= 0 && glyphs[base + last] == 0 && (mode == .ascii || dots[base + last] == 0) { last -= 1 }
            var current: UInt16 = 0
            var c = 0
            while c <= last {
                let i = base + c
                c += 1
                let g = glyphs[i]
                let mask: UInt8 = mode == .braille ? dots[i] : 0
                if g == 0 && mask == 0 {
                    out.append(0x20)
                    continue
                }
                if color && inks[i] != current {
                    current = inks[i]
                    out.append(contentsOf: esc)
                    if current == 0 {
                        out.append(contentsOf: [0x33, 0x39])  // 39: default foreground
                    } else {
                        out.append(contentsOf: [0x33, 0x38, 0x3B, 0x35, 0x3B])  // 38;5;
                        Self.appendDecimal(Int(current - 1), to: &out)
                    }
                    out.append(0x6D)  // m
                }
                if g != 0 {
                    Self.appendUTF8(g, to: &out)
                } else {
                    // U+2800 + mask: E2, A0 + top two bits, 80 + low six bits.
                    out.append(0xE2); out.append(0xA0 | (mask >> 6)); out.append(0x80 | (mask & 0x3F))
                }
            }
            if color { out.append(contentsOf: esc); out.append(0x30); out.append(0x6D) }  // ESC [ 0 m
            out.append(0x0A)
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func appendDecimal(_ n: Int, to out: inout [UInt8]) {
        if n >= 10 { appendDecimal(n / 10, to: &out) }
        out.append(0x30 + UInt8(n % 10))
    }

    static func appendUTF8(_ v: UInt32, to out: inout [UInt8]) {
        let v = Unicode.Scalar(v) == nil ? 0x3F : v
        switch v {
        case ..<0x80:
            out.append(UInt8(v))
        case ..<0x800:
            out.append(0xC0 | UInt8(v >> 6)); out.append(0x80 | UInt8(v & 0x3F))
        case ..<0x10000:
            out.append(0xE0 | UInt8(v >> 12)); out.append(0x80 | UInt8((v >> 6) & 0x3F)); out.append(0x80 | UInt8(v & 0x3F))
        default:
            out.append(0xF0 | UInt8(v >> 18)); out.append(0x80 | UInt8((v >> 12) & 0x3F))
            out.append(0x80 | UInt8((v >> 6) & 0x3F)); out.append(0x80 | UInt8(v & 0x3F))
        }
    }
}

// MARK: Colours

extension TerminalCanvas {
    /// The ink of a palette colour: its nearest xterm 256-colour (the 6 × 6 × 6 cube or the
    /// grey ramp), plus one.
    static func ink(_ c: Palette.RGB) -> UInt16 { UInt16(xterm256(c)) + 1 }

    /// The nearest xterm 256-colour index (16–255) to an RGB colour.
    static func xterm256(_ c: Palette.RGB) -> Int {
        let levels = [0, 95, 135, 175, 215, 255]
        func level(_ v: UInt8) -> Int {
            let v = Int(v)
            var best = 0
            for i in 1..<6 where Swift.abs(levels[i] - v) < Swift.abs(levels[best] - v) { best = i }
            return best
        }
        let r = Int(c.r), g = Int(c.g), b = Int(c.b)
        let (lr, lg, lb) = (level(c.r), level(c.g), level(c.b))
        let cube = 16 + 36 * lr + 6 * lg + lb
        let dc = sq(levels[lr] - r) + sq(levels[lg] - g) + sq(levels[lb] - b)
        // Grey ramp 232–255: 8, 18, …, 238.
        let mean = (r + g + b) / 3
        let k = Swift.min(23, Swift.max(0, (mean - 8 + 5) / 10))
        let grey = 8 + 10 * k
        let dg = sq(grey - r) + sq(grey - g) + sq(grey - b)
        return dg < dc ? 232 + k : cube
    }

    private static func sq(_ x: Int) -> Int { x * x }
}
