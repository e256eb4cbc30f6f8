// What a picture of the world needs that the rest of the public API does not say: each item's
// outline in its own frame, where each attachment's and snap's two ends are now, and whether
// the bounds are a wall. Read-only; pictures (the DynDraw module) are made from these and the
// item properties.

import DynamicsMath

/// Where an attachment or a snap is, for drawing.
public struct LinkGeometry: Equatable, Sendable {
    /// The attached point on the first item, world pt.
    public var a: Vec2
    /// The attached point on the second item, or the world end (anchor, hinge, snap point).
    public var b: Vec2
    /// Whether `b` is fixed in the world rather than on an item.
    public var bIsWorld: Bool
    /// A slide's axis in world axes (unit length); nil for other kinds.
    public var axis: Vec2?
    /// The attachment's kind; nil for a snap.
    public var kind: AttachmentKind?
    /// Whether it is a spring (an anchor or items attachment with a frequency above 0).
    public var isSpring: Bool
}

extension World {
    /// The outline of a view or a group member in its own frame (centred on `x`, `y`, turned by
    /// `angle`): its shape as created, with a path's points relative to its centre. nil for a
    /// group (draw its members) and for an unknown item.
    public func itemOutline(_ id: ItemID) -> ItemShape? {
        guard let i = slot(id), items[i].kind != .group else { return nil }
        let rec = items[i]
        switch rec.shapeRequest {
        case .rectangle: return .rectangle
        case .ellipse: return .ellipse
        case .path:
            // The shape's vertices are in the body's frame; a member's sit at its offset there.
            return .path(polygonVertices(shapes[Int(rec.shape)].geometry).map { $0 - rec.offset })
        }
    }

    /// The two ends of an attachment or a snap now, or nil for another behavior.
    public func linkGeometry(_ id: BehaviorID) -> LinkGeometry? {
        guard let s = behaviorSlot(id) else { return nil }
        let kind = behaviors.slots[s].kind
        guard kind == .attachment || kind == .snap else { return nil }
        var j = jointWorld.joints[Int(behaviors.slots[s].record)]
        if kind == .snap {
            return LinkGeometry(
                a: itemFrame(Int(j.itemA)).p, b: j.localB, bIsWorld: true, axis: nil, kind: nil, isSpring: false)
        }
        let attachment = AttachmentKind(code: j.kind)
        var axis: Vec2? = nil
        if attachment == .slide {
            // The axis is kept in the frame of the stored first end.
            let q = j.itemA == JointSim.world ? Rot.identity : itemFrame(Int(j.itemA)).q
            axis = q.apply(j.localAxis).normalized
        }
        // Present the ends in creation order: A on the first item, B on the second or the world.
        if j.flags & JointFlags.swapped != 0 || j.itemA == JointSim.world {
            swap(&j.itemA, &j.itemB)
            swap(&j.localA, &j.localB)
        }
        return LinkGeometry(
            a: jointPoint(j.itemA, j.localA), b: jointPoint(j.itemB, j.localB), bIsWorld: j.itemB == JointSim.world,
            axis: axis, kind: attachment,
            isSpring: (attachment == .anchor || attachment == .items) && j.hertz > 0)
    }

    /// Whether some collision behavior turns the reference bounds into a wall.
    public var boundsCollide: Bool {
        collisions.contains { $0.bounds && $0.mode.includesBoundaries }
    }
}
