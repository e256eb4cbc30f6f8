// Field properties in the language: the one table of their names, units and help (read by
// `help field`, completion and Docs/language.md), and reading, setting and printing them
// through the engine's typed field API (`fieldDefinition`, `setField*`).
//
// A field's position reads as `f.x`, `f.y`; its direction as `f.dx`, `f.dy`; its region as
// text in the region syntax (`disc(100)`), which `set f.region` takes back as an expression.
// A property that the field's kind does not have is refused, naming the kinds that have it.

import Dynamics
import DynamicsMath
import DynSystem

/// The language's names for field kinds and properties.
enum FieldLanguage {
    /// One field property as the language names it.
    struct Property: Sendable {
        var name: String
        /// The engine property behind it (nil: `kind`, `items`, `force`, read-only facts).
        var property: FieldProperty?
        var settable: Bool
        var unit: String
        var summary: String
    }

    /// Every field property, in the order help and `print` list them.
    static let properties: [Property] = [
        Property(name: "kind", property: nil, settable: false, unit: "",
                 summary: "which field: " + kinds.map(\.words).joined(separator: ", ")),
        Property(name: "x", property: .position, settable: true, unit: "pt", summary: "x of the position (where the region is centred); `at X Y` when created"),
        Property(name: "y", property: .position, settable: true, unit: "pt", summary: "y of the position"),
        Property(name: "region", property: .region, settable: true, unit: "pt",
                 summary: "where it acts, around the position: everywhere, disc(R), rect(W, H), inverse(A), union(A, B), difference(A, B), intersection(A, B)"),
        Property(name: "strength", property: .strength, settable: true, unit: "",
                 summary: "scale of the effect; negative reverses it (custom: 0 switches it off)"),
        Property(name: "falloff", property: .falloff, settable: true, unit: "exponent",
                 summary: "e in max(r, minimumRadius)^(-e), r in metres (100 pt)"),
        Property(name: "minimumRadius", property: .minimumRadius, settable: true, unit: "pt",
                 summary: "distances below it count as it (default 0.00305 pt, 2^-15 m)"),
        Property(name: "dx", property: .direction, settable: true, unit: "100 pt/s² or 100 pt/s",
                 summary: "x of the direction (`direction DX DY` when created): the acceleration (linear gravity), the velocity (velocity) or the medium's velocity (drag)"),
        Property(name: "dy", property: .direction, settable: true, unit: "100 pt/s² or 100 pt/s", summary: "y of the direction"),
        Property(name: "smoothness", property: .smoothness, settable: true, unit: "0...1", summary: "0 noisiest, 1 smoothest"),
        Property(name: "animationSpeed", property: .animationSpeed, settable: true, unit: "1/s",
                 summary: "how fast the noise changes (0: frozen)"),
        Property(name: "seed", property: .seed, settable: true, unit: "whole number", summary: "which noise (0 to 2^53)"),
        Property(name: "force", property: nil, settable: false, unit: "N (100 pt/s² on mass 1)",
                 summary: "custom: the force, two expressions of x y vx vy mass charge time"),
        Property(name: "items", property: nil, settable: true, unit: "names",
                 summary: "the items it acts on, as text: \"a b\", \"all\" (every item, present and future) or \"none\""),
    ]

    /// A kind as the language writes it: its words after `field` (`radial gravity`).
    struct Kind: Sendable {
        var kind: FieldKind
        /// The sub-keyword: `radial`.
        var sub: String
        /// `gravity` after `linear` and `radial`.
        var second: String?
        var summary: String
        var words: String { second.map { sub + " " + $0 } ?? sub }
    }

    /// The eleven kinds, in UIKit's order.
    static let kinds: [Kind] = [
        Kind(kind: .linearGravity, sub: "linear", second: "gravity", summary: "S·m·d: the same acceleration for every mass (direction 0 1: 100 pt/s² down)"),
        Kind(kind: .radialGravity, sub: "radial", second: "gravity", summary: "-S·m·p̂/r²: pulls toward the position (falloff 2)"),
        Kind(kind: .electric, sub: "electric", summary: "S·q·p̂/r: pushes a positive charge away, pulls a negative one (falloff 1)"),
        Kind(kind: .magnetic, sub: "magnetic", summary: "S·(vy, -vx)/r: turns moving items (falloff 1)"),
        Kind(kind: .spring, sub: "spring", summary: "-S·p: Hooke's pull toward the position (falloff -1)"),
        Kind(kind: .vortex, sub: "vortex", summary: "S·(-p̂y, p̂x)/m: turns items about the position, clockwise on screen"),
        Kind(kind: .drag, sub: "drag", summary: "-S·u·‖u‖, u = v - direction: quadratic drag"),
        Kind(kind: .velocity, sub: "velocity", summary: "sets the velocity to direction × 100 pt/s; overrides every force"),
        Kind(kind: .noise, sub: "noise", summary: "S·n·∇n: a smooth random force, seeded"),
        Kind(kind: .turbulence, sub: "turbulence", summary: "the noise force × m·‖v‖²: only moving items feel it"),
        Kind(kind: .custom, sub: "custom", summary: "the force the expressions of `force FX FY` give"),
    ]

    static func kind(_ k: FieldKind) -> Kind { kinds.first { $0.kind == k }! }
    static func words(_ k: FieldKind) -> String { kind(k).words }

    /// The properties a kind has, as the language names them.
    static func properties(of kind: FieldKind) -> [Property] {
        properties.filter { p in
            if let e = p.property { return kind.has(e) }
            return p.name != "force" || kind == .custom
        }
    }

    /// "strength is not a property of velocity fields (only of linear gravity, ... fields)".
    static func notAProperty(_ name: String, of kind: FieldKind) -> String {
        let key = name == "direction" ? "dx" : name
        let owners = kinds.filter { k in properties(of: k.kind).contains { $0.name == key } }.map(\.words)
        let list = owners.count <= 1 ? owners.joined() : owners.dropLast().joined(separator: ", ") + " and " + owners.last!
        return "\(name) is not a property of \(words(kind)) fields (only of \(list) fields)"
    }

    /// The rows of `help field`'s property table.
    static var helpRows: [(String, String)] {
        properties.map { p in
            let owners = kinds.filter { k in properties(of: k.kind).contains { $0.name == p.name } }
            let which = owners.count == kinds.count ? "" : " [" + owners.map(\.words).joined(separator: ", ") + "]"
            return (p.name + (p.settable ? "" : " *"), p.summary + (p.unit.isEmpty ? "" : " (\(p.unit))") + which)
        }
    }

    /// What `help field` adds: the kinds, then the properties with units and which kinds have them.
    static var helpText: String {
        "Field kinds:\n" + Reference.table(kinds.map { ($0.words, $0.summary) })
            + "Field properties (set with: set NAME.PROP VALUE; * read-only; [the kinds that have it]):\n"
            + Reference.table(helpRows)
    }

    /// The region syntax in help and messages.
    static let regionForms = "everywhere, disc(R), rect(W, H), inverse(A), union(A, B, ...), difference(A, B), intersection(A, B, ...)"
}

extension Interpreter {
    /// Reads `f.name` of a field.
    func fieldProperty(_ id: BehaviorID, _ object: String, _ name: String, _ nameRange: SourceRange) throws -> Value {
        guard let d = session.world.fieldDefinition(id) else { throw runtimeError("'\(object)' has been removed", nameRange) }
        let own = FieldLanguage.properties(of: d.kind)
        guard own.contains(where: { $0.name == name }) else { throw fieldPropertyError(d.kind, name, nameRange) }
        switch name {
        case "kind": return .string(FieldLanguage.kind(d.kind).words)
        case "x": return .number(d.position.x)
        case "y": return .number(d.position.y)
        case "region": return .string(FieldRegionSyntax.text(d.region))
        case "strength": return .number(d.strength)
        case "falloff": return .number(d.falloff)
        case "minimumRadius": return .number(d.minimumRadius)
        case "dx": return .number(d.direction.x)
        case "dy": return .number(d.direction.y)
        case "smoothness": return .number(d.smoothness)
        case "animationSpeed": return .number(d.animationSpeed)
        case "seed": return .number(Double(d.seed))
        case "force":
            let f = session.fieldForces.first { $0.field == id }
            return .string(f.map { "\($0.fx.text) \($0.fy.text)" } ?? "")
        default: return .string(fieldItemsText(d.items))
        }
    }

    /// The refusal of a property a field does not have: another kind's (naming the kinds that
    /// have it), or no field's (with the nearest name).
    func fieldPropertyError(_ kind: FieldKind, _ name: String, _ nameRange: SourceRange) -> RuntimeError {
        if FieldLanguage.properties.contains(where: { $0.name == name }) {
            return runtimeError(FieldLanguage.notAProperty(name, of: kind), nameRange)
        }
        let names = FieldLanguage.properties(of: kind).map(\.name)
        var hint = Suggest.hint(for: name, in: names)
        if hint.isEmpty && name == "position" { hint = "; a field's position is NAME.x and NAME.y" }
        if hint.isEmpty && name == "direction" && names.contains("dx") { hint = "; a field's direction is NAME.dx and NAME.dy" }
        return runtimeError("a \(FieldLanguage.kind(kind).words) field has no property '\(name)'" + hint, nameRange)
    }

    /// `set f.name VALUE` of a field (the region is set from its expression, `setFieldRegion`).
    func setFieldProperty(_ id: BehaviorID, _ object: String, _ name: String, _ nameRange: SourceRange,
                          to value: Value, valueRange: SourceRange) throws {
        guard let d = session.world.fieldDefinition(id) else { throw runtimeError("'\(object)' has been removed", nameRange) }
        guard let p = FieldLanguage.properties(of: d.kind).first(where: { $0.name == name }) else {
            throw fieldPropertyError(d.kind, name, nameRange)
        }
        guard p.settable else { throw runtimeError("\(object).\(name) cannot be set", nameRange) }
        if name == "items" { return try setFieldItems(id, object, to: value, valueRange) }
        guard case .number(let x) = value else {
            throw runtimeError("\(object).\(name) must be a number, got \(value.typeDescription) (\(value))", valueRange)
        }
        guard x.isFinite else { throw runtimeError("\(object).\(name) must be a finite number", valueRange) }
        try engine(at: valueRange) { (w: inout World) throws(EngineError) in
            switch name {
            case "x": try w.setFieldPosition(id, Vec2(x, d.position.y))
            case "y": try w.setFieldPosition(id, Vec2(d.position.x, x))
            case "strength": try w.setFieldStrength(id, x)
            case "falloff": try w.setFieldFalloff(id, x)
            case "minimumRadius": try w.setFieldMinimumRadius(id, x)
            case "dx": try w.setFieldDirection(id, Vec2(x, d.direction.y))
            case "dy": try w.setFieldDirection(id, Vec2(d.direction.x, x))
            case "smoothness": try w.setFieldSmoothness(id, x)
            case "animationSpeed": try w.setFieldAnimationSpeed(id, x)
            default: try w.setFieldSeed(id, try FieldCommand.seed(x))
            }
        }
    }

    /// `set f.items "a b"` (or "all", "none"): the items a field acts on from now. Turning a
    /// list back into every item makes the field anew (same name, same properties).
    func setFieldItems(_ id: BehaviorID, _ object: String, to value: Value, _ valueRange: SourceRange) throws {
        guard case .string(let text) = value else {
            throw runtimeError("\(object).items must be a string of item names, \"all\" or \"none\", got \(value.typeDescription)", valueRange)
        }
        let words = text.split(separator: " ").map(String.init)
        var world = session.world
        guard var d = world.fieldDefinition(id) else { return }
        if words == ["all"] {
            guard d.items != nil else { return }
            d.items = nil
            let fresh = try engine(at: valueRange) { (_: inout World) throws(EngineError) in
                try world.removeBehavior(id)
                return try world.addField(d)
            }
            session.world = world
            session.entities[object] = .behavior(fresh)
            session.names[.behavior(id)] = nil
            session.names[.behavior(fresh)] = object
            for k in session.fieldForces.indices where session.fieldForces[k].field == id { session.fieldForces[k].field = fresh }
            return
        }
        var seen: [String] = []
        for w in words where w != "none" {
            if seen.contains(w) { throw runtimeError("'\(w)' is listed twice", valueRange) }
            seen.append(w)
        }
        let items = try seen.map { try item(named: $0, valueRange) }
        try engine(at: valueRange) { (_: inout World) throws(EngineError) in
            try world.removeItems(d.items ?? world.itemIDs.filter { world.group(of: $0) == nil }, from: id)
            try world.addItems(items, to: id)
        }
        session.world = world
    }

    /// `set f.region EXPR`: the expression is read in the region syntax, not evaluated.
    func setFieldRegion(_ id: BehaviorID, _ object: String, _ nameRange: SourceRange, _ expr: Expr) throws {
        guard let d = session.world.fieldDefinition(id) else { throw runtimeError("'\(object)' has been removed", nameRange) }
        let region = try FieldRegionSyntax.region(expr, self)
        _ = d
        try engine(at: expr.range) { (w: inout World) throws(EngineError) in try w.setFieldRegion(id, region) }
    }

    /// The items of a field or another behavior as text: names, `all`, or `none`.
    func fieldItemsText(_ items: [ItemID]?) -> String {
        guard let items else { return "all" }
        return items.isEmpty ? "none" : items.map { itemName($0) }.joined(separator: " ")
    }

    /// `print f`: the field as a `field` command would make it again (its name first).
    func describeField(_ name: String, _ id: BehaviorID) -> String {
        guard let d = session.world.fieldDefinition(id) else { return "\(name) removed" }
        let base = FieldDefinition(kind: d.kind)
        var line = "\(name) field \(FieldLanguage.kind(d.kind).words)"
        line += " at \(formatNumber(d.position.x)) \(formatNumber(d.position.y))"
        let has = d.kind.has
        if has(.direction) { line += " direction \(formatNumber(d.direction.x)) \(formatNumber(d.direction.y))" }
        if has(.strength) { line += " strength \(formatNumber(d.strength))" }
        if has(.falloff) { line += " falloff \(formatNumber(d.falloff))" }
        if has(.minimumRadius) && d.minimumRadius != base.minimumRadius { line += " minimumRadius \(formatNumber(d.minimumRadius))" }
        if has(.smoothness) { line += " smoothness \(formatNumber(d.smoothness))" }
        if has(.animationSpeed) { line += " animationSpeed \(formatNumber(d.animationSpeed))" }
        if has(.seed) { line += " seed \(d.seed)" }
        if d.kind == .custom, let f = session.fieldForces.first(where: { $0.field == id }) {
            line += " force \(f.fx.text) \(f.fy.text)"
        }
        line += " region \(FieldRegionSyntax.text(d.region))"
        return line + " on \(fieldItemsText(d.items))"
    }
}

extension Interpreter {
    /// The field a name refers to (not a variable of that name), or nil.
    func fieldNamed(_ name: String) -> BehaviorID? {
        guard lookupVariable(name) == nil, case .behavior(let id)? = session.entities[name],
              session.world.behaviorKind(id) == .field else { return nil }
        return id
    }
}
