// Internal bookkeeping of items, bodies, shapes and the vertex pool (all cold paths).

import DynamicsCollision
import DynamicsMath

extension World {
    // MARK: Item slots

    /// The slot of a live item, or nil.
    func slot(_ id: ItemID) -> Int? {
        let i = Int(id.index)
        guard id.generation != 0, i < items.count, items[i].generation == id.generation,
            items[i].kind != .free
        else { return nil }
        return i
    }

    /// The slot of a live item, or `.unknownItem`.
    func requireSlot(_ id: ItemID) throws(EngineError) -> Int {
        guard let i = slot(id) else { throw EngineError.unknownItem }
        return i
    }

    /// The handle of a live slot.
    func itemID(_ slot: Int) -> ItemID {
        ItemID(index: UInt32(slot), generation: items[slot].generation)
    }

    /// Stores `record` in a free slot (bumping its generation) or a new one.
    mutating func allocateItem(_ record: ItemRecord) -> Int {
        var rec = record
        itemSerial += 1
        rec.serial = itemSerial
        rec.nextFree = -1
        if freeItem >= 0 {
            let i = Int(freeItem)
            freeItem = items[i].nextFree
            rec.generation = items[i].generation
            items[i] = rec
            return i
        }
        rec.generation = 1
        items.append(rec)
        return items.count - 1
    }

    /// Frees a slot; its generation moves on so old handles become invalid.
    mutating func freeItemSlot(_ i: Int) {
        items[i].kind = .free
        items[i].generation &+= 1
        if items[i].generation == 0 { items[i].generation = 1 }
        items[i].nextFree = freeItem
        items[i].body = -1
        items[i].shape = -1
        freeItem = Int32(i)
    }

    /// A fresh record with the model's defaults.
    func defaultRecord(kind: ItemKind, size: Vec2) -> ItemRecord {
        ItemRecord(
            generation: 0, nextFree: -1, serial: 0, body: -1, shape: -1, group: ItemRecord.noGroup,
            nextMember: ItemRecord.noGroup, offset: .zero, size: size,
            elasticity: model.defaultElasticity, friction: model.defaultFriction, density: 1,
            resistance: model.defaultResistance, angularResistance: model.defaultAngularResistance, charge: 0,
            kind: kind, shapeRequest: .rectangle, allowsRotation: true, anchored: false, explicit: 0)
    }

    /// Resets the material values the user did not set to the current model's defaults.
    mutating func applyModelDefaults(item i: UInt32) {
        let i = Int(i)
        let e = items[i].explicit
        if e & ExplicitBits.elasticity == 0 { items[i].elasticity = model.defaultElasticity }
        if e & ExplicitBits.friction == 0 { items[i].friction = model.defaultFriction }
        if e & ExplicitBits.resistance == 0 { items[i].resistance = model.defaultResistance }
        if e & ExplicitBits.angularResistance == 0 { items[i].angularResistance = model.defaultAngularResistance }
    }

    // MARK: Bodies

    /// Appends a body at rest, origin at `p` turned by `angle`; returns its dense index.
    mutating func createBody(item: Int, origin p: Vec2, angle: Real) -> Int {
        let xf = Transform(p: p, q: Rot(angle: angle))
        bodySims.append(
            BodySim(
                transform: xf, center: p, localCenter: .zero, angle: angle, v: .zero, w: 0, invMass: 0,
                invInertia: 0, linearDamping: 0, angularDamping: 0, flags: 0, gravity: 0, sleepTime: 0))
        bodyInfos.append(
            BodyInfo(item: UInt32(item), firstShape: -1, shapeCount: 0, mass: 0, inertia: 0))
        let b = bodySims.count - 1
        items[item].body = Int32(b)
        return b
    }

    /// Removes a body and its shapes; the last body takes its place.
    mutating func removeBody(_ b: Int) {
        while bodyInfos[b].firstShape >= 0 {
            removeShape(Int(bodyInfos[b].firstShape))
        }
        let last = bodySims.count - 1
        if b != last {
            bodySims[b] = bodySims[last]
            bodyInfos[b] = bodyInfos[last]
            items[Int(bodyInfos[b].item)].body = Int32(b)
            var s = bodyInfos[b].firstShape
            while s >= 0 {
                shapes[Int(s)].body = Int32(b)
                s = shapes[Int(s)].next
            }
        }
        bodySims.removeLast()
        bodyInfos.removeLast()
    }

    /// Sets a body's damping, flags and inverse mass from its item's settings.
    mutating func syncBodySettings(body b: Int) {
        let rec = items[Int(bodyInfos[b].item)]
        var sim = bodySims[b]
        sim.linearDamping = rec.resistance
        sim.angularDamping = rec.angularResistance
        sim.flags = (rec.anchored ? BodyFlags.isStatic : 0) | (rec.allowsRotation ? 0 : BodyFlags.fixedRotation)
            | (rec.bullet ? BodyFlags.isBullet : 0)
        sim.sleepTime = 0  // a settings change wakes the body (the asleep flag is cleared above)
        let info = bodyInfos[b]
        if rec.anchored {
            sim.invMass = 0
            sim.invInertia = 0
            sim.v = .zero
            sim.w = 0
        } else {
            sim.invMass = info.mass > 0 ? 1 / info.mass : 0
            sim.invInertia = (rec.allowsRotation && info.inertia > 0) ? 1 / info.inertia : 0
            if !rec.allowsRotation { sim.w = 0 }
        }
        bodySims[b] = sim
    }

    /// Recomputes a body's mass, inertia and centre of mass from its shapes. The origin stays;
    /// the centre-of-mass velocity is corrected so that the motion of the origin is unchanged.
    mutating func updateMass(body b: Int) {
        var parts: [MassData] = []
        var s = bodyInfos[b].firstShape
        while s >= 0 {
            parts.append(shapeMass(Int(s)))
            s = shapes[Int(s)].next
        }
        let md = MassData.combine(parts)
        bodyInfos[b].mass = md.mass
        bodyInfos[b].inertia = md.inertia
        let oldCenter = bodySims[b].center
        bodySims[b].localCenter = md.center
        s = bodyInfos[b].firstShape
        while s >= 0 {
            shapes[Int(s)].roundSide = World.roundSide(shapes[Int(s)].geometry, md.center)
            s = shapes[Int(s)].next
        }
        bodySims[b].center = bodySims[b].transform.apply(md.center)
        bodySims[b].v += cross(bodySims[b].w, bodySims[b].center - oldCenter)
        syncBodySettings(body: b)
    }

    /// Mass properties of one shape (its centre in body coordinates, inertia in kg·pt²).
    func shapeMass(_ s: Int) -> MassData {
        let shape = shapes[s]
        let g = shape.geometry
        switch g.kind {
        case .circle: return circleMass(center: g.center, radius: g.radius, density: shape.density)
        case .ellipse: return ellipseMass(center: g.center, semiAxes: g.semiAxes, density: shape.density)
        case .polygon: return polygonMass(polygonVertices(g), density: shape.density)
        }
    }

    /// A copy of a polygon's vertices (body coordinates).
    func polygonVertices(_ g: ShapeGeometry) -> [Vec2] {
        let start = Int(g.vertexStart)
        return Array(vertices[start..<(start + Int(g.vertexCount))])
    }

    // MARK: Shapes

    /// Appends a shape to body `b` for item slot `item`; returns its index.
    @discardableResult
    mutating func addShape(body b: Int, item: Int, geometry: ShapeGeometry) -> Int {
        let rec = items[item]
        shapes.append(
            ShapeRecord(
                geometry: geometry, roundSide: World.roundSide(geometry, bodySims[b].localCenter), body: Int32(b),
                item: UInt32(item), next: bodyInfos[b].firstShape, density: rec.density, friction: rec.friction,
                elasticity: rec.elasticity, aabb: .empty))
        let s = shapes.count - 1
        bodyInfos[b].firstShape = Int32(s)
        bodyInfos[b].shapeCount += 1
        items[item].shape = Int32(s)
        return s
    }

    /// Unlinks and removes a shape (freeing its vertices); the last shape takes its place.
    mutating func removeShape(_ s: Int) {
        let b = Int(shapes[s].body)
        unlink(shape: s, from: b)
        bodyInfos[b].shapeCount -= 1
        let g = shapes[s].geometry
        if g.kind == .polygon { freeVertices(start: Int(g.vertexStart), count: Int(g.vertexCount), shape: s) }
        if items[Int(shapes[s].item)].shape == Int32(s) { items[Int(shapes[s].item)].shape = -1 }
        let last = shapes.count - 1
        if s != last {
            // Re-point whoever links to `last` at `s`.
            let mb = Int(shapes[last].body)
            if bodyInfos[mb].firstShape == Int32(last) {
                bodyInfos[mb].firstShape = Int32(s)
            } else {
                var p = bodyInfos[mb].firstShape
                while p >= 0 && shapes[Int(p)].next != Int32(last) { p = shapes[Int(p)].next }
                if p >= 0 { shapes[Int(p)].next = Int32(s) }
            }
            shapes[s] = shapes[last]
            items[Int(shapes[s].item)].shape = Int32(s)
        }
        shapes.removeLast()
    }

    private mutating func unlink(shape s: Int, from b: Int) {
        if bodyInfos[b].firstShape == Int32(s) {
            bodyInfos[b].firstShape = shapes[s].next
            return
        }
        var p = bodyInfos[b].firstShape
        while p >= 0 {
            if shapes[Int(p)].next == Int32(s) {
                shapes[Int(p)].next = shapes[s].next
                return
            }
            p = shapes[Int(p)].next
        }
    }

    /// Copies an item's material into its shape.
    mutating func syncShapeMaterial(shape s: Int) {
        let rec = items[Int(shapes[s].item)]
        shapes[s].density = rec.density
        shapes[s].friction = rec.friction
        shapes[s].elasticity = rec.elasticity
    }

    // MARK: Geometry

    /// The geometry for an item's requested shape, centred at `offset` in body coordinates.
    /// `path` holds the validated path vertices (relative to the item's centre) for `.path`.
    mutating func makeGeometry(_ request: ShapeRequest, size: Vec2, offset: Vec2, path: [Vec2]) -> ShapeGeometry {
        switch request {
        case .rectangle:
            return allocatePolygon(boxPolygon(halfExtents: 0.5 * size, center: offset), boxHalfExtents: 0.5 * size)
        case .ellipse:
            if size.x == size.y { return .circle(center: offset, radius: 0.5 * size.x) }
            switch model {
            case .ideal: return .ellipse(center: offset, semiAxes: 0.5 * size)
            case .uikit: return allocatePolygon(ellipsePolygon(semiAxes: 0.5 * size, center: offset))
            }
        case .path:
            return allocatePolygon(path.map { $0 + offset })
        }
    }

    /// Rebuilds an ellipse shape for the current model (rectangles and paths never change).
    mutating func rebuildGeometry(shape s: Int) {
        let old = shapes[s].geometry
        if old.kind == .polygon { freeVertices(start: Int(old.vertexStart), count: Int(old.vertexCount), shape: s) }
        let rec = items[Int(shapes[s].item)]
        shapes[s].geometry = makeGeometry(rec.shapeRequest, size: rec.size, offset: rec.offset, path: [])
    }

    /// Appends a polygon (stored winding) and its normals to the pools, or shares the range
    /// of the last polygon appended when `v` equals it vertex for vertex (a crowd of equal
    /// boxes keeps one copy, not 64 B of vertices and normals each; the pools are never
    /// written after they are appended to, so a shared range is read as its own).
    /// `boxHalfExtents`: the half extents when `v` is a rectangle aligned with the body's
    /// axes (ShapeGeometry.semiAxes), else zero.
    mutating func allocatePolygon(_ v: [Vec2], boxHalfExtents: Vec2 = .zero) -> ShapeGeometry {
        let last = Int(lastPolygonStart)
        if last >= 0 && vertices.count - last == v.count && v.indices.allSatisfy({ vertices[last + $0] == v[$0] }) {
            return .polygon(
                start: Int32(last), count: Int32(v.count), centroid: polygonCentroid(v), boxHalfExtents: boxHalfExtents)
        }
        let start = vertices.count
        vertices.append(contentsOf: v)
        normals.append(contentsOf: polygonNormals(v))
        lastPolygonStart = Int32(start)
        return .polygon(
            start: Int32(start), count: Int32(v.count), centroid: polygonCentroid(v), boxHalfExtents: boxHalfExtents)
    }

    /// Removes the vertex range of shape `s`'s polygon from the pools and shifts the ranges
    /// after it, unless another shape shares the range.
    mutating func freeVertices(start: Int, count: Int, shape s: Int) {
        for i in shapes.indices where i != s && shapes[i].geometry.kind == .polygon
            && Int(shapes[i].geometry.vertexStart) == start
        {
            return
        }
        lastPolygonStart = -1
        vertices.removeSubrange(start..<(start + count))
        normals.removeSubrange(start..<(start + count))
        for i in shapes.indices where shapes[i].geometry.kind == .polygon && Int(shapes[i].geometry.vertexStart) > start {
            shapes[i].geometry.vertexStart -= Int32(count)
        }
    }

    /// The vertices of a shape's polygon relative to `origin` (for moving it to another body).
    func localPolygon(shape s: Int, minus origin: Vec2) -> [Vec2] {
        polygonVertices(shapes[s].geometry).map { $0 - origin }
    }
}
