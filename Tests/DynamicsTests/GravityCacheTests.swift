// The per-body gravity cache kept by what changed (Behaviors/Gravity.swift): after every change
// it must equal the rule stated in the file comment, applied from scratch, and a body whose
// acceleration changed must be awake.

import DynTestSupport
import DynamicsMath
import Testing
@testable import Dynamics

@Suite struct GravityCacheTests {
    /// What each body feels by the rule itself: behaviors applied in the order their vectors
    /// were set (stamps), every item or the listed ones, the last one holding a body winning.
    static func expected(_ w: World) -> [Vec2] {
        var felt = [Vec2](repeating: .zero, count: w.bodySims.count)
        for g in w.gravities.indices.sorted(by: { w.gravities[$0].stamp < w.gravities[$1].stamp }) {
            let a = World.gravityUnit * w.gravities[g].vector
            if w.gravities[g].allItems {
                for b in felt.indices { felt[b] = a }
            } else {
                for m in w.behaviors.gravityMembers where m.behavior == w.gravities[g].slot {
                    let body = Int(w.items[Int(m.item)].body)
                    if body >= 0 { felt[body] = a }
                }
            }
        }
        return felt
    }

    @Test("Random gravity edits keep every body's cached gravity equal to the rule, and wake the bodies they change",
          arguments: [1, 2, 3] as [UInt64])
    func cacheFollowsTheRule(seed: UInt64) throws {
        var rng = TestRandom(seed: seed)
        var w = World(size: Vec2(2000, 1000), model: .uikit)
        var items: [ItemID] = []
        for i in 0..<24 {
            items.append(try item(&w) { $0.center = Vec2(Real(100 + 120 * i), 100) })
        }
        var plain = items  // not grouped yet (a group cannot join another)
        var gravities: [BehaviorID] = []
        func pick() -> BehaviorID? { gravities.isEmpty ? nil : gravities[Int(rng.next() % UInt64(gravities.count))] }
        for step in 0..<400 {
            // Now and then every body falls asleep (no gravity acts on a body at rest): a change
            // must wake the ones it touches.
            if step % 40 == 0 {
                for b in w.bodySims.indices {
                    w.bodySims[b].flags |= BodyFlags.isAsleep
                    w.bodySims[b].v = .zero
                }
            }
            let before = w.bodySims.indices.map { w.gravity(of: $0) }
            let some = items.filter { _ in rng.next() % 3 == 0 }
            let v = Vec2(Real(Int(rng.next() % 5) - 2), Real(Int(rng.next() % 5) - 2))
            if step % 16 == 15 && plain.count > 6 {
                // Two items joined into a group: its body feels what their memberships give it
                // (the bodies' indices move, so only the rule and the group's wake are checked).
                let a = plain.remove(at: Int(rng.next() % UInt64(plain.count)))
                let b = plain.remove(at: Int(rng.next() % UInt64(plain.count)))
                items.removeAll { $0 == a || $0 == b }
                let group = try w.addGroup([a, b])
                items.append(group)
                let felt = w.bodySims.indices.map { w.gravity(of: $0) }
                #expect(felt == GravityCacheTests.expected(w), "step \(step): group")
                let body = Int(w.items[Int(group.index)].body)
                #expect(w.bodySims[body].flags & BodyFlags.isAsleep == 0)
                continue
            }
            switch rng.next() % 8 {
            case 0: gravities.append(try w.addGravity(vector: v, items: rng.next() % 4 == 0 ? nil : some))
            case 1, 2: if let g = pick() { try w.setGravityVector(g, v) }
            case 3: if let g = pick() { try w.setGravityMagnitude(g, Real(rng.next() % 3)) }
            case 4: if let g = pick() { try w.addItems(some, to: g) }
            case 5: if let g = pick() { try w.removeItems(some, from: g) }
            case 6:
                if !gravities.isEmpty, rng.next() % 3 == 0 {
                    try w.removeBehavior(gravities.remove(at: Int(rng.next() % UInt64(gravities.count))))
                }
            default: if let g = pick() { try w.setGravityAngle(g, Real(rng.next() % 7)) }
            }
            let felt = w.bodySims.indices.map { w.gravity(of: $0) }
            #expect(felt == GravityCacheTests.expected(w), "step \(step)")
            #expect(w.gravityTable.count == w.gravities.count + 1)
            for b in felt.indices where felt[b] != before[b] {
                #expect(w.bodySims[b].flags & BodyFlags.isAsleep == 0, "step \(step): body \(b) feels a new gravity asleep")
            }
            // The whole recompute agrees with the kept cache.
            var full = w
            full.updateGravityCache()
            #expect(full.bodySims.indices.map { full.gravity(of: $0) } == felt, "step \(step)")
        }
    }

    @Test("Adding a gravity on one item, again and again, touches that item's body only")
    func manyGravitiesOnSingleItems() throws {
        var w = World(size: Vec2(2000, 1000))
        var items: [ItemID] = []
        for i in 0..<50 { items.append(try item(&w) { $0.center = Vec2(Real(10 * i), 100) }) }
        for k in 0..<600 {
            let g = try w.addGravity(vector: Vec2(0, Real(k % 3)), items: [items[k * 7 % 50]])
            try w.setGravityVector(g, Vec2(Real(k % 2), 1))
        }
        let felt = w.bodySims.indices.map { w.gravity(of: $0) }
        #expect(felt == GravityCacheTests.expected(w))
    }
}
