// Geometry of terminal pictures checked independently of the golden pictures: where corners
// and circles land, that the aspect ratio holds, what each link looks like, colour codes, and
// that bad input draws nothing rather than crashing.
//
// Most tests use a region of (n − 1) × (n − 1) points on n × n braille dots, so that one
// point is one dot and world (x, y) lands in dot (⌊x + 0.5⌋, ⌊y + 0.5⌋): world edges fall on
// the centres of the first and last dots, as `TerminalRenderer.render` documents.

import DynamicsMath
import Testing

@testable import DynDraw

@Suite struct TerminalRendererTests {
    /// 80 × 80 dots (40 × 20 cells) showing the region 0…79 × 0…79: dot = ⌊point + 0.5⌋.
    static let region = Rect(x: 0, y: 0, width: 79, height: 79)
    static let noBounds = Rect(x: 0, y: 0, width: 0, height: 0)

    static func braille(_ scene: Scene, options: DrawOptions = DrawOptions()) -> Picture {
        Picture(TerminalRenderer.render(scene, columns: 40, rows: 20, region: region, options: options))
    }

    static func dot(_ x: Real, _ y: Real) -> Dot { Dot(Int((x + 0.5).rounded(.down)), Int((y + 0.5).rounded(.down))) }

    // MARK: Items

    @Test func boxCornersAreSetAndItsInsideAndOutsideAreNot() {
        // A 40 × 20 box centred at (40, 30): corners (20, 20), (60, 20), (60, 40), (20, 40).
        let scene = Scene(bounds: Self.noBounds, items: [Scene.Item(name: "b", shape: .rectangle(width: 40, height: 20), center: Vec2(40, 30))])
        let dots = Self.braille(scene).dots
        for (x, y) in [(20.0, 20.0), (60.0, 20.0), (60.0, 40.0), (20.0, 40.0)] {
            #expect(dots.contains(Self.dot(x, y)), "corner (\(x), \(y))")
        }
        // Every dot of the edges, nothing else.
        for x in 20...60 {
            #expect(dots.contains(Dot(x, 20)) && dots.contains(Dot(x, 40)))
        }
        for y in 20...40 {
            #expect(dots.contains(Dot(20, y)) && dots.contains(Dot(60, y)))
        }
        #expect(dots.count == 2 * 41 + 2 * 19)
        for d in [Dot(40, 30), Dot(22, 22), Dot(58, 38), Dot(10, 10), Dot(70, 50), Dot(40, 45), Dot(18, 30)] {
            #expect(!dots.contains(d), "\(d) should be empty")
        }
    }

    @Test func rotatedBoxHasItsCornersWhereTheRotationPutsThem() {
        // 40 × 20 turned by 30° clockwise on screen: local (±20, ±10) → centre + R(30°)·local.
        let a = Real.pi / 6
        let c = Vec2(40, 40)
        let scene = Scene(bounds: Self.noBounds, items: [Scene.Item(name: "b", shape: .rectangle(width: 40, height: 20), center: c, angle: a)])
        let dots = Self.braille(scene).dots
        let (cs, sn) = (0.8660254037844386, 0.5)
        for (lx, ly) in [(-20.0, -10.0), (20.0, -10.0), (20.0, 10.0), (-20.0, 10.0)] {
            let p = Vec2(c.x + cs * lx - sn * ly, c.y + sn * lx + cs * ly)
            let set = dots.contains(Self.dot(p.x, p.y))
            #expect(set, "corner \(p)")
        }
        // Every dot lies within a dot of the rectangle's outline.
        for d in dots {
            let wx = Real(d.x) - c.x, wy = Real(d.y) - c.y
            let lx = cs * wx + sn * wy, ly = -sn * wx + cs * wy
            let off = min(abs(abs(lx) - 20) + max(0, abs(ly) - 10), abs(abs(ly) - 10) + max(0, abs(lx) - 20))
            #expect(off <= 1.5, "dot \(d) is \(off) from the outline")
        }
    }

    @Test func circleDotsLieOnItsRadiusAllAround() {
        // A circle of radius 30 around (39.5, 39.5): dot centres (i + 0.5, j + 0.5) ↔ world (i, j),
        // so its dots should be within a dot of distance 30 from (39.5, 39.5) in world terms.
        let scene = Scene(bounds: Self.noBounds, items: [Scene.Item(name: "c", shape: .ellipse(width: 60, height: 60), center: Vec2(39.5, 39.5))])
        let dots = Self.braille(scene).dots
        #expect(dots.count > 150)
        for d in dots {
            let r = (Vec2(Real(d.x), Real(d.y)) - Vec2(39.5, 39.5)).length
            #expect(abs(r - 30) <= 1, "dot \(d) at radius \(r)")
        }
        // No gap: every direction has a dot near the circle.
        for k in 0..<72 {
            let t = Real(k) * 2 * .pi / 72
            let p = Vec2(39.5 + 30 * DMath.cos(t), 39.5 + 30 * DMath.sin(t))
            #expect(dots.contains { (Vec2(Real($0.x), Real($0.y)) - p).length <= 1.5 }, "gap at angle \(k * 5)°")
        }
    }

    @Test func asciiCirclesAreTwiceAsWideInCellsAsTheyAreTall() {
        // In ASCII a cell is one point wide and two tall: a circle 40 across is 40 cells wide
        // and 20 rows tall.
        let scene = Scene(bounds: Self.noBounds, items: [Scene.Item(name: "c", shape: .ellipse(width: 40, height: 40), center: Vec2(39.5, 39.5))])
        let text = TerminalRenderer.render(scene, columns: 80, region: Self.region, style: TerminalStyle(mode: .ascii))
        let e = extent(Picture(text).inked)
        let w = e.x1 - e.x0 + 1, h = e.y1 - e.y0 + 1
        #expect(abs(w - 40) <= 1, "width \(w)")
        #expect(abs(h - 20) <= 1, "height \(h)")
        // The rows follow from the width: 79 points wide on 80 columns, 79 / 2 + 1 rows.
        #expect(Picture(text).lines.count == 41)
    }

    @Test func anchoredItemsAreFilled() {
        let box = Scene.Item(name: "g", shape: .rectangle(width: 40, height: 20), center: Vec2(40, 30), anchored: true)
        let dots = Self.braille(Scene(bounds: Self.noBounds, items: [box])).dots
        #expect(dots.contains(Dot(40, 30)) && dots.contains(Dot(22, 22)))
        #expect(dots.count == 41 * 21)
        let ascii = Picture(TerminalRenderer.render(Scene(bounds: Self.noBounds, items: [box]), columns: 80, rows: 41,
                                                    region: Self.region, style: TerminalStyle(mode: .ascii)))
        // ASCII: (40, 30) is in cell (40, ⌊0.75 + 15⌋).
        #expect(ascii.cell(40, 15) == "#")
    }

    // MARK: Aspect

    @Test func squareWorldRendersWithEqualDotWidthAndHeight() {
        // A solid frame around a square world, on a wide terminal: it must stay square.
        let scene = Scene(bounds: Rect(x: 0, y: 0, width: 100, height: 100), boundsCollide: true)
        for (cols, rows) in [(30, nil), (60, 10), (25, 40)] as [(Int, Int?)] {
            let p = Picture(TerminalRenderer.render(scene, columns: cols, rows: rows))
            let e = extent(p.dots)
            #expect(e.x1 - e.x0 == e.y1 - e.y0, "\(cols)×\(rows ?? -1): \(e)")
            // Centred: as much room on the left as on the right (within a dot).
            #expect(abs(e.x0 - (2 * cols - 1 - e.x1)) <= 1)
            if let rows { #expect(p.lines.count == rows) }
        }
        // A 2:1 world is twice as wide as tall.
        let wide = Scene(bounds: Rect(x: 0, y: 0, width: 200, height: 100), boundsCollide: true)
        let e = extent(Picture(TerminalRenderer.render(wide, columns: 40)).dots)
        #expect(e.x1 - e.x0 == 79)
        #expect(abs(Real(e.y1 - e.y0) - 39.5) <= 0.5)
    }

    @Test func asciiSquareWorldIsTwiceAsManyColumnsAsRows() {
        let scene = Scene(bounds: Rect(x: 0, y: 0, width: 100, height: 100), boundsCollide: true)
        let p = Picture(TerminalRenderer.render(scene, columns: 41, style: TerminalStyle(mode: .ascii)))
        let e = extent(p.inked)
        #expect(e.x1 - e.x0 == 40)
        #expect(e.y1 - e.y0 == 20)
        #expect(p.cell(e.x0, e.y0) == "+" && p.cell(e.x1, e.y1) == "+")
    }

    @Test func noRegionShowsEverythingDrawn() {
        // An item far outside the bounds is still in the picture, and the bounds too.
        let scene = Scene(bounds: Rect(x: 0, y: 0, width: 100, height: 100), boundsCollide: true,
                          items: [Scene.Item(name: "far", shape: .rectangle(width: 20, height: 20), center: Vec2(290, 50))])
        let p = Picture(TerminalRenderer.render(scene, columns: 40))
        let e = extent(p.dots)
        // The extent is 0…300 × 0…100: 80 dots across, 79 / 300 dots per point; 100 points
        // down are 26.3 dots, on 7 rows (28 dots), centred.
        let s = 79 / 300.0
        #expect(p.lines.count == 7)
        #expect(e.x0 == 0 && e.x1 == 79)
        let top = 0.5 + (27 - 100 * s) / 2
        #expect(e.y0 == Int(top.rounded(.down)) && e.y1 == Int((top + 100 * s).rounded(.down)))
        // The far box's top-left corner (280, 40).
        #expect(p.dots.contains(Dot(Int((0.5 + 280 * s).rounded(.down)), Int((top + 40 * s).rounded(.down)))))
        // A region: only that part is drawn: the bounds' left and top edges, not the box.
        let q = Picture(TerminalRenderer.render(scene, columns: 40, rows: 20, region: Rect(x: 0, y: 0, width: 79, height: 79)))
        #expect(q.dots.contains(Dot(0, 0)) && q.dots.contains(Dot(79, 0)) && q.dots.contains(Dot(0, 79)))
        #expect(!q.dots.contains(Dot(79, 60)))
    }

    @Test func theFitHoldsRotatedShapesExactly() {
        // The extent of turned shapes, against a dense sampling of their outlines.
        let items = [
            Scene.Item(name: "e", shape: .ellipse(width: 60, height: 20), center: Vec2(100, 50), angle: 0.7),
            Scene.Item(name: "r", shape: .rectangle(width: 30, height: 10), center: Vec2(-20, 10), angle: -1.1),
            Scene.Item(name: "p", shape: .polygon([Vec2(0, -10), Vec2(12, 8), Vec2(-5, 9)]), center: Vec2(40, 140), angle: 2.5),
        ]
        let scene = Scene(bounds: Rect(x: 0, y: 0, width: 10, height: 10), items: items)
        let fit = TerminalRenderer.drawnExtent(scene)
        var lo = Vec2(0, 0), hi = Vec2(10, 10)
        for item in items {
            for p in item.worldOutline(ellipseSegments: 4000) { lo = min(lo, p); hi = max(hi, p) }
        }
        #expect(abs(fit.minX - lo.x) < 1e-3 && abs(fit.minY - lo.y) < 1e-3)
        #expect(abs(fit.maxX - hi.x) < 1e-3 && abs(fit.maxY - hi.y) < 1e-3)
        // A NaN item is left out of the fit rather than spoiling it; an empty polygon counts
        // as its centre (where its name goes).
        let odd = Scene(bounds: Rect(x: 0, y: 0, width: 10, height: 10), items: [
            Scene.Item(name: "n", shape: .rectangle(width: 5, height: 5), center: Vec2(.nan, 500)),
            Scene.Item(name: "q", shape: .polygon([]), center: Vec2(-50, 5)),
        ])
        let f = TerminalRenderer.drawnExtent(odd)
        #expect(f.minX == -50 && f.maxX == 10 && f.minY == 0 && f.maxY == 10)
    }

    // MARK: Links and marks

    @Test func springZigZagsAroundItsLine() {
        // A spring from (10, 40) to (70, 40): leads of 6 points straight, then zigs 2.5 out.
        let scene = Scene(bounds: Self.noBounds, links: [Scene.Link(name: "s", style: .spring, a: Vec2(10, 40), b: Vec2(70, 40), bIsAnchor: false)])
        let dots = Self.braille(scene).dots
        #expect(dots.contains(Dot(10, 40)) && dots.contains(Dot(70, 40)))
        #expect(dots.allSatisfy { abs($0.y - 40) <= 3 && $0.x >= 10 && $0.x <= 70 })
        #expect(dots.contains { $0.y <= 38 } && dots.contains { $0.y >= 42 })
        // The leads are straight.
        #expect((10...15).allSatisfy { x in dots.contains(Dot(x, 40)) && !dots.contains(Dot(x, 39)) })
        // Continuous: every column between the ends has a dot.
        #expect((10...70).allSatisfy { x in dots.contains { $0.x == x } })
    }

    @Test func pinIsARingAroundTheJoint() {
        let scene = Scene(bounds: Self.noBounds, links: [Scene.Link(name: "p", style: .pin, a: Vec2(40, 40), b: Vec2(40, 40), bIsAnchor: false)])
        let dots = Self.braille(scene).dots
        #expect(!dots.contains(Dot(40, 40)))
        #expect([Dot(38, 40), Dot(42, 40), Dot(40, 38), Dot(40, 42)].allSatisfy(dots.contains))
        #expect(dots.allSatisfy { max(abs($0.x - 40), abs($0.y - 40)) == 2 })
    }

    @Test func limitIsDashedAndSnapIsDottedWithACross() {
        let limit = Self.braille(Scene(bounds: Self.noBounds, links: [Scene.Link(name: "l", style: .limit, a: Vec2(10, 40), b: Vec2(69, 40), bIsAnchor: false)])).dots
        #expect(limit.allSatisfy { $0.y == 40 })
        // 4 dots on, 2 off.
        #expect(limit.count == 40)
        #expect(limit.contains(Dot(10, 40)) && !limit.contains(Dot(14, 40)) && limit.contains(Dot(16, 40)))

        let snap = Self.braille(Scene(bounds: Self.noBounds, links: [Scene.Link(name: "s", style: .snap, a: Vec2(10, 40), b: Vec2(60, 40), bIsAnchor: true)])).dots
        // Every other dot along the line, then a '+' of arms 2 at b (and no '×').
        #expect(snap.contains(Dot(10, 40)) && !snap.contains(Dot(11, 40)) && snap.contains(Dot(12, 40)))
        #expect([Dot(58, 40), Dot(62, 40), Dot(60, 38), Dot(60, 42)].allSatisfy(snap.contains))
        #expect(!snap.contains(Dot(58, 38)))
    }

    @Test func anchorIsMarkedWithACrossAndFixedIsThick() {
        let rod = Self.braille(Scene(bounds: Self.noBounds, links: [Scene.Link(name: "r", style: .rod, a: Vec2(10, 40), b: Vec2(40, 40), bIsAnchor: true)])).dots
        #expect((10...40).allSatisfy { rod.contains(Dot($0, 40)) })
        #expect([Dot(38, 38), Dot(42, 42), Dot(38, 42), Dot(42, 38)].allSatisfy(rod.contains))
        let fixed = Self.braille(Scene(bounds: Self.noBounds, links: [Scene.Link(name: "f", style: .fixed, a: Vec2(10, 40), b: Vec2(40, 40), bIsAnchor: false)])).dots
        #expect((10...40).allSatisfy { x in (39...41).allSatisfy { fixed.contains(Dot(x, $0)) } })
        #expect(fixed.count == 31 * 3)
        let slide = Self.braille(Scene(bounds: Self.noBounds, links: [Scene.Link(name: "s", style: .slide, a: Vec2(10, 40), b: Vec2(40, 40), bIsAnchor: false)])).dots
        // A line with ticks across its ends.
        #expect([Dot(10, 38), Dot(10, 42), Dot(40, 38), Dot(40, 42)].allSatisfy(slide.contains) && !slide.contains(Dot(25, 38)))
    }

    @Test func asciiMarks() {
        let scene = Scene(bounds: Self.noBounds, links: [
            Scene.Link(name: "p", style: .pin, a: Vec2(10, 10), b: Vec2(10, 10), bIsAnchor: false),
            Scene.Link(name: "s", style: .snap, a: Vec2(10, 40), b: Vec2(60, 40), bIsAnchor: true),
            Scene.Link(name: "r", style: .rod, a: Vec2(10, 60), b: Vec2(60, 60), bIsAnchor: true),
            Scene.Link(name: "f", style: .fixed, a: Vec2(10, 70), b: Vec2(30, 70), bIsAnchor: false),
        ])
        // 80 columns, 41 rows: a point across, two down per cell, and 79 / 2 rows of the 40 from
        // the first row's centre to the last's, centred: (x, y) is in cell (⌊x + 0.5⌋, ⌊0.75 + y / 2⌋).
        let p = Picture(TerminalRenderer.render(scene, columns: 80, rows: 41, region: Self.region, style: TerminalStyle(mode: .ascii)))
        func cell(_ x: Real, _ y: Real) -> Unicode.Scalar { p.cell(Int((x + 0.5).rounded(.down)), Int((0.75 + y / 2).rounded(.down))) }
        #expect(cell(10, 10) == "o")
        #expect(cell(60, 40) == "+" && cell(30, 40) == ".")
        #expect(cell(60, 60) == "x" && cell(30, 60) == "-")
        #expect(cell(20, 70) == "=")
    }

    // MARK: Options

    @Test func namesAreWrittenAtTheCentre() {
        let scene = Scene(bounds: Self.noBounds, items: [Scene.Item(name: "ball", shape: .ellipse(width: 30, height: 30), center: Vec2(39.5, 39.5))])
        let p = Self.braille(scene, options: DrawOptions(names: true))
        // Centre dot (40, 40) is in cell (20, 10); "ball" is centred there: cells 19…22.
        #expect(p.row(10).unicodeScalars.count >= 23)
        #expect(String(String.UnicodeScalarView(p.lines[10][19...22])) == "ball")
        #expect(!Self.braille(scene).row(10).contains("ball"))
    }

    @Test func velocityIsAnArrowAlongIt() {
        // 400 pt/s × 0.1 s: from (20, 40) to (60, 40), with a head at (60, 40).
        let ball = Scene.Item(name: "b", shape: .ellipse(width: 4, height: 4), center: Vec2(20, 40), velocity: Vec2(400, 0))
        let scene = Scene(bounds: Self.noBounds, items: [ball])
        let p = Self.braille(scene, options: DrawOptions(velocities: true, velocityScale: 0.1)).dots
        #expect((24...60).allSatisfy { p.contains(Dot($0, 40)) })
        #expect(!p.contains(Dot(61, 40)))
        // The barbs go back from the tip, above and below the shaft.
        #expect(p.contains { $0.x >= 56 && $0.x < 60 && $0.y < 40 } && p.contains { $0.x >= 56 && $0.x < 60 && $0.y > 40 })
        #expect(!Self.braille(scene).dots.contains(Dot(40, 40)))
        // Anchored items have no arrow.
        var still = ball
        still.anchored = true
        #expect(!Self.braille(Scene(bounds: Self.noBounds, items: [still]), options: DrawOptions(velocities: true)).dots.contains(Dot(40, 40)))
    }

    @Test func trailsAreDottedAndBoundsDottedUnlessTheyCollide() {
        let trail = Scene.Trail(name: "t", points: [Vec2(10, 20), Vec2(30, 20), Vec2(50, 20)], colorIndex: 0)
        let t = Self.braille(Scene(bounds: Self.noBounds, trails: [trail])).dots
        #expect(t.count == 21)
        #expect((0...20).allSatisfy { t.contains(Dot(10 + 2 * $0, 20)) })

        let open = Self.braille(Scene(bounds: Self.region)).dots
        let wall = Self.braille(Scene(bounds: Self.region, boundsCollide: true)).dots
        #expect(wall.count == 4 * 79)
        #expect((0...79).allSatisfy { wall.contains(Dot($0, 0)) })
        #expect(open.count > 4 * 79 / 2 - 4 && open.count < 4 * 79 / 2 + 4)
    }

    // MARK: Colour

    @Test func noEscapeCodesWithoutColour() {
        let scene = Scene(bounds: Self.region, items: [Scene.Item(name: "b", shape: .ellipse(width: 20, height: 20), center: Vec2(40, 40), colorIndex: 1)])
        for mode in [TerminalMode.braille, .ascii] {
            let text = TerminalRenderer.render(scene, columns: 40, style: TerminalStyle(mode: mode), options: DrawOptions(names: true))
            #expect(!text.utf8.contains(0x1B))
        }
    }

    @Test func colourLinesEndWithAResetAndUseThePalette() {
        let scene = Scene(bounds: Self.region, items: [
            Scene.Item(name: "b", shape: .ellipse(width: 20, height: 20), center: Vec2(40, 40), colorIndex: 1),
            Scene.Item(name: "g", shape: .rectangle(width: 70, height: 6), center: Vec2(40, 70), anchored: true),
        ])
        for mode in [TerminalMode.braille, .ascii] {
            let text = TerminalRenderer.render(scene, columns: 40, style: TerminalStyle(mode: mode, color: true))
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.allSatisfy { $0.hasSuffix("\u{1B}[0m") })
            // Palette.item(1) is (214, 39, 40): the xterm cube's (215, 0, 0) = 16 + 36·4 = 160.
            #expect(text.contains("\u{1B}[38;5;160m"))
            // Palette.anchored is grey 127: the grey ramp's 128 = 232 + 12 = 244.
            #expect(text.contains("\u{1B}[38;5;244m"))
            // Without the escape codes, the same picture as without colour.
            let plain = TerminalRenderer.render(scene, columns: 40, style: TerminalStyle(mode: mode))
            #expect(Picture(text).lines == Picture(plain).lines)
        }
    }

    @Test func aCellTakesTheColourOfWhatWasDrawnLast() {
        var canvas = TerminalCanvas(mode: .braille, columns: 4, rows: 1)
        canvas.ink = TerminalCanvas.ink(Palette.item(0))
        canvas.plot(0, 0, glyph: 0)
        canvas.ink = TerminalCanvas.ink(Palette.item(1))
        canvas.plot(1, 1, glyph: 0)
        let text = canvas.output(color: true)
        // One cell, two dots, the second ink: ESC[38;5;160m ⠑ ESC[0m.
        #expect(text == "\u{1B}[38;5;160m\u{2811}\u{1B}[0m\n")
        // Back to the default foreground in the middle of a line.
        canvas.ink = 0
        canvas.plot(4, 0, glyph: 0)
        #expect(canvas.output(color: true) == "\u{1B}[38;5;160m\u{2811} \u{1B}[39m\u{2801}\u{1B}[0m\n")
    }

    @Test func xtermColoursAreTheNearest() {
        #expect(TerminalCanvas.xterm256(Palette.RGB(255, 0, 0)) == 196)
        #expect(TerminalCanvas.xterm256(Palette.RGB(0, 0, 0)) == 16)
        #expect(TerminalCanvas.xterm256(Palette.RGB(0x1f, 0x77, 0xb4)) == 16 + 0 + 6 * 2 + 3)
        #expect(TerminalCanvas.xterm256(Palette.RGB(0xbb, 0xbb, 0xbb)) == 232 + 18)
    }

    // MARK: Sizes and bad input

    @Test func rowsAreKeptEvenWhenEmpty() {
        let text = TerminalRenderer.render(Scene(bounds: Self.noBounds), columns: 20, rows: 7)
        #expect(text == String(repeating: "\n", count: 7))
        // A single item, no bounds: the picture fits it.
        let one = TerminalRenderer.render(Scene(bounds: Self.noBounds, items: [Scene.Item(name: "a", shape: .rectangle(width: 10, height: 10), center: Vec2(5, 5))]), columns: 10)
        #expect(Picture(one).lines.count == 5)
    }

    @Test func badInputDrawsWhatItCanWithoutCrashing() {
        let items = [
            Scene.Item(name: "nan", shape: .ellipse(width: 10, height: 10), center: Vec2(.nan, 3)),
            Scene.Item(name: "inf", shape: .rectangle(width: .infinity, height: 10), center: Vec2(5, 5), velocity: Vec2(.infinity, 0)),
            Scene.Item(name: "huge", shape: .rectangle(width: 10, height: 10), center: Vec2(1e300, -1e300)),
            Scene.Item(name: "zero", shape: .ellipse(width: 0, height: 0), center: Vec2(5, 5)),
            Scene.Item(name: "empty", shape: .polygon([]), center: Vec2(5, 5)),
        ]
        let scene = Scene(bounds: Rect(x: 0, y: 0, width: 100, height: 100), items: items,
                          boundaries: [Scene.Boundary(name: "b", points: [Vec2(0, 0), Vec2(.nan, 1), Vec2(1e12, 1e12)], closed: true)],
                          links: [Scene.Link(name: "l", style: .spring, a: Vec2(0, 0), b: Vec2(1e15, 0), bIsAnchor: true)],
                          trails: [Scene.Trail(name: "t", points: [], colorIndex: -3)])
        for mode in [TerminalMode.braille, .ascii] {
            let style = TerminalStyle(mode: mode, color: true)
            let opts = DrawOptions(names: true, velocities: true)
            #expect(Picture(TerminalRenderer.render(scene, columns: 30, rows: 10, region: Rect(x: 0, y: 0, width: 100, height: 100), style: style, options: opts)).lines.count == 10)
            #expect(Picture(TerminalRenderer.render(scene, columns: 0, rows: -4, style: style, options: opts)).lines.count == 1)
            #expect(Picture(TerminalRenderer.render(scene, columns: 30, region: Rect(x: 0, y: 0, width: 0, height: .nan), style: style, options: opts)).lines.count >= 1)
            #expect(Picture(TerminalRenderer.render(scene, columns: 1_000_000, rows: 3, style: style)).lines.count == 3)
        }
    }

    @Test func aThousandsOfItemsSceneDrawsEveryItem() {
        // 2,000 small boxes and balls on a 50 × 40 grid over a 1000 × 800 world, 120 columns:
        // each leaves ink at its centre's cell or next to it. Prints the (debug) time.
        var items: [Scene.Item] = []
        for k in 0..<2000 {
            let c = Vec2(10 + Real(k % 50) * 20, 10 + Real(k / 50) * 20)
            let shape: Scene.Shape = k % 2 == 0 ? .rectangle(width: 12, height: 8) : .ellipse(width: 10, height: 10)
            items.append(Scene.Item(name: "i\(k)", shape: shape, center: c, angle: Real(k) * 0.1, velocity: Vec2(100, -50), colorIndex: k))
        }
        let scene = Scene(bounds: Rect(x: 0, y: 0, width: 1000, height: 800), items: items)
        let clock = ContinuousClock()
        var text = ""
        let t = clock.measure { text = TerminalRenderer.render(scene, columns: 120, style: TerminalStyle(color: true)) }
        print("render of 2,000 items at 120 columns (this build): \(t)")
        let p = Picture(text)
        let (frame, _, rows) = TerminalRenderer.layout(scene, columns: 120, rows: nil, region: nil, mode: .braille)
        #expect(p.lines.count == rows)
        let dots = p.dots
        var missing = 0
        for item in items {
            let x = Int(frame.x(item.center.x)), y = Int(frame.y(item.center.y))
            let near = (-3...3).contains { dx in (-3...3).contains { dy in dots.contains(Dot(x + dx, y + dy)) } }
            if !near { missing += 1 }
        }
        #expect(missing == 0)
    }
}
