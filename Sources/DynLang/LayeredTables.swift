// Tables of the session that every state on the undo stack copies: the names of things.
//
// A session is a value and `undo` keeps copies of it. A plain Dictionary or Array shares its
// storage with those copies until the first change, which then copies every entry: `add view`
// on a world of 50,000 named items copied three tables of 50,000 entries to change one entry
// of each. Here a table is a large shared base that is never changed in place plus a small
// layer of the changes since; a copy shares the base, and a change copies only the layer.
// When the layer outgrows about √n entries it is folded into a new base, so a change costs
// O(√n) at worst (amortised), never O(n). Nothing iterates a dictionary into output: the
// names' order is kept by `LayeredList`.

/// A dictionary as a shared base and a layer of recent changes.
struct LayeredTable<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    final class Base: Sendable {
        let entries: [Key: Value]
        init(_ entries: [Key: Value]) { self.entries = entries }
    }

    private var base = Base([:])
    /// Changes since `base`: a value, or nil for a key removed.
    private var layer: [Key: Value?] = [:]

    init() {}

    subscript(key: Key) -> Value? {
        get {
            if let changed = layer[key] { return changed }
            return base.entries[key]
        }
        set {
            layer[key] = .some(newValue)
            if layer.count > LayeredList<Key>.foldThreshold(base.entries.count) { fold() }
        }
    }

    /// Every key, in no particular order (callers sort).
    var keys: [Key] {
        var all = base.entries
        for (key, value) in layer { all[key] = value }
        return Array(all.keys)
    }

    private mutating func fold() {
        var entries = base.entries
        for (key, value) in layer { entries[key] = value }
        base = Base(entries)
        layer = [:]
    }
}

/// An array that grows at its end, as a shared base and a tail of recent appends.
struct LayeredList<Element: Sendable>: Sendable, Sequence {
    final class Base: Sendable {
        let elements: [Element]
        init(_ elements: [Element]) { self.elements = elements }
    }

    private var base = Base([])
    private var tail: [Element] = []

    init() {}

    /// The largest layer kept beside a base of `n` entries: about √n, at least 64.
    static func foldThreshold(_ n: Int) -> Int {
        var root = 8
        while root * root < n { root += root / 2 + 1 }
        return Swift.max(64, root)
    }

    var count: Int { base.elements.count + tail.count }
    var elements: [Element] { tail.isEmpty ? base.elements : base.elements + tail }

    mutating func append(_ element: Element) {
        tail.append(element)
        if tail.count > LayeredList.foldThreshold(base.elements.count) {
            base = Base(base.elements + tail)
            tail = []
        }
    }

    mutating func removeAll(where shouldRemove: (Element) -> Bool) {
        var all = elements
        all.removeAll(where: shouldRemove)
        base = Base(all)
        tail = []
    }

    func makeIterator() -> IndexingIterator<[Element]> { elements.makeIterator() }
}
