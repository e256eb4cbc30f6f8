// A fingerprint of the simulation state, for determinism tests and golden values.

import DynamicsMath

extension World {
    /// FNV-1a over the bit patterns of every body's pose and velocity (in body order), the
    /// frame count and the tick accumulator, and the fields (their parameters, regions and clock). Equal hashes mean (with overwhelming likelihood)
    /// bit-identical states.
    public func stateHash() -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ x: UInt64) {
            var v = x
            for _ in 0..<8 {
                h ^= v & 0xff
                h = h &* 0x0000_0100_0000_01b3
                v >>= 8
            }
        }
        mix(UInt64(frameCount))
        mix(accumulator.bitPattern)
        for b in bodySims {
            mix(b.transform.p.x.bitPattern)
            mix(b.transform.p.y.bitPattern)
            mix(b.angle.bitPattern)
            mix(b.transform.q.c.bitPattern)
            mix(b.transform.q.s.bitPattern)
            mix(b.v.x.bitPattern)
            mix(b.v.y.bitPattern)
            mix(b.w.bitPattern)
        }
        for word in fieldHashWords() { mix(word) }  // Fields: nothing when there are none
        return h
    }
}
