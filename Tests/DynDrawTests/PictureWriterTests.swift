import CCairo
import DynamicsMath
import Foundation
import Testing

@testable import DynDraw

@Suite struct PictureWriterTests {
    /// A ball, a box turned by 0.5 rad, an anchored slab and a group of two, nothing else.
    static func plainScene() -> Scene {
        var s = Scene(time: 0, bounds: Rect(x: 0, y: 0, width: 400, height: 300), boundsCollide: true)
        s.items = [
            .init(name: "ball", shape: .ellipse(width: 60, height: 60), center: Vec2(80, 80), colorIndex: 0),
            .init(name: "box", shape: .rectangle(width: 120, height: 30), center: Vec2(250, 80), angle: 0.5, colorIndex: 1),
            .init(name: "slab", shape: .rectangle(width: 200, height: 20), center: Vec2(200, 270), anchored: true, colorIndex: 2),
            .init(name: "m1", shape: .rectangle(width: 30, height: 30), center: Vec2(80, 200), group: "g", colorIndex: 3),
            .init(name: "m2", shape: .ellipse(width: 30, height: 30), center: Vec2(130, 200), group: "g", colorIndex: 3),
        ]
        return s
    }

    @Test(arguments: [(480, 360), (1200, 900)])
    func pngShowsItemsWhereTheyAre(size: (Int, Int)) throws {
        let dir = makeTemporaryFolder()
        defer { removeFolder(dir) }
        let path = dir + "/plain.png"
        let scene = Self.plainScene()
        try PictureWriter.write(scene, to: path, width: size.0, height: size.1, options: DrawOptions(time: false))
        let image = try #require(PixelImage(png: path))
        #expect(image.width == size.0 && image.height == size.1)
        // The bounds (400 × 300) fitted inside a margin of 3 % of the shorter side.
        let margin = max(4, 0.03 * Double(min(size.0, size.1)))
        let scale = min((Double(size.0) - 2 * margin) / 400, (Double(size.1) - 2 * margin) / 300)
        let offset = Vec2((Double(size.0) - 400 * scale) / 2, (Double(size.1) - 300 * scale) / 2)
        func pixel(_ p: Vec2) -> Palette.RGB { image[offset + scale * p] }

        // Centres: each item's tint; group members share one colour; anchored is grey.
        #expect(colorDistance(pixel(Vec2(80, 80)), expectedTint(Palette.items[0])) <= 1)
        #expect(colorDistance(pixel(Vec2(250, 80)), expectedTint(Palette.items[1])) <= 1)
        #expect(colorDistance(pixel(Vec2(200, 270)), expectedTint(Palette.anchored)) <= 1)
        #expect(colorDistance(pixel(Vec2(80, 200)), expectedTint(Palette.items[3])) <= 1)
        #expect(colorDistance(pixel(Vec2(130, 200)), expectedTint(Palette.items[3])) <= 1)
        // Empty places are white.
        let white = Palette.RGB(255, 255, 255)
        for p in [Vec2(200, 150), Vec2(30, 290 - 5), Vec2(350, 250), Vec2(160, 30)] {
            #expect(pixel(p) == white, "at \(p)")
        }
        // The box, 120 × 30 turned by 0.5 rad clockwise about (250, 80): a point 8 and 5 world
        // points inside its lower-right corner is filled; (305, 70), inside the box's unturned
        // position but 20 points beyond its turned long side, is white.
        let q = Rot(angle: 0.5)
        let inside = Vec2(250, 80) + q.apply(Vec2(52, 10))
        #expect(colorDistance(pixel(inside), expectedTint(Palette.items[1])) <= 1, "inside corner \(inside)")
        let outside = Vec2(305, 70)
        let local = q.applyInverse(outside - Vec2(250, 80))
        #expect(abs(local.y) > 15 + 10)
        #expect(pixel(outside) == white)
        // The outline is the item's colour: on the ball's rim, right of the centre.
        let rim = pixel(Vec2(80 + 30, 80))
        #expect(colorDistance(rim, Palette.items[0]) < colorDistance(rim, expectedTint(Palette.items[0])))
    }

    @Test func timeIsWrittenInTheTopLeftCorner() throws {
        let dir = makeTemporaryFolder()
        defer { removeFolder(dir) }
        var scene = Self.plainScene()
        scene.items = []
        try PictureWriter.write(scene, to: dir + "/t.png", width: 480, height: 360, options: DrawOptions(time: true))
        try PictureWriter.write(scene, to: dir + "/n.png", width: 480, height: 360, options: DrawOptions(time: false))
        let with = try #require(PixelImage(png: dir + "/t.png")), without = try #require(PixelImage(png: dir + "/n.png"))
        func darkPixels(_ im: PixelImage, x: Range<Int>, y: Range<Int>) -> Int {
            var n = 0
            for yy in y { for xx in x where im.pixels[yy * im.width + xx] & 0xff < 0x80 { n += 1 } }
            return n
        }
        // Dark text pixels inside the top-left corner of the frame (at x 14.6 and y 10.8).
        #expect(darkPixels(with, x: 17..<120, y: 13..<35) > 20)
        #expect(darkPixels(without, x: 17..<120, y: 13..<35) == 0)
    }

    @Test func anItemInTheCornerShowsAroundTheTime() throws {
        let dir = makeTemporaryFolder()
        defer { removeFolder(dir) }
        var scene = Self.plainScene()
        // A box filling the top-left corner, under where the time is written.
        scene.items = [.init(name: "", shape: .rectangle(width: 120, height: 60), center: Vec2(60, 30), colorIndex: 0)]
        try PictureWriter.write(scene, to: dir + "/t.png", width: 480, height: 360, options: DrawOptions(time: true))
        let im = try #require(PixelImage(png: dir + "/t.png"))
        let tint = expectedTint(Palette.items[0])
        var tinted = 0, total = 0
        for y in 13..<35 {
            for x in 20..<110 {
                total += 1
                let v = im.pixels[y * im.width + x]
                if colorDistance(Palette.RGB(UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff)), tint) < 12 { tinted += 1 }
            }
        }
        // Most of the label's area still shows the item's fill between the letters.
        #expect(tinted * 2 > total, "\(tinted) of \(total) pixels show the item")
    }

    @Test func everyFormatGivesTheSameBytesTwice() throws {
        let dir = makeTemporaryFolder()
        defer { removeFolder(dir) }
        let scene = sampleScene()
        let options = DrawOptions(names: true, velocities: true)
        for format in PictureFormat.allCases {
            let a = dir + "/a." + format.rawValue, b = dir + "/b." + format.rawValue
            try PictureWriter.write(scene, to: a, width: 480, height: 360, options: options)
            // Something else in between, which advances cairo's process-wide counters.
            try PictureWriter.write(Self.plainScene(), to: dir + "/other." + format.rawValue, width: 200, height: 100)
            try PictureWriter.write(scene, to: b, width: 480, height: 360, options: options)
            let x = fileBytes(a), y = fileBytes(b)
            #expect(x.count > 100)
            #expect(x == y, "\(format) differs between two runs")
        }
        // What each format is, at a parse level.
        let svg = String(decoding: fileBytes(dir + "/a.svg"), as: UTF8.self)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.contains("<svg") && svg.hasSuffix("</svg>\n"))
        #expect(svg.contains("width=\"480px\"") && svg.contains("height=\"360px\""))
        #expect(svg.contains("id=\"surface1\""))
        let pdf = fileBytes(dir + "/a.pdf")
        #expect(pdf.starts(with: Array("%PDF-".utf8)))
        let pdfText = String(decoding: pdf, as: UTF8.self)
        #expect(pdfText.contains("/MediaBox [ 0 0 480 360 ]"))
        #expect(!pdfText.contains("CreationDate") && !pdfText.contains("ModDate"))
        #expect(pdfText.hasSuffix("%%EOF\n"))
        let png = fileBytes(dir + "/a.png")
        #expect(png.starts(with: [0x89, 0x50, 0x4e, 0x47]))
    }

    @Test func renumberingSurfaceIDsLeavesOtherWordsAlone() {
        let svg = ##"<g id="surface17"><use xlink:href="#surface17"/><g id="surface3"/> mysurface9 surface4x"##
        let out = String(decoding: CairoDocument.renumberSurfaceIDs(Array(svg.utf8)), as: UTF8.self)
        #expect(out == ##"<g id="surface1"><use xlink:href="#surface1"/><g id="surface2"/> mysurface9 surface4x"##)
    }
}

/// Writes sample pictures into the folder named by DYN_DRAW_GALLERY, for looking at them.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["DYN_DRAW_GALLERY"] != nil))
struct PictureGallery {
    @Test func writeSamples() throws {
        let dir = ProcessInfo.processInfo.environment["DYN_DRAW_GALLERY"]!
        let scene = sampleScene()
        let options = DrawOptions(names: true, velocities: true)
        for (w, h) in [(480, 360), (1200, 900)] {
            for format in PictureFormat.allCases {
                try PictureWriter.write(scene, to: "\(dir)/sample-\(w).\(format.rawValue)", width: w, height: h, options: options)
            }
        }
        func y(_ i: Int) -> Real {
            let k = Real(i)
            return 300 - 0.025 * k * k + 40 * DMath.sin(k / 8)
        }
        let ys = (0...100).map { Vec2(Real($0) / 50, y($0)) }
        let vs = (0...100).map { Vec2(Real($0) / 50, -100 + 2 * Real($0)) }
        let chart = Chart(series: [.init(name: "ball.y", points: ys), .init(name: "ball.vy", points: vs)], xLabel: "t (s)")
        for (w, h) in [(480, 360), (1200, 900)] {
            try ChartWriter.write(chart, to: "\(dir)/chart-\(w).png", width: w, height: h)
        }
        try ChartWriter.write(chart, to: "\(dir)/chart.svg", width: 640, height: 400)
        for format in AnimationFormat.allCases {
            let recorder = try AnimationRecorder(path: "\(dir)/sample.\(format.rawValue)", width: 480, height: 360, fps: 25,
                                                 region: scene.extent, options: options)
            for i in 0...50 {
                let t = Real(i) / 25
                var s = sampleScene(time: t)
                s.items[0].center += Vec2(100 * t, 40 * t)
                s.items[1].angle += 2 * t
                s.links[0].a = s.items[0].center
                if i > 25 { s.items.removeLast() }
                try recorder.add(s)
            }
            try recorder.finish()
        }
    }
}

@Suite struct ClippingTests {
    @Test func segmentsAreCutAtTheBox() throws {
        let box = ClipBox(lo: Vec2(0, 0), hi: Vec2(10, 10))
        let (a, b) = try #require(box.clip(Vec2(-10, 5), Vec2(20, 5)))
        #expect(a == Vec2(0, 5) && b == Vec2(10, 5))
        let (c, d) = try #require(box.clip(Vec2(5, 5), Vec2(5, 1e300)))
        #expect(c == Vec2(5, 5) && abs(d.y - 10) < 1e-9 && d.x == 5)
        #expect(box.clip(Vec2(-5, -5), Vec2(-1, 20)) == nil)
        #expect(box.clip(Vec2(11, 0), Vec2(11, 10)) == nil)
        #expect(box.clip(Vec2(.nan, 0), Vec2(1, 1)) == nil)
        // A diagonal through a corner region: from (-5, 5) to (5, -5) only touches (0, 0).
        let (e, f) = try #require(box.clip(Vec2(-4, 6), Vec2(6, -4)))
        #expect(abs(e.x - 0) < 1e-12 && abs(e.y - 2) < 1e-12 && abs(f.x - 2) < 1e-12 && abs(f.y - 0) < 1e-12)
    }

    @Test func polygonsKeepTheirInsidePart() {
        let box = ClipBox(lo: Vec2(0, 0), hi: Vec2(10, 10))
        // A square from (5, 5) to (1e9, 1e9): the inside part is the square (5, 5)–(10, 10).
        let clipped = box.clip(polygon: [Vec2(5, 5), Vec2(1e9, 5), Vec2(1e9, 1e9), Vec2(5, 1e9)])
        var area = 0.0
        for (p, q) in zip(clipped, clipped.dropFirst() + [clipped[0]]) { area += p.cross(q) / 2 }
        #expect(abs(area - 25) < 1e-9)
        #expect(clipped.allSatisfy { box.contains($0) })
        #expect(box.clip(polygon: [Vec2(20, 20), Vec2(30, 20), Vec2(30, 30)]).count < 3)
    }

    /// cairo's 24.8 fixed point wraps past 8 million units: far points are clipped before.
    @Test func farAwayGeometryDrawsWhereItShould() throws {
        let dir = makeTemporaryFolder()
        defer { removeFolder(dir) }
        var scene = Scene(time: 0, bounds: Rect(x: 0, y: 0, width: 400, height: 300))
        scene.items = [
            .init(name: "huge", shape: .ellipse(width: 2e8, height: 2e8), center: Vec2(200, 1e8 + 230), colorIndex: 2),
            .init(name: "ground", shape: .rectangle(width: 1e9, height: 20), center: Vec2(200, 270), anchored: true),
            .init(name: "far", shape: .ellipse(width: 50, height: 50), center: Vec2(-3e7, 100), colorIndex: 1),
        ]
        // x = 1.1e7 is 1.24e7 pixels, which cairo's fixed point would wrap to −4.4e6 (a line to the left).
        scene.links = [.init(name: "long", style: .rod, a: Vec2(50, 150), b: Vec2(1.1e7, 150), bIsAnchor: true)]
        let path = dir + "/far.png"
        try PictureWriter.write(scene, to: path, width: 480, height: 360, region: scene.bounds, options: DrawOptions(time: false))
        let image = try #require(PixelImage(png: path))
        let v = PictureWriter.fittedViewport(scene.bounds, width: 480, height: 360)
        func pixel(_ p: Vec2) -> Palette.RGB { image[v.map(p)] }
        // The rod runs from x = 50 to the right edge, nowhere else on its row.
        for x in stride(from: 70.0, through: 390, by: 40) {
            let at = v.map(Vec2(x, 150))
            let nearest = [-1.0, 0, 1].map { colorDistance(image[at + Vec2(0, $0)], Palette.link) }.min()!
            // A 1.5-pixel line across two rows: 75 % of each (130 grey) or more.
            #expect(nearest <= 50, "rod at x = \(x)")
        }
        #expect(pixel(Vec2(20, 150)) == Palette.RGB(255, 255, 255))
        // The ground's tint across the picture; the huge circle's top edge at y = 230 and its tint below.
        for x in [20.0, 200, 380] {
            #expect(colorDistance(pixel(Vec2(x, 272)), expectedTint(Palette.anchored)) <= 1, "ground at x = \(x)")
            #expect(colorDistance(pixel(Vec2(x, 245)), expectedTint(Palette.items[2])) <= 1, "huge circle at x = \(x)")
            #expect(pixel(Vec2(x, 215)) == Palette.RGB(255, 255, 255))
        }
    }
}
