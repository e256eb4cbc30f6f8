// Draws a Scene as text for a terminal: braille dots (2 × 4 per character) or ASCII, with
// optional ANSI colours. See TerminalCanvas for the cells and the output.
//
// What each thing looks like:
// - items: their outline at their angle, in their palette colour; anchored items filled, grey;
// - boundaries: polylines (a closed one joins the last point to the first), in the terminal's
//   foreground; the bounds: a frame, solid when they collide, dotted and grey otherwise;
// - links (TerminalLinks.swift): rod a line, spring a zig-zag, pin a small ring at the joint,
//   limit a dashed line, slide a line with end ticks, fixed a thick bar, snap a dotted line
//   and a '+' at the snap point; an anchor in the world is marked with a small '×';
// - trails: dotted polylines in the item's colour; velocities: arrows; names: text at the centre.
// Lines that are black on paper (boundaries, links) take the terminal's own foreground, so that
// they show on dark and light backgrounds alike.

import DynamicsMath

/// Renders scenes as terminal text.
public enum TerminalRenderer {
    /// The largest picture drawn, in cells each way (larger requests are clamped).
    public static let maxCells = 4096

    /// Draws the scene into `columns` × `rows` character cells.
    ///
    /// - Parameters:
    ///   - columns: the width in character cells (clamped to 1…``maxCells``).
    ///   - rows: the height in cells; nil makes it follow from the width and the shown region's
    ///     aspect ratio (at most 2 × `columns`).
    ///   - region: the part of the world shown; nil (or an empty or non-finite rectangle) shows
    ///     the scene's bounds grown to hold everything drawn (as `scene.extent`, trails included,
    ///     non-finite points left out). The region is
    ///     scaled uniformly to fit and centred, so that circles stay round: in braille mode dots
    ///     are about square, in ASCII mode a cell counts as twice as tall as wide.
    ///   - style: braille or ASCII, colour or not.
    ///   - options: names and velocity arrows (`time` is left to the caller's status line).
    /// - Returns: the picture's lines, each ending in "\n" (so exactly `rows` lines), trailing
    ///   blanks trimmed; with colour, ANSI 256-colour codes and a reset at the end of every
    ///   line; never cursor movement codes. The same scene always gives the same bytes.
    public static func render(_ scene: Scene, columns: Int, rows: Int? = nil, region: Rect? = nil,
                              style: TerminalStyle = TerminalStyle(), options: DrawOptions = DrawOptions()) -> String {
        let (frame, cols, rowCount) = layout(scene, columns: columns, rows: rows, region: region, mode: style.mode)
        var painter = ScenePainter(canvas: TerminalCanvas(mode: style.mode, columns: cols, rows: rowCount), frame: frame)
        painter.draw(scene, options: options)
        return painter.canvas.output(color: style.color)
    }

    /// The mapping from the world to the raster and the picture's size in cells.
    static func layout(_ scene: Scene, columns: Int, rows: Int?, region: Rect?, mode: TerminalMode)
        -> (frame: TerminalFrame, columns: Int, rows: Int) {
        func usable(_ r: Rect) -> Bool {
            r.x.isFinite && r.y.isFinite && r.width.isFinite && r.height.isFinite && r.width > 0 && r.height > 0
        }
        var world: Rect
        if let region, usable(region) {
            world = region
        } else {
            world = drawnExtent(scene)
            // A world of no width or height (one point) still gets a square around it.
            let side = Swift.max(world.width, world.height, 1)
            if world.width <= 0 { world = Rect(x: world.center.x - side / 2, y: world.y, width: side, height: world.height) }
            if world.height <= 0 { world = Rect(x: world.x, y: world.center.y - side / 2, width: world.width, height: side) }
        }
        let cols = Swift.min(Swift.max(columns, 1), maxCells)
        let px = mode == .braille ? 2 : 1, py = mode == .braille ? 4 : 1
        let aspect: Real = mode == .braille ? 1 : 2
        let w = Real(cols * px)
        let rowCount: Int
        if let rows {
            rowCount = Swift.min(Swift.max(rows, 1), maxCells)
        } else {
            // The raster height that the width's scale needs, pixel centres to pixel centres.
            let s = (w - 1) / world.width
            let needed = s * world.height / aspect + 1
            let r = (needed / Real(py)).rounded(.up)
            rowCount = r.isFinite ? Swift.min(Swift.max(Int(Swift.min(r, 1e6)), 1), Swift.max(2 * cols, 1), maxCells) : 1
        }
        let h = Real(rowCount * py)
        // World edges land on the centres of the first and last pixels.
        let s = Swift.max(Swift.min((w - 1) / world.width, (h - 1) * aspect / world.height), 0)
        let frame = TerminalFrame(world: world, scale: s, aspect: aspect,
                                  ox: 0.5 + ((w - 1) - s * world.width) / 2,
                                  oy: 0.5 + ((h - 1) - s * world.height / aspect) / 2)
        return (frame, cols, rowCount)
    }
}

extension TerminalRenderer {
    /// The bounds grown to hold every finite point drawn: item outlines, boundaries, links and
    /// trails. Like `Scene.extent`, but it skips what cannot be drawn (non-finite points, empty
    /// polygons) instead of letting it spoil (or crash) the fit.
    static func drawnExtent(_ scene: Scene) -> Rect {
        var lo = Vec2(Real.infinity, Real.infinity), hi = Vec2(-Real.infinity, -Real.infinity)
        func add(_ p: Vec2) {
            guard p.isFinite else { return }
            lo = min(lo, p); hi = max(hi, p)
        }
        let b = scene.bounds
        add(Vec2(b.minX, b.minY)); add(Vec2(b.maxX, b.maxY))
        for item in scene.items {
            // An item is in the fit whole or not at all.
            let (c, e) = halfExtent(item)
            if c.isFinite && e.isFinite { add(c - e); add(c + e) }
        }
        for boundary in scene.boundaries { boundary.points.forEach(add) }
        for l in scene.links { add(l.a); add(l.b) }
        for t in scene.trails { t.points.forEach(add) }
        for f in scene.fields { add(f.position) }
        guard lo.x <= hi.x, lo.y <= hi.y, (hi.x - lo.x).isFinite, (hi.y - lo.y).isFinite else {
            return Rect(x: 0, y: 0, width: 1, height: 1)
        }
        return Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
    }

    /// The centre and half-size of the box around an item's outline (an ellipse's exact box:
    /// half-widths √(a²cos² + b²sin²) and √(a²sin² + b²cos²)).
    static func halfExtent(_ item: Scene.Item) -> (center: Vec2, half: Vec2) {
        let q = Rot(angle: item.angle)
        switch item.shape {
        case .rectangle(let w, let h):
            let a = Swift.abs(w) / 2, b = Swift.abs(h) / 2
            return (item.center, Vec2(a * Swift.abs(q.c) + b * Swift.abs(q.s), a * Swift.abs(q.s) + b * Swift.abs(q.c)))
        case .ellipse(let w, let h):
            let a = Swift.abs(w) / 2, b = Swift.abs(h) / 2
            let x = a * a * q.c * q.c + b * b * q.s * q.s, y = a * a * q.s * q.s + b * b * q.c * q.c
            return (item.center, Vec2(x.squareRoot(), y.squareRoot()))
        case .polygon(let ps):
            guard !ps.isEmpty else { return (item.center, .zero) }
            var lo = Vec2(Real.infinity, Real.infinity), hi = Vec2(-Real.infinity, -Real.infinity)
            for p in ps {
                let v = q.apply(p)
                lo = min(lo, v); hi = max(hi, v)
            }
            return (item.center + 0.5 * (lo + hi), 0.5 * (hi - lo))
        }
    }
}

/// World points to raster points: x scaled by `scale`, y by `scale / aspect` (a raster pixel
/// is `aspect` times as tall as wide on screen).
struct TerminalFrame {
    var world: Rect
    /// Raster pixels per world point, across.
    var scale: Real
    var aspect: Real
    var ox: Real
    var oy: Real

    @inline(__always) func x(_ wx: Real) -> Real { ox + (wx - world.x) * scale }
    @inline(__always) func y(_ wy: Real) -> Real { oy + (wy - world.y) * scale / aspect }
    /// Raster point to world point.
    func unmap(_ rx: Real, _ ry: Real) -> Vec2 {
        Vec2(world.x + (rx - ox) / scale, world.y + (ry - oy) * aspect / scale)
    }
}

/// Draws a scene's parts onto a canvas through a frame.
struct ScenePainter {
    var canvas: TerminalCanvas
    let frame: TerminalFrame
    /// Scratch outline, raster coordinates.
    private var xs: [Real] = []
    private var ys: [Real] = []

    init(canvas: TerminalCanvas, frame: TerminalFrame) {
        self.canvas = canvas
        self.frame = frame
        xs.reserveCapacity(128)
        ys.reserveCapacity(128)
    }

    var aspect: Real { frame.aspect }
    var isBraille: Bool { canvas.mode == .braille }

    /// The palette's item colours and the anchored grey as inks, worked out once.
    static let itemInks: [UInt16] = Palette.items.map(TerminalCanvas.ink)
    static let anchoredInk = TerminalCanvas.ink(Palette.anchored)

    static func itemInk(_ item: Scene.Item) -> UInt16 { item.anchored ? anchoredInk : colorInk(item.colorIndex) }

    static func colorInk(_ index: Int) -> UInt16 {
        let n = itemInks.count
        return itemInks[((index % n) + n) % n]
    }

    mutating func draw(_ scene: Scene, options: DrawOptions) {
        drawBounds(scene)
        for b in scene.boundaries { drawBoundary(b) }
        for t in scene.trails { drawTrail(t) }
        for f in scene.fields { drawFieldOutlines(f) }
        // Anchored items first, as the ground the others move on; each in creation order.
        for item in scene.items where item.anchored { drawItem(item) }
        for item in scene.items where !item.anchored { drawItem(item) }
        for l in scene.links { drawLink(l) }
        for f in scene.fields { drawFieldMark(f) }
        if options.velocities {
            for item in scene.items where !item.anchored { drawVelocity(item, scale: options.velocityScale) }
        }
        if options.names {
            for item in scene.items { drawName(item) }
        }
    }

    // MARK: Parts

    mutating func drawBounds(_ scene: Scene) {
        let b = scene.bounds
        guard b.width > 0 || b.height > 0 else { return }
        xs.removeAll(keepingCapacity: true); ys.removeAll(keepingCapacity: true)
        for p in [Vec2(b.minX, b.minY), Vec2(b.maxX, b.minY), Vec2(b.maxX, b.maxY), Vec2(b.minX, b.maxY)] {
            xs.append(frame.x(p.x)); ys.append(frame.y(p.y))
        }
        canvas.ink = scene.boundsCollide ? 0 : TerminalCanvas.ink(Palette.bounds)
        canvas.polyline(xs, ys, count: 4, closed: true, stroke: scene.boundsCollide ? .solid : .dotted)
    }

    mutating func drawBoundary(_ b: Scene.Boundary) {
        xs.removeAll(keepingCapacity: true); ys.removeAll(keepingCapacity: true)
        for p in b.points { xs.append(frame.x(p.x)); ys.append(frame.y(p.y)) }
        canvas.ink = 0
        canvas.polyline(xs, ys, count: xs.count, closed: b.closed)
    }

    mutating func drawTrail(_ t: Scene.Trail) {
        xs.removeAll(keepingCapacity: true); ys.removeAll(keepingCapacity: true)
        for p in t.points { xs.append(frame.x(p.x)); ys.append(frame.y(p.y)) }
        canvas.ink = Self.colorInk(t.colorIndex)
        canvas.polyline(xs, ys, count: xs.count, closed: false, stroke: .dotted)
    }

    mutating func drawItem(_ item: Scene.Item) {
        let n = outline(item)
        guard n > 0 else { return }
        canvas.ink = Self.itemInk(item)
        if item.anchored { canvas.fillConvex(xs, ys, count: n) }
        if case .ellipse(let w, let h) = item.shape, !isBraille {
            asciiEllipse(item, width: w, height: h)
        } else {
            canvas.polyline(xs, ys, count: n, closed: true)
        }
    }

    /// Puts the item's outline into the scratch arrays, raster coordinates; returns the count.
    mutating func outline(_ item: Scene.Item) -> Int {
        xs.removeAll(keepingCapacity: true); ys.removeAll(keepingCapacity: true)
        let q = Rot(angle: item.angle)
        let c = item.center
        func add(_ lx: Real, _ ly: Real) {
            let wx = c.x + q.c * lx - q.s * ly, wy = c.y + q.s * lx + q.c * ly
            xs.append(frame.x(wx)); ys.append(frame.y(wy))
        }
        switch item.shape {
        case .rectangle(let w, let h):
            add(-w / 2, -h / 2); add(w / 2, -h / 2); add(w / 2, h / 2); add(-w / 2, h / 2)
        case .polygon(let ps):
            for p in ps { add(p.x, p.y) }
        case .ellipse(let w, let h):
            // About one segment per 2.5 pixels of circumference, a multiple of 4, 8 to 96.
            let r = Swift.max(Swift.abs(w), Swift.abs(h)) / 2 * frame.scale
            let want = (2 * Real.pi * r / 2.5)
            var n = want.isFinite ? Int(Swift.min(Swift.max(want, 8), 96)) : 8
            n = (n + 3) / 4 * 4
            let step = DMath.cosSin(2 * Real.pi / Real(n))
            var cs: Real = 1, sn: Real = 0
            for _ in 0..<n {
                add(w / 2 * cs, h / 2 * sn)
                (cs, sn) = (cs * step.c - sn * step.s, sn * step.c + cs * step.s)
            }
        }
        return xs.count
    }

    mutating func drawVelocity(_ item: Scene.Item, scale: Real) {
        let v = item.velocity * scale
        let cx = frame.x(item.center.x), cy = frame.y(item.center.y)
        let tx = frame.x(item.center.x + v.x), ty = frame.y(item.center.y + v.y)
        let len = visualLength(cx, cy, tx, ty)
        guard len >= 1, len.isFinite else { return }
        canvas.ink = Self.itemInk(item)
        canvas.line(cx, cy, tx, ty)
        // Direction on screen (square units).
        let ux = (tx - cx) / len, uy = (ty - cy) * aspect / len
        if isBraille {
            let h = Swift.min(3, len / 3)
            // Two barbs at ±30° from the shaft, pointing back.
            let c30: Real = 0.8660254037844386, s30: Real = 0.5
            for sgn: Real in [1, -1] {
                let bx = -(ux * c30 - sgn * uy * s30), by = -(uy * c30 + sgn * ux * s30)
                canvas.line(tx, ty, tx + h * bx, ty + h * by / aspect)
            }
        } else {
            let g: Unicode.Scalar = Swift.abs(ux) >= Swift.abs(uy) ? (ux > 0 ? ">" : "<") : (uy > 0 ? "v" : "^")
            plotGlyph(tx, ty, g.value)
        }
    }

    mutating func drawName(_ item: Scene.Item) {
        let cx = frame.x(item.center.x), cy = frame.y(item.center.y)
        guard cx.isFinite, cy.isFinite, Swift.abs(cx) < 1e9, Swift.abs(cy) < 1e9 else { return }
        let col = Int((cx / Real(canvas.cellPixelsX)).rounded(.down)), row = Int((cy / Real(canvas.cellPixelsY)).rounded(.down))
        let count = item.name.unicodeScalars.count
        canvas.ink = Self.itemInk(item)
        canvas.text(item.name, column: col - (count - 1) / 2, row: row)
    }

    /// An ellipse in ASCII: the cells whose centre is inside it and next to one outside (by a
    /// side), each with the character of the tangent there; 'o' when no cell centre is inside.
    /// The outline must be in the scratch arrays (for its extent).
    private mutating func asciiEllipse(_ item: Scene.Item, width w: Real, height h: Real) {
        let q = Rot(angle: item.angle)
        let a = Swift.abs(w) / 2, b = Swift.abs(h) / 2
        // The ellipse's implicit function at a cell's centre, in its own frame: (x/a)² + (y/b)².
        func local(_ c: Int, _ r: Int) -> (x: Real, y: Real) {
            let p = frame.unmap(Real(c) + 0.5, Real(r) + 0.5) - item.center
            return (q.c * p.x + q.s * p.y, -q.s * p.x + q.c * p.y)
        }
        func inside(_ c: Int, _ r: Int) -> Bool {
            let (x, y) = local(c, r)
            return (x / a) * (x / a) + (y / b) * (y / b) <= 1
        }
        var lo = (x: Real.infinity, y: Real.infinity), hi = (x: -Real.infinity, y: -Real.infinity)
        for i in 0..<xs.count {
            lo = (Swift.min(lo.x, xs[i]), Swift.min(lo.y, ys[i])); hi = (Swift.max(hi.x, xs[i]), Swift.max(hi.y, ys[i]))
        }
        guard lo.x.isFinite, lo.y.isFinite, hi.x.isFinite, hi.y.isFinite else { return }
        let c0 = Int(Swift.max(lo.x - 1, 0).rounded(.down)), c1 = Int(Swift.min(hi.x + 1, Real(canvas.width - 1)).rounded(.down))
        let r0 = Int(Swift.max(lo.y - 1, 0).rounded(.down)), r1 = Int(Swift.min(hi.y + 1, Real(canvas.height - 1)).rounded(.down))
        func edge(_ c: Int, _ r: Int) -> Bool {
            inside(c, r) && (!inside(c - 1, r) || !inside(c + 1, r) || !inside(c, r - 1) || !inside(c, r + 1))
        }
        var any = false
        if c0 <= c1 && r0 <= r1 {
            for r in r0...r1 {
                for c in c0...c1 where inside(c, r) {
                    any = true
                    guard edge(c, r) else { continue }
                    let g: UInt32
                    if edge(c - 1, r) && edge(c + 1, r) {
                        g = TerminalCanvas.dash  // inside a run along a row
                    } else if edge(c, r - 1) && edge(c, r + 1) {
                        g = TerminalCanvas.bar  // inside a run down a column
                    } else {
                        // The tangent: across the gradient (x/a², y/b²), turned back to the world.
                        let (x, y) = local(c, r)
                        let n = q.apply(Vec2(x / (a * a), y / (b * b)))
                        g = TerminalCanvas.directionGlyph(-n.y, n.x)
                    }
                    canvas.plot(c, r, glyph: g)
                }
            }
        }
        if !any { plotGlyph(frame.x(item.center.x), frame.y(item.center.y), 0x6F) }
    }
}
