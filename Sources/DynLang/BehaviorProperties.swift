// Behavior properties by name: the one place where the language's property names, their units
// and help text meet the engine's typed API (`set rope.length 120`, `print g.magnitude`,
// `set p.active false`, `print f.strength`).
//
// Each behavior kind has a table of `BehaviorPropertyInfo` (name, settable, unit, summary), a
// reader and a writer; both go through the engine's typed accessors and setters
// (`attachmentLength`, `setAttachmentSpring`, `pushVector`, `setFieldStrength`, ...). The
// engine knows none of these names. The tables feed `help`, completion, `print NAME` and the
// generated part of Docs/language.md. A failed set throws `EngineError` (the engine's, or one
// made here for a name or a value of the wrong type), and changes nothing.
//
// Adding a kind: its table in `behaviorProperties(of:)`, its cases in the two switches below.

import Dynamics
import DynamicsMath
import DynSystem

/// A behavior property's value.
public enum BehaviorValue: Equatable, Sendable {
    case number(Real)
    case flag(Bool)
    case text(String)
}

/// What a behavior property is.
public struct BehaviorPropertyInfo: Sendable {
    public var name: String
    public var settable: Bool
    /// The unit or the allowed words, for help: "pt", "rad", "Hz", "items|boundaries|everything".
    public var unit: String
    public var summary: String

    public init(_ name: String, settable: Bool = true, unit: String = "", _ summary: String) {
        self.name = name
        self.settable = settable
        self.unit = unit
        self.summary = summary
    }
}

extension World {
    /// The properties a behavior kind has, in the order help lists them.
    public static func behaviorProperties(of kind: BehaviorKind) -> [BehaviorPropertyInfo] {
        switch kind {
        case .gravity: return gravityPropertyTable
        case .attachment: return attachmentPropertyTable
        case .push: return pushPropertyTable
        case .snap: return snapPropertyTable
        case .collision: return collisionPropertyTable
        case .field: return fieldPropertyTable
        }
    }

    /// Reads a property of a behavior; nil when the behavior is gone or has no such property.
    public func behaviorProperty(_ name: String, of id: BehaviorID) -> BehaviorValue? {
        guard let kind = behaviorKind(id) else { return nil }
        switch kind {
        case .gravity: return gravityProperty(name, of: id)
        case .attachment: return attachmentProperty(name, of: id)
        case .push: return pushProperty(name, of: id)
        case .snap: return snapProperty(name, of: id)
        case .collision: return collisionProperty(name, of: id)
        case .field: return fieldProperty(name, of: id)
        }
    }

    /// Sets a property of a behavior. Throws `.unknownBehavior`, `.invalidValue` (with `field`
    /// the property name) or `.notAllowed` (read-only); a failed call changes nothing.
    public mutating func setBehaviorProperty(_ name: String, of id: BehaviorID, to value: BehaviorValue) throws(EngineError) {
        guard let kind = behaviorKind(id) else { throw EngineError(.unknownBehavior, field: nil, "unknown or removed behavior") }
        guard let info = World.behaviorProperties(of: kind).first(where: { $0.name == name }) else {
            throw EngineError(.invalidValue, field: name, "no property '\(name)'")
        }
        guard info.settable else { throw EngineError(.notAllowed, field: name, "\(name) cannot be set") }
        switch kind {
        case .gravity: try setGravityProperty(name, of: id, to: value)
        case .attachment: try setAttachmentProperty(name, of: id, to: value)
        case .push: try setPushProperty(name, of: id, to: value)
        case .snap: try setSnapProperty(name, of: id, to: value)
        case .collision: try setCollisionProperty(name, of: id, to: value)
        case .field: try setFieldProperty(name, of: id, to: value)
        }
    }

    /// Unwraps a number for a setter, refusing other kinds of value and non-finite numbers.
    static func numberValue(_ value: BehaviorValue, _ field: String) throws(EngineError) -> Real {
        guard case .number(let d) = value else {
            throw EngineError(.invalidValue, field: field, "\(field) must be a number")
        }
        guard d.isFinite else { throw EngineError(field: field, value: d, requirement: .finite) }
        return d
    }

    /// Unwraps a flag for a setter.
    static func flagValue(_ value: BehaviorValue, _ field: String) throws(EngineError) -> Bool {
        guard case .flag(let b) = value else {
            throw EngineError(.invalidValue, field: field, "\(field) must be yes or no")
        }
        return b
    }

    static func noProperty(_ name: String) -> EngineError {
        EngineError(.invalidValue, field: name, "no property '\(name)'")
    }

    // MARK: Gravity

    static let gravityPropertyTable: [BehaviorPropertyInfo] = [
        BehaviorPropertyInfo("dx", unit: "1000 pt/s²", "x component of the gravity vector"),
        BehaviorPropertyInfo("dy", unit: "1000 pt/s²", "y component of the gravity vector"),
        BehaviorPropertyInfo("angle", unit: "rad", "direction: 0 points right, 90deg down"),
        BehaviorPropertyInfo("magnitude", unit: "1000 pt/s²", "length of the vector; setting 0 also resets the angle to 0 (as UIKit)"),
    ]

    func gravityProperty(_ name: String, of id: BehaviorID) -> BehaviorValue? {
        switch name {
        case "dx": return gravityVector(id).map { .number($0.x) }
        case "dy": return gravityVector(id).map { .number($0.y) }
        case "angle": return gravityAngle(id).map { .number($0) }
        case "magnitude": return gravityMagnitude(id).map { .number($0) }
        default: return nil
        }
    }

    mutating func setGravityProperty(_ name: String, of id: BehaviorID, to value: BehaviorValue) throws(EngineError) {
        let d = try World.numberValue(value, name)
        switch name {
        case "dx", "dy":
            var v = gravityVector(id) ?? .zero
            if name == "dx" { v.x = d } else { v.y = d }
            try setGravityVector(id, v)
        case "angle": try setGravityAngle(id, d)
        case "magnitude": try setGravityMagnitude(id, d)
        default: throw World.noProperty(name)
        }
    }

    // MARK: Attachment

    static let attachmentPropertyTable: [BehaviorPropertyInfo] = [
        BehaviorPropertyInfo("kind", settable: false, unit: "anchor|items|pin|fixed|slide|limit", "how it was created"),
        BehaviorPropertyInfo("anchorX", unit: "pt", "x of the anchor point; moving it drags the attachment (world ends only)"),
        BehaviorPropertyInfo("anchorY", unit: "pt", "y of the anchor point"),
        BehaviorPropertyInfo("length", unit: "pt", "rest length (anchor, items) or maximum length (limit)"),
        BehaviorPropertyInfo("frequency", unit: "Hz", "spring frequency; 0 is a rigid rod (anchor, items)"),
        BehaviorPropertyInfo("damping", unit: "", "spring damping ratio; 1 is critical (anchor, items)"),
        BehaviorPropertyInfo("frictionTorque", unit: "N·m", "pin: resistance to turning about the anchor; 0 is free"),
        BehaviorPropertyInfo("rangeMin", unit: "rad|pt", "pin: least relative rotation; slide: least travel; -inf: none"),
        BehaviorPropertyInfo("rangeMax", unit: "rad|pt", "pin: most relative rotation; slide: most travel; inf: none"),
        BehaviorPropertyInfo("offsetAX", settable: false, unit: "pt", "the attached point on the first item, in its frame"),
        BehaviorPropertyInfo("offsetAY", settable: false, unit: "pt", "the attached point on the first item, in its frame"),
        BehaviorPropertyInfo("offsetBX", settable: false, unit: "pt", "the attached point on the second item, in its frame"),
        BehaviorPropertyInfo("offsetBY", settable: false, unit: "pt", "the attached point on the second item, in its frame"),
        BehaviorPropertyInfo("distance", settable: false, unit: "pt", "current distance between the two attached points"),
    ]

    func attachmentProperty(_ name: String, of id: BehaviorID) -> BehaviorValue? {
        guard let kind = attachmentKind(id) else { return nil }
        switch name {
        case "kind": return .text(kind.rawValue)
        case "anchorX": return attachmentAnchor(id).map { .number($0.x) }
        case "anchorY": return attachmentAnchor(id).map { .number($0.y) }
        case "length": return attachmentLength(id).map { .number($0) }
        case "frequency": return .number(attachmentSpring(id)?.frequency ?? 0)
        case "damping": return attachmentDamping(id).map { .number($0) }
        case "frictionTorque": return attachmentFrictionTorque(id).map { .number($0) }
        case "rangeMin": return attachmentRange(id).map { .number($0.min) }
        case "rangeMax": return attachmentRange(id).map { .number($0.max) }
        case "offsetAX": return attachmentOffsets(id).map { .number($0.a.x) }
        case "offsetAY": return attachmentOffsets(id).map { .number($0.a.y) }
        case "offsetBX": return attachmentOffsets(id).map { .number($0.b.x) }
        case "offsetBY": return attachmentOffsets(id).map { .number($0.b.y) }
        case "distance": return attachmentDistance(id).map { .number($0) }
        default: return nil
        }
    }

    mutating func setAttachmentProperty(_ name: String, of id: BehaviorID, to value: BehaviorValue) throws(EngineError) {
        switch name {
        case "anchorX", "anchorY":
            let d = try World.numberValue(value, name)
            let p = attachmentAnchor(id) ?? .zero
            do {
                try setAttachmentAnchor(id, name == "anchorX" ? Vec2(d, p.y) : Vec2(p.x, d))
            } catch {
                var e = error
                e.field = name  // the property the user set
                throw e
            }
        case "length": try setAttachmentLength(id, try World.numberValue(value, name))
        case "frequency":
            // 0 is a rigid rod: no spring. A spring keeps the damping ratio set so far.
            let f = try World.numberValue(value, name)
            try setAttachmentSpring(id, f == 0 ? nil : Spring(frequency: f, damping: attachmentDamping(id) ?? 0))
        case "damping": try setAttachmentDamping(id, try World.numberValue(value, name))
        case "frictionTorque": try setAttachmentFrictionTorque(id, try World.numberValue(value, name))
        case "rangeMin", "rangeMax":
            guard case .number(let d) = value else {
                throw EngineError(.invalidValue, field: name, "\(name) must be a number")
            }
            let range = attachmentRange(id) ?? (-.infinity, .infinity)
            try setAttachmentRange(id, min: name == "rangeMin" ? d : range.min, max: name == "rangeMax" ? d : range.max)
        default:
            throw World.noProperty(name)
        }
    }

    // MARK: Push

    static let pushPropertyTable: [BehaviorPropertyInfo] = [
        BehaviorPropertyInfo("active", unit: "yes|no", "whether it pushes; an instantaneous push fires once each time it becomes active"),
        BehaviorPropertyInfo("mode", settable: false, unit: "instantaneous|continuous", "impulse once, or force every frame"),
        BehaviorPropertyInfo("dx", unit: "N", "x of the push vector (1 gives 100 pt/s² on mass 1, or 100 pt/s at once)"),
        BehaviorPropertyInfo("dy", unit: "N", "y of the push vector"),
        BehaviorPropertyInfo("angle", unit: "rad", "direction: 0 points right, 90deg down; kept when the magnitude is 0"),
        BehaviorPropertyInfo("magnitude", unit: "N", "length of the vector; negative reverses it"),
        BehaviorPropertyInfo("offsetX", unit: "pt", "where it acts, from the item's centre (world axes)"),
        BehaviorPropertyInfo("offsetY", unit: "pt", "where it acts, from the item's centre (world axes)"),
    ]

    func pushProperty(_ name: String, of id: BehaviorID) -> BehaviorValue? {
        switch name {
        case "active": return pushActive(id).map { .flag($0) }
        case "mode": return pushMode(id).map { .text($0.rawValue) }
        case "dx": return pushVector(id).map { .number($0.x) }
        case "dy": return pushVector(id).map { .number($0.y) }
        case "angle": return pushAngle(id).map { .number($0) }
        case "magnitude": return pushVector(id).map { .number($0.length) }
        case "offsetX": return pushOffset(id).map { .number($0.x) }
        case "offsetY": return pushOffset(id).map { .number($0.y) }
        default: return nil
        }
    }

    mutating func setPushProperty(_ name: String, of id: BehaviorID, to value: BehaviorValue) throws(EngineError) {
        switch name {
        case "active": try setPushActive(id, try World.flagValue(value, name))
        case "dx", "dy":
            let d = try World.numberValue(value, name)
            var v = pushVector(id) ?? .zero
            if name == "dx" { v.x = d } else { v.y = d }
            try setPushVector(id, v)
        case "angle": try setPushAngle(id, try World.numberValue(value, name))
        case "magnitude": try setPushMagnitude(id, try World.numberValue(value, name))
        case "offsetX", "offsetY":
            let d = try World.numberValue(value, name)
            var o = pushOffset(id) ?? .zero
            if name == "offsetX" { o.x = d } else { o.y = d }
            try setPushOffset(id, o)
        default: throw World.noProperty(name)
        }
    }

    // MARK: Snap

    static let snapPropertyTable: [BehaviorPropertyInfo] = [
        BehaviorPropertyInfo("x", unit: "pt", "x of the snap point; moving it re-targets the item"),
        BehaviorPropertyInfo("y", unit: "pt", "y of the snap point"),
        BehaviorPropertyInfo("damping", unit: "", "damping ratio of the springs: 0 most oscillation, 1 least"),
    ]

    func snapProperty(_ name: String, of id: BehaviorID) -> BehaviorValue? {
        switch name {
        case "x": return snapPoint(id).map { .number($0.x) }
        case "y": return snapPoint(id).map { .number($0.y) }
        case "damping": return snapDamping(id).map { .number($0) }
        default: return nil
        }
    }

    mutating func setSnapProperty(_ name: String, of id: BehaviorID, to value: BehaviorValue) throws(EngineError) {
        let d = try World.numberValue(value, name)
        let p = snapPoint(id) ?? .zero
        switch name {
        case "x": try setSnapPoint(id, Vec2(d, p.y))
        case "y": try setSnapPoint(id, Vec2(p.x, d))
        case "damping": try setSnapDamping(id, d)
        default: throw World.noProperty(name)
        }
    }

    // MARK: Collision

    static let collisionPropertyTable: [BehaviorPropertyInfo] = [
        BehaviorPropertyInfo("mode", unit: "items|boundaries|everything", "which collisions the behavior makes"),
        BehaviorPropertyInfo("bounds", unit: "yes|no", "the reference bounds (inset) are a boundary for its items; setting yes resets the insets"),
        BehaviorPropertyInfo("insetTop", unit: "pt", "inset of the bounds boundary from the top edge"),
        BehaviorPropertyInfo("insetLeft", unit: "pt", "inset of the bounds boundary from the left edge"),
        BehaviorPropertyInfo("insetBottom", unit: "pt", "inset of the bounds boundary from the bottom edge"),
        BehaviorPropertyInfo("insetRight", unit: "pt", "inset of the bounds boundary from the right edge"),
        BehaviorPropertyInfo("boundsElasticity", unit: "", "elasticity of the bounds boundary (default: the model's)"),
        BehaviorPropertyInfo("boundsFriction", unit: "", "friction of the bounds boundary (default: the model's)"),
    ]

    func collisionProperty(_ name: String, of id: BehaviorID) -> BehaviorValue? {
        switch name {
        case "mode": return collisionMode(id).map { .text($0.rawValue) }
        case "bounds": return collisionBounds(id).map { .flag($0) }
        case "insetTop": return collisionInsets(id).map { .number($0.top) }
        case "insetLeft": return collisionInsets(id).map { .number($0.left) }
        case "insetBottom": return collisionInsets(id).map { .number($0.bottom) }
        case "insetRight": return collisionInsets(id).map { .number($0.right) }
        case "boundsElasticity": return boundsElasticity(id).map { .number($0) }
        case "boundsFriction": return boundsFriction(id).map { .number($0) }
        default: return nil
        }
    }

    mutating func setCollisionProperty(_ name: String, of id: BehaviorID, to value: BehaviorValue) throws(EngineError) {
        switch name {
        case "mode":
            guard case .text(let t) = value, let mode = CollisionMode(rawValue: t) else {
                throw EngineError(.invalidValue, field: name, "mode must be items, boundaries or everything")
            }
            try setCollisionMode(id, mode)
        case "bounds":
            try setCollisionBounds(id, try World.flagValue(value, name))
        case "boundsElasticity":
            try setBoundsMaterial(id, elasticity: try World.numberValue(value, name))
        case "boundsFriction":
            try setBoundsMaterial(id, friction: try World.numberValue(value, name))
        case "insetTop", "insetLeft", "insetBottom", "insetRight":
            let d = try World.numberValue(value, name)
            var insets = collisionInsets(id) ?? .zero
            switch name {
            case "insetTop": insets.top = d
            case "insetLeft": insets.left = d
            case "insetBottom": insets.bottom = d
            default: insets.right = d
            }
            try setCollisionInsets(id, insets)
        default:
            throw World.noProperty(name)
        }
    }

    // MARK: Field
    //
    // The region is structured and has no by-name form: the language reads and writes it with
    // `fieldRegion`/`setFieldRegion`. A property that the field's kind does not have reads as
    // nil and refuses to be set (the engine's setter names the kinds that have it).

    /// Every field property by name (a field's kind has a subset: `fieldProperties(of:)`).
    static let fieldPropertyTable: [BehaviorPropertyInfo] = [
        BehaviorPropertyInfo("kind", settable: false, unit: "kind", "which field: \(FieldKind.allCases.map { "\($0)" }.joined(separator: ", "))"),
        BehaviorPropertyInfo("x", unit: "pt", "x of the field's position (the centre of its region)"),
        BehaviorPropertyInfo("y", unit: "pt", "y of the field's position"),
        BehaviorPropertyInfo("strength", "scale of the effect; negative reverses it"),
        BehaviorPropertyInfo("falloff", "exponent e of max(r, minimumRadius)^(-e), r in metres (100 pt)"),
        BehaviorPropertyInfo("minimumRadius", unit: "pt", "distances below it count as it"),
        BehaviorPropertyInfo("dx", unit: "100 pt/s² or 100 pt/s", "x of the direction: acceleration (linear gravity), velocity (velocity field) or the medium's velocity (drag)"),
        BehaviorPropertyInfo("dy", unit: "100 pt/s² or 100 pt/s", "y of the direction"),
        BehaviorPropertyInfo("smoothness", unit: "0...1", "noise and turbulence: 0 noisiest, 1 smoothest"),
        BehaviorPropertyInfo("animationSpeed", "noise and turbulence: how fast the noise changes (0 frozen)"),
        BehaviorPropertyInfo("seed", "noise and turbulence: which noise (a whole number from 0 to 2^53)"),
    ]

    /// The by-name properties a field of `kind` has, in help order.
    public static func fieldProperties(of kind: FieldKind) -> [BehaviorPropertyInfo] {
        fieldPropertyTable.filter { info in
            guard let p = fieldPropertyOf(name: info.name) else { return true }
            return kind.has(p)
        }
    }

    /// The typed property behind a by-name one (nil for "kind").
    static func fieldPropertyOf(name: String) -> FieldProperty? {
        switch name {
        case "x", "y": return .position
        case "dx", "dy": return .direction
        case "kind": return nil
        default: return FieldProperty(rawValue: name)
        }
    }

    func fieldProperty(_ name: String, of id: BehaviorID) -> BehaviorValue? {
        guard let d = fieldDefinition(id) else { return nil }
        if let p = World.fieldPropertyOf(name: name), !d.kind.has(p) { return nil }
        switch name {
        case "kind": return .text("\(d.kind)")
        case "x": return .number(d.position.x)
        case "y": return .number(d.position.y)
        case "strength": return .number(d.strength)
        case "falloff": return .number(d.falloff)
        case "minimumRadius": return .number(d.minimumRadius)
        case "dx": return .number(d.direction.x)
        case "dy": return .number(d.direction.y)
        case "smoothness": return .number(d.smoothness)
        case "animationSpeed": return .number(d.animationSpeed)
        case "seed": return .number(Real(d.seed))
        default: return nil
        }
    }

    mutating func setFieldProperty(_ name: String, of id: BehaviorID, to value: BehaviorValue) throws(EngineError) {
        guard let d = fieldDefinition(id) else { throw EngineError(.unknownBehavior, field: nil, "unknown or removed behavior") }
        guard World.fieldPropertyOf(name: name) != nil else {
            throw EngineError(.notAllowed, field: name, "\(name) cannot be set")
        }
        let x = try World.numberValue(value, name)
        switch name {
        case "x": try setFieldPosition(id, Vec2(x, d.position.y))
        case "y": try setFieldPosition(id, Vec2(d.position.x, x))
        case "strength": try setFieldStrength(id, x)
        case "falloff": try setFieldFalloff(id, x)
        case "minimumRadius": try setFieldMinimumRadius(id, x)
        case "dx": try setFieldDirection(id, Vec2(x, d.direction.y))
        case "dy": try setFieldDirection(id, Vec2(d.direction.x, x))
        case "smoothness": try setFieldSmoothness(id, x)
        case "animationSpeed": try setFieldAnimationSpeed(id, x)
        case "seed":
            if let p = World.fieldPropertyOf(name: name), !d.kind.has(p) {
                try setFieldSeed(id, 0)  // the engine names the kinds that have a seed
            }
            guard x >= 0, x <= 9_007_199_254_740_992, x == x.rounded() else {
                throw EngineError(.invalidValue, field: "seed", "seed must be a whole number from 0 to 2^53 (got \(formatNumber(x)))")
            }
            try setFieldSeed(id, UInt64(x))
        default: throw World.noProperty(name)
        }
    }
}
