// Fields in pictures: which fields are drawn, with which mark, where, and their regions'
// outlines, in the scene and in each renderer (terminal, PNG, HTML page). Expected values come
// from the definitions given to the engine.

import Dynamics
import DynamicsMath
import Foundation
import Testing

@testable import DynDraw

@Suite struct SceneFieldTests {
    /// A world with one field of each interesting sort, named in creation order.
    static func world() throws -> (World, [(name: String, id: BehaviorID)]) {
        var w = World(size: Vec2(400, 400))
        var out: [(name: String, id: BehaviorID)] = []
        func add(_ name: String, _ kind: FieldKind, at p: Vec2, strength: Real = 1, direction: Vec2 = .zero,
                 region: FieldRegion = .everywhere) throws {
            var d = FieldDefinition(kind: kind)
            d.position = p
            d.strength = strength
            d.direction = direction
            d.region = region
            out.append((name, try w.addField(d)))
        }
        try add("plus", .electric, at: Vec2(200, 200), strength: 30)
        try add("minus", .electric, at: Vec2(100, 200), strength: -2)
        try add("sun", .radialGravity, at: Vec2(300, 100), region: .difference(.disc(radius: 80), .disc(radius: 20)))
        try add("hole", .radialGravity, at: Vec2(300, 300), strength: -1)
        try add("swirl", .vortex, at: Vec2(100, 100), strength: -1, region: .disc(radius: 60))
        try add("air", .drag, at: .zero, strength: 4)                       // everywhere, no centre: not drawn
        try add("down", .linearGravity, at: .zero, direction: Vec2(0, 1))    // the same
        try add("lift", .linearGravity, at: Vec2(300, 300), strength: 2, direction: Vec2(0, -1),
                region: .rectangle(size: Vec2(100, 80)))
        try add("fog", .noise, at: Vec2(100, 300), region: .union(.disc(radius: 50), .inverse(.rectangle(size: Vec2(10, 20)))))
        return (w, out)
    }

    @Test func fieldsWithACentreOrABoundedRegionAreDrawnWithTheirMarks() throws {
        let (w, fields) = try Self.world()
        let s = SceneBuilder.scene(of: w, items: [], links: fields)
        #expect(s.links.isEmpty)
        #expect(s.fields.map(\.name) == ["plus", "minus", "sun", "hole", "swirl", "lift", "fog"])
        #expect(s.fields.map(\.mark) == [.positive, .negative, .attractor, .repeller, .vortexCounterclockwise, .arrow, .wave])
        #expect(s.fields[0].position == Vec2(200, 200) && s.fields[0].outlines.isEmpty)
        #expect(s.fields[2].outlines == [.circle(radius: 80), .circle(radius: 20)])
        #expect(s.fields[4].outlines == [.circle(radius: 60)])
        // Linear gravity's arrow points where it pulls: strength × direction.
        #expect(s.fields[5].direction == Vec2(0, -2) && s.fields[5].outlines == [.rectangle(width: 100, height: 80)])
        #expect(s.fields[6].outlines == [.circle(radius: 50), .rectangle(width: 10, height: 20)])
        // A field's position is part of the picture's extent.
        #expect(s.extent.maxX >= 300 && s.extent.minX <= 100)
    }

    @Test func aDeeplyNestedRegionDrawsAtMostTheOutlineLimit() {
        var region = FieldRegion.disc(radius: 1)
        for k in 0..<200 { region = .union(region, .disc(radius: Real(k + 2))) }
        var out: [Scene.FieldOutline] = []
        SceneBuilder.collectOutlines(region, into: &out)
        #expect(out.count == SceneBuilder.maximumFieldOutlines)
        #expect(out.first == .circle(radius: 1))
    }

    @Test func theTerminalMarksEachFieldInItsCell() throws {
        let (w, fields) = try Self.world()
        let s = SceneBuilder.scene(of: w, items: [], links: fields)
        for (mode, marks) in [(TerminalMode.braille, ["⊕", "⊖", "◎", "✳", "↺", "↑", "≈"]), (.ascii, ["+", "-", "@", "*", "@", "^", "~"])] {
            let text = TerminalRenderer.render(s, columns: 81, rows: 41, region: Rect(x: 0, y: 0, width: 400, height: 400),
                                               style: TerminalStyle(mode: mode, color: false))
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array(String($0)) }
            // Where each field's position lands (the same mapping as the renderer's).
            let (frame, _, _) = TerminalRenderer.layout(s, columns: 81, rows: 41, region: Rect(x: 0, y: 0, width: 400, height: 400), mode: mode)
            let cellX: Real = mode == .braille ? 2 : 1, cellY: Real = mode == .braille ? 4 : 1
            for (f, mark) in zip(s.fields, marks) {
                let col = Int((frame.x(f.position.x) / cellX).rounded(.down)), row = Int((frame.y(f.position.y) / cellY).rounded(.down))
                let got = row < lines.count && col < lines[row].count ? String(lines[row][col]) : "(off)"
                // Two fields share the position (300, 300): the later one is on top.
                if f.name == "hole" { continue }
                #expect(got == mark, "\(f.name) in \(mode): \(got) at row \(row), column \(col)")
            }
        }
    }

    @Test func aPNGShowsTheMarkAndTheRegionInTheFieldColour() throws {
        let dir = makeTemporaryFolder()
        defer { removeFolder(dir) }
        var s = Scene(bounds: Rect(x: 0, y: 0, width: 400, height: 400))
        s.fields = [.init(name: "swirl", mark: .magnetic, position: Vec2(200, 200), outlines: [.circle(radius: 150)])]
        let path = dir + "/f.png"
        try PictureWriter.write(s, to: path, width: 400, height: 400, region: s.bounds, options: DrawOptions(time: false))
        let image = try #require(PixelImage(png: path))
        let viewport = PictureWriter.fittedViewport(s.bounds, width: 400, height: 400)
        // Some pixel on the ring around the mark, and some on the dashed circle, are the field colour.
        // A pixel of the field's hue: blue and red well above green (the outlines are thin and
        // drawn at 70 % over white, so they are paler than the mark).
        func fieldHue(_ c: Palette.RGB) -> Bool { Int(c.b) - Int(c.g) > 30 && Int(c.r) - Int(c.g) > 15 }
        func anyFieldHue(on centre: Vec2, radius: Real) -> Bool {
            (0..<720).contains { k in
                let a = Real(k) * Real.pi / 360
                return fieldHue(image[viewport.map(centre + radius * Vec2(DMath.cos(a), DMath.sin(a)))])
            }
        }
        let u = FileStyle.unit(width: 400, height: 400)
        #expect(anyFieldHue(on: Vec2(200, 200), radius: 6 * u / viewport.scale))
        #expect(anyFieldHue(on: Vec2(200, 200), radius: 150))
        #expect(!fieldHue(Palette.background))
        // Far from both, the background.
        #expect(colorDistance(image[viewport.map(Vec2(200, 120))], Palette.background) < 8)
    }

    @Test func theWebPageCarriesTheFields() throws {
        let dir = makeTemporaryFolder()
        defer { removeFolder(dir) }
        let (w, fields) = try Self.world()
        let s = SceneBuilder.scene(of: w, items: [], links: fields)
        let path = dir + "/f.html"
        let recorder = try AnimationRecorder(path: path, width: 400, height: 400, fps: 10, region: s.bounds, options: DrawOptions(names: true))
        try recorder.add(s)
        try recorder.finish()
        let page = String(decoding: fileBytes(path), as: UTF8.self)
        #expect(page.contains("[\"sun\",\"attractor\",\"◎\",300,100,[[\"c\",80],[\"c\",20]]]"))
        #expect(page.contains("[\"lift\",\"arrow\",\"↑\",300,300,[[\"r\",100,80]]]"))
        #expect(!page.contains("\"air\""))
    }
}
