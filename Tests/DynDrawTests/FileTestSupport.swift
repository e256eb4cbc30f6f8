// Helpers for the tests of files: a fresh folder per test, a sample scene with one of
// everything, and reading PNG pixels back with cairo.

import CCairo
import DynamicsMath
import Foundation

@testable import DynDraw

/// A new empty folder under the system's temporary folder.
func makeTemporaryFolder(_ tag: String = #function) -> String {
    let name = "dyn-draw-" + tag.filter { $0.isLetter || $0.isNumber } + "-" + UUID().uuidString.prefix(8)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(name)
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
}

func removeFolder(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
}

/// The names in a folder, sorted.
func folderContents(_ path: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
}

func fileBytes(_ path: String) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else { return [] }
    return [UInt8](data)
}

/// A 400 × 300 world with one of everything: a ball, a turned box, a triangle, an anchored
/// floor, a boundary, every link style, a trail.
func sampleScene(time: Real = 1.25) -> Scene {
    var s = Scene(time: time, bounds: Rect(x: 0, y: 0, width: 400, height: 300), boundsCollide: true)
    s.items = [
        .init(name: "ball", shape: .ellipse(width: 60, height: 60), center: Vec2(80, 80), velocity: Vec2(300, -100), colorIndex: 0),
        .init(name: "box", shape: .rectangle(width: 120, height: 30), center: Vec2(250, 80), angle: 0.5, colorIndex: 1),
        .init(name: "tri", shape: .polygon([Vec2(0, -25), Vec2(25, 20), Vec2(-25, 20)]), center: Vec2(80, 200), angle: 0.2, colorIndex: 2),
        .init(name: "egg", shape: .ellipse(width: 50, height: 30), center: Vec2(330, 200), angle: -0.4, colorIndex: 3),
        .init(name: "floor", shape: .rectangle(width: 360, height: 12), center: Vec2(200, 285), anchored: true, colorIndex: 4),
        .init(name: "m1", shape: .rectangle(width: 20, height: 20), center: Vec2(180, 200), group: "pair", colorIndex: 5),
        .init(name: "m2", shape: .ellipse(width: 20, height: 20), center: Vec2(205, 200), group: "pair", colorIndex: 5),
    ]
    s.boundaries = [.init(name: "ramp", points: [Vec2(10, 150), Vec2(60, 160), Vec2(120, 170)], closed: false)]
    s.links = [
        .init(name: "rod", style: .rod, a: Vec2(80, 80), b: Vec2(80, 10), bIsAnchor: true),
        .init(name: "spring", style: .spring, a: Vec2(250, 80), b: Vec2(330, 10), bIsAnchor: true),
        .init(name: "pin", style: .pin, a: Vec2(80, 200), b: Vec2(80, 200), bIsAnchor: true),
        .init(name: "limit", style: .limit, a: Vec2(330, 200), b: Vec2(380, 120), bIsAnchor: true),
        .init(name: "slide", style: .slide, a: Vec2(140, 240), b: Vec2(240, 240), bIsAnchor: true),
        .init(name: "weld", style: .fixed, a: Vec2(190, 200), b: Vec2(195, 200), bIsAnchor: false),
        .init(name: "snap", style: .snap, a: Vec2(250, 80), b: Vec2(300, 250), bIsAnchor: false),
    ]
    s.trails = [.init(name: "ball", points: (0..<20).map { Vec2(20 + 3 * Real($0), 120 - 2 * Real($0)) }, colorIndex: 0)]
    return s
}

/// An RGB picture read back from a PNG file with cairo.
struct PixelImage {
    let width: Int
    let height: Int
    /// 0xRRGGBB per pixel, rows top to bottom.
    let pixels: [UInt32]

    init?(png path: String) {
        guard let surface = cairo_image_surface_create_from_png(path) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              let data = cairo_image_surface_get_data(surface) else { return nil }
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        var p: [UInt32] = []
        p.reserveCapacity(width * height)
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride)
            for x in 0..<width { p.append(row.load(fromByteOffset: 4 * x, as: UInt32.self) & 0xffffff) }
        }
        pixels = p
    }

    init(width: Int, height: Int, pixels: [UInt32]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The pixel holding picture point `p` (rounded down).
    subscript(_ p: Vec2) -> Palette.RGB {
        let x = Swift.min(Swift.max(Int(p.x.rounded(.down)), 0), width - 1)
        let y = Swift.min(Swift.max(Int(p.y.rounded(.down)), 0), height - 1)
        let v = pixels[y * width + x]
        return Palette.RGB(UInt8(v >> 16 & 0xff), UInt8(v >> 8 & 0xff), UInt8(v & 0xff))
    }
}

/// Colour distance: the largest channel difference.
func colorDistance(_ a: Palette.RGB, _ b: Palette.RGB) -> Int {
    Swift.max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
}

/// The light tint that fills an item, computed here from its definition in the docs
/// (35 % colour + 65 % white), not through the renderer's helper.
func expectedTint(_ c: Palette.RGB) -> Palette.RGB {
    func ch(_ v: UInt8) -> UInt8 { UInt8((0.35 * Double(v) + 0.65 * 255).rounded()) }
    return Palette.RGB(ch(c.r), ch(c.g), ch(c.b))
}

/// Runs a program and returns its exit status and standard output; nil when it cannot start
/// or takes longer than `timeout` seconds (it is then killed).
func run(_ executable: String, _ arguments: [String], timeout: Double = 60) -> (status: Int32, output: String)? {
    let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("dyn-run-\(UUID().uuidString)").path
    guard FileManager.default.createFile(atPath: outputPath, contents: nil),
          let output = FileHandle(forWritingAtPath: outputPath) else { return nil }
    defer { try? FileManager.default.removeItem(atPath: outputPath) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning && Date() < deadline { usleep(20_000) }
    if process.isRunning {
        process.terminate()
        process.waitUntilExit()
        return nil
    }
    try? output.close()
    let text = String(decoding: fileBytes(outputPath), as: UTF8.self)
    return (process.terminationStatus, text)
}
