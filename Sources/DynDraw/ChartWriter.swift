// `plot ... to FILE`: a line chart in a PNG, SVG or PDF file, drawn with cairo.
//
// Layout, outside in: the legend in rows along the top (one palette colour per series), the
// y label turned along the left edge, the y tick labels, the plot area with a light grid at
// the ticks, the x tick labels and the x label under it. The axes run from the first nice
// tick to the last (`Chart.niceTicks`), so the data fill the area. Lines are clipped to the
// area; a non-finite point breaks a line, and a point with no neighbour is a dot.

import CCairo
import DynamicsMath

/// Writes charts to files.
public enum ChartWriter {
    /// Writes `chart` as a `width` × `height` picture (pixels for PNG, CSS pixels for SVG,
    /// points for PDF), complete or not at all, the same bytes every run.
    ///
    /// - Parameter format: nil to choose from the extension of `path` (.png, .svg, .pdf).
    /// - Throws: `DrawError` in plain words: unknown extension, missing folder, unwritable path,
    ///   size out of range.
    public static func write(_ chart: Chart, to path: String, format: PictureFormat? = nil,
                             width: Int, height: Int) throws(DrawError) {
        let format = try PictureWriter.resolve(format, path)
        try checkPictureSize(width, height, path: path)
        let file = try OutputFile(path: path)
        let bytes = try CairoDocument.render(format, width: width, height: height, path: path) { cr in
            let layout = ChartLayout(chart, width: Real(width), height: Real(height), cr: cr)
            layout.draw(chart, on: cr, snap: format == .png)
        }
        file.write(bytes)
        try file.commit()
    }
}

/// Where everything of a chart goes, in picture units.
struct ChartLayout {
    let width: Real
    let height: Real
    /// Line widths and text sizes are multiples of this.
    let u: Real
    /// The plot area.
    let plot: Rect
    let xTicks: [Real]
    let yTicks: [Real]
    let xStep: Real
    let yStep: Real
    /// Legend entries: the series' index and where its swatch starts (text follows).
    let legend: [(series: Int, at: Vec2)]

    var tickFont: Real { 11 * u }
    var labelFont: Real { 12 * u }
    var legendRow: Real { 16 * u }

    init(_ chart: Chart, width: Real, height: Real, cr: OpaquePointer) {
        self.width = width
        self.height = height
        let u = FileStyle.unit(width: width, height: height)
        self.u = u
        let range = chart.dataRange ?? (0, 1, 0, 1)
        (xTicks, xStep) = Chart.niceTicks(range.x0, range.x1, count: Swift.max(2, Int(width / (90 * u))))
        (yTicks, yStep) = Chart.niceTicks(range.y0, range.y1, count: Swift.max(2, Int(height / (55 * u))))

        func textWidth(_ s: String, _ size: Real) -> Real {
            cairo_set_font_size(cr, size)
            var e = cairo_text_extents_t()
            cairo_text_extents(cr, s, &e)
            return e.x_advance
        }
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        var yLabelWidth: Real = 0
        for t in yTicks { yLabelWidth = Swift.max(yLabelWidth, textWidth(tickLabel(t, yStep), 11 * u)) }
        let lastXLabel = textWidth(tickLabel(xTicks.last ?? 0, xStep), 11 * u)

        var left = 8 * u + yLabelWidth + 8 * u
        if let y = chart.yLabel, !y.isEmpty { left += 12 * u * 1.5 }
        let right = Swift.max(14 * u, lastXLabel / 2 + 6 * u)
        var bottom = 8 * u + 11 * u * 1.2 + 8 * u
        if !chart.xLabel.isEmpty { bottom += 12 * u * 1.6 }

        // The legend, wrapped into rows.
        var entries: [(Int, Vec2)] = []
        var x = left, row = 0
        let swatch = 18 * u + 5 * u
        for (i, s) in chart.series.enumerated() {
            let w = swatch + textWidth(s.name, 11 * u) + 16 * u
            if x + w > width - right, x > left {
                row += 1
                x = left
            }
            entries.append((i, Vec2(x, 8 * u + Real(row) * 16 * u + 8 * u)))
            x += w
        }
        legend = entries
        let top = chart.series.isEmpty ? 12 * u : 8 * u + Real(row + 1) * 16 * u + 8 * u
        let plotWidth = Swift.max(width - left - right, 1), plotHeight = Swift.max(height - top - bottom, 1)
        plot = Rect(x: left, y: top, width: plotWidth, height: plotHeight)
    }

    /// The axes' ranges: from the first tick to the last.
    var xRange: (Real, Real) { (xTicks.first ?? 0, xTicks.last ?? 1) }
    var yRange: (Real, Real) { (yTicks.first ?? 0, yTicks.last ?? 1) }

    /// Data point to picture point (y up in the data, down in the picture).
    func map(_ p: Vec2) -> Vec2 {
        let (x0, x1) = xRange, (y0, y1) = yRange
        let sx = plot.width / Swift.max(x1 - x0, 1e-300), sy = plot.height / Swift.max(y1 - y0, 1e-300)
        return Vec2(plot.minX + (p.x - x0) * sx, plot.maxY - (p.y - y0) * sy)
    }

    func draw(_ chart: Chart, on cr: OpaquePointer, snap: Bool) {
        func color(_ c: Palette.RGB) { cairo_set_source_rgb(cr, Real(c.r) / 255, Real(c.g) / 255, Real(c.b) / 255) }
        // A 1-unit line on a pixel's centre stays crisp in a bitmap.
        func crisp(_ v: Real) -> Real { snap ? v.rounded(.down) + 0.5 : v }
        color(Palette.background)
        cairo_paint(cr)
        cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)

        // Grid, then the zero lines a little darker.
        cairo_set_line_width(cr, u)
        for t in xTicks {
            let x = crisp(map(Vec2(t, 0)).x)
            cairo_move_to(cr, x, plot.minY)
            cairo_line_to(cr, x, plot.maxY)
        }
        for t in yTicks {
            let y = crisp(map(Vec2(0, t)).y)
            cairo_move_to(cr, plot.minX, y)
            cairo_line_to(cr, plot.maxX, y)
        }
        color(FileStyle.grid)
        cairo_stroke(cr)
        if xRange.0 < 0, xRange.1 > 0 {
            let x = crisp(map(.zero).x)
            cairo_move_to(cr, x, plot.minY)
            cairo_line_to(cr, x, plot.maxY)
        }
        if yRange.0 < 0, yRange.1 > 0 {
            let y = crisp(map(.zero).y)
            cairo_move_to(cr, plot.minX, y)
            cairo_line_to(cr, plot.maxX, y)
        }
        color(Palette.bounds)
        cairo_stroke(cr)

        // Axes with ticks and their labels.
        let left = crisp(plot.minX), base = crisp(plot.maxY)
        cairo_move_to(cr, left, plot.minY)
        cairo_line_to(cr, left, base)
        cairo_line_to(cr, plot.maxX, base)
        for t in xTicks {
            let x = crisp(map(Vec2(t, 0)).x)
            cairo_move_to(cr, x, base)
            cairo_line_to(cr, x, base + 4 * u)
        }
        for t in yTicks {
            let y = crisp(map(Vec2(0, t)).y)
            cairo_move_to(cr, left, y)
            cairo_line_to(cr, left - 4 * u, y)
        }
        color(Palette.boundary)
        cairo_stroke(cr)
        cairo_set_font_size(cr, tickFont)
        color(Palette.text)
        var e = cairo_text_extents_t()
        var fe = cairo_font_extents_t()
        cairo_font_extents(cr, &fe)
        for t in xTicks {
            let s = tickLabel(t, xStep)
            cairo_text_extents(cr, s, &e)
            cairo_move_to(cr, map(Vec2(t, 0)).x - e.x_advance / 2, base + 6 * u + fe.ascent)
            cairo_show_text(cr, s)
        }
        for t in yTicks {
            let s = tickLabel(t, yStep)
            cairo_text_extents(cr, s, &e)
            cairo_move_to(cr, left - 7 * u - e.x_advance, map(Vec2(0, t)).y + (fe.ascent - fe.descent) / 2)
            cairo_show_text(cr, s)
        }

        // Axis labels.
        cairo_set_font_size(cr, labelFont)
        cairo_font_extents(cr, &fe)
        if !chart.xLabel.isEmpty {
            cairo_text_extents(cr, chart.xLabel, &e)
            cairo_move_to(cr, plot.minX + plot.width / 2 - e.x_advance / 2, height - 8 * u - fe.descent)
            cairo_show_text(cr, chart.xLabel)
        }
        if let label = chart.yLabel, !label.isEmpty {
            cairo_text_extents(cr, label, &e)
            cairo_save(cr)
            cairo_translate(cr, 8 * u + fe.ascent, plot.minY + plot.height / 2 + e.x_advance / 2)
            cairo_rotate(cr, -Real.pi / 2)
            cairo_move_to(cr, 0, 0)
            cairo_show_text(cr, label)
            cairo_restore(cr)
        }

        // The series, clipped to the plot area.
        cairo_save(cr)
        cairo_rectangle(cr, plot.minX - u, plot.minY - u, plot.width + 2 * u, plot.height + 2 * u)
        cairo_clip(cr)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_width(cr, 1.75 * u)
        for (i, s) in chart.series.enumerated() {
            color(Palette.item(i))
            var run: [Vec2] = []
            func flush() {
                if run.count == 1 {
                    if ClipBox.safe.contains(run[0]) {
                        cairo_new_sub_path(cr)
                        cairo_arc(cr, run[0].x, run[0].y, 2 * u, 0, 2 * Real.pi)
                        cairo_fill(cr)
                    }
                } else if run.count > 1 {
                    var pen: Vec2?
                    for (a, b) in zip(run, run.dropFirst()) {
                        guard let (p, q) = ClipBox.safe.clip(a, b) else {
                            pen = nil
                            continue
                        }
                        if pen != p { cairo_move_to(cr, p.x, p.y) }
                        cairo_line_to(cr, q.x, q.y)
                        pen = q
                    }
                    cairo_stroke(cr)
                }
                run.removeAll(keepingCapacity: true)
            }
            for p in s.points {
                let q = map(p)
                // Far outside points (e.g. 1e300) are clipped, not sent to cairo (see ClipBox).
                if p.isFinite && q.isFinite {
                    run.append(q)
                } else {
                    flush()
                }
            }
            flush()
        }
        cairo_restore(cr)

        // The legend.
        cairo_set_font_size(cr, tickFont)
        cairo_font_extents(cr, &fe)
        for (i, at) in legend {
            color(Palette.item(i))
            cairo_set_line_width(cr, 2.5 * u)
            cairo_move_to(cr, at.x, at.y)
            cairo_line_to(cr, at.x + 18 * u, at.y)
            cairo_stroke(cr)
            color(Palette.text)
            cairo_move_to(cr, at.x + 23 * u, at.y + (fe.ascent - fe.descent) / 2)
            cairo_show_text(cr, chart.series[i].name)
        }
    }
}

/// A tick value as text, with as many decimals as the step needs ("0.2", "15", "-1.5", "0.0"); very
/// large or very small values in exponent form ("2.5e-7").
func tickLabel(_ v: Real, _ step: Real) -> String {
    guard v.isFinite, step.isFinite, step > 0 else { return fixed(v, decimals: 0) }
    let stepExponent = exponent10(step)
    if step >= 1e-4 && Swift.abs(v) < 1e9 {
        return fixed(v, decimals: Swift.max(0, -stepExponent))
    }
    if v == 0 { return "0" }
    let e = exponent10(Swift.abs(v))
    var scale: Real = 1
    for _ in 0..<Swift.abs(e) { scale *= 10 }
    let mantissa = e >= 0 ? v / scale : v * scale
    return fixed(mantissa, decimals: Swift.min(6, Swift.max(0, e - stepExponent))) + "e" + String(e)
}

/// ⌊log₁₀ x⌋ for x > 0, by counting (exact at powers of ten).
private func exponent10(_ x: Real) -> Int {
    var e = 0
    var v = x
    while v >= 10 && e < 400 { v /= 10; e += 1 }
    while v < 1 && e > -400 { v *= 10; e -= 1 }
    return e
}
