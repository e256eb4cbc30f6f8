// Draws a Chart as text for a terminal: a braille (or ASCII) line plot with a y axis and its
// tick labels on the left, an x axis with tick labels and its label under the plot, and a
// legend. Series are told apart by colour, or, without colour, by marker characters.

import DynamicsMath
import DynSystem

/// Renders charts (`plot`) as terminal text.
public enum TerminalChart {
    /// Draws the chart into about `columns` × `rows` character cells:
    ///
    /// ```
    /// y label (if any)
    ///   500┤        ⢀⠔
    ///      │     ⢀⡠⠊
    ///     0┤⣀⣀⠤⠒⠉
    ///      └┬────┬────┬
    ///       0   0.5   1
    ///           t (s)
    /// ── y
    /// ```
    ///
    /// Axes run from the first to the last of `Chart.niceTicks` over `Chart.dataRange`.
    /// Successive points are joined by lines; a non-finite point breaks the line, and a point
    /// alone is a dot. Each series has a palette colour (with `style.color`) and a marker
    /// character (`*`, `+`, `o`, `x`, `#`, `@`, `%`, `&`): ASCII plots draw their lines with it,
    /// and braille plots without colour put it along each line when there are several series.
    /// The legend wraps onto more lines when it is wider than `columns`.
    ///
    /// When the size is too small for the axes and labels, the plot keeps at least 1 row and
    /// 2 columns and the text grows past `rows` × `columns`. Like `TerminalRenderer.render`,
    /// the result is lines ending in "\n", trailing blanks trimmed, colour codes only with
    /// `style.color` (and then a reset at the end of each line).
    public static func render(_ chart: Chart, columns: Int, rows: Int, style: TerminalStyle = TerminalStyle()) -> String {
        let useMarkers = style.mode == .ascii || (!style.color && chart.series.count > 1)
        let lay = TerminalChartLayout(chart, columns: columns, rows: rows, mode: style.mode, sampleWidth: useMarkers ? 1 : 2)
        var canvas = TerminalCanvas(mode: style.mode, columns: lay.columns, rows: lay.rows)
        drawAxes(lay, into: &canvas)
        for (k, s) in chart.series.enumerated() {
            canvas.ink = TerminalCanvas.ink(Palette.item(k))
            drawSeries(s, lay, glyph: style.mode == .ascii ? marker(k) : nil, into: &canvas)
        }
        if style.mode == .braille && useMarkers {
            for (k, s) in chart.series.enumerated() {
                canvas.ink = TerminalCanvas.ink(Palette.item(k))
                drawMarkers(s, lay, marker: marker(k), offset: 3 * k, into: &canvas)
            }
        }
        if lay.empty {
            canvas.ink = 0
            let msg = "(no data)"
            canvas.text(msg, column: lay.plotLeft + Swift.max(0, (lay.plotColumns - msg.count) / 2), row: lay.plotTop + lay.plotRows / 2)
        }
        // The legend.
        for (line, entries) in lay.legend.enumerated() {
            for e in entries {
                let s = chart.series[e.series]
                canvas.ink = TerminalCanvas.ink(Palette.item(e.series))
                let sample = useMarkers ? String(marker(e.series)) : style.mode == .ascii ? "--" : "──"
                canvas.text(sample, column: e.column, row: lay.legendTop + line)
                canvas.ink = 0
                canvas.text(s.name, column: e.column + sample.count + 1, row: lay.legendTop + line)
            }
        }
        return canvas.output(color: style.color)
    }

    /// The marker character of the k-th series.
    static func marker(_ k: Int) -> Unicode.Scalar {
        let marks: [Unicode.Scalar] = ["*", "+", "o", "x", "#", "@", "%", "&"]
        return marks[k % marks.count]
    }

    static func drawAxes(_ lay: TerminalChartLayout, into canvas: inout TerminalCanvas) {
        let ascii = lay.mode == .ascii
        canvas.ink = 0
        if let label = lay.yLabel { canvas.text(label, column: 0, row: 0) }
        let axis = lay.plotLeft - 1
        for r in 0..<lay.plotRows { canvas.put(ascii ? 0x7C : 0x2502, column: axis, row: lay.plotTop + r) }  // | │
        for (t, label) in zip(lay.yTicks, lay.yLabels) {
            let row = lay.cellRow(of: t)
            canvas.put(ascii ? 0x2B : 0x2524, column: axis, row: row)  // + ┤
            canvas.text(label, column: axis - label.count, row: row)
        }
        let axisRow = lay.plotTop + lay.plotRows
        canvas.put(ascii ? 0x2B : 0x2514, column: axis, row: axisRow)  // + └
        for c in 0..<lay.plotColumns { canvas.put(ascii ? 0x2D : 0x2500, column: lay.plotLeft + c, row: axisRow) }  // - ─
        var free = 0  // the first column a tick label may use
        for t in lay.xTicks {
            let col = lay.cellColumn(of: t)
            canvas.put(ascii ? 0x2B : 0x252C, column: col, row: axisRow)  // + ┬
            let label = format(t)
            var start = col - (label.count - 1) / 2
            start = Swift.min(start, lay.columns - label.count)
            start = Swift.max(start, 0)
            if start < free { continue }
            canvas.text(label, column: start, row: axisRow + 1)
            free = start + label.count + 1
        }
        let n = lay.xLabel.unicodeScalars.count
        canvas.text(lay.xLabel, column: Swift.max(0, lay.plotLeft + (lay.plotColumns - n) / 2), row: axisRow + 2)
    }

    static func drawSeries(_ s: Chart.Series, _ lay: TerminalChartLayout, glyph: Unicode.Scalar?, into canvas: inout TerminalCanvas) {
        var prev: (Real, Real)?
        for p in s.points {
            guard p.isFinite else { prev = nil; continue }
            let x = lay.rasterX(p.x), y = lay.rasterY(p.y)
            let (px, py) = prev ?? (x, y)
            canvas.line(px, py, x, y, glyph: glyph?.value)
            prev = (x, y)
        }
    }

    /// Marker characters on a braille line: at its points, about every 8 cells apart
    /// (counting a row as two columns), the first `offset` cells in.
    static func drawMarkers(_ s: Chart.Series, _ lay: TerminalChartLayout, marker: Unicode.Scalar, offset: Int, into canvas: inout TerminalCanvas) {
        var last: (Int, Int)?
        let spacing = 8
        for p in s.points where p.isFinite {
            let col = lay.cellColumn(ofRaster: lay.rasterX(p.x)), row = lay.cellRow(ofRaster: lay.rasterY(p.y))
            if let (c, r) = last {
                if Swift.abs(col - c) + 2 * Swift.abs(row - r) < spacing { continue }
            } else if col < lay.plotLeft + offset % spacing {
                continue
            }
            canvas.put(marker.value, column: col, row: row)
            last = (col, row)
        }
    }

    /// A number as a tick label: the program's one spelling of numbers, `formatNumber`
    /// (plain decimal; exponent form below 0.001 and from 1e15).
    static func format(_ v: Real) -> String {
        formatNumber(v)
    }
}

/// Where a chart's parts go: the plot area in cells, the axis ranges, ticks and the legend.
struct TerminalChartLayout {
    let mode: TerminalMode
    /// The whole picture, in cells.
    let columns: Int
    let rows: Int
    /// The plot area, in cells: the y axis is in the column before it, the x axis in the row
    /// after it.
    let plotLeft: Int
    let plotTop: Int
    let plotColumns: Int
    let plotRows: Int
    /// The axes' ends, values.
    let x0: Real, x1: Real, y0: Real, y1: Real
    let xTicks: [Real]
    let yTicks: [Real]
    let yLabels: [String]
    let yLabel: String?
    let xLabel: String
    /// Whether there was no finite point (the axes are then 0…1).
    let empty: Bool
    /// Legend lines, each a list of (series, starting column); the first is on `legendTop`.
    let legend: [[(series: Int, column: Int)]]
    let legendTop: Int

    /// `sampleWidth`: the width of a legend entry's sample, before its name.
    init(_ chart: Chart, columns requested: Int, rows requestedRows: Int, mode: TerminalMode, sampleWidth: Int) {
        self.mode = mode
        let cols = Swift.min(Swift.max(requested, 1), TerminalRenderer.maxCells)
        // The legend, greedily packed onto lines of at most `cols` cells.
        var lines: [[(series: Int, column: Int)]] = [[]]
        var x = 0
        for (k, s) in chart.series.enumerated() {
            let w = sampleWidth + 1 + s.name.unicodeScalars.count
            if x > 0 && x + 3 + w > cols {
                lines.append([])
                x = 0
            }
            let start = x == 0 ? 0 : x + 3
            lines[lines.count - 1].append((k, start))
            x = start + w
        }
        if chart.series.isEmpty { lines = [] }
        legend = lines
        yLabel = chart.yLabel
        xLabel = chart.xLabel
        let top = chart.yLabel == nil ? 0 : 1
        let below = 2 + (chart.xLabel.isEmpty ? 0 : 1)
        let plotRows = Swift.max(1, Swift.min(requestedRows, TerminalRenderer.maxCells) - top - below - lines.count)

        let range = chart.dataRange
        empty = range == nil
        let r = range ?? (0, 1, 0, 1)
        let yt = Chart.niceTicks(r.y0, r.y1, count: Swift.max(1, Swift.min(6, plotRows / 3))).ticks
        let labels = yt.map(TerminalChart.format)
        let labelWidth = labels.map(\.count).max() ?? 1
        plotLeft = labelWidth + 1
        let plotColumns = Swift.max(2, cols - plotLeft)
        let xt = Chart.niceTicks(r.x0, r.x1, count: Swift.max(1, Swift.min(10, plotColumns / 10))).ticks
        x0 = xt.first ?? r.x0
        x1 = xt.count > 1 ? xt[xt.count - 1] : r.x1
        y0 = yt.first ?? r.y0
        y1 = yt.count > 1 ? yt[yt.count - 1] : r.y1
        xTicks = xt
        yTicks = yt
        yLabels = labels
        plotTop = top
        self.plotRows = plotRows
        self.plotColumns = plotColumns
        legendTop = top + plotRows + below
        columns = Swift.max(cols, plotLeft + plotColumns)
        rows = legendTop + lines.count
    }

    private var px: Int { mode == .braille ? 2 : 1 }
    private var py: Int { mode == .braille ? 4 : 1 }
    /// Pixels from the first pixel centre to the last, across and down the plot (at least 1).
    private var xSpan: Real { Real(Swift.max(plotColumns * px - 1, 1)) }
    private var ySpan: Real { Real(Swift.max(plotRows * py - 1, 1)) }

    /// A value's raster x (dots or cells from the picture's left edge); the axis ends fall on
    /// the centres of the plot's first and last pixels.
    func rasterX(_ x: Real) -> Real {
        Real(plotLeft * px) + 0.5 + (x - x0) / (x1 - x0) * xSpan
    }

    func rasterY(_ y: Real) -> Real {
        Real(plotTop * py) + 0.5 + (y1 - y) / (y1 - y0) * ySpan
    }

    /// The value at a raster x or y (the inverse of rasterX and rasterY).
    func valueX(_ rx: Real) -> Real { x0 + (rx - 0.5 - Real(plotLeft * px)) / xSpan * (x1 - x0) }
    func valueY(_ ry: Real) -> Real { y1 - (ry - 0.5 - Real(plotTop * py)) / ySpan * (y1 - y0) }

    func cellColumn(ofRaster rx: Real) -> Int { rx.isFinite && Swift.abs(rx) < 1e9 ? Int((rx / Real(px)).rounded(.down)) : -1 }
    func cellRow(ofRaster ry: Real) -> Int { ry.isFinite && Swift.abs(ry) < 1e9 ? Int((ry / Real(py)).rounded(.down)) : -1 }
    func cellColumn(of x: Real) -> Int { cellColumn(ofRaster: rasterX(x)) }
    func cellRow(of y: Real) -> Int { cellRow(ofRaster: rasterY(y)) }
}
