// Extreme mass ratios (issue 15, "Engine extremes"): a two-box stack of mass ratio 1:1,000 and
// a pin between bodies of mass ratio 1:10,000 hold. The `ideal` model, 4 sub-steps.

import Dynamics
import DynamicsMath
import Testing

@Suite struct ExtremeMassTests {
    /// Two 100 pt boxes, one 1,000 times denser than the other, stacked on an anchored floor,
    /// friction 0 or 0.5, for 10 s. Neither sinks into what is under it by more than 0.5 pt at
    /// any frame (measured 0.035 pt with the heavy box below), and the upper box stays on top
    /// (within 0.5 pt of the lower one's centre line).
    ///
    /// Known issue with the light box below: the soft contact between the two takes the heavy
    /// box's weight with the light box's effective mass, so it gives by 1,000·g/ω² (about
    /// 28 pt at 30 Hz) and the heavy box crushes the light one out (it sinks 100 pt).
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
        if lightBelow {
            withKnownIssue("a light box under a 1,000 times heavier one is crushed (soft contacts)") {
                #expect(sunk < 0.5 && off < 0.5, "sank \(sunk) pt, upper box \(off) pt off the lower")
            }
        } else {
            #expect(sunk < 0.5, "sank \(sunk) pt")
            #expect(off < 0.5, "upper box \(off) pt off the lower")
        }
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
