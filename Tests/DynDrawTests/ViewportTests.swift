import DynamicsMath
import Testing

@testable import DynDraw

@Suite struct ViewportTests {
    @Test func fitsKeepingAspectAndCentres() {
        // A 200 × 100 world into a 100 × 100 picture: scale 0.5, centred vertically.
        let v = Viewport(world: Rect(x: 0, y: 0, width: 200, height: 100), width: 100, height: 100)
        #expect(v.scale == 0.5)
        #expect(v.map(Vec2(0, 0)) == Vec2(0, 25))
        #expect(v.map(Vec2(200, 100)) == Vec2(100, 75))
        #expect(v.unmap(Vec2(50, 50)) == Vec2(100, 50))
    }

    @Test func rectangleOutlineTurnsClockwiseOnScreen() {
        // A 20 × 10 box turned by π/2 (clockwise on screen, y down) is 10 wide and 20 tall.
        let item = Scene.Item(name: "b", shape: .rectangle(width: 20, height: 10), center: Vec2(100, 100), angle: .pi / 2)
        let box = item.boundingBox
        #expect(abs(box.width - 10) < 1e-9 && abs(box.height - 20) < 1e-9)
        // The local corner (10, -5) (right, up) goes to (105, 110) on a clockwise turn.
        let corners = item.worldOutline()
        #expect(corners.contains { abs($0.x - 105) < 1e-9 && abs($0.y - 110) < 1e-9 })
    }
}

@Suite struct ChartTickTests {
    @Test func ticksAreNiceAndCover() {
        let (t, step) = Chart.niceTicks(0, 1, count: 5)
        #expect(step == 0.2)
        #expect(t.first == 0 && abs(t.last! - 1) < 1e-12)
        // (47 + 3.2) / 6 = 8.37: the next nice step up is 10.
        let (u, s2) = Chart.niceTicks(-3.2, 47, count: 6)
        #expect(s2 == 10)
        #expect(u.first! <= -3.2 && u.last! >= 47)
        #expect(u == [-10, 0, 10, 20, 30, 40, 50])
    }

    @Test func constantSeriesStillHasARange() {
        let c = Chart(series: [.init(name: "k", points: [Vec2(0, 5), Vec2(1, 5)])], xLabel: "t (s)")
        let r = c.dataRange!
        #expect(r.y0 < 5 && r.y1 > 5)
    }
}
