import DynTestSupport
import Testing
@testable import DynamicsCollision
import DynamicsMath

/// A small deterministic generator, so that every run sees the same sample.

func randomBox(_ rng: inout TestRandom, world: Double = 1000) -> AABB {
    let c = Vec2(rng.range(0, world), rng.range(0, world))
    let h = Vec2(rng.range(1, 30), rng.range(1, 30))
    return AABB(lower: c - h, upper: c + h)
}

struct DynamicTreeTests {
    @Test func emptyTree() {
        let tree = DynamicTree()
        #expect(tree.height == -1)
        #expect(tree.validationFailure() == nil)
        var hits = ContiguousArray<Int32>()
        tree.query(AABB(lower: .zero, upper: Vec2(10, 10)), into: &hits)
        #expect(hits.isEmpty)
    }

    @Test func fatBoxMargins() {
        let tight = AABB(lower: Vec2(0, 0), upper: Vec2(40, 40))
        // Half extent 20 → margin 2.5; plus the speculative 2.
        let fat = DynamicTree.fatAABB(tight: tight, isStatic: false)
        #expect(abs(fat.lower.x - (-4.5)) < 1e-12 && abs(fat.upper.y - 44.5) < 1e-12)
        // Large shapes cap at 5 pt.
        let big = DynamicTree.fatAABB(tight: AABB(lower: .zero, upper: Vec2(400, 10)), isStatic: false)
        #expect(abs(big.lower.x - (-7)) < 1e-12)
        let stat = DynamicTree.fatAABB(tight: tight, isStatic: true)
        #expect(abs(stat.lower.x - (-2)) < 1e-12)
    }

    @Test func moveOnlyWhenEscaped() {
        var tree = DynamicTree()
        let tight = AABB(lower: Vec2(0, 0), upper: Vec2(40, 40))
        let p = tree.createProxy(tight: tight, userData: 7)
        let nudged = AABB(lower: Vec2(2, 0), upper: Vec2(42, 40))
        #expect(tree.moveProxyIfEscaped(p, tight: nudged) == false)
        let far = AABB(lower: Vec2(10, 0), upper: Vec2(50, 40))
        #expect(tree.moveProxyIfEscaped(p, tight: far) == true)
        #expect(tree.fatAABB(p).contains(far.expanded(by: 2)))
        #expect(tree.userData(p) == 7)
    }

    /// A moved proxy's new fat box reaches 4 × the displacement ahead on the side it moves
    /// towards, axis by axis, and not behind, at most the shape's own size unless one
    /// displacement is larger; static proxies never stretch.
    @Test func fatBoxReachesAheadOfMotion() {
        let tight = AABB(lower: Vec2(0, 0), upper: Vec2(40, 40))
        let still = DynamicTree.fatAABB(tight: tight, isStatic: false)
        let ahead = DynamicTree.fatAABB(tight: tight, isStatic: false, displacement: Vec2(3, -2))
        #expect(abs(ahead.upper.x - (still.upper.x + 12)) < 1e-12)
        #expect(abs(ahead.lower.x - still.lower.x) < 1e-12)
        #expect(abs(ahead.lower.y - (still.lower.y - 8)) < 1e-12)
        #expect(abs(ahead.upper.y - still.upper.y) < 1e-12)
        let capped = DynamicTree.fatAABB(tight: tight, isStatic: false, displacement: Vec2(25, -60))
        #expect(capped.upper.x == still.upper.x + 40)  // 4 × 25 capped at the size, 40
        #expect(capped.lower.y == still.lower.y - 60)  // one displacement, larger than the size
        let stat = DynamicTree.fatAABB(tight: tight, isStatic: true, displacement: Vec2(3, -2))
        #expect(stat == DynamicTree.fatAABB(tight: tight, isStatic: true))

        // A proxy moving 10 pt a tick to the right escapes once, then stays put for the next
        // three ticks (its box reached 40 pt ahead), where a plain fat box escapes each tick.
        var tree = DynamicTree()
        let p = tree.createProxy(tight: tight, userData: 0)
        var escapes: [Int] = []
        for tick in 1...4 {
            let moved = AABB(lower: tight.lower + Vec2(Real(10 * tick), 0), upper: tight.upper + Vec2(Real(10 * tick), 0))
            if tree.moveProxyIfEscaped(p, tight: moved, displacement: Vec2(10, 0)) { escapes.append(tick) }
        }
        #expect(escapes == [1])

        // The body stops inside its stretched box: the box is far larger than a shape at rest
        // needs, so it is shrunk once, then left alone.
        let stopped = AABB(lower: tight.lower + Vec2(40, 0), upper: tight.upper + Vec2(40, 0))
        var fast = DynamicTree()
        let q = fast.createProxy(tight: tight, userData: 0)
        let flew = fast.moveProxyIfEscaped(
            q, tight: AABB(lower: tight.lower + Vec2(30, 0), upper: tight.upper + Vec2(30, 0)), displacement: Vec2(30, 0))
        #expect(flew)
        // 4 × 30 pt ahead would be 120; the reach stops at the shape's own size, 40 pt.
        let grown = DynamicTree.fatAABB(tight: tight, isStatic: false)
        #expect(fast.fatAABB(q).upper.x == grown.upper.x + 30 + 40)
        #expect(fast.fatAABB(q).upper.x > stopped.upper.x + 30)
        #expect(fast.moveProxyIfEscaped(q, tight: stopped, displacement: Vec2(20, 0)) == false)  // still moving on
        #expect(fast.moveProxyIfEscaped(q, tight: stopped, displacement: .zero) == true)
        #expect(fast.fatAABB(q) == DynamicTree.fatAABB(tight: stopped, isStatic: false))
        #expect(fast.moveProxyIfEscaped(q, tight: stopped, displacement: .zero) == false)
    }

    /// Random creates, moves and destroys; after each batch, every query matches brute force
    /// and the tree is valid.
    @Test func randomOperationsMatchBruteForce() {
        var rng = TestRandom(seed: 1)
        var tree = DynamicTree()
        var live: [Int32: AABB] = [:]  // proxy → fat box
        var tights: [Int32: AABB] = [:]
        var order: [Int32] = []
        for round in 0..<40 {
            for _ in 0..<25 {
                let op = rng.below(10)
                if op < 5 || order.isEmpty {
                    let tight = randomBox(&rng)
                    let p = tree.createProxy(tight: tight, isStatic: rng.below(4) == 0, userData: order.count)
                    live[p] = tree.fatAABB(p)
                    tights[p] = tight
                    order.append(p)
                } else if op < 8 {
                    let p = order[rng.below(order.count)]
                    let old = tights[p]!
                    let shift = Vec2(rng.range(-8, 8), rng.range(-8, 8))
                    let tight = AABB(lower: old.lower + shift, upper: old.upper + shift)
                    tights[p] = tight
                    tree.moveProxyIfEscaped(p, tight: tight)
                    live[p] = tree.fatAABB(p)
                } else {
                    let i = rng.below(order.count)
                    tree.destroyProxy(order[i])
                    live[order[i]] = nil
                    order.remove(at: i)
                }
            }
            #expect(tree.validationFailure() == nil, "round \(round)")
            #expect(tree.proxyCount == live.count)
            for _ in 0..<10 {
                let q = randomBox(&rng)
                var hits = ContiguousArray<Int32>()
                tree.query(q, into: &hits)
                let expected = Set(live.filter { $0.value.overlaps(q) }.keys)
                #expect(Set(hits) == expected)
                #expect(hits.count == expected.count)
            }
        }
        // Surface-area insertion with rotations should keep the tree reasonably shallow.
        #expect(tree.height < 4 * 12)
    }

    @Test func rayCastMatchesBruteForce() {
        var rng = TestRandom(seed: 5)
        var tree = DynamicTree()
        var boxes: [Int32: AABB] = [:]
        for i in 0..<300 {
            let p = tree.createProxy(tight: randomBox(&rng), userData: i)
            boxes[p] = tree.fatAABB(p)
        }
        for _ in 0..<50 {
            let a = Vec2(rng.range(-100, 1100), rng.range(-100, 1100))
            let b = Vec2(rng.range(-100, 1100), rng.range(-100, 1100))
            var hit = Set<Int32>()
            tree.rayCast(from: a, to: b) { proxy, maxT in
                hit.insert(proxy)
                return maxT
            }
            let d = b - a
            let expected = Set(boxes.filter { entry in
                DynamicTree.segmentEnters(entry.value, p1: a, d: d, invX: 1 / d.x, invY: 1 / d.y, maxT: 1)
            }.keys)
            #expect(hit == expected)
            // Sampled points along the segment inside a box must be among the hits.
            for k in 0...200 {
                let p = a + (Double(k) / 200) * d
                for (id, box) in boxes where box.contains(AABB(lower: p, upper: p)) {
                    #expect(hit.contains(id))
                }
            }
        }
    }

    /// The same calls build the same tree.
    @Test func deterministicLayout() {
        func build() -> [TreeNode] {
            var rng = TestRandom(seed: 99)
            var tree = DynamicTree()
            var ids: [Int32] = []
            for _ in 0..<500 {
                ids.append(tree.createProxy(tight: randomBox(&rng), userData: ids.count))
            }
            for i in stride(from: 0, to: 500, by: 3) { tree.destroyProxy(ids[i]) }
            return Array(tree.nodes)
        }
        let a = build()
        let b = build()
        #expect(a.count == b.count)
        for (x, y) in zip(a, b) {
            #expect(x.aabb == y.aabb && x.parent == y.parent && x.child1 == y.child1 && x.child2 == y.child2)
        }
    }
}

struct BroadPhaseTests {
    /// Pairs of (keyA, keyB) by brute force: every overlapping pair with a dynamic proxy and
    /// at least one moved proxy; kinematic–static and same-type non-dynamic pairs excluded.
    func brutePairs(_ bp: BroadPhase, keys: [ProxyKey], moved: Set<ProxyKey>) -> Set<[Int32]> {
        var result = Set<[Int32]>()
        for i in 0..<keys.count {
            for j in (i + 1)..<keys.count {
                let a = keys[i]
                let b = keys[j]
                if a.type != .dynamicBody && b.type != .dynamicBody { continue }
                if !moved.contains(a) && !moved.contains(b) { continue }
                if bp.fatAABB(a).overlaps(bp.fatAABB(b)) {
                    result.insert([Swift.min(a.raw, b.raw), Swift.max(a.raw, b.raw)])
                }
            }
        }
        return result
    }

    @Test func pairsMatchBruteForceAndAreUnique() {
        var rng = TestRandom(seed: 3)
        var bp = BroadPhase()
        var keys: [ProxyKey] = []
        var tights: [ProxyKey: AABB] = [:]
        var moved = Set<ProxyKey>()
        for i in 0..<400 {
            let type: ProxyType = i % 7 == 0 ? .staticBody : (i % 11 == 0 ? .kinematicBody : .dynamicBody)
            let tight = randomBox(&rng, world: 600)
            let k = bp.createProxy(tight: tight, type: type, userData: i, forcePairing: true)
            tights[k] = tight
            keys.append(k)
            moved.insert(k)
        }
        for round in 0..<10 {
            var pairs = ContiguousArray<ProxyPair>()
            bp.findPairs(into: &pairs)
            #expect(bp.moveCount == 0)
            var seen = Set<[Int32]>()
            for p in pairs {
                #expect(p.keyA < p.keyB)
                #expect(bp.userData(p.keyA) == p.userDataA && bp.userData(p.keyB) == p.userDataB)
                #expect(seen.insert([p.keyA.raw, p.keyB.raw]).inserted, "pair reported twice")
            }
            #expect(seen == brutePairs(bp, keys: keys, moved: moved), "round \(round)")
            // Move some proxies, destroy and create a few.
            moved = []
            for _ in 0..<60 {
                let i = rng.below(keys.count)
                let k = keys[i]
                if k.type == .staticBody { continue }
                let shift = Vec2(rng.range(-12, 12), rng.range(-12, 12))
                let tight = AABB(lower: tights[k]!.lower + shift, upper: tights[k]!.upper + shift)
                tights[k] = tight
                if bp.moveProxy(k, tight: tight) { moved.insert(k) }
            }
            for _ in 0..<5 {
                let i = rng.below(keys.count)
                bp.destroyProxy(keys[i])
                moved.remove(keys[i])
                keys.remove(at: i)
                let tight = randomBox(&rng, world: 600)
                let k = bp.createProxy(tight: tight, type: .dynamicBody, userData: 1000 + round)
                tights[k] = tight
                keys.append(k)
                moved.insert(k)
            }
            #expect(bp.dynamicTree.validationFailure() == nil)
        }
    }

    @Test func pairOrderIsDeterministic() {
        func run() -> [ProxyPair] {
            var rng = TestRandom(seed: 11)
            var bp = BroadPhase()
            var out: [ProxyPair] = []
            var keys: [ProxyKey] = []
            for i in 0..<200 {
                keys.append(bp.createProxy(tight: randomBox(&rng, world: 400), type: i % 5 == 0 ? .staticBody : .dynamicBody, userData: i))
            }
            for _ in 0..<5 {
                var pairs = ContiguousArray<ProxyPair>()
                bp.findPairs(into: &pairs)
                out += pairs
                for k in keys where k.type == .dynamicBody {
                    let fat = bp.fatAABB(k)
                    bp.moveProxy(k, tight: AABB(lower: fat.lower + Vec2(9, 9), upper: fat.upper + Vec2(9, 9)))
                }
            }
            return out
        }
        let a = run()
        #expect(!a.isEmpty)
        #expect(a == run())
    }

    /// A rebuild inserts the leaves as its scan of the nodes finds them (no list of them, the
    /// step runs it): the same tree, node for node, as freeing the internal nodes, listing the
    /// leaves in ascending order and inserting them one by one.
    @Test func rebuildInsertsTheLeavesInAscendingOrder() {
        var rng = TestRandom(seed: 7)
        var tree = DynamicTree()
        var ids: [Int32] = []
        for _ in 0..<300 { ids.append(tree.createProxy(tight: randomBox(&rng), userData: ids.count)) }
        for i in stride(from: 0, to: 300, by: 5) { tree.destroyProxy(ids[i]) }
        for i in stride(from: 1, to: 300, by: 7) where i % 5 != 0 {
            tree.moveProxy(ids[i], fatAABB: randomBox(&rng))
        }
        var reference = tree
        reference.freeList = DynamicTree.nullNode
        var i = reference.nodes.count - 1
        while i >= 0 {
            if reference.nodes[i].height == 0 {
                reference.nodes[i].parent = DynamicTree.nullNode
            } else {
                reference.nodes[i] = .blank
                reference.nodes[i].parent = reference.freeList
                reference.freeList = Int32(i)
            }
            i -= 1
        }
        let leaves = reference.nodes.indices.filter { reference.nodes[$0].height == 0 }
        reference.root = DynamicTree.nullNode
        for leaf in leaves { reference.insertLeaf(Int32(leaf)) }
        tree.rebuild()
        #expect(tree.root == reference.root && tree.freeList == reference.freeList)
        #expect(tree.nodes.count == reference.nodes.count)
        for k in tree.nodes.indices {
            let a = tree.nodes[k]
            let b = reference.nodes[k]
            #expect(a.aabb == b.aabb && a.userData == b.userData && a.parent == b.parent && a.child1 == b.child1
                && a.child2 == b.child2 && a.height == b.height && a.flags == b.flags, "node \(k)")
        }
    }
}
