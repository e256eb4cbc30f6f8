// The commands of the language core: the world, items, gravity and time.

import Dynamics
import DynamicsMath
import DynSystem

extension Interpreter {
    static let coreCommands: [CommandSpec] = [
        WorldCommand.spec, AddCommand.spec, RemoveCommand.spec, GravityCommand.spec, StepCommand.spec, RunCommand.spec,
        MeasureCommand.spec,
    ]
}

/// `world W H`
struct WorldCommand: Command {
    static let spec = CommandSpec(
        "world", CommandSyntax([
            .positional("width", [Slot("W", "the width", .number, .positive)]),
            .positional("height", [Slot("H", "the height", .number, .positive)]),
        ]),
        summary: "sets the size of the reference view (the world bounds), in points",
        details: "The default is 375 × 667. Both must be greater than 0.",
        example: "world 800 600", make: { try WorldCommand($0) })

    let width: Arg, height: Arg, at: SourceRange

    init(_ a: ParsedArguments) throws {
        (width, height, at) = (try a.required("width"), try a.required("height"), a.keywordRange)
    }

    func apply(to interp: Interpreter) throws {
        let size = Vec2(try interp.number(width), try interp.number(height))
        try interp.engine(at: at) { (w: inout World) throws(EngineError) in try w.setSize(size) }
    }
}

/// `add view NAME frame X Y W H [shape ...] [PROP VALUE ...]`, `add group NAME ITEM ...`
struct AddCommand: Command {
    /// Item properties that `add view` takes as `PROP VALUE` pairs, with how each sets the definition.
    static let viewProperties: [(name: String, set: @Sendable (inout ItemDefinition, Double) -> Void)] = [
        ("elasticity", { $0.elasticity = $1 }), ("friction", { $0.friction = $1 }), ("density", { $0.density = $1 }),
        ("resistance", { $0.resistance = $1 }), ("angularResistance", { $0.angularResistance = $1 }),
        ("charge", { $0.charge = $1 }), ("allowsRotation", { $0.allowsRotation = $1 != 0 }),
        ("anchored", { $0.anchored = $1 != 0 }), ("bullet", { $0.bullet = $1 != 0 }), ("vx", { $0.velocity.x = $1 }), ("vy", { $0.velocity.y = $1 }),
        ("spin", { $0.spin = $1 }), ("angle", { $0.angle = $1 }),
    ]

    static let spec = CommandSpec(
        "add", CommandSyntax([
            Form("view", [.positional("name", [Slot("NAME", "a name for the view", .newName)])], options: [
                .option("frame", [Slot("X", "the frame's x"), Slot("Y", "the frame's y"),
                                  Slot("W", "the width", .number, .positive), Slot("H", "the height", .number, .positive)],
                        required: true),
                .option("shape", [Slot("rect|ellipse|path", "shape", .word(["rect", "ellipse", "path", "rectangle"]))],
                        repeated: [Slot("X", "a path coordinate"), Slot("Y", "a path coordinate")]),
            ] + viewProperties.map { .option($0.name, [Slot("VALUE", "the value of \($0.name)", .value)], usageGroup: "PROP VALUE ...") }),
            Form("group", [
                .positional("name", [Slot("NAME", "a name for the group", .newName)]),
                .positional("members", [], repeated: [Slot("ITEM", "the name of a member", .name)], atLeast: 1),
            ]),
        ]),
        summary: "adds a dynamic item (a view), or joins items into one rigid item group",
        details: """
            A view's frame is X Y W H with X, Y its top-left corner; afterwards x, y name its center. \
            The shape is a rectangle by default; `ellipse` fits the frame; `path` is a convex polygon \
            of at least 3 points relative to the view's center, counter-clockwise on screen (either \
            winding is accepted). PROP VALUE pairs set item properties: \(viewProperties.map(\.name).joined(separator: " ")). \
            A group is one rigid body made of its members' shapes; its mass is the members' total.
            """,
        example: "add view ball frame 100 50 40 40 shape ellipse elasticity 0.8", make: { try AddCommand($0) })

    let a: ParsedArguments

    init(_ a: ParsedArguments) throws { self.a = a }

    func validate() throws {
        if a.sub == "group" {
            var seen = Set<String>()  // (asked only, never walked)
            for m in a.args("members") {
                guard let n = m.expr.bareName else { continue }
                if !seen.insert(n).inserted { throw RuntimeError(message: "'\(n)' is listed twice", range: m.range) }
            }
            return
        }
        guard let shape = a.word("shape") else { return }
        let coords = a.args("shape").dropFirst()
        let range = pathRange
        if shape == "path" && coords.count < 6 {
            throw RuntimeError(message: "a path needs at least 3 points; got \(coords.count / 2)", range: range)
        }
        if shape != "path" && !coords.isEmpty {
            throw RuntimeError(message: "only a path shape takes points", range: range)
        }
    }

    /// From the shape's kind to its last point.
    var pathRange: SourceRange {
        let shape = a.args("shape")
        return shape[0].range.union(shape[shape.count - 1].range)
    }

    func apply(to interp: Interpreter) throws {
        if a.sub == "group" { return try applyGroup(interp) }
        let nameArg = try a.required("name")
        let name = try interp.newName(nameArg)
        var def = ItemDefinition()
        var fields: [String: SourceRange] = [:]
        let frame = a.args("frame")
        let (x, y, w, h) = (try interp.number(frame[0]), try interp.number(frame[1]), try interp.number(frame[2]), try interp.number(frame[3]))
        fields["width"] = frame[2].range
        fields["height"] = frame[3].range
        fields["center"] = a.range("frame")
        switch a.word("shape") {
        case "ellipse": def.shape = .ellipse
        case "path":
            let coords = Array(a.args("shape").dropFirst())
            def.shape = .path(try stride(from: 0, to: coords.count, by: 2).map { try interp.vector(coords, from: $0) })
            fields["path"] = pathRange
        default: def.shape = .rectangle
        }
        for p in AddCommand.viewProperties {
            guard let arg = a.arg(p.name) else { continue }
            fields[p.name] = arg.range
            p.set(&def, try interp.itemPropertyValue(p.name, try interp.evaluate(arg.expr), arg.range))
        }
        def.center = Vec2(x + w / 2, y + h / 2)
        def.size = Vec2(w, h)
        let id = try interp.engine(at: nameArg.range, fields: fields) { (w: inout World) throws(EngineError) in try w.addItem(def) }
        interp.define(name, .item(id))
    }

    func applyGroup(_ interp: Interpreter) throws {
        let nameArg = try a.required("name")
        let name = try interp.newName(nameArg)
        var members: [ItemID] = []
        var fields: [String: SourceRange] = [:]
        for (i, m) in a.args("members").enumerated() {
            members.append(try interp.item(m))
            fields["member\(i)"] = m.range
        }
        let id = try interp.engine(at: a.keywordRange, fields: fields) { (w: inout World) throws(EngineError) in try w.addGroup(members) }
        interp.define(name, .item(id))
    }
}

/// `remove NAME ...`
struct RemoveCommand: Command {
    static let spec = CommandSpec(
        "remove", CommandSyntax([
            .positional("names", [], repeated: [Slot("NAME", "the name of something to remove", .name)], atLeast: 1),
        ]),
        summary: "removes items, behaviors or every-step actions",
        details: """
            Removing a group removes its members with it. A member cannot be removed on its own. Removing \
            a behavior removes the actions that belong to it (`every step of NAME`); removing a composite \
            behavior removes everything it holds. `remove all behaviors` removes every behavior and \
            composite (items, boundaries and other actions stay).
            """,
        example: "remove ball", make: { try RemoveCommand($0) })

    let names: [Arg]

    init(_ a: ParsedArguments) throws { names = a.args("names") }

    /// `remove all behaviors` (UIKit's removeAllBehaviors); `all` names nothing else.
    var removesAllBehaviors: Bool { names.count == 2 && names[0].expr.bareName == "all" && names[1].expr.bareName == "behaviors" }

    func validate() throws {
        if !removesAllBehaviors, let all = names.first(where: { $0.expr.bareName == "all" }) {
            throw RuntimeError(message: "'all' is not a name here; 'remove all behaviors' removes every behavior", range: all.range)
        }
    }

    func apply(to interp: Interpreter) throws {
        if removesAllBehaviors { return try interp.removeAllBehaviors(names[0].range.union(names[1].range)) }
        let resolved = try names.map { (try interp.name($0), $0.range) }
        // Validate every name first, so that a bad one removes nothing.
        var seen = Set<String>()
        for (n, r) in resolved {
            if interp.session.entities[n] == nil {
                throw interp.runtimeError("unknown name '\(n)'" + Suggest.hint(for: n, in: interp.session.order), r)
            }
            if !seen.insert(n).inserted { throw interp.runtimeError("'\(n)' is named twice", r) }
        }
        for (n, r) in resolved { try interp.removeEntity(n, r) }
    }
}

/// `step [N]`
struct StepCommand: Command {
    static let spec = CommandSpec(
        "step", CommandSyntax([
            .positional("count", [Slot("N", "the number of steps", .number,
                                       .within(0...1e9, whole: true, text: "a whole number from 0 to 1e9"))], required: false),
        ]),
        summary: "advances the world by N frames of 1/60 s (default 1)",
        details: "Every-step actions run after each frame. Ctrl-C stops a long run at a frame boundary.",
        example: "step 60", make: { try StepCommand($0) })

    let count: Arg?, at: SourceRange

    init(_ a: ParsedArguments) throws { (count, at) = (a.arg("count"), a.keywordRange) }

    func apply(to interp: Interpreter) throws {
        let n = try count.map { try interp.number($0) } ?? 1
        try interp.advanceSayingWhenPaused(frames: Int(n), at, "step")
    }
}

/// `run T [live [speed S] [SHOW OPTIONS]]`
struct RunCommand: Command {
    static let spec = CommandSpec(
        "run", CommandSyntax([
            Form(nil, [
                .positional("duration", [Slot("T", "the duration", .duration,
                                              .within(0...1e7, whole: false, text: "from 0 to 1e7 seconds"))]),
            ], options: [
                .option("live"),
                .option("speed", [Slot("S", "the speed", .number, .positive(atMost: 1000))]),
            ] + ShowOptions.params(group: "SHOW OPTIONS")),
            Form("until", [.positional("condition", [Slot("COND", "a condition", .expression)])], options: [
                .option("max", [Slot("T", "the longest time", .duration,
                                     .within(0...1e7, whole: false, text: "from 0 to 1e7 seconds"))]),
            ]),
        ]),
        summary: "advances the world by T seconds (rounded to whole frames of 1/60 s), or until COND holds; `live` animates it",
        details: """
            `run 2` and `run 2s` both advance 120 frames. `live` draws the world in place in the terminal \
            as it runs, at real time or `speed S` × real time, with a status line; it takes the options of \
            `show`. Without a terminal it says so and steps without drawing. Ctrl-C stops at a frame. \
            `run until COND` steps frame by frame until the condition (a whole expression) holds, checked \
            before each frame, and says when; world.time is then the time of that frame. It stops with an \
            error if COND has not held after `max T` seconds (default 60). In a paused uikit world (every \
            item asleep) `run` says that it advanced nothing.
            """,
        example: "run 5s live speed 0.5", make: { try RunCommand($0) })

    let a: ParsedArguments

    init(_ a: ParsedArguments) throws { self.a = a }

    /// `speed` and the picture options go with `live` only.
    func validate() throws {
        if !a.has("live"), let option = (["speed"] + ShowOptions.params().map(\.key)).first(where: a.has) {
            throw RuntimeError(message: "'\(option)' goes with 'live': run T live [speed S] ...", range: a.range(option)!)
        }
        try ShowOptions.validate(a)
    }

    func apply(to interp: Interpreter) throws {
        if a.sub == "until" {
            let max = try a.arg("max").map { try interp.number($0) } ?? Interpreter.runUntilDefaultMax
            return try interp.runUntil(try a.required("condition").expr, max: max, a.keywordRange)
        }
        let t = try interp.number(try a.required("duration"))
        let frames = Int((t * 60).rounded())
        guard a.has("live") else { return try interp.advanceSayingWhenPaused(frames: frames, a.keywordRange, "run") }
        let speed = try a.arg("speed").map { try interp.number($0) } ?? 1
        try interp.runLive(frames: frames, speed: speed, show: try ShowOptions(a, interp), a.keywordRange)
        interp.journalEntry = "step \(frames)"
    }
}

extension Interpreter {
    /// The number an item property takes from a value (booleans as 1 and 0), for `add view`'s pairs.
    func itemPropertyValue(_ name: String, _ value: Value, _ range: SourceRange) throws -> Double {
        let p = try itemProperty(name, range)
        if p.isBoolean {
            guard case .boolean(let b) = value else {
                throw runtimeError("\(name) must be yes or no, got \(value.typeDescription) (\(value))", range)
            }
            return b ? 1 : 0
        }
        guard case .number(let d) = value else {
            throw runtimeError("\(name) must be a number, got \(value.typeDescription) (\(value))", range)
        }
        return d
    }

    func removeEntity(_ name: String, _ range: SourceRange) throws {
        guard let e = session.entities[name] else { return }
        leaveComposites(name)
        switch e {
        case .item(let id):
            let members = session.world.members(of: id)
            try engine(at: range) { (w: inout World) throws(EngineError) in try w.removeItem(id) }
            undefine(name)
            for m in members { undefine(itemName(m)) }
        case .behavior(let id):
            try engine(at: range) { (w: inout World) throws(EngineError) in try w.removeBehavior(id) }
            session.fieldForces.removeAll { $0.field == id }
            undefine(name)
            try removeActions(ownedBy: name, range)
        case .composite:
            try removeComposite(name, range)
        case .boundary(let id):
            try engine(at: range) { (w: inout World) throws(EngineError) in try w.removeBoundary(id) }
            undefine(name)
        case .action:
            session.actions.removeAll { $0.name == name }
            session.logs.removeAll { $0.name == name }
            session.contactHandlers.removeAll { $0.name == name }
            undefine(name)
        }
    }

    // MARK: - Stepping

    /// Advances `frames` frames, running the every-step actions after each.
    /// With `shell.timing` on, prints the wall time and the steps per second afterwards.
    func advance(frames: Int, _ range: SourceRange) throws {
        let clock = ContinuousClock()
        let start = clock.now
        try advance(frames: frames, range, after: { _ in })
        if settings.timing {
            let elapsed = clock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            let rate = seconds > 0 ? formatNumber((Double(frames) / seconds).rounded()) : "∞"
            write("time: \(frames) steps in \(formatNumber((seconds * 1e6).rounded() / 1e3)) ms (\(rate) steps/s)\n")
        }
    }

    /// `run T` and `step N`: advances, and says so when a paused uikit world advanced nothing.
    func advanceSayingWhenPaused(frames: Int, _ range: SourceRange, _ command: String) throws {
        let before = session.world.frameCount
        try advance(frames: frames, range)
        if frames > 0 && session.world.frameCount == before {
            confirm("\(command): the world is paused (every item asleep), so nothing advanced; world time \(formatNumber(session.world.time)) s")
        }
    }

    /// One frame: the world's step, then contact handlers, every-step actions, trails and logs.
    func stepFrame() throws {
        if !session.pendingContactChecks.isEmpty { checkPendingContacts() }
        // A paused uikit world (everything asleep) does not step, and runs no actions.
        guard try stepWorld() else { return }
        if !session.contactHandlers.isEmpty { try runContactHandlers() }
        if !session.actions.isEmpty { try runActions() }
        if !session.traces.isEmpty || !session.logs.isEmpty { try afterFrame() }
    }

    func runActions() throws {
        let actions = session.actions
        let savedFile = file
        defer { file = savedFile }
        let savedHandler = runningHandler
        defer { runningHandler = savedHandler }
        for action in actions where action.owner.flatMap(compositeIndex).map({ session.composites[$0].active }) ?? true {
            // An action removed by an earlier one in this frame does not run any more.
            guard session.actions.contains(where: { $0.serial == action.serial }) else { continue }
            file = action.file
            runningHandler = "every step '\(action.name)'"
            do {
                try withScope([:]) { try execute(action.body) }
            } catch let e as RuntimeError {
                throw ScriptFailure.error(Diagnostic(.error, e.message + " (in every step '\(action.name)')", at: SourceLocation(file: action.file, range: e.range)))
            }
        }
    }
}
