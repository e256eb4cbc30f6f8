// Named boundaries (UICollisionBehavior.addBoundary, Docs/semantics.md §8, §8.1, §14.14).
//
// A boundary is static: a line (two points) or a path closed into a loop of straight
// segments (concave outlines allowed; a 2-point path is a line, Docs/semantics.md §14.14). Its
// friction and elasticity are the model's item defaults (ideal 0 / 0, uikit 0.2 / 0.2: what
// shipping UIKit shows, Docs/semantics.md §8.1) until set, and it collides with every item of every
// collision behavior whose mode includes boundaries. In `dyn` boundaries belong to the
// world, not to one behavior, and are named by `BoundaryID` handles (index + generation,
// like items).
//
// Storage: a slot table of trivial records whose points live in one pool. The engine turns
// them, together with every behavior's reference-bounds rectangle, into two-sided segments
// when the collision tables are rebuilt (Contacts/ContactWorld.swift).

import DynamicsCollision
import DynamicsMath

/// A handle to a named boundary.
public struct BoundaryID: Hashable, Sendable, CustomStringConvertible {
    /// Slot in the world's boundary table.
    public let index: UInt32
    /// Generation of that slot when the boundary was created (≥ 1).
    public let generation: UInt32

    public init(index: UInt32, generation: UInt32) {
        self.index = index
        self.generation = generation
    }

    /// The handle that names nothing.
    public static let none = BoundaryID(index: 0, generation: 0)

    public var description: String { "boundary#\(index).\(generation)" }
}

/// One named boundary slot.
struct BoundarySlot {
    var generation: UInt32
    var live: Bool
    var nextFree: Int32
    /// The points in `World.boundaryPoints`.
    var pointStart: Int32
    var pointCount: Int32
    /// A closed loop (the last point joins the first).
    var closed: Bool
    /// Serial of its first segment; segment k has `serial + k` (stable contact identities).
    var serial: UInt32
    /// Creation order (segments are built in this order).
    var order: UInt64
    /// Material; nil: the model's default.
    var friction: Real? = nil
    var elasticity: Real? = nil
}

extension World {
    /// The friction of a named boundary: its own, or the model's default (nil if unknown).
    public func boundaryFriction(_ id: BoundaryID) -> Real? {
        boundarySlot(id).map { boundarySlots[$0].friction ?? model.defaultFriction }
    }

    /// The elasticity of a named boundary: its own, or the model's default (nil if unknown).
    public func boundaryElasticity(_ id: BoundaryID) -> Real? {
        boundarySlot(id).map { boundarySlots[$0].elasticity ?? model.defaultElasticity }
    }

    /// Sets a named boundary's material; a nil argument leaves that value as it is. Friction
    /// must be finite and ≥ 0, elasticity finite (as an item's).
    ///
    /// Throws `.invalidValue` (unknown boundary, bad value); a failed call changes nothing.
    public mutating func setBoundaryMaterial(_ id: BoundaryID, elasticity: Real? = nil, friction: Real? = nil) throws(EngineError) {
        guard let i = boundarySlot(id) else {
            throw EngineError(.invalidValue, field: nil, "unknown or removed boundary")
        }
        try World.checkMaterial(elasticity: elasticity, friction: friction)
        if let e = elasticity { boundarySlots[i].elasticity = e }
        if let f = friction { boundarySlots[i].friction = f }
        noteCollisionEdit()
    }

    /// The friction of a collision behavior's bounds boundary: its own, or the model's
    /// default (nil if `id` is not a collision behavior).
    public func boundsFriction(_ id: BehaviorID) -> Real? {
        collisionRecordIndex(id).map { collisions[$0].boundsFriction ?? model.defaultFriction }
    }

    /// The elasticity of a collision behavior's bounds boundary: its own, or the model's
    /// default (nil if `id` is not a collision behavior).
    public func boundsElasticity(_ id: BehaviorID) -> Real? {
        collisionRecordIndex(id).map { collisions[$0].boundsElasticity ?? model.defaultElasticity }
    }

    /// Sets the material of a collision behavior's bounds boundary (UIKit's reference-bounds
    /// boundary belongs to one collision behavior); nil leaves a value as it is.
    ///
    /// Throws `.invalidValue` (not a collision behavior, bad value); a failed call changes nothing.
    public mutating func setBoundsMaterial(_ id: BehaviorID, elasticity: Real? = nil, friction: Real? = nil) throws(EngineError) {
        guard let r = collisionRecordIndex(id) else {
            throw EngineError(.invalidValue, field: nil, "not a collision behavior")
        }
        try World.checkMaterial(elasticity: elasticity, friction: friction)
        if let e = elasticity { collisions[r].boundsElasticity = e }
        if let f = friction { collisions[r].boundsFriction = f }
        noteCollisionEdit()
    }

    static func checkMaterial(elasticity: Real?, friction: Real?) throws(EngineError) {
        if let e = elasticity { try World.checkElasticity(e) }
        if let f = friction {
            try World.checkValue("friction", f)
            if f < 0 { throw EngineError.mustBeNonNegative("friction", f) }
        }
    }

    /// The index in `collisions` of a collision behavior.
    func collisionRecordIndex(_ id: BehaviorID) -> Int? {
        guard let s = behaviorSlot(id), behaviors.slots[s].kind == .collision else { return nil }
        return Int(behaviors.slots[s].record)
    }

    /// Adds a static boundary: a line through 2 points (`closed` false), or a path closed into a
    /// loop (`closed` true; a closed path of 2 points is a line). Points in world pt.
    ///
    /// Throws `.invalidValue` (fewer than 2 points, a NaN or infinite coordinate, all points equal).
    public mutating func addBoundary(points: [Vec2], closed: Bool) throws(EngineError) -> BoundaryID {
        guard points.count >= 2 else {
            throw EngineError(.invalidValue, field: "points", "a boundary needs at least 2 points (got \(points.count))")
        }
        for (k, p) in points.enumerated() where !p.isFinite || Swift.abs(p.x) > World.largestValue || Swift.abs(p.y) > World.largestValue {
            throw EngineError(.invalidValue, field: "points", "boundary point \(k + 1) must have coordinates between -1e12 and 1e12")
        }
        guard points.contains(where: { $0 != points[0] }) else {
            throw EngineError(.invalidValue, field: "points", "a boundary needs two distinct points")
        }
        let isLoop = closed && points.count > 2
        let start = boundaryPoints.count
        boundaryPoints.append(contentsOf: points)
        contactWorld.boundaryOrder += 1
        let serial = contactWorld.segmentSerial
        contactWorld.segmentSerial &+= UInt32(points.count + 1)
        var record = BoundarySlot(
            generation: 1, live: true, nextFree: -1, pointStart: Int32(start), pointCount: Int32(points.count),
            closed: isLoop, serial: serial, order: contactWorld.boundaryOrder)
        let i: Int
        if freeBoundary >= 0 {
            i = Int(freeBoundary)
            freeBoundary = boundarySlots[i].nextFree
            record.generation = boundarySlots[i].generation
            boundarySlots[i] = record
        } else {
            boundarySlots.append(record)
            i = boundarySlots.count - 1
        }
        noteCollisionEdit()
        return BoundaryID(index: UInt32(i), generation: record.generation)
    }

    /// Removes a named boundary; items resting on it wake up.
    public mutating func removeBoundary(_ id: BoundaryID) throws(EngineError) {
        guard let i = boundarySlot(id) else {
            throw EngineError(.invalidValue, field: nil, "unknown or removed boundary")
        }
        let start = Int(boundarySlots[i].pointStart)
        let count = Int(boundarySlots[i].pointCount)
        boundaryPoints.removeSubrange(start..<(start + count))
        for k in boundarySlots.indices where boundarySlots[k].live && boundarySlots[k].pointStart > Int32(start) {
            boundarySlots[k].pointStart -= Int32(count)
        }
        boundarySlots[i].live = false
        boundarySlots[i].pointCount = 0
        boundarySlots[i].generation &+= 1
        if boundarySlots[i].generation == 0 { boundarySlots[i].generation = 1 }
        boundarySlots[i].nextFree = freeBoundary
        freeBoundary = Int32(i)
        noteCollisionEdit()
    }

    /// The points of a named boundary as given (nil if unknown).
    public func boundaryPoints(_ id: BoundaryID) -> [Vec2]? {
        guard let i = boundarySlot(id) else { return nil }
        let start = Int(boundarySlots[i].pointStart)
        return Array(boundaryPoints[start..<(start + Int(boundarySlots[i].pointCount))])
    }

    /// Whether a named boundary's path is a closed loop (nil if unknown).
    public func boundaryIsClosed(_ id: BoundaryID) -> Bool? {
        boundarySlot(id).map { boundarySlots[$0].closed }
    }

    /// Every live named boundary, in creation order.
    public var boundaryIDs: [BoundaryID] {
        boundarySlots.indices.filter { boundarySlots[$0].live }
            .sorted { boundarySlots[$0].order < boundarySlots[$1].order }
            .map { BoundaryID(index: UInt32($0), generation: boundarySlots[$0].generation) }
    }

    /// Whether `id` names a live boundary.
    public func isValid(_ id: BoundaryID) -> Bool { boundarySlot(id) != nil }

    func boundarySlot(_ id: BoundaryID) -> Int? {
        let i = Int(id.index)
        guard id.generation != 0, i < boundarySlots.count, boundarySlots[i].live,
            boundarySlots[i].generation == id.generation
        else { return nil }
        return i
    }
}
