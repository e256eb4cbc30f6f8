import BenchScenes
import CCairo
import Dynamics
import DynamicsMath
import Foundation
import Testing

@testable import DynDraw

/// 250 frames (10 s at 25 fps) of 2,000 balls at 480 × 360: the time to write the GIF and its
/// size. Run on request, in a release build:
///   DYN_GIF_BENCH=1 swift test -c release -Xswiftc -enable-testing --filter GIFBenchmark
@Suite(.enabled(if: ProcessInfo.processInfo.environment["DYN_GIF_BENCH"] != nil))
struct GIFBenchmark {
    /// The standard "rain" (Sources/BenchScenes) simulated by the engine: 2,000 balls of
    /// diameter 100 fall into an open box 4,000 wide and 8,000 tall and pile up; one scene every
    /// 1/25 s (the world steps 1/60 s).
    static func rain() throws -> (scenes: [Scene], region: Rect) {
        let scene = try BenchScenes.rain()
        var w = scene.world
        let ids = scene.bodies
        let walls: [(Vec2, Vec2)] = scene.fixtures.map { f in
            (Vec2(scene.world.property(.x, of: f.id), scene.world.property(.y, of: f.id)),
             Vec2(scene.world.property(.width, of: f.id), scene.world.property(.height, of: f.id)))
        }
        var scenes: [Scene] = []
        for frame in 0..<250 {
            while w.time < Real(frame) / 25 - 1e-9 { _ = w.step() }
            var s = Scene(time: w.time, bounds: Rect(x: 0, y: 0, width: 20_000, height: 10_000))
            for (i, (c, size)) in walls.enumerated() {
                s.items.append(.init(name: "wall\(i)", shape: .rectangle(width: size.x, height: size.y), center: c, anchored: true))
            }
            for (i, id) in ids.enumerated() {
                s.items.append(.init(name: "b\(i)", shape: .ellipse(width: 100, height: 100),
                                     center: Vec2(w.property(.x, of: id), w.property(.y, of: id)),
                                     angle: w.property(.angle, of: id), colorIndex: 1 + i % 7))
            }
            scenes.append(s)
        }
        return (scenes, Rect(x: -2100, y: -8000, width: 4200, height: 8100))
    }

    /// The worst case for frame differences: 2,000 balls of diameter 12 in a 1000 × 750 box,
    /// every one flying and bouncing off the walls for the whole 10 s.
    static func flying(_ frame: Int) -> Scene {
        let t = Real(frame) / 25
        var s = Scene(time: t, bounds: Rect(x: 0, y: 0, width: 1000, height: 750), boundsCollide: true)
        s.items.reserveCapacity(2000)
        var seed: UInt64 = 12345
        func random() -> Real {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Real(seed >> 11) / Real(1 << 53)
        }
        func bounce(_ x: Real, _ lo: Real, _ hi: Real) -> Real {
            let span = hi - lo
            var u = (x - lo).truncatingRemainder(dividingBy: 2 * span)
            if u < 0 { u += 2 * span }
            return lo + (u <= span ? u : 2 * span - u)
        }
        for i in 0..<2000 {
            let x0 = 10 + Real(i % 50) * 19.6, y0 = 10 + Real(i / 50) * 18
            let v = Vec2(200 * random() - 100, 200 * random() - 100)
            let c = Vec2(bounce(x0 + v.x * t, 6, 994), bounce(y0 + v.y * t, 6, 744))
            s.items.append(.init(name: "b\(i)", shape: .ellipse(width: 12, height: 12), center: c, velocity: v, colorIndex: i % 8))
        }
        return s
    }

    @Test(arguments: ["rain", "flying"])
    func twoThousandBalls(kind: String) throws {
        let dir = makeTemporaryFolder()
        defer { removeFolder(dir) }
        let (scenes, region) = kind == "rain" ? try Self.rain() : ((0..<250).map(Self.flying), Rect(x: 0, y: 0, width: 1000, height: 750))
        // Drawing alone, for the share of cairo.
        let viewport = PictureWriter.fittedViewport(region, width: 480, height: 360)
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 480, 360)!
        defer { cairo_surface_destroy(surface) }
        let sprites = CircleSprites()
        let clock = ContinuousClock()
        let drawing = clock.measure {
            for s in scenes {
                let cr = cairo_create(surface)!
                CairoScene.draw(s, on: cr, viewport: viewport, options: DrawOptions(), sprites: sprites)
                cairo_destroy(cr)
            }
        }
        // DYN_DRAW_GALLERY=folder keeps the GIF there, for looking at it.
        let gallery = ProcessInfo.processInfo.environment["DYN_DRAW_GALLERY"]
        let path = (gallery ?? dir) + "/balls-\(kind).gif"
        let whole = try clock.measure {
            let recorder = try AnimationRecorder(path: path, width: 480, height: 360, fps: 25, region: region)
            for s in scenes { try recorder.add(s) }
            try recorder.finish()
        }
        let size = fileBytes(path).count
        let page = (gallery ?? dir) + "/balls-\(kind).html"
        let html = try clock.measure {
            let recorder = try AnimationRecorder(path: page, width: 480, height: 360, fps: 25, region: region)
            for s in scenes { try recorder.add(s) }
            try recorder.finish()
        }
        print("HTML benchmark (\(kind)): 250 frames of 2000 balls in \(html); \(fileBytes(page).count) bytes")
        print("GIF benchmark (\(kind)): 250 frames of 2000 balls at 480×360 in \(whole), of which drawing \(drawing); \(size) bytes")
        #expect(whole < .seconds(10))
        #expect(size < 5_000_000)
    }
}
