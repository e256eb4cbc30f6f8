// Functions of a script's own (`fn`), `return`, `break` and `continue`, and the calls that are
// not plain arithmetic: `near(a, b, t)` (what `a ≈ b within t` means) and a user function.
//
//     fn kinetic(m, v) {
//         return m * v ^ 2 / 2
//     }
//     print kinetic(ball.mass, ball.vy)
//
// A function runs in a scope of its own: its parameters and the variables it creates with
// `let`, and the session's globals (which `set` may change); the caller's local variables are
// not visible in it. A function that ends without `return` (or with a bare `return`) has no
// value: it may be called on its own line (`shout(3)`), not in an expression. Definitions are
// part of the session (so `undo` takes one back and `save` replays it); defining a name again
// replaces the function.
//
// `break` and `continue` leave or restart the innermost `for` or `while` loop; `return` the
// innermost function. The parser accepts them only where they have such a target, so the
// signals below never escape an action or the script.

import DynSystem

/// A function defined with `fn`.
struct UserFunction: Sendable {
    var name: String
    var parameters: [String]
    var body: [Statement]
    var file: SourceFile
}

/// `return` unwinding to the function call that runs it.
struct ReturnSignal: Error {
    var value: Value?
}

/// `break` or `continue` unwinding to the innermost loop.
struct LoopSignal: Error {
    var isBreak: Bool
}

extension Interpreter {
    /// How deep calls of `fn` functions may nest (a runaway recursion stops with an error).
    static let maxCallDepth = 64

    func executeFunctionStatement(_ statement: Statement) throws {
        switch statement.kind {
        case .function(let name, let nameRange, let parameters, let parameterRanges, let body):
            if ReservedWords.isReserved(name) { throw runtimeError("'\(name)' is a reserved name", nameRange) }
            if Builtins.functionNames.contains(name) {
                throw runtimeError("'\(name)' is a built-in function; choose another name", nameRange)
            }
            for (p, r) in zip(parameters, parameterRanges) where ReservedWords.isReserved(p) {
                throw runtimeError("'\(p)' is a reserved name", r)
            }
            session.functions[name] = UserFunction(name: name, parameters: parameters, body: body, file: file)
        case .returnValue(let value):
            throw ReturnSignal(value: try value.map { try evaluate($0) })
        case .loopControl(let isBreak):
            throw LoopSignal(isBreak: isBreak)
        case .expression(let e):
            if case .call(let function, let functionRange, let arguments) = e.kind, session.functions[function] != nil {
                _ = try callUserFunction(function, functionRange, arguments, e.range)
            } else {
                _ = try evaluate(e)
            }
        default:
            break
        }
    }

    /// Runs one pass of a loop's body; true when it ended with `break`.
    func loopBody(_ body: () throws -> Void) throws -> Bool {
        do {
            try body()
        } catch let signal as LoopSignal {
            return signal.isBreak
        }
        return false
    }

    /// The value of a call that is not a built-in arithmetic function (`near`, or a function of
    /// the script's own); nil when `function` is a built-in to evaluate on numbers.
    func callSpecial(_ function: String, _ functionRange: SourceRange, _ arguments: [Expr], _ range: SourceRange) throws -> Value? {
        if function == "near" {
            try Builtins.check(function, functionRange, arguments.count, range: range)
            let a = try number(arguments[0], "the left side of ≈")
            let b = try number(arguments[1], "the right side of ≈")
            let t = try number(arguments[2], "the tolerance")
            if t < 0 { throw runtimeError("the tolerance must not be negative, got \(formatNumber(t))", arguments[2].range) }
            return .boolean(abs(a - b) <= t)
        }
        guard session.functions[function] != nil else { return nil }
        guard let v = try callUserFunction(function, functionRange, arguments, range) else {
            throw runtimeError("\(function) returns no value (it ends without 'return VALUE')", range)
        }
        return v
    }

    /// Calls a function defined with `fn`; its value, or nil when it returns none.
    func callUserFunction(_ name: String, _ nameRange: SourceRange, _ arguments: [Expr], _ range: SourceRange) throws -> Value? {
        guard let f = session.functions[name] else {
            throw runtimeError("unknown function '\(name)'", nameRange)
        }
        guard arguments.count == f.parameters.count else {
            let n = f.parameters.count
            throw runtimeError("\(name) takes \(n) argument\(n == 1 ? "" : "s") (\(f.parameters.joined(separator: ", "))), got \(arguments.count)", range)
        }
        var bindings: [String: Value] = [:]
        for (p, a) in zip(f.parameters, arguments) { bindings[p] = try evaluate(a) }
        guard callDepth < Interpreter.maxCallDepth else {
            throw runtimeError("calls nested more than \(Interpreter.maxCallDepth) deep (does \(name) call itself without end?)", range)
        }
        callDepth += 1
        let saved = (scopes, file)
        scopes = [bindings]
        file = f.file
        defer {
            callDepth -= 1
            (scopes, file) = saved
        }
        do {
            try execute(f.body)
        } catch let r as ReturnSignal {
            return r.value
        } catch let e as RuntimeError where f.file !== saved.1 {
            // An error in a function of another file is placed in that file.
            throw Interpreter.failure(e, in: f.file)
        }
        return nil
    }

    /// For a failed `assert`: the values its comparison compared, e.g. ` (ball.vy is
    /// 999.9999999999991)`; empty when the condition compares nothing. A literal side is not
    /// repeated; when the two sides print alike they are shown with every digit.
    func comparedValues(_ condition: Expr) -> String {
        let sides: [Expr]
        var tolerance: Expr?
        switch condition.kind {
        case .binary(let op, let l, let r, _) where [.equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual].contains(op):
            sides = [l, r]
        case .call("near", _, let arguments) where arguments.count == 3:
            sides = [arguments[0], arguments[1]]
            tolerance = arguments[2]
        default:
            return ""
        }
        // Evaluated again, quietly: a side with output of its own prints nothing twice.
        let quiet = settings.quiet
        settings.quiet = true
        defer { settings.quiet = quiet }
        guard let values = try? sides.map({ try evaluate($0) }) else { return "" }
        let exact: Bool
        if case .number(let a) = values[0], case .number(let b) = values[1] {
            exact = a != b && formatNumber(a) == formatNumber(b)
        } else {
            exact = false
        }
        func show(_ v: Value) -> String {
            if exact, case .number(let d) = v, d != d.rounded() { return "\(d)" }
            if case .string(let s) = v { return "\"\(s)\"" }
            return v.description
        }
        var parts: [String] = []
        for (side, value) in zip(sides, values) {
            let text = file.text(side.range)
            if case .number = side.kind { continue }
            if text == value.description { continue }
            parts.append("\(text) is \(show(value))")
        }
        if tolerance != nil, case .number(let a) = values[0], case .number(let b) = values[1] {
            parts.append("they differ by \(formatNumber(abs(a - b)))")
        }
        return parts.isEmpty ? "" : " (" + parts.joined(separator: ", ") + ")"
    }
}

extension Interpreter {
    /// A command as `shell.echo` (`--echo`) prints it: each line marked with `> `, so that
    /// echoed commands stand apart from what they print.
    static func echoed(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "> " + $0 }.joined(separator: "\n") + "\n"
    }
}

extension Interpreter {
    /// One line saying what a command did, at the prompt only (`shell.confirm`, see
    /// `ShellSettings.confirm`), unless `shell.quiet` is on.
    func confirm(_ text: String) {
        if settings.confirm { emit(text + "\n") }
    }
}
