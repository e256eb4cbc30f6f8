// Broadphase: three trees and a move buffer, turned into candidate pairs (Docs/solver.md §2.2).
//
// Static, kinematic and dynamic proxies live in separate trees, so that the static tree,
// which never moves, is never disturbed. A proxy whose box escaped its fat box is "moved":
// it goes into an insertion-ordered array plus a bit set. Pair finding then queries, for
// each moved proxy in that order:
//
//     moved dynamic                 → kinematic tree, static tree, dynamic tree
//     moved kinematic or static     → dynamic tree
//
// Every overlapping pair that contains a dynamic proxy is found from the dynamic side, and
// from the other side too when the other proxy moved as well. To report it exactly once,
// a query skips a partner that also moved and has the smaller key (that partner's own
// query reports the pair). Each moved proxy's partners are sorted by key, so the output
// order depends only on the sequence of calls, never on the trees' shapes or on hashing.
//
// Filtering (same body, collision groups, existing contacts) is the engine's: it receives
// every candidate pair and decides.

import DynamicsMath

/// Which tree a proxy lives in: the body type of its shape.
@frozen
public enum ProxyType: Int32, Sendable {
    case staticBody = 0
    case kinematicBody = 1
    case dynamicBody = 2
}

/// A proxy's identity across the three trees: `proxyId << 2 | type`.
@frozen
public struct ProxyKey: Hashable, Comparable, Sendable {
    /// The packed value.
    public var raw: Int32

    @inlinable @inline(__always)
    public init(raw: Int32) { self.raw = raw }

    @inlinable @inline(__always)
    public init(id: Int32, type: ProxyType) { raw = id << 2 | type.rawValue }

    /// The node index in its tree.
    @inlinable @inline(__always)
    public var id: Int32 { raw >> 2 }

    /// The tree.
    @inlinable @inline(__always)
    public var type: ProxyType { ProxyType(rawValue: raw & 3)! }

    @inlinable @inline(__always)
    public static func < (a: ProxyKey, b: ProxyKey) -> Bool { a.raw < b.raw }
}

/// A candidate pair: two proxies whose fat boxes overlap, `keyA < keyB`. (16 B: the user
/// data kept in 32 bits, as the broadphase's proxies' user data fit in them; a step that
/// finds every pair of a large crowd at once lists hundreds of thousands.)
@frozen
public struct ProxyPair: Equatable, Sendable {
    public var keyA: ProxyKey
    public var keyB: ProxyKey
    @usableFromInline var dataA: Int32
    @usableFromInline var dataB: Int32

    /// The user data of `keyA`'s proxy.
    @inlinable public var userDataA: Int { Int(dataA) }
    /// The user data of `keyB`'s proxy.
    @inlinable public var userDataB: Int { Int(dataB) }

    @inlinable
    public init(keyA: ProxyKey, keyB: ProxyKey, userDataA: Int, userDataB: Int) {
        self.keyA = keyA
        self.keyB = keyB
        dataA = Int32(truncatingIfNeeded: userDataA)
        dataB = Int32(truncatingIfNeeded: userDataB)
    }
}

/// The broadphase: one ``DynamicTree`` per body type and the buffer of moved proxies.
public struct BroadPhase: Sendable {
    public private(set) var staticTree = DynamicTree()
    public private(set) var kinematicTree = DynamicTree()
    public private(set) var dynamicTree = DynamicTree()

    /// Moved proxies in the order they moved; destroyed ones are blanked to -1.
    var moveArray: ContiguousArray<ProxyKey> = []
    /// One bit per raw key: whether it is in `moveArray`.
    var moveBits: ContiguousArray<UInt64> = []
    /// Scratch for one moved proxy's partners.
    var scratch: ContiguousArray<ProxyKey> = []

    public init() {}

    /// A broadphase whose static and dynamic trees have room for the given numbers of proxies
    /// (2n − 1 nodes each), so that filing them grows no node array by copies.
    public init(staticProxies: Int, dynamicProxies: Int) {
        staticTree = DynamicTree(capacity: 2 * staticProxies)
        dynamicTree = DynamicTree(capacity: 2 * dynamicProxies)
    }

    /// The tree of a body type.
    @inlinable
    public func tree(_ type: ProxyType) -> DynamicTree {
        switch type {
        case .staticBody: staticTree
        case .kinematicBody: kinematicTree
        case .dynamicBody: dynamicTree
        }
    }

    /// The number of proxies waiting in the move buffer.
    public var moveCount: Int { moveArray.count }
    /// Bytes reserved by the move buffer and the query scratch (memory reports; the trees
    /// report their own).
    public var reservedBufferBytes: Int {
        moveArray.capacity * MemoryLayout<ProxyKey>.stride + moveBits.capacity * 8 + scratch.capacity * MemoryLayout<ProxyKey>.stride
    }

    // MARK: Proxies

    /// Creates a proxy from a shape's tight box.
    ///
    /// - Parameter userData: the caller's value, in 32 bits (pairs carry it so).
    /// - Parameter forcePairing: queue the proxy even if it is static, so that pairs with
    ///   existing shapes are found (static shapes created before any body need not be).
    public mutating func createProxy(tight: AABB, type: ProxyType, userData: Int, forcePairing: Bool = false) -> ProxyKey {
        precondition(Int32(exactly: userData) != nil, "BroadPhase: user data beyond 32 bits")
        let isStatic = type == .staticBody
        let id: Int32
        switch type {
        case .staticBody: id = staticTree.createProxy(tight: tight, isStatic: true, userData: userData)
        case .kinematicBody: id = kinematicTree.createProxy(tight: tight, isStatic: false, userData: userData)
        case .dynamicBody: id = dynamicTree.createProxy(tight: tight, isStatic: false, userData: userData)
        }
        let key = ProxyKey(id: id, type: type)
        if !isStatic || forcePairing { bufferMove(key) }
        return key
    }

    /// Destroys a proxy and drops it from the move buffer.
    public mutating func destroyProxy(_ key: ProxyKey) {
        if isBuffered(key) {
            clearBit(key)
            for i in moveArray.indices where moveArray[i] == key { moveArray[i] = ProxyKey(raw: -1) }
        }
        switch key.type {
        case .staticBody: staticTree.destroyProxy(key.id)
        case .kinematicBody: kinematicTree.destroyProxy(key.id)
        case .dynamicBody: dynamicTree.destroyProxy(key.id)
        }
    }

    /// Updates a proxy for its shape's new tight box; re-inserts and queues it only if it
    /// escaped its fat box, whose new extent then reaches ahead along `displacement` (the
    /// body's last motion; zero after a teleport). Returns whether it did.
    @discardableResult
    public mutating func moveProxy(_ key: ProxyKey, tight: AABB, displacement: Vec2 = Vec2(0, 0)) -> Bool {
        let moved: Bool
        switch key.type {
        case .staticBody: moved = staticTree.moveProxyIfEscaped(key.id, tight: tight)
        case .kinematicBody: moved = kinematicTree.moveProxyIfEscaped(key.id, tight: tight, displacement: displacement)
        case .dynamicBody: moved = dynamicTree.moveProxyIfEscaped(key.id, tight: tight, displacement: displacement)
        }
        if moved { bufferMove(key) }
        return moved
    }

    /// `moveProxy` for a moving proxy whose caller has just found that its fat box, as it is,
    /// no longer holds the shape (`DynamicTree.fatBoxHolds` false): re-filed without the test
    /// made again (`DynamicTree.refileProxy`). Returns whether it was re-filed.
    public mutating func refileProxy(_ key: ProxyKey, tight: AABB, displacement: Vec2) -> Bool {
        let moved: Bool
        switch key.type {
        case .staticBody: moved = staticTree.moveProxyIfEscaped(key.id, tight: tight)
        case .kinematicBody: moved = kinematicTree.refileProxy(key.id, tight: tight, displacement: displacement)
        case .dynamicBody: moved = dynamicTree.refileProxy(key.id, tight: tight, displacement: displacement)
        }
        if moved { bufferMove(key) }
        return moved
    }

    /// The fat box of a proxy.
    @inlinable
    public func fatAABB(_ key: ProxyKey) -> AABB {
        switch key.type {
        case .staticBody: staticTree.fatAABB(key.id)
        case .kinematicBody: kinematicTree.fatAABB(key.id)
        case .dynamicBody: dynamicTree.fatAABB(key.id)
        }
    }

    /// The user data of a proxy.
    @inlinable
    public func userData(_ key: ProxyKey) -> Int {
        switch key.type {
        case .staticBody: staticTree.userData(key.id)
        case .kinematicBody: kinematicTree.userData(key.id)
        case .dynamicBody: dynamicTree.userData(key.id)
        }
    }

    /// Queues a proxy for pairing (once).
    public mutating func bufferMove(_ key: ProxyKey) {
        if isBuffered(key) { return }
        let word = Int(key.raw >> 6)
        if word >= moveBits.count { moveBits.append(contentsOf: repeatElement(0, count: word + 1 - moveBits.count)) }
        moveBits[word] |= 1 << UInt64(key.raw & 63)
        moveArray.append(key)
    }

    @inline(__always)
    func isBuffered(_ key: ProxyKey) -> Bool {
        let word = Int(key.raw >> 6)
        return word < moveBits.count && moveBits[word] & (1 << UInt64(key.raw & 63)) != 0
    }

    @inline(__always)
    mutating func clearBit(_ key: ProxyKey) {
        moveBits[Int(key.raw >> 6)] &= ~(1 << UInt64(key.raw & 63))
    }

    // MARK: Pairs

    /// Appends every new candidate pair of the moved proxies to `pairs`, then empties the
    /// move buffer. Order: moved proxies in the order they moved, each one's partners by
    /// ascending key; each pair once, smaller key first (see the file comment).
    public mutating func findPairs(into pairs: inout ContiguousArray<ProxyPair>) {
        // Moves refit the trees in place; restore their quality before querying if needed.
        dynamicTree.rebuildIfDegraded()
        kinematicTree.rebuildIfDegraded()
        // One moved proxy's partners go into `scratch` through a pointer and a count: it has
        // room for every proxy (a query finds each at most once), grown only when proxies
        // were added. Clearing and appending to an array per query cost about 80
        // instructions a partner and 40 a query in uniqueness checks and a call to memmove.
        let room = staticTree.proxyCount + kinematicTree.proxyCount + dynamicTree.proxyCount
        var partners = scratch
        scratch = []
        if partners.count < room {
            partners.append(contentsOf: repeatElement(ProxyKey(raw: -1), count: room - partners.count))
        }
        // The loop reads the trees and the move bits in place: a closure that captured `self`
        // would copy the whole broadphase (six arrays retained and released) per query.
        let searchKinematic = kinematicTree.proxyCount > 0
        let searchStatic = staticTree.proxyCount > 0
        moveBits.withUnsafeBufferPointer { bits in
            partners.withUnsafeMutableBufferPointer { list in
                guard let found = list.baseAddress else { return }
                // Index loops: iterating an array of structs allocates in unoptimized builds.
                for m in moveArray.indices where moveArray[m].raw >= 0 {
                    let key = moveArray[m]
                    var count = 0
                    let box = fatAABB(key)
                    if key.type == .dynamicBody {
                        if searchKinematic {
                            Self.collect(kinematicTree, .kinematicBody, box: box, query: key, bits: bits, into: found, count: &count)
                        }
                        if searchStatic {
                            Self.collect(staticTree, .staticBody, box: box, query: key, bits: bits, into: found, count: &count)
                        }
                    }
                    Self.collect(dynamicTree, .dynamicBody, box: box, query: key, bits: bits, into: found, count: &count)
                    if count > 1 { Self.sortKeys(found, count) }
                    let userData = self.userData(key)
                    for k in 0..<count {
                        let other = found[k]
                        let otherData = self.userData(other)
                        pairs.append(key < other
                            ? ProxyPair(keyA: key, keyB: other, userDataA: userData, userDataB: otherData)
                            : ProxyPair(keyA: other, keyB: key, userDataA: otherData, userDataB: userData))
                    }
                }
            }
        }
        for m in moveArray.indices where moveArray[m].raw >= 0 { clearBit(moveArray[m]) }
        moveArray.removeAll(keepingCapacity: true)
        scratch = partners
    }

    /// Collects the partners of `query` in one tree into `found[count...]`, skipping itself
    /// and moved partners with a smaller key (`bits`: the move bits).
    @inline(__always)
    static func collect(
        _ tree: DynamicTree, _ type: ProxyType, box: AABB, query: ProxyKey, bits: UnsafeBufferPointer<UInt64>,
        into found: UnsafeMutablePointer<ProxyKey>, count: inout Int
    ) {
        tree.query(box) { id in
            let other = ProxyKey(id: id, type: type)
            if other == query { return true }
            if other < query {
                let word = Int(other.raw >> 6)
                if word < bits.count && bits[word] & (1 << UInt64(other.raw & 63)) != 0 { return true }
            }
            found[count] = other
            count += 1
            return true
        }
    }

    /// Insertion sort of `keys[0..<count]` (partner lists are short).
    static func sortKeys(_ k: UnsafeMutablePointer<ProxyKey>, _ count: Int) {
        for i in 1..<count {
            let v = k[i]
            var j = i
            while j > 0 && v < k[j - 1] {
                k[j] = k[j - 1]
                j -= 1
            }
            k[j] = v
        }
    }
}
