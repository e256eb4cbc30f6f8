// The set of pairs that have a contact: which two colliders already have one, asked for every
// candidate pair the broadphase finds (Docs/solver.md §2.3; Box2D v3 keeps a hash set of pair
// keys for the same question).
//
// A flat open-addressing table of 64-bit keys, not Swift's Set: the step loop must do no
// dictionary look-up (the Hasher is seeded per process and its cost is a function call per
// probe), and the table must allocate nothing once it has grown. Keys are hashed by a
// multiplication with the golden-ratio constant, keeping the top bits (Fibonacci hashing); a
// collision probes the next slot (linear probing) and removal shifts the following entries
// back instead of leaving tombstones, so the table never degrades with use. The load stays at
// most one half. Membership only: the table is never iterated, so its order decides nothing.

struct PairTable {
    /// The value of an empty slot; no pair key has all bits set (an item code is below 2^31
    /// for both parties, and a segment code sets only bit 31 of its half).
    static let empty = UInt64.max

    /// Empty until the first insert: a new table (the step swaps a fresh ContactWorld in and
    /// out) allocates nothing.
    private var slots = ContiguousArray<UInt64>()
    /// log2 of the capacity once allocated.
    private var bits = 3
    private(set) var count = 0
    /// Bytes reserved (memory reports).
    var reservedBytes: Int { slots.capacity * 8 }

    init() {}

    @inline(__always)
    private static func home(_ key: UInt64, bits: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }

    func contains(_ key: UInt64) -> Bool {
        if count == 0 { return false }
        return slots.withUnsafeBufferPointer { s in
            let mask = s.count - 1
            var i = Self.home(key, bits: bits)
            while true {
                let k = s[i]
                if k == key { return true }
                if k == Self.empty { return false }
                i = (i + 1) & mask
            }
        }
    }

    /// Adds `key`; returns false if it was already present.
    @discardableResult
    mutating func insert(_ key: UInt64) -> Bool {
        precondition(key != Self.empty, "PairTable: the empty key")
        if 2 * (count + 1) > slots.count { grow() }
        let mask = slots.count - 1
        let bits = self.bits
        var i = Self.home(key, bits: bits)
        let added: Bool = slots.withUnsafeMutableBufferPointer { s in
            while true {
                let k = s[i]
                if k == key { return false }
                if k == Self.empty {
                    s[i] = key
                    return true
                }
                i = (i + 1) & mask
            }
        }
        if added { count += 1 }
        return added
    }

    /// Removes `key`; returns false if it was not present. The entries after it in its probe
    /// run move back into the hole when their home allows, so every key stays reachable.
    @discardableResult
    mutating func remove(_ key: UInt64) -> Bool {
        if count == 0 { return false }
        let bits = self.bits
        let removed: Bool = slots.withUnsafeMutableBufferPointer { s in
            let mask = s.count - 1
            var hole = Self.home(key, bits: bits)
            while true {
                let k = s[hole]
                if k == Self.empty { return false }
                if k == key { break }
                hole = (hole + 1) & mask
            }
            var j = hole
            while true {
                j = (j + 1) & mask
                let k = s[j]
                if k == Self.empty { break }
                // k may fill the hole unless its home lies cyclically in (hole, j].
                let h = Self.home(k, bits: bits)
                let homeAfterHole = hole <= j ? (hole < h && h <= j) : (hole < h || h <= j)
                if !homeAfterHole {
                    s[hole] = k
                    hole = j
                }
            }
            s[hole] = Self.empty
            return true
        }
        if removed { count -= 1 }
        return removed
    }

    /// Empties the table, keeping its capacity.
    mutating func removeAll() {
        slots.withUnsafeMutableBufferPointer { s in
            for i in 0..<s.count { s[i] = Self.empty }
        }
        count = 0
    }

    private mutating func grow() {
        let old = slots
        bits += 1  // 16 slots first
        slots = ContiguousArray(repeating: Self.empty, count: 1 << bits)
        count = 0
        for k in old where k != Self.empty { insert(k) }
    }
}
