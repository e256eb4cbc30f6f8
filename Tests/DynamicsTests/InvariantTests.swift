import DynTestSupport
// Random add / group / remove sequences keep the world's back-indices consistent.

@testable import Dynamics
import DynamicsMath
import Testing

@Suite struct InvariantTests {
    @Test(arguments: [1, 2, 3, 4])
    func randomEditsKeepTablesConsistent(seed: UInt64) throws {
        var rng = TestRandom(seed: seed)
        var w = World(model: seed % 2 == 0 ? .uikit : .ideal)
        var live: [ItemID] = []
        var gravities: [BehaviorID] = []
        for _ in 0..<400 {
            switch rng.below(9) {
            case 0, 1, 2:
                let shapeKind = rng.below(3)
                let id = try item(&w) {
                    $0.center = Vec2(Real(rng.below(300)), Real(rng.below(300)))
                    $0.size = Vec2(Real(10 + rng.below(60)), Real(10 + rng.below(60)))
                    $0.shape = shapeKind == 0 ? .rectangle : (shapeKind == 1 ? .ellipse : .path([Vec2(0, -9), Vec2(9, 7), Vec2(-8, 6)]))
                }
                live.append(id)
            case 3:
                let singles = live.filter { w.group(of: $0) == nil && !w.isGroup($0) }
                if singles.count >= 2 {
                    let a = singles[rng.below(singles.count)]
                    let b = singles[rng.below(singles.count)]
                    if a != b { live.append(try w.addGroup([a, b])) }
                }
            case 4:
                let removable = live.filter { w.group(of: $0) == nil }
                if !removable.isEmpty {
                    let id = removable[rng.below(removable.count)]
                    try w.removeItem(id)
                }
                live.removeAll { !w.isValid($0) }
            case 5:
                let top = live.filter { w.group(of: $0) == nil }
                gravities.append(try w.addGravity(vector: Vec2(0, 1), items: rng.below(2) == 0 ? nil : Array(top.prefix(3))))
            case 6:
                if !gravities.isEmpty {
                    try w.removeBehavior(gravities.remove(at: rng.below(gravities.count)))
                }
            case 7:
                w.setModel(w.model == .ideal ? .uikit : .ideal)
            default:
                w.step()
            }
            if let problem = w.invariantViolation() {
                Issue.record("\(problem)")
                return
            }
        }
        #expect(w.itemIDs.count == live.count)
    }

    /// Each shape keeps how its contact point moves as its body turns (`roundSide`, read by the
    /// contact solver's arms), through every change of a shape or of its body's centre of mass.
    @Test func shapesKeepHowTheirContactsMove() throws {
        var w = World(model: .ideal)
        func side(_ id: ItemID) -> RoundSide { w.shapes[Int(w.items[Int(id.index)].shape)].roundSide }
        let a = try item(&w) { $0.center = Vec2(0, 0); $0.size = Vec2(20, 20); $0.shape = .ellipse }
        let b = try item(&w) { $0.center = Vec2(40, 0); $0.size = Vec2(20, 20); $0.shape = .ellipse }
        let oval = try item(&w) { $0.center = Vec2(0, 80); $0.size = Vec2(40, 20); $0.shape = .ellipse }
        let box = try item(&w) { $0.center = Vec2(100, 0); $0.size = Vec2(20, 10) }
        #expect(side(a) == .centred && side(b) == .centred)
        #expect(side(oval) == .rolling && side(box) == .flat)
        // In a group each circle is off the group's centre of mass: it rolls.
        let g = try w.addGroup([a, b])
        #expect(side(a) == .rolling && side(b) == .rolling)
        // A member's density moves the centre of mass; still off both circles.
        try w.setProperty(.density, of: a, to: 5)
        #expect(side(a) == .rolling && side(b) == .rolling)
        #expect(w.invariantViolation() == nil)
        // Out of the group (the group removed, its members with it), a new circle is centred
        // again; in the other model an ellipse is a polygon (a circle stays a circle).
        try w.removeItem(g)
        let c = try item(&w) { $0.center = Vec2(0, 0); $0.size = Vec2(20, 20); $0.shape = .ellipse }
        #expect(side(c) == .centred)
        w.setModel(.uikit)
        #expect(side(c) == .centred && side(oval) == .flat)
        #expect(w.invariantViolation() == nil)
        w.setModel(.ideal)
        #expect(side(c) == .centred && side(oval) == .rolling)
        #expect(w.invariantViolation() == nil)
    }
}
