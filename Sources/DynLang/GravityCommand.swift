// `gravity [DX DY] [angle A] [magnitude M] [on ITEM ...] [as NAME]`

import Dynamics
import DynamicsMath

struct GravityCommand: Command {
    static let spec = CommandSpec(
        "gravity", CommandSyntax([
            .positional("vector", [Slot("DX", "the gravity's x component"), Slot("DY", "the gravity's y component")], required: false),
        ], options: [
            .option("angle", [Slot("A", "the angle")]),
            .option("magnitude", [Slot("M", "the magnitude")]),
            .option("on", repeated: [Slot("ITEM", "the name of an item", .name)], atLeast: 1),
            .option("as", [Slot("NAME", "a name for the gravity", .newName)]),
        ]),
        summary: "makes items fall: a gravity vector of magnitude 1 accelerates at 1000 points/s²",
        details: """
            Without `on` the gravity acts on every item, present and future; without `as` the command \
            sets the world's default gravity, named `gravity` (created pointing down, magnitude 1). \
            With `on` and no `as`, a new gravity gets a name of its own (gravity1, ...). An item that \
            several gravities act on feels the one set most recently, as in UIKit. `gravity 0 -1` \
            points up; `angle 0` points right, `90deg` down.
            """,
        example: "gravity angle 90deg magnitude 0.5", make: { try GravityCommand($0) })

    let a: ParsedArguments

    init(_ a: ParsedArguments) throws { self.a = a }

    func validate() throws {
        if a.has("vector") && (a.has("angle") || a.has("magnitude")) {
            throw RuntimeError(message: "give the gravity either as DX DY or with angle and magnitude, not both", range: a.range("vector")!)
        }
    }

    func apply(to interp: Interpreter) throws {
        let vector = a.has("vector") ? try interp.vector(a.args("vector")) : nil
        let angle = try a.arg("angle").map { try interp.number($0) }
        let magnitude = try a.arg("magnitude").map { try interp.number($0) }
        let items = a.has("on") ? try a.args("on").map { try interp.item($0) } : nil
        let asName = try a.arg("as").map { (try interp.name($0), $0.range) }
        let name = asName?.0 ?? (items == nil ? "gravity" : nil)
        var target: BehaviorID?
        if let name, let existing = interp.session.entities[name] {
            guard case .behavior(let id) = existing, interp.session.world.behaviorKind(id) == .gravity else {
                throw interp.runtimeError("'\(name)' is \(interp.entityKindName(existing)), not a gravity", asName?.1 ?? a.keywordRange)
            }
            target = id
        } else if let asName {
            try interp.checkFreeForEntity(asName.0, asName.1)
        }
        do throws(EngineError) {
            // The items and the numbers are checked first, as the engine will check them; past
            // that nothing below can fail (the behavior exists), so the world is changed in
            // place and a failure changes nothing. (Changing a copy and putting it back copied
            // the bodies' table every time: 240 µs a command on 50,000 items.)
            if let items { try interp.session.world.checkBehaviorItems(items) }
            if let vector {
                try World.checkValue("dx", vector.x)
                try World.checkValue("dy", vector.y)
            }
            if let angle { try World.checkValue("angle", angle) }
            if let magnitude { try World.checkValue("magnitude", magnitude) }
            let (gid, replaced) = try GravityCommand.target(target, items: items, in: &interp.session.world)
            if let v = vector { try interp.session.world.setGravityVector(gid, v) }
            if let angle, let magnitude {
                try interp.session.world.setGravityVector(gid, Vec2(magnitude * DMath.cos(angle), magnitude * DMath.sin(angle)))
            } else if let angle {
                try interp.session.world.setGravityAngle(gid, angle)
            } else if let magnitude {
                try interp.session.world.setGravityMagnitude(gid, magnitude)
            } else if vector == nil {
                // A bare `gravity` (re)asserts the vector, so it becomes the one most recently set.
                try interp.session.world.setGravityVector(gid, interp.session.world.gravityVector(gid) ?? Vec2(0, 1))
            }
            interp.nameGravity(name, gid, replaced: replaced)
        } catch {
            let range = error.field == "angle" || error.field == "magnitude" ? a.arg(error.field!)?.range : a.range("vector")
            throw interp.runtimeError(error.message, range ?? a.keywordRange)
        }
    }

    /// The gravity to change: the existing one (given new items, it acts on those instead), or a
    /// new one. Returns its id and whether it replaced the existing one.
    static func target(_ existing: BehaviorID?, items: [ItemID]?, in world: inout World) throws(EngineError) -> (BehaviorID, Bool) {
        guard let id = existing else { return (try world.addGravity(vector: Vec2(0, 1), items: items), false) }
        guard let items else { return (id, false) }
        if let old = world.gravityItems(id) {
            try world.removeItems(old, from: id)
            try world.addItems(items, to: id)
            return (id, false)
        }
        // It acted on every item; replace it with one on the listed items.
        let v = world.gravityVector(id) ?? Vec2(0, 1)
        try world.removeBehavior(id)
        return (try world.addGravity(vector: v, items: items), true)
    }
}

extension Interpreter {
    /// Gives a gravity its name: the same name, in the same place in the creation order, for a
    /// gravity that replaced the named one; else a new entry (an automatic name without one).
    func nameGravity(_ name: String?, _ id: BehaviorID, replaced: Bool) {
        if replaced, let name, let old = session.entities[name] {
            session.names[old] = nil
            session.entities[name] = .behavior(id)
            session.names[.behavior(id)] = name
        }
        if session.entities[name ?? ""] == nil {
            define(name ?? nextAutoName("gravity"), .behavior(id))
        }
    }
}
