// The public vocabulary of field behaviors (UIFieldBehavior, Docs/semantics.md §13): the kinds, the
// properties each kind has, and the definition a field is created from.
//
// Units (Docs/semantics.md §1, §13.1): positions and region sizes in points; `direction` in UIKit's
// field units, where a length of 1 is 1 m/s² = 100 pt/s² (linear gravity) or 1 m/s = 100 pt/s
// (velocity and drag fields); `falloff` is an exponent applied to the distance in metres;
// `minimumRadius` in points (the default, 2⁻¹⁵ m, is 0.00305 pt); `strength`, `smoothness`
// and `animationSpeed` are plain numbers.

import DynamicsMath

/// The kind of a field (one per UIFieldBehavior factory).
public enum FieldKind: CaseIterable, Sendable {
    /// `S·m·d·fall`: the same acceleration for every mass (d = (0, 1), S = 1: 100 pt/s² down).
    case linearGravity
    /// `−S·m·p̂·fall` toward the position (falloff 2 by default: inverse square).
    case radialGravity
    /// `S·q·p̂·fall` (q the item's charge): a positive S·q pushes away from the position.
    case electric
    /// `S·(v_y, −v_x)·fall`: turns moving items (charge ignored, as the original).
    case magnetic
    /// `−S·p̂·fall`, falloff −1 by default: Hooke's `−S·p` toward the position.
    case spring
    /// `S·(−p̂_y, p̂_x)·fall / m`: tangential, clockwise on screen for a positive S.
    case vortex
    /// `−S·u·‖u‖·fall` with u = v − direction: quadratic drag relative to a medium.
    case drag
    /// No force: the item's velocity is replaced by `direction` (×100 pt/s) in every sub-step.
    case velocity
    /// `S·fall·n·∇n` for seeded smooth noise n: a random, smooth force (mass ignored).
    case noise
    /// The noise force × `m·‖v‖²`: only moving items feel it.
    case turbulence
    /// The force the caller computes (`CustomFieldEvaluator`), in UIKit newtons; strength 0
    /// switches it off, no falloff.
    case custom
}

/// A property of a field, for validation messages and the by-name property table.
public enum FieldProperty: String, CaseIterable, Sendable {
    case position, region, strength, falloff, minimumRadius, direction, smoothness, animationSpeed, seed

    /// The kinds that have this property.
    public var kinds: [FieldKind] { FieldKind.allCases.filter { $0.properties.contains(self) } }
}

extension FieldKind {
    /// The properties this kind has (every kind has position and region, and acts on items).
    public var properties: [FieldProperty] {
        switch self {
        case .linearGravity: return [.position, .region, .strength, .falloff, .minimumRadius, .direction]
        case .radialGravity, .electric, .magnetic, .spring, .vortex:
            return [.position, .region, .strength, .falloff, .minimumRadius]
        case .drag: return [.position, .region, .strength, .falloff, .minimumRadius, .direction]
        case .velocity: return [.position, .region, .direction]
        case .noise, .turbulence:
            return [.position, .region, .strength, .falloff, .minimumRadius, .smoothness, .animationSpeed, .seed]
        case .custom: return [.position, .region, .strength]
        }
    }

    /// Whether this kind has `property`.
    public func has(_ property: FieldProperty) -> Bool { properties.contains(property) }

    /// The default falloff (Docs/semantics.md §13.1): radial gravity 2, electric and magnetic 1,
    /// spring −1, otherwise 0.
    public var defaultFalloff: Real {
        switch self {
        case .radialGravity: return 2
        case .electric, .magnetic: return 1
        case .spring: return -1
        default: return 0
        }
    }
}

/// Everything needed to create a field. `FieldDefinition(kind:)` gives UIKit's defaults.
public struct FieldDefinition: Equatable, Sendable {
    /// Distances below 2⁻¹⁵ m count as it by default: 100·2⁻¹⁵ pt.
    public static let defaultMinimumRadius: Real = 100.0 / 32768.0

    public var kind: FieldKind
    /// Origin of the field in world coordinates, pt. Default (0, 0).
    public var position = Vec2.zero
    /// Where the field acts, around `position`. Default everywhere.
    public var region = FieldRegion.everywhere
    /// Scale of the effect, any finite number (negative reverses it). Default 1.
    public var strength: Real = 1
    /// Exponent of `max(r, minimumRadius)^(−falloff)`, r in metres; ignored below 2⁻¹⁵ in size.
    public var falloff: Real
    /// Distances below this count as it, pt, ≥ 0. Default 100·2⁻¹⁵ pt (2⁻¹⁵ m).
    public var minimumRadius: Real = FieldDefinition.defaultMinimumRadius
    /// Linear gravity: the acceleration (1 = 100 pt/s²); velocity: the velocity set (1 = 100
    /// pt/s); drag: the velocity of the medium (1 = 100 pt/s). Default (0, 0).
    public var direction = Vec2.zero
    /// Noise and turbulence: 0 (noisiest) ... 1 (smoothest). Default 0.
    public var smoothness: Real = 0
    /// Noise and turbulence: how fast the noise changes, ≥ 0 (0 frozen). Default 0.
    public var animationSpeed: Real = 0
    /// Noise and turbulence: which noise (a different seed is a different field). Default 0.
    public var seed: UInt64 = 0
    /// The items it acts on; nil for every item, present and future. Default nil.
    public var items: [ItemID]? = nil

    /// A field of `kind` with UIKit's defaults (its kind's default falloff).
    public init(kind: FieldKind) {
        self.kind = kind
        self.falloff = kind.defaultFalloff
    }

    /// Checks every number (finite; `minimumRadius`, `animationSpeed` ≥ 0; `smoothness` in
    /// 0...1; region sizes ≥ 0) and that properties the kind does not have keep their
    /// defaults. Throws `.invalidValue` naming the property.
    public func validate() throws(EngineError) {
        if !position.x.isFinite || !position.y.isFinite {
            throw EngineError.notFinite("position", position.x.isFinite ? position.y : position.x)
        }
        try region.validate()
        if !strength.isFinite { throw EngineError.notFinite("strength", strength) }
        if !falloff.isFinite { throw EngineError.notFinite("falloff", falloff) }
        if !minimumRadius.isFinite { throw EngineError.notFinite("minimumRadius", minimumRadius) }
        if minimumRadius < 0 { throw EngineError.mustBeNonNegative("minimumRadius", minimumRadius) }
        if !direction.x.isFinite || !direction.y.isFinite {
            throw EngineError.notFinite("direction", direction.x.isFinite ? direction.y : direction.x)
        }
        if !smoothness.isFinite { throw EngineError.notFinite("smoothness", smoothness) }
        if smoothness < 0 || smoothness > 1 {
            throw EngineError(field: "smoothness", value: smoothness, requirement: .between(0, 1))
        }
        if !animationSpeed.isFinite { throw EngineError.notFinite("animationSpeed", animationSpeed) }
        if animationSpeed < 0 { throw EngineError.mustBeNonNegative("animationSpeed", animationSpeed) }
        let base = FieldDefinition(kind: kind)
        let differs: [(FieldProperty, Bool)] = [
            (.region, region != base.region), (.strength, strength != base.strength),
            (.falloff, falloff != base.falloff), (.minimumRadius, minimumRadius != base.minimumRadius),
            (.direction, direction != base.direction), (.smoothness, smoothness != base.smoothness),
            (.animationSpeed, animationSpeed != base.animationSpeed), (.seed, seed != base.seed),
        ]
        for (property, changed) in differs where changed && !kind.has(property) {
            throw FieldDefinition.notAProperty(property, of: kind)
        }
    }

    /// "smoothness is not a property of spring fields (only of noise and turbulence fields)".
    static func notAProperty(_ property: FieldProperty, of kind: FieldKind) -> EngineError {
        let owners = property.kinds.map { "\($0)" }
        let list = owners.count <= 1 ? owners.joined() : owners.dropLast().joined(separator: ", ") + " and " + owners.last!
        return EngineError(
            .notAllowed, field: property.rawValue,
            "\(property.rawValue) is not a property of \(kind) fields (only of \(list) fields)")
    }

    // MARK: UIKit's factories

    /// linearGravityField(direction:).
    public static func linearGravity(direction: Vec2) -> FieldDefinition {
        var d = FieldDefinition(kind: .linearGravity)
        d.direction = direction
        return d
    }

    /// radialGravityField(position:).
    public static func radialGravity(position: Vec2) -> FieldDefinition {
        var d = FieldDefinition(kind: .radialGravity)
        d.position = position
        return d
    }

    /// velocityField(direction:).
    public static func velocity(direction: Vec2) -> FieldDefinition {
        var d = FieldDefinition(kind: .velocity)
        d.direction = direction
        return d
    }

    /// noiseField(smoothness:animationSpeed:).
    public static func noise(smoothness: Real, animationSpeed: Real) -> FieldDefinition {
        var d = FieldDefinition(kind: .noise)
        d.smoothness = smoothness
        d.animationSpeed = animationSpeed
        return d
    }

    /// turbulenceField(smoothness:animationSpeed:).
    public static func turbulence(smoothness: Real, animationSpeed: Real) -> FieldDefinition {
        var d = FieldDefinition(kind: .turbulence)
        d.smoothness = smoothness
        d.animationSpeed = animationSpeed
        return d
    }
}
