// `undo`, `save`, `reset`, `help`: commands about the session itself.

import Dynamics

extension Interpreter {
    static let sessionCommands: [CommandSpec] = [UndoCommand.spec, SaveCommand.spec, ResetCommand.spec]
}

/// `undo`
struct UndoCommand: Command {
    static let spec = CommandSpec(
        "undo", CommandSyntax(),
        summary: "takes back the last command that changed the world",
        details: "Up to \(Interpreter.undoLimit) commands can be taken back, one at a time. A command that only prints or checks is not counted. `undo` is a command of its own, at the prompt or at a script's top level: inside a block, a function or a `source`d file it is refused. At the prompt it says what it took back (`undid: push ball instant 0 -1`); `save`, `reset` and `push` say what they did too, in one line that `set shell.quiet yes` silences (a script's output stays its own). Keeping a command for `undo` costs about what the command itself did, however large the world: the history keeps the whole session before a command only now and then (once the commands since have taken a few times as long as copying the world would), and rebuilds the states in between by replaying those commands from it, silently and without writing any file again (logs, pictures and recordings stay as they were; a `source`d file replays as it read then). A script run by `dyn FILE` or `dyn test` that never says `undo` (nor `source`s a file) keeps nothing. The sessions kept share whatever the commands after them left unchanged; they hold at most 512 MiB of their own, and past it the oldest go (the latest command can always be undone).",
        example: "undo", make: { UndoCommand(at: $0.keywordRange) })

    let at: SourceRange

    init(at: SourceRange) { self.at = at }
    init(_ a: ParsedArguments) { at = a.keywordRange }

    func apply(to interp: Interpreter) throws {
        if interp.runningHandler != nil {
            throw interp.runtimeError("cannot undo here: every-step blocks and contact handlers run in the middle of a step", at)
        }
        // What undo takes back is whole top-level commands; inside one (a block, a function, a
        // sourced file) it would take back the command before it and leave the rest of this
        // one standing, and `save` would replay the `undo` itself.
        if interp.sourceDepth > 0 || !interp.scopes.isEmpty || interp.callDepth > 0 {
            throw interp.runtimeError(
                "cannot undo here: undo takes back whole commands, so it must be a command of its own at the prompt or at a script's top level, not inside a block, a function or a sourced file",
                at)
        }
        guard let label = try interp.undoLast() else { throw interp.runtimeError("nothing to undo", at) }
        interp.confirm("undid: " + UndoCommand.shortened(label))
    }

    /// The first line of a command, at most 60 characters.
    static func shortened(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var first = String(lines.first ?? "")
        var cut = lines.count > 1
        if first.count > 60 {
            first = String(first.prefix(57))
            cut = true
        }
        return cut ? first + " ..." : first
    }
}

/// `save FILE`
struct SaveCommand: Command {
    static let spec = CommandSpec(
        "save", CommandSyntax([.positional("file", [Slot("FILE", "a file name", .file)])]),
        summary: "writes the world as a script that rebuilds it exactly when run",
        details: """
            The script replays, quietly, the commands that built the world (failed and undone ones \
            left out, consecutive steps merged), so the rebuilt world has the same future bit for bit; \
            a header shows the world's state when saved. A relative FILE is relative to the script \
            (at the prompt: the working folder). The file is replaced atomically.
            """,
        example: "save experiment.dyn", make: { try SaveCommand($0) })

    let file: Arg

    init(_ a: ParsedArguments) throws { file = try a.required("file") }

    func apply(to interp: Interpreter) throws {
        guard case .string(let path) = try interp.evaluate(file.expr) else {
            throw interp.runtimeError("save needs a file name (a string or a bare path)", file.range)
        }
        if interp.replaying { return }  // replayed for undo: the file was written (UndoHistory.swift)
        // The journal holds whole top-level statements: once the running one has changed the
        // world (a block, a loop, a handler or a sourced file before this `save`), the file
        // would rebuild another world.
        if interp.runningHandler != nil {
            throw interp.runtimeError("cannot save here: every-step blocks and contact handlers run in the middle of a step (save at the top level)", file.range)
        }
        if interp.revision != interp.statementStartRevision {
            throw interp.runtimeError("cannot save after a change in the same statement (a block, loop or sourced file changed the world before this save): put save on its own line", file.range)
        }
        let resolved = Interpreter.resolve(path, relativeTo: interp.file.directory)
        do {
            try Interpreter.writeAtomically(interp.savedScript(), to: resolved)
        } catch {
            throw interp.runtimeError("cannot save to '\(path)': \(error.reason)", file.range)
        }
        let n = interp.session.journal.count
        interp.confirm("saved \(n) command\(n == 1 ? "" : "s") to \(Interpreter.displayName(resolved))")
    }
}

/// `reset`
struct ResetCommand: Command {
    static let spec = CommandSpec(
        "reset", CommandSyntax(),
        summary: "starts over with an empty world: no items, behaviors, actions or variables",
        details: "The world's size and model go back to their defaults (375 × 667, ideal). `undo` brings the old world back.",
        example: "reset", make: { ResetCommand($0) })

    init(_ a: ParsedArguments) {}

    func apply(to interp: Interpreter) throws {
        interp.session = Session()
        interp.confirm("reset: an empty world (undo brings the old one back)")
    }
}

/// `help [TOPIC]`: generated from the command table (see Reference.swift).
struct HelpCommand: Command {
    static let spec = CommandSpec(
        "help", CommandSyntax([.positional("topic", [Slot("TOPIC", "a command or topic", .name)], required: false)]),
        summary: "lists the commands, or explains one command or the properties of items, the world or a behavior kind",
        details: "TOPIC is a command or a control form, `items`, `world`, `shell`, a behavior kind (gravity, collision, attachment, push, snap), or a word such as spring, rope, hinge, wall, force, energy, period, which says where that is in dyn. The text is wrapped to the terminal's width.",
        example: "help gravity", make: { try HelpCommand($0) })

    let topic: Arg?

    init(_ a: ParsedArguments) throws { topic = a.arg("topic") }

    /// An unknown topic written as a bare name is an error `dyn check` finds.
    func validate() throws {
        if let topic, let name = topic.expr.bareName { _ = try HelpCommand.text(name, topic.range) }
    }

    /// What `help` shows for a topic (nil: the overview), or an error for an unknown one.
    static func text(_ topic: String?, _ range: SourceRange) throws -> String {
        guard let topic else { return Reference.overview() }
        guard let text = Reference.help(topic) ?? HelpTopics.text(topic) else {
            throw RuntimeError(message: "no help for '\(topic)'" + Suggest.hint(for: topic, in: Reference.topics), range: range)
        }
        return text
    }

    func apply(to interp: Interpreter) throws {
        let text = try HelpCommand.text(try topic.map { try interp.name($0) }, topic?.range ?? .none)
        // Wrapped to the terminal's width, when it is known.
        interp.write(interp.display.size().map { HelpTopics.wrap(text, width: $0.columns) } ?? text)
    }
}
