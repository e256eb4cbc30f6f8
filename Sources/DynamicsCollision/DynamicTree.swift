// Dynamic AABB tree: the broadphase's spatial index (Docs/solver.md §2.2).
//
// A binary tree whose leaves are proxies (one per shape) holding a *fat* box, and whose
// internal nodes hold the union of their children's boxes. Queries descend only into
// boxes that overlap the query box, so finding a shape's neighbours costs O(log n).
//
// Storage. All nodes live in one dense array of trivial structs linked by Int32 indices;
// freed nodes form a singly linked free list threaded through `parent`. The algorithms
// run on an unsafe pointer to that array, taken once per operation, so the inner loops
// see neither bounds checks nor reference counting.
//
// Insertion (surface-area heuristic; the 2D "area" is the perimeter). Making leaf L the
// sibling of node S creates a parent of area |S ∪ L| and grows every ancestor A of S by
// |A ∪ L| − |A|. So
//
//     cost(S) = |S ∪ L| + Σ_{A ancestor of S} (|A ∪ L| − |A|).
//
// One descent from the root keeps the best sibling seen. Inside child C of the current
// node, any sibling costs at least  inherited + (|C ∪ L| − |C|) + |L|  (the new parent
// is at least as large as L), so the descent follows the child with the smaller bound
// and stops when neither bound can beat the best cost: optimistic about the part of the
// tree it does not explore, and never backtracking.
//
// Rotations. Walking back up after an insertion, each ancestor A with children B and C
// tries the four swaps of one child with a grandchild on the other side. Swapping B with
// F (a child of C = {F, G}) turns C into B ∪ G and changes the total area by |B ∪ G| − |C|;
// the most negative change, if any, is applied. This repairs the damage of insertion
// order without a global rebuild.
//
// Moves. A proxy whose box escaped gets its new fat box in place: the ancestors are refitted
// (O(depth)), with no removal, search or rotation; bodies that move together (a swinging
// chain, a falling crowd) keep the neighbours they were inserted beside. When the tree's
// cost (the internal nodes' summed perimeter) has doubled since the last rebuild, the
// broadphase rebuilds it by re-inserting every leaf. A query finds the same proxies whatever
// the shape of the tree, so none of this changes which pairs are found.
//
// Fat boxes. A moving proxy's box is its shape's box grown by the speculative distance
// (2 pt) plus a margin min(5 pt, 0.125 × extent); a static one gets only the speculative
// distance. When a proxy escapes because its body moved, the new fat box also reaches
// ahead along the body's last displacement d, by `displacementMultiplier` × d (Box2D 2.4's
// prediction): a body in steady motion then escapes every few ticks instead of every tick;
// the reach is capped at the shape's own size (or one displacement, if larger).
// The tree is touched only when the grown shape box escapes the fat box (or the fat box is
// far larger than the shape's motion still needs, `isOversized`), so resting and slowly
// drifting bodies cost the broadphase nothing.

import DynamicsMath

/// One node of a ``DynamicTree``: a leaf (a proxy) or an internal node with two children.
/// 48 bytes: a leaf has no second child, so its user data takes that place (as Box2D v3's
/// tree does).
@frozen
public struct TreeNode: Sendable {
    /// A leaf's fat box, or the union of an internal node's children's boxes.
    public var aabb: AABB
    /// The parent node, or ``DynamicTree/nullNode`` for the root. On the free list: the next free node.
    public var parent: Int32
    /// The first child, or ``DynamicTree/nullNode`` for a leaf.
    public var child1: Int32
    /// An internal node's second child; a leaf's user data (``userData``); ``DynamicTree/nullNode``
    /// when free.
    public var child2: Int32
    /// 0 for a leaf, 1 + the larger child height for an internal node, -1 when free.
    public var height: Int16
    /// Proxy flags (``DynamicTree/staticFlag``).
    public var flags: UInt16

    /// A free, unlinked node.
    @usableFromInline
    static let blank = TreeNode(
        aabb: .empty, userData: -1, parent: DynamicTree.nullNode, child1: DynamicTree.nullNode,
        child2: DynamicTree.nullNode, height: -1, flags: 0)

    /// A leaf (`height` 0) keeps `userData` (in 32 bits) and has no `child2`; any other node
    /// keeps `child2` and no user data.
    @inlinable @inline(__always)
    init(aabb: AABB, userData: Int, parent: Int32, child1: Int32, child2: Int32, height: Int16, flags: UInt16) {
        self.aabb = aabb
        self.parent = parent
        self.child1 = child1
        self.child2 = height == 0 ? Int32(truncatingIfNeeded: userData) : child2
        self.height = height
        self.flags = flags
    }

    /// The caller's value stored with a leaf (typically a shape index); -1 elsewhere.
    @inlinable @inline(__always)
    public var userData: Int { height == 0 ? Int(child2) : -1 }

    /// Whether the node is a leaf (a proxy).
    @inlinable @inline(__always)
    public var isLeaf: Bool { height == 0 }
}

/// A dynamic AABB tree of proxies with fat boxes: insertion by surface-area cost with
/// rotations, removal, moves that only touch the tree when a box escapes, and queries.
///
/// Proxy ids are node indices; they stay valid until the proxy is destroyed and may then
/// be reused. All operations are deterministic: the same sequence of calls builds the same
/// tree, bit for bit.
public struct DynamicTree: Sendable {
    /// The index that means "no node".
    public static let nullNode: Int32 = -1
    /// The flag of a proxy whose fat box has no motion margin.
    public static let staticFlag: UInt16 = 1

    /// The node pool; free nodes are threaded through `parent`.
    @usableFromInline
    var nodes: ContiguousArray<TreeNode>
    /// The root node, or ``nullNode`` when the tree is empty.
    public internal(set) var root: Int32
    @usableFromInline
    var freeList: Int32
    /// The number of proxies (leaves).
    public private(set) var proxyCount: Int
    /// Refits since `rebuildIfDegraded()` last looked, and the tree's cost after the last
    /// rebuild (−1: not measured yet).
    var refitsSinceCheck: Int = 0
    var baselineArea: Real = -1

    /// An empty tree with room for `capacity` nodes (a tree of n proxies uses 2n − 1).
    public init(capacity: Int = 16) {
        nodes = []
        nodes.reserveCapacity(Swift.max(capacity, 1))
        root = Self.nullNode
        freeList = Self.nullNode
        proxyCount = 0
    }

    // MARK: Fat boxes

    /// The motion margin of a moving proxy: min(5 pt, 0.125 × extent), extent being half
    /// the larger side of the shape's tight box.
    @inlinable
    public static func margin(forTight tight: AABB) -> Real {
        let e = tight.extents
        return Swift.min(CollisionConstants.aabbMargin, 0.125 * Swift.max(e.x, e.y))
    }

    /// The fat box of a shape whose tight box is `tight`: grown by the speculative distance,
    /// plus the motion margin unless the proxy is static.
    @inlinable
    public static func fatAABB(tight: AABB, isStatic: Bool) -> AABB {
        let grow = CollisionConstants.speculativeDistance + (isStatic ? 0 : margin(forTight: tight))
        return tight.expanded(by: grow)
    }

    /// How many of its last displacements a moved proxy's fat box reaches ahead.
    public static let displacementMultiplier: Real = 4

    /// The fat box of a moving shape whose tight box is `tight` and whose body just moved
    /// by `displacement`: `fatAABB(tight:isStatic:)` stretched on the side it moves towards
    /// by `displacementMultiplier` × the displacement, axis by axis, but no farther than the
    /// shape's own size (the larger side of `tight`) unless one displacement is larger still
    /// (the box must hold the next tick's motion for its pairs to be found in time). Farther
    /// would pair a falling crowd with the rows below it, each pair a contact to store
    /// (Docs/benchmarks.md, "Memory, 2026-11-27"); a fast body is re-filed more often instead.
    @inlinable
    public static func fatAABB(tight: AABB, isStatic: Bool, displacement d: Vec2) -> AABB {
        var box = fatAABB(tight: tight, isStatic: isStatic)
        if isStatic { return box }
        let e = tight.extents
        let size = 2 * Swift.max(e.x, e.y)
        let ax = Swift.min(displacementMultiplier * abs(d.x), Swift.max(abs(d.x), size))
        let ay = Swift.min(displacementMultiplier * abs(d.y), Swift.max(abs(d.y), size))
        if d.x < 0 { box.lower.x -= ax } else { box.upper.x += ax }
        if d.y < 0 { box.lower.y -= ay } else { box.upper.y += ay }
        return box
    }

    // MARK: Proxies

    /// Creates a proxy for a shape whose tight (unfattened) box is `tight`; returns its id.
    public mutating func createProxy(tight: AABB, isStatic: Bool = false, userData: Int) -> Int32 {
        createProxy(fatAABB: Self.fatAABB(tight: tight, isStatic: isStatic),
                    flags: isStatic ? Self.staticFlag : 0, userData: userData)
    }

    /// Creates a proxy with a caller-computed fat box; returns its id.
    public mutating func createProxy(fatAABB: AABB, flags: UInt16 = 0, userData: Int) -> Int32 {
        precondition(Int32(exactly: userData) != nil, "DynamicTree: user data beyond 32 bits")
        let leaf = allocateNode()
        nodes[Int(leaf)] = TreeNode(
            aabb: fatAABB, userData: userData, parent: Self.nullNode, child1: Self.nullNode,
            child2: Self.nullNode, height: 0, flags: flags)
        insertLeaf(leaf)
        proxyCount += 1
        return leaf
    }

    /// Destroys a proxy; its id may be reused by a later proxy.
    public mutating func destroyProxy(_ proxy: Int32) {
        precondition(isLeafProxy(proxy), "DynamicTree: \(proxy) is not a proxy")
        removeLeaf(proxy)
        freeNode(proxy)
        proxyCount -= 1
    }

    /// Whether the fat box `fat` of a moving shape (tight box `tight`, last displacement `d`)
    /// is far larger than the shape now needs: it reaches beyond the fat box the shape would
    /// get now, grown by 4 × (margin + |d|). A box stretched ahead of a fast motion that has
    /// since slowed or stopped is then shrunk instead of kept, with all the pairs it would
    /// find, for as long as the shape stays inside (Box2D 2.4 shrinks at 4 × its margin; the
    /// |d| term keeps a body in steady motion from being re-filed before it escapes).
    @inlinable
    public static func isOversized(_ fat: AABB, tight: AABB, displacement d: Vec2) -> Bool {
        let allowed = 4 * (margin(forTight: tight) + Swift.max(abs(d.x), abs(d.y)))
        return !fatAABB(tight: tight, isStatic: false, displacement: d).expanded(by: allowed).contains(fat)
    }

    /// Whether a moving shape (tight box `tight`, last displacement `d`) may keep the fat box
    /// `fat`: its box grown by the speculative distance and stretched by one more displacement
    /// ahead is inside (so the pairs the coming tick's motion can meet are found before it,
    /// not a tick late, whatever the reach of the last refit), and `fat` is not oversized.
    ///
    /// Most shapes' fat boxes are not oversized by far, which a cheaper box decides first:
    /// `isOversized`'s box without the stretch ahead (the fat box the shape would get now,
    /// unstretched, grown by the same allowance). Each of its bounds is computed by the same
    /// rounded operations as `isOversized`'s with a non-negative term left out, and rounding
    /// is monotone, so it lies inside that box: a fat box it contains is not oversized (the
    /// same answer without working out the stretch; where it does not contain it, the whole
    /// test decides). (Without the allowance's displacement term, 4 × margin alone, it missed
    /// most of the chains' stretched boxes: chains +0.13 %.)
    @inlinable @inline(__always)
    public static func fatBoxHolds(_ fat: AABB, tight: AABB, displacement d: Vec2) -> Bool {
        var need = tight.expanded(by: CollisionConstants.speculativeDistance)
        if d.x < 0 { need.lower.x += d.x } else { need.upper.x += d.x }
        if d.y < 0 { need.lower.y += d.y } else { need.upper.y += d.y }
        if !fat.contains(need) { return false }
        let allowed = 4 * (margin(forTight: tight) + Swift.max(abs(d.x), abs(d.y)))
        if fatAABB(tight: tight, isStatic: false).expanded(by: allowed).contains(fat) { return true }
        return !isOversized(fat, tight: tight, displacement: d)
    }

    /// Re-inserts a proxy if the shape's grown tight box escaped its fat box, or the fat box
    /// is oversized (`fatBoxHolds`); the new fat box reaches ahead along `displacement`, the
    /// body's last motion (see the file comment).
    ///
    /// - Returns: whether the proxy was re-inserted (the caller then queues it for pairing).
    @discardableResult
    public mutating func moveProxyIfEscaped(_ proxy: Int32, tight: AABB, displacement: Vec2 = Vec2(0, 0)) -> Bool {
        let node = nodes[Int(proxy)]
        precondition(node.height == 0, "DynamicTree: \(proxy) is not a proxy")
        let isStatic = node.flags & Self.staticFlag != 0
        let holds = isStatic
            ? node.aabb.contains(tight.expanded(by: CollisionConstants.speculativeDistance))
            : Self.fatBoxHolds(node.aabb, tight: tight, displacement: displacement)
        if holds { return false }
        refitProxy(proxy, fatAABB: Self.fatAABB(tight: tight, isStatic: isStatic, displacement: displacement))
        return true
    }

    /// `moveProxyIfEscaped` for a moving proxy whose caller has just found, with the proxy's
    /// fat box as it is, that `fatBoxHolds` is false: re-inserted without making the test a
    /// second time. (A static proxy, whose test is another, is tested as `moveProxyIfEscaped`
    /// does.) Returns whether it was re-inserted.
    @discardableResult
    public mutating func refileProxy(_ proxy: Int32, tight: AABB, displacement: Vec2) -> Bool {
        precondition(nodes[Int(proxy)].height == 0, "DynamicTree: \(proxy) is not a proxy")
        if nodes[Int(proxy)].flags & Self.staticFlag != 0 {
            return moveProxyIfEscaped(proxy, tight: tight, displacement: displacement)
        }
        refitProxy(proxy, fatAABB: Self.fatAABB(tight: tight, isStatic: false, displacement: displacement))
        return true
    }

    /// Replaces a proxy's fat box in place: the leaf keeps its place and its ancestors' boxes
    /// are recomputed up to the first one that does not change. O(depth), no search and no
    /// rotation; the topology is kept, so its quality is watched by `rebuildIfDegraded()`.
    public mutating func refitProxy(_ proxy: Int32, fatAABB: AABB) {
        precondition(isLeafProxy(proxy), "DynamicTree: \(proxy) is not a proxy")
        refitsSinceCheck &+= 1
        nodes.withUnsafeMutableBufferPointer { buffer in
            let n = buffer.baseAddress!
            n[Int(proxy)].aabb = fatAABB
            var index = n[Int(proxy)].parent
            while index != Self.nullNode {
                let box = n[Int(n[Int(index)].child1)].aabb.union(n[Int(n[Int(index)].child2)].aabb)
                if box == n[Int(index)].aabb { break }
                n[Int(index)].aabb = box
                index = n[Int(index)].parent
            }
        }
    }

    // MARK: Quality

    /// The sum of the internal nodes' perimeters: the surface-area cost of the tree, which
    /// queries pay for. O(nodes).
    public func internalArea() -> Real {
        nodes.withUnsafeBufferPointer { n in
            var area: Real = 0
            for i in 0..<n.count where n[i].height > 0 { area += n[i].aabb.perimeter }
            return area
        }
    }

    /// After refits (moves that keep the topology), compares the tree's cost with its cost
    /// after the last rebuild and rebuilds it when it has grown by more than `factor`. Moved
    /// leaves drift away from the neighbours they were inserted beside, and only a rebuild
    /// brings them back. Returns whether it rebuilt. Query results are sets of proxies, so
    /// the tree's shape never changes what a query finds, only how fast.
    @discardableResult
    public mutating func rebuildIfDegraded(factor: Real = 2) -> Bool {
        if refitsSinceCheck == 0 { return false }
        refitsSinceCheck = 0
        let area = internalArea()
        if baselineArea < 0 || area <= factor * baselineArea {
            if baselineArea < 0 { baselineArea = area }
            return false
        }
        rebuild()
        baselineArea = internalArea()
        return true
    }

    /// Rebuilds the tree from its leaves (ascending proxy id, each inserted by surface-area
    /// cost with rotations). Proxy ids, fat boxes and user data are kept.
    public mutating func rebuild() {
        freeList = Self.nullNode
        // Free every internal node (and re-thread the free nodes), highest index first so
        // that allocation hands them out in ascending order.
        var i = nodes.count - 1
        while i >= 0 {
            if nodes[i].height == 0 {
                nodes[i].parent = Self.nullNode
            } else {
                nodes[i] = .blank
                nodes[i].parent = freeList
                freeList = Int32(i)
            }
            i -= 1
        }
        // The leaves in ascending order, inserted as they are found: inserting one only
        // takes internal nodes (height ≥ 1) off the free list, so the scan meets the same
        // leaves in the same order as a list made first would (the step runs this, and a
        // list was an allocation, 4 B a proxy).
        root = Self.nullNode
        var k = 0
        while k < nodes.count {
            if nodes[k].height == 0 { insertLeaf(Int32(k)) }
            k += 1
        }
    }

    /// Replaces a proxy's fat box and re-inserts it.
    public mutating func moveProxy(_ proxy: Int32, fatAABB: AABB) {
        precondition(isLeafProxy(proxy), "DynamicTree: \(proxy) is not a proxy")
        removeLeaf(proxy)
        nodes[Int(proxy)].aabb = fatAABB
        insertLeaf(proxy)
    }

    /// The fat box of a proxy.
    @inlinable
    public func fatAABB(_ proxy: Int32) -> AABB { nodes[Int(proxy)].aabb }

    /// The user data of a proxy.
    @inlinable
    public func userData(_ proxy: Int32) -> Int { nodes[Int(proxy)].userData }

    /// The height of the tree (0 for a single leaf, -1 when empty).
    /// Bytes reserved by the node array (memory reports).
    public var reservedBytes: Int { nodes.capacity * MemoryLayout<TreeNode>.stride }

    public var height: Int { root == Self.nullNode ? -1 : Int(nodes[Int(root)].height) }

    /// Total perimeter of the internal nodes over the root's: 1 is ideal, larger is worse.
    public var areaRatio: Real {
        guard root != Self.nullNode else { return 0 }
        let rootArea = nodes[Int(root)].aabb.perimeter
        var total: Real = 0
        for node in nodes where node.height > 0 { total += node.aabb.perimeter }
        return rootArea > 0 ? total / rootArea : 0
    }

    func isLeafProxy(_ proxy: Int32) -> Bool {
        proxy >= 0 && Int(proxy) < nodes.count && nodes[Int(proxy)].height == 0
    }

    // MARK: Queries

    /// Calls `visit(proxy)` for every proxy whose fat box overlaps `box`, until it returns false.
    ///
    /// Visits follow the tree's layout, which is deterministic. No allocation: the traversal
    /// stack lives on the call stack.
    @inlinable
    public func query(_ box: AABB, _ visit: (Int32) -> Bool) {
        guard root != Self.nullNode else { return }
        let root = self.root
        nodes.withUnsafeBufferPointer { buffer in
            let n = buffer.baseAddress!
            let capacity = Int(n[Int(root)].height) + 2
            if !n[Int(root)].aabb.overlaps(box) { return }
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity) { stack in
                let s = stack.baseAddress!
                var count = 1
                s[0] = root
                // Only nodes whose boxes overlap are pushed (each child is tested before it is
                // pushed, not after it is popped): the same nodes are visited in the same order,
                // without a push and a pop for each child that misses.
                while count > 0 {
                    count &-= 1
                    let index = Int(s[count])
                    if n[index].height == 0 {
                        if !visit(Int32(truncatingIfNeeded: index)) { return }
                    } else {
                        // Pushing child2 first visits child1 first.
                        let child1 = n[index].child1
                        let child2 = n[index].child2
                        if n[Int(child2)].aabb.overlaps(box) {
                            s[count] = child2
                            count &+= 1
                        }
                        if n[Int(child1)].aabb.overlaps(box) {
                            s[count] = child1
                            count &+= 1
                        }
                    }
                }
            }
        }
    }

    /// Appends to `results` the id of every proxy whose fat box overlaps `box`.
    ///
    /// The hot-path form of ``query(_:_:)``: keep `results` alive between calls and clear
    /// it with `removeAll(keepingCapacity: true)`, so that it stops allocating.
    @inlinable
    public func query(_ box: AABB, into results: inout ContiguousArray<Int32>) {
        query(box) { proxy in
            results.append(proxy)
            return true
        }
    }

    /// Casts the segment from `p1` to `p2` through the tree.
    ///
    /// For each proxy whose fat box the segment (up to the current maximum fraction) enters,
    /// calls `hit(proxy, maxFraction)`, which returns the new maximum fraction: the hit's
    /// fraction to clip the ray, the old value to ignore the proxy, or 0 to stop.
    ///
    /// Maths: slab test. With d = p2 − p1, the ray enters box [lo, hi] on axis k at
    /// t = (lo_k − p1_k)/d_k or (hi_k − p1_k)/d_k, whichever is smaller; the box is hit
    /// when the largest entry is at most the smallest exit and within [0, maxFraction].
    @inlinable
    public func rayCast(from p1: Vec2, to p2: Vec2, maxFraction: Real = 1, _ hit: (Int32, Real) -> Real) {
        guard root != Self.nullNode else { return }
        let root = self.root
        let d = p2 - p1
        let invX = d.x != 0 ? 1 / d.x : Real.infinity
        let invY = d.y != 0 ? 1 / d.y : Real.infinity
        var maxT = maxFraction
        nodes.withUnsafeBufferPointer { buffer in
            let n = buffer.baseAddress!
            let capacity = Int(n[Int(root)].height) + 2
            withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity) { stack in
                let s = stack.baseAddress!
                var count = 1
                s[0] = root
                while count > 0 {
                    count &-= 1
                    let index = Int(s[count])
                    let node = n[index]
                    if !Self.segmentEnters(node.aabb, p1: p1, d: d, invX: invX, invY: invY, maxT: maxT) { continue }
                    if node.height == 0 {
                        let t = hit(Int32(truncatingIfNeeded: index), maxT)
                        if t <= 0 { return }
                        maxT = Swift.min(maxT, t)
                    } else {
                        s[count] = node.child2
                        s[count &+ 1] = node.child1
                        count &+= 2
                    }
                }
            }
        }
    }

    @inlinable @inline(__always)
    static func segmentEnters(_ b: AABB, p1: Vec2, d: Vec2, invX: Real, invY: Real, maxT: Real) -> Bool {
        var tMin: Real = 0
        var tMax = maxT
        if d.x == 0 {
            if p1.x < b.lower.x || p1.x > b.upper.x { return false }
        } else {
            var t1 = (b.lower.x - p1.x) * invX
            var t2 = (b.upper.x - p1.x) * invX
            if t1 > t2 { swap(&t1, &t2) }
            tMin = Swift.max(tMin, t1)
            tMax = Swift.min(tMax, t2)
        }
        if d.y == 0 {
            if p1.y < b.lower.y || p1.y > b.upper.y { return false }
        } else {
            var t1 = (b.lower.y - p1.y) * invY
            var t2 = (b.upper.y - p1.y) * invY
            if t1 > t2 { swap(&t1, &t2) }
            tMin = Swift.max(tMin, t1)
            tMax = Swift.min(tMax, t2)
        }
        return tMin <= tMax
    }

    // MARK: Node pool

    mutating func allocateNode() -> Int32 {
        if freeList != Self.nullNode {
            let index = freeList
            freeList = nodes[Int(index)].parent
            nodes[Int(index)] = .blank
            return index
        }
        precondition(nodes.count < Int(Int32.max), "DynamicTree: too many nodes")
        nodes.append(.blank)
        return Int32(nodes.count - 1)
    }

    mutating func freeNode(_ index: Int32) {
        nodes[Int(index)] = .blank
        nodes[Int(index)].parent = freeList
        freeList = index
    }

    // MARK: Insertion and removal

    /// Links an allocated leaf into the tree (its box already set).
    mutating func insertLeaf(_ leaf: Int32) {
        if root == Self.nullNode {
            root = leaf
            nodes[Int(leaf)].parent = Self.nullNode
            return
        }
        // Allocate before taking the pointer: the pool may grow.
        let newParent = allocateNode()
        var root = self.root
        nodes.withUnsafeMutableBufferPointer { buffer in
            Self.insertLeaf(buffer.baseAddress!, root: &root, leaf: leaf, newParent: newParent)
        }
        self.root = root
    }

    static func insertLeaf(_ n: UnsafeMutablePointer<TreeNode>, root: inout Int32, leaf: Int32, newParent: Int32) {
        let leafBox = n[Int(leaf)].aabb
        let sibling = findBestSibling(n, root: root, leafBox: leafBox)
        let oldParent = n[Int(sibling)].parent
        n[Int(newParent)] = TreeNode(
            aabb: leafBox.union(n[Int(sibling)].aabb), userData: -1, parent: oldParent, child1: sibling,
            child2: leaf, height: n[Int(sibling)].height + 1, flags: 0)
        n[Int(sibling)].parent = newParent
        n[Int(leaf)].parent = newParent
        if oldParent == nullNode {
            root = newParent
        } else if n[Int(oldParent)].child1 == sibling {
            n[Int(oldParent)].child1 = newParent
        } else {
            n[Int(oldParent)].child2 = newParent
        }
        // Refit and rotate the ancestors.
        var index = oldParent
        while index != nullNode {
            rotate(n, index)
            refit(n, index)
            index = n[Int(index)].parent
        }
    }

    /// The sibling of least surface-area cost for a new leaf (see the file comment).
    static func findBestSibling(_ n: UnsafeMutablePointer<TreeNode>, root: Int32, leafBox: AABB) -> Int32 {
        let leafArea = leafBox.perimeter
        var best = root
        var bestCost = n[Int(root)].aabb.union(leafBox).perimeter
        var inherited: Real = 0
        var index = root
        while n[Int(index)].height > 0 {
            let node = n[Int(index)]
            inherited += node.aabb.union(leafBox).perimeter - node.aabb.perimeter
            let c1 = node.child1
            let c2 = node.child2
            let box1 = n[Int(c1)].aabb
            let box2 = n[Int(c2)].aabb
            let direct1 = box1.union(leafBox).perimeter
            let direct2 = box2.union(leafBox).perimeter
            if direct1 + inherited < bestCost {
                best = c1
                bestCost = direct1 + inherited
            }
            if direct2 + inherited < bestCost {
                best = c2
                bestCost = direct2 + inherited
            }
            let lower1 = n[Int(c1)].height > 0 ? inherited + (direct1 - box1.perimeter) + leafArea : .infinity
            let lower2 = n[Int(c2)].height > 0 ? inherited + (direct2 - box2.perimeter) + leafArea : .infinity
            if Swift.min(lower1, lower2) >= bestCost { break }
            index = lower1 <= lower2 ? c1 : c2
        }
        return best
    }

    /// Recomputes an internal node's box and height from its children.
    @inline(__always)
    static func refit(_ n: UnsafeMutablePointer<TreeNode>, _ index: Int32) {
        let c1 = n[Int(index)].child1
        let c2 = n[Int(index)].child2
        n[Int(index)].aabb = n[Int(c1)].aabb.union(n[Int(c2)].aabb)
        n[Int(index)].height = 1 + Swift.max(n[Int(c1)].height, n[Int(c2)].height)
    }

    /// Swaps a child of `a` with a grandchild on the other side if that shrinks the tree's
    /// total area (see the file comment). `a`'s own box is unchanged by any swap.
    static func rotate(_ n: UnsafeMutablePointer<TreeNode>, _ a: Int32) {
        let b = n[Int(a)].child1
        let c = n[Int(a)].child2
        let nodeB = n[Int(b)]
        let nodeC = n[Int(c)]
        if nodeB.height == 0 && nodeC.height == 0 { return }
        // 0: none, 1: B↔F, 2: B↔G, 3: C↔D, 4: C↔E (F, G children of C; D, E children of B).
        var bestMove = 0
        var bestDelta: Real = 0
        if nodeC.height > 0 {
            let boxF = n[Int(nodeC.child1)].aabb
            let boxG = n[Int(nodeC.child2)].aabb
            let areaC = nodeC.aabb.perimeter
            let dBF = nodeB.aabb.union(boxG).perimeter - areaC
            let dBG = nodeB.aabb.union(boxF).perimeter - areaC
            if dBF < bestDelta { bestDelta = dBF; bestMove = 1 }
            if dBG < bestDelta { bestDelta = dBG; bestMove = 2 }
        }
        if nodeB.height > 0 {
            let boxD = n[Int(nodeB.child1)].aabb
            let boxE = n[Int(nodeB.child2)].aabb
            let areaB = nodeB.aabb.perimeter
            let dCD = nodeC.aabb.union(boxE).perimeter - areaB
            let dCE = nodeC.aabb.union(boxD).perimeter - areaB
            if dCD < bestDelta { bestDelta = dCD; bestMove = 3 }
            if dCE < bestDelta { bestDelta = dCE; bestMove = 4 }
        }
        switch bestMove {
        case 1: swapChild(n, parent: a, child: b, withGrandchild: nodeC.child1, under: c, keeping: nodeC.child2)
        case 2: swapChild(n, parent: a, child: b, withGrandchild: nodeC.child2, under: c, keeping: nodeC.child1)
        case 3: swapChild(n, parent: a, child: c, withGrandchild: nodeB.child1, under: b, keeping: nodeB.child2)
        case 4: swapChild(n, parent: a, child: c, withGrandchild: nodeB.child2, under: b, keeping: nodeB.child1)
        default: return
        }
    }

    /// Exchanges `child` (of `parent`) with `grandchild` (of `uncle`, the other child),
    /// then refits `uncle`, whose children become `child` and `kept`.
    @inline(__always)
    static func swapChild(
        _ n: UnsafeMutablePointer<TreeNode>, parent: Int32, child: Int32, withGrandchild grandchild: Int32,
        under uncle: Int32, keeping kept: Int32
    ) {
        if n[Int(parent)].child1 == child { n[Int(parent)].child1 = grandchild } else { n[Int(parent)].child2 = grandchild }
        n[Int(grandchild)].parent = parent
        if n[Int(uncle)].child1 == grandchild { n[Int(uncle)].child1 = child } else { n[Int(uncle)].child2 = child }
        n[Int(child)].parent = uncle
        n[Int(uncle)].aabb = n[Int(child)].aabb.union(n[Int(kept)].aabb)
        n[Int(uncle)].height = 1 + Swift.max(n[Int(child)].height, n[Int(kept)].height)
    }

    /// Unlinks a leaf; its parent node is freed and the sibling takes the parent's place.
    mutating func removeLeaf(_ leaf: Int32) {
        if leaf == root {
            root = Self.nullNode
            return
        }
        let parent = nodes[Int(leaf)].parent
        var root = self.root
        nodes.withUnsafeMutableBufferPointer { buffer in
            let n = buffer.baseAddress!
            let grand = n[Int(parent)].parent
            let sibling = n[Int(parent)].child1 == leaf ? n[Int(parent)].child2 : n[Int(parent)].child1
            n[Int(sibling)].parent = grand
            if grand == Self.nullNode {
                root = sibling
            } else {
                if n[Int(grand)].child1 == parent { n[Int(grand)].child1 = sibling } else { n[Int(grand)].child2 = sibling }
                var index = grand
                while index != Self.nullNode {
                    Self.refit(n, index)
                    index = n[Int(index)].parent
                }
            }
        }
        self.root = root
        nodes[Int(leaf)].parent = Self.nullNode
        freeNode(parent)
    }

    // MARK: Validation

    /// Checks the tree's invariants; returns a description of the first violation, or nil.
    ///
    /// Checked: parent links, leaves have no children, heights are 1 + the larger child's,
    /// every internal box contains its children's, the leaf count, and that every node is
    /// either reachable from the root or on the free list. O(n); for tests and debug builds.
    public func validationFailure() -> String? {
        var reached = 0
        var leaves = 0
        if root != Self.nullNode {
            if nodes[Int(root)].parent != Self.nullNode { return "root has a parent" }
            var stack: [Int32] = [root]
            while let index = stack.popLast() {
                reached += 1
                let node = nodes[Int(index)]
                if node.height < 0 { return "node \(index) is reachable but free" }
                if node.height == 0 {
                    leaves += 1
                    if node.child1 != Self.nullNode { return "leaf \(index) has children" }
                    continue
                }
                for child in [node.child1, node.child2] {
                    if child < 0 || Int(child) >= nodes.count { return "node \(index) has a bad child \(child)" }
                    if nodes[Int(child)].parent != index { return "child \(child) does not point back to \(index)" }
                    if !node.aabb.contains(nodes[Int(child)].aabb) { return "node \(index) does not contain child \(child)" }
                    stack.append(child)
                }
                let h = 1 + Swift.max(nodes[Int(node.child1)].height, nodes[Int(node.child2)].height)
                if node.height != h { return "node \(index) has height \(node.height), expected \(h)" }
            }
        }
        if leaves != proxyCount { return "\(leaves) leaves but \(proxyCount) proxies" }
        var free = 0
        var index = freeList
        while index != Self.nullNode {
            free += 1
            if free > nodes.count { return "free list has a cycle" }
            index = nodes[Int(index)].parent
        }
        if reached + free != nodes.count { return "\(nodes.count - reached - free) nodes leaked" }
        return nil
    }
}
