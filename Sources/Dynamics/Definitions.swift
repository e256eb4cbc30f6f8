// The public vocabulary for making items: models, shapes, the definition struct, properties.

import DynamicsMath

/// Which behaviour the world reproduces (Docs/semantics.md §14.1, §14.2; Docs/solver.md §2.12).
public enum WorldModel: String, CaseIterable, Sendable {
    /// The documented semantics: material defaults all 0, one tick of exactly 1/60 s per frame.
    case ideal
    /// What shipping UIKit does: defaults 0.2 / 0.2 / 0.1 / 0.1, ticks of h = Float(1/120) s
    /// driven by a double-precision accumulator (one tick on the first frame, two afterwards).
    case uikit

    /// Elasticity of an item that never set it.
    public var defaultElasticity: Real { self == .ideal ? 0 : 0.2 }
    /// Friction of an item that never set it.
    public var defaultFriction: Real { self == .ideal ? 0 : 0.2 }
    /// Linear resistance (1/s) of an item that never set it.
    public var defaultResistance: Real { self == .ideal ? 0 : 0.1 }
    /// Angular resistance (1/s) of an item that never set it.
    public var defaultAngularResistance: Real { self == .ideal ? 0 : 0.1 }
}

/// The collision shape of an item (Docs/semantics.md §4.1).
public enum ItemShape: Equatable, Sendable {
    /// A width × height box centred on the item's centre (the default).
    case rectangle
    /// The ellipse inscribed in the item's size: a true circle when width == height; otherwise
    /// an exact ellipse in `ideal` and a polygon of one vertex per ~10 pt of perimeter in `uikit`.
    case ellipse
    /// A convex polygon, points in pt relative to the item's centre (either winding).
    case path([Vec2])
}

/// Everything needed to create an item. Defaults are those of a fresh UIKit view.
public struct ItemDefinition: Sendable {
    /// Centre of the item in world coordinates, pt (y down). Default (0, 0).
    public var center = Vec2.zero
    /// Width and height, pt, both > 0. Default 100 × 100.
    public var size = Vec2(100, 100)
    /// Rotation, radians, positive clockwise on screen. Default 0.
    public var angle: Real = 0
    /// Collision shape. Default `.rectangle`.
    public var shape = ItemShape.rectangle
    /// Initial velocity of the centre of mass, pt/s. Default (0, 0).
    public var velocity = Vec2.zero
    /// Initial angular velocity, rad/s, positive clockwise. Default 0.
    public var spin: Real = 0
    /// Restitution (any finite value; 0 no bounce, 1 elastic). nil: the model's default.
    public var elasticity: Real? = nil
    /// Friction coefficient, ≥ 0. nil: the model's default.
    public var friction: Real? = nil
    /// Linear velocity damping, 1/s, ≥ 0 (`v ← v / (1 + h·c)` per tick). nil: the model's default.
    public var resistance: Real? = nil
    /// Angular velocity damping, 1/s, ≥ 0. nil: the model's default.
    public var angularResistance: Real? = nil
    /// Relative density, > 0: mass = density × area / 10 000 kg. Default 1.
    public var density: Real = 1
    /// Electric charge for field behaviors (unitless, any sign). Default 0.
    public var charge: Real = 0
    /// false: the item never turns (infinite rotational inertia, spin held at 0). Default true.
    public var allowsRotation = true
    /// true: the item is immovable (a static body with zero velocity). Default false.
    public var anchored = false
    /// Swept against movable items too, so that it never passes through one however fast
    /// (continuous collision; UIKit's items are not bullets).
    public var bullet = false

    public init() {}
}

/// A readable property of an item, by its name in the language.
public enum ItemProperty: String, CaseIterable, Sendable {
    case x, y, vx, vy, angle, spin, width, height, mass, inertia, elasticity, friction, density, resistance,
        angularResistance, charge, allowsRotation, anchored, bullet

    /// false for the derived, read-only properties: width, height, mass, inertia.
    public var isSettable: Bool {
        switch self {
        case .width, .height, .mass, .inertia: return false
        default: return true
        }
    }

    /// true for the flags allowsRotation, anchored and bullet, which read as 0 or 1.
    public var isBoolean: Bool { self == .allowsRotation || self == .anchored || self == .bullet }
}

/// The kind of a behavior.
public enum BehaviorKind: Sendable {
    /// UIGravityBehavior.
    case gravity
    /// UIAttachmentBehavior (Behaviors/Attachment.swift).
    case attachment
    /// UIPushBehavior (Behaviors/Push.swift).
    case push
    /// UISnapBehavior (Behaviors/Snap.swift).
    case snap
    /// UICollisionBehavior (Behaviors/Collision.swift).
    case collision
    /// UIFieldBehavior (Fields/): `fieldKind(_:)` tells which.
    case field
}
