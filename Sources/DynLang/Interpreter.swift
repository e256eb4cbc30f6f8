// The tree-walking interpreter: runs statements against a world.
//
// Everything a command can change lives in one value, `Session` (the world, the names, the
// global variables and the `every step` actions). Because `World` is a value type too,
// `let saved = interpreter.session` is a complete snapshot. The undo history keeps some of
// them and rebuilds the rest by replay (UndoHistory.swift): `undo` gives back the session of
// before a command, and a failed prompt entry leaves the world exactly as it was.
//
// Errors: a runtime error is thrown as `RuntimeError` (a message and a source range) and
// turned into a `Diagnostic` for the file being run; a failed `assert` ends the script with
// status 1, any other error with status 2 (`ScriptFailure.exitStatus`).

import Dynamics
import DynamicsMath
import Foundation
import DynSystem

/// Why a script stopped early.
public enum ScriptFailure: Error, Sendable {
    /// Syntax errors (every one of the file), found before anything ran.
    case syntax([Diagnostic])
    /// A runtime error: an unknown name, a bad value, ...
    case error(Diagnostic)
    /// An `assert` that did not hold.
    case assertion(Diagnostic)
    /// Ctrl-C (or the caller's interrupt check) stopped a long command at a step boundary.
    case interrupted(String)

    /// The program's exit status for this failure: 1 for a failed assert, 2 for any other error.
    public var exitStatus: Int32 {
        switch self {
        case .assertion: return 1
        case .syntax, .error, .interrupted: return 2
        }
    }

    /// Whether this is an interrupt (Ctrl-C), which nothing survives.
    public var isInterrupt: Bool {
        if case .interrupted = self { return true }
        return false
    }

    /// The diagnostics to print, rendered.
    public var rendered: String {
        switch self {
        case .syntax(let ds): return ds.map { $0.rendered() }.joined()
        case .error(let d), .assertion(let d): return d.rendered()
        case .interrupted(let message): return "interrupted: \(message)\n"
        }
    }

    /// The diagnostics themselves (empty for an interrupt).
    public var diagnostics: [Diagnostic] {
        switch self {
        case .syntax(let ds): return ds
        case .error(let d), .assertion(let d): return [d]
        case .interrupted: return []
        }
    }
}

/// An error raised while evaluating or executing, before it is tied to a file.
struct RuntimeError: Error {
    var message: String
    var range: SourceRange
}

/// What a name of the world refers to.
public enum Entity: Sendable, Hashable {
    case item(ItemID)
    case behavior(BehaviorID)
    case boundary(BoundaryID)
    /// An `every step` block or an `on contact` handler.
    case action
    /// A composite behavior (`behavior NAME { }`).
    case composite
}

/// An `every step` block.
struct Action: Sendable {
    var name: String
    var body: [Statement]
    var file: SourceFile
    /// Unique in the session (`Session.nextSerial`): tells a removed action from a new one of the same name.
    var serial = 0
    /// The behavior it belongs to (`every step of NAME`), removed with it.
    var owner: String? = nil
}

/// An `on contact A B { }` block: A and B are item or boundary names (or `bounds`).
struct ContactHandler: Sendable {
    var name: String
    var a: String
    var b: String
    /// Runs when the two stop touching (`on contact end`), else when they begin.
    var ended: Bool
    var body: [Statement]
    var file: SourceFile
    /// Unique in the session (`Session.nextSerial`).
    var serial = 0
}

/// Settings of the shell, readable and settable as `shell.echo`, `shell.bail`, `shell.timing`.
public struct ShellSettings: Sendable {
    /// Print each top-level command before running it.
    public var echo = false
    /// Silence `print` (a saved world sets it while it replays its history).
    public var quiet = false
    /// Stop a script at its first error (true, the default) or report it and go on.
    public var bail = true
    /// After each `step` and `run`, print its wall time and steps per second.
    public var timing = false
    /// Say in one line what `undo`, `save`, `reset` and `push` did, and that `run` or `step`
    /// advanced nothing in a paused world: the interactive shell turns it on (a script's output
    /// stays its own); `quiet` silences it too.
    public var confirm = false
    public init() {}
}

/// All the state that commands change. A value: copying it is a snapshot.
public struct Session: Sendable {
    public var world: World
    /// Names of items, behaviors and actions. Looked up only; output follows `order`.
    var entities = LayeredTable<String, Entity>()
    /// Entity names in creation order (for `print world` and completion).
    var order: [String] { orderList.elements }
    var orderList = LayeredList<String>()
    /// The name of each item, behavior and boundary (the inverse of `entities`, for events).
    var names = LayeredTable<Entity, String>()
    /// Global variables.
    var globals: [String: Value] = [:]
    /// `every step` blocks, in the order they were added.
    var actions: [Action] = []
    /// `on contact` blocks, in the order they were added.
    var contactHandlers: [ContactHandler] = []
    /// Counter for automatic names (`gravity2`, `action1`, ...).
    var autoName = 1
    /// Counter for the serial numbers of actions and contact handlers.
    var nextSerial = 1
    /// The top-level commands that made this session, in order (what `save` writes).
    var journal = Journal()
    /// Trails of traced items (`trace`), in the order they were asked for.
    var traces: [Trace] = []
    /// Logs writing CSV rows (`log`), in the order they began.
    var logs: [LogSpec] = []
    /// The force expressions of custom fields, in creation order (CustomFields.swift).
    var fieldForces: [FieldForce] = []
    /// Composite behaviors, in creation order (CompositeBehaviors.swift).
    var composites: [Composite] = []
    /// Functions defined with `fn`, by name (Functions.swift).
    var functions: [String: UserFunction] = [:]
    /// Results of `measure`, by name (Measurements.swift).
    var measurements: [String: Measurement] = [:]
    /// Contact handlers to look at when the world next steps (ContactWarnings.swift).
    var pendingContactChecks: [PendingContactCheck] = []

    public init(world: World = World()) {
        self.world = world
    }

    /// The names of items, behaviors and actions, in creation order.
    public var entityNames: [String] { order }
    /// The global variable names, sorted.
    public var variableNames: [String] { globals.keys.sorted() }
    /// What a name refers to.
    public func entity(named name: String) -> Entity? { entities[name] }
}

/// Runs dyn scripts.
public final class Interpreter {
    /// Everything commands change; see `Session`. Every change bumps `revision`.
    public var session: Session {
        didSet { revision &+= 1 }
    }
    /// Counts changes of `session`, so that `undo` records only statements that changed something.
    public private(set) var revision = 0
    /// The commands `undo` can take back, with what rebuilds the states before them
    /// (UndoHistory.swift).
    var history = UndoHistory()
    /// The marks of the statements and prompt entries running now, innermost last.
    var openUndoMarks: [UndoMark] = []
    /// When the history keeps a whole session rather than rebuilding it by replay.
    public var undoCheckpoints = UndoCheckpoints.measured
    /// The history is replaying commands to rebuild a state: nothing is printed, no file is
    /// written and nothing is kept for undo (UndoHistory.swift).
    var replaying = false
    /// How many commands `undo` keeps.
    public static let undoLimit = 50
    /// The memory the kept states may hold beyond the present one (their worlds' tables that
    /// the next state does not share): past it the oldest go first, but the latest command can
    /// always be undone. A command that changes a few items keeps little (its states share the
    /// rest); `step` on a world of 50,000 items changes most of its tables, so fewer such
    /// states fit.
    public var undoByteBudget = 512 << 20
    /// The last measurement of the world's size (see `estimatedWorldBytes`).
    var worldSizeProbe: (things: Int, bytes: Int)?
    /// Whether top-level statements keep the session before them for `undo`. The prompt does;
    /// the program turns it off for scripts that cannot reach an `undo` (`mayUndo`), so that
    /// each statement costs what it changes, not a copy of the whole world (a script of 10,000
    /// `add view` lines was quadratic, and kept 50 copies of the world).
    public var keepsUndoHistory = true
    /// Settings of the shell that scripts may change (`set shell.echo yes`).
    public var settings = ShellSettings()
    /// Receives warnings (a contact handler that can never run); the program writes them to
    /// standard error.
    public var warn: (Diagnostic) -> Void = { _ in }
    /// Called with each error a script survives because `shell.bail` is off.
    public var reportError: (ScriptFailure) -> Void = { _ in }
    /// The worst status of the errors survived with `shell.bail` off (0: none).
    public var survivedStatus: Int32 = 0
    /// Receives every line the script prints, with its newline.
    public var write: (String) -> Void
    /// Polled between steps and loop iterations: true stops the running command (Ctrl-C).
    public var isInterrupted: () -> Bool = { false }
    /// The deepest `source` nesting allowed.
    public static let maxSourceDepth = 32
    /// How deep calls may nest before a script is refused (runaway recursion of `source`).
    var sourceDepth = 0
    /// Local scopes of the running blocks, innermost last; globals live in `session`.
    var scopes: [[String: Value]] = []
    /// The file whose statements are running.
    var file: SourceFile
    /// Commands read against their grammars, by place (see `runCommand`). The file is kept with
    /// each, so that its identity is never reused by another file while the entry lives.
    var prepared: [PreparedKey: (file: SourceFile, command: any Command)] = [:]
    /// The contact event whose handler is running (`contact.x`, ...), if any.
    var currentContact: ContactContext?
    /// The revision when the running top-level statement began: `save` refuses once the session
    /// has changed since, because the journal does not yet hold that change.
    var statementStartRevision = 0
    /// The running statement is a journaled `source`: the file it runs journals its statements.
    var journalSourced = false
    /// The next `run(_:)` journals its statements (set by a journaled `source`).
    var journalNextRun = false
    /// The every-step block or contact handler running (as messages name it), if any: no
    /// command may step the world from inside one.
    var runningHandler: String?
    /// The composite behaviors whose blocks are running, innermost last: what they make is theirs.
    var buildingComposites: [String] = []
    /// Where output goes (a terminal? its size, colour): set by the shell, read by pictures.
    public var display = DisplayHost()
    /// The open files of `log`s, by log name.
    var logSinks: [String: LogSink] = [:]
    /// What the running top-level command asks `save` to replay instead of its own text
    /// (`record` and `plot` step the world: they replay as `step N`).
    var journalEntry: String?
    /// Calls of `fn` functions running, outermost first (Functions.swift).
    var callDepth = 0
    /// Functions a script being checked defines, with their parameter counts (Checker.swift).
    var declaredFunctions: [String: Int] = [:]
    /// What a script being checked defines, for its name checks (CheckNames.swift).
    var checkedNames: ScriptNames?

    public init(session: Session = Session(), write: @escaping (String) -> Void) {
        self.session = session
        self.write = write
        self.file = SourceFile(name: "<none>", text: "")
    }

    // MARK: - Running scripts

    /// Parses and runs one source file. Syntax errors stop it before anything runs.
    public func run(_ source: SourceFile) throws(ScriptFailure) {
        let (script, diagnostics) = Parser.parse(source)
        if !diagnostics.isEmpty { throw .syntax(diagnostics) }
        try run(script)
    }

    /// Runs a parsed script.
    ///
    /// At the top level (not inside `source`), each statement is a unit: `shell.echo` prints it
    /// first, `undo` can take it back, and with `shell.bail` off an error in it is reported
    /// through `reportError` and the script goes on with the next statement.
    public func run(_ script: Script) throws(ScriptFailure) {
        let saved = file
        file = script.file
        defer { file = saved }
        let topLevel = sourceDepth == 0 && scopes.isEmpty
        // A file sourced by a journaled statement journals its own statements instead, so that
        // `save` keeps what the file said then, not its name (the file may change later).
        let journals = topLevel || journalNextRun
        journalNextRun = false
        for statement in script.statements {
            if topLevel && settings.echo && !replaying { write(Interpreter.echoed(script.file.text(statement.range))) }
            // The history keeps each top-level statement that changes the session, for `undo`
            // and to take a failed one back under --no-bail; the session itself only when a
            // checkpoint is due (UndoHistory.swift): holding it makes the statement's first
            // change of each table copy that whole table.
            let records = topLevel && recordsHistory
            let mark = records ? undoMark() : nil
            defer { if let mark { closeUndoMark(mark) } }
            let before: Session? = records && checkpointDue() ? session : nil
            let journalBefore = session.journal
            let clock = ContinuousClock()
            let started = clock.now
            let startRevision = revision
            if journals {
                journalEntry = nil
                statementStartRevision = revision
                journalSourced = Interpreter.isSource(statement)
            }
            defer { if topLevel && !replaying { flushLogs() } }
            do {
                try execute(statement)
            } catch {
                let failure = Interpreter.failure(error, in: script.file)
                if let mark, failure.isInterrupt, revision != startRevision { keepInterruptedState(after: mark) }
                // With bail off a script survives its errors, but never an interrupt. As at the
                // prompt, the failed statement leaves nothing behind, so that the journal (what
                // `save` writes) still rebuilds the world.
                if topLevel && !settings.bail && !failure.isInterrupt && !replaying {
                    if let mark { try rollBackOrFail(to: mark, before: before, in: script.file) }
                    reportError(failure)
                    survivedStatus = max(survivedStatus, failure.exitStatus)
                    continue
                }
                throw failure
            }
            if revision != startRevision && !Interpreter.isUndo(statement) {
                if journals && !Interpreter.isSource(statement) { record(statement, in: script.file) }
                if records {
                    let elapsed = (clock.now - started).components
                    let cost = elapsed.seconds * 1_000_000_000 + elapsed.attoseconds / 1_000_000_000
                    keepUnit(statement, in: script.file, before: before, journal: journalBefore, cost: cost)
                }
            }
        }
    }

    /// Takes a failed statement back; if the history cannot rebuild the state before it (it
    /// always can, short of a bug), says so rather than go on in a half-changed world.
    func rollBackOrFail(to mark: UndoMark, before: Session?, in file: SourceFile) throws(ScriptFailure) {
        do {
            try rollBack(to: mark, before: before)
        } catch {
            throw Interpreter.failure(error, in: file)
        }
    }

    static func isSource(_ statement: Statement) -> Bool {
        if case .source = statement.kind { return true }
        return false
    }

    /// Whether running `file` may reach an `undo`: it says `undo`, or `source`s another file
    /// (which might). A word-level look, so it can only err towards keeping the history.
    public static func mayUndo(_ file: SourceFile) -> Bool {
        Lexer.tokens(of: file).tokens.contains { token in
            if case .identifier(let word) = token.kind { return word == "undo" || word == "source" }
            return false
        }
    }

    /// Runs one entry of the prompt as a transaction: syntax errors run nothing, and after any
    /// other error (but Ctrl-C, which leaves the world at the frame boundary where it stopped)
    /// the session and the undo stack are exactly as they were before the entry.
    public func runEntry(_ script: Script, diagnostics: [Diagnostic]) throws(ScriptFailure) {
        if !diagnostics.isEmpty { throw .syntax(diagnostics) }
        // Taken back through the history (no copy of the session held); a session that keeps
        // no history, or whose history cannot rebuild the present yet, holds it instead.
        let mark = recordsHistory ? undoMark() : nil
        defer { if let mark { closeUndoMark(mark) } }
        let saved: Session? = mark == nil || !history.reachesPresent ? session : nil
        do {
            try run(script)
        } catch {
            if !error.isInterrupt {
                if let mark {
                    try rollBackOrFail(to: mark, before: saved, in: script.file)
                } else if let saved {
                    session = saved
                }
            }
            throw error
        }
    }

    /// The bytes of the world's tables, measured again when the number of named things has
    /// changed by a quarter since the last measurement (an upper bound of what one kept state
    /// can cost).
    func estimatedWorldBytes() -> Int {
        let things = session.orderList.count
        if let probe = worldSizeProbe, things <= probe.things + probe.things / 4 + 64, things + things / 4 + 64 >= probe.things {
            return probe.bytes
        }
        let bytes = session.world.tableBytes
        worldSizeProbe = (things, bytes)
        return bytes
    }

    /// Turns any error thrown while executing into a `ScriptFailure` tied to `file`.
    static func failure(_ error: any Error, in file: SourceFile) -> ScriptFailure {
        switch error {
        case let e as ScriptFailure: return e
        case let e as RuntimeError: return .error(Diagnostic(.error, e.message, at: SourceLocation(file: file, range: e.range)))
        default: return .error(Diagnostic(.error, "\(error)", at: SourceLocation(file: file, range: .none)))
        }
    }

    static func isUndo(_ statement: Statement) -> Bool {
        if case .command(let keyword, _, _) = statement.kind { return keyword == "undo" }
        return false
    }

    /// Checks a source file without running it: syntax, commands, options, functions and the
    /// arguments that can be known without a world (see `Checker`).
    public func check(_ source: SourceFile) -> [Diagnostic] {
        Checker(interpreter: self).check(source)
    }

    /// Writes what `print` shows, unless `shell.quiet` is on.
    func emit(_ text: String) {
        if !settings.quiet { write(text) }
    }

    func runtimeError(_ message: String, _ range: SourceRange) -> RuntimeError {
        RuntimeError(message: message, range: range)
    }

    // MARK: - Statements

    func execute(_ statements: [Statement]) throws {
        for statement in statements {
            try execute(statement)
        }
    }

    func execute(_ statement: Statement) throws {
        switch statement.kind {
        case .command(let keyword, let keywordRange, let arguments):
            try runCommand(keyword, keywordRange, arguments)

        case .letBinding(let name, let nameRange, let value):
            try checkFreeForVariable(name, nameRange)
            let v = try evaluate(value)
            if scopes.isEmpty {
                session.globals[name] = v
            } else {
                scopes[scopes.count - 1][name] = v
            }

        case .set(let target, let value):
            switch target {
            case .variable(let name, let range):
                let v = try evaluate(value)
                if try !assignVariable(name, v) {
                    throw runtimeError(
                        "unknown variable '\(name)'; use 'let \(name) = ...' to create it"
                            + Suggest.hint(for: name, in: visibleVariableNames()), range)
                }
            case .property(let object, let objectRange, let name, let nameRange):
                if name == "region", let id = fieldNamed(object) { return try setFieldRegion(id, object, nameRange, value) }
                let v = try evaluate(value)
                try setProperty(object, objectRange, name, nameRange, to: v, valueRange: value.range)
            case .dynamicProperty(let objectExpr, let name, let nameRange):
                let object = try dynamicName(objectExpr)
                let v = try evaluate(value)
                try setProperty(object, objectExpr.range, name, nameRange, to: v, valueRange: value.range)
            }

        case .print(let expr):
            if let name = expr.bareName, lookupVariable(name) == nil, !Builtins.isConstant(name) || session.entities[name] != nil {
                if name == "world" { return printWorld() }
                if let entity = session.entities[name] { return emit(describe(name, entity) + "\n") }
            }
            emit(try evaluate(expr).description + "\n")

        case .assert(let condition, let message):
            let v = try evaluate(condition)
            var text: String? = nil
            if let message { text = try evaluate(message).description }
            guard case .boolean(let holds) = v else {
                throw runtimeError("assert needs a condition that is true or false, got \(v.typeDescription) (\(v))", condition.range)
            }
            if !holds {
                let what = (text ?? file.text(condition.range)) + comparedValues(condition)
                throw ScriptFailure.assertion(
                    Diagnostic(.error, "assertion failed: \(what)", at: SourceLocation(file: file, range: condition.range)))
            }

        case .forRange(let variable, let variableRange, let from, let to, let closed, let body):
            try checkFreeForVariable(variable, variableRange)
            let a = try number(from, "the start of the range")
            let b = try number(to, "the end of the range")
            var i = a
            while closed ? i <= b : i < b {
                try checkInterrupt(statement.range, "the for loop")
                if try loopBody({ try withScope([variable: .number(i)]) { try execute(body) } }) { break }
                i += 1
            }

        case .ifElse(var condition, var then, var otherwise):
            // An `else if` chain is walked in a loop, not by recursion.
            while true {
                if try boolean(condition, "if") {
                    try withScope([:]) { try execute(then) }
                } else if let rest = otherwise {
                    if rest.count == 1, case .ifElse(let c, let t, let o) = rest[0].kind {
                        (condition, then, otherwise) = (c, t, o)
                        continue
                    }
                    try withScope([:]) { try execute(rest) }
                }
                break
            }

        case .whileLoop(let condition, let body):
            while try boolean(condition, "while") {
                try checkInterrupt(statement.range, "the while loop")
                if try loopBody({ try withScope([:]) { try execute(body) } }) { break }
            }

        case .everyStep(let name, let nameRange, let owner, let ownerRange, let body):
            if let owner, let ownerRange { try checkOwner(owner, ownerRange) }
            let actionName = try actionName(name, nameRange, base: "action")
            session.actions.append(Action(name: actionName, body: body, file: file, serial: session.nextSerial, owner: owner))
            session.nextSerial += 1
            define(actionName, .action)

        case .composite(let name, let nameRange, let body):
            try addComposite(name, nameRange, body)

        case .onContact(let a, let b, let ended, let name, let nameRange, let body):
            try addContactHandler(a, b, ended: ended, name: name, nameRange: nameRange, body: body)

        case .source(let pathExpr):
            try runSource(pathExpr)

        case .block(let body):
            try withScope([:]) { try execute(body) }

        case .function, .returnValue, .loopControl, .expression:
            try executeFunctionStatement(statement)
        }
    }

    /// Runs `body` in a new local scope holding `bindings`.
    func withScope(_ bindings: [String: Value], _ body: () throws -> Void) throws {
        scopes.append(bindings)
        defer { scopes.removeLast() }
        try body()
    }

    func checkInterrupt(_ range: SourceRange, _ what: String) throws {
        if isInterrupted() {
            throw ScriptFailure.interrupted("\(what) stopped at \(file.name):\(file.lineAndColumn(of: range.start).line); world time \(formatNumber(session.world.time)) s")
        }
    }

    // MARK: - source

    func runSource(_ pathExpr: Expr) throws {
        let journaled = journalSourced
        journalSourced = false
        let pathValue = try evaluate(pathExpr)
        guard case .string(let path) = pathValue else {
            throw runtimeError("source needs a file name, got \(pathValue.typeDescription)", pathExpr.range)
        }
        if sourceDepth >= Interpreter.maxSourceDepth {
            throw runtimeError("'source' is nested more than \(Interpreter.maxSourceDepth) deep (does a file source itself?)", pathExpr.range)
        }
        let sourced: SourceFile
        do {
            sourced = try SourceFile.load(path, relativeTo: file.directory)
        } catch {
            throw runtimeError("cannot source '\(path)': \(error.reason)", pathExpr.range)
        }
        sourceDepth += 1
        defer { sourceDepth -= 1 }
        journalNextRun = journaled
        // Variables of the sourced file are its own globals-in-the-session: run it at top level.
        let savedScopes = scopes
        scopes = []
        defer { scopes = savedScopes }
        try run(sourced)
    }

    /// Resolves a script path: absolute, `~/`, or relative to the including file's folder.
    public static func resolve(_ path: String, relativeTo directory: String) -> String {
        if path.hasPrefix("/") { return path }
        if path.hasPrefix("~/") {
            return (NSHomeDirectory() as NSString).appendingPathComponent(String(path.dropFirst(2)))
        }
        let joined = (directory as NSString).appendingPathComponent(path)
        return (joined as NSString).standardizingPath
    }

    /// A path as diagnostics show it: relative to the working folder when inside it.
    public static func displayName(_ path: String) -> String {
        let cwd = FileManager.default.currentDirectoryPath
        if path.hasPrefix(cwd + "/") { return String(path.dropFirst(cwd.count + 1)) }
        return path
    }

    // MARK: - Names and variables

    func lookupVariable(_ name: String) -> Value? {
        for scope in scopes.reversed() {
            if let v = scope[name] { return v }
        }
        return session.globals[name]
    }

    func assignVariable(_ name: String, _ value: Value) throws -> Bool {
        for i in stride(from: scopes.count - 1, through: 0, by: -1) where scopes[i][name] != nil {
            scopes[i][name] = value
            return true
        }
        if session.globals[name] != nil {
            session.globals[name] = value
            return true
        }
        return false
    }

    func visibleVariableNames() -> [String] {
        var names: [String] = []
        for scope in scopes.reversed() { names.append(contentsOf: scope.keys.sorted()) }
        names.append(contentsOf: session.globals.keys.sorted())
        return names
    }

    func checkFreeForVariable(_ name: String, _ range: SourceRange) throws {
        if ReservedWords.isReserved(name) {
            throw runtimeError("'\(name)' is a reserved name", range)
        }
        if let e = session.entities[name] {
            throw runtimeError("the name '\(name)' is already used by \(entityKindName(e))", range)
        }
    }

    func checkFreeForEntity(_ name: String, _ range: SourceRange) throws {
        if ReservedWords.isReserved(name) {
            throw runtimeError("'\(name)' is a reserved name", range)
        }
        if let e = session.entities[name] {
            throw runtimeError("the name '\(name)' is already used by \(entityKindName(e))", range)
        }
        if lookupVariable(name) != nil {
            throw runtimeError("the name '\(name)' is already used by a variable", range)
        }
    }

    func entityKindName(_ e: Entity) -> String {
        switch e {
        case .item(let id): return session.world.members(of: id).isEmpty ? "an item" : "an item group"
        case .behavior(let id):
            let kind = session.world.behaviorKind(id).map { "\($0)" } ?? "removed"
            return (kind.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + kind + " behavior"
        case .boundary: return "a boundary"
        case .action: return "an action"
        case .composite: return "a composite behavior"
        }
    }

    func nextAutoName(_ base: String) -> String {
        while true {
            let n = "\(base)\(session.autoName)"
            session.autoName += 1
            if session.entities[n] == nil && lookupVariable(n) == nil { return n }
        }
    }

    /// The name of a new action or handler: the one given (checked free), or an automatic one.
    func actionName(_ name: String?, _ nameRange: SourceRange?, base: String) throws -> String {
        guard let name, let nameRange else { return nextAutoName(base) }
        try checkFreeForEntity(name, nameRange)
        return name
    }

    /// Registers a new entity under `name`.
    func define(_ name: String, _ entity: Entity) {
        // (A name is in the order once: one given again keeps its place.)
        if session.entities[name] == nil { session.orderList.append(name) }
        session.entities[name] = entity
        if entity != .action && entity != .composite { session.names[entity] = name }
        adoptIntoComposite(name, entity)
    }

    /// Forgets an entity's name.
    func undefine(_ name: String) {
        guard let entity = session.entities[name] else { return }
        if entity != .action && entity != .composite { session.names[entity] = nil }
        session.entities[name] = nil
        // A defined name is in the order once (`define` takes only a free name).
        session.orderList.removeUnique(name)
    }

    /// The item a name refers to, or an error that suggests the nearest name.
    func item(named name: String, _ range: SourceRange) throws -> ItemID {
        if case .item(let id)? = session.entities[name] { return id }
        if let e = session.entities[name] {
            throw runtimeError("'\(name)' is \(entityKindName(e)), not an item", range)
        }
        let items = session.order.filter { if case .item? = session.entities[$0] { return true } else { return false } }
        throw runtimeError("unknown item '\(name)'" + Suggest.hint(for: name, in: items), range)
    }

    // MARK: - Expressions

    func evaluate(_ expr: Expr) throws -> Value {
        switch expr.kind {
        case .number(let d, _):
            return .number(d)
        case .boolean(let b):
            return .boolean(b)
        case .string(let parts):
            var s = ""
            for part in parts {
                switch part {
                case .text(let t): s += t
                case .interpolation(let e): s += try evaluate(e).description
                }
            }
            return .string(s)
        case .name(let name):
            if let v = lookupVariable(name) { return v }
            if let c = Builtins.constant(name) { return c }
            if name == "world" {
                throw runtimeError("'world' is not a value; use a property such as world.time", expr.range)
            }
            if let e = session.entities[name] {
                throw runtimeError("'\(name)' is \(entityKindName(e)), not a value; use a property such as \(name).x", expr.range)
            }
            throw runtimeError("unknown name '\(name)'" + Suggest.hint(for: name, in: visibleVariableNames() + session.order), expr.range)
        case .property(let object, let objectRange, let name, let nameRange):
            return try property(object, objectRange, name, nameRange)
        case .dynamicProperty(let objectExpr, let name, let nameRange):
            let object = try dynamicName(objectExpr)
            return try property(object, objectExpr.range, name, nameRange)
        case .call(let function, let functionRange, let arguments):
            if let v = try callSpecial(function, functionRange, arguments, expr.range) { return v }
            var values: [Double] = []
            for a in arguments { values.append(try number(a, "an argument of \(function)")) }
            return .number(try finite(try Builtins.call(function, functionRange, values, range: expr.range), expr.range))
        case .unary(let op, let operand):
            let v = try evaluate(operand)
            switch op {
            case .negate:
                guard case .number(let d) = v else {
                    throw runtimeError("'-' needs a number, got \(v.typeDescription)", expr.range)
                }
                return .number(-d)
            case .not:
                guard case .boolean(let b) = v else {
                    throw runtimeError("'not' needs true or false, got \(v.typeDescription)", expr.range)
                }
                return .boolean(!b)
            }
        case .binary(let op, let lhs, let rhs, let operatorRange):
            return try binary(op, lhs, rhs, operatorRange, expr.range)
        }
    }

    func binary(_ op: BinaryOperator, _ lhs: Expr, _ rhs: Expr, _ opRange: SourceRange, _ range: SourceRange) throws -> Value {
        // `and` and `or` short-circuit.
        if op == .and || op == .or {
            let l = try evaluate(lhs)
            guard case .boolean(let lb) = l else {
                throw runtimeError("'\(op.rawValue)' needs true or false on its left, got \(l.typeDescription)", lhs.range)
            }
            if op == .and ? !lb : lb { return .boolean(lb) }
            let r = try evaluate(rhs)
            guard case .boolean(let rb) = r else {
                throw runtimeError("'\(op.rawValue)' needs true or false on its right, got \(r.typeDescription)", rhs.range)
            }
            return .boolean(rb)
        }
        let l = try evaluate(lhs)
        let r = try evaluate(rhs)
        switch op {
        case .equal: return .boolean(l == r)
        case .notEqual: return .boolean(l != r)
        case .add:
            if case .string(let ls) = l { return .string(ls + r.description) }
            if case .string(let rs) = r { return .string(l.description + rs) }
        default: break
        }
        guard case .number(let a) = l else {
            throw runtimeError("'\(op.rawValue)' needs numbers, got \(l.typeDescription) on its left", lhs.range)
        }
        guard case .number(let b) = r else {
            throw runtimeError("'\(op.rawValue)' needs numbers, got \(r.typeDescription) on its right", rhs.range)
        }
        switch op {
        case .add: return .number(try finite(a + b, range))
        case .subtract: return .number(try finite(a - b, range))
        case .multiply: return .number(try finite(a * b, range))
        case .divide:
            if b == 0 { throw runtimeError("division by zero", opRange) }
            return .number(try finite(a / b, range))
        case .remainder:
            if b == 0 { throw runtimeError("remainder of a division by zero", opRange) }
            return .number(try finite(a.truncatingRemainder(dividingBy: b), range))
        case .power: return .number(try Builtins.power(a, b, opRange, range: range))
        case .less: return .boolean(a < b)
        case .lessEqual: return .boolean(a <= b)
        case .greater: return .boolean(a > b)
        case .greaterEqual: return .boolean(a >= b)
        case .equal, .notEqual, .and, .or: return .boolean(false)  // handled above
        }
    }

    func finite(_ d: Double, _ range: SourceRange) throws -> Double {
        if !d.isFinite {
            throw runtimeError("the result is not a finite number (\(d.isNaN ? "nan" : "infinite"))", range)
        }
        return d
    }

    /// The name a string expression makes (`"link{i}"` → `link3`).
    func dynamicName(_ expr: Expr) throws -> String {
        let v = try evaluate(expr)
        guard case .string(let s) = v, Lexer.isIdentifier(s) else {
            throw runtimeError("'\(v)' is not a valid name (a letter or _, then letters, digits or _)", expr.range)
        }
        if s.unicodeScalars.count > Limits.nameLength {
            throw runtimeError("name longer than \(Limits.nameLength) characters (\(s.unicodeScalars.count))", expr.range)
        }
        return s
    }

    /// Evaluates an expression that must be a number.
    func number(_ expr: Expr, _ what: String) throws -> Double {
        let v = try evaluate(expr)
        guard case .number(let d) = v else {
            throw runtimeError("\(what) must be a number, got \(v.typeDescription) (\(v))", expr.range)
        }
        return d
    }

    /// Evaluates a condition that must be true or false.
    func boolean(_ expr: Expr, _ keyword: String) throws -> Bool {
        let v = try evaluate(expr)
        guard case .boolean(let b) = v else {
            throw runtimeError("'\(keyword)' needs a condition that is true or false, got \(v.typeDescription) (\(v))", expr.range)
        }
        return b
    }
}
