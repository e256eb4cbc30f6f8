// Commands: each is a type with its grammar declared once (`CommandSpec`), built from its
// parsed arguments into a typed value, validated without the world, then applied.
//
//     argument expressions --CommandParser--> ParsedArguments --init--> typed value
//         --validate()--> (dyn check stops here, after checking constant arguments)
//         --apply(to:)--> the world changes
//
// `apply` evaluates the arguments (through `Interpreter.number(_:)` and friends, which check the
// slot's type and constraint) before it changes anything, and engine calls that fail leave the
// world as it was, so a failed command changes nothing. The command table, `help`, tab
// completion and the language reference in Docs/ all read the same specs (sqlite's shell keeps
// its commands and their help in one table the same way).

import Dynamics
import DynamicsMath

/// A command's typed value, built from its parsed arguments.
protocol Command {
    /// Reads the parsed arguments into the command's fields (no evaluation, no world).
    init(_ arguments: ParsedArguments) throws
    /// Checks rules between arguments that need no world (which options go together).
    func validate() throws
    /// Evaluates the arguments and changes the session.
    func apply(to interp: Interpreter) throws
}

extension Command {
    func validate() throws {}
}

/// One command of the language: its grammar, its help and how to build its typed value.
public struct CommandSpec: Sendable {
    /// The keyword, e.g. `add`.
    public var name: String
    /// The grammar: forms, positionals, options, their types and constraints.
    public var syntax: CommandSyntax
    /// One line: what it does.
    public var summary: String
    /// More about it: units, defaults, rules.
    public var details: String
    /// An example that runs.
    public var example: String
    let make: @Sendable (ParsedArguments) throws -> any Command

    init(_ name: String, _ syntax: CommandSyntax, summary: String, details: String = "", example: String,
         make: @escaping @Sendable (ParsedArguments) throws -> any Command) {
        self.name = name
        self.syntax = syntax
        self.summary = summary
        self.details = details
        self.example = example
        self.make = make
    }

    /// The forms, one per line, rendered from the grammar.
    public var usage: [String] { syntax.usage(name) }
    /// Sub-keywords that follow the keyword (`view`, `group` for `add`).
    public var subcommands: [String] { syntax.subcommands }
}

/// Where a command statement was written: its file (by identity) and the offset of its keyword.
struct PreparedKey: Hashable {
    let file: ObjectIdentifier
    let offset: Int
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
    /// Every command, in the order `help` lists them.
    public static let commands: [CommandSpec] = coreCommands + behaviorCommands + pictureCommands + sessionCommands + [HelpCommand.spec]

    /// Every keyword that starts a statement: the control forms and the commands.
    public static var statementKeywords: [String] {
        controlForms.map(\.name) + commands.map(\.name)
    }

    /// The commands by name.
    static let commandsByName: [String: CommandSpec] = Dictionary(uniqueKeysWithValues: commands.map { ($0.name, $0) })

    /// The command named `keyword`, if there is one.
    static func command(named keyword: String) -> CommandSpec? {
        commandsByName[keyword]
    }

    /// Reads a command statement into its typed value and validates it: everything that needs
    /// no world. Returns the parsed arguments too, for `dyn check`'s look at constant arguments.
    static func prepare(_ keyword: String, _ keywordRange: SourceRange, _ arguments: [Expr],
                        in file: SourceFile) throws -> (ParsedArguments, any Command) {
        guard let spec = command(named: keyword) else {
            throw RuntimeError(message: "unknown command '\(keyword)'" + Suggest.hint(for: keyword, in: statementKeywords), range: keywordRange)
        }
        let parsed = try CommandParser.parse(spec, keywordRange, arguments, in: file)
        let command = try spec.make(parsed)
        try command.validate()
        return (parsed, command)
    }

    /// Runs a command statement: read against its grammar once (then kept, so a command in a
    /// loop or an every-step action is not read again each time it runs), then applied.
    func runCommand(_ keyword: String, _ keywordRange: SourceRange, _ arguments: [Expr]) throws {
        let key = PreparedKey(file: ObjectIdentifier(file), offset: keywordRange.start)
        if let hit = prepared[key], hit.file === file { return try hit.command.apply(to: self) }
        let command = try Interpreter.prepare(keyword, keywordRange, arguments, in: file).1
        prepared[key] = (file, command)
        try command.apply(to: self)
    }

    /// Runs an engine call on the session's world, turning its errors into diagnostics at
    /// `range`, or at the range of the argument the error names (`fields`).
    func engine<T>(at range: SourceRange, fields: [String: SourceRange] = [:], _ body: (inout World) throws(EngineError) -> T) throws -> T {
        do {
            return try body(&session.world)
        } catch {
            let r = error.field.flatMap { fields[$0] } ?? range
            throw runtimeError(error.message, r)
        }
    }

    // MARK: - Arguments, evaluated against their slots

    /// A number argument: evaluated, finite, of the slot's unit, within its constraint.
    func number(_ a: Arg) throws -> Double {
        let v = try evaluate(a.expr)
        guard case .number(let d) = v else {
            throw runtimeError("\(a.slot.what) must be a number, got \(v.typeDescription) (\(v))", a.range)
        }
        if !d.isFinite { throw runtimeError("\(a.slot.what) must be a finite number", a.range) }
        if a.slot.type == .duration, case .number(_, .degrees) = a.expr.kind {
            throw runtimeError("a duration is in seconds, not degrees", a.range)
        }
        if let message = a.slot.constraint?.violation(d, what: a.slot.what) { throw runtimeError(message, a.range) }
        return d
    }

    /// Two number arguments as a vector (`DX DY`, `X Y`).
    func vector(_ args: [Arg], from start: Int = 0) throws -> Vec2 {
        Vec2(try number(args[start]), try number(args[start + 1]))
    }

    /// A name argument: a bare name, or a string that makes a valid one.
    func name(_ a: Arg) throws -> String {
        if let n = a.expr.bareName { return n }
        return try dynamicName(a.expr)
    }

    /// A name argument for something new: not reserved, not taken.
    func newName(_ a: Arg) throws -> String {
        let n = try name(a)
        try checkFreeForEntity(n, a.range)
        return n
    }

    /// The item a name argument refers to.
    func item(_ a: Arg) throws -> ItemID {
        try item(named: try name(a), a.range)
    }

    /// Checks, without a world, what can be known of an argument: a closed expression is
    /// evaluated against its slot; a name for something new must not be reserved.
    func checkConstant(_ a: Arg) throws {
        if a.slot.type == .newName, let n = a.expr.bareName, ReservedWords.isReserved(n) {
            throw runtimeError("'\(n)' is a reserved name", a.range)
        }
        guard a.expr.isClosed else { return try checkExpression(a.expr) }
        switch a.slot.type {
        case .number, .duration: _ = try number(a)
        case .name, .newName: _ = try name(a)
        case .value, .file: _ = try evaluate(a.expr)
        case .expression: try checkExpression(a.expr)
        case .word: break
        }
    }
}
