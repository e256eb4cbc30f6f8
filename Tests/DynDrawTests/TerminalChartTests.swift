// Terminal charts: the plotted dots lie on the data, checked through axes read back from the
// text (the corner '└', the axis lines and the tick labels), with the documented convention
// that the axis ends fall on the centres of the plot's first and last dots.

import DynamicsMath
import Testing

@testable import DynDraw

@Suite struct TerminalChartTests {
    /// The plot area found in a rendered chart: its first cell and size in cells.
    struct Axes {
        var left: Int
        var top: Int
        var columns: Int
        var rows: Int
    }

    /// Reads the plot area off the text: the corner ("└" or "+" with "-" to its right), the
    /// x axis to its right, the y axis above it.
    static func axes(_ p: Picture, ascii: Bool) -> Axes? {
        let corner: Unicode.Scalar = ascii ? "+" : "└"
        let across: Set<Unicode.Scalar> = ascii ? ["-", "+"] : ["─", "┬"]
        let up: Set<Unicode.Scalar> = ascii ? ["|", "+"] : ["│", "┤"]
        for (r, line) in p.lines.enumerated() {
            guard let c = line.firstIndex(where: { $0 == corner }), across.contains(p.cell(c + 1, r)),
                  up.contains(p.cell(c, r - 1)) else { continue }
            var cols = 0
            while across.contains(p.cell(c + 1 + cols, r)) { cols += 1 }
            var top = r
            while up.contains(p.cell(c, top - 1)) { top -= 1 }
            return Axes(left: c + 1, top: top, columns: cols, rows: r - top)
        }
        return nil
    }

    /// The number written left of the y axis on a row.
    static func yLabel(_ p: Picture, _ a: Axes, row: Int) -> Real? {
        let text = String(String.UnicodeScalarView(p.lines[row][0..<(a.left - 1)]))
        return Real(text.trimmingCharacters())
    }

    static let freeFall = Chart(series: [Chart.Series(name: "y", points: (0...100).map { i in
        let t = Real(i) / 100
        return Vec2(t, 500 * t * t)
    })], xLabel: "t (s)")

    @Test func freeFallDotsLieOnTheParabola() throws {
        let text = TerminalChart.render(Self.freeFall, columns: 60, rows: 20)
        let p = Picture(text)
        #expect(p.lines.count == 20)
        let a = try #require(Self.axes(p, ascii: false))
        // The axes go from 0 to 500 and 0 to 1: labels at the ends.
        #expect(Self.yLabel(p, a, row: a.top) == 500)
        #expect(Self.yLabel(p, a, row: a.top + a.rows - 1) == 0)
        let under = p.row(a.top + a.rows + 1)
        #expect(under.hasPrefix(String(repeating: " ", count: a.left) + "0 "))
        #expect(under.hasSuffix(" 1"))
        for label in ["100┤", "200┤", "300┤", "400┤"] { #expect(text.contains(label)) }
        for label in ["0.2", "0.4", "0.6", "0.8"] { #expect(under.contains(label)) }
        #expect(p.row(a.top + a.rows + 2).trimmingCharacters() == "t (s)")
        #expect(p.row(p.lines.count - 1) == "── y")

        // Dot (i, j) of the plot: t = i / (W − 1); the parabola's row is (1 − t²)(H − 1).
        let w = 2 * a.columns, h = 4 * a.rows
        func curveRow(_ i: Real) -> Real {
            let t = Swift.min(Swift.max(i / Real(w - 1), 0), 1)
            return (1 - t * t) * Real(h - 1)
        }
        var columnsWithDots = Set<Int>()
        for d in p.dots {
            let i = d.x - 2 * a.left, j = d.y - 4 * a.top
            #expect(i >= 0 && i < w && j >= 0 && j < h, "dot \(d) outside the plot")
            // Within a dot of the curve over this dot's column and its neighbours (the curve
            // is steep: a column of dots covers the rows it crosses).
            let lo = curveRow(Real(i) + 1) - 1, hi = curveRow(Real(i) - 1) + 1
            #expect(Real(j) >= lo && Real(j) <= hi, "dot (\(i), \(j)) off the curve: rows \(lo)…\(hi)")
            columnsWithDots.insert(i)
        }
        #expect(columnsWithDots.count == w)
    }

    @Test func asciiFreeFallCellsLieOnTheParabola() throws {
        let text = TerminalChart.render(Self.freeFall, columns: 60, rows: 20, style: TerminalStyle(mode: .ascii))
        #expect(text.utf8.allSatisfy { $0 < 0x80 })
        let p = Picture(text)
        let a = try #require(Self.axes(p, ascii: true))
        #expect(Self.yLabel(p, a, row: a.top) == 500 && Self.yLabel(p, a, row: a.top + a.rows - 1) == 0)
        var n = 0
        for r in a.top..<(a.top + a.rows) {
            for c in a.left..<(a.left + a.columns) where p.cell(c, r) == "*" {
                let i = Real(c - a.left), j = Real(r - a.top)
                func curveRow(_ i: Real) -> Real {
                    let t = Swift.min(Swift.max(i / Real(a.columns - 1), 0), 1)
                    return (1 - t * t) * Real(a.rows - 1)
                }
                #expect(j >= curveRow(i + 1) - 1 && j <= curveRow(i - 1) + 1, "cell (\(i), \(j))")
                n += 1
            }
        }
        #expect(n >= a.columns)
        #expect(p.row(p.lines.count - 1) == "* y")
    }

    @Test func constantSeriesPlotsAsALevelLine() throws {
        let chart = Chart(series: [Chart.Series(name: "k", points: [Vec2(0, 5), Vec2(2, 5)])], xLabel: "t (s)")
        let p = Picture(TerminalChart.render(chart, columns: 40, rows: 12))
        let a = try #require(Self.axes(p, ascii: false))
        let y1 = try #require(Self.yLabel(p, a, row: a.top)), y0 = try #require(Self.yLabel(p, a, row: a.top + a.rows - 1))
        #expect(y0 < 5 && y1 > 5)
        let plot = p.dots.filter { $0.y >= 4 * a.top && $0.y < 4 * (a.top + a.rows) && $0.x >= 2 * a.left }
        let rows = Set(plot.map(\.y))
        #expect(rows.count == 1)
        #expect(plot.count == 2 * a.columns)
        // That row is 5 on the axis, within a dot.
        let j = Real(try #require(rows.first) - 4 * a.top)
        let expected = (y1 - 5) / (y1 - y0) * Real(4 * a.rows - 1)
        #expect(abs(j - expected) <= 1)
    }

    @Test func nonFinitePointsBreakTheLine() throws {
        let pts = [Vec2(0, 0), Vec2(0.4, 0), Vec2(.nan, .nan), Vec2(0.6, 0), Vec2(1, 0)]
        let p = Picture(TerminalChart.render(Chart(series: [Chart.Series(name: "gap", points: pts)], xLabel: "t"), columns: 50, rows: 10))
        let a = try #require(Self.axes(p, ascii: false))
        let w = Real(2 * a.columns - 1)
        let xs = p.dots.map { Real($0.x - 2 * a.left) / w }
        #expect(xs.contains { abs($0 - 0.4) < 1.5 / w } && xs.contains { abs($0 - 0.6) < 1.5 / w })
        #expect(!xs.contains { $0 > 0.4 + 1.5 / w && $0 < 0.6 - 1.5 / w })
        #expect(xs.contains { $0 == 0 } && xs.contains { $0 == 1 })
    }

    @Test func seriesAreToldApartByColourOrByMarkers() {
        let t = (0...20).map { Real($0) / 20 }
        let chart = Chart(series: [Chart.Series(name: "y", points: t.map { Vec2($0, 500 * $0 * $0) }),
                                   Chart.Series(name: "v", points: t.map { Vec2($0, 1000 * $0) })], xLabel: "t (s)", yLabel: "pt")
        let coloured = TerminalChart.render(chart, columns: 50, rows: 16, style: TerminalStyle(color: true))
        let lines = coloured.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 16 && lines.allSatisfy { $0.hasSuffix("\u{1B}[0m") })
        // Palette.item(0) and item(1) as xterm colours: 16 + 6·2 + 3 = 31 and 16 + 36·4 = 160.
        #expect(coloured.contains("\u{1B}[38;5;31m") && coloured.contains("\u{1B}[38;5;160m"))
        #expect(!coloured.contains("*"))
        #expect(Picture(coloured).row(0) == "pt")

        let plain = TerminalChart.render(chart, columns: 50, rows: 16)
        #expect(!plain.utf8.contains(0x1B))
        let p = Picture(plain)
        #expect(p.row(p.lines.count - 1) == "* y   + v")
        // Markers along both lines, in the plot (above the legend and axis rows).
        let plotText = p.lines[1..<(p.lines.count - 4)].map { String(String.UnicodeScalarView($0)) }.joined()
        #expect(plotText.contains("*") && plotText.contains("+"))
    }

    @Test func legendWrapsWhenTooWide() {
        let names = ["position of the ball", "velocity of the ball", "energy"]
        let chart = Chart(series: names.map { Chart.Series(name: $0, points: [Vec2(0, 0), Vec2(1, 1)]) }, xLabel: "t")
        let p = Picture(TerminalChart.render(chart, columns: 30, rows: 14, style: TerminalStyle(mode: .ascii)))
        #expect(p.lines.count == 14)
        #expect(p.row(11) == "* position of the ball")
        #expect(p.row(12) == "+ velocity of the ball")
        #expect(p.row(13) == "o energy")
    }

    @Test func emptyAndTinyChartsStillDraw() {
        let empty = TerminalChart.render(Chart(series: [], xLabel: "t"), columns: 30, rows: 8)
        #expect(empty.contains("(no data)"))
        #expect(Picture(empty).lines.count == 8)
        let nan = Chart(series: [Chart.Series(name: "n", points: [Vec2(.nan, 1), Vec2(1, .infinity)])], xLabel: "t")
        #expect(TerminalChart.render(nan, columns: 30, rows: 8).contains("(no data)"))
        // Too small for the labels: the plot keeps 1 row and 2 columns and the text grows.
        let tiny = TerminalChart.render(Self.freeFall, columns: 3, rows: 2, style: TerminalStyle(mode: .ascii))
        #expect(Picture(tiny).lines.count == 5)
        #expect(tiny.contains("*"))
    }

    @Test func tickLabelsSpellNumbersAsPrintDoes() {
        // The program's one formatter: plain decimal with at most 6 decimals; exponent form
        // with 6 significant digits below 0.001 and from 1e15, so no tick shows a value as 0.
        let cases: [(Real, String)] = [
            (0, "0"), (-0.0, "0"), (1, "1"), (0.2, "0.2"), (0.30000000000000004, "0.3"), (-3.25, "-3.25"),
            (100, "100"), (123456, "123456"), (99999.95, "99999.95"), (0.001, "0.001"), (0.0001, "1e-04"),
            (0.00012345678, "1.23457e-04"), (1e-7, "1e-07"), (1.5e-7, "1.5e-07"), (-2.5e-9, "-2.5e-09"),
            (2e6, "2000000"), (1e15, "1e+15"), (1.7e308, "1.7e+308"),
            (.infinity, "inf"), (.nan, "nan"),
        ]
        for (v, s) in cases { #expect(TerminalChart.format(v) == s, "\(v)") }
    }
}

extension String {
    /// Without leading and trailing spaces.
    func trimmingCharacters() -> String {
        var s = Substring(self)
        while s.first == " " { s.removeFirst() }
        while s.last == " " { s.removeLast() }
        return String(s)
    }
}
