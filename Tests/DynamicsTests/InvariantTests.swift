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
}
