// How much memory a copy of the world holds on its own: what an undo history needs to know to
// keep itself within a budget.
//
// `World` is a value whose state is tables (`ContiguousArray`s of trivial structs): a copy
// shares every table with the original until one of them changes a table, which then gets
// its own buffer. So the memory a kept copy costs is the size of its tables whose buffers the
// other copy no longer shares. The tables are found by reflection, not by a list of fields,
// so that a table added to the world (or to one of its parts) is counted without a change
// here; this runs once per command that changed the world, never in the step.

/// A table whose buffer can be told apart from another's.
protocol FootprintTable {
    /// The buffer's address (0 when it has none) and the bytes it holds.
    var footprintBuffer: (address: UInt, bytes: Int) { get }
}

extension ContiguousArray: FootprintTable {
    var footprintBuffer: (address: UInt, bytes: Int) {
        let bytes = capacity * MemoryLayout<Element>.stride
        if bytes == 0 { return (0, 0) }
        return withUnsafeBufferPointer { (UInt(bitPattern: $0.baseAddress), bytes) }
    }
}

extension Array: FootprintTable {
    var footprintBuffer: (address: UInt, bytes: Int) {
        let bytes = capacity * MemoryLayout<Element>.stride
        if bytes == 0 { return (0, 0) }
        return withUnsafeBufferPointer { (UInt(bitPattern: $0.baseAddress), bytes) }
    }
}

extension World {
    /// The bytes of this world's tables that `other` does not share: what keeping this copy
    /// costs beside `other` (0 for a copy neither has changed since).
    public func bytesNotShared(with other: World) -> Int {
        var theirs = Set<UInt>()
        World.forEachTable(of: other) { address, _ in theirs.insert(address) }
        var bytes = 0
        World.forEachTable(of: self) { address, size in
            if !theirs.contains(address) { bytes += size }
        }
        return bytes
    }

    /// The bytes of all this world's tables.
    public var tableBytes: Int {
        var bytes = 0
        World.forEachTable(of: self) { _, size in bytes += size }
        return bytes
    }

    static func forEachTable(of world: World, _ body: (UInt, Int) -> Void) {
        func visit(_ value: Any) {
            if let table = value as? any FootprintTable {
                let (address, bytes) = table.footprintBuffer
                if bytes > 0 { body(address, bytes) }
                return
            }
            let mirror = Mirror(reflecting: value)
            guard mirror.displayStyle == .struct || mirror.displayStyle == .tuple || mirror.displayStyle == .optional else { return }
            for child in mirror.children { visit(child.value) }
        }
        visit(world)
    }
}
