// `attach anchor|items|pin|fixed|slide|limit ...`: UIAttachmentBehavior and its joints.

import Dynamics
import DynamicsMath

struct AttachCommand: Command {
    static let item = Slot("ITEM", "an item", .name)
    static let offset = [Slot("DX", "the offset's x"), Slot("DY", "the offset's y")]
    static let point = [Slot("X", "the point's x"), Slot("Y", "the point's y")]
    static let length = Param.option("length", [Slot("L", "the length")])
    static let spring = [Param.option("frequency", [Slot("F", "the frequency")]), .option("damping", [Slot("D", "the damping")])]
    static let range = Param.option("range", [Slot("LO", "the range's low end"), Slot("HI", "the range's high end")])

    /// The items of each kind: A (with an offset where the kind takes one), then B.
    static func items(offsets: Bool, second: Bool?) -> [Param] {
        var p: [Param] = [.positional("a", [Slot("A", "an item", .name)])]
        if offsets { p.append(.keyed("offsetA", "offset", offset)) }
        if let second { p.append(.positional("b", [Slot("B", "an item", .name)], required: second, missing: "2 items")) }
        if offsets && second != nil { p.append(.keyed("offsetB", "offset", offset)) }
        return p
    }

    static let spec = CommandSpec(
        "attach", CommandSyntax([
            Form("anchor", [.positional("a", [item]), .keyed("offsetA", "offset", offset)],
                 options: [.option("to", point, required: true), length] + spring + [.asName]),
            Form("items", items(offsets: true, second: true), options: [length] + spring + [.asName]),
            Form("pin", items(offsets: false, second: true),
                 options: [.option("at", point, required: true), range, .option("friction", [Slot("T", "the friction torque")]), .asName]),
            Form("fixed", items(offsets: false, second: true), options: [.option("at", point, required: true), .asName]),
            Form("slide", items(offsets: false, second: false),
                 options: [.option("at", point, required: true), .option("axis", [Slot("DX", "the axis's x"), Slot("DY", "the axis's y")], required: true),
                           range, .asName]),
            Form("limit", items(offsets: true, second: true), options: [length, .asName]),
        ]),
        summary: "attaches an item to a point or two items to each other (UIAttachmentBehavior)",
        details: """
            Offsets are in the item's own frame and turn with it. The length defaults to the distance \
            when attached; another length, or an anchor moved (`set NAME.anchorX`), takes the items \
            there on their positions, at most 1,200 pt/s, without giving them speed. frequency 0 (the default) is a rigid rod; above 0 a spring of that many Hz \
            with the damping ratio D (1: critical). pin: a hinge at X Y, range in radians relative to \
            the starting angle (`inf` for no limit on that side), friction a resisting torque. fixed: a weld. slide: motion only along the \
            axis through X Y, range in points. limit: a rope, at most `length` apart.
            """,
        example: "attach anchor bob to 200 100 as string", make: { try AttachCommand($0) })

    let a: ParsedArguments

    init(_ a: ParsedArguments) throws { self.a = a }

    func apply(to interp: Interpreter) throws {
        guard let kind = a.sub.flatMap(AttachmentKind.init(rawValue:)) else { return }
        let name = try interp.newName(a)
        var def = AttachmentDefinition(kind: kind, itemA: try interp.item(try a.required("a")), itemB: try a.arg("b").map { try interp.item($0) })
        if a.has("offsetA") { def.offsetA = try interp.vector(a.args("offsetA")) }
        if a.has("offsetB") { def.offsetB = try interp.vector(a.args("offsetB")) }
        if a.has("to") { def.anchor = try interp.vector(a.args("to")) }
        if a.has("at") { def.anchor = try interp.vector(a.args("at")) }
        if a.has("axis") { def.axis = try interp.vector(a.args("axis")) }
        def.length = try a.arg("length").map { try interp.number($0) }
        // frequency 0 (or none) is a rigid rod: no spring. The damping ratio is kept either way
        // (`print a.damping`), and a spring set later uses it.
        let frequency = try a.arg("frequency").map { try interp.number($0) } ?? 0
        let damping = try a.arg("damping").map { try interp.number($0) } ?? 0
        def.spring = frequency == 0 ? nil : Spring(frequency: frequency, damping: damping)
        if a.has("range") { (def.rangeMin, def.rangeMax) = (try interp.rangeEnd(a.args("range")[0]), try interp.rangeEnd(a.args("range")[1])) }
        def.frictionTorque = try a.arg("friction").map { try interp.number($0) } ?? 0
        var fields: [String: SourceRange] = ["itemA": try a.required("a").range]
        fields["itemB"] = a.arg("b")?.range
        for (field, key) in [("anchor", "to"), ("anchor", "at"), ("axis", "axis"), ("range", "range")] where a.has(key) {
            fields[field] = a.range(key)
        }
        for (field, key) in [("length", "length"), ("frequency", "frequency"), ("damping", "damping"), ("frictionTorque", "friction")] {
            if let r = a.arg(key)?.range { fields[field] = r }
        }
        let id = try interp.engine(at: a.keywordRange, fields: fields) { w throws(EngineError) in
            // In place (a copy to change and put back copied the bodies' table: 220 µs a
            // command on 50,000 items), but for a damping without a spring, which needs a second
            // call: both calls or neither.
            guard def.spring == nil && damping != 0 else { return try w.addAttachment(def) }
            var edited = w
            let id = try edited.addAttachment(def)
            try edited.setAttachmentDamping(id, damping)
            w = edited
            return id
        }
        interp.define(name ?? interp.nextAutoName("attachment"), .behavior(id))
    }
}

extension Interpreter {
    /// An end of an attachment's range: a number, or `inf`/`-inf` for no limit on that side.
    func rangeEnd(_ a: Arg) throws -> Double {
        if case .number(let d) = try evaluate(a.expr), d.isInfinite { return d }
        return try number(a)
    }
}
