// How the world stores its fields: one `FieldTable` value (a stored property of `World`), made
// of flat arrays of trivial structs so that copying the world (undo) copies buffers and the
// step touches no class, closure or dictionary.
//
//   records      one per field, in creation order (the order forces are summed and the order
//                in which "the first velocity field holding an item" is found); a behavior
//                slot's `record` is the index, re-pointed when a removal shifts later records
//   regionNodes  every field's region in postfix order (Region.swift); a record owns the
//                range regionStart ..< regionStart + regionCount, and the pool stays compact
//                (replacing or removing a region shifts the later ranges)
//   clock        simulated seconds, advanced by every tick: the `time` of noise and custom fields
//   pairs, accumulators  per-tick scratch of the step (FieldStep.swift)
//
// A field's explicit items are (behavior, item) memberships in the world's shared list
// (`World.behaviors.fieldMembers`, as gravity and push keep theirs), so adding items, removing an item and
// grouping items keep them right without code of their own.

import DynamicsMath

/// One field behavior. A trivial struct.
struct FieldRecord {
    /// The behavior slot it belongs to.
    var slot: UInt32
    /// true: acts on every item, present and future.
    var allItems: Bool
    var parameters: FieldParameters
    /// Its region's range in `FieldTable.regionNodes`.
    var regionStart: Int32
    var regionCount: Int32
}

/// A (field, body) pair the step evaluates, rebuilt every tick. A trivial struct.
struct FieldPair {
    /// Index in `FieldTable.records`.
    var record: Int32
    /// Dense body index.
    var body: Int32
}

/// What the fields add to one body in a sub-step (FieldStep.swift). A trivial struct.
struct FieldAccumulator {
    /// Σ F₀, N.
    var force = Vec2.zero
    /// Σ D, kg/s.
    var damping: Real = 0
    /// Σ B, kg/s.
    var turning: Real = 0
    /// The first velocity field's velocity, pt/s.
    var velocity = Vec2.zero
    var overrides = false
    var touched = false
}

/// The world's fields (file comment).
struct FieldTable {
    /// At most this many fields per world (Docs/semantics.md §13: the original refuses a 33rd).
    static let capacity = 32

    var records = ContiguousArray<FieldRecord>()
    var regionNodes = ContiguousArray<RegionNode>()
    /// Simulated time, s: the sum of every tick's duration so far.
    var clock: Double = 0
    /// `clock` when the current tick began.
    var tickStart: Double = 0
    /// Scratch of the step: the tick's (field, body) pairs and per-body sums.
    var pairs = ContiguousArray<FieldPair>()
    var accumulators = ContiguousArray<FieldAccumulator>()

    /// The region nodes of record `f`.
    func regionSlice(_ f: Int) -> ArraySlice<RegionNode> {
        let start = Int(records[f].regionStart)
        return regionNodes[start..<(start + Int(records[f].regionCount))]
    }

    /// Replaces record `f`'s region with `region` (validated), keeping the pool compact.
    mutating func setRegion(_ f: Int, _ region: FieldRegion) {
        var nodes = ContiguousArray<RegionNode>()
        region.compile(into: &nodes)
        let start = Int(records[f].regionStart)
        let oldCount = Int(records[f].regionCount)
        regionNodes.replaceSubrange(start..<(start + oldCount), with: nodes)
        let shift = Int32(nodes.count - oldCount)
        records[f].regionCount = Int32(nodes.count)
        for k in records.indices where records[k].regionStart > Int32(start) { records[k].regionStart += shift }
    }

    /// Appends a record for `slot` (its region compiled at the end of the pool).
    mutating func append(slot: UInt32, allItems: Bool, _ d: FieldDefinition) {
        let start = Int32(regionNodes.count)
        d.region.compile(into: &regionNodes)
        records.append(
            FieldRecord(
                slot: slot, allItems: allItems, parameters: FieldParameters(d), regionStart: start,
                regionCount: Int32(regionNodes.count) - start))
    }

    /// Removes record `f` and its region; later records move down by one (callers re-point
    /// their behavior slots).
    mutating func remove(_ f: Int) {
        setRegion(f, .everywhere)  // shrink its range to one node, then drop that node
        let start = Int(records[f].regionStart)
        regionNodes.remove(at: start)
        for k in records.indices where records[k].regionStart > Int32(start) { records[k].regionStart -= 1 }
        records.remove(at: f)
    }
}
