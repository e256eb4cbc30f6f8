// An animation as one self-contained web page: the recording as JavaScript calls streamed into
// the page as frames come, then the player (HTMLPlayer) that draws it in a canvas.
//
// The data, in order of need, each definition written once, just before the first frame that
// uses it:
//   S(id, name, kind, dims, colour, anchored)  an item's shape: kind "r" [w, h], "e" [w, h],
//                                              "p" [x0, y0, x1, y1, ...] (relative to the centre)
//   K(id, name, style, anchor)                 a link: style as `LinkStyle`, anchor 1 when b is fixed
//   W(id, bounds, collide, boundaries, traced, fields)  the world's still parts: [x, y, w, h],
//                                              0/1, [[closed, [x0, y0, ...]], ...], traced item
//                                              names, [[name, mark, glyph, x, y, [outline, ...]], ...]
//                                              with outlines ["c", r] or ["r", w, h] (SceneFields.swift)
//   F(t, w, [id, x, y, angle, ...], [id, ax, ay, bx, by, ...])   a frame
// Positions have 2 decimals (0.01 pt), angles 3 (radians, wrapped to [-π, π]). An item is in a
// frame when its id is; an item whose name comes back with another shape or colour gets a new id.
// Times never go back: a frame earlier than the one before is given the time before.

import DynamicsMath

final class HTMLRecording {
    private let file: OutputFile
    private let viewport: Viewport
    private var buffer: [UInt8] = []
    /// Item prototypes by id, and ids by name (for lookup only, never iterated).
    private var shapes: [Scene.Item] = []
    private var shapeIDs: [String: [Int]] = [:]
    private var links: [Scene.Link] = []
    private var linkIDs: [String: [Int]] = [:]
    private struct Still: Equatable {
        var bounds: Rect
        var collide: Bool
        var boundaries: [Scene.Boundary]
        var traced: [String]
        var fields: [Scene.Field]
    }
    private var stills: [Still] = []
    private var lastTime = -Real.infinity

    init(file: OutputFile, viewport: Viewport, fps: Int, options: DrawOptions, title: String) {
        self.file = file
        self.viewport = viewport
        var head = HTMLPlayer.head(title: title, width: Int(viewport.width), height: Int(viewport.height))
        head += "<script>\n\"use strict\";\n"
        head += "var DYN = {width: \(Int(viewport.width)), height: \(Int(viewport.height)), fps: \(fps), "
        head += "region: [\(viewport.world.x), \(viewport.world.y), \(viewport.world.width), \(viewport.world.height)], "
        head += "view: [\(viewport.scale), \(viewport.offset.x), \(viewport.offset.y), \(FileStyle.unit(width: viewport.width, height: viewport.height))], "
        head += "names: \(options.names), time: \(options.time),\n  colors: " + HTMLPlayer.colors() + ",\n"
        head += "  shapes: [], links: [], worlds: [], frames: []};\n"
        head += HTMLPlayer.dataFunctions + "</script>\n<script>\n"
        file.write(head)
    }

    func add(_ scene: Scene) {
        buffer.removeAll(keepingCapacity: true)
        let still = Still(bounds: scene.bounds, collide: scene.boundsCollide, boundaries: scene.boundaries,
                          traced: scene.trails.map(\.name), fields: scene.fields)
        if stills.last != still { define(still, id: stills.count) }
        let t = Swift.max(lastTime, scene.time.isFinite ? scene.time : 0)
        lastTime = t
        var itemIDs: [Int] = []
        itemIDs.reserveCapacity(scene.items.count)
        for item in scene.items { itemIDs.append(id(of: item)) }
        var linkIDsNow: [Int] = []
        for link in scene.links { linkIDsNow.append(id(of: link)) }

        append("F(")
        appendNumber(t, 6)
        append(",\(stills.count - 1),[")
        var first = true
        for (item, id) in zip(scene.items, itemIDs) where item.center.isFinite && item.angle.isFinite {
            if !first { buffer.append(0x2c) }
            first = false
            append(String(id))
            buffer.append(0x2c)
            appendNumber(item.center.x, 2)
            buffer.append(0x2c)
            appendNumber(item.center.y, 2)
            buffer.append(0x2c)
            appendNumber(wrapAngle(item.angle), 3)
        }
        append("],[")
        first = true
        for (link, id) in zip(scene.links, linkIDsNow) where link.a.isFinite && link.b.isFinite {
            if !first { buffer.append(0x2c) }
            first = false
            append(String(id))
            for v in [link.a.x, link.a.y, link.b.x, link.b.y] {
                buffer.append(0x2c)
                appendNumber(v, 2)
            }
        }
        append("]);\n")
        file.write(buffer)
    }

    func finish() {
        file.write("</script>\n<script>\n" + HTMLPlayer.script + "</script>\n</body>\n</html>\n")
    }

    // MARK: Definitions

    private func id(of item: Scene.Item) -> Int {
        if let ids = shapeIDs[item.name] {
            for id in ids {
                let p = shapes[id]
                if p.shape == item.shape, p.colorIndex == item.colorIndex, p.anchored == item.anchored { return id }
            }
        }
        let id = shapes.count
        shapes.append(item)
        shapeIDs[item.name, default: []].append(id)
        append("S(\(id)," + jsString(item.name) + ",")
        switch item.shape {
        case .rectangle(let w, let h):
            append("\"r\",[")
            appendNumber(w, 2)
            buffer.append(0x2c)
            appendNumber(h, 2)
        case .ellipse(let w, let h):
            append("\"e\",[")
            appendNumber(w, 2)
            buffer.append(0x2c)
            appendNumber(h, 2)
        case .polygon(let ps):
            append("\"p\",[")
            for (i, p) in ps.enumerated() {
                if i > 0 { buffer.append(0x2c) }
                appendNumber(p.x, 2)
                buffer.append(0x2c)
                appendNumber(p.y, 2)
            }
        }
        append("],\(item.colorIndex),\(item.anchored ? 1 : 0));\n")
        return id
    }

    private func id(of link: Scene.Link) -> Int {
        if let ids = linkIDs[link.name] {
            for id in ids where links[id].style == link.style && links[id].bIsAnchor == link.bIsAnchor { return id }
        }
        let id = links.count
        links.append(link)
        linkIDs[link.name, default: []].append(id)
        append("K(\(id)," + jsString(link.name) + ",\"\(link.style.rawValue)\",\(link.bIsAnchor ? 1 : 0));\n")
        return id
    }

    private func define(_ still: Still, id: Int) {
        stills.append(still)
        let b = still.bounds
        append("W(\(id),[")
        for (i, v) in [b.x, b.y, b.width, b.height].enumerated() {
            if i > 0 { buffer.append(0x2c) }
            appendNumber(v, 2)
        }
        append("],\(still.collide ? 1 : 0),[")
        for (i, line) in still.boundaries.enumerated() {
            if i > 0 { buffer.append(0x2c) }
            append("[\(line.closed ? 1 : 0),[")
            var first = true
            for p in line.points where p.isFinite {
                if !first { buffer.append(0x2c) }
                first = false
                appendNumber(p.x, 2)
                buffer.append(0x2c)
                appendNumber(p.y, 2)
            }
            append("]]")
        }
        append("],[" + still.traced.map(jsString).joined(separator: ",") + "],[")
        for (i, f) in still.fields.enumerated() {
            if i > 0 { buffer.append(0x2c) }
            let glyph = String(Unicode.Scalar(ScenePainter.fieldGlyph(f, unicode: true)) ?? "?")
            append("[" + jsString(f.name) + ",\"\(f.mark.rawValue)\"," + jsString(glyph) + ",")
            appendNumber(f.position.x, 2)
            buffer.append(0x2c)
            appendNumber(f.position.y, 2)
            append(",[")
            for (k, o) in f.outlines.enumerated() {
                if k > 0 { buffer.append(0x2c) }
                switch o {
                case .circle(let r):
                    append("[\"c\",")
                    appendNumber(r, 2)
                case .rectangle(let w, let h):
                    append("[\"r\",")
                    appendNumber(w, 2)
                    buffer.append(0x2c)
                    appendNumber(h, 2)
                }
                append("]")
            }
            append("]]")
        }
        append("]);\n")
    }

    // MARK: Text

    private func append(_ s: String) {
        buffer.append(contentsOf: s.utf8)
    }

    /// Appends `x` rounded to `decimals` digits, without trailing zeros ("12.5", "80", "-0.25").
    private func appendNumber(_ x: Real, _ decimals: Int) {
        guard x.isFinite else {
            buffer.append(0x30)
            return
        }
        var scale: Real = 1
        for _ in 0..<decimals { scale *= 10 }
        let n = (Swift.abs(x) * scale).rounded()
        guard n < 1e15 else {
            append("\(x)")
            return
        }
        var whole = UInt64(n)
        if whole == 0 {
            buffer.append(0x30)
            return
        }
        if x < 0 { buffer.append(0x2d) }
        let p = UInt64(scale)
        append(String(whole / p))
        whole %= p
        if whole == 0 { return }
        var digits = decimals
        while whole % 10 == 0 {
            whole /= 10
            digits -= 1
        }
        buffer.append(0x2e)
        let text = String(whole)
        for _ in 0..<(digits - text.count) { buffer.append(0x30) }
        append(text)
    }
}

/// An angle in [-π, π].
private func wrapAngle(_ a: Real) -> Real {
    let twoPi = 2 * Real.pi
    return a - twoPi * (a / twoPi).rounded()
}

/// `s` as a JavaScript string literal that is also safe inside a <script> element.
func jsString(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "<", ">", "&", "\u{2028}", "\u{2029}":
            out += "\\u" + hex4(u.value)
        default:
            if u.value < 0x20 { out += "\\u" + hex4(u.value) } else { out.unicodeScalars.append(u) }
        }
    }
    return out + "\""
}

private func hex4(_ v: UInt32) -> String {
    let digits = Array("0123456789abcdef")
    return String((0..<4).map { digits[Int(v >> (12 - 4 * UInt32($0)) & 0xf)] })
}
