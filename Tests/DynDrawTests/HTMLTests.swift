import DynamicsMath
import Foundation
import Testing

@testable import DynDraw

/// The headless browser the HTML test needs (Scripts/setup.sh installs it).
let chromiumPath: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
    FileManager.default.isExecutableFile(atPath: $0)
}

/// Opens `url` in headless chromium and returns the page's DOM after its scripts ran.
func dumpDOM(_ url: String, profile: String) -> String? {
    guard let chromium = chromiumPath else { return nil }
    let arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=" + profile,
                     "--virtual-time-budget=2000", "--dump-dom", url]
    guard let (status, output) = run(chromium, arguments), status == 0 else { return nil }
    return output
}

/// The JSON the page keeps in `#dyn-state`, decoded from the dumped DOM.
func pageState(_ dom: String) -> [String: Any]? {
    guard let start = dom.range(of: "<pre id=\"dyn-state\" hidden=\"\">"),
          let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else { return nil }
    let text = String(dom[start.upperBound..<end.lowerBound])
        .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        .replacingOccurrences(of: "&amp;", with: "&")
    return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
}

@Suite(.serialized) struct HTMLTests {
    /// "a" moves on a line and turns; "b" exists from 0.4 s to 0.8 s; a rod ties "a" to (200, 20);
    /// an attracting field "sun" sits at (200, 150).
    static func scene(_ t: Real) -> Scene {
        var s = Scene(time: t, bounds: Rect(x: 0, y: 0, width: 400, height: 300), boundsCollide: true)
        let a = Vec2(100 + 200 * t, 80 + 100 * t)
        s.items = [.init(name: "a", shape: .rectangle(width: 40, height: 20), center: a, angle: 2 * t, colorIndex: 0)]
        if t >= 0.4 - 1e-9 && t <= 0.8 + 1e-9 {
            s.items.append(.init(name: "b", shape: .ellipse(width: 30, height: 30), center: Vec2(300, 250 - 50 * t), colorIndex: 1))
        }
        s.links = [.init(name: "rope", style: .rod, a: a, b: Vec2(200, 20), bIsAnchor: true)]
        s.boundaries = [.init(name: "ramp", points: [Vec2(0, 200), Vec2(150, 290)], closed: false)]
        s.fields = [.init(name: "sun", mark: .attractor, position: Vec2(200, 150), outlines: [.circle(radius: 40)])]
        return s
    }

    static func record(_ path: String, fps: Int = 25, seconds: Real = 1) throws {
        let recorder = try AnimationRecorder(path: path, width: 480, height: 360, fps: fps,
                                             region: Rect(x: 0, y: 0, width: 400, height: 300), options: DrawOptions(names: true))
        for i in 0...Int(seconds * Real(fps)) { try recorder.add(scene(Real(i) / Real(fps))) }
        try recorder.finish()
    }

    @Test func pageIsSelfContainedAndDefinesEachShapeOnce() throws {
        let dir = makeTemporaryFolder()
        defer { removeFolder(dir) }
        let path = dir + "/rec.html"
        try Self.record(path)
        #expect(folderContents(dir) == ["rec.html"])
        let page = String(decoding: fileBytes(path), as: UTF8.self)
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.hasSuffix("</html>\n"))
        #expect(!page.contains("http://") && !page.contains("https://") && !page.contains(" src="))
        #expect(page.components(separatedBy: "\nS(").count - 1 == 2)  // "a" and "b", once each
        #expect(page.components(separatedBy: "\nW(").count - 1 == 1)  // the still world, once
        #expect(page.components(separatedBy: "\nF(").count - 1 == 26)
        // Frame 1 (t = 0.04): "a" at (108, 84), angle 0.08, with two decimals at most.
        #expect(page.contains("\nF(0.04,0,[0,108,84,0.08],[0,108,84,200,20]);"))
    }

    @Test func browserShowsItemsWhereTheSceneHadThem() throws {
        guard chromiumPath != nil else {
            print("HTMLTests: chromium is not installed (bash Scripts/setup.sh installs it); the page was not opened")
            return
        }
        let dir = makeTemporaryFolder()
        defer { removeFolder(dir) }
        let path = dir + "/rec.html"
        try Self.record(path)
        // (asked time, the frame's time shown: the last frame at or before the asked time)
        for (asked, shown) in [(0.6, 0.6), (0.5, 0.48), (0.2, 0.2), (0.0, 0.0), (1.0, 1.0)] {
            let dom = try #require(dumpDOM("file://" + path + "#t=\(asked)", profile: dir + "/profile"), "chromium failed")
            let state = try #require(pageState(dom), "no #dyn-state in the page")
            let frameTime = try #require(state["frameTime"] as? Double)
            #expect(abs(frameTime - shown) < 1e-9, "asked \(asked)")
            #expect(state["playing"] as? Bool == false)
            let items = try #require(state["items"] as? [[String: Any]])
            let scene = Self.scene(shown)
            #expect(items.map { $0["name"] as? String ?? "" } == scene.items.map(\.name), "at \(shown)")
            for (got, want) in zip(items, scene.items) {
                let x = try #require(got["x"] as? Double), y = try #require(got["y"] as? Double)
                let angle = try #require(got["angle"] as? Double)
                // Positions have 2 decimals, angles 3 (wrapped to [-π, π]).
                #expect(abs(x - want.center.x) <= 0.005 + 1e-9 && abs(y - want.center.y) <= 0.005 + 1e-9, "\(want.name) at \(shown)")
                var da = (angle - want.angle).truncatingRemainder(dividingBy: 2 * .pi)
                if da > .pi { da -= 2 * .pi } else if da < -.pi { da += 2 * .pi }
                #expect(abs(da) <= 0.0005 + 1e-9)
            }
            let links = try #require(state["links"] as? [[String: Any]])
            #expect(links.count == 1 && links.first?["style"] as? String == "rod")
            #expect(abs((links.first?["ax"] as? Double ?? 0) - scene.links[0].a.x) <= 0.005 + 1e-9)
            let fields = try #require(state["fields"] as? [[String: Any]])
            #expect(fields.count == 1 && fields.first?["name"] as? String == "sun" && fields.first?["mark"] as? String == "attractor")
            #expect(fields.first?["x"] as? Double == 200 && fields.first?["outlines"] as? Int == 1)
            // The time label the page shows.
            #expect(dom.contains("<span id=\"time\">t = \(fixed(shown, decimals: 2)) s</span>"))
        }
    }
}
