// Reading and writing behavior properties by name.
//
// The language promises that every property of every behavior in the semantics reference is
// readable and settable (`set rope.length 120`, `print g.magnitude`, `set p.active false`).
// Rather than a typed accessor per property in the language, each behavior kind publishes a
// table of `BehaviorPropertyInfo` and answers `behaviorProperty`/`setBehaviorProperty`, so a
// new behavior or property needs no change outside its own file. This is a cold path (names
// are compared as strings); the step never goes through it.
//
// Adding a kind: add its case to `BehaviorKind` (Definitions.swift), its table to
// `behaviorProperties(of:)` and its cases to the dispatch switches below (property get/set
// and `behaviorItems`).

import DynamicsMath

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
    public mutating func setBehaviorProperty(_ name: String, of id: BehaviorID, to value: BehaviorValue) throws {
        guard let kind = behaviorKind(id) else { throw EngineError.unknownBehavior }
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

    /// The items a behavior acts on, in the order they were added; nil when it acts on every
    /// item (present and future) or the behavior is gone.
    public func behaviorItems(_ id: BehaviorID) -> [ItemID]? {
        guard let kind = behaviorKind(id) else { return nil }
        switch kind {
        case .gravity: return gravityItems(id)
        case .attachment: return attachmentItems(id)
        case .push: return pushItems(id)
        case .snap: return snapItems(id)
        case .collision: return collisionItems(id)
        case .field: return fieldItems(id)
        }
    }

    /// Unwraps a number for a setter, refusing other kinds of value and non-finite numbers.
    static func numberValue(_ value: BehaviorValue, _ field: String) throws(EngineError) -> Real {
        guard case .number(let d) = value else {
            throw EngineError(.invalidValue, field: field, "\(field) must be a number")
        }
        try World.checkValue(field, d)
        return d
    }

    /// Unwraps a flag for a setter.
    static func flagValue(_ value: BehaviorValue, _ field: String) throws(EngineError) -> Bool {
        guard case .flag(let b) = value else {
            throw EngineError(.invalidValue, field: field, "\(field) must be yes or no")
        }
        return b
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

    mutating func setGravityProperty(_ name: String, of id: BehaviorID, to value: BehaviorValue) throws {
        let d = try World.numberValue(value, name)
        switch name {
        case "dx", "dy":
            var v = gravityVector(id) ?? .zero
            if name == "dx" { v.x = d } else { v.y = d }
            try setGravityVector(id, v)
        case "angle": try setGravityAngle(id, d)
        case "magnitude": try setGravityMagnitude(id, d)
        default: throw EngineError(.invalidValue, field: name, "no property '\(name)'")
        }
    }
}
