// Fields in pictures (Docs/pictures.md, "Fields"). A field is drawn where its place means
// something: the kinds that act around a centre (radial gravity, electric, magnetic, spring,
// vortex) always, at their position; the others (linear gravity, velocity, drag, noise,
// turbulence) only when their region is bounded, at the region's centre. The region's discs and
// rectangles are drawn as dashed outlines, and the field's kind as a small mark:
//
//   attractor (radial gravity, strength > 0)   a ring with four ticks pointing in
//   repeller (radial gravity, strength < 0)    a ring with four ticks pointing out
//   electric                                   a ring with + or − (the sign of the strength)
//   magnetic                                   a ring with × (the field goes into the screen)
//   spring                                     a short zig-zag
//   vortex                                     an open circle with an arrow head (its turn)
//   linear gravity, velocity, drag             an arrow along the direction (a ring if none)
//   noise, turbulence                          a wave
//   custom (the script's own force)           a ring with a dot
//
// A field that acts everywhere and has no centre (gravity-like) is not drawn, as gravity is not.

import CCairo
import Dynamics
import DynamicsMath

extension Scene {
    /// How a field is marked.
    public enum FieldMark: String, Equatable, Sendable, CaseIterable {
        case attractor, repeller, positive, negative, magnetic, spring
        case vortexClockwise, vortexCounterclockwise
        case arrow, wave, custom
    }

    /// One outline of a field's region, relative to the field's position.
    public enum FieldOutline: Equatable, Sendable {
        case circle(radius: Real)
        case rectangle(width: Real, height: Real)
    }

    /// A field, ready to draw.
    public struct Field: Equatable, Sendable {
        public var name: String
        public var mark: FieldMark
        /// Where the mark and the region's centre are, world points.
        public var position: Vec2
        /// For `.arrow`: the direction shown (any length; zero draws a ring).
        public var direction: Vec2
        /// The region's discs and rectangles (none for a region that is everywhere).
        public var outlines: [FieldOutline]

        public init(name: String, mark: FieldMark, position: Vec2, direction: Vec2 = .zero, outlines: [FieldOutline] = []) {
            self.name = name
            self.mark = mark
            self.position = position
            self.direction = direction
            self.outlines = outlines
        }
    }
}

extension SceneBuilder {
    /// The most outlines drawn for one region (a region may hold up to 1,024 nodes).
    static let maximumFieldOutlines = 64

    /// The field `id` as drawn, or nil when it is not a field or is not drawn (no centre, and a
    /// region that is everywhere).
    static func field(of world: World, name: String, id: BehaviorID) -> Scene.Field? {
        guard let d = world.fieldDefinition(id) else { return nil }
        var outlines: [Scene.FieldOutline] = []
        collectOutlines(d.region, into: &outlines)
        let mark: Scene.FieldMark
        switch d.kind {
        case .radialGravity: mark = d.strength < 0 ? .repeller : .attractor
        case .electric: mark = d.strength < 0 ? .negative : .positive
        case .magnetic: mark = .magnetic
        case .spring: mark = .spring
        case .vortex: mark = d.strength < 0 ? .vortexCounterclockwise : .vortexClockwise
        case .linearGravity, .velocity, .drag: mark = .arrow
        case .noise, .turbulence: mark = .wave
        case .custom: mark = .custom
        }
        let centred: Bool
        switch d.kind {
        case .radialGravity, .electric, .magnetic, .spring, .vortex: centred = true
        default: centred = false
        }
        guard centred || !outlines.isEmpty, d.position.isFinite else { return nil }
        // Linear gravity points where it pulls (a negative strength reverses it).
        let direction = d.kind == .linearGravity ? d.strength * d.direction : d.direction
        return Scene.Field(name: name, mark: mark, position: d.position, direction: direction, outlines: outlines)
    }

    /// The discs and rectangles of a region, in the order they are written, at most
    /// `maximumFieldOutlines`; "everywhere" has none.
    static func collectOutlines(_ region: FieldRegion, into out: inout [Scene.FieldOutline]) {
        guard out.count < maximumFieldOutlines else { return }
        switch region {
        case .everywhere: break
        case .disc(let r): if r.isFinite { out.append(.circle(radius: r)) }
        case .rectangle(let s): if s.isFinite { out.append(.rectangle(width: s.x, height: s.y)) }
        case .inverse(let a): collectOutlines(a, into: &out)
        case .union(let a, let b), .difference(let a, let b), .intersection(let a, let b):
            collectOutlines(a, into: &out)
            collectOutlines(b, into: &out)
        }
    }
}

// MARK: - Files (cairo)

extension CairoScene {
    /// A field's region outlines, dashed in the field colour (drawn under the items).
    func drawFieldOutlines(_ f: Scene.Field) {
        let c = map(f.position)
        let s = viewport.scale
        for o in f.outlines {
            switch o {
            case .circle(let r):
                guard r * s > 0.5 else { continue }
                circle(c, r * s)
            case .rectangle(let w, let h):
                let hw = w / 2 * s, hh = h / 2 * s
                guard hw > 0.25 || hh > 0.25 else { continue }
                polygon([c + Vec2(-hw, -hh), c + Vec2(hw, -hh), c + Vec2(hw, hh), c + Vec2(-hw, hh)])
            }
            setColor(Palette.field, alpha: 0.7)
            cairo_set_line_width(cr, 1.25 * u)
            let dash = [4 * u, 3 * u]
            cairo_set_dash(cr, dash, 2, 0)
            cairo_stroke(cr)
            cairo_set_dash(cr, nil, 0, 0)
        }
    }

    /// A field's mark at its position (drawn over the items and links).
    func drawFieldMark(_ f: Scene.Field) {
        let c = map(f.position)
        guard ClipBox.safe.contains(c), nearPicture(c, c, pad: 20 * u) else { return }
        let r = 6 * u
        func ring() {
            circle(c, r)
            setColor(Palette.background, alpha: 0.85)
            cairo_fill_preserve(cr)
            stroke(Palette.field, width: 1.25 * u)
        }
        switch f.mark {
        case .attractor, .repeller:
            ring()
            for k in 0..<4 {
                let (cs, sn) = DMath.cosSin(Real.pi / 4 + Real(k) * Real.pi / 2)
                let d = Vec2(cs, sn)
                let outer = c + 2.2 * r * d, inner = c + 1.3 * r * d
                if f.mark == .attractor { arrow(from: outer, to: inner) } else { arrow(from: inner, to: outer) }
            }
        case .positive, .negative:
            ring()
            line(c - Vec2(0.55 * r, 0), c + Vec2(0.55 * r, 0))
            if f.mark == .positive { line(c - Vec2(0, 0.55 * r), c + Vec2(0, 0.55 * r)) }
            stroke(Palette.field, width: 1.5 * u)
        case .magnetic:
            ring()
            let k = 0.4 * r
            line(c - Vec2(k, k), c + Vec2(k, k))
            line(c - Vec2(k, -k), c + Vec2(k, -k))
            stroke(Palette.field, width: 1.5 * u)
        case .spring:
            moveTo(c - Vec2(1.6 * r, 0))
            for k in 0..<6 {
                let x = -1.2 * r + 2.4 * r * (Real(k) + 0.5) / 6
                lineTo(c + Vec2(x, k % 2 == 0 ? -0.6 * r : 0.6 * r))
            }
            lineTo(c + Vec2(1.6 * r, 0))
            stroke(Palette.field, width: 1.5 * u)
        case .vortexClockwise, .vortexCounterclockwise:
            // An arc of 300° and an arrow head at its end, turning the way the field turns
            // (clockwise on screen for a positive strength, as the field is defined).
            let clockwise = f.mark == .vortexClockwise
            let start: Real = -Real.pi / 2 + 0.5, end = start + 5 * Real.pi / 3
            cairo_new_sub_path(cr)
            cairo_arc(cr, c.x, c.y, r, start, end)
            stroke(Palette.field, width: 1.5 * u)
            let at = clockwise ? end : start
            let (cs, sn) = DMath.cosSin(at)
            let tip = c + r * Vec2(cs, sn)
            let tangent = clockwise ? Vec2(-sn, cs) : Vec2(sn, -cs)
            arrowHead(at: tip, direction: tangent, size: 0.8 * r)
        case .arrow:
            let len = f.direction.length
            guard len > 0, len.isFinite else { ring(); return }
            let d = f.direction / len
            arrow(from: c - 1.5 * r * d, to: c + 1.5 * r * d)
        case .custom:
            ring()
            circle(c, 1.5 * u)
            fill(Palette.field)
        case .wave:
            moveTo(c - Vec2(1.6 * r, 0))
            for k in 1...16 {
                let x = -1.6 * r + 3.2 * r * Real(k) / 16
                lineTo(c + Vec2(x, -0.5 * r * DMath.sin(Real(k) * Real.pi / 4)))
            }
            stroke(Palette.field, width: 1.5 * u)
        }
        if options.names && !f.name.isEmpty {
            selectFont(size: 9 * u)
            var e = cairo_text_extents_t()
            cairo_text_extents(cr, f.name, &e)
            // Above the mark: an item's name goes below the item, which may sit on the field.
            haloText(f.name, at: Vec2(c.x - e.width / 2 - e.x_bearing, c.y - 2.4 * r - e.height - e.y_bearing))
        }
    }

    /// A line from `a` to `b` with a head at `b`.
    private func arrow(from a: Vec2, to b: Vec2) {
        line(a, b)
        stroke(Palette.field, width: 1.25 * u)
        let d = b - a, len = d.length
        guard len > 0 else { return }
        arrowHead(at: b, direction: d / len, size: Swift.min(4 * u, 0.6 * len))
    }

    /// A filled head pointing along the unit `direction` with its tip at `tip`.
    private func arrowHead(at tip: Vec2, direction d: Vec2, size: Real) {
        let back = tip - size * d, side = 0.55 * size * d.perp
        moveTo(tip)
        lineTo(back + side)
        lineTo(back - side)
        cairo_close_path(cr)
        fill(Palette.field)
    }
}

// MARK: - The terminal

extension ScenePainter {
    static let fieldInk = TerminalCanvas.ink(Palette.field)

    /// A field's region outlines, dashed in the field colour (drawn under the items).
    mutating func drawFieldOutlines(_ f: Scene.Field) {
        var xs: [Real] = [], ys: [Real] = []
        for o in f.outlines {
            xs.removeAll(keepingCapacity: true); ys.removeAll(keepingCapacity: true)
            switch o {
            case .circle(let r):
                let n = 48
                for k in 0..<n {
                    let (cs, sn) = DMath.cosSin(2 * Real.pi * Real(k) / Real(n))
                    xs.append(frame.x(f.position.x + r * cs)); ys.append(frame.y(f.position.y + r * sn))
                }
            case .rectangle(let w, let h):
                for (sx, sy) in [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)] as [(Real, Real)] {
                    xs.append(frame.x(f.position.x + sx * w)); ys.append(frame.y(f.position.y + sy * h))
                }
            }
            canvas.ink = Self.fieldInk
            canvas.polyline(xs, ys, count: xs.count, closed: true, stroke: .dashed)
        }
    }

    /// A field's mark: one character at its position (drawn over the items and links).
    mutating func drawFieldMark(_ f: Scene.Field) {
        let cx = frame.x(f.position.x), cy = frame.y(f.position.y)
        guard cx.isFinite, cy.isFinite, Swift.abs(cx) < 1e9, Swift.abs(cy) < 1e9 else { return }
        let col = Int((cx / Real(canvas.cellPixelsX)).rounded(.down)), row = Int((cy / Real(canvas.cellPixelsY)).rounded(.down))
        canvas.ink = Self.fieldInk
        canvas.put(Self.fieldGlyph(f, unicode: isBraille), column: col, row: row)
    }

    /// The character that marks a field: Unicode in braille mode, ASCII otherwise.
    static func fieldGlyph(_ f: Scene.Field, unicode: Bool) -> UInt32 {
        let pick: (String, String)
        switch f.mark {
        case .attractor: pick = ("◎", "@")
        case .repeller: pick = ("✳", "*")
        case .positive: pick = ("⊕", "+")
        case .negative: pick = ("⊖", "-")
        case .magnetic: pick = ("⊗", "X")
        case .spring: pick = ("≀", "S")
        case .vortexClockwise: pick = ("↻", "@")
        case .vortexCounterclockwise: pick = ("↺", "@")
        case .wave: pick = ("≈", "~")
        case .custom: pick = ("◈", "#")
        case .arrow:
            let d = f.direction
            if !(d.length > 0) {
                pick = ("○", "o")
            } else if Swift.abs(d.x) >= 2 * Swift.abs(d.y) {
                pick = d.x > 0 ? ("→", ">") : ("←", "<")
            } else if Swift.abs(d.y) >= 2 * Swift.abs(d.x) {
                pick = d.y > 0 ? ("↓", "v") : ("↑", "^")
            } else {
                // y is down on screen.
                pick = d.x > 0 ? (d.y > 0 ? ("↘", "\\") : ("↗", "/")) : (d.y > 0 ? ("↙", "/") : ("↖", "\\"))
            }
        }
        let text = unicode ? pick.0 : pick.1
        return text.unicodeScalars.first!.value
    }
}
