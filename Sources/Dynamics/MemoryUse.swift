// Where a world's memory goes: the bytes each of its large tables has reserved (capacity ×
// stride), for `dyn-bench memory` (Docs/benchmarks.md, Memory). Tables of behaviors, fields
// and joints are summed into one line each; small fixed-size state is left out.

extension World {
    /// One table: its name, its element count and the bytes it reserves.
    public struct TableUse: Sendable {
        public var name: String
        public var count: Int
        public var bytes: Int
        /// The bytes of one element (0 for the tables that are not one array).
        public var stride: Int = 0
    }

    /// The large tables of the world, in bytes reserved.
    public var memoryUse: [TableUse] {
        func use<T>(_ name: String, _ a: ContiguousArray<T>) -> TableUse {
            TableUse(name: name, count: a.count, bytes: a.capacity * MemoryLayout<T>.stride, stride: MemoryLayout<T>.stride)
        }
        let cw = contactWorld
        let bp = cw.broadPhase
        var out: [TableUse] = [
            use("items", items), use("bodySims", bodySims), use("bodyInfos", bodyInfos), use("bodyForces", bodyForces), use("shapes", shapes),
            use("vertices", vertices), use("normals", normals), use("solverBodies", solverBodies),
            use("contacts", cw.contacts), use("contactSims", cw.contactSims), use("freeSims", cw.freeSims),
            use("constraints", cw.constraints), use("constraintPoints", cw.constraintPoints),
            use("wideContacts", cw.wideContacts), use("overflowContacts", cw.overflowContacts),
            use("colourMasks", cw.colourMasks), use("constraintColours", cw.constraintColours),
            use("wideBodyList", cw.wideBodyList), use("wideStates", cw.wideStates), use("wideBanked", cw.wideBanked), use("deepScratch", cw.deepScratch), use("constraintSlots", cw.constraintSlots), use("colourKeys", cw.colourKeys),
            use("prepareOrder", cw.prepareOrder),
            use("itemProxies", cw.itemProxies), use("itemFat", cw.itemFat), use("filterStart", cw.filterStart),
            use("filterCount", cw.filterCount), use("filterPool", cw.filterPool), use("filterFlags", cw.filterFlags),
            use("bodyMinExtent", cw.bodyMinExtent), use("bodyMaxExtent", cw.bodyMaxExtent),
            use("pairScratch", cw.pairScratch), use("removals", cw.removals), use("wakeScratch", cw.wakeScratch),
            use("queryScratch", cw.queryScratch), use("impactCandidates", cw.impactCandidates),
        ]
        out.append(TableUse(name: "pairSet", count: cw.pairSet.count, bytes: cw.pairSet.reservedBytes))
        out.append(TableUse(name: "staticTree", count: bp.staticTree.proxyCount, bytes: bp.staticTree.reservedBytes))
        out.append(TableUse(name: "dynamicTree", count: bp.dynamicTree.proxyCount, bytes: bp.dynamicTree.reservedBytes))
        out.append(TableUse(name: "kinematicTree", count: bp.kinematicTree.proxyCount, bytes: bp.kinematicTree.reservedBytes))
        out.append(TableUse(name: "moveBuffer", count: bp.moveCount, bytes: bp.reservedBufferBytes))
        return out
    }
}
