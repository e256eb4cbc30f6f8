// Random add / group / remove sequences keep the world's back-indices consistent.

@testable import Dynamics
import DynamicsMath
import Testing

/// A small deterministic generator (64-bit LCG, Knuth's constants).
struct LCG {
    var state: UInt64
    mutating func next(_ n: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(n))
    }
}

@Suite struct InvariantTests {
    @Test(arguments: [1, 2, 3, 4])
    func randomEditsKeepTablesConsistent(seed: UInt64) throws {
        var rng = LCG(state: seed)
        var w = World(model: seed % 2 == 0 ? .uikit : .ideal)
        var live: [ItemID] = []
        var gravities: [BehaviorID] = []
        for _ in 0..<400 {
            switch rng.next(9) {
            case 0, 1, 2:
                let shapeKind = rng.next(3)
                let id = try item(&w) {
                    $0.center = Vec2(Real(rng.next(300)), Real(rng.next(300)))
                    $0.size = Vec2(Real(10 + rng.next(60)), Real(10 + rng.next(60)))
                    $0.shape = shapeKind == 0 ? .rectangle : (shapeKind == 1 ? .ellipse : .path([Vec2(0, -9), Vec2(9, 7), Vec2(-8, 6)]))
                }
                live.append(id)
            case 3:
                let singles = live.filter { w.group(of: $0) == nil && !w.isGroup($0) }
                if singles.count >= 2 {
                    let a = singles[rng.next(singles.count)]
                    let b = singles[rng.next(singles.count)]
                    if a != b { live.append(try w.addGroup([a, b])) }
                }
            case 4:
                let removable = live.filter { w.group(of: $0) == nil }
                if !removable.isEmpty {
                    let id = removable[rng.next(removable.count)]
                    try w.removeItem(id)
                }
                live.removeAll { !w.isValid($0) }
            case 5:
                let top = live.filter { w.group(of: $0) == nil }
                gravities.append(try w.addGravity(vector: Vec2(0, 1), items: rng.next(2) == 0 ? nil : Array(top.prefix(3))))
            case 6:
                if !gravities.isEmpty {
                    try w.removeBehavior(gravities.remove(at: rng.next(gravities.count)))
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
}
