// The one drawing routine behind every file: a `Scene` drawn with cairo onto whatever surface
// the caller made (an image for PNG and GIF frames, SVG, PDF). The world is mapped through a
// `Viewport`, so that shapes are drawn in picture units and line widths and text sizes follow
// the picture's size (`FileStyle.unit`), not the world's.
//
// Layers, bottom to top: white background, the bounds, boundaries, trails, items (tinted fill,
// coloured outline, at their angle), links, anchors, velocity arrows, names, the time.
// Fields (SceneFields.swift): their regions' outlines under the items, their marks over the links.

import CCairo
import DynamicsMath

struct CairoScene {
    let cr: OpaquePointer
    let viewport: Viewport
    let options: DrawOptions
    /// Line widths and text sizes are multiples of this (picture units).
    let u: Real
    /// Small circles stamped from images (raster surfaces only; see `CircleSprites`).
    let sprites: CircleSprites?

    /// Draws `scene` on `cr`, whose picture is `viewport.width` × `viewport.height` units.
    ///
    /// - Parameter sprites: for a raster surface drawn again and again (GIF frames), a cache
    ///   that stamps small circles instead of filling and stroking each: 15 times faster, within
    ///   1/8 pixel of the same place. nil draws every shape as a path.
    static func draw(_ scene: Scene, on cr: OpaquePointer, viewport: Viewport, options: DrawOptions,
                     sprites: CircleSprites? = nil) {
        let painter = CairoScene(cr: cr, viewport: viewport, options: options,
                                 u: FileStyle.unit(width: viewport.width, height: viewport.height), sprites: sprites)
        painter.draw(scene)
    }

    private func draw(_ scene: Scene) {
        cairo_save(cr)
        setColor(Palette.background)
        cairo_paint(cr)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        drawBounds(scene)
        for b in scene.boundaries { drawBoundary(b) }
        for t in scene.trails { drawTrail(t) }
        for f in scene.fields { drawFieldOutlines(f) }
        for item in scene.items { drawItem(item) }
        for link in scene.links { drawLink(link) }
        for link in scene.links where link.bIsAnchor { drawAnchor(link) }
        for f in scene.fields { drawFieldMark(f) }
        if options.velocities {
            for item in scene.items where !item.anchored { drawVelocity(item) }
        }
        if options.names {
            for item in scene.items where !item.name.isEmpty { drawName(item) }
        }
        if options.time { drawTime(scene.time) }
        cairo_restore(cr)
    }

    // MARK: Primitives

    func setColor(_ c: Palette.RGB, alpha: Real = 1) {
        if alpha >= 1 {
            cairo_set_source_rgb(cr, Real(c.r) / 255, Real(c.g) / 255, Real(c.b) / 255)
        } else {
            cairo_set_source_rgba(cr, Real(c.r) / 255, Real(c.g) / 255, Real(c.b) / 255, alpha)
        }
    }

    func moveTo(_ p: Vec2) { cairo_move_to(cr, p.x, p.y) }
    func lineTo(_ p: Vec2) { cairo_line_to(cr, p.x, p.y) }

    /// Adds the segment a–b, clipped to `ClipBox.safe`.
    func line(_ a: Vec2, _ b: Vec2) {
        guard let (p, q) = ClipBox.safe.clip(a, b) else { return }
        moveTo(p)
        lineTo(q)
    }

    /// Adds a polyline, each segment clipped to `ClipBox.safe`.
    func polyline(_ points: [Vec2]) {
        var pen: Vec2?
        for (a, b) in zip(points, points.dropFirst()) {
            guard let (p, q) = ClipBox.safe.clip(a, b) else {
                pen = nil
                continue
            }
            if pen != p { moveTo(p) }
            lineTo(q)
            pen = q
        }
    }

    /// Adds a closed polygon, clipped to `ClipBox.safe`.
    func polygon(_ points: [Vec2]) {
        let ps = ClipBox.safe.clip(polygon: points)
        guard ps.count >= 2 else { return }
        moveTo(ps[0])
        for p in ps.dropFirst() { lineTo(p) }
        cairo_close_path(cr)
    }

    func circle(_ c: Vec2, _ r: Real) {
        if ClipBox.safe.contains(c - Vec2(r, r)), ClipBox.safe.contains(c + Vec2(r, r)) {
            cairo_new_sub_path(cr)
            cairo_arc(cr, c.x, c.y, r, 0, 2 * Real.pi)
            cairo_close_path(cr)
        } else {
            polygon((0..<256).map { i in
                let (cs, sn) = DMath.cosSin(2 * Real.pi * Real(i) / 256)
                return c + r * Vec2(cs, sn)
            })
        }
    }

    /// Whether a box (picture units) comes within `pad` of the picture.
    func nearPicture(_ lo: Vec2, _ hi: Vec2, pad: Real) -> Bool {
        hi.x >= -pad && hi.y >= -pad && lo.x <= viewport.width + pad && lo.y <= viewport.height + pad
    }

    func stroke(_ c: Palette.RGB, width: Real, dash: [Real] = []) {
        setColor(c)
        cairo_set_line_width(cr, width)
        if !dash.isEmpty { cairo_set_dash(cr, dash, Int32(dash.count), 0) }
        cairo_stroke(cr)
        if !dash.isEmpty { cairo_set_dash(cr, nil, 0, 0) }
    }

    func fill(_ c: Palette.RGB) {
        setColor(c)
        cairo_fill(cr)
    }

    func map(_ p: Vec2) -> Vec2 { viewport.map(p) }

    // MARK: The world

    private func drawBounds(_ scene: Scene) {
        let a = map(Vec2(scene.bounds.minX, scene.bounds.minY))
        let b = map(Vec2(scene.bounds.maxX, scene.bounds.maxY))
        polygon([a, Vec2(b.x, a.y), b, Vec2(a.x, b.y)])
        if scene.boundsCollide {
            stroke(Palette.boundary, width: 1.5 * u)
        } else {
            stroke(Palette.bounds, width: u)
        }
    }

    private func drawBoundary(_ b: Scene.Boundary) {
        let ps = b.points.filter(\.isFinite).map(map)
        if b.closed && ps.count >= 3 { polygon(ps) } else { polyline(ps) }
        stroke(Palette.boundary, width: 2 * u)
    }

    private func drawTrail(_ t: Scene.Trail) {
        var run: [Vec2] = []
        for p in t.points + [Vec2(.nan, .nan)] {
            if p.isFinite {
                run.append(map(p))
            } else {
                polyline(run)
                run.removeAll(keepingCapacity: true)
            }
        }
        stroke(FileStyle.trail(t.colorIndex), width: u)
    }

    // MARK: Items

    /// How far outside the picture an item may be and still show (its outline).
    private var cullPad: Real { 4 * u }

    private func drawItem(_ item: Scene.Item) {
        guard item.center.isFinite, item.angle.isFinite else { return }
        let s = viewport.scale
        let c = map(item.center)
        let q = Rot(angle: item.angle)
        let outline = FileStyle.outline(item), fill = FileStyle.fill(item)
        let size: Real
        switch item.shape {
        case .ellipse(let w, let h):
            let r = Swift.max(w, h) / 2 * s
            guard nearPicture(c - Vec2(r, r), c + Vec2(r, r), pad: cullPad) else { return }
            size = Swift.min(w, h) * s
            if w == h {
                if let sprites, sprites.stamp(on: cr, at: c, radius: r, outline: outline, fill: fill, lineWidth: itemLineWidth(size)) {
                    return
                }
                circle(c, r)
            } else if r < 1e5, ClipBox.safe.contains(c) {
                cairo_save(cr)
                cairo_translate(cr, c.x, c.y)
                cairo_rotate(cr, item.angle)
                cairo_scale(cr, Swift.max(w / 2 * s, 1e-6), Swift.max(h / 2 * s, 1e-6))
                cairo_new_sub_path(cr)
                cairo_arc(cr, 0, 0, 1, 0, 2 * Real.pi)
                cairo_close_path(cr)
                cairo_restore(cr)
            } else {
                polygon(item.worldOutline(ellipseSegments: 256).map(map))
            }
        case .rectangle(let w, let h):
            let hw = w / 2 * s, hh = h / 2 * s
            let corners = [Vec2(-hw, -hh), Vec2(hw, -hh), Vec2(hw, hh), Vec2(-hw, hh)].map { c + q.apply($0) }
            guard drawable(corners) else { return }
            size = Swift.min(w, h) * s
            polygon(corners)
        case .polygon(let local):
            guard local.count >= 2 else { return }
            let corners = local.map { c + s * q.apply($0) }
            guard drawable(corners) else { return }
            var lo = Vec2(Real.infinity, Real.infinity), hi = -lo
            for v in local {
                lo = min(lo, v)
                hi = max(hi, v)
            }
            size = Swift.min(hi.x - lo.x, hi.y - lo.y) * s
            polygon(corners)
        }
        paintItem(outline: outline, fill: fill, lineWidth: itemLineWidth(size))
    }

    /// Whether an outline comes near the picture.
    private func drawable(_ points: [Vec2]) -> Bool {
        var lo = Vec2(Real.infinity, Real.infinity), hi = -lo
        for p in points {
            lo = min(lo, p)
            hi = max(hi, p)
        }
        return lo.isFinite && hi.isFinite && nearPicture(lo, hi, pad: cullPad)
    }

    /// The outline's width for an item `size` units across (its smaller side); 0 for tiny items,
    /// which are a solid dot of their colour (an outline would hide the fill).
    func itemLineWidth(_ size: Real) -> Real {
        size < 3 ? 0 : Swift.min(1.25 * u, size / 4)
    }

    /// Fills the current path with `fill` and strokes it with `outline`, or fills it with
    /// `outline` when `lineWidth` is 0.
    func paintItem(outline: Palette.RGB, fill: Palette.RGB, lineWidth: Real) {
        if lineWidth <= 0 {
            self.fill(outline)
            return
        }
        setColor(fill)
        cairo_fill_preserve(cr)
        stroke(outline, width: lineWidth)
    }

    // MARK: Links

    private func drawLink(_ link: Scene.Link) {
        guard link.a.isFinite, link.b.isFinite, let (a, b) = ClipBox.safe.clip(map(link.a), map(link.b)) else { return }
        let d = b - a
        let length = d.length
        switch link.style {
        case .rod:
            line(a, b)
            stroke(Palette.link, width: 1.5 * u)
            circle(a, 1.75 * u)
            circle(b, 1.75 * u)
            fill(Palette.link)
        case .spring:
            drawSpring(a, b)
        case .pin:
            if length > u {
                line(a, b)
                stroke(Palette.link, width: u)
            }
            circle(b, 3.5 * u)
            setColor(Palette.background)
            cairo_fill_preserve(cr)
            stroke(Palette.link, width: 1.25 * u)
        case .limit:
            line(a, b)
            stroke(Palette.link, width: 1.25 * u, dash: [5 * u, 3 * u])
        case .slide:
            let e = length > 1e-9 ? d * (0.25) : .zero
            line(a - e, b + e)
            stroke(Palette.link, width: 0.75 * u)
        case .fixed:
            // A short thick bar: the segment itself, or a small bar across the joint when the
            // ends (nearly) coincide.
            let dir = length > 2 * u ? d / length : Vec2(1, 0)
            let half = Swift.max(length / 2, 4 * u)
            let mid = 0.5 * (a + b)
            line(mid - half * dir, mid + half * dir)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
            stroke(Palette.link, width: 4 * u)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        case .snap:
            line(a, b)
            stroke(Palette.link, width: 1.5 * u, dash: [0, 3.5 * u])
            let k = 4 * u
            line(b - Vec2(k, k), b + Vec2(k, k))
            line(b - Vec2(k, -k), b + Vec2(k, -k))
            stroke(Palette.link, width: 1.25 * u)
        }
    }

    /// A zig-zag from `a` to `b` with straight leads at both ends.
    private func drawSpring(_ a: Vec2, _ b: Vec2) {
        let d = b - a
        let length = d.length
        guard length > 4 * u else {
            line(a, b)
            stroke(Palette.link, width: 1.25 * u)
            return
        }
        let dir = d / length, normal = dir.perp
        let lead = Swift.min(6 * u, length / 4)
        let body = length - 2 * lead
        let zigs = Swift.max(4, Swift.min(20, Int(body / (5 * u))))
        let amplitude = 4 * u
        moveTo(a)
        lineTo(a + lead * dir)
        for k in 0..<zigs {
            let along = lead + body * (Real(k) + 0.5) / Real(zigs)
            let side: Real = k % 2 == 0 ? 1 : -1
            lineTo(a + along * dir + side * amplitude * normal)
        }
        lineTo(a + (length - lead) * dir)
        lineTo(b)
        stroke(Palette.link, width: 1.25 * u)
    }

    /// An anchor (a point fixed in the world): a small dark dot.
    private func drawAnchor(_ link: Scene.Link) {
        guard link.b.isFinite, ClipBox.safe.contains(map(link.b)) else { return }
        circle(map(link.b), (link.style == .pin ? 1.5 : 2.5) * u)
        fill(Palette.boundary)
    }

    // MARK: Annotations

    private func drawVelocity(_ item: Scene.Item) {
        guard item.center.isFinite, item.velocity.isFinite,
              let (a, b) = ClipBox.safe.clip(map(item.center), map(item.center + options.velocityScale * item.velocity)) else { return }
        let d = b - a
        let length = d.length
        guard length >= 3 * u else { return }
        let dir = d / length
        let head = Swift.min(5 * u, length / 2)
        let back = b - head * dir
        let side = 0.45 * head * dir.perp
        line(a, back)
        let color = FileStyle.arrow(item)
        stroke(color, width: 1.25 * u)
        moveTo(b)
        lineTo(back + side)
        lineTo(back - side)
        cairo_close_path(cr)
        fill(color)
    }

    func selectFont(size: Real) {
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
    }

    /// Text with a white halo, so that it stays readable over lines and fills.
    func haloText(_ text: String, at p: Vec2) {
        moveTo(p)
        cairo_text_path(cr, text)
        setColor(Palette.background)
        cairo_set_line_width(cr, 3 * u)
        cairo_stroke_preserve(cr)
        fill(Palette.text)
    }

    private func drawName(_ item: Scene.Item) {
        guard item.center.isFinite, item.angle.isFinite else { return }
        let box = item.boundingBox
        let lo = map(Vec2(box.minX, box.minY)), hi = map(Vec2(box.maxX, box.maxY))
        guard nearPicture(lo, hi, pad: 30 * u) else { return }
        selectFont(size: 10 * u)
        var e = cairo_text_extents_t()
        cairo_text_extents(cr, item.name, &e)
        let c = map(item.center)
        let bottom = hi.y
        haloText(item.name, at: Vec2(c.x - e.width / 2 - e.x_bearing, bottom + 3 * u - e.y_bearing))
    }

    private func drawTime(_ t: Real) {
        selectFont(size: 12 * u)
        let text = FileStyle.timeLabel(t)
        var e = cairo_text_extents_t()
        cairo_text_extents(cr, text, &e)
        // Inside the top-left corner of the fitted region (where the bounds' frame usually is),
        // with a halo and no box, so that an item in the corner still shows around the letters.
        let pad = 4 * u
        let x = Swift.max(viewport.offset.x, 0) + 3 * u, y = Swift.max(viewport.offset.y, 0) + 3 * u
        haloText(text, at: Vec2(x + pad - e.x_bearing, y + pad - e.y_bearing))
    }
}
