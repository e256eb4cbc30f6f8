// The wide contact records (Contacts/WideContactSolver.swift): they solve in single precision
// on copies of their bodies, and hand each body back only the change of its copy.

@testable import Dynamics
import DynamicsMath
import Testing

/// A frictionless, inelastic 40 pt box without resistance (the `uikit` model's default
/// resistance would slow it), so that momentum and free motion are the textbook's.
fileprivate func freeBox(_ w: inout World, _ c: Vec2, density: Real = 1, vx: Real) throws -> ItemID {
    try item(&w) {
        $0.center = c
        $0.size = Vec2(40, 40)
        $0.density = density
        $0.friction = 0
        $0.elasticity = 0
        $0.resistance = 0
        $0.angularResistance = 0
        $0.velocity = Vec2(vx, 0)
    }
}

@Suite struct WideSolverTests {
    /// Two 40 pt boxes 1 pt apart, moving apart at 10 pt/s each, no gravity, both models: their
    /// contact is solved in a wide record (a speculative row that takes no impulse), so each
    /// body goes through the single-precision copies every pass. Free motion: the velocities
    /// stay exactly what they were (to the bit, not merely to single precision), and the
    /// centres move by v·t over the ticks stepped (to 1e-9 pt).
    @Test(arguments: [WorldModel.ideal, .uikit])
    func bodiesNoLaneMovesKeepTheirVelocityToTheBit(model: WorldModel) throws {
        var w = World(size: Vec2(2000, 2000), model: model)
        let vx = 10.000000000000123  // not a single-precision number
        let a = try freeBox(&w, Vec2(979.5, 1000), vx: -vx)
        let b = try freeBox(&w, Vec2(1020.5, 1000), vx: vx)
        _ = try w.addCollision(items: [a, b])
        w.step()
        #expect(!w.contactWorld.wideContacts.isEmpty, "the pair is not solved in a wide record")
        for _ in 1..<20 { w.step() }
        #expect(w.property(.vx, of: a) == -vx && w.property(.vx, of: b) == vx)
        #expect(w.property(.vy, of: a) == 0 && w.property(.vy, of: b) == 0)
        #expect(w.property(.spin, of: a) == 0 && w.property(.spin, of: b) == 0)
        // Time stepped: `uikit` runs ticks of single-precision 1/120 s (one in the first frame).
        let t = model == .uikit ? Real(w.tickCount) * WorldModel.uikitTick : w.time
        #expect(abs(w.property(.x, of: a) - (979.5 - vx * t)) < 1e-9)
        #expect(abs(w.property(.x, of: b) - (1020.5 + vx * t)) < 1e-9)
    }

    /// A 40 pt box at 300 pt/s into a resting box of twice its mass, no gravity, both models,
    /// solved in a wide record: momentum is kept (to single precision, 1e-5 of it) and the
    /// pair ends moving at m·v/(m + 2m) = 100 pt/s (a perfectly inelastic collision) within
    /// 2 pt/s: the soft contact pushes the landing's overlap out, so the two part at a little
    /// over 1 pt/s (measured on 2026-11-27, `ideal`: 99.08 and 100.46 pt/s).
    @Test(arguments: [WorldModel.ideal, .uikit])
    func aCollisionKeepsMomentum(model: WorldModel) throws {
        var w = World(size: Vec2(4000, 2000), model: model)
        let a = try freeBox(&w, Vec2(1000, 1000), vx: 300)
        let b = try freeBox(&w, Vec2(1100, 1000), density: 2, vx: 0)
        _ = try w.addCollision(items: [a, b])
        let ma = w.property(.mass, of: a)
        let mb = w.property(.mass, of: b)
        let p0 = ma * 300
        var wide = false
        for _ in 0..<60 {
            w.step()
            wide = wide || !w.contactWorld.wideContacts.isEmpty
            let p = ma * w.property(.vx, of: a) + mb * w.property(.vx, of: b)
            #expect(abs(p - p0) <= 1e-5 * p0, "momentum \(p), was \(p0)")
        }
        #expect(wide, "the pair was never solved in a wide record")
        #expect(abs(w.property(.vx, of: a) - 100) < 2 && abs(w.property(.vx, of: b) - 100) < 2)
    }
}

/// Kept colourings (WideContactSolver.swift, "Reuse"): a world that keeps last tick's colours
/// where its constraints are unchanged steps to the same bits as the same world coloured afresh
/// every tick, through the edits that must make it colour again: an item added away from the
/// pile (one more solver body: the padding lanes' static index moves), a box anchored and then
/// freed (a side's kind changes), a density changed (same kinds: kept), an item removed.
@Suite struct ColourReuseTests {
    /// An anchored ground 2000 × 40 pt centred at (1500, `groundY`) and on it a pile of 60 pt
    /// boxes, 5, 4, … in `rows` rows, 2 pt apart in a row: the ground first, then the boxes.
    func pile(_ w: inout World, rows: Int, groundY: Real) throws -> [ItemID] {
        var ids = [try box(&w, Vec2(1500, groundY), Vec2(2000, 40), anchored: true)]
        for row in 0..<rows {
            for k in 0..<(5 - row) {
                let x = 1500 + (Real(k) - Real(4 - row) / 2) * 62
                ids.append(try box(&w, Vec2(x, groundY - 50 - 60 * Real(row)), Vec2(60, 60)))
            }
        }
        return ids
    }

    @Test(arguments: [WorldModel.ideal, .uikit])
    func keptColouringsStepAsFreshOnes(model: WorldModel) throws {
        var w = World(size: Vec2(3000, 2000), model: model)
        let ids = try pile(&w, rows: 4, groundY: 1900)
        _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
        _ = try w.addCollision(items: nil)
        var fresh = w
        func stepBoth(_ n: Int) {
            for _ in 0..<n {
                w.step()
                fresh.contactWorld.colourKeys.removeAll()  // forget: colour afresh next tick
                fresh.step()
                #expect(w.stateHash() == fresh.stateHash())
            }
        }
        stepBoth(60)
        let far = try box(&w, Vec2(300, 300), Vec2(30, 30))
        _ = try box(&fresh, Vec2(300, 300), Vec2(30, 30))
        stepBoth(10)
        try w.setProperty(.anchored, of: ids[3], to: 1)
        try fresh.setProperty(.anchored, of: ids[3], to: 1)
        stepBoth(10)
        try w.setProperty(.anchored, of: ids[3], to: 0)
        try fresh.setProperty(.anchored, of: ids[3], to: 0)
        stepBoth(10)
        try w.setProperty(.density, of: ids[5], to: 3)
        try fresh.setProperty(.density, of: ids[5], to: 3)
        stepBoth(10)
        try w.removeItem(far)
        try fresh.removeItem(far)
        stepBoth(10)
        // (`fresh` forgets once a frame; the `uikit` frame has two ticks, the second of which
        // may keep the first's colouring.)
        #expect(fresh.contactWorld.colouringsKept < w.contactWorld.colouringsKept)
        if model == .ideal { #expect(fresh.contactWorld.colouringsKept == 0) }
        let ticks = w.tickCount
        #expect(w.contactWorld.colouringsKept > ticks / 2, "the resting pile keeps its colouring most ticks")
    }

    /// The records name their bodies by places in the list of bodies (`finishColouring`), and
    /// the single-precision states are one per listed body, not per body of the world. A pile
    /// of 15 boxes among 400 boxes that fall far apart (no contact: never listed), stepped
    /// through kept and fresh colourings and edits: after every tick each lane's places lead
    /// back to its constraint's bodies (a padding lane to the static body, first in the list),
    /// the list names each body once, and the states and the bank are as long as the list.
    @Test(arguments: [WorldModel.ideal, .uikit])
    func lanesNameTheirBodiesByPlacesInTheList(model: WorldModel) throws {
        var w = World(size: Vec2(12000, 4000), model: model)
        let ids = try pile(&w, rows: 5, groundY: 3900)
        for k in 0..<400 {
            _ = try box(&w, Vec2(3000 + Real(k % 40) * 200, 200 + Real(k / 40) * 200), Vec2(20, 20))
        }
        _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
        _ = try w.addCollision(items: nil)
        var checked = 0
        func check() {
            let cw = w.contactWorld
            let staticIndex = Int32(w.bodySims.count)  // after the bodies (one fewer after a removal)
            let list = Array(cw.wideBodyList)
            #expect(cw.wideStates.count == list.count)
            if model == .ideal { #expect(cw.wideBanked.count == list.count) }
            #expect(Set(list).count == list.count, "a body listed twice")
            if cw.wideContacts.isEmpty { return }
            #expect(list.first == staticIndex, "the static body is not first")
            #expect(list.count <= 17, "bodies listed that no lane names: \(list.count)")  // 15 boxes, the ground, the static body
            for r in cw.wideContacts {
                for lane in 0..<4 {
                    let a = Int(r.a[lane])
                    let b = Int(r.b[lane])
                    guard a < list.count && b < list.count else {
                        Issue.record("a place beyond the list: \(a), \(b) of \(list.count)")
                        return
                    }
                    let i = Int(r.index[lane])
                    if i < 0 {
                        #expect(list[a] == staticIndex && list[b] == staticIndex)
                    } else {
                        #expect(list[a] == cw.constraints[i].a && list[b] == cw.constraints[i].b)
                        checked += 1
                    }
                }
            }
        }
        for _ in 0..<40 { w.step(); check() }
        try w.setProperty(.anchored, of: ids[4], to: 1)
        for _ in 0..<10 { w.step(); check() }
        try w.removeItem(ids[2])
        for _ in 0..<20 { w.step(); check() }
        #expect(checked > 40 * 10, "too few lanes checked: \(checked)")
        #expect(w.contactWorld.colouringsKept > 0)
    }
}

/// The banked warm start of later sub-steps (WideContactSolver.swift, "Warm start of later
/// sub-steps") against the reference, a pass over the records every sub-step
/// (`explicitWarmStarts`): the two are the same sums in a different order, so worlds stepped
/// both ways differ by rounding alone.
@Suite struct BankedWarmStartTests {
    /// Runs `build` twice, banked and explicit, for `frames` frames, and returns the largest
    /// difference between the two runs of any item's centre (pt) and velocity (pt/s), frame by
    /// frame.
    static func compare(frames: Int, _ build: (inout World) throws -> [ItemID]) throws -> (position: Real, velocity: Real) {
        var banked = World(size: Vec2(20_000, 4000), model: .ideal)
        var explicit = World(size: Vec2(20_000, 4000), model: .ideal)
        let items = try build(&banked)
        _ = try build(&explicit)
        explicit.contactWorld.explicitWarmStarts = true
        var dp: Real = 0
        var dv: Real = 0
        for _ in 0..<frames {
            banked.step()
            explicit.step()
            var fp: Real = 0
            var fv: Real = 0
            for id in items {
                fp = Swift.max(fp, (position(banked, id) - position(explicit, id)).length)
                fv = Swift.max(fv, (velocity(banked, id) - velocity(explicit, id)).length)
            }
            dp = Swift.max(dp, fp)
            dv = Swift.max(dv, fv)
        }
        return (dp, dv)
    }

    /// A box sliding to a stop at 500 pt/s (friction 0.5): its sub-steps after the first warm
    /// start half of their sliding friction (the halves taken off the bank). The two runs agree
    /// to 1e-3 pt and 1e-2 pt/s frame by frame (measured 2026-11-28: 6.7e-5 pt, 3.5e-4 pt/s,
    /// single-precision rounding at 500 pt/s); a bank that kept the whole tangential impulse
    /// would differ by about 1 pt/s while it slides and stop it 0.4 % short, about 0.5 pt.
    @Test func aSlidingBoxStopsWhereTheReferenceStops() throws {
        let (dp, dv) = try Self.compare(frames: 90) { w in
            let f = try box(&w, Vec2(10_000, 1620), Vec2(20_000, 40), anchored: true, friction: 0.5)
            let b = try box(&w, Vec2(1000, 1550), Vec2(100, 100), friction: 0.5, velocity: Vec2(500, 0))
            _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
            _ = try w.addCollision(items: [f, b])
            return [b]
        }
        print("banked warm start, sliding box: largest difference \(dp) pt, \(dv) pt/s")
        #expect(dp < 1e-3 && dv < 1e-2)
    }

    /// A pyramid of 45 boxes (9 wide) settling and resting for 4 s: every box within 0.02 pt
    /// and 0.5 pt/s of the reference at every frame (measured 2026-11-28: 1.7e-3 pt, the two
    /// runs' rounding noise at rest creeping apart by about 1e-5 pt a frame, and 0.07 pt/s at
    /// most in one frame of the settling). A sub-step whose bank missed a record's change would
    /// be off by its share of g·h, about 4 pt/s.
    @Test func aPyramidRestsWhereTheReferenceRests() throws {
        let (dp, dv) = try Self.compare(frames: 240) { w in
            let ground = try box(&w, Vec2(10_000, 3000), Vec2(20_000, 40), anchored: true)
            var items: [ItemID] = []
            for row in 0..<9 {
                for k in 0..<(9 - row) {
                    let x = 10_000 + (Real(k) - Real(8 - row) / 2) * 100
                    items.append(try box(&w, Vec2(x, 2930 - Real(row) * 100), Vec2(100, 100)))
                }
            }
            _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
            _ = try w.addCollision(items: items + [ground])
            return items
        }
        print("banked warm start, pyramid: largest difference \(dp) pt, \(dv) pt/s")
        #expect(dp < 0.02 && dv < 0.5)
    }
}

/// Kept pin colourings (WideJointSolver.swift, "Kept colourings"): a world that keeps last
/// tick's colours of its pins where no joint's key changed steps to the same bits as the same
/// world coloured afresh every tick, through a pull-in (a link moved far: every joint scalar
/// for some ticks), an item added (the static identity body's index moves), a link anchored
/// and freed (an end's kind changes; the implied rows are rebuilt), a pin removed and an item
/// removed.
@Suite struct PinColourReuseTests {
    @Test(arguments: [WorldModel.ideal, .uikit])
    func keptPinColouringsStepAsFreshOnes(model: WorldModel) throws {
        var w = World(size: Vec2(3000, 2000), model: model)
        var links: [ItemID] = []
        var pins: [BehaviorID] = []
        for c in 0..<2 {
            let anchor = Vec2(800 + 900 * Real(c), 200)
            var previous: ItemID? = nil
            for i in 0..<8 {
                let link = try box(&w, Vec2(anchor.x + 40 * Real(i) + 20, anchor.y), Vec2(40, 10))
                var pin = previous.map { AttachmentDefinition(kind: .pin, itemA: $0, itemB: link) }
                    ?? AttachmentDefinition(kind: .pin, itemA: link)
                pin.anchor = Vec2(anchor.x + 40 * Real(i), anchor.y)
                pins.append(try w.addAttachment(pin))
                links.append(link)
                previous = link
            }
        }
        _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
        var fresh = w
        func stepBoth(_ n: Int) {
            for _ in 0..<n {
                w.step()
                fresh.jointWorld.solver.pinsKept = false  // forget: colour afresh next tick
                fresh.step()
                #expect(w.stateHash() == fresh.stateHash())
            }
        }
        stepBoth(30)
        try w.setProperty(.x, of: links[12], to: 2500)
        try fresh.setProperty(.x, of: links[12], to: 2500)
        stepBoth(20)
        let far = try box(&w, Vec2(300, 1500), Vec2(30, 30))
        _ = try box(&fresh, Vec2(300, 1500), Vec2(30, 30))
        stepBoth(10)
        try w.setProperty(.anchored, of: links[3], to: 1)
        try fresh.setProperty(.anchored, of: links[3], to: 1)
        stepBoth(10)
        try w.setProperty(.anchored, of: links[3], to: 0)
        try fresh.setProperty(.anchored, of: links[3], to: 0)
        stepBoth(10)
        try w.removeBehavior(pins[5])
        try fresh.removeBehavior(pins[5])
        stepBoth(10)
        try w.removeItem(far)
        try fresh.removeItem(far)
        stepBoth(10)
        let ticks = w.tickCount
        #expect(fresh.jointWorld.solver.keptColourings < w.jointWorld.solver.keptColourings)
        if model == .ideal { #expect(fresh.jointWorld.solver.keptColourings == 0) }
        #expect(w.jointWorld.solver.keptColourings > ticks / 2, "unchanged chains keep their colouring most ticks")
    }

    /// The pins' and the implied rows' records name their bodies by places in the joints'
    /// wide states (WideJointSolver.swift, `listJointBody`): place 0 the static identity body
    /// (a world end, padding), place 1 + k the k-th listed body; the states are as many, not
    /// one per body of the world. A chain of 10 pins hanging from the world and one of 6 from
    /// an anchored post, among 400 unrelated items, stepped through kept and fresh colourings
    /// and edits: after every tick each lane's places lead back to its joint's bodies.
    @Test(arguments: [WorldModel.ideal, .uikit])
    func jointLanesNameTheirBodiesByPlaces(model: WorldModel) throws {
        var w = World(size: Vec2(9000, 4000), model: model)
        for k in 0..<200 { _ = try box(&w, Vec2(3000 + Real(k % 40) * 100, 3000 + Real(k / 40) * 100), Vec2(20, 20)) }
        let post = try box(&w, Vec2(1990, 200), Vec2(20, 20), anchored: true)
        var links: [ItemID] = []
        for c in 0..<2 {
            let anchor = Vec2(800 + 1200 * Real(c), 200)
            var previous: ItemID? = nil
            for i in 0..<(c == 0 ? 10 : 6) {
                let link = try box(&w, Vec2(anchor.x + 40 * Real(i) + 20, anchor.y), Vec2(40, 10))
                var pin = AttachmentDefinition(kind: .pin, itemA: link, itemB: previous ?? (c == 0 ? nil : post))
                pin.anchor = Vec2(anchor.x + 40 * Real(i), anchor.y)
                _ = try w.addAttachment(pin)
                links.append(link)
                previous = link
            }
        }
        for k in 0..<200 { _ = try box(&w, Vec2(3000 + Real(k % 40) * 100, 3600 + Real(k / 40) * 100), Vec2(20, 20)) }
        _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
        var pinLanes = 0
        var rowLanes = 0
        func check() {
            let s = w.jointWorld.solver
            let list = Array(s.wideBodyList)
            #expect(s.wideStates.count == 1 + list.count)
            #expect(Set(list).count == list.count, "a body listed twice")
            #expect(list.count <= 17, "bodies listed that no lane names: \(list.count)")  // 16 links, the post
            func body(_ place: Int32) -> Int32? {
                guard place >= 0 && Int(place) <= list.count else {
                    Issue.record("a place beyond the states: \(place) of \(list.count + 1)")
                    return nil
                }
                return place == 0 ? -1 : list[Int(place) - 1]
            }
            for r in s.wide {
                for lane in 0..<4 where r.joint[lane] >= 0 {
                    let j = w.jointWorld.joints[Int(r.joint[lane])]
                    #expect(body(r.a[lane]) == j.bA && body(r.b[lane]) == j.bB)
                    pinLanes += 1
                }
            }
            for r in s.ropes.prefix(s.ropeCount) {
                for lane in 0..<4 where r.row[lane] >= 0 {
                    let j = w.jointWorld.impliedJoints[Int(r.row[lane])]
                    #expect(body(r.a[lane]) == j.bA && body(r.b[lane]) == j.bB)
                    rowLanes += 1
                }
            }
        }
        for _ in 0..<30 { w.step(); check() }
        try w.setProperty(.anchored, of: links[4], to: 1)
        for _ in 0..<10 { w.step(); check() }
        try w.setProperty(.anchored, of: links[4], to: 0)
        for _ in 0..<10 { w.step(); check() }
        try w.removeItem(links[14])
        for _ in 0..<10 { w.step(); check() }
        #expect(pinLanes > 60 * 10, "too few pin lanes checked: \(pinLanes)")
        #expect(rowLanes > 60 * 5, "too few implied rows checked: \(rowLanes)")
        #expect(w.jointWorld.solver.keptColourings > 0)
    }
}
