// Islands of the `uikit` model (Docs/semantics.md §2; Sleep.swift): what wakes with what.
//
// The sleep pass links each island's members in a cycle, so that waking an island visits its
// members alone. These tests check the outcome a user sees (a push, an attachment or a
// contact wakes exactly the touched pile, nothing else) and, on random piles, that each cycle
// holds exactly the bodies whose union-find root is the same.

import DynTestSupport
@testable import Dynamics
import DynamicsMath
import Testing

@Suite struct IslandTests {
    /// A uikit world on a floor: a stack of three boxes, a lone box, and two boxes joined by an
    /// attachment, each its own island, all asleep.
    static func threeIslands() throws -> (World, stack: [ItemID], lone: ItemID, pair: [ItemID], ball: ItemID) {
        var w = World(size: Vec2(2000, 1000), model: .uikit)
        _ = try box(&w, Vec2(1000, 950), Vec2(2000, 100), anchored: true)
        var stack: [ItemID] = []
        for k in 0..<3 { stack.append(try box(&w, Vec2(300, 880 - Real(k) * 40.5), Vec2(40, 40))) }
        let lone = try box(&w, Vec2(800, 880), Vec2(40, 40))
        let pair = [try box(&w, Vec2(1300, 880), Vec2(40, 40)), try box(&w, Vec2(1400, 880), Vec2(40, 40))]
        _ = try w.addAttachment(AttachmentDefinition(kind: .items, itemA: pair[0], itemB: pair[1]))
        let ball = try box(&w, Vec2(1800, 890), Vec2(20, 20), shape: .ellipse)
        _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
        _ = try w.addCollision(items: nil)
        var frames = 0
        while w.step() && frames < 3000 { frames += 1 }
        return (w, stack, lone, pair, ball)
    }

    @Test func aPushWakesItsPileAndNothingElse() throws {
        var (w, stack, lone, pair, ball) = try Self.threeIslands()
        #expect(!w.isRunning, "the world sleeps before the push")
        #expect((stack + pair + [lone]).allSatisfy { w.isSleeping($0) })
        _ = try w.addPush(items: [stack[1]], mode: .instantaneous, vector: Vec2(0.001, 0))
        #expect(w.isRunning)
        #expect(stack.allSatisfy { !w.isSleeping($0) }, "the whole stack wakes, through its contacts")
        #expect(w.isSleeping(lone) && w.isSleeping(ball) && pair.allSatisfy { w.isSleeping($0) }, "the other islands sleep on")
    }

    @Test func anAttachmentWakesItsIslandThroughTheJoint() throws {
        var (w, stack, lone, pair, ball) = try Self.threeIslands()
        var def = AttachmentDefinition(kind: .anchor, itemA: pair[1])
        def.anchor = Vec2(1400, 700)
        _ = try w.addAttachment(def)
        #expect(pair.allSatisfy { !w.isSleeping($0) }, "both ends of the joint wake")
        #expect(w.isSleeping(lone) && w.isSleeping(ball) && stack.allSatisfy { w.isSleeping($0) })
    }

    @Test func aMovingBodyWakesThePileItReaches() throws {
        var (w, stack, lone, pair, ball) = try Self.threeIslands()
        // The ball, asleep on the floor right of the pair, is sent rolling towards it: its
        // velocity wakes it alone, and reaching the pair wakes the pair's island.
        try w.addLinearVelocity(Vec2(-600, 0), to: ball)
        #expect(!w.isSleeping(ball) && pair.allSatisfy { w.isSleeping($0) })
        var frames = 0
        while w.isSleeping(pair[1]) && frames < 120 {
            w.step()
            frames += 1
        }
        #expect(pair.allSatisfy { !w.isSleeping($0) }, "the pair wakes whole when the ball reaches it")
        #expect(w.isSleeping(lone) && stack.allSatisfy { w.isSleeping($0) }, "the others sleep on")
    }

    /// A woken island's cycle is undone (each member its own next): until the next pass it is
    /// awake with its timers at 0, so a second wake from any member changes nothing and must not
    /// walk the island again (on a 20,000-item pile that is one island, every `push`, `kick` or
    /// `attach` on it walked all of it: 412 k instructions a command, 162 k at 1,000).
    @Test func aWokenIslandIsNotWalkedAgain() throws {
        var (w, stack, _, pair, _) = try Self.threeIslands()
        func body(_ id: ItemID) -> Int { Int(w.items[Int(id.index)].body) }
        try #require(w.islands.next.count == w.bodySims.count)
        try #require(Int(w.islands.next[body(stack[0])]) != body(stack[0]), "the stack is an island of several")
        w.wakeIsland(body: body(stack[1]))
        #expect(stack.allSatisfy { !w.isSleeping($0) })
        for id in stack { #expect(Int(w.islands.next[body(id)]) == body(id), "the stack's cycle is undone") }
        #expect(Int(w.islands.next[body(pair[0])]) == body(pair[1]), "the pair's cycle is kept")
        #expect(Int(w.islands.next[body(pair[1])]) == body(pair[0]))
        let before = w.bodySims.map { ($0.flags, $0.sleepTime) }
        w.wakeIsland(body: body(stack[2]))
        #expect(w.bodySims.map { $0.flags } == before.map { $0.0 } && w.bodySims.map { $0.sleepTime } == before.map { $0.1 },
            "waking the island again changes nothing")
    }

    /// Edits that keep the number of bodies but move them (an item removed and another added; a
    /// group of one item) leave `next` of the old indices until the next pass: it stays a
    /// permutation, so a wake ends, and every body was woken by the edit anyway.
    @Test func staleCyclesOfTheSameCountEndAndWakeNothingAsleep() throws {
        var (w, stack, lone, _, _) = try Self.threeIslands()
        let n = w.bodySims.count
        try w.removeItem(stack[0])
        _ = try box(&w, Vec2(600, 880), Vec2(40, 40))
        _ = try w.addGroup([lone])
        try #require(w.bodySims.count == n && w.islands.next.count == n, "the same count, stale indices")
        #expect(w.bodySims.allSatisfy { $0.flags & BodyFlags.isAsleep == 0 })
        for b in 0..<n { w.wakeIsland(body: b) }
        #expect(Set(w.islands.next.map { Int($0) }) == Set(0..<n))
        w.step()
        #expect(w.islands.next.count == w.bodySims.count)
    }

    /// Random piles (boxes dropped in clumps, some joined by attachments): after the world
    /// sleeps, each body's cycle holds exactly the bodies of its root, and waking any one of
    /// them wakes exactly those.
    @Test(arguments: [1, 2, 3]) func cyclesAreTheIslands(seed: UInt64) throws {
        var rng = TestRandom(seed: seed)
        var w = World(size: Vec2(3000, 1000), model: .uikit)
        // A floor wide enough for the columns' tops to land on when they topple.
        _ = try box(&w, Vec2(1500, 950), Vec2(6000, 100), anchored: true)
        // Eight clumps, each a column of boxes that do not overlap, shifted at random, which
        // topple into piles; some neighbours in a column joined by an attachment (rods between
        // overlapping boxes would fight their contacts for ever, and the pile never sleeps).
        var clumps = [[ItemID]](repeating: [], count: 8)
        for _ in 0..<60 {
            let clump = Int(rng.next() % 8)
            let x = 200 + Real(clump) * 350 + Real(rng.next() % 40)
            let y = 880 - Real(clumps[clump].count) * 52
            clumps[clump].append(try box(&w, Vec2(x, y), Vec2(30 + Real(rng.next() % 20), 30)))
        }
        for clump in clumps where clump.count > 1 {
            for k in 1..<clump.count where rng.next() % 4 == 0 {
                _ = try w.addAttachment(AttachmentDefinition(kind: .items, itemA: clump[k - 1], itemB: clump[k]))
            }
        }
        _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
        _ = try w.addCollision(items: nil)
        var frames = 0
        while w.step() && frames < 20000 { frames += 1 }
        try #require(!w.isRunning, "seed \(seed): the piles sleep")
        let n = w.bodySims.count
        #expect(w.islands.next.count == n && w.islands.parent.count == n)
        var sizes = 0
        for b in 0..<n {
            var cycle: [Int] = []
            var k = b
            repeat {
                cycle.append(k)
                k = Int(w.islands.next[k])
            } while k != b && cycle.count <= n
            let members = (0..<n).filter { w.islands.parent[$0] == w.islands.parent[b] }
            #expect(cycle.sorted() == members, "seed \(seed), body \(b)")
            sizes = max(sizes, members.count)
        }
        #expect(sizes > 2, "seed \(seed): some island joins several bodies (largest \(sizes))")
        // Waking one body wakes its island's members and no other body.
        for b in stride(from: 0, to: n, by: 7) where w.bodySims[b].flags & BodyFlags.isStatic == 0 {
            var v = w
            v.wakeIsland(body: b)
            for k in 0..<n where v.bodySims[k].flags & BodyFlags.isStatic == 0 {
                let same = w.islands.parent[k] == w.islands.parent[b]
                #expect((v.bodySims[k].flags & BodyFlags.isAsleep == 0) == same, "seed \(seed), woke \(b), body \(k)")
            }
        }
    }
}
