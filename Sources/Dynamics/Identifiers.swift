// Handles to engine objects: an index into a slot array plus a generation.
//
// A slot's generation is bumped when the object in it is removed, so a stale handle is
// recognised (`World.isValid`) instead of silently naming whatever reuses the slot. Generation
// 0 is never issued: the zero handle means "none" (Box2D's b2_nullBodyId).

/// A handle to an item (a view, or a group of views).
public struct ItemID: Hashable, Sendable, CustomStringConvertible {
    /// Slot in the world's item table.
    public let index: UInt32
    /// Generation of that slot when the item was created (≥ 1).
    public let generation: UInt32

    public init(index: UInt32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }

    /// The handle that names nothing.
    public static let none = ItemID(index: 0, generation: 0)

    public var description: String { "item#\(index).\(generation)" }
}

/// A handle to a behavior (gravity for now; collision, attachments, push, snap and fields later).
public struct BehaviorID: Hashable, Sendable, CustomStringConvertible {
    /// Slot in the world's behavior table.
    public let index: UInt32
    /// Generation of that slot when the behavior was created (≥ 1).
    public let generation: UInt32

    public init(index: UInt32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }

    /// The handle that names nothing.
    public static let none = BehaviorID(index: 0, generation: 0)

    public var description: String { "behavior#\(index).\(generation)" }
}
