// How links and small marks look in a terminal picture: rods, springs, pins, limits, slides,
// welds and snaps, and the rings and crosses that mark joints and anchors. Braille draws them
// with dots; ASCII with a character per cell ('o' a pin, 'x' an anchor, '+' a snap point,
// '=' a weld, '/' and '\' in turn a spring).

import DynamicsMath

extension ScenePainter {
    /// Draws a link in the terminal foreground, marking a world anchor with a small ×.
    mutating func drawLink(_ l: Scene.Link) {
        canvas.ink = 0
        let ax = frame.x(l.a.x), ay = frame.y(l.a.y), bx = frame.x(l.b.x), by = frame.y(l.b.y)
        switch l.style {
        case .rod:
            canvas.line(ax, ay, bx, by)
        case .spring:
            drawSpring(ax, ay, bx, by)
        case .pin:
            if visualLength(ax, ay, bx, by) >= 3 { canvas.line(ax, ay, bx, by) }
            ring(ax, ay)
        case .limit:
            canvas.line(ax, ay, bx, by, stroke: .dashed)
        case .slide:
            canvas.line(ax, ay, bx, by)
            if isBraille { endTick(ax, ay, bx, by); endTick(bx, by, ax, ay) }
        case .fixed:
            drawBar(ax, ay, bx, by)
        case .snap:
            canvas.line(ax, ay, bx, by, stroke: .dotted)
            cross(bx, by, diagonal: false)
        }
        if l.bIsAnchor && l.style != .snap { cross(bx, by, diagonal: true) }
    }

    // MARK: Marks

    /// Length on screen in square units (braille dots, or cell widths in ASCII).
    func visualLength(_ x0: Real, _ y0: Real, _ x1: Real, _ y1: Real) -> Real {
        let dx = x1 - x0, dy = (y1 - y0) * aspect
        return (dx * dx + dy * dy).squareRoot()
    }

    mutating func plotGlyph(_ x: Real, _ y: Real, _ g: UInt32) {
        guard x.isFinite, y.isFinite, Swift.abs(x) < 1e9, Swift.abs(y) < 1e9 else { return }
        canvas.put(g, column: Int(x.rounded(.down)), row: Int(y.rounded(.down)))
    }

    /// A pin's joint: a ring 5 dots across around the dot at (x, y), or 'o'.
    mutating func ring(_ x: Real, _ y: Real) {
        guard x.isFinite, y.isFinite, Swift.abs(x) < 1e9, Swift.abs(y) < 1e9 else { return }
        guard isBraille else { plotGlyph(x, y, 0x6F); return }
        let i = Int(x.rounded(.down)), j = Int(y.rounded(.down))
        for d in -1...1 {
            canvas.plot(i + d, j - 2, glyph: 0); canvas.plot(i + d, j + 2, glyph: 0)
            canvas.plot(i - 2, j + d, glyph: 0); canvas.plot(i + 2, j + d, glyph: 0)
        }
    }

    /// A small cross: '×' (diagonal, an anchor) or '+' (a snap point).
    mutating func cross(_ x: Real, _ y: Real, diagonal: Bool) {
        guard isBraille else { plotGlyph(x, y, diagonal ? 0x78 : 0x2B); return }
        if diagonal {
            canvas.line(x - 2, y - 2, x + 2, y + 2); canvas.line(x - 2, y + 2, x + 2, y - 2)
        } else {
            canvas.line(x - 2, y, x + 2, y); canvas.line(x, y - 2, x, y + 2)
        }
    }

    /// A short tick across the line at (x, y), which goes towards (ox, oy).
    mutating func endTick(_ x: Real, _ y: Real, _ ox: Real, _ oy: Real) {
        let len = visualLength(x, y, ox, oy)
        guard len > 0 else { return }
        let nx = -(oy - y) * aspect / len * 2, ny = (ox - x) / len * 2 / aspect
        canvas.line(x - nx, y - ny, x + nx, y + ny)
    }

    /// A weld: a bar three dots thick between the ends ('=' in ASCII), a 3 × 3 block when
    /// the ends meet.
    mutating func drawBar(_ ax: Real, _ ay: Real, _ bx: Real, _ by: Real) {
        guard isBraille else {
            canvas.line(ax, ay, bx, by, glyph: 0x3D)
            return
        }
        let len = visualLength(ax, ay, bx, by)
        if len < 2 {
            for d: Real in [-1, 0, 1] { canvas.line(ax - 1, ay + d, ax + 1, ay + d) }
            return
        }
        let nx = -(by - ay) / len, ny = (bx - ax) / len
        for d: Real in [-1, 0, 1] { canvas.line(ax + d * nx, ay + d * ny, bx + d * nx, by + d * ny) }
    }

    /// A zig-zag from a to b: straight leads of a tenth of the length at each end, and between
    /// them half-waves about 4 dots long and 2.5 dots out, at least 2 and at most 64. In ASCII,
    /// the line between the leads alternates '/' and '\\'.
    mutating func drawSpring(_ ax: Real, _ ay: Real, _ bx: Real, _ by: Real) {
        let len = visualLength(ax, ay, bx, by)
        guard len >= 4, len.isFinite else { canvas.line(ax, ay, bx, by); return }
        let lead = len * 0.1
        let zig = len - 2 * lead
        // Work on screen in square units, then back to the raster.
        let ux = (bx - ax) / len, uy = (by - ay) * aspect / len
        func to(_ s: Real, _ off: Real) -> (Real, Real) {
            (ax + ux * s - uy * off, ay + (uy * s + ux * off) / aspect)
        }
        guard isBraille else {
            let (p0x, p0y) = to(lead, 0), (p1x, p1y) = to(len - lead, 0)
            canvas.line(ax, ay, p0x, p0y)
            canvas.line(p0x, p0y, p1x, p1y, stroke: .zigzag)
            canvas.line(p1x, p1y, bx, by)
            return
        }
        let n = Swift.max(2, Swift.min(64, Int((zig / 4).rounded())))
        var px = ax, py = ay
        for k in 0...(n + 1) {
            let (qx, qy): (Real, Real)
            if k == 0 {
                (qx, qy) = to(lead, 0)
            } else if k == n + 1 {
                (qx, qy) = to(len - lead, 0)
            } else {
                (qx, qy) = to(lead + zig * (Real(k) - 0.5) / Real(n), k % 2 == 1 ? 2.5 : -2.5)
            }
            canvas.line(px, py, qx, qy)
            px = qx; py = qy
        }
        canvas.line(px, py, bx, by)
    }
}
