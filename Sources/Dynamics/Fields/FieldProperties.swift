// Field properties by name, for the language's `print f.strength` / `set f.strength 2`
// (the by-name scheme of Behaviors/BehaviorProperties.swift). The region is structured and
// has no by-name form: the language reads and writes it with `fieldRegion`/`setFieldRegion`.
// A property that the field's kind does not have reads as nil and refuses to be set, naming
// the kinds that have it.

import DynamicsMath

extension World {
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

    mutating func setFieldProperty(_ name: String, of id: BehaviorID, to value: BehaviorValue) throws {
        guard let d = fieldDefinition(id) else { throw EngineError.unknownBehavior }
        guard let property = World.fieldPropertyOf(name: name) else {
            throw EngineError(.notAllowed, field: name, "\(name) cannot be set")
        }
        if !d.kind.has(property) { throw FieldDefinition.notAProperty(property, of: d.kind) }
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
            guard x >= 0, x <= 9_007_199_254_740_992, x == x.rounded() else {
                throw EngineError(.invalidValue, field: "seed", "seed must be a whole number from 0 to 2^53 (got \(formatNumber(x)))")
            }
            try setFieldSeed(id, UInt64(x))
        default: throw EngineError(.invalidValue, field: name, "no property '\(name)'")
        }
    }
}
