import DynamicsMath
import Foundation
import Testing

@testable import DynDraw

@Suite struct ChartWriterTests {
    /// "up": y = x and "down": y = 10 − x on [0, 10]: both axes run 0 to 10 in steps of 2.
    static let crossing = Chart(series: [
        .init(name: "up", points: (0...20).map { Vec2(Real($0) / 2, Real($0) / 2) }),
        .init(name: "down", points: (0...20).map { Vec2(Real($0) / 2, 10 - Real($0) / 2) }),
    ], xLabel: "t (s)", yLabel: "value")

    /// Columns (or rows) where at least `minimum` pixels have the grid's grey: the grid lines.
    static func gridLines(_ image: PixelImage, vertical: Bool, minimum: Int) -> [Int] {
        let grid = Palette.RGB(0xe6, 0xe6, 0xe6)
        let outer = vertical ? image.width : image.height, inner = vertical ? image.height : image.width
        return (0..<outer).filter { a in
            var n = 0
            for b in 0..<inner {
                let p = vertical ? Vec2(Double(a), Double(b)) : Vec2(Double(b), Double(a))
                if colorDistance(image[p], grid) <= 6 { n += 1 }
            }
            return n >= minimum
        }
    }

    @Test func linesPassThroughTheGridWhereTheDataSay() throws {
        let dir = makeTemporaryFolder()
        defer { removeFolder(dir) }
        let path = dir + "/c.png"
        try ChartWriter.write(Self.crossing, to: path, width: 480, height: 360)
        let image = try #require(PixelImage(png: path))
        #expect(image.width == 480 && image.height == 360)
        // The grid: light lines at x = 2, 4, …, 10 and y = 2, …, 10 (those at 0 lie under the axes).
        let columns = Self.gridLines(image, vertical: true, minimum: 80)
        let rows = Self.gridLines(image, vertical: false, minimum: 120)
        #expect(columns.count == 5 && rows.count == 5, "columns \(columns), rows \(rows)")
        guard columns.count == 5, rows.count == 5 else { return }
        // Evenly spaced: tick k of 0…5 at x0 + k·dx (the line at 0 is extrapolated).
        let dx = Double(columns[4] - columns[0]) / 4, dy = Double(rows[4] - rows[0]) / 4
        #expect(columns.indices.dropFirst().allSatisfy { abs(Double(columns[$0] - columns[$0 - 1]) - dx) <= 1 })
        // Rows run top to bottom: y = 10 is the first.
        func pixelX(_ x: Double) -> Double { Double(columns[0]) + 0.5 + (x / 2 - 1) * dx }
        func pixelY(_ y: Double) -> Double { Double(rows[4]) + 0.5 - (y / 2 - 1) * dy }
        // Where each line crosses the grid columns, its colour's pixels are centred on the value.
        for (i, value) in [(0, { (x: Double) in x }), (1, { (x: Double) in 10 - x })] {
            let color = Palette.items[i]
            for x in [2.0, 4, 6, 8] {
                let px = Int(pixelX(x))
                var sum = 0.0, n = 0
                for y in 0..<image.height where colorDistance(image[Vec2(Double(px), Double(y))], color) <= 60 {
                    sum += Double(y) + 0.5
                    n += 1
                }
                #expect(n > 0, "series \(i) at x = \(x)")
                if n > 0 { #expect(abs(sum / Double(n) - pixelY(value(x))) <= 1.5, "series \(i) at x = \(x)") }
            }
        }
        // Both lines cross at (5, 5): the centre of the grid.
        let centre = Vec2(pixelX(5), pixelY(5))
        let c = image[centre]
        #expect(colorDistance(c, Palette.items[0]) <= 60 || colorDistance(c, Palette.items[1]) <= 60)
    }

    @Test func svgAndPDFAreTheSameTwiceAndTheRightSize() throws {
        let dir = makeTemporaryFolder()
        defer { removeFolder(dir) }
        for format in ["svg", "pdf", "png"] {
            try ChartWriter.write(Self.crossing, to: "\(dir)/a.\(format)", width: 640, height: 400)
            try ChartWriter.write(Chart(series: [], xLabel: "x"), to: "\(dir)/other.\(format)", width: 100, height: 100)
            try ChartWriter.write(Self.crossing, to: "\(dir)/b.\(format)", width: 640, height: 400)
            #expect(fileBytes("\(dir)/a.\(format)") == fileBytes("\(dir)/b.\(format)"), "\(format)")
        }
        let svg = String(decoding: fileBytes(dir + "/a.svg"), as: UTF8.self)
        #expect(svg.contains("<svg") && svg.contains("width=\"640px\"") && svg.contains("height=\"400px\""))
        #expect(String(decoding: fileBytes(dir + "/a.pdf"), as: UTF8.self).contains("/MediaBox [ 0 0 640 400 ]"))
    }

    @Test func oddChartsStillDraw() throws {
        let dir = makeTemporaryFolder()
        defer { removeFolder(dir) }
        let odd: [Chart] = [
            Chart(series: [], xLabel: ""),
            Chart(series: [.init(name: "nan", points: [Vec2(.nan, 1), Vec2(0, .infinity)])], xLabel: "t (s)"),
            Chart(series: [.init(name: "one", points: [Vec2(1, 2)])], xLabel: "t (s)"),
            Chart(series: [.init(name: "huge", points: [Vec2(0, -1e300), Vec2(1, 1e300)])], xLabel: "t (s)"),
            Chart(series: [.init(name: "tiny", points: [Vec2(0, 1e-9), Vec2(1, 3e-9)])], xLabel: "t (s)"),
            Chart(series: (0..<12).map { .init(name: "series number \($0)", points: [Vec2(0, Real($0)), Vec2(1, 1)]) }, xLabel: "x"),
        ]
        for (i, chart) in odd.enumerated() {
            try ChartWriter.write(chart, to: "\(dir)/\(i).png", width: 320, height: 240)
            #expect(PixelImage(png: "\(dir)/\(i).png")?.width == 320)
        }
        #expect(throws: DrawError.self) { try ChartWriter.write(Self.crossing, to: dir + "/c.gif", width: 100, height: 100) }
    }

    @Test func tickLabelsHaveTheDecimalsTheStepNeeds() {
        #expect(tickLabel(0.4, 0.2) == "0.4")
        #expect(tickLabel(10, 2) == "10")
        #expect(tickLabel(-1.5, 0.5) == "-1.5")
        #expect(tickLabel(0, 0.001) == "0.000")
        #expect(tickLabel(0, 2e-7) == "0")
        #expect(tickLabel(0.003, 0.001) == "0.003")
        #expect(tickLabel(4e-7, 2e-7) == "4e-7")
        #expect(tickLabel(2.5e9, 5e8) == "2.5e9")
    }
}
