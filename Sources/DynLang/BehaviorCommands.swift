// Commands for the behaviors beyond gravity: collide, boundary, attach, push, snap, kick.

import Dynamics
import DynamicsMath

extension Interpreter {
    static let behaviorCommands: [CommandSpec] = [
        CommandSpec(
            name: "collide", subcommands: [], usage: ["collide [ITEM ... | all] [bounds] [mode items|boundaries|everything] [as NAME]"],
            summary: "makes items collide with each other and with boundaries",
            details: """
                Each collide command is its own collision group (as a UICollisionBehavior): items collide \
                only with items that share one with them. Without items (or with `all`) it holds every item, \
                present and future. `bounds` turns the world's edges into a boundary (named `bounds`) for \
                these items. The mode says what they collide with: `items`, `boundaries`, or `everything` \
                (the default). Named `boundary` lines collide with every item of a group whose mode includes \
                boundaries. Anchored items are walls.
                """,
            example: "collide all bounds", options: ["all", "bounds", "mode", "items", "boundaries", "everything", "as"],
            run: { interp, args in try interp.collide(&args) }),
        CommandSpec(
            name: "boundary", subcommands: ["line", "path"],
            usage: ["boundary NAME line X1 Y1 X2 Y2", "boundary NAME path X1 Y1 X2 Y2 X3 Y3 ..."],
            summary: "adds a static boundary: a line segment, or a closed loop of segments",
            details: "A path is closed back to its first point and may be concave; a two-point path is a line. Boundaries have friction 0.2 and elasticity 0.2.",
            example: "boundary floor line 0 600 400 600", options: ["line", "path"],
            run: { interp, args in try interp.boundary(&args) }),
        CommandSpec(
            name: "attach", subcommands: ["anchor", "items", "pin", "fixed", "slide", "limit"],
            usage: [
                "attach anchor ITEM [offset DX DY] to X Y [length L] [frequency F] [damping D] [as NAME]",
                "attach items A [offset DX DY] B [offset DX DY] [length L] [frequency F] [damping D] [as NAME]",
                "attach pin A B at X Y [range LO HI] [friction T] [as NAME]",
                "attach fixed A B at X Y [as NAME]",
                "attach slide A [B] at X Y axis DX DY [range LO HI] [as NAME]",
                "attach limit A [offset DX DY] B [offset DX DY] [length L] [as NAME]",
            ],
            summary: "attaches an item to a point or two items to each other (UIAttachmentBehavior)",
            details: """
                Offsets are in the item's own frame and turn with it. The length defaults to the distance \
                when attached. frequency 0 (the default) is a rigid rod; above 0 a spring of that many Hz \
                with the damping ratio D (1: critical). pin: a hinge at X Y, range in radians relative to \
                the starting angle, friction a resisting torque. fixed: a weld. slide: motion only along the \
                axis through X Y, range in points. limit: a rope, at most `length` apart.
                """,
            example: "attach anchor bob to 200 100 as string",
            options: ["anchor", "items", "pin", "fixed", "slide", "limit", "offset", "to", "at", "axis", "length",
                      "frequency", "damping", "range", "friction", "as"],
            run: { interp, args in try interp.attach(&args) }),
        CommandSpec(
            name: "push", subcommands: [],
            usage: ["push ITEM ... instant|continuous (DX DY | angle A magnitude M) [offset DX DY] [as NAME]"],
            summary: "pushes items: an impulse once (instant) or a force every frame (continuous)",
            details: """
                Magnitude 1 on a 100 × 100 item of density 1 gives 100 pt/s² (continuous) or 100 pt/s \
                (instant); heavier items move less. An offset (in world axes, from the center) adds a turn. \
                An instant push fires once; `set NAME.active yes` fires it again.
                """,
            example: "push ball instant angle -90deg magnitude 2",
            options: ["instant", "continuous", "angle", "magnitude", "offset", "as"],
            run: { interp, args in try interp.push(&args) }),
        CommandSpec(
            name: "snap", subcommands: [], usage: ["snap ITEM to X Y [damping D] [as NAME]"],
            summary: "pulls an item to a point, where it settles centered and upright",
            details: "damping from 0 (most oscillation) to 1 (least); the default is 0.5.",
            example: "snap ball to 200 300 damping 0.7", options: ["to", "damping", "as"],
            run: { interp, args in try interp.snap(&args) }),
        CommandSpec(
            name: "kick", subcommands: [], usage: ["kick ITEM DX DY [spin W]"],
            summary: "adds to an item's velocity at once (UIKit's addLinearVelocity and addAngularVelocity)",
            details: "DX DY in points/s, W in radians/s.", example: "kick ball 0 -300", options: ["spin"],
            run: { interp, args in
                let (n, r) = try args.name("the item to kick")
                let (dx, _) = try args.number("the x velocity to add")
                let (dy, _) = try args.number("the y velocity to add")
                var spin = 0.0
                if !args.isAtEnd {
                    _ = try args.option(of: ["spin"])
                    spin = try args.number("the spin to add").0
                }
                try args.finish()
                if interp.checking { return }
                let id = try interp.item(named: n, r)
                try interp.engine(at: r) { w in
                    try w.addLinearVelocity(Vec2(dx, dy), to: id)
                    if spin != 0 { try w.addAngularVelocity(spin, to: id) }
                }
            }),
    ]

    /// Registers a new behavior under its given name or an automatic one.
    func defineBehavior(_ asName: (String, SourceRange)?, base: String, _ id: BehaviorID) {
        define(asName?.0 ?? nextAutoName(base), .behavior(id))
    }

    /// Reads the NAME of `as NAME` (the `as` already read), checking the name is free.
    func readAsName(_ args: inout Arguments) throws -> (String, SourceRange) {
        let n = try args.name("a name after 'as'")
        try checkFreeForEntity(n.0, n.1)
        return n
    }

    // MARK: collide

    func collide(_ args: inout Arguments) throws {
        let keywords = ["all", "bounds", "mode", "as"]
        var names: [(String, SourceRange)] = []
        var all = false
        var bounds = false
        var mode = CollisionMode.everything
        var asName: (String, SourceRange)?
        while !args.isAtEnd {
            guard let w = args.peekWord(), keywords.contains(w) else {
                if !names.isEmpty || !all {
                    names.append(try args.name("an item, all, bounds, mode or as"))
                    continue
                }
                throw args.error("unexpected '\(interpFileText(args))' after 'all'", args.currentRange)
            }
            switch w {
            case "all":
                args.advance()
                if !names.isEmpty { throw args.error("give items or 'all', not both", args.currentRange) }
                all = true
            case "bounds":
                args.advance()
                bounds = true
            case "mode":
                args.advance()
                let (m, r) = try args.name("items, boundaries or everything")
                guard let parsed = CollisionMode(rawValue: m) else {
                    throw args.error("unknown mode '\(m)'; the modes are items, boundaries and everything"
                        + Suggest.hint(for: m, in: CollisionMode.allCases.map(\.rawValue)), r)
                }
                mode = parsed
            default:
                args.advance()
                asName = try readAsName(&args)
            }
        }
        if checking { return }
        let items = names.isEmpty ? nil : try names.map { try item(named: $0.0, $0.1) }
        let id = try engine(at: args.keywordRange) { try $0.addCollision(items: items, mode: mode, bounds: bounds) }
        defineBehavior(asName, base: "collision", id)
    }

    func interpFileText(_ args: Arguments) -> String {
        args.isAtEnd ? "end of command" : file.text(args.exprs[args.index].range)
    }

    // MARK: boundary

    func boundary(_ args: inout Arguments) throws {
        let (name, nameRange) = try args.name("a name for the boundary")
        try checkFreeForEntity(name, nameRange)
        guard let kind = args.peekWord(), kind == "line" || kind == "path" else {
            throw args.error("expected 'line' or 'path' after the boundary's name" + args.foundText(), args.currentRange)
        }
        let kindRange = args.currentRange
        args.advance()
        var coords: [(Double, SourceRange)] = []
        while !args.isAtEnd { coords.append(try args.number("a coordinate")) }
        let range = coords.last.map { kindRange.union($0.1) } ?? kindRange
        if coords.count % 2 != 0 { throw args.error("a boundary needs pairs of coordinates; got \(coords.count) numbers", range) }
        if kind == "line" && coords.count != 4 { throw args.error("a line needs two points: X1 Y1 X2 Y2", range) }
        if kind == "path" && coords.count < 4 { throw args.error("a path needs at least two points", range) }
        if checking { return }
        let points = stride(from: 0, to: coords.count, by: 2).map { Vec2(coords[$0].0, coords[$0 + 1].0) }
        let id = try engine(at: range) { try $0.addBoundary(points: points, closed: kind == "path") }
        define(name, .boundary(id))
    }

    // MARK: attach

    func attach(_ args: inout Arguments) throws {
        guard let kindWord = args.peekWord(), let kind = AttachmentKind(rawValue: kindWord) else {
            throw args.error("expected anchor, items, pin, fixed, slide or limit after 'attach'" + args.foundText()
                + (args.peekWord().map { Suggest.hint(for: $0, in: AttachmentKind.allCases.map(\.rawValue)) } ?? ""), args.currentRange)
        }
        args.advance()
        let options = ["offset", "to", "at", "axis", "length", "frequency", "damping", "range", "friction", "as"]
        func isOption(_ a: Arguments) -> Bool { a.peekWord().map { options.contains($0) } ?? false }
        // Items, each optionally followed by `offset DX DY`.
        var itemNames: [(String, SourceRange, Vec2)] = []
        let maxItems = kind == .anchor ? 1 : 2
        while !args.isAtEnd && !isOption(args) || (args.peekWord() == "offset" && !itemNames.isEmpty) {
            if args.peekWord() == "offset" {
                args.advance()
                let (dx, _) = try args.number("the offset's x")
                let (dy, _) = try args.number("the offset's y")
                itemNames[itemNames.count - 1].2 = Vec2(dx, dy)
                continue
            }
            if itemNames.count == maxItems { break }
            let (n, r) = try args.name("an item")
            itemNames.append((n, r, .zero))
        }
        let needed: ClosedRange<Int> = kind == .anchor ? 1...1 : kind == .slide ? 1...2 : 2...2
        if !needed.contains(itemNames.count) {
            throw args.error("'attach \(kindWord)' needs \(needed.lowerBound == needed.upperBound ? "\(needed.lowerBound)" : "1 or 2") item\(needed.upperBound == 1 ? "" : "s"); usage: \(command(usageOf: kindWord))", args.keywordRange)
        }
        var anchor: Vec2?
        var axis: Vec2?
        var length: Double?
        var frequency = 0.0
        var damping = 0.0
        var range: (Double, Double)?
        var friction = 0.0
        var asName: (String, SourceRange)?
        var fields: [String: SourceRange] = [:]
        var seen: Set<String> = []
        while !args.isAtEnd {
            let (option, optionRange) = try args.option(of: options)
            if !seen.insert(option).inserted { throw args.error("'\(option)' is given twice", optionRange) }
            switch option {
            case "to", "at":
                let (x, _) = try args.number("the point's x")
                let (y, r) = try args.number("the point's y")
                anchor = Vec2(x, y)
                fields["anchor"] = optionRange.union(r)
            case "axis":
                let (x, _) = try args.number("the axis's x")
                let (y, r) = try args.number("the axis's y")
                axis = Vec2(x, y)
                fields["axis"] = optionRange.union(r)
            case "length":
                let (l, r) = try args.number("the length")
                length = l
                fields["length"] = r
            case "frequency":
                let (f, r) = try args.number("the frequency")
                frequency = f
                fields["frequency"] = r
            case "damping":
                let (d, r) = try args.number("the damping")
                damping = d
                fields["damping"] = r
            case "range":
                let (lo, _) = try args.number("the range's low end")
                let (hi, r) = try args.number("the range's high end")
                range = (lo, hi)
                fields["range"] = optionRange.union(r)
            case "friction":
                let (t, r) = try args.number("the friction torque")
                friction = t
                fields["frictionTorque"] = r
            case "offset":
                throw args.error("'offset' goes right after the item it belongs to", optionRange)
            default:
                asName = try readAsName(&args)
                seen.insert("as")
            }
        }
        // Which options each kind takes.
        let allowed: [AttachmentKind: Set<String>] = [
            .anchor: ["to", "length", "frequency", "damping", "as"],
            .items: ["length", "frequency", "damping", "as"],
            .pin: ["at", "range", "friction", "as"],
            .fixed: ["at", "as"],
            .slide: ["at", "axis", "range", "as"],
            .limit: ["length", "as"],
        ]
        for option in seen where !(allowed[kind]?.contains(option) ?? false) {
            throw args.error("'attach \(kindWord)' does not take '\(option)'; usage: \(command(usageOf: kindWord))", args.keywordRange)
        }
        if kind == .anchor && anchor == nil { throw args.error("'attach anchor' needs 'to X Y'", args.keywordRange) }
        if [.pin, .fixed, .slide].contains(kind) && anchor == nil {
            throw args.error("'attach \(kindWord)' needs 'at X Y'", args.keywordRange)
        }
        if kind == .slide && axis == nil { throw args.error("'attach slide' needs 'axis DX DY'", args.keywordRange) }
        if checking { return }
        var def = AttachmentDefinition(kind: kind, itemA: try item(named: itemNames[0].0, itemNames[0].1),
                                       itemB: itemNames.count > 1 ? try item(named: itemNames[1].0, itemNames[1].1) : nil)
        def.offsetA = itemNames[0].2
        if itemNames.count > 1 { def.offsetB = itemNames[1].2 }
        if let anchor { def.anchor = anchor }
        if let axis { def.axis = axis }
        def.length = length
        def.frequency = frequency
        def.damping = damping
        if let range { def.rangeMin = range.0; def.rangeMax = range.1 }
        def.frictionTorque = friction
        fields["itemA"] = itemNames[0].1
        if itemNames.count > 1 { fields["itemB"] = itemNames[1].1 }
        let id = try engine(at: args.keywordRange, fields: fields) { try $0.addAttachment(def) }
        defineBehavior(asName, base: "attachment", id)
    }

    func command(usageOf kind: String) -> String {
        Interpreter.behaviorCommands.first { $0.name == "attach" }?.usage.first { $0.hasPrefix("attach \(kind) ") } ?? ""
    }

    // MARK: push

    func push(_ args: inout Arguments) throws {
        var names: [(String, SourceRange)] = []
        while let w = args.peekWord(), w != "instant", w != "continuous" {
            names.append(try args.name("an item to push"))
        }
        if names.isEmpty { throw args.error("push needs at least one item", args.currentRange) }
        guard let modeWord = args.peekWord() else {
            throw args.error("expected 'instant' or 'continuous'" + args.foundText(), args.currentRange)
        }
        args.advance()
        let mode: PushMode = modeWord == "instant" ? .instantaneous : .continuous
        var vector: Vec2?
        var angle: Double?
        var magnitude: Double?
        var offset = Vec2.zero
        var asName: (String, SourceRange)?
        if !args.isAtEnd, args.peekWord().map({ !["angle", "magnitude", "offset", "as"].contains($0) }) ?? true {
            let (dx, _) = try args.number("the push's x")
            let (dy, _) = try args.number("the push's y")
            vector = Vec2(dx, dy)
        }
        var seen: Set<String> = []
        while !args.isAtEnd {
            let (option, optionRange) = try args.option(of: ["angle", "magnitude", "offset", "as"])
            if !seen.insert(option).inserted { throw args.error("'\(option)' is given twice", optionRange) }
            switch option {
            case "angle": angle = try args.number("the angle").0
            case "magnitude": magnitude = try args.number("the magnitude").0
            case "offset":
                let (x, _) = try args.number("the offset's x")
                let (y, _) = try args.number("the offset's y")
                offset = Vec2(x, y)
            default: asName = try readAsName(&args)
            }
        }
        if vector != nil && (angle != nil || magnitude != nil) {
            throw args.error("give the push either as DX DY or with angle and magnitude, not both", args.keywordRange)
        }
        if vector == nil && (angle == nil || magnitude == nil) {
            throw args.error("push needs DX DY, or angle A and magnitude M", args.keywordRange)
        }
        if checking { return }
        let v = vector ?? Vec2(magnitude! * DMath.cos(angle!), magnitude! * DMath.sin(angle!))
        let items = try names.map { try item(named: $0.0, $0.1) }
        let id = try engine(at: args.keywordRange) { try $0.addPush(items: items, mode: mode, vector: v, offset: offset) }
        defineBehavior(asName, base: "push", id)
    }

    // MARK: snap

    func snap(_ args: inout Arguments) throws {
        let (n, r) = try args.name("the item to snap")
        var point: Vec2?
        var damping = 0.5
        var dampingRange: SourceRange?
        var asName: (String, SourceRange)?
        while !args.isAtEnd {
            let (option, _) = try args.option(of: ["to", "damping", "as"])
            switch option {
            case "to":
                let (x, _) = try args.number("the point's x")
                let (y, _) = try args.number("the point's y")
                point = Vec2(x, y)
            case "damping":
                let (d, dr) = try args.number("the damping")
                damping = d
                dampingRange = dr
            default: asName = try readAsName(&args)
            }
        }
        guard let point else { throw args.error("snap needs 'to X Y'", args.keywordRange) }
        if checking { return }
        let target = try item(named: n, r)
        let id = try engine(at: args.keywordRange, fields: ["damping": dampingRange ?? args.keywordRange]) {
            try $0.addSnap(item: target, to: point, damping: damping)
        }
        defineBehavior(asName, base: "snap", id)
    }
}
