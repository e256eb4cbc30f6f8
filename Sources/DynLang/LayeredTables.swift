// Tables of the session that every state on the undo stack copies: the names of things.
//
// A session is a value and `undo` keeps copies of it. A plain Dictionary or Array shares its
// storage with those copies until the first change, which then copies every entry: `add view`
// on a world of 50,000 named items copied three tables of 50,000 entries to change one entry
// of each. Here a table is a large base plus a small layer of the changes since: a copy shares
// the base, and while the base is shared a change goes to the layer, which copies only the
// layer. When the layer outgrows about √n entries it is folded into a new base of its own, and
// while no other copy holds the base (no checkpoint since the last fold, or no history at all:
// a script that never says `undo`) a change goes into the base in place. So a change costs
// O(1) amortised, plus one copy of the base after each checkpoint that a change reaches, which
// the checkpoint's own cost (copying the world's tables) covers. (Folding into a new base every
// √n changes even when none was shared made `add view` cost O(√n): 14 µs with 1,000 items,
// 30 µs with 50,000.) Nothing iterates a dictionary into output: the names' order is kept by
// `LayeredList`.

/// A dictionary as a shared base and a layer of recent changes.
struct LayeredTable<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// Changed in place only while this table is its only holder (copy on write).
    final class Base: @unchecked Sendable {
        var entries: [Key: Value]
        init(_ entries: [Key: Value]) { self.entries = entries }
    }

    private var base = Base([:])
    /// Changes since `base` was shared: a value, or nil for a key removed.
    private var layer: [Key: Value?] = [:]

    init() {}

    subscript(key: Key) -> Value? {
        get {
            if let changed = layer[key] { return changed }
            return base.entries[key]
        }
        set {
            if isKnownUniquelyReferenced(&base) {
                if !layer.isEmpty { fold() }
                base.entries[key] = newValue
                return
            }
            layer[key] = .some(newValue)
            if layer.count > LayeredList<Key>.foldThreshold(base.entries.count) { fold() }
        }
    }

    /// Every key, in no particular order (callers sort).
    var keys: [Key] { Array(merged.keys) }

    /// Every entry (for look-ups; iterated, its order is no order).
    var merged: [Key: Value] {
        var all = base.entries
        for (key, value) in layer { all[key] = value }
        return all
    }

    /// Moves the layer into the base: in place if no copy shares it, else into a new one.
    private mutating func fold() {
        if !isKnownUniquelyReferenced(&base) { base = Base(base.entries) }
        for (key, value) in layer { base.entries[key] = value }
        layer = [:]
    }
}

/// An array that grows at its end, as a shared base and a tail of recent appends. An element
/// that occurs once (a name in creation order) is removed by `removeUnique` in O(1): it stays
/// in place, counted as dropped, until the dropped make half the list, which is then compacted.
/// Until then reading the elements looks each one up among the dropped (a hash a name).
/// Keeping each element's place instead, so that a read would hash nothing, cost every
/// `add view` a write to one more table of every name: 18 -> 27 µs a command on 50,000 items
/// with undo on; not kept.
/// (`removeAll(where:)` read and rewrote every entry: `remove` of an item on 50,000 took 1.3 ms.)
struct LayeredList<Element: Hashable & Sendable>: Sendable, Sequence {
    /// Changed in place only while this list is its only holder (copy on write).
    final class Base: @unchecked Sendable {
        var elements: [Element]
        init(_ elements: [Element]) { self.elements = elements }
    }

    private var base = Base([])
    private var tail: [Element] = []
    /// The occurrences in `base` and `tail` that `removeUnique` took out, by element: how many
    /// of its first occurrences are gone (2: removed, added again, removed again); and their total.
    private var dropped = LayeredTable<Element, Int>()
    private var droppedCount = 0

    init() {}

    /// The largest layer kept beside a base of `n` entries: about √n, at least 64.
    static func foldThreshold(_ n: Int) -> Int {
        var root = 8
        while root * root < n { root += root / 2 + 1 }
        return Swift.max(64, root)
    }

    var count: Int { base.elements.count + tail.count - droppedCount }

    var elements: [Element] {
        let all = tail.isEmpty ? base.elements : base.elements + tail
        if droppedCount == 0 { return all }
        var skip = dropped.merged
        var kept: [Element] = []
        kept.reserveCapacity(all.count - droppedCount)
        for element in all {
            if let k = skip[element], k > 0 {
                skip[element] = k - 1
            } else {
                kept.append(element)
            }
        }
        return kept
    }

    mutating func append(_ element: Element) {
        if isKnownUniquelyReferenced(&base) {
            if !tail.isEmpty { fold() }
            base.elements.append(element)
            return
        }
        tail.append(element)
        if tail.count > LayeredList.foldThreshold(base.elements.count) { fold() }
    }

    mutating func removeAll(where shouldRemove: (Element) -> Bool) {
        if droppedCount > 0 { compact() }
        fold()
        base.elements.removeAll(where: shouldRemove)
    }

    /// Removes `element`, which occurs exactly once in the list (amortised O(1)).
    mutating func removeUnique(_ element: Element) {
        dropped[element] = (dropped[element] ?? 0) + 1
        droppedCount += 1
        if droppedCount > Swift.max(64, (base.elements.count + tail.count) / 2) { compact() }
    }

    /// Drops the removed occurrences for good: a new base of the elements left.
    private mutating func compact() {
        base = Base(elements)
        tail = []
        dropped = LayeredTable()
        droppedCount = 0
    }

    /// Moves the tail into the base: in place if no copy shares it, else into a new one.
    private mutating func fold() {
        if !isKnownUniquelyReferenced(&base) { base = Base(base.elements) }
        base.elements.append(contentsOf: tail)
        tail = []
    }

    func makeIterator() -> IndexingIterator<[Element]> { elements.makeIterator() }
}
