// `field KIND [at X Y] [PROPERTY VALUE ...] [on ITEM ... | on all] [as NAME]`: field behaviors
// (UIFieldBehavior, Docs/semantics.md §13), the eleven kinds, each with its own properties.
//
//     field radial gravity at 200 300 strength 5 region disc(150) as sun
//     field electric at 0 300 strength 2 on a b
//     field custom force (-4 * x) (-4 * y) as pull
//
// A property that the kind does not have is refused before anything runs, naming the kinds
// that have it. The region is written in the region syntax (FieldRegionSyntax.swift).

import Dynamics
import DynamicsMath
import DynSystem

struct FieldCommand: Command {
    /// The largest seed: 2^53, the largest whole number every double holds exactly.
    static let maximumSeed = 9_007_199_254_740_992

    /// The property options, in help order: the option keyword and the property it sets.
    static let propertyOptions: [(param: Param, property: String)] = [
        (.option("region", [Slot("REGION", "a region", .region)], usageGroup: "PROPERTY VALUE ..."), "region"),
        (.option("strength", [Slot("S", "the strength")], usageGroup: "PROPERTY VALUE ..."), "strength"),
        (.option("falloff", [Slot("E", "the falloff")], usageGroup: "PROPERTY VALUE ..."), "falloff"),
        (.option("minimumRadius", [Slot("R", "the minimum radius", .number, .within(0...1e12, whole: false, text: "0 or more"))],
                 usageGroup: "PROPERTY VALUE ..."), "minimumRadius"),
        (.option("direction", [Slot("DX", "the direction's x"), Slot("DY", "the direction's y")], usageGroup: "PROPERTY VALUE ..."), "dx"),
        (.option("smoothness", [Slot("S", "the smoothness", .number, .within(0...1, whole: false, text: "from 0 to 1"))],
                 usageGroup: "PROPERTY VALUE ..."), "smoothness"),
        (.option("animationSpeed", [Slot("A", "the animation speed", .number, .within(0...1e12, whole: false, text: "0 or more"))],
                 usageGroup: "PROPERTY VALUE ..."), "animationSpeed"),
        (.option("seed", [Slot("N", "the seed", .number, .whole(0, maximumSeed))], usageGroup: "PROPERTY VALUE ..."), "seed"),
    ]

    static let force = [Slot("FX", "the force's x expression", .expression), Slot("FY", "the force's y expression", .expression)]

    static func form(_ k: FieldLanguage.Kind) -> Form {
        var positionals: [Param] = []
        if let second = k.second { positionals.append(.positional("second", [Slot(second, "'\(second)'", .name)])) }
        var options: [Param] = [.option("at", [Slot("X", "the position's x"), Slot("Y", "the position's y")])]
        if k.kind == .custom { options.append(.option("force", force, required: true)) }
        options += propertyOptions.map(\.param)
        if k.kind != .custom { options.append(.option("force", force, usageGroup: "PROPERTY VALUE ...")) }
        options += [.option("on", repeated: [Slot("ITEM", "an item, or all", .name)], atLeast: 1),
                    .option("as", [Slot("NAME", "a name for the field", .newName)])]
        return Form(k.sub, positionals, options: options)
    }

    static let spec = CommandSpec(
        "field", CommandSyntax(FieldLanguage.kinds.map(form)),
        summary: "adds a field: a force on the items in a region around a point (UIFieldBehavior)",
        details: """
            The kinds: \(FieldLanguage.kinds.map(\.words).joined(separator: ", ")). \
            `at X Y` is the position (default 0 0), the centre of the region (default everywhere: \
            `region disc(R)`, `rect(W, H)`, `inverse(A)`, `union(A, B)`, `difference(A, B)`, \
            `intersection(A, B)`). PROPERTY VALUE pairs set the kind's properties (`help field` \
            lists them with units; another kind's property is refused). Without `on` the field acts \
            on every item, present and future (`on all` says so). Forces of several fields add up, \
            act in every sub-step, and wake the items they reach. A custom field's force is two \
            expressions of the item's x y (pt, relative to the position), vx vy (pt/s), mass, \
            charge and the fields' time (s), in UIKit's force unit: an item of mass 1 accelerates \
            by 100 pt/s² per unit. Distances in the formulas are in metres (100 pt).
            """,
        example: "field radial gravity at 200 300 strength 5 region disc(150)", make: { try FieldCommand($0) })

    let a: ParsedArguments
    let kind: FieldLanguage.Kind

    init(_ a: ParsedArguments) throws {
        self.a = a
        kind = FieldLanguage.kinds.first { $0.sub == a.sub } ?? FieldLanguage.kinds[0]
    }

    /// A property of another kind is refused here, so `dyn check` finds it.
    func validate() throws {
        if let second = kind.second, let arg = a.arg("second"), arg.expr.bareName != second {
            let found = arg.expr.bareName.map { "'\($0)'" + Suggest.hint(for: $0, in: [second]) } ?? "something else"
            throw RuntimeError(message: "expected '\(second)' after 'field \(kind.sub)', found \(found)", range: arg.range)
        }
        let own = FieldLanguage.properties(of: kind.kind).map(\.name)
        for (param, property) in FieldCommand.propertyOptions where a.has(param.key) && !own.contains(property) {
            throw RuntimeError(message: FieldLanguage.notAProperty(param.key, of: kind.kind), range: a.range(param.key)!)
        }
        if kind.kind != .custom, let r = a.range("force") {
            throw RuntimeError(message: "force is not a property of \(kind.words) fields (only of custom fields)", range: r)
        }
        let on = a.args("on")
        if on.count > 1, let all = on.first(where: { $0.expr.bareName == "all" }) {
            throw RuntimeError(message: "give items or 'all', not both", range: all.range)
        }
    }

    /// A seed from a number: a whole number from 0 to 2^53.
    static func seed(_ x: Double) throws(EngineError) -> UInt64 {
        guard x >= 0, x <= Double(maximumSeed), x == x.rounded() else {
            throw EngineError(.invalidValue, field: "seed", "seed must be a whole number from 0 to 2^53 (got \(formatNumber(x)))")
        }
        return UInt64(x)
    }

    func apply(to interp: Interpreter) throws {
        var def = FieldDefinition(kind: kind.kind)
        var fields: [String: SourceRange] = [:]
        func number(_ key: String) throws -> Double? {
            guard let arg = a.arg(key) else { return nil }
            fields[key] = arg.range
            return try interp.number(arg)
        }
        if a.has("at") {
            def.position = try interp.vector(a.args("at"))
            fields["position"] = a.range("at")
        }
        if let r = a.arg("region") {
            def.region = try FieldRegionSyntax.region(r.expr, interp)
            for key in ["region", "radius", "width", "height"] { fields[key] = r.range }
        }
        if let s = try number("strength") { def.strength = s }
        if let e = try number("falloff") { def.falloff = e }
        if let r = try number("minimumRadius") { def.minimumRadius = r }
        if a.has("direction") {
            def.direction = try interp.vector(a.args("direction"))
            fields["direction"] = a.range("direction")
        }
        if let s = try number("smoothness") { def.smoothness = s }
        if let s = try number("animationSpeed") { def.animationSpeed = s }
        if let s = try number("seed") { def.seed = try interp.engine(at: a.range("seed")!) { (_: inout World) throws(EngineError) in try FieldCommand.seed(s) } }
        let on = a.args("on")
        if !on.isEmpty && !(on.count == 1 && on[0].expr.bareName == "all") {
            def.items = try on.map { try interp.item($0) }
            fields["items"] = a.range("on")
        }
        var force: FieldForce?
        if kind.kind == .custom {
            let args = a.args("force")
            force = FieldForce(field: .none, fx: try ForceExpression(args[0].expr, interp), fy: try ForceExpression(args[1].expr, interp),
                               file: interp.file)
        }
        let name = try interp.newName(a)
        let id = try interp.engine(at: a.keywordRange, fields: fields) { (w: inout World) throws(EngineError) in try w.addField(def) }
        interp.define(name ?? interp.nextAutoName("field"), .behavior(id))
        if var force {
            force.field = id
            interp.session.fieldForces.append(force)
        }
    }
}
