// Stacks of unequal masses: the sweep (Docs/engine.md, "Contacts"; issue 15, "Engine extremes").
//
// A heavy body resting on a light one that rests on the ground is a chain of two contact rows
// through the light body. Gauss–Seidel passes on such a chain converge by a factor M/(M + m)
// a pass (0.999 at 1:1,000): the heavy body's row learns its load a thousandth at a time,
// while the soft row's relaxation (`impulseScale`, 6 % of the impulse a pass) gives it back
// faster, so the warm start never reaches the load; the heavy body sinks into the light one
// and squeezes it out sideways (at 1:100 already; at 1:1,000 at 1,500 pt/s). And a soft row
// under a load gives by load/(m_eff·ω²): the ground under the light box, m_eff the light
// box's, would give (M/m)·g/ω², 7 pt at 1:1,000.
//
// The sweep is shock propagation (Guendelman, Bridson and Fedkiw 2003) on velocities. At each
// tick's prepare, the levels of the contact graph are counted from the static bodies (a body
// touching one is level 1, a body touching level 1 is level 2, …); a body's supports are its
// contacts with static bodies and lower levels whose normal, from the body down, is within
// 45° of its gravity (what it rests on, not what it is pushed sideways into). A body more than
// `stackMassRatio` times heavier than a support *loads* it, and a loaded body loads its own
// supports in turn, down to the ground. The stack rows are the supports of loaded bodies and
// the rows from a body to a much lighter support, while they rest (normal speeds within
// `stackSweepSpeed` at the tick's start, no deeper than the slop: a landing or a rebound is
// left to the soft rows). They solve both points of a manifold together, rigid (Box2D 2.4's
// block solver: solved one after the other, the points of a box under a thousand times its
// weight came out unequal and tipped the stack), and after the biased solve and after the
// relax of every sub-step, lowest support first, they stop their upper body's approach to the
// lower one with an impulse on the upper body alone: the lower body, swept already, stands
// for everything under it, and against a static body the row is simply rigid. The lower
// body's own motion into the upper one is left to the rows (the sweep lifts nothing). A slow
// approach is a load: its impulse is banked in the row's accumulated impulse, so the next warm
// start presses the light body down with the heavy one's weight and the ground takes it (its
// friction too); once the warm starts carry the load the sweep has little left to do. A fast
// one is not banked (the next warm start would throw the light body into the ground).
//
// Landings. A heavy body falling onto a light one that rests on the ground would sink in: the
// light body's row cannot stop it within a few passes, and the impulse that row piles up,
// warm started, throws the heavy body back up (a box ten times heavier dropped 100 pt onto a
// light one rebounded at 200 pt/s with elasticity 0). Such a pair's manifold reaches ahead as
// a static pair's does (ContactWorld.swift), and while every point is still apart and the
// pair closes faster than `stackSweepSpeed`, the row is the sweep's alone: no rows, no warm
// start, and the sweep stops the heavy body at the surface, unbanked (the ground takes the
// blow through the bodies under it, as it would). In both models: in `uikit` they were once
// left to the soft rows, because landings so handled threw stacks apart there; the cause was
// the warm start below, not the landing.
//
// Warm starts carry loads, not blows. A stack row's stored impulse can hold more than the
// weight on it: the stop of a slow landing, a rebound. Warm started, that excess throws the
// light body up, and the light body, its row to the heavy one converging a thousandth a pass,
// throws the load up with it; in `uikit` (forces once a tick, the tick's whole impulse warm
// started in the first sub-step) the pair bounced on the ground with a growing amplitude
// until the sweep let go and the heavy body sank (3.5 pt at 1:100). So a stack row's warm
// start is capped at the weight it carries (its upper body's and everything resting on that,
// summed from the top down) times the force step; whatever more the row needs, the sweep and
// the rows give it that tick. Nor may the split of that load between a row's two points carry
// a blow: the stop of one corner's landing, warm started at that corner, lifts it again. A
// heavy box 30 pt off centre on a light one, without friction (`uikit`, 1:1,000), rocked on
// the ground with an amplitude that doubled every ~8 frames: the far corner, lifted 0.05–0.5
// pt, went on carrying its fifth of the load (and more after each landing), the stack had no
// restoring torque, and at 2e-3 rad the contacts' faces parted and the light box was
// squeezed out. So a two-point stack row of a body with one support is warm started with
// the split that balances the body: the turn its points give it cancels the turn of the
// warm starts of the rows resting on it and of its own friction (the static split; the
// heavy box above: 29 %/71 % at arms of 50 and 20 pt; measured 0 lifted corners since, tilt
// at most 1e-4 rad).
//
// Columns share one normal. Without friction nothing but the normals holds a light body
// sideways, and a load M pressing along normals that differ by θ across a light body m pushes
// it at (M/m)·g·θ. A light box on the ground under a heavy one had both contacts measured from
// its own faces, parallel (Recycling.swift), but in a column of two light boxes under a heavy
// one the contact between the light boxes is one box's face, fixed in the world when recycled,
// and the boxes lean against each other: the rigid stack rows stop every approach, and a tilt
// within the slop has nothing that takes it out (a real box tilted on another stands on a
// corner, and the load's torque flattens it). Measured (`ideal`, 1:1,000, dropped 100 pt):
// after the landing the lower box leaned by +2.2e-6 rad, the upper by −4.2e-6, the normals
// across them differed by 2.2e-6 and 4.2e-6, and by frame 94 they slid at 0.7 and 5.9 pt/s,
// which nothing took back (pushed aside by 513 pt in 10 s). A rigid column under a centred load
// is in equilibrium whatever its small tilts: so each stack row takes the normal of the column
// it stands in, counted from the ground up (a body on one support shares the normal of the body
// under it where its own row is within the narrowphase's parallel tolerance of it, 1.4 mrad),
// and the column's root is the static body's face (Recycling.swift: a loaded body's contact
// with a static body is measured from the static face). Then every contact of the column pushes
// along one normal, the light bodies are pushed by nothing sideways, and a column on a flat
// floor is not pushed at all (rooted at the light box's own face, as at first, the whole column
// drifted at g·θ of that face: 1.2 pt in 10 s, 30 pt off centre). A row beyond the tolerance
// keeps its own normal: a box tilted on a corner is pushed as it should be. After: at 1:1,000
// the light boxes stay within 0.008 pt of their places (the `uikit` column's compression;
// `ideal` 4e-9 pt), and at 1:10,000 within 0.055 pt, all of it their compression.
//
// Two supports. A body on two light supports (a bar across two boxes) has four points under it
// whose share of its weight its balance does not fix, and the rows' first resting solve put
// nearly all of it on two: the inner corner of one box and the outer corner of the other
// (`ideal` with forces once a tick, 1:1,000: 1,281 and 409 of 1,690; the other two points 1
// each). The bar balances so, but each light box then stands on one edge with its load on that
// edge, and a box tilting about that edge carries the load further out: the warm starts kept
// that split, the light boxes rocked on the ground with an amplitude that grew from 1e-4 to
// 3e-3 rad within 30 frames (forces once a tick: `uikit`, or `ideal` without forces in every
// sub-step), and a box was squeezed out and crushed. So such a body's two stack rows are warm
// started with its weight shared between them by the lever rule (the turn of their mean arms
// cancels the turn of the rows it carries and of its friction, as with one support) and each
// share spread evenly over its row's points: each light box carries a centred load. After: the
// light boxes stay within 0.0014 pt of their places in `uikit` (were crushed) and 5e-10 pt in
// `ideal` (0.03 before).
//
// Equal masses (towers, pyramids), a light body on a heavy one, and bodies with no way down
// to a static body are not swept; a world without unequal touching masses pays one pass over
// its constraints. The stack rows take the scalar kernel (the overflow, last, lowest first).

import DynamicsCollision
import DynamicsMath

extension World {
    /// Marks the stack rows of the tick's constraints (`stackUpper`) and lists them lowest
    /// support first in `ContactWorld.stackContacts` (file comment). No allocation once the
    /// scratch arrays have grown.
    mutating func findStacks(
        _ cs: inout ContiguousArray<ContactConstraint>, _ ps: inout ContiguousArray<ContactConstraintPoint>, landings: Bool, forceStep: Real
    ) {
        var list = ContiguousArray<Int32>()
        swap(&list, &contactWorld.stackContacts)
        list.removeAll(keepingCapacity: true)
        contactWorld.stackRowsMarked = false
        defer { swap(&list, &contactWorld.stackContacts) }
        // Last tick's loaded bodies are this tick's no longer (marked again below).
        if contactWorld.carriesLoadMarked {
            contactWorld.carriesLoadMarked = false
            for i in bodySims.indices { bodySims[i].flags &= ~BodyFlags.carriesLoad }
        }
        let ratio = World.stackMassRatio
        let slow = World.stackSweepSpeed
        let deep = -CollisionConstants.linearSlop
        @inline(__always) func isDynamic(_ invMass: Real, _ invI: Real) -> Bool { invMass != 0 || invI != 0 }
        @inline(__always) func unequal(_ c: ContactConstraint) -> Bool {
            c.invMassA != 0 && c.invMassB != 0 && (c.invMassA > ratio * c.invMassB || c.invMassB > ratio * c.invMassA)
        }
        // No pair of very unequal masses anywhere (`World.massesSpread`, found by this tick's
        // narrowphase): no constraint can be one, and none needs testing.
        let spread = contactWorld.massesSpreadTick == tickCount ? contactWorld.massesSpread : World.massesSpread(bodySims)
        if !spread { return }
        var any = false
        for i in 0..<cs.count where unequal(cs[i]) {
            any = true
            break
        }
        if !any { return }

        var levels = ContiguousArray<Int32>()
        var starts = ContiguousArray<Int32>()
        var adjacency = ContiguousArray<Int32>()
        var queue = ContiguousArray<Int32>()
        var loaded = ContiguousArray<UInt8>()
        var carried = ContiguousArray<Real>()
        var moment = ContiguousArray<Real>()
        var column = ContiguousArray<Vec2>()
        swap(&moment, &contactWorld.stackMoment)
        swap(&column, &contactWorld.stackColumn)
        swap(&carried, &contactWorld.stackCarried)
        swap(&levels, &contactWorld.stackLevels)
        swap(&starts, &contactWorld.stackStarts)
        swap(&adjacency, &contactWorld.stackAdjacency)
        swap(&queue, &contactWorld.stackQueue)
        swap(&loaded, &contactWorld.stackLoaded)
        defer {
            swap(&levels, &contactWorld.stackLevels)
            swap(&starts, &contactWorld.stackStarts)
            swap(&adjacency, &contactWorld.stackAdjacency)
            swap(&queue, &contactWorld.stackQueue)
            swap(&loaded, &contactWorld.stackLoaded)
            swap(&carried, &contactWorld.stackCarried)
            swap(&moment, &contactWorld.stackMoment)
            swap(&column, &contactWorld.stackColumn)
        }
        let n = solverBodies.count
        while carried.count < n { carried.append(0) }
        while moment.count < n { moment.append(0) }
        while column.count < n { column.append(.zero) }
        while levels.count < n { levels.append(0) }
        while loaded.count < n { loaded.append(0) }
        while starts.count < n + 1 { starts.append(0) }
        queue.removeAll(keepingCapacity: true)
        for i in 0..<n {
            levels[i] = -1
            loaded[i] = 0
            carried[i] = 0
            moment[i] = 0
            starts[i] = 0
        }
        starts[n] = 0
        // Adjacency of the dynamic sides (compressed rows: degrees, prefix sums, fill); the
        // bodies touching a static one are level 1, in constraint order.
        var entries = 0
        for i in 0..<cs.count {
            let c = cs[i]
            let dynA = isDynamic(c.invMassA, c.invIA)
            let dynB = isDynamic(c.invMassB, c.invIB)
            if dynA { starts[Int(c.a)] += 1 }
            if dynB { starts[Int(c.b)] += 1 }
            if dynA && dynB {
                entries += 2
            } else if dynA || dynB {
                entries += 1
                let d = Int(dynA ? c.a : c.b)
                if levels[d] < 0 {
                    levels[d] = 1
                    queue.append(Int32(d))
                }
            }
        }
        if queue.isEmpty { return }
        var sum: Int32 = 0
        for i in 0..<n {
            let d = starts[i]
            starts[i] = sum
            sum += d
        }
        starts[n] = sum
        while adjacency.count < entries { adjacency.append(0) }
        for i in 0..<cs.count {
            let c = cs[i]
            if isDynamic(c.invMassA, c.invIA) {
                adjacency[Int(starts[Int(c.a)])] = Int32(i)
                starts[Int(c.a)] += 1
            }
            if isDynamic(c.invMassB, c.invIB) {
                adjacency[Int(starts[Int(c.b)])] = Int32(i)
                starts[Int(c.b)] += 1
            }
        }
        // The fill advanced every start to the next body's: shift back.
        var i = n
        while i > 0 {
            starts[i] = starts[i - 1]
            i -= 1
        }
        starts[0] = 0
        // The other side of row `c` seen from body `u`, and its level (0: static).
        @inline(__always) func other(_ c: ContactConstraint, _ u: Int) -> (Int, Int32) {
            if Int(c.a) == u {
                return (Int(c.b), isDynamic(c.invMassB, c.invIB) ? levels[Int(c.b)] : 0)
            }
            return (Int(c.a), isDynamic(c.invMassA, c.invIA) ? levels[Int(c.a)] : 0)
        }
        // Breadth first from the bodies on static ones.
        var head = 0
        while head < queue.count {
            let u = Int(queue[head])
            head += 1
            for e in Int(starts[u])..<Int(starts[u + 1]) {
                let (v, level) = other(cs[Int(adjacency[e])], u)
                if level < 0 {
                    levels[v] = levels[u] + 1
                    queue.append(Int32(v))
                }
            }
        }
        // The normal each body's column shares (file comment, "Columns share one normal"),
        // from the ground up: a body on one support takes the column's normal of the body
        // under it where its own row's normal is within the narrowphase's parallel tolerance
        // of it, else starts a column of its own with that row's normal (down from it); a
        // body on several supports, or on none, has none.
        for q in 0..<queue.count {
            let u = Int(queue[q])
            column[u] = .zero
            let g = gravity(of: u)
            let weight = g.length
            if weight == 0 { continue }
            var down = Vec2.zero
            var under = -1
            var supports = 0
            for e in Int(starts[u])..<Int(starts[u + 1]) {
                let ci = Int(adjacency[e])
                let (v, level) = other(cs[ci], u)
                if level >= levels[u] { continue }
                let d = Int(cs[ci].b) == u ? -cs[ci].normal : cs[ci].normal
                if !(d.dot(g) >= 0.7 * weight) { continue }
                supports += 1
                down = d
                under = level > 0 ? v : -1
            }
            if supports != 1 { continue }
            let shared = under >= 0 ? column[under] : .zero
            column[u] = shared != .zero && shared.dot(down) > World.columnCosine ? shared : down
        }
        // From the top down: a body's supports are loaded when it is much heavier than they
        // are, or loaded itself; the rows to them are stack rows.
        var q = queue.count
        while q > 0 {
            q -= 1
            let u = Int(queue[q])
            let invU = solverBodies[u].invMass
            // Its weight and what rests on it (bodies above have higher levels, so came first).
            let g = gravity(of: u)
            if invU > 0 { carried[u] += g.length / invU }
            // Rows the upper body rests on: the normal, from the upper body down, within 45°
            // of its gravity (a body pushed sideways into a light one moves it).
            @inline(__always) func restsOn(_ ci: Int) -> (Int, Int32)? {
                let (v, level) = other(cs[ci], u)
                if level >= levels[u] { return nil }
                let down = Int(cs[ci].b) == u ? -cs[ci].normal : cs[ci].normal
                if !(down.dot(g) >= 0.7 * g.length) || g.length == 0 { return nil }
                return (v, level)
            }
            // Its load is shared among its supports as their last impulses share it (evenly
            // before they have any): a box bridging two light ones puts half on each.
            var held: Real = 0
            var supports = 0
            // The resting stack rows of a body on two supports (file comment, "Two supports").
            var bridged = (-1, -1)
            for e in Int(starts[u])..<Int(starts[u + 1]) {
                let ci = Int(adjacency[e])
                if restsOn(ci) == nil { continue }
                held += ps[2 &* ci].normalImpulse + (cs[ci].pointCount > 1 ? ps[2 &* ci &+ 1].normalImpulse : 0)
                supports += 1
            }
            for e in Int(starts[u])..<Int(starts[u + 1]) {
                let ci = Int(adjacency[e])
                guard let (v, level) = restsOn(ci) else { continue }
                let row = cs[ci]
                let mine = ps[2 &* ci].normalImpulse + (row.pointCount > 1 ? ps[2 &* ci &+ 1].normalImpulse : 0)
                let share = held > 0 ? mine / held : 1 / Real(supports)
                if level > 0 { carried[v] += carried[u] * share }
                // A body under a much heavier one, or under one that is, carries a load
                // (resting or not: the flag must not flicker): the next tick's narrowphase
                // measures its contact with a static body from the static face, the root of
                // its column (Recycling.swift; file comment, "Columns share one normal").
                if level > 0 && (bodySims[u].flags & BodyFlags.carriesLoad != 0 || (invU != 0 && solverBodies[v].invMass > ratio * invU)) {
                    bodySims[v].flags |= BodyFlags.carriesLoad
                    contactWorld.carriesLoadMarked = true
                }
                // Resting rows (closing or parting within `stackSweepSpeed` at the tick's start,
                // no deeper than the slop), and landings (every point still apart): a rebound or
                // a deep overlap is left to the soft rows, which push it out at their pace.
                let p1 = ps[2 &* ci]
                let p2 = ps[2 &* ci &+ 1]
                let s1 = p1.baseSeparation + (p1.rB - p1.rA).dot(row.normal)
                let s2 = row.pointCount > 1 ? p2.baseSeparation + (p2.rB - p2.rA).dot(row.normal) : s1
                let landing = landings && s1 > 0 && s2 > 0
                if !landing {
                    if abs(row.relativeVelocity1) > slow || (row.pointCount > 1 && abs(row.relativeVelocity2) > slow) { continue }
                    if s1 < deep || s2 < deep { continue }
                }
                let invV = solverBodies[v].invMass
                let heavy = invU != 0 && invV > ratio * invU
                if loaded[u] == 0 && !heavy { continue }
                if level > 0 { loaded[v] = 1 }
                // A landing row is the sweep's alone (file comment, "Landings").
                let kind: Int8 = landing && Swift.min(row.relativeVelocity1, row.pointCount > 1 ? row.relativeVelocity2 : 0) < -slow ? 2 : 1
                cs[ci].stackUpper = Int(cs[ci].b) == u ? kind : -kind
                contactWorld.stackRowsMarked = true
                // Its normal the column's (file comment, "Columns share one normal").
                if level > 0 && column[v] != .zero {
                    World.alignRow(
                        &cs[ci], &ps, ci, down: column[v], upper: u, solverBodies[Int(cs[ci].a)], solverBodies[Int(cs[ci].b)])
                }
                if kind == 2 {
                    ps[2 &* ci].normalImpulse = 0
                    ps[2 &* ci &+ 1].normalImpulse = 0
                } else if held > carried[u] * forceStep {
                    // Its share of the carried weight (file comment, "Warm starts carry loads").
                    let scale = carried[u] * forceStep / held
                    ps[2 &* ci].normalImpulse *= scale
                    ps[2 &* ci &+ 1].normalImpulse *= scale
                }
                // Its two points' share of it as the upper body's balance has it (file comment,
                // "Warm starts carry loads"): their turn on the upper body cancels the turn of
                // the warm starts of the rows it carries and of its own friction.
                if kind == 1 && supports == 1 && row.pointCount == 2 {
                    let n = cs[ci].normal
                    let upperIsB = Int(row.b) == u
                    let sg1 = upperIsB ? p1.rB.cross(n) : -p1.rA.cross(n)
                    let sg2 = upperIsB ? p2.rB.cross(n) : -p2.rA.cross(n)
                    let total = ps[2 &* ci].normalImpulse + ps[2 &* ci &+ 1].normalImpulse
                    let d = sg1 - sg2
                    let t = Vec2(n.y, -n.x)
                    let fr = upperIsB
                        ? p1.tangentImpulse * p1.rB.cross(t) + p2.tangentImpulse * p2.rB.cross(t)
                        : -(p1.tangentImpulse * p1.rA.cross(t) + p2.tangentImpulse * p2.rA.cross(t))
                    if total > 0 && abs(d) > 1e-9 * (abs(sg1) + abs(sg2)) {
                        var x1 = (-moment[u] - fr - total * sg2) / d
                        x1 = Swift.min(Swift.max(x1, 0), total)
                        ps[2 &* ci].normalImpulse = x1
                        ps[2 &* ci &+ 1].normalImpulse = total - x1
                    }
                }
                if kind == 1 && supports == 2 {
                    if bridged.0 < 0 { bridged.0 = ci } else { bridged.1 = ci }
                }
            }
            // On two supports: the weight shared between them by the lever rule, each share
            // spread evenly over its row's points (file comment, "Two supports").
            if bridged.1 >= 0 {
                // A row's mean arm across its normal (the turn a unit impulse spread evenly
                // over its points gives the upper body), its warm start, and the turn of its
                // friction.
                @inline(__always) func lever(_ ci: Int) -> (arm: Real, load: Real, turn: Real) {
                    let n = cs[ci].normal
                    let t = Vec2(n.y, -n.x)
                    let upperIsB = Int(cs[ci].b) == u
                    let count = Int(cs[ci].pointCount)
                    var arm: Real = 0
                    var load: Real = 0
                    var turn: Real = 0
                    for k in 0..<count {
                        let q = ps[2 &* ci &+ k]
                        arm += upperIsB ? q.rB.cross(n) : -q.rA.cross(n)
                        turn += q.tangentImpulse * (upperIsB ? q.rB.cross(t) : -q.rA.cross(t))
                        load += q.normalImpulse
                    }
                    return (arm / Real(count), load, turn)
                }
                @inline(__always) func spread(_ ci: Int, _ share: Real) {
                    let count = Int(cs[ci].pointCount)
                    for k in 0..<count { ps[2 &* ci &+ k].normalImpulse = share / Real(count) }
                }
                let first = lever(bridged.0)
                let second = lever(bridged.1)
                let total = first.load + second.load
                let d = first.arm - second.arm
                if total > 0 && abs(d) > 1e-9 * (abs(first.arm) + abs(second.arm)) {
                    var x = (-moment[u] - first.turn - second.turn - total * second.arm) / d
                    x = Swift.min(Swift.max(x, 0), total)
                    spread(bridged.0, x)
                    spread(bridged.1, total - x)
                }
            }
            // The turn (angular impulse) its rows' warm starts give each body under it.
            for e in Int(starts[u])..<Int(starts[u + 1]) {
                let ci = Int(adjacency[e])
                guard let (v, level) = restsOn(ci), level > 0 else { continue }
                let n = cs[ci].normal
                let t = Vec2(n.y, -n.x)
                let vIsB = Int(cs[ci].b) == v
                for k in 0..<Int(cs[ci].pointCount) {
                    let q = ps[2 &* ci &+ k]
                    let (rn, rt) = vIsB ? (q.rB.cross(n), q.rB.cross(t)) : (-q.rA.cross(n), -q.rA.cross(t))
                    moment[v] += q.normalImpulse * rn + q.tangentImpulse * rt
                }
            }
        }
        // Lowest support first: the rows onto static bodies, then by the lower body's level.
        for q in 0..<queue.count {
            let u = Int(queue[q])
            for e in Int(starts[u])..<Int(starts[u + 1]) {
                let ci = Int(adjacency[e])
                let c = cs[ci]
                if c.stackUpper == 0 { continue }
                let (_, level) = other(c, u)
                if level == 0 { list.append(Int32(ci)) }
            }
        }
        for q in 0..<queue.count {
            let u = Int(queue[q])
            for e in Int(starts[u])..<Int(starts[u + 1]) {
                let ci = Int(adjacency[e])
                let c = cs[ci]
                if c.stackUpper == 0 { continue }
                let upperIsB = c.stackUpper > 0
                // u the lower side of the row.
                if Int(upperIsB ? c.a : c.b) == u { list.append(Int32(ci)) }
            }
        }
    }

    /// Gives stack row `ci` (its bodies A and B, `upper` the one on top) the normal `down`
    /// (from the upper body down) of the column it stands in, where its own is within
    /// `columnCosine` of it and both sides are flat (a round side's normal is where it
    /// touches, and it rolls): the points' base separations, masses and approach speeds are
    /// measured along it, the anchors kept (file comment, "Columns share one normal").
    @inline(__always)
    static func alignRow(
        _ c: inout ContactConstraint, _ ps: inout ContiguousArray<ContactConstraintPoint>, _ ci: Int, down: Vec2, upper: Int,
        _ A: SolverBody, _ B: SolverBody
    ) {
        if c.rollA > 0 || c.rollB > 0 || c.fixedArmA || c.fixedArmB { return }
        let n = Int(c.b) == upper ? -down : down
        let old = c.normal
        if !(n.dot(old) > World.columnCosine) || n == old { return }
        let t = Vec2(n.y, -n.x)
        for k in 0..<Int(c.pointCount) {
            var q = ps[2 &* ci &+ k]
            let d = q.rB - q.rA
            // The separation s0 along the new normal: s0 = base + d·n for either normal.
            q.baseSeparation += d.dot(old) - d.dot(n)
            (q.normalMass, q.tangentMass) = World.pointMasses(
                q.rA, q.rB, n, t, mA: c.invMassA, iA: c.invIA, mB: c.invMassB, iB: c.invIB)
            ps[2 &* ci &+ k] = q
            let vn = (B.velocity(at: q.rB) - A.velocity(at: q.rA)).dot(n)
            if k == 0 {
                c.relativeVelocity1 = vn
                c.relativeVelocity2 = vn
            } else {
                c.relativeVelocity2 = vn
            }
        }
        c.normal = n
    }

    /// One sweep of the stack rows (file comment): after the biased solve (`afterRelax`
    /// false) the impulse joins the sub-step's, which the relax banks and the next warm start
    /// applies; after the relax only the tick's totals (events, friction of the next tick).
    /// Banked after the relax as well, the warm start of an off-centre load carried the
    /// sweep's last impulse to the light box at its own arm, a torque it never had: a rocking
    /// mode that grew from round-off (1e-17 rad to a toppled stack within a second, `ideal`).
    mutating func sweepStacks(_ ctx: StepContext, afterRelax: Bool) {
        if contactWorld.stackContacts.isEmpty { return }
        let invH = ctx.invH
        let slow = World.stackSweepSpeed
        let constraints = contactWorld.constraints
        let order = contactWorld.stackContacts
        solverBodies.withUnsafeMutableBufferPointer { bodies in
            contactWorld.constraintPoints.withUnsafeMutableBufferPointer { ps in
                constraints.withUnsafeBufferPointer { cs in
                    guard let bp = bodies.baseAddress, let pp = ps.baseAddress, let cp = cs.baseAddress else { return }
                    for o in order {
                        World.sweepRow(cp + Int(o), pp + 2 &* Int(o), bp, invH: invH, slow: slow, bank: (!afterRelax, afterRelax))
                    }
                }
            }
        }
    }

    /// Stops the upper body of one stack row from closing on the lower one (file comment):
    /// the points' normal speeds brought to at least −s/h for a gap s (0 for an overlap),
    /// both points at once where both need it. `bank`: add the impulses to the sub-step's
    /// impulse, to the tick's total.
    @inline(__always)
    static func sweepRow(
        _ c: UnsafePointer<ContactConstraint>, _ p: UnsafeMutablePointer<ContactConstraintPoint>,
        _ bodies: UnsafeMutablePointer<SolverBody>, invH: Real, slow: Real, bank: (Bool, Bool)
    ) {
        let upperIsB = c.pointee.stackUpper > 0
        let pa = bodies + Int(c.pointee.a)
        let pb = bodies + Int(c.pointee.b)
        let dqA = c.pointee.fixedArmA ? Rot.identity : pa.pointee.dq
        let dqB = c.pointee.fixedArmB ? Rot.identity : pb.pointee.dq
        let rolling = RollingArms(c.pointee, dqA, dqB)
        let dp = pb.pointee.dp - pa.pointee.dp
        let n = c.pointee.normal
        let invMass = upperIsB ? c.pointee.invMassB : c.pointee.invMassA
        let invI = upperIsB ? c.pointee.invIB : c.pointee.invIA
        let count = Int(c.pointee.pointCount)
        let vA = pa.pointee.v
        let wA = pa.pointee.w
        let vB = pb.pointee.v
        let wB = pb.pointee.w
        // Per point: the upper body's arm across n, the speed to reach minus the speed now
        // (> 0: the point closes too fast).
        var rn = (Real(0), Real(0))
        var need = (Real(0), Real(0))
        var fast = false
        for k in 0..<count {
            let q = p + k
            let (rA, rB, d) = rolling.arms(q.pointee.rA, q.pointee.rB, dp)
            let s = d.dot(n) + q.pointee.baseSeparation
            let dvx = (vB.x - wB * rB.y) - (vA.x - wA * rA.y)
            let dvy = (vB.y + wB * rB.x) - (vA.y + wA * rA.x)
            var vn = dvx * n.x + dvy * n.y
            // The lower side moving into the upper one is not the upper body's doing: the
            // sweep lifts nothing (that would make momentum); the rows resolve it both ways.
            let lowerIn = upperIsB
                ? (vA.x - wA * rA.y) * n.x + (vA.y + wA * rA.x) * n.y
                : -((vB.x - wB * rB.y) * n.x + (vB.y + wB * rB.x) * n.y)
            if lowerIn > 0 { vn += lowerIn }
            // A gap may close within the sub-step, no more.
            let target = s > 0 ? -s * invH : 0
            let gap = target - vn
            if vn <= -slow { fast = true }
            let r = (upperIsB ? rB : rA).cross(n)
            if k == 0 {
                rn.0 = r
                need.0 = gap
            } else {
                rn.1 = r
                need.1 = gap
            }
        }
        // The upper body alone: K = [k11 k12; k12 k22], k_ij = 1/m + rn_i·rn_j/I.
        let k11 = invMass + invI * rn.0 * rn.0
        let k22 = invMass + invI * rn.1 * rn.1
        let k12 = invMass + invI * rn.0 * rn.1
        // The two points as one linear complementarity problem (Box2D 2.4's block solver):
        // speeds w = K·x − need ≥ 0, impulses x ≥ 0, w·x = 0. Both pushing, or one alone
        // with the other still within its target: an impulse at one corner of a box turns
        // it, and (k12 < 0 across a box wider than it is tall) the other corner then closes
        // faster. Taken alone whenever the other point did not need an impulse yet, it left a
        // heavy box landed after a 10 pt drop tilted and spinning, and it went through the
        // light box under it at 1:1,000.
        var impulse = (Real(0), Real(0))
        var solved = false
        if count == 2, let x = World.twoPoints(k11: k11, k22: k22, k12: k12, need: need) {
            impulse = x
            solved = true
        }
        if !solved {
            // One point alone: the one that needs more.
            if need.0 >= need.1 {
                if !(need.0 > 0 && k11 > 0) { return }
                impulse.0 = need.0 / k11
            } else {
                // (This branch once lacked `need.1 > 0`: when neither point needed anything
                // and the second needed less slowing down than the first, it pulled the body
                // down at that corner, −23,574 at once in a 10 pt landing at 1:1,000, which
                // the next sweep undid at the other: the box landed spinning at 1.6 rad/s and
                // went through the light box under it.)
                if !(need.1 > 0 && k22 > 0) { return }
                impulse.1 = need.1 / k22
            }
        }
        let total = impulse.0 + impulse.1
        let turn = impulse.0 * rn.0 + impulse.1 * rn.1
        if upperIsB {
            pb.pointee.v = vB + (invMass * total) * n
            pb.pointee.w = wB + invI * turn
        } else {
            pa.pointee.v = vA - (invMass * total) * n
            pa.pointee.w = wA - invI * turn
        }
        // A landing is stopped by the ground through the bodies under it, and is no load:
        // banked, the next warm start would throw the light body into the ground with it.
        if fast { return }
        if bank.0 {
            p.pointee.normalImpulse += impulse.0
            if count == 2 { (p + 1).pointee.normalImpulse += impulse.1 }
        }
        if bank.1 {
            p.pointee.totalNormalImpulse += impulse.0
            if count == 2 { (p + 1).pointee.totalNormalImpulse += impulse.1 }
        }
    }

    /// Impulses x ≥ 0 at two points of one row with K = [k11 k12; k12 k22] that raise their
    /// normal speeds by at least `need` (speeds w = K·x − need ≥ 0, w·x = 0): both points, or
    /// one alone while the other is within its need (Box2D 2.4's block solver). Nil when
    /// neither needs anything, K is degenerate, or no such case holds. Shared by the stack
    /// sweep (`sweepRow`) and the impact pass's face bounce (`bounceFace`).
    @inline(__always)
    static func twoPoints(k11: Real, k22: Real, k12: Real, need: (Real, Real)) -> (Real, Real)? {
        if !(need.0 > 0 || need.1 > 0) { return nil }
        let det = k11 * k22 - k12 * k12
        if !(det > 1e-9 * k11 * k22) { return nil }
        let x1 = (k22 * need.0 - k12 * need.1) / det
        let x2 = (k11 * need.1 - k12 * need.0) / det
        if x1 >= 0 && x2 >= 0 { return (x1, x2) }
        if need.0 > 0 && k12 * (need.0 / k11) >= need.1 { return (need.0 / k11, 0) }
        if need.1 > 0 && k12 * (need.1 / k22) >= need.0 { return (0, need.1 / k22) }
        return nil
    }

    /// The normal rows of a two-point stack row solved together, rigid (Box2D 2.4's block
    /// solver): impulses λ ≥ 0 with K·Δλ bringing both points' normal speeds to at least
    /// −bias, and each point either at that speed or without impulse. Solved one after the
    /// other, the two points of a box under a load a thousand times its weight come out
    /// unequal, turn the box and tip the stack over. False (nothing done) where a row has
    /// no finite bias (a pair the impact pass owns).
    @inline(__always)
    static func solveStackBlock(
        _ c: UnsafePointer<ContactConstraint>, _ p: UnsafeMutablePointer<ContactConstraintPoint>, _ rolling: RollingArms,
        _ dp: Vec2, biasRate: Real, _ vA: inout Vec2, _ wA: inout Real, _ vB: inout Vec2, _ wB: inout Real
    ) -> Bool {
        let n = c.pointee.normal
        let mA = c.pointee.invMassA
        let iA = c.pointee.invIA
        let mB = c.pointee.invMassB
        let iB = c.pointee.invIB
        let (rA1, rB1, d1) = rolling.arms(p.pointee.rA, p.pointee.rB, dp)
        let (rA2, rB2, d2) = rolling.arms((p + 1).pointee.rA, (p + 1).pointee.rB, dp)
        @inline(__always) func bias(_ d: Vec2, _ base: Real) -> Real {
            let s = d.dot(n) + base
            return s > 0 ? s * c.pointee.speculativeRate : Swift.max(biasRate * s, -c.pointee.pushLimit)
        }
        let bias1 = bias(d1, p.pointee.baseSeparation)
        let bias2 = bias(d2, (p + 1).pointee.baseSeparation)
        if !bias1.isFinite || !bias2.isFinite { return false }
        @inline(__always) func normalSpeed(_ rA: Vec2, _ rB: Vec2) -> Real {
            let dvx = (vB.x - wB * rB.y) - (vA.x - wA * rA.y)
            let dvy = (vB.y + wB * rB.x) - (vA.y + wA * rA.x)
            return dvx * n.x + dvy * n.y
        }
        let rnA1 = rA1.cross(n)
        let rnB1 = rB1.cross(n)
        let rnA2 = rA2.cross(n)
        let rnB2 = rB2.cross(n)
        let k11 = mA + mB + iA * rnA1 * rnA1 + iB * rnB1 * rnB1
        let k22 = mA + mB + iA * rnA2 * rnA2 + iB * rnB2 * rnB2
        let k12 = mA + mB + iA * rnA1 * rnA2 + iB * rnB1 * rnB2
        let det = k11 * k22 - k12 * k12
        if !(det > 1e-9 * k11 * k22) { return false }
        let a1 = p.pointee.normalImpulse
        let a2 = (p + 1).pointee.normalImpulse
        // b = speeds with the bias, less what the impulses so far contribute: w = K·x + b.
        let b1 = normalSpeed(rA1, rB1) + bias1 - (k11 * a1 + k12 * a2)
        let b2 = normalSpeed(rA2, rB2) + bias2 - (k12 * a1 + k22 * a2)
        var x1 = -(k22 * b1 - k12 * b2) / det
        var x2 = -(k11 * b2 - k12 * b1) / det
        if !(x1 >= 0 && x2 >= 0) {
            x1 = -b1 / k11
            x2 = 0
            if !(x1 >= 0 && k12 * x1 + b2 >= 0) {
                x1 = 0
                x2 = -b2 / k22
                if !(x2 >= 0 && k12 * x2 + b1 >= 0) {
                    x1 = 0
                    x2 = 0
                    if !(b1 >= 0 && b2 >= 0) { return false }
                }
            }
        }
        let j1 = x1 - a1
        let j2 = x2 - a2
        p.pointee.normalImpulse = x1
        (p + 1).pointee.normalImpulse = x2
        let px = (j1 + j2) * n.x
        let py = (j1 + j2) * n.y
        vA.x -= mA * px
        vA.y -= mA * py
        wA -= iA * (j1 * rnA1 + j2 * rnA2)
        vB.x += mB * px
        vB.y += mB * py
        wB += iB * (j1 * rnB1 + j2 * rnB2)
        return true
    }
}
