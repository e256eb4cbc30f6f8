// Persistent contacts: broadphase pairs, filtering, narrowphase and touch events
// (Docs/solver.md §2.1–§2.3; Docs/semantics.md §8.1, §8.2).
//
// Colliders. Every shape of an item held by some collision behavior has a broadphase proxy
// (anchored bodies in the static tree, the others in the dynamic tree); so has every edge
// of a named boundary and of a behavior's reference-bounds rectangle (two-sided segments,
// static tree). A collider is named by a code: the item slot of the shape's item (group
// members have their own shapes), or `segmentBit | segment index`. Proxy user data is the
// item slot, or −(segment index + 1).
//
// Filtering (Docs/semantics.md §8.1), from per-item lists of the collision behaviors holding the
// item's body owner (a group for its members), rebuilt with the tables:
//   item–item     both bodies differ, not both static, no pin/fixed/slide/limit attachment
//                 joins them (Docs/semantics.md §11.1), and some behavior with the `items` bit holds
//                 both owners;
//   item–segment  the item's body is dynamic, and a named-boundary edge needs a behavior
//                 with the `boundaries` bit holding it, a bounds edge needs its own behavior.
//
// Contacts live in one dense array in creation order; a `Set` of pair keys answers only
// "does this pair already have a contact" and is never iterated. Removal swaps the last
// contact in, so the order stays a function of the call sequence. A contact whose manifold
// has points has its manifold, recycling cache, impulses and event data in a `ContactSim` of
// a second table, which every stage reaches through the contact, in contact order; a pair
// without points (most pairs of a falling crowd) is 36 bytes. Each contact remembers
// stable identities of its two parties (item slot + generation, or segment serial), so that
// a rebuild after an edit keeps warm-starting impulses and touching state for the pairs
// that survive.
//
// Per tick (Step.swift): `updatePairs` turns the broadphase's move buffer into new contacts,
// `collideContacts` recomputes the manifold of every contact with an awake body (impulses
// carried over between points with equal feature ids), destroys contacts whose fat boxes
// separated. Touch events are decided after the solve (`storeContactImpulses`): a contact
// touches when a point has separation ≤ 0, or a speculative point took normal impulse (the
// gap closed within the tick), or the impact pass bounced it (a bounce that the impact pass
// resolves a fraction of a tick early never reaches separation ≤ 0, yet it touched).
// "began" when it starts touching, "ended" when it stops or the contact goes; the point is
// the manifold point with the largest normal impulse. A frame reports every "began", then
// every "ended".
//
// Edits (items, groups, behaviors, boundaries, anchored, size, model) only call
// `noteCollisionEdit()`, which marks the tables dirty and wakes the world; the next tick
// rebuilds filters, segments and the broadphase in O(n log n). Cold path.

import DynamicsCollision
import DynamicsMath

/// A two-sided static segment: an edge of a named boundary or of a reference-bounds rectangle.
struct BoundarySegment {
    var segment: Segment
    /// Stable identity across rebuilds (warm starting, events).
    var serial: UInt32
    /// Named boundary: its slot. Bounds: the collision record index.
    var owner: UInt32
    var isBounds: Bool
    /// Its material (the boundary's, or the model's default).
    var friction: Real
    var elasticity: Real
}

/// Reference-bounds serials kept across rebuilds while a behavior's rectangle is unchanged.
struct BoundsSerial {
    var slot: UInt32
    var generation: UInt32
    var rect: AABB
    var serial: UInt32
}

/// `Contact.flags`.
enum ContactFlags {
    /// The shapes touch, as events report it: after the tick's solve, some point has
    /// separation ≤ 0, took normal impulse (a speculative gap that closed), or was bounced by
    /// the impact pass.
    static let touching: UInt32 = 1 << 0
    /// This tick's manifold has a point with separation ≤ 0.
    static let overlapping: UInt32 = 1 << 1
    /// The impact pass bounced this contact this tick.
    static let impacted: UInt32 = 1 << 2
}

/// One persistent contact between two colliders (A may be a segment; B is always a shape):
/// a pair whose fat boxes overlap. Most pairs have no manifold point (a falling crowd pairs
/// each body with the one below it long before they meet), so the record holds only what
/// finding, filtering and narrowphasing a pair needs (36 B); what a pair needs once its
/// manifold has points (the manifold, its recycling cache, impulses, material, events) is a
/// `ContactSim` of its own, in `ContactWorld.contactSims`. (One record with both was 344 B.)
struct Contact {
    /// Collider codes (`ContactWorld.segmentBit` marks a segment).
    var codeA: UInt32
    var codeB: UInt32
    /// With the code, the stable identity (`id`): an item's generation, a segment's serial.
    var stampA: UInt32
    var stampB: UInt32
    /// Shape index (items) or segment index.
    var indexA: Int32
    var indexB: Int32
    /// Dense body index, −1 for a segment.
    var bodyA: Int32
    var bodyB: Int32
    /// The `ContactSim` of the pair while its manifold has points, −1 otherwise.
    var sim: Int32

    /// The stable identity of a party (code and stamp): item `generation << 32 | slot`,
    /// segment `1 << 63 | serial`; a rebuild finds the party again by it.
    @inline(__always)
    static func id(code: UInt32, stamp: UInt32) -> UInt64 {
        code & ContactWorld.segmentBit != 0 ? 1 << 63 | UInt64(stamp) : UInt64(stamp) << 32 | UInt64(code)
    }
}

/// What a contact holds while its manifold has points (296 B; in this order only the 3 B
/// after the cache's last byte, between the parties and at the end are padding).
struct ContactSim {
    var manifold: Manifold
    /// The poses `manifold` was computed at, for recycling (Recycling.swift).
    var cache: ManifoldCache
    var flags: UInt32
    /// Impulses of the last tick (totals), per manifold point, for warm starting.
    var normalImpulse1: Real
    var tangentImpulse1: Real
    var normalImpulse2: Real
    var tangentImpulse2: Real
    /// Mixed material: friction √(f₁f₂), restitution max(e₁, e₂).
    var friction: Real
    var restitution: Real
    /// The point with the largest normal impulse in the last solve (events).
    var eventPoint: Vec2
    /// The parties as events name them: B's item (its group for a member), then A. (Only a
    /// pair with points touches, and only a touching pair has events.)
    var partyItem: World.ContactEvent.Party
    var partyOther: World.ContactEvent.Party
}

/// The world's collision state: broadphase, colliders, contacts, solver scratch and events.
struct ContactWorld {
    static let segmentBit: UInt32 = 0x8000_0000
    /// An empty contact world to swap in while the world's own is worked on (its buffers
    /// are shared and never written, so the swap allocates nothing).
    static let placeholder = ContactWorld()
    static let noProxy = ProxyKey(raw: -1)

    var broadPhase = BroadPhase()
    /// Proxy of each item slot's shape (raw −1: none) and its current fat box.
    var itemProxies = ContiguousArray<ProxyKey>()
    var itemFat = ContiguousArray<AABB>()
    var segments = ContiguousArray<BoundarySegment>()
    var segmentProxies = ContiguousArray<ProxyKey>()
    var segmentFat = ContiguousArray<AABB>()
    var boundsSerials = ContiguousArray<BoundsSerial>()
    var segmentSerial: UInt32 = 1
    var boundaryOrder: UInt64 = 0

    /// Per item slot (body owners): the collision records holding it, ascending, in `filterPool`.
    var filterStart = ContiguousArray<Int32>()
    var filterCount = ContiguousArray<Int32>()
    var filterPool = ContiguousArray<Int32>()
    /// Per item slot: bit 0 some behavior with `items`, bit 1 some with `boundaries`.
    var filterFlags = ContiguousArray<UInt8>()
    /// Per dense body: the smallest inner radius and the largest radius of its shapes about
    /// its centre of mass (continuous collision), 0 when it has no proxies.
    var bodyMinExtent = ContiguousArray<Real>()
    var bodyMaxExtent = ContiguousArray<Real>()

    var contacts = ContiguousArray<Contact>()
    /// The manifolds and what goes with them of the contacts whose manifold has points
    /// (`Contact.sim`), and the free places among them (a place freed is taken again before
    /// the table grows; nothing iterates the table, so the places decide no order).
    var contactSims = ContiguousArray<ContactSim>()
    var freeSims = ContiguousArray<Int32>()
    /// The pairs that have a contact (`pairKey`): membership only, never iterated.
    var pairSet = PairTable()
    var pairScratch = ContiguousArray<ProxyPair>()
    var removals = ContiguousArray<Int32>()
    var wakeScratch = ContiguousArray<Int32>()
    var queryScratch = ContiguousArray<Int32>()

    /// Prepared contact constraints of the current tick (Contacts/ContactSolver.swift).
    var constraints = ContiguousArray<ContactConstraint>()
    /// Their points, two per constraint.
    var constraintPoints = ContiguousArray<ContactConstraintPoint>()
    /// Prepare's scratch: the contacts that make constraints, in the constraints' order (those
    /// with a static side after the others), with room for every manifold record.
    var prepareOrder = ContiguousArray<Int32>()
    /// The solve order (Contacts/WideContactSolver.swift): the overflow constraints, solved
    /// one by one, then the coloured ones four to a wide record, colour by colour.
    var overflowContacts = ContiguousArray<Int32>()
    var wideContacts = ContiguousArray<WideContact>()
    /// Colouring scratch: per solver body its colours, per constraint its colour, per colour
    /// its count.
    var colourMasks = ContiguousArray<UInt32>()
    var constraintColours = ContiguousArray<Int8>()
    var colourCounts = ContiguousArray<Int32>()
    /// What last tick's colours were worked out from, per constraint (its bodies and which
    /// are dynamic), with the solver bodies and records there were: equal keys, equal colours
    /// (WideContactSolver.swift, "Reuse").
    var colourKeys = ContiguousArray<UInt64>()
    /// Whether this tick's prepare wrote a key other than last tick's (or a different count);
    /// and whether the stack search marked rows, whose keys then only the colouring sees.
    var keysChanged = true
    /// Scratch of the lanes' writing: which lanes of each record have a second point.
    var wideTwoPoints = ContiguousArray<UInt8>()
    var stackRowsMarked = false
    var colouredBodies = -1
    /// Per constraint of the colouring, its lane (record · 4 + lane), −1 for the overflow: where
    /// `storeContactImpulses` reads a coloured constraint's impulses when no restitution needs
    /// them gathered first (`anyRestitution`, set by prepare).
    var constraintSlots = ContiguousArray<Int32>()
    var anyRestitution = false
    var colouredRecords = -1
    /// Ticks whose colouring was last tick's (a count for tests and profiles).
    var colouringsKept = 0
    /// The solver bodies the wide records name, each once, and (in the list's order) their
    /// single-precision state while the wide records are solved (WideContactSolver.swift,
    /// "Bodies in single precision"). The records' lanes name places in this list.
    var wideBodyList = ContiguousArray<Int32>()
    var wideStates = ContiguousArray<WideBodyState>()
    /// Per listed body, the velocity change (vx, vy, ω, 0) the wide records made in this
    /// sub-step so far: the warm start of the next (WideContactSolver.swift, "Warm start of
    /// later sub-steps").
    var wideBanked = ContiguousArray<SIMD4<Float>>()
    /// The listed bodies' single-precision pose changes in `wideStates` are current: a pass
    /// loaded them and no body has moved since (`integratePositions` and each tick's colouring
    /// clear it), so the next pass loads the velocities alone.
    var widePosesCurrent = false
    /// Every sub-step's warm start as a pass over the records (the reference the banked warm
    /// start is tested against; off in use).
    var explicitWarmStarts = false
    /// Deep contacts per solver body this tick (Contacts/PushOut.swift), counted by prepare;
    /// `deepCountsUsed`: some are not 0 (prepare clears them before it counts again).
    var deepContactCounts = ContiguousArray<Int32>()
    var deepCountsUsed = false
    /// The push-out cap's scratch: the constraints deeper than the slop this tick (room for
    /// every constraint; it only grows).
    var deepScratch = ContiguousArray<Int32>()
    /// The constraints of this tick deeper than `World.deepRelaxDepth` at its start
    /// (Contacts/PushOut.swift).
    var deepRows = ContiguousArray<Int32>()
    /// The rows that hold them, built when first needed in the tick (`deepSubsetReady`): the
    /// overflow constraints and wide rows with a deep lane; scratch: a flag per constraint.
    var deepOverflow = ContiguousArray<Int32>()
    var deepWide = ContiguousArray<Int32>()
    var deepFlags = ContiguousArray<Bool>()
    var deepSubsetReady = false
    /// The stacks' sweep (Contacts/StackSweep.swift): the swept constraints, lowest support
    /// first; scratch: per body its level and its first adjacency entry, the adjacency
    /// (constraint indices), the breadth-first queue, whether a body holds up a stack.
    var stackContacts = ContiguousArray<Int32>()
    var stackLevels = ContiguousArray<Int32>()
    var stackStarts = ContiguousArray<Int32>()
    var stackAdjacency = ContiguousArray<Int32>()
    var stackQueue = ContiguousArray<Int32>()
    var stackLoaded = ContiguousArray<UInt8>()
    var stackCarried = ContiguousArray<Real>()
    var stackMoment = ContiguousArray<Real>()
    /// Per body, the normal its column shares (StackSweep.swift, "Columns share one normal");
    /// zero where it has none.
    var stackColumn = ContiguousArray<Vec2>()
    /// Whether some body has `BodyFlags.carriesLoad` set.
    var carriesLoadMarked = false
    /// Whether two bodies' inverse masses may differ by more than `World.stackMassRatio`
    /// (`World.massesSpread`), and the tick that was found in (−1: never).
    var massesSpread = true
    var massesSpreadTick = -1
    /// Whether a pair the impact pass looks at may be elastic: false only when this tick's
    /// narrowphase found every pair it measured inelastic (restitution 0) and woke no body (a
    /// woken pair it skipped as asleep keeps an older restitution). The impact pass then lists
    /// no candidate and skips its scan of every contact's manifold record (`World.impactPass`).
    var elasticPairsPossible = true
    var impactCandidates = ContiguousArray<ImpactCandidate>()
    var impactBacking = ContiguousArray<Vec2>()
    var impactGroup = ContiguousArray<Int32>()
    /// The impact pass's scratch: each candidate's approach speed, the candidates closing
    /// faster than the threshold, and each body's candidates (compressed rows).
    var impactKeys = ContiguousArray<Real>()
    var impactLive = ContiguousArray<Int32>()
    var impactStarts = ContiguousArray<Int32>()
    var impactAdjacency = ContiguousArray<Int32>()

    /// Events of the frame being stepped, and of the last frame stepped.
    var began: [World.ContactEvent] = []
    var ended: [World.ContactEvent] = []
    var lastFrameEvents: [World.ContactEvent] = []

    /// The tables must be rebuilt before the next tick.
    var dirty = true
    /// Bumped by every edit: a contact's manifold cache of another epoch is stale
    /// (Recycling.swift). Never 0 (the epoch of no cache).
    var recycleEpoch: UInt32 = 1

    @inline(__always)
    static func pairKey(_ a: UInt32, _ b: UInt32) -> UInt64 {
        a < b ? UInt64(a) << 32 | UInt64(b) : UInt64(b) << 32 | UInt64(a)
    }

    /// Gives contact `i` a place for its manifold, a freed one if there is one.
    @inline(__always)
    mutating func addSim(_ sim: ContactSim, contact i: Int) {
        if let s = freeSims.popLast() {
            contactSims[Int(s)] = sim
            contacts[i].sim = s
        } else {
            contacts[i].sim = Int32(contactSims.count)
            contactSims.append(sim)
        }
    }

    /// Puts the manifold records in the contacts' order, and the free places out of the table.
    ///
    /// Every pass of the tick (the narrowphase, prepare, the writing of the lanes, the store)
    /// walks the contacts in order and reads each one's record (296 B). Records are placed as
    /// manifolds come to have points, in a freed place where there is one, so where contacts
    /// come and go (a rain of balls) the records end up in no order, and each pass reads them
    /// about at random: every record a few cache misses, in every pass (rain: 34 % of prepare's
    /// time on its first read of a record). In the contacts' order the passes read the table
    /// straight through. Records are moved, never changed, so nothing computed changes; the
    /// places of the records decide no order of anything. `scratch` (room for a place per
    /// record) is prepare's list, free outside prepare. A permutation in place (each swap puts
    /// one record where it goes), so that the table needs no second copy.
    mutating func orderContactSims(scratch target: inout ContiguousArray<Int32>) {
        let count = contactSims.count
        while target.count < count { target.append(0) }
        var live: Int32 = 0
        contacts.withUnsafeMutableBufferPointer { cb in
            target.withUnsafeMutableBufferPointer { tb in
                guard let tp = tb.baseAddress else { return }
                for s in 0..<count { tp[s] = -1 }
                for i in 0..<cb.count where cb[i].sim >= 0 {
                    tp[Int(cb[i].sim)] = live
                    cb[i].sim = live
                    live &+= 1
                }
                // The free places after the records, in their order.
                var free = live
                for s in 0..<count where tp[s] < 0 {
                    tp[s] = free
                    free &+= 1
                }
                contactSims.withUnsafeMutableBufferPointer { sb in
                    for s in 0..<count {
                        var t = Int(tp[s])
                        while t != s {
                            sb.swapAt(s, t)
                            tp[s] = tp[t]
                            tp[t] = Int32(truncatingIfNeeded: t)
                            t = Int(tp[s])
                        }
                    }
                }
            }
        }
        contactSims.removeLast(count - Int(live))
        freeSims.removeAll(keepingCapacity: true)
    }

    /// Whether the records are far from the contacts' order: more than one contact in eight
    /// (of those with a record) whose record does not follow the one before's.
    func simsOutOfOrder() -> Bool {
        contacts.withUnsafeBufferPointer { cb in
            var last: Int32 = -2
            var jumps = 0
            var seen = 0
            for c in cb where c.sim >= 0 {
                if c.sim != last &+ 1 { jumps &+= 1 }
                last = c.sim
                seen &+= 1
            }
            return jumps &* 8 > seen
        }
    }

    /// Frees the manifold's place of contact `i` (its manifold has no points any more).
    @inline(__always)
    mutating func removeSim(contact i: Int) {
        freeSims.append(contacts[i].sim)
        contacts[i].sim = -1
    }
}

extension World {
    // MARK: Events API

    /// A touch between two colliders (Docs/semantics.md §8.2).
    public struct ContactEvent: Sendable {
        /// One side of a contact.
        public enum Party: Hashable, Sendable {
            /// An item (a group, for its members' shapes).
            case item(ItemID)
            /// A named boundary.
            case boundary(BoundaryID)
            /// A collision behavior's reference-bounds boundary.
            case bounds
        }
        /// An item; `b` is the other item or the boundary.
        public var a: Party
        public var b: Party
        /// true: began touching; false: stopped touching.
        public var began: Bool
        /// The manifold point with the largest normal impulse, world pt.
        public var point: Vec2

        public init(a: Party, b: Party, began: Bool, point: Vec2) {
            self.a = a
            self.b = b
            self.began = began
            self.point = point
        }
    }

    /// The contact events of the last frame stepped: every "began", then every "ended", each
    /// group in a deterministic order (tick, then contact creation order).
    public var contactEvents: [ContactEvent] { contactWorld.lastFrameEvents }

    /// The number of live contacts (pairs whose fat boxes overlap), for tests and statistics.
    public var contactCount: Int { contactWorld.contacts.count }

    /// The number of contacts whose shapes really touch (a point with separation ≤ 0).
    public var touchingContactCount: Int {
        let sims = contactWorld.contactSims
        return contactWorld.contacts.reduce(0) { $0 + ($1.sim >= 0 && sims[Int($1.sim)].flags & ContactFlags.touching != 0 ? 1 : 0) }
    }

    mutating func beginFrameEvents() {
        contactWorld.began.removeAll(keepingCapacity: true)
        contactWorld.ended.removeAll(keepingCapacity: true)
    }

    mutating func endFrameEvents() {
        // In place: no new array per frame (unless a caller still holds the last one).
        contactWorld.lastFrameEvents.removeAll(keepingCapacity: true)
        contactWorld.lastFrameEvents.append(contentsOf: contactWorld.began)
        contactWorld.lastFrameEvents.append(contentsOf: contactWorld.ended)
    }

    // MARK: Edits

    /// Builds the collision tables (filters, boundary segments, broadphase proxies) now. They
    /// are otherwise rebuilt by the first step after an edit; call this to keep that work
    /// out of a timed loop of steps (dyn-bench does, as the peers create proxies with bodies).
    public mutating func prepareCollisions() {
        refreshJointFilter()
        if contactWorld.dirty { rebuildCollision() }
    }

    /// Any edit that changes colliders, filters or boundaries: rebuild before the next tick
    /// and wake everything (a removed floor must not leave a sleeping pile hanging).
    mutating func noteCollisionEdit() {
        contactWorld.dirty = true
        World.bumpRecycleEpoch(&contactWorld)
        wakeAll()
    }

    /// After `setProperty`: wake the item's body when the value changed; re-file anchored
    /// changes; keep a moved body's proxies current.
    mutating func noteItemEdit(slot i: Int, property p: ItemProperty, before: Real) {
        guard items[i].kind != .free else { return }
        let after = property(p, of: itemID(i))
        guard before != after && !(before.isNaN && after.isNaN) else { return }
        World.bumpRecycleEpoch(&contactWorld)
        let owner = items[i].kind == .member ? Int(items[i].group) : i
        let b = Int(items[owner].body)
        guard b >= 0 else { return }
        wake(body: b)
        switch p {
        case .anchored, .density:
            noteCollisionEdit()
        case .x, .y, .angle:
            if bodySims[b].flags & BodyFlags.isStatic != 0 {
                noteCollisionEdit()
            } else {
                refreshProxies(body: b)
            }
        default: break
        }
    }

    /// Re-files a dynamic body's proxies after a teleport (between ticks).
    mutating func refreshProxies(body b: Int) {
        if contactWorld.dirty { return }
        var s = bodyInfos[b].firstShape
        while s >= 0 {
            let slot = Int(shapes[Int(s)].item)
            if slot < contactWorld.itemProxies.count {
                let key = contactWorld.itemProxies[slot]
                if key.raw >= 0 {
                    if contactWorld.broadPhase.moveProxy(key, tight: shapes[Int(s)].aabb) {
                        contactWorld.itemFat[slot] = contactWorld.broadPhase.fatAABB(key)
                    }
                }
            }
            s = shapes[Int(s)].next
        }
    }

    // MARK: Filtering

    /// The item slot that owns the body of a shape's item (a group for its members).
    @inline(__always)
    func ownerSlot(_ itemSlot: Int) -> Int {
        items[itemSlot].kind == .member ? Int(items[itemSlot].group) : itemSlot
    }

    /// Whether two item shapes may collide (see the file comment). (Inlined: called from
    /// `updatePairs`, a mutating method, each call copied the whole world, 1,240 B, first.)
    @inline(__always)
    func shouldCollide(item x: Int, item y: Int) -> Bool {
        let ox = ownerSlot(x)
        let oy = ownerSlot(y)
        if ox == oy { return false }
        let bx = Int(items[ox].body)
        let by = Int(items[oy].body)
        if bodySims[bx].flags & bodySims[by].flags & BodyFlags.isStatic != 0 { return false }
        if jointPreventsCollision(bodyA: bx, bodyB: by) { return false }
        // (Fields read in place: copying the whole ContactWorld would retain every array.)
        if contactWorld.filterFlags[ox] & contactWorld.filterFlags[oy] & 1 == 0 { return false }
        // Merge the two ascending lists looking for a shared behavior with the items bit.
        var i = Int(contactWorld.filterStart[ox])
        let iEnd = i + Int(contactWorld.filterCount[ox])
        var j = Int(contactWorld.filterStart[oy])
        let jEnd = j + Int(contactWorld.filterCount[oy])
        while i < iEnd && j < jEnd {
            let ri = contactWorld.filterPool[i]
            let rj = contactWorld.filterPool[j]
            if ri == rj {
                if collisions[Int(ri)].mode.includesItems { return true }
                i += 1
                j += 1
            } else if ri < rj {
                i += 1
            } else {
                j += 1
            }
        }
        return false
    }

    /// Whether an item shape may collide with a boundary segment. (Inlined, as the other.)
    @inline(__always)
    func shouldCollide(item x: Int, segment k: Int) -> Bool {
        let ox = ownerSlot(x)
        let bx = Int(items[ox].body)
        if bodySims[bx].flags & BodyFlags.isStatic != 0 { return false }
        let isBounds = contactWorld.segments[k].isBounds
        if !isBounds { return contactWorld.filterFlags[ox] & 2 != 0 }
        let owner = Int32(contactWorld.segments[k].owner)
        let start = Int(contactWorld.filterStart[ox])
        for r in start..<(start + Int(contactWorld.filterCount[ox])) where contactWorld.filterPool[r] == owner {
            return true
        }
        return false
    }

    // MARK: Rebuild (cold)

    /// Rebuilds filters, segments, proxies and per-body extents from the world's records, and
    /// keeps the contacts whose two parties survive and still pass the filter.
    mutating func rebuildCollision() {
        let n = items.count
        // 1. Filters.
        var lists = [[Int32]](repeating: [], count: n)
        for r in collisions.indices {
            if collisions[r].allItems {
                for i in 0..<n where items[i].kind == .single || items[i].kind == .group { lists[i].append(Int32(r)) }
            } else {
                let s = collisions[r].slot
                for m in behaviors.collisionMembers where m.behavior == s { lists[Int(m.item)].append(Int32(r)) }
            }
        }
        var cw = ContactWorld.placeholder
        swap(&cw, &contactWorld)
        cw.filterPool.removeAll(keepingCapacity: true)
        cw.filterStart = ContiguousArray(repeating: 0, count: n)
        cw.filterCount = ContiguousArray(repeating: 0, count: n)
        cw.filterFlags = ContiguousArray(repeating: 0, count: n)
        for i in 0..<n {
            let list = lists[i].sorted()
            cw.filterStart[i] = Int32(cw.filterPool.count)
            cw.filterCount[i] = Int32(list.count)
            cw.filterPool.append(contentsOf: list)
            var f: UInt8 = 0
            for r in list {
                let rec = collisions[Int(r)]
                if rec.mode.includesItems { f |= 1 }
                if rec.mode.includesBoundaries { f |= 2 }
                if rec.bounds && rec.mode.includesBoundaries { f |= 4 }
            }
            cw.filterFlags[i] = f
        }

        // 2. Segments: named boundaries in creation order, then each behavior's bounds.
        var segments = ContiguousArray<BoundarySegment>()
        let named = boundarySlots.indices.filter { boundarySlots[$0].live }
            .sorted { boundarySlots[$0].order < boundarySlots[$1].order }
        for i in named {
            let rec = boundarySlots[i]
            let start = Int(rec.pointStart)
            let count = Int(rec.pointCount)
            let edges = rec.closed ? count : count - 1
            let friction = rec.friction ?? model.defaultFriction
            let elasticity = rec.elasticity ?? model.defaultElasticity
            for k in 0..<edges {
                let p1 = boundaryPoints[start + k]
                let p2 = boundaryPoints[start + (k + 1) % count]
                if p1 == p2 { continue }
                segments.append(
                    BoundarySegment(
                        segment: Segment(p1, p2), serial: rec.serial &+ UInt32(k), owner: UInt32(i), isBounds: false,
                        friction: friction, elasticity: elasticity))
            }
        }
        var boundsSerials = ContiguousArray<BoundsSerial>()
        for r in collisions.indices where collisions[r].bounds && collisions[r].mode.includesBoundaries {
            let rec = collisions[r]
            let lo = Vec2(rec.insets.left, rec.insets.top)
            let hi = Vec2(size.x - rec.insets.right, size.y - rec.insets.bottom)
            if !(hi.x > lo.x && hi.y > lo.y) { continue }
            let rect = AABB(lower: lo, upper: hi)
            let generation = behaviors.slots[Int(rec.slot)].generation
            var serial: UInt32
            if let old = cw.boundsSerials.first(where: { $0.slot == rec.slot && $0.generation == generation && $0.rect == rect }) {
                serial = old.serial
            } else {
                serial = cw.segmentSerial
                cw.segmentSerial &+= 4
            }
            boundsSerials.append(BoundsSerial(slot: rec.slot, generation: generation, rect: rect, serial: serial))
            let corners = [lo, Vec2(hi.x, lo.y), hi, Vec2(lo.x, hi.y)]
            for k in 0..<4 {
                segments.append(
                    BoundarySegment(
                        segment: Segment(corners[k], corners[(k + 1) % 4]), serial: serial &+ UInt32(k), owner: UInt32(r),
                        isBounds: true, friction: rec.boundsFriction ?? model.defaultFriction,
                        elasticity: rec.boundsElasticity ?? model.defaultElasticity))
            }
        }
        cw.boundsSerials = boundsSerials
        cw.segments = segments

        // 3. Broadphase, from scratch: bodies in dense order, then segments. The trees are
        // sized once for their proxies: grown by doubling, a world of 50,000 boxes freed
        // node arrays of up to 3.7 MB, which the allocator then kept resident (and by which
        // it raised its threshold for mapping large tables on their own, so that the tables
        // grown in the steps after were kept in its heap too).
        var staticProxies = segments.count
        var dynamicProxies = 0
        for b in bodySims.indices where cw.filterFlags[Int(bodyInfos[b].item)] != 0 {
            if bodySims[b].flags & BodyFlags.isStatic != 0 {
                staticProxies += Int(bodyInfos[b].shapeCount)
            } else {
                dynamicProxies += Int(bodyInfos[b].shapeCount)
            }
        }
        cw.broadPhase = BroadPhase(staticProxies: staticProxies, dynamicProxies: dynamicProxies)
        cw.itemProxies = ContiguousArray(repeating: ContactWorld.noProxy, count: n)
        cw.itemFat = ContiguousArray(repeating: .empty, count: n)
        cw.bodyMinExtent = ContiguousArray(repeating: 0, count: bodySims.count)
        cw.bodyMaxExtent = ContiguousArray(repeating: 0, count: bodySims.count)
        refreshBounds()
        for b in bodySims.indices {
            let owner = Int(bodyInfos[b].item)
            if cw.filterFlags[owner] == 0 { continue }
            let type: ProxyType = bodySims[b].flags & BodyFlags.isStatic != 0 ? .staticBody : .dynamicBody
            var minExtent = Real.infinity
            var maxExtent: Real = 0
            var s = bodyInfos[b].firstShape
            while s >= 0 {
                let shape = shapes[Int(s)]
                let key = cw.broadPhase.createProxy(tight: shape.aabb, type: type, userData: Int(shape.item))
                cw.itemProxies[Int(shape.item)] = key
                cw.itemFat[Int(shape.item)] = cw.broadPhase.fatAABB(key)
                let (inner, outer) = shapeExtents(shape.geometry, about: bodySims[b].localCenter)
                minExtent = Swift.min(minExtent, inner)
                maxExtent = Swift.max(maxExtent, outer)
                s = shape.next
            }
            cw.bodyMinExtent[b] = minExtent.isFinite ? minExtent : 0
            cw.bodyMaxExtent[b] = maxExtent
        }
        cw.segmentProxies.removeAll(keepingCapacity: true)
        cw.segmentFat.removeAll(keepingCapacity: true)
        for k in segments.indices {
            let key = cw.broadPhase.createProxy(
                tight: segments[k].segment.aabb(.identity), type: .staticBody, userData: -(k + 1))
            cw.segmentProxies.append(key)
            cw.segmentFat.append(cw.broadPhase.fatAABB(key))
        }

        // 4. Contacts whose parties survive (the manifolds stay in their places).
        var serialToSegment: [UInt32: Int32] = [:]
        for k in segments.indices { serialToSegment[segments[k].serial] = Int32(k) }
        let old = cw.contacts
        cw.contacts.removeAll(keepingCapacity: true)
        cw.pairSet.removeAll()
        swap(&cw, &contactWorld)
        islands.parent.removeAll(keepingCapacity: true)  // body indices may have moved
        islands.next.removeAll(keepingCapacity: true)
        for var c in old {
            var keep = true
            if let (code, index, body) = resolveParty(Contact.id(code: c.codeA, stamp: c.stampA), serialToSegment),
                let (codeB, indexB, bodyB) = resolveParty(Contact.id(code: c.codeB, stamp: c.stampB), serialToSegment)
            {
                let allowed: Bool
                if code & ContactWorld.segmentBit != 0 {
                    allowed = shouldCollide(item: Int(codeB), segment: Int(index))
                } else {
                    allowed = shouldCollide(item: Int(code), item: Int(codeB))
                }
                if allowed {
                    if c.sim >= 0 {
                        contactWorld.contactSims[Int(c.sim)].partyItem = eventParty(code: codeB)
                        contactWorld.contactSims[Int(c.sim)].partyOther = eventParty(code: code)
                    }
                    c.codeA = code
                    c.indexA = index
                    c.bodyA = body
                    c.codeB = codeB
                    c.indexB = indexB
                    c.bodyB = bodyB
                } else {
                    keep = false
                }
            } else {
                keep = false
            }
            if keep {
                contactWorld.pairSet.insert(ContactWorld.pairKey(c.codeA, c.codeB))
                contactWorld.contacts.append(c)
            } else if c.sim >= 0 {
                let sim = contactWorld.contactSims[Int(c.sim)]
                if sim.flags & ContactFlags.touching != 0 {
                    // The parties may be gone: the event names them as the contact last knew them.
                    contactWorld.ended.append(World.makeEvent(sim, began: false))
                }
                contactWorld.freeSims.append(c.sim)
            }
        }
        contactWorld.dirty = false
    }

    /// The current code, index and body of a stable party identity, if it survives.
    private func resolveParty(_ id: UInt64, _ serialToSegment: [UInt32: Int32]) -> (UInt32, Int32, Int32)? {
        if id >> 63 != 0 {
            guard let k = serialToSegment[UInt32(truncatingIfNeeded: id)] else { return nil }
            return (ContactWorld.segmentBit | UInt32(k), k, -1)
        }
        let slot = Int(UInt32(truncatingIfNeeded: id))
        let generation = UInt32(truncatingIfNeeded: id >> 32)
        guard slot < items.count, items[slot].generation == generation,
            items[slot].kind == .single || items[slot].kind == .member, items[slot].shape >= 0
        else { return nil }
        guard contactWorld.itemProxies[slot].raw >= 0 else { return nil }
        let shape = items[slot].shape
        return (UInt32(slot), shape, shapes[Int(shape)].body)
    }

    /// The inner radius (largest disc about `center` inside the shape, at least along its
    /// narrowest direction) and the outer radius of a shape, pt.
    func shapeExtents(_ g: ShapeGeometry, about center: Vec2) -> (Real, Real) {
        switch g.kind {
        case .circle:
            let d = (g.center - center).length
            return (g.radius, d + g.radius)
        case .ellipse:
            let d = (g.center - center).length
            return (Swift.min(g.semiAxes.x, g.semiAxes.y), d + Swift.max(g.semiAxes.x, g.semiAxes.y))
        case .polygon:
            var inner = Real.infinity
            var outer: Real = 0
            let start = Int(g.vertexStart)
            for k in start..<(start + Int(g.vertexCount)) {
                inner = Swift.min(inner, normals[k].dot(vertices[k] - g.center))
                outer = Swift.max(outer, (vertices[k] - center).length)
            }
            return (Swift.max(inner, 0), outer)
        }
    }

    // MARK: Pairs

    /// Turns the broadphase's move buffer into new contacts (creation order = pair order).
    mutating func updatePairs() {
        var pairs = ContiguousArray<ProxyPair>()
        swap(&pairs, &contactWorld.pairScratch)
        pairs.removeAll(keepingCapacity: true)
        contactWorld.broadPhase.findPairs(into: &pairs)
        let hasJointFilter = !jointWorld.filterKeys.isEmpty
        for k in pairs.indices {  // an index loop: iterating structs allocates in unoptimized builds
            let p = pairs[k]
            let codeA = p.userDataA >= 0 ? UInt32(p.userDataA) : ContactWorld.segmentBit | UInt32(-p.userDataA - 1)
            let codeB = p.userDataB >= 0 ? UInt32(p.userDataB) : ContactWorld.segmentBit | UInt32(-p.userDataB - 1)
            // Jointed neighbours (a chain's links) meet again every step: turn them away
            // before the pair-table lookup. Both paths skip such a pair (shouldCollide refuses it),
            // so this only saves time.
            if hasJointFilter && (codeA | codeB) & ContactWorld.segmentBit == 0
                && jointPreventsCollision(ownerA: ownerSlot(Int(codeA)), ownerB: ownerSlot(Int(codeB)))
            {
                continue
            }
            let key = ContactWorld.pairKey(codeA, codeB)
            if contactWorld.pairSet.contains(key) { continue }
            // A segment, if any, is party A.
            let (a, b) = codeB & ContactWorld.segmentBit != 0 ? (codeB, codeA) : (codeA, codeB)
            if b & ContactWorld.segmentBit != 0 { continue }
            let allowed = a & ContactWorld.segmentBit != 0
                ? shouldCollide(item: Int(b), segment: Int(a & ~ContactWorld.segmentBit))
                : shouldCollide(item: Int(a), item: Int(b))
            if !allowed { continue }
            contactWorld.pairSet.insert(key)
            contactWorld.contacts.append(makeContact(a, b))
        }
        swap(&pairs, &contactWorld.pairScratch)
    }

    @inline(__always)
    private func makeContact(_ a: UInt32, _ b: UInt32) -> Contact {
        let shapeB = items[Int(b)].shape
        let indexA: Int32
        let bodyA: Int32
        let stampA: UInt32
        if a & ContactWorld.segmentBit != 0 {
            let k = Int(a & ~ContactWorld.segmentBit)
            indexA = Int32(k)
            bodyA = -1
            stampA = contactWorld.segments[k].serial
        } else {
            indexA = items[Int(a)].shape
            bodyA = shapes[Int(indexA)].body
            stampA = items[Int(a)].generation
        }
        return Contact(
            codeA: a, codeB: b, stampA: stampA, stampB: items[Int(b)].generation, indexA: indexA, indexB: shapeB,
            bodyA: bodyA, bodyB: shapes[Int(shapeB)].body, sim: -1)
    }

    /// The manifold's place of a pair whose manifold has come to have points `m`: nothing
    /// carried over (a pair without points has no impulses), its parties as events name them.
    /// (Static, with the tables given: the narrowphase must not capture the world, which
    /// would copy it.)
    static func newSim(
        _ c: Contact, _ m: Manifold, _ cache: ManifoldCache, flags: UInt32, friction: Real, restitution: Real,
        items: ContiguousArray<ItemRecord>, boundarySlots: ContiguousArray<BoundarySlot>,
        segments: UnsafeBufferPointer<BoundarySegment>
    ) -> ContactSim {
        ContactSim(
            manifold: m, cache: cache, flags: flags, normalImpulse1: 0, tangentImpulse1: 0, normalImpulse2: 0,
            tangentImpulse2: 0, friction: friction, restitution: restitution, eventPoint: .zero,
            partyItem: eventParty(code: c.codeB, items: items, boundarySlots: boundarySlots, segments: segments),
            partyOther: eventParty(code: c.codeA, items: items, boundarySlots: boundarySlots, segments: segments))
    }

    /// How events name a collider: an item by its body's owner (a group for its members), a
    /// named boundary by its handle, a bounds edge as `.bounds`.
    func eventParty(code: UInt32) -> ContactEvent.Party {
        contactWorld.segments.withUnsafeBufferPointer {
            World.eventParty(code: code, items: items, boundarySlots: boundarySlots, segments: $0)
        }
    }

    /// The same, from the tables given.
    static func eventParty(
        code: UInt32, items: ContiguousArray<ItemRecord>, boundarySlots: ContiguousArray<BoundarySlot>,
        segments: UnsafeBufferPointer<BoundarySegment>
    ) -> ContactEvent.Party {
        if code & ContactWorld.segmentBit != 0 {
            let seg = segments[Int(code & ~ContactWorld.segmentBit)]
            if seg.isBounds { return .bounds }
            return .boundary(BoundaryID(index: seg.owner, generation: boundarySlots[Int(seg.owner)].generation))
        }
        let slot = Int(code)
        let owner = items[slot].kind == .member ? Int(items[slot].group) : slot
        return .item(ItemID(index: UInt32(owner), generation: items[owner].generation))
    }

    // MARK: Narrowphase

    /// Recomputes the manifold of every contact with an awake dynamic body; destroys contacts
    /// whose fat boxes no longer overlap; records "ended" events and flags "began" ones;
    /// wakes sleeping bodies that an awake one reaches.
    mutating func collideContacts() {
        var cw = ContactWorld.placeholder
        swap(&cw, &contactWorld)
        cw.removals.removeAll(keepingCapacity: true)
        cw.wakeScratch.removeAll(keepingCapacity: true)
        let inactive = BodyFlags.isStatic | BodyFlags.isAsleep
        let lookAhead = model == .ideal ? World.frameDuration : WorldModel.uikitTick
        let maxExtent = cw.bodyMaxExtent
        let haveExtents = maxExtent.count == bodySims.count
        let recycleEpoch = cw.recycleEpoch
        // Whether the last stack sweep found a body carrying a load (its faces' contacts below).
        let loadMarked = cw.carriesLoadMarked
        let gravityTable = self.gravityTable
        // For the events' names of pairs that come to have points.
        let itemTable = items
        let boundaryTable = boundarySlots
        // Whether any pair of bodies can be of very unequal masses: where none can, no pair's
        // `unequal` test is made (the same answer: false). The pass over the bodies (about 5
        // instructions each) saves about 35 a contact: made only where the contacts are not
        // too few for the bodies (chains: +0.13 % made every tick).
        let spread = bodySims.count > 4 * cw.contacts.count || World.massesSpread(bodySims)
        cw.massesSpread = spread
        cw.massesSpreadTick = tickCount
        // Whether any pair measured is elastic (`elasticPairsPossible`): the bits of every
        // pair's restitution OR-ed (restitution is never negative; a −0 counts as elastic, on
        // the safe side), in a variable of the inner loop's own and then here.
        var elasticBits: UInt64 = 0
        bodySims.withUnsafeBufferPointer { sims in
            shapes.withUnsafeBufferPointer { shapeBuf in
                vertices.withUnsafeBufferPointer { verts in
                    normals.withUnsafeBufferPointer { norms in
                        cw.segments.withUnsafeBufferPointer { segs in
                            cw.itemFat.withUnsafeBufferPointer { itemFat in
                                cw.segmentFat.withUnsafeBufferPointer { segFat in
                                    cw.contacts.withUnsafeMutableBufferPointer { contacts in
                                        guard let base = contacts.baseAddress else { return }
                                        let vp = verts.baseAddress!
                                        let np = norms.baseAddress!
                                        // A pair whose manifold comes to have points takes a place in `contactSims`: a freed
                                        // one in the loop, else a new one, appended out of the loop (which then goes on), as
                                        // the table may move when it grows.
                                        var next = 0
                                        while next < contacts.count {
                                            var grown: ContactSim?
                                            var grownContact = -1
                                            cw.contactSims.withUnsafeMutableBufferPointer { simBuf in
                                                var elastic: UInt64 = 0
                                                defer { elasticBits |= elastic }
                                                while next < contacts.count {
                                                    let i = next
                                                    next += 1
                                                    let c = base + i
                                                    let bodyA = c.pointee.bodyA
                                                    let bodyB = c.pointee.bodyB
                                                    let flagsA = bodyA >= 0 ? sims[Int(bodyA)].flags : BodyFlags.isStatic
                                                    let flagsB = sims[Int(bodyB)].flags
                                                    if flagsA & inactive != 0 && flagsB & inactive != 0 { continue }
                                                    let isSegment = bodyA < 0
                                                    let fatA = isSegment ? segFat[Int(c.pointee.indexA)] : itemFat[Int(c.pointee.codeA)]
                                                    if !fatA.overlaps(itemFat[Int(c.pointee.codeB)]) {
                                                        cw.removals.append(Int32(i))
                                                        continue
                                                    }
                                                    let shapeB = shapeBuf.baseAddress! + Int(c.pointee.indexB)
                                                    // A circle against a circle, a segment or a small polygon is
                                                    // measured afresh every tick, never recycled: its narrowphase
                                                    // costs less than the recycling's test and re-anchoring
                                                    // (Recycling.swift, "Cost"), and a fresh manifold is exact.
                                                    let kindB = shapeB.pointee.geometry.kind
                                                    let kindA = isSegment ? ShapeKind.polygon : shapeBuf[Int(c.pointee.indexA)].geometry.kind
                                                    let fresh: Bool
                                                    switch (kindA, kindB) {
                                                    case (.circle, .circle): fresh = true
                                                    case (.polygon, .circle):
                                                        fresh = isSegment
                                                            || shapeBuf[Int(c.pointee.indexA)].geometry.vertexCount <= World.freshPolygonVertices
                                                    case (.circle, .polygon): fresh = shapeB.pointee.geometry.vertexCount <= World.freshPolygonVertices
                                                    default: fresh = false
                                                    }
                                                    if fresh {
                                                        // No recycling: no poses, no cache (never read). (Ahead of the general path's
                                                        // preparations, none of which it needs: placed after them, it made their code worse,
                                                        // pyramid20 +1.5 %.)
                                                        if World.collideFreshPair(
                                                            c, simBuf: simBuf, kindA: kindA, kindB: kindB, shapes: shapeBuf.baseAddress!,
                                                            segments: segs, segmentFat: segFat, sims: sims, flagsA: flagsA, flagsB: flagsB,
                                                            gravities: gravityTable, lookAhead: lookAhead, extents: maxExtent, haveExtents: haveExtents, spread: spread,
                                                            vertices: vp, normals: np, wake: &cw.wakeScratch, freeSims: &cw.freeSims, ended: &cw.ended,
                                                            items: itemTable, boundarySlots: boundaryTable, grown: &grown, elastic: &elastic)
                                                        {
                                                            grownContact = i
                                                            return
                                                        }
                                                        continue
                                                    }
                                                    var m: Manifold
                                                    // Shapes whose own boxes are farther apart than the
                                                    // speculative distance are farther apart than that
                                                    // themselves: skip the narrowphase (fat boxes reach ahead
                                                    // of moving bodies, so many contacts spend ticks in this
                                                    // state). Exact for circles, polygons and segments, whose
                                                    // points lie within their separation of the other shape;
                                                    // two ellipses' sampled separation can underestimate the
                                                    // distance, and such a pair's point beyond the speculative
                                                    // distance is now dropped, as it should be.
                                                    // Elasticity first: an elastic pair looks ahead (below).
                                                    let elasticityA = isSegment
                                                        ? segs[Int(c.pointee.indexA)].elasticity
                                                        : shapeBuf[Int(c.pointee.indexA)].elasticity
                                                    let restitution = Swift.max(elasticityA, shapeB.pointee.elasticity)
                                                    elastic |= restitution.bitPattern
                                                    // A moving pair's manifold reaches as far as the pair can
                                                    // close within the tick (with a quarter to spare): the
                                                    // speculative rows then stop a fast body at the surface
                                                    // instead of letting it sink in for a tick, and the impact
                                                    // pass bounces an elastic pair at the right moment instead
                                                    // of the time of impact stopping it a tick late. Such far
                                                    // points let the gap close, never more.
                                                    // Only elastic pairs and pairs with a static side look
                                                    // ahead: between two moving inelastic bodies the soft
                                                    // contact takes an overlap out, and the wider reach cost
                                                    // a quarter more work on the chains benchmark.
                                                    // So does a pair of very unequal masses: a heavy body
                                                    // landing on a light one is stopped at its surface by the
                                                    // stack sweep (StackSweep.swift); sunk in, the light body
                                                    // could not hold it.
                                                    var cutoff = CollisionConstants.speculativeDistance
                                                    var unequal = false
                                                    // Whose face a face contact is measured from (Recycling.swift,
                                                    // "Light bodies under heavy ones"): 0 the usual, 1 A's, 2 B's
                                                    // (turning with it when recycled), 3 A's, 4 B's (a static
                                                    // side's, fixed in the world).
                                                    var turn: UInt8 = 0
                                                    // The narrowphase's `prefer` of it: 0, 1 A's face, 2 B's.
                                                    var prefer: UInt8 = 0
                                                    if bodyA >= 0 && spread {
                                                        let iA = sims[Int(bodyA)].invMass
                                                        let iB = sims[Int(bodyB)].invMass
                                                        let r = World.stackMassRatio
                                                        unequal = iA != 0 && iB != 0 && (iA > r * iB || iB > r * iA)
                                                        if unequal {
                                                            turn = iA > iB ? 1 : 2
                                                            prefer = turn
                                                        }
                                                    }
                                                    if turn == 0 && loadMarked {
                                                        if flagsA & BodyFlags.isStatic != 0 && flagsB & BodyFlags.carriesLoad != 0 {
                                                            turn = 3
                                                            prefer = 1
                                                        } else if flagsB & BodyFlags.isStatic != 0 && flagsA & BodyFlags.carriesLoad != 0 {
                                                            turn = 4
                                                            prefer = 2
                                                        }
                                                    }
                                                    // Polygon faces only: a round side's normal does not turn with it,
                                                    // and a round light body's contact has no face to choose.
                                                    if turn != 0 && (shapeB.pointee.geometry.kind != .polygon
                                                        || (!isSegment && shapeBuf[Int(c.pointee.indexA)].geometry.kind != .polygon))
                                                    {
                                                        turn = 0
                                                        prefer = 0
                                                    }
                                                    // Recycling (Recycling.swift): a pair that has barely moved
                                                    // relative to its cached manifold keeps it, re-anchored.
                                                    // Its manifold and cache, if the manifold has points.
                                                    let sim = c.pointee.sim >= 0 ? simBuf.baseAddress! + Int(c.pointee.sim) : nil
                                                    // The poses, read only for a pair that has a manifold or comes to
                                                    // have one (most pairs of a falling crowd have neither).
                                                    var poseA = RecyclePose.fixed
                                                    var poseB = RecyclePose.fixed
                                                    if haveExtents && sim != nil {
                                                        poseB = World.recyclePose(sims.baseAddress! + Int(bodyB), extent: maxExtent[Int(bodyB)])
                                                        if !isSegment {
                                                            poseA = World.recyclePose(sims.baseAddress! + Int(bodyA), extent: maxExtent[Int(bodyA)])
                                                        }
                                                        // (A pair whose reference body changed is measured afresh.)
                                                        if let t = sim, t.pointee.cache.epoch == recycleEpoch
                                                            && (t.pointee.cache.turn == turn || t.pointee.manifold.pointCount < 2)
                                                            && World.recycleDrift(t.pointee.cache, poseA, poseB, H: lookAhead)
                                                                < (t.pointee.flags & ContactFlags.touching != 0
                                                                    ? World.recycleDistance : World.recycleDistanceApart)
                                                        {
                                                            let n = World.turnedNormal(
                                                                t.pointee.manifold, t.pointee.cache, poseA.q, poseB.q, normals: np)
                                                            let kept = World.recycledManifold(
                                                                t.pointee.manifold, t.pointee.cache, poseA, poseB, normal: n)
                                                            t.pointee.manifold = kept
                                                            t.pointee.restitution = restitution
                                                            let overlapping = kept.point1.separation <= 0
                                                                || (kept.pointCount > 1 && kept.point2.separation <= 0)
                                                            if overlapping {
                                                                t.pointee.flags |= ContactFlags.overlapping
                                                            } else {
                                                                t.pointee.flags &= ~ContactFlags.overlapping
                                                            }
                                                            if flagsA & BodyFlags.isAsleep != 0 && flagsB & inactive == 0 {
                                                                cw.wakeScratch.append(bodyA)
                                                            }
                                                            if flagsB & BodyFlags.isAsleep != 0 && flagsA & inactive == 0 {
                                                                cw.wakeScratch.append(bodyB)
                                                            }
                                                            continue
                                                        }
                                                    }
                                                    // (The reach is for the narrowphase only: computed after the recycling's
                                                    // test, it keeps its registers out of the recycled path.)
                                                    if restitution > 0 || unequal || (flagsA | flagsB) & BodyFlags.isStatic != 0 {
                                                        var speed = sims[Int(bodyB)].v.length
                                                            + lookAhead * gravityTable[Int(sims[Int(bodyB)].gravity)].length
                                                        if haveExtents { speed += abs(sims[Int(bodyB)].w) * maxExtent[Int(bodyB)] }
                                                        if bodyA >= 0 {
                                                            speed += sims[Int(bodyA)].v.length
                                                                + lookAhead * gravityTable[Int(sims[Int(bodyA)].gravity)].length
                                                            if haveExtents { speed += abs(sims[Int(bodyA)].w) * maxExtent[Int(bodyA)] }
                                                        }
                                                        cutoff += 1.25 * lookAhead * speed
                                                    }
                                                    let xfB = sims[Int(bodyB)].transform
                                                    let boxA = isSegment
                                                        ? segFat[Int(c.pointee.indexA)].expanded(by: cutoff - CollisionConstants.speculativeDistance)
                                                        : shapeBuf[Int(c.pointee.indexA)].aabb.expanded(by: cutoff)
                                                    var friction: Real = 0
                                                    if !boxA.overlaps(shapeB.pointee.aabb) {
                                                        m = .empty
                                                    } else if isSegment {
                                                        let seg = segs[Int(c.pointee.indexA)]
                                                        m = collide(
                                                            seg.segment, .identity, shapeB.pointee.geometry, xfB,
                                                            vertices: vp, normals: np, cutoff: cutoff, prefer: prefer)
                                                        friction = (seg.friction * shapeB.pointee.friction).squareRoot()
                                                    } else {
                                                        let shapeA = shapeBuf.baseAddress! + Int(c.pointee.indexA)
                                                        m = collide(
                                                            shapeA.pointee.geometry, sims[Int(bodyA)].transform, shapeB.pointee.geometry, xfB,
                                                            vertices: vp, normals: np, cutoff: cutoff, prefer: prefer)
                                                        friction = (shapeA.pointee.friction * shapeB.pointee.friction).squareRoot()
                                                    }
                                                    if m.pointCount > 0 {
                                                        let cache: ManifoldCache
                                                        if haveExtents {
                                                            if sim == nil {
                                                                poseB = World.recyclePose(
                                                                    sims.baseAddress! + Int(bodyB), extent: maxExtent[Int(bodyB)])
                                                                if !isSegment {
                                                                    poseA = World.recyclePose(
                                                                        sims.baseAddress! + Int(bodyA), extent: maxExtent[Int(bodyA)])
                                                                }
                                                            }
                                                            // The normal turns with the body whose face it is (the
                                                            // narrowphase keeps the other's where they are not parallel).
                                                            var face: Int32 = 0
                                                            if turn &- 1 < 2 && m.pointCount > 1 {  // 1 or 2
                                                                let side = turn == 1 ? shapeBuf[Int(c.pointee.indexA)] : shapeB.pointee
                                                                let q = turn == 1 ? sims[Int(bodyA)].transform.q : xfB.q
                                                                let outward = turn == 1 ? m.normal : -m.normal
                                                                face = -1
                                                                let start = Int(side.geometry.vertexStart)
                                                                for k in start..<(start + Int(side.geometry.vertexCount))
                                                                where q.apply(np[k]).dot(outward) > 1 - 1e-9 {
                                                                    face = Int32(k)
                                                                    break
                                                                }
                                                                if face < 0 { turn = 0 }
                                                            }
                                                            cache = World.cacheManifold(
                                                                m, poseA, poseB, epoch: recycleEpoch, turn: turn, face: Swift.max(face, 0))
                                                        } else {
                                                            cache = .none
                                                        }
                                                        let overlapping = m.point1.separation <= 0
                                                            || (m.pointCount > 1 && m.point2.separation <= 0)
                                                        // An awake body reaching a sleeping one wakes its island.
                                                        if flagsA & BodyFlags.isAsleep != 0 && flagsB & inactive == 0 {
                                                            cw.wakeScratch.append(bodyA)
                                                        }
                                                        if flagsB & BodyFlags.isAsleep != 0 && flagsA & inactive == 0 {
                                                            cw.wakeScratch.append(bodyB)
                                                        }
                                                        if let t = sim {
                                                            t.pointee.take(
                                                                &m, friction: friction, restitution: restitution,
                                                                overlapping: overlapping)
                                                            t.pointee.cache = cache
                                                        } else {
                                                            // Points for the first time: no impulses to carry over, not touching yet.
                                                            let fresh = World.newSim(
                                                                c.pointee, m, cache, flags: overlapping ? ContactFlags.overlapping : 0,
                                                                friction: friction, restitution: restitution, items: itemTable,
                                                                boundarySlots: boundaryTable, segments: segs)
                                                            if let s = cw.freeSims.popLast() {
                                                                simBuf[Int(s)] = fresh
                                                                c.pointee.sim = s
                                                            } else {
                                                                grown = fresh
                                                                grownContact = i
                                                                return
                                                            }
                                                        }
                                                    } else if let t = sim {
                                                        // Without points the contact is not solved: it ends here, and its manifold's
                                                        // place is freed.
                                                        if t.pointee.flags & ContactFlags.touching != 0 {
                                                            cw.ended.append(World.makeEvent(t.pointee, began: false))
                                                        }
                                                        cw.freeSims.append(c.pointee.sim)
                                                        c.pointee.sim = -1
                                                    }
                                                }
                                            }
                                            if let fresh = grown {
                                                base[grownContact].sim = Int32(cw.contactSims.count)
                                                cw.contactSims.append(fresh)
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        cw.elasticPairsPossible = elasticBits != 0 || !cw.wakeScratch.isEmpty
        swap(&cw, &contactWorld)
        // Destroy in descending index order (swap with the last), deterministically.
        var k = contactWorld.removals.count - 1
        while k >= 0 {
            destroyContact(Int(contactWorld.removals[k]))
            k -= 1
        }
        // Every 16th tick, records far from the contacts' order are put back in it
        // (`orderContactSims`): the look is a pass over the contacts, 36 bytes each, and a rain's
        // records drift out of order by a few in a hundred a tick.
        if tickCount & 15 == 0 && contactWorld.simsOutOfOrder() {
            var scratch = ContiguousArray<Int32>()
            swap(&scratch, &contactWorld.prepareOrder)
            contactWorld.orderContactSims(scratch: &scratch)
            swap(&scratch, &contactWorld.prepareOrder)
        }
        if !contactWorld.wakeScratch.isEmpty {
            // An index loop: iterating the array allocates in unoptimized builds.
            for k in contactWorld.wakeScratch.indices { wakeIsland(body: Int(contactWorld.wakeScratch[k])) }
        }
    }

    /// Whether two of the bodies' inverse masses, both not zero, may differ by more than
    /// `stackMassRatio` (the largest is above the ratio times the smallest): where not, no pair
    /// is one of very unequal masses, and the narrowphase's and the stack search's tests of
    /// every pair are skipped. (The rounded product is monotone in the smallest, so the test of
    /// any pair `iA > r·iB` is false whenever `max ≤ r·min`.) A pass over the bodies, a few
    /// instructions each, against about twenty per contact and per constraint.
    static func massesSpread(_ sims: ContiguousArray<BodySim>) -> Bool {
        sims.withUnsafeBufferPointer { buf in
            var lo = Real.infinity
            var hi: Real = 0
            for i in 0..<buf.count {
                let m = buf[i].invMass
                if m == 0 { continue }
                lo = Swift.min(lo, m)
                hi = Swift.max(hi, m)
            }
            // (No body with mass: `hi` is 0, nothing spread. A NaN mass is passed over by min
            // and max, as a pair's test with it is false.)
            return hi > World.stackMassRatio * lo
        }
    }

    /// The narrowphase of a pair measured afresh every tick, never recycled (a circle against a
    /// circle, a segment or a small polygon; `collideContacts`): the manifold, stored with the
    /// impulses carried over, or the contact's manifold place freed when it has no points.
    /// Returns true when the pair came to have points and no freed place was left: its new
    /// `ContactSim` is then in `grown`, for the caller to append out of its loop. (Inlined: as a
    /// function of its own, called for nearly every contact of rain, it cost 3 % more there.)
    @inline(__always)
    static func collideFreshPair(
        _ c: UnsafeMutablePointer<Contact>, simBuf: UnsafeMutableBufferPointer<ContactSim>, kindA: ShapeKind,
        kindB: ShapeKind, shapes: UnsafePointer<ShapeRecord>, segments segs: UnsafeBufferPointer<BoundarySegment>,
        segmentFat: UnsafeBufferPointer<AABB>, sims: UnsafeBufferPointer<BodySim>, flagsA: UInt32, flagsB: UInt32,
        gravities: ContiguousArray<Vec2>, lookAhead: Real, extents maxExtent: ContiguousArray<Real>, haveExtents: Bool, spread: Bool,
        vertices vp: UnsafePointer<Vec2>, normals np: UnsafePointer<Vec2>,
        wake: inout ContiguousArray<Int32>, freeSims: inout ContiguousArray<Int32>, ended: inout [ContactEvent],
        items: ContiguousArray<ItemRecord>, boundarySlots: ContiguousArray<BoundarySlot>, grown: inout ContactSim?,
        elastic: inout UInt64
    ) -> Bool {
        let bodyA = c.pointee.bodyA
        let bodyB = c.pointee.bodyB
        let isSegment = bodyA < 0
        let shapeB = shapes + Int(c.pointee.indexB)
        let sim = c.pointee.sim >= 0 ? simBuf.baseAddress! + Int(c.pointee.sim) : nil
        // Material and reach as `collideContacts` has them (see there; a round pair has no face
        // to prefer).
        let elasticityA = isSegment ? segs[Int(c.pointee.indexA)].elasticity : shapes[Int(c.pointee.indexA)].elasticity
        let restitution = Swift.max(elasticityA, shapeB.pointee.elasticity)
        elastic |= restitution.bitPattern
        var cutoff = CollisionConstants.speculativeDistance
        var unequal = false
        if bodyA >= 0 && spread {
            let iA = sims[Int(bodyA)].invMass
            let iB = sims[Int(bodyB)].invMass
            let r = World.stackMassRatio
            unequal = iA != 0 && iB != 0 && (iA > r * iB || iB > r * iA)
        }
        if restitution > 0 || unequal || (flagsA | flagsB) & BodyFlags.isStatic != 0 {
            var speed = sims[Int(bodyB)].v.length + lookAhead * gravities[Int(sims[Int(bodyB)].gravity)].length
            if haveExtents { speed += abs(sims[Int(bodyB)].w) * maxExtent[Int(bodyB)] }
            if bodyA >= 0 {
                speed += sims[Int(bodyA)].v.length + lookAhead * gravities[Int(sims[Int(bodyA)].gravity)].length
                if haveExtents { speed += abs(sims[Int(bodyA)].w) * maxExtent[Int(bodyA)] }
            }
            cutoff += 1.25 * lookAhead * speed
        }
        let xfB = sims[Int(bodyB)].transform
        let boxA = isSegment
            ? segmentFat[Int(c.pointee.indexA)].expanded(by: cutoff - CollisionConstants.speculativeDistance)
            : shapes[Int(c.pointee.indexA)].aabb.expanded(by: cutoff)
        var m: Manifold
        if !boxA.overlaps(shapeB.pointee.aabb) {
            m = .empty
        } else if isSegment {
            m = collide(
                segs[Int(c.pointee.indexA)].segment, .identity, shapeB.pointee.geometry, xfB,
                vertices: vp, normals: np, cutoff: cutoff)
        } else if kindA == .circle && kindB == .circle {
            // (The dispatch's own case, called directly: most of a crowd of balls.)
            m = collideCircles(
                Circle(shapes[Int(c.pointee.indexA)].geometry), sims[Int(bodyA)].transform,
                Circle(shapeB.pointee.geometry), xfB, cutoff: cutoff)
        } else {
            m = collide(
                shapes[Int(c.pointee.indexA)].geometry, sims[Int(bodyA)].transform, shapeB.pointee.geometry, xfB,
                vertices: vp, normals: np, cutoff: cutoff)
        }
        if m.pointCount == 0 {
            if let t = sim {
                // Without points the contact is not solved: it ends here, and its manifold's
                // place is freed.
                if t.pointee.flags & ContactFlags.touching != 0 {
                    ended.append(World.makeEvent(t.pointee, began: false))
                }
                freeSims.append(c.pointee.sim)
                c.pointee.sim = -1
            }
            return false
        }
        let frictionA = isSegment ? segs[Int(c.pointee.indexA)].friction : shapes[Int(c.pointee.indexA)].friction
        let friction = (frictionA * shapeB.pointee.friction).squareRoot()
        let overlapping = m.point1.separation <= 0 || (m.pointCount > 1 && m.point2.separation <= 0)
        // An awake body reaching a sleeping one wakes its island.
        let inactive = BodyFlags.isStatic | BodyFlags.isAsleep
        if flagsA & BodyFlags.isAsleep != 0 && flagsB & inactive == 0 { wake.append(bodyA) }
        if flagsB & BodyFlags.isAsleep != 0 && flagsA & inactive == 0 { wake.append(bodyB) }
        if let t = sim {
            t.pointee.take(&m, friction: friction, restitution: restitution, overlapping: overlapping)
            return false
        }
        // Points for the first time: no impulses to carry over, not touching yet.
        let new = World.newSim(
            c.pointee, m, .none, flags: overlapping ? ContactFlags.overlapping : 0, friction: friction,
            restitution: restitution, items: items, boundarySlots: boundarySlots, segments: segs)
        if let s = freeSims.popLast() {
            simBuf[Int(s)] = new
            c.pointee.sim = s
            return false
        }
        grown = new
        return true
    }

    /// Removes a contact (reporting "ended" if it touched, and waking a sleeping partner).
    mutating func destroyContact(_ i: Int) {
        let c = contactWorld.contacts[i]
        if c.sim >= 0 {
            if contactWorld.contactSims[Int(c.sim)].flags & ContactFlags.touching != 0 {
                contactWorld.ended.append(World.makeEvent(contactWorld.contactSims[Int(c.sim)], began: false))
            }
            if c.bodyA >= 0 && bodySims[Int(c.bodyA)].flags & BodyFlags.isAsleep != 0 { wakeIsland(body: Int(c.bodyA)) }
            if bodySims[Int(c.bodyB)].flags & BodyFlags.isAsleep != 0 { wakeIsland(body: Int(c.bodyB)) }
            contactWorld.removeSim(contact: i)
        }
        contactWorld.pairSet.remove(ContactWorld.pairKey(c.codeA, c.codeB))
        let last = contactWorld.contacts.count - 1
        if i != last { contactWorld.contacts[i] = contactWorld.contacts[last] }
        contactWorld.contacts.removeLast()
    }

    /// Carries the last tick's impulses over to the new manifold's points with equal feature ids.
    @inline(__always)
    static func matchImpulses(_ c: inout ContactSim, _ m: inout Manifold) {
        let old = c.manifold
        var n1: Real = 0, t1: Real = 0, n2: Real = 0, t2: Real = 0
        if m.pointCount > 0 && old.pointCount > 0 {
            let id1 = m.point1.id
            if old.point1.id == id1 {
                n1 = c.normalImpulse1
                t1 = c.tangentImpulse1
            } else if old.pointCount > 1 && old.point2.id == id1 {
                n1 = c.normalImpulse2
                t1 = c.tangentImpulse2
            }
            if m.pointCount > 1 {
                let id2 = m.point2.id
                if old.point1.id == id2 {
                    n2 = c.normalImpulse1
                    t2 = c.tangentImpulse1
                } else if old.pointCount > 1 && old.point2.id == id2 {
                    n2 = c.normalImpulse2
                    t2 = c.tangentImpulse2
                }
            }
        }
        c.normalImpulse1 = n1
        c.tangentImpulse1 = t1
        c.normalImpulse2 = n2
        c.tangentImpulse2 = t2
    }

    // MARK: Events

    /// An event for a contact: the item first, then the other party.
    @inline(__always)
    static func makeEvent(_ c: ContactSim, began: Bool) -> ContactEvent {
        ContactEvent(a: c.partyItem, b: c.partyOther, began: began, point: c.eventPoint)
    }
}

extension ContactSim {
    /// A contact that had points takes the narrowphase's new manifold: the impulses carried
    /// over point by point (`World.matchImpulses`), the material, and whether it overlaps.
    /// (The general path and the round pairs' path both end so.)
    @inline(__always)
    mutating func take(_ m: inout Manifold, friction: Real, restitution: Real, overlapping: Bool) {
        World.matchImpulses(&self, &m)
        manifold = m
        self.friction = friction
        self.restitution = restitution
        if overlapping {
            flags |= ContactFlags.overlapping
        } else {
            flags &= ~ContactFlags.overlapping
        }
    }
}

