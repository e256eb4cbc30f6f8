// Sleeping, waking and the animator's pause (Docs/semantics.md §2, §3.1, §14.4; Docs/solver.md §2.10).
//
// The `uikit` model sleeps: after every tick, bodies are grouped into islands (union-find
// over contacts that have points and over joints, between two dynamic bodies; anchored
// bodies, the world and boundaries never join islands), each awake body's timer grows by the tick while it stays under 1 pt/s
// and 2°/s and resets otherwise, and an island whose every timer reached 0.5 s falls asleep
// (velocities zeroed). A sleeping body is not integrated, its contacts are neither collided
// nor solved, and gravity does not act on it. An island with an awake member wakes whole
// (timers restart), so an awake body that reaches a sleeping pile wakes it: the narrowphase
// wakes the island of a sleeping body that an awake one reaches, before the solve.
//
// The world pauses after a frame in which no dynamic body is awake (or none exists); `step`
// then does nothing and returns false until something changes. Changes wake: an edit to an
// item's property that changes its value wakes its body (and its island, through contacts);
// new items, groups, removals, collision behaviors, boundaries, size and model changes wake
// everything (`noteCollisionEdit`); a gravity change wakes every body whose acceleration
// changed. The `ideal` model never sleeps.
//
// Determinism: islands come from union-find over the dense contact array in order; roots
// are body indices, nothing is hashed.

import DynamicsMath

/// The islands' room: the union-find scratch of the sleep pass and, after it, the island
/// (root body) of each dense body and its smallest sleep timer. Owned by `World` as `islands`;
/// cleared whenever the collision tables are rebuilt (body indices may have moved).
struct Islands {
    /// `parent[b]`: body b's parent in the union-find forest; after the pass, its root.
    var parent = ContiguousArray<Int32>()
    /// Per root: the smallest sleep timer of the island's bodies.
    var minSleep = ContiguousArray<Real>()
    /// After the pass, `next[b]`: the next body of b's island, in a cycle through all of its
    /// members (a body alone, or static, is its own next), so that waking an island visits its
    /// members only, not every body (an `attach` or `push` on a sleeping world of 50,000 items
    /// scanned them all: three times the command's cost at 1,000).
    var next = ContiguousArray<Int32>()
    /// True when no body has slept or counted sleep time since the last `wakeAll`: another
    /// `wakeAll` would change nothing (only the sleep pass makes a body sleepy), so it returns
    /// at once. Without this, adding n items one by one cost n² (each add wakes the world).
    var everyBodyAwake = false
}

extension World {
    /// false while the `uikit` world is paused because every body sleeps; `ideal` always runs.
    public var isRunning: Bool { model == .ideal || !paused }

    /// Whether an item's body sleeps (a member answers for its group; false if unknown).
    public func isSleeping(_ id: ItemID) -> Bool {
        guard let i = slot(id) else { return false }
        let owner = items[i].kind == .member ? Int(items[i].group) : i
        let b = Int(items[owner].body)
        return b >= 0 && bodySims[b].flags & BodyFlags.isAsleep != 0
    }

    /// Whether some dynamic body is awake.
    var hasAwakeBody: Bool {
        for b in bodySims.indices where bodySims[b].flags & (BodyFlags.isStatic | BodyFlags.isAsleep) == 0 { return true }
        return false
    }

    /// Wakes one body (timer restarted) and resumes the world.
    mutating func wake(body b: Int) {
        bodySims[b].flags &= ~BodyFlags.isAsleep
        bodySims[b].sleepTime = 0
        paused = false
    }

    /// Wakes every body and resumes the world.
    mutating func wakeAll() {
        paused = false
        if islands.everyBodyAwake { return }
        for b in bodySims.indices {
            bodySims[b].flags &= ~BodyFlags.isAsleep
            bodySims[b].sleepTime = 0
        }
        islands.everyBodyAwake = true
    }

    /// Wakes the island of body `b` as found by the last sleep pass (its members' cycle).
    mutating func wakeIsland(body b: Int) {
        guard islands.next.count == bodySims.count, b < islands.next.count else {
            wake(body: b)
            return
        }
        // Each member is left its own next: until the next pass (which relinks the cycles) the
        // island stays awake with its timers at 0, so waking it again would change nothing, and
        // a later push, attach or kick on one of its members visits that member alone.
        var k = b
        repeat {
            wake(body: k)
            let n = Int(islands.next[k])
            if n != k { islands.next[k] = Int32(k) }  // (a lone body: no write, no copy of a shared array)
            k = n
        } while k != b
    }

    /// After a gravity change: wakes the bodies whose acceleration changed.
    mutating func wakeBodies(whereGravityChangedFrom before: [Vec2]) {
        for b in bodySims.indices {
            if b >= before.count { wakeUnlessStatic(body: b) } else { wake(body: b, ifGravityChangedFrom: before[b]) }
        }
    }

    /// Wakes body `b` if the gravity it feels is no longer `before` (a static body never).
    mutating func wake(body b: Int, ifGravityChangedFrom before: Vec2) {
        if gravity(of: b) != before { wakeUnlessStatic(body: b) }
    }

    private mutating func wakeUnlessStatic(body b: Int) {
        if bodySims[b].flags & BodyFlags.isStatic == 0 { wake(body: b) }
    }

    /// The sleep pass of the `uikit` model, after a tick of `ctx.tickDuration` (file comment).
    mutating func updateSleep(_ ctx: StepContext) {
        guard model == .uikit else { return }
        islands.everyBodyAwake = false
        let n = bodySims.count
        var parent = ContiguousArray<Int32>()
        swap(&parent, &islands.parent)
        var minSleep = ContiguousArray<Real>()
        swap(&minSleep, &islands.minSleep)
        var next = ContiguousArray<Int32>()
        swap(&next, &islands.next)
        parent.removeAll(keepingCapacity: true)
        next.removeAll(keepingCapacity: true)
        for b in 0..<n {
            parent.append(Int32(b))
            next.append(Int32(b))
        }
        // Grown one by one (append(contentsOf:) allocates in unoptimized builds), reset in place.
        while minSleep.count < n { minSleep.append(Real.infinity) }
        minSleep.withUnsafeMutableBufferPointer { ms in for b in 0..<n { ms[b] = .infinity } }
        let H = ctx.tickDuration
        parent.withUnsafeMutableBufferPointer { p in
            @inline(__always) func find(_ x: Int32) -> Int32 {
                var r = x
                while p[Int(r)] != r { r = p[Int(r)] }
                var y = x
                while p[Int(y)] != r {
                    let next = p[Int(y)]
                    p[Int(y)] = r
                    y = next
                }
                return r
            }
            bodySims.withUnsafeMutableBufferPointer { sims in
                contactWorld.contacts.withUnsafeBufferPointer { contacts in
                    for c in contacts where c.bodyA >= 0 && c.sim >= 0 {
                        if (sims[Int(c.bodyA)].flags | sims[Int(c.bodyB)].flags) & BodyFlags.isStatic != 0 { continue }
                        let ra = find(c.bodyA)
                        let rb = find(c.bodyB)
                        // The smaller index becomes the root (deterministic).
                        if ra < rb { p[Int(rb)] = ra } else if rb < ra { p[Int(ra)] = rb }
                    }
                }
                // Joints link islands too (bA, bB: dense bodies resolved by prepareJoints; −1: world).
                jointWorld.joints.withUnsafeBufferPointer { js in
                    for j in js where j.bA >= 0 && j.bB >= 0 {
                        if (sims[Int(j.bA)].flags | sims[Int(j.bB)].flags) & BodyFlags.isStatic != 0 { continue }
                        let ra = find(j.bA)
                        let rb = find(j.bB)
                        if ra < rb { p[Int(rb)] = ra } else if rb < ra { p[Int(ra)] = rb }
                    }
                }
                let linear = World.sleepLinearSpeed
                let angular = World.sleepAngularSpeed
                for b in 0..<n where sims[b].flags & (BodyFlags.isStatic | BodyFlags.isAsleep) == 0 {
                    if sims[b].v.lengthSquared > linear * linear || abs(sims[b].w) > angular {
                        sims[b].sleepTime = 0
                    } else {
                        sims[b].sleepTime += H
                    }
                }
                if jointWorld.solver.overSlop {
                    // A pull-in moves its items on their positions, at no speed
                    // (Joints/PullIn.swift): a joint still being pulled keeps its island awake.
                    jointWorld.joints.withUnsafeBufferPointer { js in
                        for j in js where j.flags & JointFlags.pulling != 0 && j.flags & JointFlags.inactive == 0 {
                            if j.bA >= 0 && sims[Int(j.bA)].flags & BodyFlags.isStatic == 0 { sims[Int(j.bA)].sleepTime = 0 }
                            if j.bB >= 0 && sims[Int(j.bB)].flags & BodyFlags.isStatic == 0 { sims[Int(j.bB)].sleepTime = 0 }
                        }
                    }
                }
                minSleep.withUnsafeMutableBufferPointer { ms in
                    // Each island's smallest timer, and its members' cycle: each member other
                    // than the root joins the root's cycle (splicing keeps `next` a permutation).
                    next.withUnsafeMutableBufferPointer { nx in
                        for b in 0..<n where sims[b].flags & BodyFlags.isStatic == 0 {
                            let r = Int(find(Int32(b)))
                            ms[r] = Swift.min(ms[r], sims[b].sleepTime)
                            if r != b {
                                nx[b] = nx[r]
                                nx[r] = Int32(b)
                            }
                        }
                    }
                    for b in 0..<n where sims[b].flags & BodyFlags.isStatic == 0 {
                        let r = find(Int32(b))
                        p[b] = r
                        if ms[Int(r)] >= World.timeToSleep {
                            if sims[b].flags & BodyFlags.isAsleep == 0 {
                                sims[b].flags |= BodyFlags.isAsleep
                                sims[b].v = .zero
                                sims[b].w = 0
                            }
                        } else if sims[b].flags & BodyFlags.isAsleep != 0 {
                            sims[b].flags &= ~BodyFlags.isAsleep
                            sims[b].sleepTime = 0
                        }
                    }
                }
            }
        }
        swap(&parent, &islands.parent)
        swap(&minSleep, &islands.minSleep)
        swap(&next, &islands.next)
    }
}
