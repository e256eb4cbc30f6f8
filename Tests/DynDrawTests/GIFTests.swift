import CGif
import DynamicsMath
import Foundation
import Testing

@testable import DynDraw

/// A GIF decoded with giflib: the frames composited as a viewer shows them.
struct DecodedGIF {
    var width = 0
    var height = 0
    /// Per frame: its delay (centiseconds) and the whole picture after it, as RGB.
    var delays: [Int] = []
    var pictures: [PixelImage] = []
    /// Frames whose rectangle is smaller than the screen.
    var partialFrames = 0

    init?(path: String) {
        var error: Int32 = 0
        guard let gif = DGifOpenFileName(path, &error) else { return nil }
        defer { DGifCloseFile(gif, &error) }
        guard DGifSlurp(gif) == GIF_OK, let map = gif.pointee.SColorMap else { return nil }
        width = Int(gif.pointee.SWidth)
        height = Int(gif.pointee.SHeight)
        var colors: [UInt32] = []
        for i in 0..<Int(map.pointee.ColorCount) {
            let c = map.pointee.Colors[i]
            colors.append(UInt32(c.Red) << 16 | UInt32(c.Green) << 8 | UInt32(c.Blue))
        }
        var canvas = [UInt32](repeating: 0xffffff, count: width * height)
        for i in 0..<Int(gif.pointee.ImageCount) {
            var gcb = GraphicsControlBlock()
            guard DGifSavedExtensionToGCB(gif, Int32(i), &gcb) == GIF_OK else { return nil }
            delays.append(Int(gcb.DelayTime))
            let image = gif.pointee.SavedImages[i]
            let d = image.ImageDesc
            if d.Width < gif.pointee.SWidth || d.Height < gif.pointee.SHeight { partialFrames += 1 }
            for y in 0..<Int(d.Height) {
                for x in 0..<Int(d.Width) {
                    let v = Int32(image.RasterBits[y * Int(d.Width) + x])
                    if v == gcb.TransparentColor { continue }
                    canvas[(Int(d.Top) + y) * width + Int(d.Left) + x] = colors[Int(v)]
                }
            }
            pictures.append(PixelImage(width: width, height: height, pixels: canvas))
        }
    }
}

/// The centre of the pixels for which `test` holds (pixel centres at +0.5), and their count.
func centroid(_ image: PixelImage, where test: (Palette.RGB) -> Bool) -> (Vec2, Int) {
    var sum = Vec2.zero, n = 0
    for y in 0..<image.height {
        for x in 0..<image.width where test(image[Vec2(Double(x), Double(y))]) {
            sum += Vec2(Double(x) + 0.5, Double(y) + 0.5)
            n += 1
        }
    }
    return (n > 0 ? sum / Double(n) : sum, n)
}

@Suite struct GIFTests {
    /// A blue ball at (100 + 200 t, 80 + 100 t), a red box standing still.
    static func movingScene(_ t: Real) -> Scene {
        var s = Scene(time: t, bounds: Rect(x: 0, y: 0, width: 400, height: 300), boundsCollide: true)
        s.items = [
            .init(name: "ball", shape: .ellipse(width: 40, height: 40), center: Vec2(100 + 200 * t, 80 + 100 * t), colorIndex: 0),
            .init(name: "box", shape: .rectangle(width: 60, height: 40), center: Vec2(300, 220), angle: 0.3, colorIndex: 1),
        ]
        return s
    }

    static func isBlue(_ c: Palette.RGB) -> Bool { Int(c.b) - Int(c.r) > 20 }

    @Test func framesDelaysAndWhereTheBallIs() throws {
        let dir = makeTemporaryFolder()
        defer { removeFolder(dir) }
        let path = dir + "/ball.gif"
        let fps = 25, count = 26
        let region = Rect(x: 0, y: 0, width: 400, height: 300)
        let recorder = try AnimationRecorder(path: path, width: 480, height: 360, fps: fps, region: region)
        for i in 0..<count { try recorder.add(Self.movingScene(Real(i) / Real(fps))) }
        try recorder.finish()
        #expect(folderContents(dir) == ["ball.gif"])
        let bytes = fileBytes(path)
        #expect(bytes.starts(with: Array("GIF89a".utf8)))
        #expect(String(decoding: bytes.prefix(1000), as: UTF8.self).contains("NETSCAPE2.0"))

        let gif = try #require(DecodedGIF(path: path))
        #expect(gif.width == 480 && gif.height == 360)
        #expect(gif.pictures.count == count)
        #expect(gif.delays == Array(repeating: 4, count: count))
        // Later frames are only the rectangle that changed (the ball, the time).
        #expect(gif.partialFrames == count - 1)
        // 400 × 300 fitted into 480 × 360 with a 10.8 px margin: scale 338/300, offset (14.67, 10.8).
        let scale = 338.0 / 300, offset = Vec2((480 - 400 * scale) / 2, 10.8)
        for i in [0, count - 1] {
            let t = Real(i) / Real(fps)
            let expected = offset + scale * Vec2(100 + 200 * t, 80 + 100 * t)
            let (c, n) = centroid(gif.pictures[i], where: Self.isBlue)
            #expect(n > 1000, "frame \(i): \(n) blue pixels")
            #expect((c - expected).length < 1.5, "frame \(i): ball drawn at \(c), expected \(expected)")
        }
        // The box never moves: its centre keeps its tint, from the palette's nearest colour.
        let boxCentre = offset + scale * Vec2(300, 220)
        #expect(colorDistance(gif.pictures[count - 1][boxCentre], expectedTint(Palette.items[1])) <= 4)
    }

    @Test(arguments: [25, 30, 7, 50])
    func delaysAddUpToTheLength(fps: Int) throws {
        let dir = makeTemporaryFolder()
        defer { removeFolder(dir) }
        let path = dir + "/d.gif"
        let count = 2 * fps + 3
        let recorder = try AnimationRecorder(path: path, width: 64, height: 48, fps: fps, region: Rect(x: 0, y: 0, width: 400, height: 300),
                                             options: DrawOptions(time: false))
        // Every other frame the same, so that some frames have no change at all.
        for i in 0..<count { try recorder.add(Self.movingScene(Real(i / 2) / Real(fps))) }
        try recorder.finish()
        let gif = try #require(DecodedGIF(path: path))
        #expect(gif.delays.count == count)
        // Frame i lasts round(100(i+1)/fps) − round(100 i/fps), rounding halves up.
        func end(_ k: Int) -> Int { Int((100 * Double(k) / Double(fps)).rounded()) }
        let expected = (0..<count).map { i in end(i + 1) - end(i) }
        #expect(gif.delays == expected)
        #expect(gif.delays.reduce(0, +) == Int((100 * Double(count) / Double(fps)).rounded()))
        #expect(gif.delays.allSatisfy { $0 >= 100 / fps && $0 <= 100 / fps + 1 })
    }

    @Test func sameBytesTwice() throws {
        let dir = makeTemporaryFolder()
        defer { removeFolder(dir) }
        for name in ["a.gif", "b.gif"] {
            let recorder = try AnimationRecorder(path: dir + "/" + name, width: 200, height: 150, fps: 10,
                                                 region: Rect(x: 0, y: 0, width: 400, height: 300), options: DrawOptions(names: true, velocities: true))
            for i in 0..<5 {
                var s = sampleScene(time: Real(i) / 10)
                s.items[0].center.x += 10 * Real(i)
                try recorder.add(s)
            }
            try recorder.finish()
        }
        #expect(fileBytes(dir + "/a.gif") == fileBytes(dir + "/b.gif"))
    }

    @Test func paletteHoldsTheTintsExactlyAndMapsWhiteToZero() {
        let palette = GIFPalette()
        #expect(palette.used <= 255)
        #expect(palette.index(of: 0xffffff) == 0)
        func pixel(_ c: Palette.RGB) -> UInt32 { UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b) }
        // What items are drawn in (fills, outlines) and the greys of lines and text map to themselves.
        for c in Palette.items + [Palette.anchored] {
            #expect(palette.colors[Int(palette.index(of: pixel(expectedTint(c))))] == expectedTint(c), "tint of \(c)")
        }
        for c in Palette.items + [Palette.anchored, Palette.boundary, Palette.bounds, Palette.link, Palette.text] {
            #expect(palette.colors[Int(palette.index(of: pixel(c)))] == c)
        }
        // Blends map to a near colour: halfway between blue and its tint, within 4 levels per channel.
        let blue = Palette.items[0], tint = expectedTint(blue)
        let half = Palette.RGB(UInt8((Int(blue.r) + Int(tint.r)) / 2), UInt8((Int(blue.g) + Int(tint.g)) / 2), UInt8((Int(blue.b) + Int(tint.b)) / 2))
        #expect(colorDistance(palette.colors[Int(palette.index(of: pixel(half)))], half) <= 6)
        #expect(palette.colors[Int(GIFPalette.transparent)] == Palette.RGB(0, 0, 0))
    }
}
