// The command table: every generic command of the language, with its usage, help text,
// option keywords and handler. The same table drives execution, `dyn check`, `help`, tab
// completion and the language reference in Docs/ (sqlite's shell keeps its commands and
// their help in one table the same way).
//
// A handler first reads and validates all of its arguments (through `Arguments`), then, unless
// the interpreter is only checking, changes the world. Engine calls that fail leave the world
// as it was, so a failed command changes nothing.

import Dynamics
import DynamicsMath

/// One command of the language.
public struct CommandSpec: Sendable {
    /// The keyword, e.g. `add`.
    public var name: String
    /// Sub-keywords that follow it, e.g. `view` and `group` for `add` (for completion).
    public var subcommands: [String]
    /// The forms, one per line, e.g. `add view NAME frame X Y W H [shape ...] [PROP VALUE ...]`.
    public var usage: [String]
    /// One line: what it does.
    public var summary: String
    /// More about it: units, defaults, rules.
    public var details: String
    /// An example that runs.
    public var example: String
    /// Option keywords it takes (for completion and suggestions).
    public var options: [String]
    let run: @Sendable (Interpreter, inout Arguments) throws -> Void
}

/// The control forms, which the grammar handles itself, documented beside the commands.
public let controlForms: [(name: String, usage: String, summary: String)] = [
    ("let", "let NAME = EXPR", "binds a variable in the current block"),
    ("set", "set NAME.PROP EXPR | set VAR EXPR", "sets a property of an item, a behavior or the world, or changes a variable"),
    ("print", "print EXPR | print NAME | print world", "prints a value, an item's or behavior's state, or the whole world"),
    ("assert", "assert EXPR [, MESSAGE]", "stops the script with status 1 where EXPR is false"),
    ("for", "for VAR in A..<B { ... } | for VAR in A...B { ... }", "loops over whole numbers, half-open or closed"),
    ("if", "if EXPR { ... } [else { ... }]", "runs a block when EXPR is true"),
    ("while", "while EXPR { ... }", "loops while EXPR is true (Ctrl-C stops it)"),
    ("every", "every step [as NAME] { ... }", "runs a block after every step"),
    ("on", "on contact A B [as NAME] { ... } | on contact end A B [as NAME] { ... }",
     "runs a block when A and B (items, boundaries or bounds) begin, or stop, touching; contact.x, contact.y is the point"),
    ("source", "source FILE", "runs another script in the same world (path relative to this script)"),
]

extension Interpreter {
    /// Every generic command, in the order `help` lists them.
    public static let commands: [CommandSpec] = {
        coreCommands + behaviorCommands + pictureCommands + sessionCommands + [helpCommand]
    }()

    /// The commands of the language core: the world, items, gravity and time.
    static let coreCommands: [CommandSpec] = [
        CommandSpec(
            name: "world", subcommands: [], usage: ["world W H"],
            summary: "sets the size of the reference view (the world bounds), in points",
            details: "The default is 375 × 667. Both must be greater than 0.",
            example: "world 800 600", options: [],
            run: { interp, args in
                let (w, wr) = try args.number("the width")
                let (h, hr) = try args.number("the height")
                try args.finish()
                if w <= 0 { throw args.error("the width must be greater than 0, got \(formatNumber(w))", wr) }
                if h <= 0 { throw args.error("the height must be greater than 0, got \(formatNumber(h))", hr) }
                if interp.checking { return }
                try interp.engine(at: args.keywordRange) { try $0.setSize(Vec2(w, h)) }
            }),
        CommandSpec(
            name: "add", subcommands: ["view", "group"],
            usage: [
                "add view NAME frame X Y W H [shape rect|ellipse|path X1 Y1 X2 Y2 ...] [PROP VALUE ...]",
                "add group NAME ITEM ITEM ...",
            ],
            summary: "adds a dynamic item (a view), or joins items into one rigid item group",
            details: """
                A view's frame is X Y W H with X, Y its top-left corner; afterwards x, y name its center. \
                The shape is a rectangle by default; `ellipse` fits the frame; `path` is a convex polygon \
                of at least 3 points relative to the view's center, counter-clockwise on screen (either \
                winding is accepted). PROP VALUE pairs set item properties: elasticity friction density \
                resistance angularResistance charge allowsRotation anchored vx vy spin angle. \
                A group is one rigid body made of its members' shapes; its mass is the members' total.
                """,
            example: "add view ball frame 100 50 40 40 shape ellipse elasticity 0.8",
            options: ["view", "group", "frame", "shape", "rect", "ellipse", "path"] + Interpreter.viewPropertyOptions,
            run: { interp, args in
                guard let sub = args.peekWord(), sub == "view" || sub == "group" else {
                    throw args.error("expected 'view' or 'group' after 'add'" + args.foundText(), args.currentRange)
                }
                args.advance()
                if sub == "view" { try interp.addView(&args) } else { try interp.addGroup(&args) }
            }),
        CommandSpec(
            name: "remove", subcommands: [], usage: ["remove NAME ..."],
            summary: "removes items, behaviors or every-step actions",
            details: "Removing a group removes its members with it. A member cannot be removed on its own.",
            example: "remove ball", options: [],
            run: { interp, args in
                var names: [(String, SourceRange)] = []
                while !args.isAtEnd { names.append(try args.name("the name of something to remove")) }
                if names.isEmpty { throw args.error("remove needs a name", args.keywordRange) }
                if interp.checking { return }
                // Validate every name first, so that a bad one removes nothing.
                for (n, r) in names where interp.session.entities[n] == nil {
                    throw args.error("unknown name '\(n)'" + Suggest.hint(for: n, in: interp.session.order), r)
                }
                for (n, r) in names { try interp.removeEntity(n, r) }
            }),
        CommandSpec(
            name: "gravity", subcommands: [],
            usage: ["gravity [DX DY] [angle A] [magnitude M] [on ITEM ...] [as NAME]"],
            summary: "makes items fall: a gravity vector of magnitude 1 accelerates at 1000 points/s²",
            details: """
                Without `on` the gravity acts on every item, present and future; without `as` the command \
                sets the world's default gravity, named `gravity` (created pointing down, magnitude 1). \
                With `on` and no `as`, a new gravity gets a name of its own (gravity1, ...). An item that \
                several gravities act on feels the one set most recently, as in UIKit. `gravity 0 -1` \
                points up; `angle 0` points right, `90deg` down.
                """,
            example: "gravity angle 90deg magnitude 0.5", options: ["angle", "magnitude", "on", "as"],
            run: { interp, args in try interp.gravity(&args) }),
        CommandSpec(
            name: "step", subcommands: [], usage: ["step [N]"],
            summary: "advances the world by N frames of 1/60 s (default 1)",
            details: "Every-step actions run after each frame. Ctrl-C stops a long run at a frame boundary.",
            example: "step 60", options: [],
            run: { interp, args in
                var n = 1.0
                var range = args.keywordRange
                if !args.isAtEnd { (n, range) = try args.number("the number of steps") }
                try args.finish()
                guard n >= 0, n == n.rounded(), n <= 1e9 else {
                    throw args.error("the number of steps must be a whole number from 0 to 1e9, got \(formatNumber(n))", range)
                }
                if interp.checking { return }
                try interp.advance(frames: Int(n), args.keywordRange)
            }),
        CommandSpec(
            name: "run", subcommands: [], usage: ["run T", "run Ts", "run T live [speed S] [SHOW OPTIONS]"],
            summary: "advances the world by T seconds (rounded to whole frames of 1/60 s); `live` animates it",
            details: """
                `run 2` and `run 2s` both advance 120 frames. `live` draws the world in place in the terminal \
                as it runs, at real time or `speed S` × real time, with a status line; it takes the options of \
                `show`. Without a terminal it says so and steps without drawing. Ctrl-C stops at a frame.
                """,
            example: "run 5s live speed 0.5", options: ["live", "speed"] + Interpreter.showOptions,
            run: { interp, args in
                let (t, range, unit) = try args.numberWithUnit("the duration")
                let live = try interp.readLive(&args)
                try args.finish()
                if unit == .degrees { throw args.error("a duration is in seconds, not degrees", range) }
                guard t >= 0, t <= 1e7 else {
                    throw args.error("the duration must be from 0 to 1e7 seconds, got \(formatNumber(t))", range)
                }
                if interp.checking { return }
                let frames = Int((t * 60).rounded())
                if let live {
                    try interp.runLive(frames: frames, speed: live.speed, show: live.show, args.keywordRange)
                    interp.journalEntry = "step \(frames)"
                } else {
                    try interp.advance(frames: frames, args.keywordRange)
                }
            }),
    ]

    /// `undo`, `reset`: commands about the session itself.
    static let sessionCommands: [CommandSpec] = [
        CommandSpec(
            name: "undo", subcommands: [], usage: ["undo"],
            summary: "takes back the last command that changed the world",
            details: "Up to \(Interpreter.undoLimit) commands can be taken back, one at a time. A command that only prints or checks is not counted.",
            example: "undo", options: [],
            run: { interp, args in
                try args.finish()
                if interp.checking { return }
                guard let previous = interp.undoStack.popLast() else {
                    throw args.error("nothing to undo", args.keywordRange)
                }
                interp.session = previous
            }),
        CommandSpec(
            name: "save", subcommands: [], usage: ["save FILE"],
            summary: "writes the world as a script that rebuilds it exactly when run",
            details: """
                The script replays, quietly, the commands that built the world (failed and undone ones \
                left out, consecutive steps merged), so the rebuilt world has the same future bit for bit; \
                a header shows the world's state when saved. A relative FILE is relative to the script \
                (at the prompt: the working folder). The file is replaced atomically.
                """,
            example: "save experiment.dyn", options: [],
            run: { interp, args in
                guard !args.isAtEnd else { throw args.error("save needs a file name", args.keywordRange) }
                let e = args.exprs[args.index]
                args.advance()
                try args.finish()
                let pathValue = try interp.evaluate(e)
                guard case .string(let path) = pathValue else {
                    throw args.error("save needs a file name (a string or a bare path)", e.range)
                }
                if interp.checking { return }
                let resolved = Interpreter.resolve(path, relativeTo: interp.file.directory)
                do {
                    try Interpreter.writeAtomically(interp.savedScript(), to: resolved)
                } catch {
                    throw args.error("cannot save to '\(path)': \(error.localizedDescription)", e.range)
                }
            }),
        CommandSpec(
            name: "reset", subcommands: [], usage: ["reset"],
            summary: "starts over with an empty world: no items, behaviors, actions or variables",
            details: "The world's size and model go back to their defaults (375 × 667, ideal). `undo` brings the old world back.",
            example: "reset", options: [],
            run: { interp, args in
                try args.finish()
                if interp.checking { return }
                interp.session = Session()
            }),
    ]

    /// `help [TOPIC]`: generated from this table (see Reference.swift).
    static let helpCommand = CommandSpec(
        name: "help", subcommands: [], usage: ["help", "help COMMAND", "help items | world | KIND"],
        summary: "lists the commands, or explains one command or the properties of items, the world or a behavior kind",
        details: "", example: "help gravity", options: [],
        run: { interp, args in
            if args.isAtEnd {
                if !interp.checking { interp.write(Reference.overview()) }
                return
            }
            let (topic, range) = try args.name("a command or topic")
            try args.finish()
            guard let text = Reference.help(topic) else {
                let topics = Interpreter.statementKeywords + ["items", "world", "shell"] + Reference.behaviorKinds.map { "\($0)" }
                throw args.error("no help for '\(topic)'" + Suggest.hint(for: topic, in: topics), range)
            }
            if !interp.checking { interp.write(text) }
        })

    /// Item properties that `add view` takes as `PROP VALUE` pairs.
    static let viewPropertyOptions: [String] = [
        "elasticity", "friction", "density", "resistance", "angularResistance", "charge",
        "allowsRotation", "anchored", "vx", "vy", "spin", "angle",
    ]

    /// Every keyword that starts a statement: the control forms and the commands.
    public static var statementKeywords: [String] {
        controlForms.map(\.name) + commands.map(\.name)
    }

    func runCommand(_ keyword: String, _ keywordRange: SourceRange, _ arguments: [Expr]) throws {
        guard let spec = Interpreter.commands.first(where: { $0.name == keyword }) else {
            throw runtimeError("unknown command '\(keyword)'" + Suggest.hint(for: keyword, in: Interpreter.statementKeywords), keywordRange)
        }
        var args = Arguments(interp: self, command: spec, keywordRange: keywordRange, exprs: arguments)
        try spec.run(self, &args)
    }

    /// Runs an engine call on the session's world, turning its errors into diagnostics at `range`.
    func engine<T>(at range: SourceRange, fields: [String: SourceRange] = [:], _ body: (inout World) throws -> T) throws -> T {
        do {
            return try body(&session.world)
        } catch let e as EngineError {
            let r = e.field.flatMap { fields[$0] } ?? range
            throw runtimeError(e.message, r)
        }
    }

    // MARK: - add view / add group

    func addView(_ args: inout Arguments) throws {
        let (name, nameRange) = try args.name("a name for the view")
        try checkFreeForEntity(name, nameRange)
        var def = ItemDefinition()
        var fields: [String: SourceRange] = [:]
        var seen: Set<String> = []
        var frame: (Double, Double, Double, Double)?
        let options = ["frame", "shape"] + Interpreter.viewPropertyOptions
        while !args.isAtEnd {
            let (option, optionRange) = try args.option(of: options)
            if !seen.insert(option).inserted {
                throw args.error("'\(option)' is given twice", optionRange)
            }
            switch option {
            case "frame":
                let (x, _) = try args.number("the frame's x")
                let (y, _) = try args.number("the frame's y")
                let (w, wr) = try args.number("the frame's width")
                let (h, hr) = try args.number("the frame's height")
                fields["width"] = wr
                fields["height"] = hr
                fields["center"] = optionRange.union(hr)
                if w <= 0 { throw args.error("the width must be greater than 0, got \(formatNumber(w))", wr) }
                if h <= 0 { throw args.error("the height must be greater than 0, got \(formatNumber(h))", hr) }
                frame = (x, y, w, h)
            case "shape":
                guard let kind = args.peekWord() else {
                    throw args.error("expected rect, ellipse or path after 'shape'" + args.foundText(), args.currentRange)
                }
                let kindRange = args.currentRange
                args.advance()
                switch kind {
                case "rect", "rectangle": def.shape = .rectangle
                case "ellipse": def.shape = .ellipse
                case "path":
                    var coords: [(Double, SourceRange)] = []
                    while !args.isAtEnd, !(args.peekWord().map { options.contains($0) } ?? false) {
                        coords.append(try args.number("a path coordinate"))
                    }
                    let pathRange = coords.last.map { kindRange.union($0.1) } ?? kindRange
                    fields["path"] = pathRange
                    if coords.count % 2 != 0 {
                        throw args.error("a path needs pairs of coordinates; got \(coords.count) numbers", pathRange)
                    }
                    if coords.count < 6 {
                        throw args.error("a path needs at least 3 points; got \(coords.count / 2)", pathRange)
                    }
                    def.shape = .path(stride(from: 0, to: coords.count, by: 2).map { Vec2(coords[$0].0, coords[$0 + 1].0) })
                default:
                    throw args.error("unknown shape '\(kind)'; the shapes are rect, ellipse and path" + Suggest.hint(for: kind, in: ["rect", "ellipse", "path"]), kindRange)
                }
            default:
                let (value, range) = try args.value("the value of \(option)")
                fields[option] = range
                try setDefinitionProperty(&def, option, value, range)
            }
        }
        guard let (x, y, w, h) = frame else {
            throw args.error("'add view' needs a frame: add view \(name) frame X Y W H", args.keywordRange)
        }
        def.center = Vec2(x + w / 2, y + h / 2)
        def.size = Vec2(w, h)
        if checking { return }
        let id = try engine(at: nameRange, fields: fields) { try $0.addItem(def) }
        define(name, .item(id))
    }

    func setDefinitionProperty(_ def: inout ItemDefinition, _ name: String, _ value: Value, _ range: SourceRange) throws {
        if checking { return }
        func num() throws -> Double {
            guard case .number(let d) = value else {
                throw runtimeError("\(name) must be a number, got \(value.typeDescription) (\(value))", range)
            }
            return d
        }
        func bool() throws -> Bool {
            guard case .boolean(let b) = value else {
                throw runtimeError("\(name) must be yes or no, got \(value.typeDescription) (\(value))", range)
            }
            return b
        }
        switch name {
        case "elasticity": def.elasticity = try num()
        case "friction": def.friction = try num()
        case "density": def.density = try num()
        case "resistance": def.resistance = try num()
        case "angularResistance": def.angularResistance = try num()
        case "charge": def.charge = try num()
        case "allowsRotation": def.allowsRotation = try bool()
        case "anchored": def.anchored = try bool()
        case "vx": def.velocity.x = try num()
        case "vy": def.velocity.y = try num()
        case "spin": def.spin = try num()
        case "angle": def.angle = try num()
        default: throw runtimeError("unknown property '\(name)'", range)
        }
    }

    func addGroup(_ args: inout Arguments) throws {
        let (name, nameRange) = try args.name("a name for the group")
        try checkFreeForEntity(name, nameRange)
        var members: [(ItemID, SourceRange)] = []
        var memberNames: [String] = []
        while !args.isAtEnd {
            let (n, r) = try args.name("the name of a member")
            if memberNames.contains(n) { throw args.error("'\(n)' is listed twice", r) }
            memberNames.append(n)
            if checking { continue }
            members.append((try item(named: n, r), r))
        }
        if memberNames.isEmpty { throw args.error("a group needs at least one member: add group \(name) ITEM ...", args.keywordRange) }
        if checking { return }
        var fields: [String: SourceRange] = [:]
        for (i, m) in members.enumerated() { fields["member\(i)"] = m.1 }
        let id = try engine(at: args.keywordRange, fields: fields) { try $0.addGroup(members.map(\.0)) }
        define(name, .item(id))
    }

    // MARK: - remove

    func removeEntity(_ name: String, _ range: SourceRange) throws {
        guard let e = session.entities[name] else { return }
        switch e {
        case .item(let id):
            let members = session.world.members(of: id)
            try engine(at: range) { try $0.removeItem(id) }
            undefine(name)
            for m in members { undefine(itemName(m)) }
        case .behavior(let id):
            try engine(at: range) { try $0.removeBehavior(id) }
            undefine(name)
        case .boundary(let id):
            try engine(at: range) { try $0.removeBoundary(id) }
            undefine(name)
        case .action:
            session.actions.removeAll { $0.name == name }
            session.logs.removeAll { $0.name == name }
            session.contactHandlers.removeAll { $0.name == name }
            undefine(name)
        }
    }

    // MARK: - gravity

    func gravity(_ args: inout Arguments) throws {
        var vector: (Vec2, SourceRange)?
        var angle: (Double, SourceRange)?
        var magnitude: (Double, SourceRange)?
        var on: [(String, SourceRange)]?
        var asName: (String, SourceRange)?
        let keywords = ["angle", "magnitude", "on", "as"]
        if !args.isAtEnd && !(args.peekWord().map { keywords.contains($0) } ?? false) {
            let (dx, r1) = try args.number("the gravity's x component")
            let (dy, r2) = try args.number("the gravity's y component")
            vector = (Vec2(dx, dy), r1.union(r2))
        }
        var seen: Set<String> = []
        while !args.isAtEnd {
            let (option, optionRange) = try args.option(of: keywords)
            if !seen.insert(option).inserted { throw args.error("'\(option)' is given twice", optionRange) }
            switch option {
            case "angle": angle = try args.number("the angle")
            case "magnitude": magnitude = try args.number("the magnitude")
            case "as": asName = try args.name("a name for the gravity")
            default:  // on
                var list: [(String, SourceRange)] = []
                while !args.isAtEnd, !(args.peekWord().map { keywords.contains($0) } ?? false) {
                    list.append(try args.name("the name of an item"))
                }
                if list.isEmpty { throw args.error("'on' needs at least one item", optionRange) }
                on = list
            }
        }
        if let vector, angle != nil || magnitude != nil {
            throw args.error("give the gravity either as DX DY or with angle and magnitude, not both", vector.1)
        }
        if checking { return }
        let items = try on.map { try $0.map { try item(named: $0.0, $0.1) } }
        let name = asName?.0 ?? (on == nil ? "gravity" : nil)
        var target: BehaviorID?
        if let name, let existing = session.entities[name] {
            guard case .behavior(let id) = existing, session.world.behaviorKind(id) == .gravity else {
                throw args.error("'\(name)' is \(entityKindName(existing)), not a gravity", asName?.1 ?? args.keywordRange)
            }
            target = id
        } else if let asName {
            try checkFreeForEntity(asName.0, asName.1)
        }
        // Work on a copy so that a failure part-way changes nothing.
        var world = session.world
        var replaced: BehaviorID?
        do {
            let id: BehaviorID
            if let existing = target {
                id = existing
                if let items {
                    let old = world.gravityItems(id)
                    if let old { try world.removeItems(old, from: id) }
                    if old == nil {
                        // It acted on every item; replace it with one on the listed items.
                        let v = world.gravityVector(id) ?? Vec2(0, 1)
                        try world.removeBehavior(id)
                        let fresh = try world.addGravity(vector: v, items: items)
                        replaced = fresh
                        target = fresh
                    } else {
                        try world.addItems(items, to: id)
                    }
                }
            } else {
                id = try world.addGravity(vector: Vec2(0, 1), items: items)
                target = id
            }
            let gid = target!
            if let (v, _) = vector { try world.setGravityVector(gid, v) }
            if let (a, _) = angle, let (m, _) = magnitude {
                try world.setGravityVector(gid, Vec2(m * DMath.cos(a), m * DMath.sin(a)))
            } else if let (a, _) = angle {
                try world.setGravityAngle(gid, a)
            } else if let (m, _) = magnitude {
                try world.setGravityMagnitude(gid, m)
            } else if vector == nil {
                // A bare `gravity` (re)asserts the vector, so it becomes the one most recently set.
                try world.setGravityVector(gid, world.gravityVector(gid) ?? Vec2(0, 1))
            }
            session.world = world
            if let replaced, let name, let old = session.entities[name] {
                // The same name, in the same place in the creation order, for the new behavior.
                session.names[old] = nil
                session.entities[name] = .behavior(replaced)
                session.names[.behavior(replaced)] = name
            }
            if session.entities[name ?? ""] == nil {
                define(name ?? nextAutoName("gravity"), .behavior(gid))
            }
        } catch let e as EngineError {
            let range = (e.field == "angle" ? angle?.1 : e.field == "magnitude" ? magnitude?.1 : vector?.1) ?? args.keywordRange
            throw runtimeError(e.message, range)
        }
    }

    // MARK: - Stepping

    /// Advances `frames` frames, running the every-step actions after each.
    /// With `shell.timing` on, prints the wall time and the steps per second afterwards.
    func advance(frames: Int, _ range: SourceRange) throws {
        let clock = ContinuousClock()
        let start = clock.now
        for i in 0..<frames {
            if isInterrupted() {
                throw ScriptFailure.interrupted("stopped after \(i) of \(frames) steps; world time \(formatNumber(session.world.time)) s")
            }
            try stepFrame()
        }
        if settings.timing {
            let elapsed = clock.now - start
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            let rate = seconds > 0 ? formatNumber((Double(frames) / seconds).rounded()) : "∞"
            write("time: \(frames) steps in \(formatNumber((seconds * 1e6).rounded() / 1e3)) ms (\(rate) steps/s)\n")
        }
    }

    /// One frame: the world's step, then contact handlers, every-step actions, trails and logs.
    func stepFrame() throws {
        // A paused uikit world (everything asleep) does not step, and runs no actions.
        guard session.world.step() else { return }
        if !session.contactHandlers.isEmpty { try runContactHandlers() }
        if !session.actions.isEmpty { try runActions() }
        if !session.traces.isEmpty || !session.logs.isEmpty { try afterFrame() }
    }

    func runActions() throws {
        let actions = session.actions
        let savedFile = file
        defer { file = savedFile }
        for action in actions {
            file = action.file
            do {
                try withScope([:]) { try execute(action.body) }
            } catch let e as RuntimeError {
                throw ScriptFailure.error(Diagnostic(.error, e.message + " (in every step '\(action.name)')", at: SourceLocation(file: action.file, range: e.range)))
            }
        }
    }
}

/// A cursor over a command's argument expressions, with the reading vocabulary handlers use.
struct Arguments {
    let interp: Interpreter
    let command: CommandSpec
    let keywordRange: SourceRange
    let exprs: [Expr]
    var index = 0

    init(interp: Interpreter, command: CommandSpec, keywordRange: SourceRange, exprs: [Expr]) {
        self.interp = interp
        self.command = command
        self.keywordRange = keywordRange
        self.exprs = exprs
    }

    var isAtEnd: Bool { index >= exprs.count }

    /// The range of the current argument, or just past the last one at the end.
    var currentRange: SourceRange {
        if index < exprs.count { return exprs[index].range }
        let end = exprs.last?.range.end ?? keywordRange.end
        return SourceRange(end, end + 1)
    }

    /// The current argument when it is a bare word.
    func peekWord() -> String? {
        index < exprs.count ? exprs[index].bareName : nil
    }

    mutating func advance() { index += 1 }

    /// `, found 'x'` or `, found the end of the command`.
    func foundText() -> String {
        if index < exprs.count { return ", found '\(interp.file.text(exprs[index].range))'" }
        return ", found the end of the command"
    }

    func error(_ message: String, _ range: SourceRange) -> RuntimeError {
        RuntimeError(message: message, range: range)
    }

    /// Reads a number (any expression that evaluates to one).
    mutating func number(_ what: String) throws -> (Double, SourceRange) {
        let (d, r, _) = try numberWithUnit(what)
        return (d, r)
    }

    /// Reads a number and the unit written after it (`2s`, `90deg`).
    mutating func numberWithUnit(_ what: String) throws -> (Double, SourceRange, NumberUnit) {
        guard index < exprs.count else {
            throw error("expected \(what)\(foundText()); usage: \(command.usage.joined(separator: " | "))", currentRange)
        }
        let e = exprs[index]
        if let w = e.bareName, command.options.contains(w), interp.lookupVariable(w) == nil {
            throw error("expected \(what), found '\(w)'", e.range)
        }
        index += 1
        var unit = NumberUnit.none
        if case .number(_, let u) = e.kind { unit = u }
        let d = try interp.number(e, what)
        if !d.isFinite { throw error("\(what) must be a finite number", e.range) }
        return (d, e.range, unit)
    }

    /// Reads any value.
    mutating func value(_ what: String) throws -> (Value, SourceRange) {
        guard index < exprs.count else {
            throw error("expected \(what)\(foundText())", currentRange)
        }
        let e = exprs[index]
        index += 1
        return (try interp.evaluate(e), e.range)
    }

    /// Reads a name: a bare identifier, or a string that makes one (`"link{i}"`).
    mutating func name(_ what: String) throws -> (String, SourceRange) {
        guard index < exprs.count else {
            throw error("expected \(what)\(foundText())", currentRange)
        }
        let e = exprs[index]
        index += 1
        if let n = e.bareName { return (n, e.range) }
        if case .string = e.kind {
            if interp.checking { return ("_", e.range) }
            let v = try interp.evaluate(e)
            guard case .string(let s) = v, Arguments.isIdentifier(s) else {
                throw error("'\(v)' is not a valid name (a letter or _, then letters, digits or _)", e.range)
            }
            return (s, e.range)
        }
        throw error("expected \(what), found '\(interp.file.text(e.range))'", e.range)
    }

    /// Reads one of the given option keywords, suggesting the nearest on a typo.
    mutating func option(of options: [String]) throws -> (String, SourceRange) {
        let e = exprs[index]
        guard let w = e.bareName else {
            throw error("unexpected '\(interp.file.text(e.range))'; '\(command.name)' takes the options \(options.joined(separator: ", "))", e.range)
        }
        guard options.contains(w) else {
            throw error("unknown option '\(w)' for '\(command.name)'" + Suggest.hint(for: w, in: options), e.range)
        }
        index += 1
        return (w, e.range)
    }

    /// Fails if arguments are left over.
    func finish() throws {
        if index < exprs.count {
            throw error("unexpected '\(interp.file.text(exprs[index].range))'; usage: \(command.usage.joined(separator: " | "))", exprs[index].range)
        }
    }

    /// Whether a string is a valid name: a letter or `_`, then letters, digits or `_`.
    static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first else { return false }
        guard first == "_" || first.properties.isAlphabetic else { return false }
        return s.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || $0.properties.numericType != nil }
    }
}
