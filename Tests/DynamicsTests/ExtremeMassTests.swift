// Extreme mass ratios (issue 15, "Engine extremes"): a two-box stack of mass ratio 1:1,000 and
// a pin between bodies of mass ratio 1:10,000 hold. The `ideal` model, 4 sub-steps.

import Dynamics
import DynamicsMath
import Testing

/// A light 100 pt box (density 0.1) resting on an anchored floor and a box `ratio` times
/// heavier `gap` pt above it, `offset` pt off centre; friction 0.5 everywhere, elasticity the
/// model's default unless given; gravity 1 and collision.
fileprivate func heavyOverLight(
    _ model: WorldModel, ratio: Real, offset: Real = 0, gap: Real, elasticity: Real? = nil
) throws -> (World, lower: ItemID, upper: ItemID) {
    var w = World(size: Vec2(2000, 2000), model: model)
    let f = try box(&w, Vec2(1000, 1620), Vec2(4000, 40), anchored: true, friction: 0.5, elasticity: elasticity)
    let lower = try box(&w, Vec2(1000, 1550), Vec2(100, 100), density: 0.1, friction: 0.5, elasticity: elasticity)
    let upper = try box(
        &w, Vec2(1000 + offset, 1450 - gap), Vec2(100, 100), density: 0.1 * ratio, friction: 0.5, elasticity: elasticity)
    _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
    _ = try w.addCollision(items: [f, lower, upper])
    return (w, lower, upper)
}

/// Steps 10 s; after the first 2 s, the most either box sank (the lower one into the floor,
/// the upper one into the lower one) and the most the light box left its place sideways.
fileprivate func settle(_ w: inout World, _ lower: ItemID, _ upper: ItemID) -> (sunk: Real, off: Real) {
    var sunk: Real = 0
    var off: Real = 0
    for frame in 0..<600 {
        w.step()
        if frame < 120 { continue }
        sunk = max(sunk, w.property(.y, of: lower) - 1550, w.property(.y, of: upper) - w.property(.y, of: lower) + 100)
        off = max(off, abs(w.property(.x, of: lower) - 1000))
    }
    return (sunk, off)
}

@Suite struct ExtremeMassTests {
    /// Two 100 pt boxes, one 1,000 times denser than the other, stacked on an anchored floor,
    /// friction 0 or 0.5, for 10 s. Neither sinks into what is under it by more than 0.5 pt at
    /// any frame, and the upper box stays on top (within 0.5 pt of the lower one's centre
    /// line). With the light box below this was the issue's collapse (at 1:100 already): the
    /// heavy box crushed the light one and squeezed it out at 1,500 pt/s; the stack sweep
    /// (Contacts/StackSweep.swift) holds it (measured 0 pt).
    @Test(arguments: [false, true], [0.0, 0.5])
    func twoBoxStackHolds(lightBelow: Bool, friction: Real) throws {
        var w = World(size: Vec2(2000, 2000), model: .ideal)
        let f = try box(&w, Vec2(1000, 1620), Vec2(4000, 40), anchored: true, friction: friction)
        let lower = try box(&w, Vec2(1000, 1550), Vec2(100, 100), density: lightBelow ? 0.1 : 100, friction: friction)
        let upper = try box(&w, Vec2(1000, 1450), Vec2(100, 100), density: lightBelow ? 100 : 0.1, friction: friction)
        let ratio = w.property(.mass, of: lightBelow ? upper : lower) / w.property(.mass, of: lightBelow ? lower : upper)
        #expect(abs(ratio - 1000) < 1e-6)
        _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
        _ = try w.addCollision(items: [f, lower, upper])
        var sunk: Real = 0
        var off: Real = 0
        for _ in 0..<600 {
            w.step()
            sunk = max(sunk, w.property(.y, of: lower) - 1550, w.property(.y, of: upper) - w.property(.y, of: lower) + 100)
            off = max(off, abs(w.property(.x, of: upper) - w.property(.x, of: lower)))
        }
        #expect(sunk < 0.5, "sank \(sunk) pt")
        #expect(off < 0.5, "upper box \(off) pt off the lower")
    }

    /// The neighbours of the issue's stack: a heavy box 10, 100, 1,000 and 10,000 times the
    /// light one under it, in both models, everything at friction 0.5 and the model's default
    /// elasticity (`uikit`: 0.2), centred or 30 pt off centre, placed at rest or dropped from
    /// 100 pt (it lands at 450 pt/s). After the first 2 s neither box sinks by more than 0.5
    /// pt, the light box stays where it was under the heavy one, nothing tips, and the stack
    /// ends at rest. Measured on 2026-11-25: at most 0.004 pt sunk in either model. Until
    /// 2026-11-27 `uikit` at 1:10,000 off centre rocked after its second, slow landing and fell
    /// asleep tilted by 1e-3 rad, the light box 0.54 pt aside (a known issue): the warm start
    /// of the lifted corner held it up (StackSweep.swift, "Warm starts carry loads").
    ///
    /// Until that day the `uikit` drops sank (3.5 pt at 1:100, crushed at 1:1,000): a stack
    /// row's warm start carried the stop of the landing and threw the pair back up, with a
    /// growing amplitude (now capped at the weight the row carries, StackSweep.swift), the
    /// look-ahead and the landing sweep were `ideal`'s alone, and an elastic landing bounced
    /// the heavy box off the light one as off a free body (now off the static body behind
    /// it, and at both points of the face: ContactSolver.swift, `impactPass`).
    @Test(arguments: [WorldModel.ideal, .uikit], [10.0, 100, 1000, 10_000])
    func heavyOnLightHolds(model: WorldModel, ratio: Real) throws {
        for (offset, drop) in [(0.0, 0.0), (30, 0), (0, 100), (30, 100)] {
            let scene = try heavyOverLight(model, ratio: ratio, offset: offset, gap: drop)
            var w = scene.0
            let (lower, upper) = (scene.lower, scene.upper)
            let (sunk, _) = settle(&w, lower, upper)
            let label = "\(model) 1:\(ratio) offset \(offset) drop \(drop)"
            #expect(sunk < 0.5, "\(label): sank \(sunk) pt")
            #expect(abs(w.property(.x, of: upper) - w.property(.x, of: lower) - offset) < 0.5, "\(label): the upper box slid")
            #expect(abs(w.property(.x, of: lower) - 1000) < 0.5, "\(label): the light box was pushed out")
            #expect(abs(w.property(.angle, of: lower)) < 1e-3 && abs(w.property(.angle, of: upper)) < 1e-3, "\(label): tipped")
            #expect(abs(w.property(.vy, of: upper)) < 1 && abs(w.property(.vy, of: lower)) < 1, "\(label): still moving")
        }
    }

    /// More neighbours of the drop, friction 0.5: both models, a gap of 10 or 100 pt,
    /// elasticity 0, 0.2 or 0.5 on all three bodies, centred or 30 pt off centre. After the
    /// first 2 s the heavy box has not sunk into the light one (nor that into the floor) by
    /// more than 0.5 pt and the light box is still under it (within 5 pt). Measured on
    /// 2026-11-25: at most 0.0013 pt sunk, 0.03 pt moved, up to 1:10,000. Before that day the
    /// elastic drops went through from 1:100 (`ideal` at 1:1,000: the light box left at 2·10⁶
    /// pt/s) and the off-centre elastic ones at 1:10 already (the heavy box bounced at the
    /// face's midpoint, spinning at 4.7 rad/s, and fell off).
    @Test(arguments: [WorldModel.ideal, .uikit], [10.0, 100, 1000, 10_000])
    func shortAndElasticDropsHold(model: WorldModel, ratio: Real) throws {
        for gap in [10.0, 100] {
            for elasticity in [0.0, 0.2, 0.5] {
                for offset in [0.0, 30] {
                    let scene = try heavyOverLight(model, ratio: ratio, offset: offset, gap: gap, elasticity: elasticity)
                    var w = scene.0
                    let (lower, upper) = (scene.lower, scene.upper)
                    let (sunk, off) = settle(&w, lower, upper)
                    let label = "\(model) 1:\(ratio) gap \(gap) elasticity \(elasticity) offset \(offset)"
                    #expect(sunk < 0.5, "\(label): sank \(sunk) pt")
                    #expect(off < 5, "\(label): the light box moved \(off) pt out from under")
                }
            }
        }
    }

    /// Further neighbours, friction 0.5 or 0, elasticity 0 or 0.2, both models, 1:10 to 1:1,000:
    /// a heavy box dropped 100 pt onto a column of two light boxes (a tower), and a heavy bar
    /// 300 pt wide dropped 100 pt across two light boxes 100 pt apart (a bridge). Nothing sinks
    /// by more than 0.5 pt after the first 2 s and no light box leaves its place by 5 pt.
    /// Measured on 2026-11-25: at most 0.12 pt sunk, 2.6 pt moved (the `uikit` bridge at
    /// 1:1,000, elasticity 0); before the bounce off a backing column and the bounce of a
    /// bridge at both its supports at once (ContactSolver.swift, `findBacking`,
    /// `bounceBackedGroup`), the elastic tower went through at 1:1,000 and the elastic bridge
    /// sank 5.3 pt at 1:100 (`ideal`).
    ///
    /// Without friction at 1:1,000 (known issues until 2026-11-27) the tower's light boxes
    /// were pushed aside (`ideal` 513 and 13 pt, `uikit` 10 pt, at elasticity 0 and 0.2; the
    /// boxes leaned against each other by micro-radians and the load pressed along normals
    /// that differed by that lean) and the `uikit` bridge was crushed (the bar's weight on one
    /// edge of each light box, which rocked until it was squeezed out). Now a column's stack
    /// rows share its root's normal and a bar on two supports is warm started with its weight
    /// centred on each (StackSweep.swift, "Columns share one normal", "Two supports").
    /// Measured on 2026-11-27 at 1:1,000, sunk / moved: without friction, `ideal` tower
    /// 4e-7 / 3e-9 pt (elasticity 0) and 7e-8 / 7e-10 (0.2), bridge 0 / 5e-10 and 0 / 2e-10;
    /// `uikit` tower 0.0077 / 0.0076 and 0 / 0.016, bridge 0 / 0.0003 and 0 / 0.0013. With
    /// friction: `ideal` tower 3e-7 / 0.0063 and 4e-8 / 0.0069, bridge 3e-10 / 0.067 and
    /// 5e-12 / 0.0096; `uikit` tower 0.0077 / 0.010 and 0 / 0.018, bridge 0 / 0.0055 and
    /// 0 / 0.0039. At 1:10 and 1:100 at most 0.006 pt sunk, 0.012 pt moved.
    @Test(arguments: [WorldModel.ideal, .uikit], [10.0, 100, 1000])
    func towersAndBridgesHold(model: WorldModel, ratio: Real) throws {
        for friction in [0.5, 0.0] { for elasticity in [0.0, 0.2] {
            for bridge in [false, true] {
                var w = World(size: Vec2(2000, 2000), model: model)
                let f = try box(&w, Vec2(1000, 1620), Vec2(4000, 40), anchored: true, friction: friction, elasticity: elasticity)
                var lights: [(ItemID, Vec2)] = []
                let heavy: ItemID
                if bridge {
                    for x in [1350.0, 1550] {
                        let c = Vec2(x, 1550)
                        lights.append((try box(&w, c, Vec2(100, 100), density: 0.1, friction: friction, elasticity: elasticity), c))
                    }
                    heavy = try box(
                        &w, Vec2(1450, 1350), Vec2(300, 100), density: 0.1 * ratio / 3, friction: friction, elasticity: elasticity)
                } else {
                    for y in [1550.0, 1450] {
                        let c = Vec2(1000, y)
                        lights.append((try box(&w, c, Vec2(100, 100), density: 0.1, friction: friction, elasticity: elasticity), c))
                    }
                    heavy = try box(&w, Vec2(1000, 1250), Vec2(100, 100), density: 0.1 * ratio, friction: friction, elasticity: elasticity)
                }
                let m = w.property(.mass, of: heavy) / w.property(.mass, of: lights[0].0)
                #expect(abs(m - ratio) < 1e-6 * ratio)
                _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
                _ = try w.addCollision(items: [f, heavy] + lights.map(\.0))
                var sunk: Real = 0
                var moved: Real = 0
                let top: Real = bridge ? 1500 : 1400
                for frame in 0..<600 {
                    w.step()
                    if frame < 120 { continue }
                    for (item, c) in lights {
                        sunk = max(sunk, w.property(.y, of: item) - c.y)
                        moved = max(moved, (Vec2(w.property(.x, of: item), w.property(.y, of: item)) - c).length)
                    }
                    sunk = max(sunk, w.property(.y, of: heavy) - (top - 50))
                }
                let label = "\(model) 1:\(ratio) friction \(friction) elasticity \(elasticity) \(bridge ? "bridge" : "tower")"
                #expect(sunk < 0.5, "\(label): sank \(sunk) pt")
                #expect(moved < 5, "\(label): a light box moved \(moved) pt")
            }
        } }
    }

    /// Without friction (the issue's "the light box ends on top"): a heavy box 10, 100 or 1,000
    /// times the light one, both models, at rest or dropped 10 or 100 pt, elasticity 0 or 0.2,
    /// centred or 30 pt off centre. After the first 2 s nothing sinks by more than 0.5 pt, the
    /// light box stays within 0.5 pt of its place and ends under the heavy one as it was (within
    /// 0.5 pt): nothing but the contacts' normals holds it sideways. Measured on 2026-11-27: at
    /// most 0.004 pt sunk, the light box 0.0005 pt from its place (to 1:10,000). Before that day
    /// the light box slid up to 1.5 pt at 1:100 and most drops at 1:1,000 squeezed it out (the
    /// pair's normal, fixed in the world by the recycled manifold, leaned by micro-radians
    /// against the light box's faces and pushed it at (M/m)·g·θ; then `uikit` off-centre drops
    /// rocked, the lifted corner's warm start holding it up: Docs/engine.md, "Without friction").
    @Test(arguments: [WorldModel.ideal, .uikit], [10.0, 100, 1000])
    func frictionlessStacksHold(model: WorldModel, ratio: Real) throws {
        for gap in [0.0, 10, 100] {
            for elasticity in [0.0, 0.2] {
                for offset in [0.0, 30] {
                    var w = World(size: Vec2(2000, 2000), model: model)
                    let f = try box(&w, Vec2(1000, 1620), Vec2(4000, 40), anchored: true, friction: 0, elasticity: elasticity)
                    let lower = try box(&w, Vec2(1000, 1550), Vec2(100, 100), density: 0.1, friction: 0, elasticity: elasticity)
                    let upper = try box(
                        &w, Vec2(1000 + offset, 1450 - gap), Vec2(100, 100), density: 0.1 * ratio, friction: 0,
                        elasticity: elasticity)
                    _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
                    _ = try w.addCollision(items: [f, lower, upper])
                    let (sunk, off) = settle(&w, lower, upper)
                    let label = "\(model) 1:\(ratio) gap \(gap) elasticity \(elasticity) offset \(offset)"
                    let drift = abs(w.property(.x, of: upper) - w.property(.x, of: lower) - offset)
                    #expect(sunk < 0.5, "\(label): sank \(sunk) pt")
                    #expect(drift < 0.5, "\(label): the light box slid \(drift) pt from under")
                    #expect(off < 0.5, "\(label): the light box left its place by \(off) pt")
                }
            }
        }
    }

    /// Landing without energy: a box 10 times heavier dropped 100 pt onto a light box on the
    /// ground (elasticity 0, `ideal`) never rises again after it lands: on main it rebounded
    /// at ~200 pt/s (the light box's row piled up the impulse and its warm start threw it
    /// back). Total energy after the landing stays below its value at the landing.
    @Test func heavyLandingDoesNotRebound() throws {
        var w = World(size: Vec2(2000, 2000), model: .ideal)
        let f = try box(&w, Vec2(1000, 1620), Vec2(4000, 40), anchored: true, friction: 0.5)
        let lower = try box(&w, Vec2(1000, 1550), Vec2(100, 100), density: 0.1, friction: 0.5)
        let upper = try box(&w, Vec2(1000, 1350), Vec2(100, 100), density: 1, friction: 0.5)
        _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
        _ = try w.addCollision(items: [f, lower, upper])
        var landed = false
        var rise: Real = 0
        for _ in 0..<240 {
            w.step()
            let gap = w.property(.y, of: lower) - w.property(.y, of: upper) - 100
            if gap < 1 { landed = true }
            if landed { rise = max(rise, -w.property(.vy, of: upper)) }
        }
        #expect(landed)
        #expect(rise < 5, "the heavy box rose at \(rise) pt/s after landing")
        #expect(abs(w.property(.y, of: upper) - 1450) < 0.5)
    }

    /// Two 100 × 20 bars pinned end to end, the first pinned to a world point, one bar 10,000
    /// times denser than the other, released horizontal: for 10 s of swinging and hanging the
    /// pins open by less than 0.5 pt at any frame (measured 0.06 pt).
    @Test(arguments: [false, true])
    func pinHoldsAtTenThousandToOne(heavyEnd: Bool) throws {
        var w = World(size: Vec2(4000, 4000), model: .ideal)
        let a = try box(&w, Vec2(1050, 1000), Vec2(100, 20), density: heavyEnd ? 0.01 : 100)
        let b = try box(&w, Vec2(1150, 1000), Vec2(100, 20), density: heavyEnd ? 100 : 0.01)
        let ratio = w.property(.mass, of: heavyEnd ? b : a) / w.property(.mass, of: heavyEnd ? a : b)
        #expect(abs(ratio - 10_000) < 1e-6)
        var top = AttachmentDefinition(kind: .pin, itemA: a)
        top.anchor = Vec2(1000, 1000)
        let pin0 = try w.addAttachment(top)
        var mid = AttachmentDefinition(kind: .pin, itemA: b, itemB: a)
        mid.anchor = Vec2(1100, 1000)
        let pin1 = try w.addAttachment(mid)
        _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
        var worst: Real = 0
        var lowest: Real = 0
        for _ in 0..<600 {
            w.step()
            worst = max(worst, w.attachmentDistance(pin0)!, w.attachmentDistance(pin1)!)
            lowest = max(lowest, w.property(.y, of: b))
        }
        // It did swing down (the free end fell at least 100 pt).
        #expect(lowest > 1100)
        #expect(worst < 0.5, "heavy end \(heavyEnd): a pin opened by \(worst) pt")
    }
}
