import DynTestSupport
// The contact pair table (Contacts/PairTable.swift) against Swift's Set, the reference.

@testable import Dynamics
import Testing

@Suite struct PairTableTests {
    /// Random inserts and removals over a small key range (so that probe runs collide, wrap
    /// round the table's end and shift back on removal, and the table grows): every answer
    /// and the count match a Set's, and every key inserted and not removed is still found.
    @Test(arguments: [1, 2, 3])
    func matchesSet(seed: UInt64) {
        var rng = TestRandom(seed: seed)
        var table = PairTable()
        var reference = Set<UInt64>()
        for step in 0..<20_000 {
            // Keys shaped like pair keys: two codes, one possibly a segment's.
            let a = UInt64(rng.below(40))
            let b = UInt64(rng.below(40)) | (rng.below(4) == 0 ? 0x8000_0000 : 0)
            let key = a << 32 | b
            switch rng.below(3) {
            case 0, 1:
                #expect(table.insert(key) == reference.insert(key).inserted, "insert at step \(step)")
            default:
                #expect(table.remove(key) == (reference.remove(key) != nil), "remove at step \(step)")
            }
            #expect(table.count == reference.count)
            if step % 1000 == 999 {
                for k in reference { #expect(table.contains(k)) }
                for probe in 0..<200 {
                    let k = UInt64(probe % 40) << 32 | UInt64(probe / 5)
                    #expect(table.contains(k) == reference.contains(k))
                }
            }
        }
        table.removeAll()
        #expect(table.count == 0)
        for k in reference { #expect(!table.contains(k)) }
    }
}
