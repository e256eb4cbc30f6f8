// Contact events (Docs/semantics.md §8.2) and the uikit model's sleeping and pausing (Docs/semantics.md §2,
// §3.1, §14.4).

import Dynamics
import DynamicsMath
import Testing

@Suite struct ContactEventTests {
    /// A box dropped on an anchored floor: one "began" at the floor's surface under the box,
    /// nothing while it rests, one "ended" when it is thrown up.
    @Test func beganAndEndedWithThePoint() throws {
        var w = World(size: Vec2(1000, 1000), model: .ideal)
        var floor = ItemDefinition()
        floor.center = Vec2(500, 620)
        floor.size = Vec2(1000, 40)
        floor.anchored = true
        let f = try w.addItem(floor)
        var d = ItemDefinition()
        d.center = Vec2(500, 300)
        let box = try w.addItem(d)
        _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
        _ = try w.addCollision(items: [f, box])
        var events: [World.ContactEvent] = []
        for _ in 0..<120 {
            w.step()
            events += w.contactEvents
        }
        #expect(events.count == 1)
        let e = try #require(events.first)
        #expect(e.began)
        #expect(e.a == .item(box))
        #expect(e.b == .item(f))
        #expect(abs(e.point.y - 600) < 0.5)  // on the floor's top (midway between the surfaces)
        #expect(abs(e.point.x - 500) <= 50 + 1e-9)  // under the box
        try w.setProperty(.vy, of: box, to: -800)
        events = []
        for _ in 0..<10 {
            w.step()
            events += w.contactEvents
        }
        #expect(events.count == 1)
        #expect(events.first?.began == false)
        #expect(events.first?.a == .item(box))
    }

    /// Boundaries are named by their handle, the reference bounds as `.bounds`; a member of a
    /// group is reported as its group.
    @Test func boundaryBoundsAndGroupParties() throws {
        var w = World(size: Vec2(1000, 600), model: .ideal)
        var d = ItemDefinition()
        d.size = Vec2(40, 40)
        d.center = Vec2(200, 300)
        let a = try w.addItem(d)
        d.center = Vec2(700, 300)
        let m1 = try w.addItem(d)
        d.center = Vec2(740, 300)
        let m2 = try w.addItem(d)
        let group = try w.addGroup([m1, m2])
        _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
        let line = try w.addBoundary(points: [Vec2(0, 400), Vec2(400, 400)], closed: false)
        _ = try w.addCollision(items: [a], mode: .boundaries)
        _ = try w.addCollision(items: [group], bounds: true)
        var events: [World.ContactEvent] = []
        for _ in 0..<120 {
            w.step()
            events += w.contactEvents
        }
        let began = events.filter(\.began)
        #expect(began.contains { $0.a == .item(a) && $0.b == .boundary(line) })
        #expect(began.contains { $0.a == .item(group) && $0.b == .bounds })
        #expect(!began.contains { $0.a == .item(m1) || $0.a == .item(m2) })
        #expect(w.boundaryPoints(line) == [Vec2(0, 400), Vec2(400, 400)])
        // Removing the line reports its contact as ended and lets the item fall.
        try w.removeBoundary(line)
        w.step()
        #expect(w.contactEvents.contains { !$0.began && $0.a == .item(a) && $0.b == .boundary(line) })
        steps(&w, 30)
        #expect(w.property(.y, of: a) > 400)
    }

    /// In every frame all "began" events come before all "ended" ones, and every contact
    /// alternates began, ended, began... (a pile of bouncing balls).
    @Test func orderAndAlternation() throws {
        var w = World(size: Vec2(600, 600), model: .ideal)
        var d = ItemDefinition()
        d.size = Vec2(40, 40)
        d.shape = .ellipse
        d.elasticity = 0.7
        for k in 0..<30 {
            d.center = Vec2(60 + Real(k % 10) * 50, 100 + Real(k / 10) * 60)
            d.velocity = Vec2(Real(k % 7) * 40 - 120, 0)
            _ = try w.addItem(d)
        }
        _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
        _ = try w.addCollision(items: nil, bounds: true)
        var touching: [String: Bool] = [:]
        var total = 0
        for _ in 0..<300 {
            w.step()
            let ev = w.contactEvents
            total += ev.count
            if let firstEnded = ev.firstIndex(where: { !$0.began }) {
                let beganAfterEnded = ev[firstEnded...].contains { $0.began }
                #expect(!beganAfterEnded)
            }
            for e in ev where e.b != .bounds {
                // Item pairs (the four bounds edges all read `.bounds`, so they are skipped).
                let key = "\(e.a)-\(e.b)"
                let was = touching[key] ?? false
                #expect(was != e.began)
                touching[key] = e.began
            }
        }
        #expect(total > 30)
    }
}

@Suite struct SleepTests {
    /// uikit: an item at rest pauses the world on the 31st frame (0.5 s of sleep timer at
    /// 120 Hz ticks, the first frame having one tick); `step` then returns false and no time passes.
    @Test func restingItemPausesOnThe31stFrame() throws {
        var w = World(size: Vec2(500, 500), model: .uikit)
        var d = ItemDefinition()
        d.center = Vec2(100, 100)
        let item = try w.addItem(d)
        for n in 1...31 {
            let stepped = w.step()
            #expect(stepped, "frame \(n)")
        }
        #expect(!w.isRunning)
        #expect(w.isSleeping(item))
        let frames = w.frameCount
        let stepped = w.step()
        #expect(!stepped)
        #expect(w.frameCount == frames)
    }

    /// A box settles on the floor and the world pauses; a new gravity direction wakes it and it
    /// slides away; a velocity set wakes too.
    @Test func settleSleepAndWake() throws {
        var w = World(size: Vec2(1000, 1000), model: .uikit)
        var floor = ItemDefinition()
        floor.center = Vec2(500, 620)
        floor.size = Vec2(1000, 40)
        floor.anchored = true
        let f = try w.addItem(floor)
        var d = ItemDefinition()
        d.center = Vec2(500, 450)
        let box = try w.addItem(d)
        let gravity = try w.addGravity(vector: Vec2(0, 1), items: nil)
        _ = try w.addCollision(items: [f, box], bounds: true)
        var frames = 0
        while w.step() && frames < 600 { frames += 1 }
        #expect(frames < 600)
        #expect(!w.isRunning)
        #expect(w.isSleeping(box))
        #expect(abs(w.property(.y, of: box) - 550) < 0.5)
        // Same vector again: nothing changes, still paused.
        try w.setGravityVector(gravity, Vec2(0, 1))
        #expect(!w.isRunning)
        // A new direction: the box wakes and slides (friction 0.2 < tan of the tilt).
        try w.setGravityAngle(gravity, 0.5 * .pi + 0.5)
        #expect(w.isRunning)
        #expect(!w.isSleeping(box))
        let x0 = w.property(.x, of: box)
        steps(&w, 30)
        #expect(w.property(.x, of: box) < x0 - 10)
    }

    /// The ideal model never sleeps.
    @Test func idealNeverSleeps() throws {
        var w = World(size: Vec2(500, 500), model: .ideal)
        var d = ItemDefinition()
        d.center = Vec2(100, 100)
        let item = try w.addItem(d)
        for _ in 0..<120 {
            let stepped = w.step()
            #expect(stepped)
        }
        #expect(w.isRunning)
        #expect(!w.isSleeping(item))
    }

    /// A sleeping pile wakes when an awake body lands on it.
    @Test func fallingBoxWakesASleepingPile() throws {
        var w = World(size: Vec2(1000, 1000), model: .uikit)
        var d = ItemDefinition()
        d.size = Vec2(50, 50)
        d.center = Vec2(500, 975)
        let bottom = try w.addItem(d)
        d.center = Vec2(500, 925)
        let middle = try w.addItem(d)
        _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
        let c = try w.addCollision(items: nil, bounds: true)
        var frames = 0
        while w.step() && frames < 600 { frames += 1 }
        #expect(w.isSleeping(bottom) && w.isSleeping(middle))
        d.center = Vec2(500, 300)
        let top = try w.addItem(d)
        #expect(w.isRunning)
        steps(&w, 150)
        #expect(abs(w.property(.y, of: top) - 875) < 1)
        #expect(abs(w.property(.y, of: middle) - 925) < 1)
        _ = c
    }
}
