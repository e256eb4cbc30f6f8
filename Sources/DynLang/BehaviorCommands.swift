// Commands for the behaviors beyond gravity: collide, boundary, push, snap, kick (attach has
// its own file).

import Dynamics
import DynamicsMath

extension Interpreter {
    static let behaviorCommands: [CommandSpec] = [
        CollideCommand.spec, BoundaryCommand.spec, AttachCommand.spec, PushCommand.spec, SnapCommand.spec, KickCommand.spec,
    ]

    /// The name `as NAME` gives, checked free before anything changes (nil without `as`).
    func newName(_ a: ParsedArguments) throws -> String? {
        try a.arg("as").map { try newName($0) }
    }
}

/// `collide [ITEM ... | all] [bounds] [mode items|boundaries|everything] [as NAME]`
struct CollideCommand: Command {
    static let spec = CommandSpec(
        "collide", CommandSyntax([
            .positional("items", [], repeated: [Slot("ITEM", "an item, all, bounds, mode or as", .name)], required: false),
        ], options: [
            .option("all"), .option("bounds"),
            .option("mode", [Slot("items|boundaries|everything", "mode", .word(CollisionMode.allCases.map(\.rawValue)))]),
            .asName,
        ]),
        summary: "makes items collide with each other and with boundaries",
        details: """
            Each collide command is its own collision group (as a UICollisionBehavior): items collide \
            only with items that share one with them. Without items (or with `all`) it holds every item, \
            present and future. `bounds` turns the world's edges into a boundary (named `bounds`) for \
            these items. The mode says what they collide with: `items`, `boundaries`, or `everything` \
            (the default). Named `boundary` lines collide with every item of a group whose mode includes \
            boundaries. Anchored items are walls.
            """,
        example: "collide all bounds", make: { try CollideCommand($0) })

    let a: ParsedArguments

    init(_ a: ParsedArguments) throws { self.a = a }

    func validate() throws {
        if a.has("items") && a.has("all") {
            throw RuntimeError(message: "give items or 'all', not both", range: a.range("all")!)
        }
    }

    func apply(to interp: Interpreter) throws {
        let name = try interp.newName(a)
        let items = a.has("items") ? try a.args("items").map { try interp.item($0) } : nil
        let mode = a.word("mode").flatMap(CollisionMode.init(rawValue:)) ?? .everything
        let bounds = a.has("bounds")
        let id = try interp.engine(at: a.keywordRange) { (w: inout World) throws(EngineError) in try w.addCollision(items: items, mode: mode, bounds: bounds) }
        interp.define(name ?? interp.nextAutoName("collision"), .behavior(id))
    }
}

/// `boundary NAME line X1 Y1 X2 Y2`, `boundary NAME path X1 Y1 X2 Y2 ...`
struct BoundaryCommand: Command {
    static let spec = CommandSpec(
        "boundary", CommandSyntax([
            .positional("name", [Slot("NAME", "a name for the boundary", .newName)]),
            .positional("kind", [Slot("line|path", "boundary kind", .word(["line", "path"]))]),
            .positional("points", [], repeated: [Slot("X", "a coordinate"), Slot("Y", "a coordinate")], atLeast: 2),
        ]),
        summary: "adds a static boundary: a line segment, or a closed loop of segments",
        details: "A path is closed back to its first point and may be concave; a two-point path is a line. Boundaries have friction 0.2 and elasticity 0.2.",
        example: "boundary floor line 0 600 400 600", make: { try BoundaryCommand($0) })

    let a: ParsedArguments

    init(_ a: ParsedArguments) throws { self.a = a }

    var range: SourceRange { a.range("kind")!.union(a.range("points")!) }

    func validate() throws {
        if a.word("kind") == "line" && a.args("points").count != 4 {
            throw RuntimeError(message: "a line needs two points: X1 Y1 X2 Y2", range: range)
        }
    }

    func apply(to interp: Interpreter) throws {
        let name = try interp.newName(try a.required("name"))
        let coords = a.args("points")
        let points = try stride(from: 0, to: coords.count, by: 2).map { try interp.vector(coords, from: $0) }
        let closed = a.word("kind") == "path"
        let id = try interp.engine(at: range) { (w: inout World) throws(EngineError) in try w.addBoundary(points: points, closed: closed) }
        interp.define(name, .boundary(id))
    }
}

/// `push ITEM ... instant|continuous (DX DY | angle A magnitude M) [offset DX DY] [as NAME]`
struct PushCommand: Command {
    static let spec = CommandSpec(
        "push", CommandSyntax([
            .positional("items", [], repeated: [Slot("ITEM", "an item to push", .name)], atLeast: 1),
            .positional("mode", [Slot("instant|continuous", "push mode", .word(["instant", "continuous"]))]),
            .positional("vector", [Slot("DX", "the push's x"), Slot("DY", "the push's y")], required: false),
        ], options: [
            .option("angle", [Slot("A", "the angle")]),
            .option("magnitude", [Slot("M", "the magnitude")]),
            .option("offset", [Slot("DX", "the offset's x"), Slot("DY", "the offset's y")]),
            .asName,
        ]),
        summary: "pushes items: an impulse once (instant) or a force every frame (continuous)",
        details: """
            Give the push as DX DY, or as angle A and magnitude M. \
            Magnitude 1 on a 100 × 100 item of density 1 gives 100 pt/s² (continuous) or 100 pt/s \
            (instant); heavier items move less. An offset (in world axes, from the center) adds a turn. \
            An instant push fires once; `set NAME.active yes` fires it again.
            """,
        example: "push ball instant angle -90deg magnitude 2", make: { try PushCommand($0) })

    let a: ParsedArguments

    init(_ a: ParsedArguments) throws { self.a = a }

    func validate() throws {
        let polar = a.has("angle") || a.has("magnitude")
        if a.has("vector") && polar {
            throw RuntimeError(message: "give the push either as DX DY or with angle and magnitude, not both", range: a.keywordRange)
        }
        if !a.has("vector") && !(a.has("angle") && a.has("magnitude")) {
            throw RuntimeError(message: "push needs DX DY, or angle A and magnitude M", range: a.keywordRange)
        }
    }

    func apply(to interp: Interpreter) throws {
        let v: Vec2
        if a.has("vector") {
            v = try interp.vector(a.args("vector"))
        } else {
            let (angle, magnitude) = (try interp.number(try a.required("angle")), try interp.number(try a.required("magnitude")))
            v = Vec2(magnitude * DMath.cos(angle), magnitude * DMath.sin(angle))
        }
        let offset = a.has("offset") ? try interp.vector(a.args("offset")) : Vec2.zero
        let name = try interp.newName(a)
        let items = try a.args("items").map { try interp.item($0) }
        let mode: PushMode = a.word("mode") == "instant" ? .instantaneous : .continuous
        let id = try interp.engine(at: a.keywordRange) { (w: inout World) throws(EngineError) in try w.addPush(items: items, mode: mode, vector: v, offset: offset) }
        interp.define(name ?? interp.nextAutoName("push"), .behavior(id))
    }
}

/// `snap ITEM to X Y [damping D] [as NAME]`
struct SnapCommand: Command {
    static let spec = CommandSpec(
        "snap", CommandSyntax([
            .positional("item", [Slot("ITEM", "the item to snap", .name)]),
        ], options: [
            .option("to", [Slot("X", "the point's x"), Slot("Y", "the point's y")], required: true),
            .option("damping", [Slot("D", "the damping")]),
            .asName,
        ]),
        summary: "pulls an item to a point, where it settles centered and upright",
        details: "damping from 0 (most oscillation) to 1 (least); the default is 0.5.",
        example: "snap ball to 200 300 damping 0.7", make: { try SnapCommand($0) })

    let a: ParsedArguments

    init(_ a: ParsedArguments) throws { self.a = a }

    func apply(to interp: Interpreter) throws {
        let itemArg = try a.required("item")
        let point = try interp.vector(a.args("to"))
        let damping = try a.arg("damping").map { try interp.number($0) } ?? 0.5
        let name = try interp.newName(a)
        let target = try interp.item(itemArg)
        let id = try interp.engine(at: a.keywordRange, fields: ["damping": a.arg("damping")?.range ?? a.keywordRange]) {
            (w: inout World) throws(EngineError) in try w.addSnap(item: target, to: point, damping: damping)
        }
        interp.define(name ?? interp.nextAutoName("snap"), .behavior(id))
    }
}

/// `kick ITEM DX DY [spin W]`
struct KickCommand: Command {
    static let spec = CommandSpec(
        "kick", CommandSyntax([
            .positional("item", [Slot("ITEM", "the item to kick", .name)]),
            .positional("velocity", [Slot("DX", "the x velocity to add"), Slot("DY", "the y velocity to add")]),
        ], options: [
            .option("spin", [Slot("W", "the spin to add")]),
        ]),
        summary: "adds to an item's velocity at once (UIKit's addLinearVelocity and addAngularVelocity)",
        details: "DX DY in points/s, W in radians/s.", example: "kick ball 0 -300", make: { try KickCommand($0) })

    let a: ParsedArguments

    init(_ a: ParsedArguments) throws { self.a = a }

    func apply(to interp: Interpreter) throws {
        let itemArg = try a.required("item")
        let velocity = try interp.vector(a.args("velocity"))
        let spin = try a.arg("spin").map { try interp.number($0) } ?? 0
        let id = try interp.item(itemArg)
        try interp.engine(at: itemArg.range) { w throws(EngineError) in
            try w.addLinearVelocity(velocity, to: id)
            if spin != 0 { try w.addAngularVelocity(spin, to: id) }
        }
    }
}
