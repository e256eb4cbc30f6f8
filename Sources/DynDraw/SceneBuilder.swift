// Makes a `Scene` of a world through the engine's public API. The world knows ids, not names;
// the caller (the language) passes the names in creation order, which is also the drawing
// order and fixes each item's colour.

import Dynamics
import DynamicsMath

public enum SceneBuilder {
    /// A picture of `world` now. `items` lists views and groups (members may be listed too;
    /// each member is drawn once, in its group's colour); `links` lists behaviors, of which
    /// attachments, snaps and fields are drawn (SceneFields.swift); `boundaries` lists boundary lines and outlines.
    public static func scene(
        of world: World, items: [(name: String, id: ItemID)], links: [(name: String, id: BehaviorID)] = [],
        boundaries: [(name: String, id: BoundaryID)] = [], trails: [Scene.Trail] = []
    ) -> Scene {
        // A group's members take its colour and name; look the groups up first (members are
        // made before their group, so they come earlier in creation order).
        var groupOf: [ItemID: (name: String, color: Int)] = [:]
        for (k, entry) in items.enumerated() where world.isGroup(entry.id) {
            for m in world.members(of: entry.id) { groupOf[m] = (entry.name, k) }
        }
        var drawn: [Scene.Item] = []
        drawn.reserveCapacity(items.count)
        for (k, entry) in items.enumerated() {
            guard let outline = world.itemOutline(entry.id) else { continue }
            let id = entry.id
            let w = world.property(.width, of: id), h = world.property(.height, of: id)
            let shape: Scene.Shape
            switch outline {
            case .rectangle: shape = .rectangle(width: w, height: h)
            case .ellipse: shape = .ellipse(width: w, height: h)
            case .path(let ps): shape = .polygon(ps)
            }
            let group = groupOf[id]
            drawn.append(
                Scene.Item(
                    name: entry.name, shape: shape,
                    center: Vec2(world.property(.x, of: id), world.property(.y, of: id)),
                    angle: world.property(.angle, of: id),
                    velocity: Vec2(world.property(.vx, of: id), world.property(.vy, of: id)),
                    anchored: world.property(.anchored, of: id) != 0, sleeping: world.isSleeping(id),
                    group: group?.name, colorIndex: group?.color ?? k))
        }
        var lines: [Scene.Link] = []
        var fields: [Scene.Field] = []
        for (name, id) in links {
            if world.fieldKind(id) != nil {
                if let f = field(of: world, name: name, id: id) { fields.append(f) }
                continue
            }
            guard let g = world.linkGeometry(id) else { continue }
            let style: Scene.LinkStyle
            switch g.kind {
            case nil: style = .snap
            case .anchor?, .items?: style = g.isSpring ? .spring : .rod
            case .pin?: style = .pin
            case .fixed?: style = .fixed
            case .limit?: style = .limit
            case .slide?: style = .slide
            }
            var b = g.b
            if style == .slide, let axis = g.axis {
                // A slide is drawn as a stretch of its axis through the joint.
                let reach: Real = 40
                lines.append(Scene.Link(name: name, style: .slide, a: g.a - reach * axis, b: g.a + reach * axis, bIsAnchor: false))
                continue
            }
            if style == .pin || style == .fixed { b = g.a }
            lines.append(Scene.Link(name: name, style: style, a: g.a, b: b, bIsAnchor: g.bIsWorld && style != .fixed))
        }
        let walls = boundaries.compactMap { entry -> Scene.Boundary? in
            guard let ps = world.boundaryPoints(entry.id), let closed = world.boundaryIsClosed(entry.id) else { return nil }
            return Scene.Boundary(name: entry.name, points: ps, closed: closed)
        }
        return Scene(
            time: world.time, bounds: Rect(x: 0, y: 0, width: world.size.x, height: world.size.y),
            boundsCollide: world.boundsCollide, items: drawn, boundaries: walls, links: lines, trails: trails, fields: fields,
            kineticEnergy: world.totalKineticEnergy)
    }
}
