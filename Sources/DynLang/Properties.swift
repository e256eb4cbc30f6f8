// Properties of items, behaviors and the world: reading (`ball.x`), writing (`set ball.vx 10`)
// and printing (`print ball`, `print world`).

import Dynamics
import DynamicsMath
import DynSystem

/// The properties of `world`, with whether `set` may change them.
let worldProperties: [(name: String, settable: Bool, summary: String)] = [
    ("time", false, "seconds of simulated time stepped so far"),
    ("steps", false, "frames of 1/60 s stepped so far"),
    ("width", true, "width of the reference bounds, in points"),
    ("height", true, "height of the reference bounds, in points"),
    ("model", true, "\"ideal\" (textbook defaults) or \"uikit\" (what shipping apps observe)"),
    ("substeps", true, "solver sub-steps per tick (1 to 64)"),
    ("items", false, "number of items"),
    ("kineticEnergy", false, "total kinetic energy of the items, in kg·pt²/s²"),
    ("potentialEnergy", false, "potential energy of gravity (zero at the bounds' edge gravity points to) and springs, in kg·pt²/s²"),
    ("energy", false, "kineticEnergy + potentialEnergy, in kg·pt²/s²"),
    ("hash", false, "a digest of the simulation state, 16 hex digits: every item's position, angle and velocity, the clock and the fields; equal hashes mean (almost surely) bit-identical states"),
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
    ("bullet", "swept against movable items too, so it never passes through one (yes/no)"),
] + derivedItemProperties

/// The settings of `shell`.
let shellProperties: [(name: String, summary: String)] = [
    ("echo", "print each top-level command before running it, marked with '> ' (yes/no)"),
    ("bail", "stop a script at its first error (yes, the default) or report it and go on (no)"),
    ("timing", "print the wall time and steps per second of each step and run (yes/no)"),
    ("quiet", "silence print (yes/no); a saved world replays its history quietly"),
]

extension Interpreter {
    /// The entity whose property `object.name` names (not a variable, not unknown).
    func entityWithProperties(_ object: String, _ objectRange: SourceRange) throws -> Entity {
        if let v = lookupVariable(object) {
            throw runtimeError("'\(object)' is \(v.typeDescription), which has no properties", objectRange)
        }
        guard let entity = session.entities[object] else {
            throw runtimeError("unknown name '\(object)'" + Suggest.hint(for: object, in: session.order + ["world"]), objectRange)
        }
        return entity
    }

    /// An item property by name, or an error suggesting the nearest.
    func itemProperty(_ name: String, _ nameRange: SourceRange) throws -> ItemProperty {
        guard let p = ItemProperty(rawValue: name) else {
            throw runtimeError("an item has no property '\(name)'" + Suggest.hint(for: name, in: ItemProperty.allCases.map(\.rawValue)), nameRange)
        }
        return p
    }

    /// A behavior property's value as a language value.
    static func value(_ v: BehaviorValue) -> Value {
        switch v {
        case .number(let d): return .number(d)
        case .flag(let b): return .boolean(b)
        case .text(let s): return .string(s)
        }
    }

    /// Reads `object.name`.
    func property(_ object: String, _ objectRange: SourceRange, _ name: String, _ nameRange: SourceRange) throws -> Value {
        let world = session.world
        if object == "contact" && lookupVariable("contact") == nil, let c = currentContact {
            switch name {
            case "x": return .number(c.point.x)
            case "y": return .number(c.point.y)
            case "a": return .string(c.a)
            case "b": return .string(c.b)
            case "began": return .boolean(c.began)
            default:
                throw runtimeError("contact has no property '\(name)'" + Suggest.hint(for: name, in: ["x", "y", "a", "b", "began"]), nameRange)
            }
        }
        if object == "shell" && lookupVariable("shell") == nil {
            switch name {
            case "echo": return .boolean(settings.echo)
            case "bail": return .boolean(settings.bail)
            case "timing": return .boolean(settings.timing)
            case "quiet": return .boolean(settings.quiet)
            default:
                throw runtimeError("shell has no setting '\(name)'" + Suggest.hint(for: name, in: shellProperties.map(\.name)), nameRange)
            }
        }
        if object == "world" && lookupVariable("world") == nil {
            switch name {
            case "time": return .number(world.time)
            case "steps": return .number(Double(world.frameCount))
            case "width": return .number(world.size.x)
            case "height": return .number(world.size.y)
            case "model": return .string(world.model.rawValue)
            case "substeps": return .number(Double(world.substeps))
            case "items": return .number(Double(world.itemIDs.count))
            case "kineticEnergy": return .number(world.totalKineticEnergy)
            case "potentialEnergy": return .number(potentialEnergy())
            case "energy": return .number(world.totalKineticEnergy + potentialEnergy())
            case "hash": return .string(Interpreter.hexDigest(world.stateHash()))
            default:
                throw runtimeError("world has no property '\(name)'" + Suggest.hint(for: name, in: worldProperties.map(\.name)), nameRange)
            }
        }
        if let v = try measurementProperty(object, name, nameRange) { return v }
        let entity = try entityWithProperties(object, objectRange)
        switch entity {
        case .item(let id):
            if let v = derivedItemProperty(name, of: id) { return v }
            let p = try itemProperty(name, nameRange)
            let v = world.property(p, of: id)
            return p.isBoolean ? .boolean(v != 0) : .number(v)
        case .behavior(let id):
            if world.behaviorKind(id) == .field { return try fieldProperty(id, object, name, nameRange) }
            if name == "items" && world.behaviorKind(id) != nil { return .string(fieldItemsText(world.behaviorItems(id))) }
            guard let v = world.behaviorProperty(name, of: id) else {
                let names = world.behaviorKind(id).map { World.behaviorProperties(of: $0).map(\.name) } ?? []
                throw runtimeError("\(entityKindName(entity)) has no property '\(name)'" + Suggest.hint(for: name, in: names), nameRange)
            }
            return Interpreter.value(v)
        case .boundary(let id):
            switch name {
            case "elasticity": return .number(world.boundaryElasticity(id) ?? 0)
            case "friction": return .number(world.boundaryFriction(id) ?? 0)
            default:
                throw runtimeError("a boundary has no property '\(name)'; it has elasticity and friction", nameRange)
            }
        case .action:
            throw runtimeError("an action has no properties", nameRange)
        case .composite:
            return try compositeProperty(object, name, nameRange)
        }
    }

    /// A setting of `shell` or `world` that `set` changes, typed.
    enum Setting {
        case shell(String, Bool)
        case model(WorldModel)
        case size(width: Double?, height: Double?)
        case substeps(Int)
    }

    /// Checks `set shell.NAME VALUE` or `set world.NAME VALUE` against the tables, needing no
    /// world: the name, and the value when it is known (nil: only the name). Returns the typed
    /// setting when the value is given.
    static func setting(_ object: String, _ name: String, _ nameRange: SourceRange, _ value: Value?,
                        _ valueRange: SourceRange) throws -> Setting? {
        func fail(_ message: String, _ range: SourceRange) -> RuntimeError { RuntimeError(message: message, range: range) }
        if object == "shell" {
            guard shellProperties.contains(where: { $0.name == name }) else {
                throw fail("shell has no setting '\(name)'" + Suggest.hint(for: name, in: shellProperties.map(\.name)), nameRange)
            }
            guard let value else { return nil }
            guard case .boolean(let b) = value else {
                throw fail("shell.\(name) must be yes or no, got \(value.typeDescription) (\(value))", valueRange)
            }
            return .shell(name, b)
        }
        guard let p = worldProperties.first(where: { $0.name == name }) else {
            throw fail("world has no property '\(name)'" + Suggest.hint(for: name, in: worldProperties.map(\.name)), nameRange)
        }
        guard p.settable else { throw fail("world.\(name) cannot be set", nameRange) }
        guard let value else { return nil }
        if name == "model" {
            guard case .string(let s) = value else {
                throw fail("world.model must be \"ideal\" or \"uikit\", got \(value.typeDescription)", valueRange)
            }
            guard let m = WorldModel(rawValue: s) else {
                throw fail("unknown model '\(s)'; the models are \"ideal\" and \"uikit\"", valueRange)
            }
            return .model(m)
        }
        guard case .number(let d) = value else {
            throw fail("world.\(name) must be a number, got \(value.typeDescription) (\(value))", valueRange)
        }
        guard d.isFinite else { throw fail("world.\(name) must be a finite number", valueRange) }
        if name == "substeps" {
            guard d == d.rounded(), d >= 1, d <= 64 else {
                throw fail("world.substeps must be a whole number from 1 to 64, got \(formatNumber(d))", valueRange)
            }
            return .substeps(Int(d))
        }
        return name == "width" ? .size(width: d, height: nil) : .size(width: nil, height: d)
    }

    /// Whether `object` names the shell or the world (not a variable of that name).
    func isSettingObject(_ object: String) -> Bool {
        (object == "shell" || object == "world") && lookupVariable(object) == nil
    }

    /// Applies a checked setting of the shell or the world.
    func apply(_ setting: Setting, _ valueRange: SourceRange) throws {
        switch setting {
        case .shell(let name, let b):
            switch name {
            case "echo": settings.echo = b
            case "bail": settings.bail = b
            case "quiet": settings.quiet = b
            default: settings.timing = b
            }
        case .model(let m): session.world.setModel(m)
        case .size(let width, let height):
            let size = Vec2(width ?? session.world.size.x, height ?? session.world.size.y)
            try engine(at: valueRange) { (w: inout World) throws(EngineError) in try w.setSize(size) }
        case .substeps(let n): try engine(at: valueRange) { (w: inout World) throws(EngineError) in try w.setSubsteps(n) }
        }
    }

    /// Writes `object.name` (the value is already evaluated).
    func setProperty(_ object: String, _ objectRange: SourceRange, _ name: String, _ nameRange: SourceRange,
                     to value: Value, valueRange: SourceRange) throws {
        if isSettingObject(object) {
            if let setting = try Interpreter.setting(object, name, nameRange, value, valueRange) { try apply(setting, valueRange) }
            return
        }
        func num() throws -> Double {
            guard case .number(let d) = value else {
                throw runtimeError("\(object).\(name) must be a number, got \(value.typeDescription) (\(value))", valueRange)
            }
            guard d.isFinite else { throw runtimeError("\(object).\(name) must be a finite number", valueRange) }
            return d
        }
        func engine(_ body: () throws(EngineError) -> Void) throws {
            do { try body() } catch {
                throw runtimeError(error.message, valueRange)
            }
        }
        let entity = try entityWithProperties(object, objectRange)
        switch entity {
        case .item(let id):
            if derivedItemProperties.contains(where: { $0.name == name }) {
                throw runtimeError("\(object).\(name) cannot be set (it is computed from the velocity and mass)", nameRange)
            }
            let p = try itemProperty(name, nameRange)
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
            try engine { () throws(EngineError) in try session.world.setProperty(p, of: id, to: d) }
        case .behavior(let id):
            if session.world.behaviorKind(id) == .field {
                return try setFieldProperty(id, object, name, nameRange, to: value, valueRange: valueRange)
            }
            let infos = session.world.behaviorKind(id).map { World.behaviorProperties(of: $0) } ?? []
            guard let info = infos.first(where: { $0.name == name }) else {
                throw runtimeError("\(entityKindName(entity)) has no property '\(name)'" + Suggest.hint(for: name, in: infos.map(\.name)), nameRange)
            }
            guard info.settable else { throw runtimeError("\(object).\(name) cannot be set", nameRange) }
            let engineValue: BehaviorValue
            switch value {
            case .number(let d): engineValue = .number(d)
            case .boolean(let b): engineValue = .flag(b)
            case .string(let s): engineValue = .text(s)
            }
            try engine { () throws(EngineError) in try session.world.setBehaviorProperty(name, of: id, to: engineValue) }
        case .boundary(let id):
            guard name == "elasticity" || name == "friction" else {
                throw runtimeError("a boundary has no property '\(name)'; it has elasticity and friction", nameRange)
            }
            let d = try num()
            try engine { () throws(EngineError) in
                if name == "elasticity" {
                    try session.world.setBoundaryMaterial(id, elasticity: d)
                } else {
                    try session.world.setBoundaryMaterial(id, friction: d)
                }
            }
        case .action:
            throw runtimeError("an action has no properties", nameRange)
        case .composite:
            try setCompositeProperty(object, name, nameRange, to: value, valueRange: valueRange)
        }
    }

    /// One line describing an entity, as `print NAME` shows it.
    func describe(_ name: String, _ entity: Entity) -> String {
        let w = session.world
        switch entity {
        case .item(let id):
            func f(_ p: ItemProperty) -> String { formatNumber(w.property(p, of: id)) }
            return "\(name) x \(f(.x)) y \(f(.y)) angle \(f(.angle)) vx \(f(.vx)) vy \(f(.vy)) spin \(f(.spin))"
        case .behavior(let id):
            guard let kind = w.behaviorKind(id) else { return "\(name) removed" }
            if kind == .field { return describeField(name, id) }
            var line = "\(name) \(kind)"
            for info in World.behaviorProperties(of: kind) {
                if let v = w.behaviorProperty(info.name, of: id) { line += " \(info.name) \(Interpreter.value(v))" }
            }
            var items = "all"
            if let list = w.behaviorItems(id) {
                items = list.map { itemName($0) }.joined(separator: " ")
                if items.isEmpty { items = "none" }
            }
            return line + " on \(items)"
        case .boundary(let id):
            let points = (w.boundaryPoints(id) ?? []).map { "\(formatNumber($0.x)) \(formatNumber($0.y))" }
            return "\(name) boundary " + (points.count == 2 ? "line " : "path ") + points.joined(separator: " ")
        case .action:
            if let h = session.contactHandlers.first(where: { $0.name == name }) {
                return "\(name) on contact\(h.ended ? " end" : "") \(h.a) \(h.b)"
            }
            if let owner = session.actions.first(where: { $0.name == name })?.owner { return "\(name) every step of \(owner)" }
            return "\(name) every step"
        case .composite:
            return describeComposite(name)
        }
    }

    /// The name of an item id (its entity name), or `?` for one without a name.
    func itemName(_ id: ItemID) -> String {
        session.names[.item(id)] ?? "?"
    }

    /// `print world`: a summary line, then one line per item, behavior and action in creation order.
    func printWorld() {
        let w = session.world
        emit("world time \(formatNumber(w.time)) steps \(w.frameCount) model \(w.model.rawValue) size \(formatNumber(w.size.x)) \(formatNumber(w.size.y))\n")
        for name in session.order {
            if let e = session.entities[name] { emit(describe(name, e) + "\n") }
        }
    }
}


extension Interpreter {
    /// `world.hash`: a 64-bit digest as 16 lowercase hex digits, the same on every platform.
    static func hexDigest(_ h: UInt64) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8](repeating: 0, count: 16)
        for i in 0..<16 { out[i] = digits[Int((h >> UInt64(60 - 4 * i)) & 0xf)] }
        return String(decoding: out, as: UTF8.self)
    }
}
