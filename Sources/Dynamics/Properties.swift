// Reading and writing item properties; kinetic energy.
//
// Kinematics: `vx`, `vy` are the velocity of the body's centre of mass (Box2D's and UIKit's
// linear velocity; for rectangles, ellipses and groups of equal members that is the item's
// centre). A member reads the velocity of its own centre on the moving group,
// v + ω × (p − c). `x`, `y` are the body origin (the item's centre); `angle` is integrated
// exactly and reported as is (not wrapped).
//
// Groups: x, y, angle, vx, vy, spin, resistance, angularResistance, charge, allowsRotation and
// anchored belong to the group's body, so a member reads the group's values and setting them
// on a member is `.notAllowed`. Elasticity, friction and density belong to each member's
// shape: set on a member they change that shape; set on a group they change every member.
// A group's density reads as its mass per area (× 10⁴).

import DynamicsCollision
import DynamicsMath

extension World {
    /// The value of a property (units in `ItemProperty.unit`); NaN for an unknown item.
    /// Booleans read as 0 or 1; inertia in kg·m².
    public func property(_ p: ItemProperty, of id: ItemID) -> Real {
        guard let i = slot(id) else { return .nan }
        let rec = items[i]
        // The record holding body-level settings (a member reads its group's).
        let owner = rec.kind == .member ? items[Int(rec.group)] : rec
        let b = Int(owner.body)
        let sim = bodySims[b]
        switch p {
        case .x, .y, .vx, .vy:
            var pos = sim.transform.p
            var vel = sim.v
            if rec.kind == .member {
                pos = sim.transform.apply(rec.offset)
                vel = sim.v + cross(sim.w, pos - sim.center)
            }
            switch p {
            case .x: return pos.x
            case .y: return pos.y
            case .vx: return vel.x
            default: return vel.y
            }
        case .angle: return sim.angle
        case .spin: return sim.w
        case .width: return rec.size.x
        case .height: return rec.size.y
        case .mass: return massData(slot: i).mass
        case .inertia: return massData(slot: i).inertiaKgM2
        case .elasticity: return rec.elasticity
        case .friction: return rec.friction
        case .density:
            if rec.kind == .group {
                var area: Real = 0
                for m in members(of: id) { area += shapeArea(Int(items[Int(m.index)].shape)) }
                return area > 0 ? bodyInfos[b].mass * MassData.massScale / area : rec.density
            }
            return rec.density
        case .resistance: return owner.resistance
        case .angularResistance: return owner.angularResistance
        case .charge: return owner.charge
        case .allowsRotation: return owner.allowsRotation ? 1 : 0
        case .anchored: return owner.anchored ? 1 : 0
        case .bullet: return owner.bullet ? 1 : 0
        }
    }

    /// Mass properties of an item: its body's for single items and groups, its own shape's
    /// (about its own centre of mass) for a member.
    func massData(slot i: Int) -> MassData {
        if items[i].kind == .member { return shapeMass(Int(items[i].shape)) }
        let info = bodyInfos[Int(items[i].body)]
        return MassData(mass: info.mass, center: bodySims[Int(items[i].body)].localCenter, inertia: info.inertia)
    }

    /// Area of one shape, pt².
    func shapeArea(_ s: Int) -> Real {
        let g = shapes[s].geometry
        switch g.kind {
        case .circle: return DMath.pi * g.radius * g.radius
        case .ellipse: return DMath.pi * g.semiAxes.x * g.semiAxes.y
        case .polygon: return polygonSignedArea(polygonVertices(g))
        }
    }

    /// Sets a property. Throws `.unknownItem`, `.notAllowed` (read-only properties; body-level
    /// properties of a group member) or `.invalidValue` (NaN/infinite; density ≤ 0; friction,
    /// resistance or angular resistance < 0). Booleans take 0 (false) or any other finite
    /// number (true).
    ///
    /// Velocity and spin of an anchored item stay 0, and spin stays 0 while rotation is not
    /// allowed. Moving or turning an item keeps its velocity.
    public mutating func setProperty(_ p: ItemProperty, of id: ItemID, to value: Real) throws(EngineError) {
        let i = try requireSlot(id)
        let before = property(p, of: id)
        defer { noteItemEdit(slot: i, property: p, before: before) }
        let name = p.rawValue
        guard p.isSettable else {
            throw EngineError(.notAllowed, field: name, "\(name) is read-only")
        }
        try World.checkValue(name, value)
        let rec = items[i]
        switch p {
        case .density: try World.checkDensity(value)
        case .elasticity: try World.checkElasticity(value)
        case .vx, .vy: try World.checkVelocity(name, value)
        case .friction, .resistance, .angularResistance:
            if value < 0 { throw EngineError.mustBeNonNegative(name, value) }
        default: break
        }
        if rec.kind == .member {
            switch p {
            case .elasticity, .friction, .density: break
            default:
                throw EngineError(
                    .notAllowed, field: name, "the item is a member of a group; set the group's \(name) instead")
            }
        }

        switch p {
        case .elasticity, .friction, .density:
            let targets = rec.kind == .group ? members(of: id).map { Int($0.index) } + [i] : [i]
            for t in targets {
                switch p {
                case .elasticity:
                    items[t].elasticity = value
                    items[t].explicit |= ExplicitBits.elasticity
                case .friction:
                    items[t].friction = value
                    items[t].explicit |= ExplicitBits.friction
                default:
                    items[t].density = value
                }
                if items[t].shape >= 0 { syncShapeMaterial(shape: Int(items[t].shape)) }
            }
            if p == .density {
                let owner = rec.kind == .member ? Int(rec.group) : i
                updateMass(body: Int(items[owner].body))
            }
            return
        default: break
        }

        let b = Int(rec.body)
        switch p {
        case .x, .y:
            var pos = bodySims[b].transform.p
            if p == .x { pos.x = value } else { pos.y = value }
            bodySims[b].transform.p = pos
            bodySims[b].center = bodySims[b].transform.apply(bodySims[b].localCenter)
            refreshBounds(body: b)
        case .angle:
            bodySims[b].angle = value
            bodySims[b].transform.q = Rot(angle: value)
            bodySims[b].center = bodySims[b].transform.apply(bodySims[b].localCenter)
            refreshBounds(body: b)
        case .vx, .vy:
            if rec.anchored { return }
            if p == .vx { bodySims[b].v.x = value } else { bodySims[b].v.y = value }
        case .spin:
            if rec.anchored || !rec.allowsRotation { return }
            bodySims[b].w = value
        case .resistance:
            items[i].resistance = value
            items[i].explicit |= ExplicitBits.resistance
            syncBodySettings(body: b)
        case .angularResistance:
            items[i].angularResistance = value
            items[i].explicit |= ExplicitBits.angularResistance
            syncBodySettings(body: b)
        case .charge:
            items[i].charge = value
        case .allowsRotation:
            items[i].allowsRotation = value != 0
            syncBodySettings(body: b)
        case .anchored:
            items[i].anchored = value != 0
            syncBodySettings(body: b)
        case .bullet:
            items[i].bullet = value != 0
            syncBodySettings(body: b)
        default:
            break
        }
    }

    /// Kinetic energy ½mv² + ½Iω² of an item, kg·pt²/s² (0 when anchored; NaN if unknown).
    /// A member counts its own shape moving with the group.
    public func kineticEnergy(of id: ItemID) -> Real {
        guard let i = slot(id) else { return .nan }
        let rec = items[i]
        let owner = rec.kind == .member ? items[Int(rec.group)] : rec
        if owner.anchored { return 0 }
        let sim = bodySims[Int(owner.body)]
        let md = massData(slot: i)
        var v = sim.v
        if rec.kind == .member {
            v = sim.v + cross(sim.w, sim.transform.apply(md.center) - sim.center)
        }
        return 0.5 * md.mass * v.lengthSquared + 0.5 * md.inertia * sim.w * sim.w
    }

    /// Total kinetic energy of every body in the world, kg·pt²/s².
    public var totalKineticEnergy: Real {
        var e: Real = 0
        for b in bodySims.indices where bodySims[b].flags & BodyFlags.isStatic == 0 {
            let s = bodySims[b]
            e += 0.5 * bodyInfos[b].mass * s.v.lengthSquared + 0.5 * bodyInfos[b].inertia * s.w * s.w
        }
        return e
    }
}
