// Properties of items, behaviors and the world: reading (`ball.x`), writing (`set ball.vx 10`)
// and printing (`print ball`, `print world`).

import Dynamics
import DynamicsMath

/// The properties of `world`, with whether `set` may change them.
let worldProperties: [(name: String, settable: Bool, summary: String)] = [
    ("time", false, "seconds of simulated time stepped so far"),
    ("steps", false, "frames of 1/60 s stepped so far"),
    ("width", true, "width of the reference bounds, in points"),
    ("height", true, "height of the reference bounds, in points"),
    ("model", true, "\"ideal\" (textbook defaults) or \"uikit\" (what shipping apps observe)"),
    ("substeps", true, "solver sub-steps per tick (1 to 64)"),
    ("items", false, "number of items"),
    ("energy", false, "total kinetic energy of the items, in kg·pt²/s²"),
]

/// The properties of a gravity behavior.
let gravityProperties: [(name: String, settable: Bool, summary: String)] = [
    ("dx", true, "x component of the gravity vector (1 = 1000 pt/s²)"),
    ("dy", true, "y component of the gravity vector"),
    ("angle", true, "direction in radians: 0 points right, 90deg down"),
    ("magnitude", true, "length of the vector: 1 = 1000 pt/s²; setting 0 also resets the angle to 0 (as UIKit)"),
]

/// One line of help per item property.
let itemPropertySummaries: [(name: String, summary: String)] = [
    ("x", "x of the center, in points"),
    ("y", "y of the center, in points (down is positive)"),
    ("vx", "velocity along x, in points/s"),
    ("vy", "velocity along y, in points/s"),
    ("angle", "rotation in radians, clockwise on screen"),
    ("spin", "angular velocity in radians/s, clockwise positive"),
    ("width", "width of the view, in points"),
    ("height", "height of the view, in points"),
    ("mass", "density × area / 10000"),
    ("inertia", "moment of inertia about the center of mass, in kg·m²"),
    ("elasticity", "restitution in collisions, 0 (none) to 1 (fully elastic)"),
    ("friction", "sliding friction coefficient, ≥ 0"),
    ("density", "relative density, > 0 (1: a 100 × 100 view has mass 1)"),
    ("resistance", "linear velocity damping per second, ≥ 0"),
    ("angularResistance", "angular velocity damping per second, ≥ 0"),
    ("charge", "electric charge, used by electric and magnetic fields"),
    ("allowsRotation", "whether the item may turn (yes/no)"),
    ("anchored", "an immovable item that still collides (yes/no)"),
]

extension Interpreter {
    /// Reads `object.name`.
    func property(_ object: String, _ objectRange: SourceRange, _ name: String, _ nameRange: SourceRange) throws -> Value {
        let world = session.world
        if object == "world" && lookupVariable("world") == nil {
            switch name {
            case "time": return .number(world.time)
            case "steps": return .number(Double(world.frameCount))
            case "width": return .number(world.size.x)
            case "height": return .number(world.size.y)
            case "model": return .string(world.model.rawValue)
            case "substeps": return .number(Double(world.substeps))
            case "items": return .number(Double(world.itemIDs.count))
            case "energy": return .number(world.totalKineticEnergy)
            default:
                throw runtimeError("world has no property '\(name)'" + Suggest.hint(for: name, in: worldProperties.map(\.name)), nameRange)
            }
        }
        if let v = lookupVariable(object) {
            throw runtimeError("'\(object)' is \(v.typeDescription), which has no properties", objectRange)
        }
        guard let entity = session.entities[object] else {
            throw runtimeError("unknown name '\(object)'" + Suggest.hint(for: object, in: session.order + ["world"]), objectRange)
        }
        switch entity {
        case .item(let id):
            guard let p = ItemProperty(rawValue: name) else {
                throw runtimeError("an item has no property '\(name)'" + Suggest.hint(for: name, in: ItemProperty.allCases.map(\.rawValue)), nameRange)
            }
            let v = world.property(p, of: id)
            return p.isBoolean ? .boolean(v != 0) : .number(v)
        case .gravity(let id):
            switch name {
            case "dx": return .number(world.gravityVector(id)?.x ?? 0)
            case "dy": return .number(world.gravityVector(id)?.y ?? 0)
            case "angle": return .number(world.gravityAngle(id) ?? 0)
            case "magnitude": return .number(world.gravityMagnitude(id) ?? 0)
            default:
                throw runtimeError("a gravity behavior has no property '\(name)'" + Suggest.hint(for: name, in: gravityProperties.map(\.name)), nameRange)
            }
        case .action:
            throw runtimeError("an every-step action has no properties", nameRange)
        }
    }

    /// Writes `object.name` (the value is already evaluated).
    func setProperty(_ object: String, _ objectRange: SourceRange, _ name: String, _ nameRange: SourceRange,
                     to value: Value, valueRange: SourceRange) throws {
        func num() throws -> Double {
            guard case .number(let d) = value else {
                throw runtimeError("\(object).\(name) must be a number, got \(value.typeDescription) (\(value))", valueRange)
            }
            guard d.isFinite else { throw runtimeError("\(object).\(name) must be a finite number", valueRange) }
            return d
        }
        func engine(_ body: () throws -> Void) throws {
            do { try body() } catch let e as EngineError {
                throw runtimeError(e.message, valueRange)
            }
        }
        if object == "world" && lookupVariable("world") == nil {
            guard let p = worldProperties.first(where: { $0.name == name }) else {
                throw runtimeError("world has no property '\(name)'" + Suggest.hint(for: name, in: worldProperties.map(\.name)), nameRange)
            }
            guard p.settable else { throw runtimeError("world.\(name) cannot be set", nameRange) }
            switch name {
            case "model":
                guard case .string(let s) = value else {
                    throw runtimeError("world.model must be \"ideal\" or \"uikit\", got \(value.typeDescription)", valueRange)
                }
                guard let m = WorldModel(rawValue: s) else {
                    throw runtimeError("unknown model '\(s)'; the models are \"ideal\" and \"uikit\"", valueRange)
                }
                if checking { return }
                session.world.setModel(m)
            case "width", "height":
                let d = try num()
                if checking { return }
                var size = session.world.size
                if name == "width" { size.x = d } else { size.y = d }
                try engine { try session.world.setSize(size) }
            case "substeps":
                let d = try num()
                guard d == d.rounded(), d >= 1, d <= 64 else {
                    throw runtimeError("world.substeps must be a whole number from 1 to 64, got \(formatNumber(d))", valueRange)
                }
                if checking { return }
                try engine { try session.world.setSubsteps(Int(d)) }
            default:
                throw runtimeError("world.\(name) cannot be set", nameRange)
            }
            return
        }
        if checking { return }
        if let v = lookupVariable(object) {
            throw runtimeError("'\(object)' is \(v.typeDescription), which has no properties", objectRange)
        }
        guard let entity = session.entities[object] else {
            throw runtimeError("unknown name '\(object)'" + Suggest.hint(for: object, in: session.order + ["world"]), objectRange)
        }
        switch entity {
        case .item(let id):
            guard let p = ItemProperty(rawValue: name) else {
                throw runtimeError("an item has no property '\(name)'" + Suggest.hint(for: name, in: ItemProperty.allCases.map(\.rawValue)), nameRange)
            }
            guard p.isSettable else { throw runtimeError("\(object).\(name) cannot be set", nameRange) }
            let d: Double
            if p.isBoolean {
                guard case .boolean(let b) = value else {
                    throw runtimeError("\(object).\(name) must be yes or no, got \(value.typeDescription) (\(value))", valueRange)
                }
                d = b ? 1 : 0
            } else {
                d = try num()
            }
            try engine { try session.world.setProperty(p, of: id, to: d) }
        case .gravity(let id):
            let d = try num()
            switch name {
            case "dx", "dy":
                var v = session.world.gravityVector(id) ?? .zero
                if name == "dx" { v.x = d } else { v.y = d }
                try engine { try session.world.setGravityVector(id, v) }
            case "angle": try engine { try session.world.setGravityAngle(id, d) }
            case "magnitude": try engine { try session.world.setGravityMagnitude(id, d) }
            default:
                throw runtimeError("a gravity behavior has no property '\(name)'" + Suggest.hint(for: name, in: gravityProperties.map(\.name)), nameRange)
            }
        case .action:
            throw runtimeError("an every-step action has no properties", nameRange)
        }
    }

    /// One line describing an entity, as `print NAME` shows it.
    func describe(_ name: String, _ entity: Entity) -> String {
        let w = session.world
        switch entity {
        case .item(let id):
            func f(_ p: ItemProperty) -> String { formatNumber(w.property(p, of: id)) }
            return "\(name) x \(f(.x)) y \(f(.y)) angle \(f(.angle)) vx \(f(.vx)) vy \(f(.vy)) spin \(f(.spin))"
        case .gravity(let id):
            let v = w.gravityVector(id) ?? .zero
            var items = "all"
            if let list = w.gravityItems(id) {
                items = list.map { itemName($0) }.joined(separator: " ")
                if items.isEmpty { items = "none" }
            }
            return "\(name) gravity dx \(formatNumber(v.x)) dy \(formatNumber(v.y)) angle \(formatNumber(w.gravityAngle(id) ?? 0)) magnitude \(formatNumber(w.gravityMagnitude(id) ?? 0)) on \(items)"
        case .action:
            return "\(name) every step"
        }
    }

    /// The name of an item id (its entity name), or `?` for one without a name.
    func itemName(_ id: ItemID) -> String {
        for n in session.order where session.entities[n] == .item(id) { return n }
        return "?"
    }

    /// `print world`: a summary line, then one line per item, behavior and action in creation order.
    func printWorld() {
        let w = session.world
        write("world time \(formatNumber(w.time)) steps \(w.frameCount) model \(w.model.rawValue) size \(formatNumber(w.size.x)) \(formatNumber(w.size.y))\n")
        for name in session.order {
            if let e = session.entities[name] { write(describe(name, e) + "\n") }
        }
    }
}
