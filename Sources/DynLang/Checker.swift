// `dyn check`: finds the errors of a script without running it.
//
// The checker walks the statements (every block, both arms of an `if`, every loop body once)
// and stops where running would need the world: each command is read against its grammar into
// its typed value and validated (`Interpreter.prepare`), exactly as a run reads it, and its
// constant arguments are checked against their slots; expressions are evaluated only when
// closed (`2 * pi`, not `ball.x`), else only their function calls are checked; names given to
// new things must not be reserved; `source` checks the file it names, when the name is constant.
// Nothing changes the session.

struct Checker {
    let interpreter: Interpreter

    /// Every diagnostic of `source`: its syntax errors, then what the statements show.
    func check(_ source: SourceFile) -> [Diagnostic] {
        let (script, diagnostics) = Parser.parse(source)
        var all = diagnostics
        let saved = (interpreter.file, interpreter.declaredFunctions, interpreter.checkedNames)
        interpreter.file = source
        defer { (interpreter.file, interpreter.declaredFunctions, interpreter.checkedNames) = saved }
        declareFunctions(script.statements)
        var names = ScriptNames()
        // What the session already has counts as defined (checking beside a live world).
        names.defined.formUnion(interpreter.session.order)
        names.defined.formUnion(interpreter.session.globals.keys)
        names.items.formUnion(interpreter.session.order.filter { if case .item? = interpreter.session.entities[$0] { return true } else { return false } })
        collectNames(script.statements, into: &names)
        interpreter.checkedNames = names
        check(script.statements, into: &all)
        return all
    }

    /// Checks each statement, collecting one diagnostic per broken statement (a block's
    /// statements each count on their own).
    func check(_ statements: [Statement], into all: inout [Diagnostic]) {
        let file = interpreter.file
        for s in statements {
            do {
                try check(s, into: &all)
            } catch let e as RuntimeError {
                all.append(Diagnostic(.error, e.message, at: SourceLocation(file: file, range: e.range)))
            } catch let e as ScriptFailure {
                all.append(contentsOf: e.diagnostics)
            } catch {
                all.append(Diagnostic(.error, "\(error)", at: SourceLocation(file: file, range: s.range)))
            }
        }
    }

    func check(_ statement: Statement, into all: inout [Diagnostic]) throws {
        let interp = interpreter
        switch statement.kind {
        case .command(let keyword, let keywordRange, let arguments):
            let (parsed, _) = try Interpreter.prepare(keyword, keywordRange, arguments, in: interp.file)
            // `help TOPIC` names a topic, not a thing of the script.
            let names = interp.checkedNames
            if keyword == "help" { interp.checkedNames = nil }
            defer { interp.checkedNames = names }
            for a in parsed.all { try interp.checkConstant(a) }
        case .letBinding(let name, let nameRange, let value):
            try reserved(name, nameRange)
            try interp.checkExpression(value)
        case .set(let target, let value):
            if case .property(_, _, "region", _) = target {
                _ = try FieldRegionSyntax.region(value, interp, checking: true)
                return
            }
            try interp.checkExpression(value)
            switch target {
            case .variable: break
            case .property(let object, let objectRange, let name, let nameRange):
                try interp.checkNames(Expr(.property(object: object, objectRange: objectRange, name: name, nameRange: nameRange),
                                           objectRange.union(nameRange)))
                if interp.isSettingObject(object) {
                    let known = value.isClosed ? try interp.evaluate(value) : nil
                    _ = try Interpreter.setting(object, name, nameRange, known, value.range)
                }
            case .dynamicProperty(let object, _, _): try interp.checkExpression(object)
            }
        case .print(let e):
            try interp.checkExpression(e)
        case .assert(let condition, let message):
            try interp.checkExpression(condition)
            if let message { try interp.checkExpression(message) }
        case .forRange(let variable, let variableRange, let from, let to, _, let body):
            try reserved(variable, variableRange)
            try interp.checkExpression(from)
            try interp.checkExpression(to)
            check(body, into: &all)
        case .ifElse(let condition, let then, let otherwise):
            try interp.checkExpression(condition)
            check(then, into: &all)
            if let otherwise { check(otherwise, into: &all) }
        case .whileLoop(let condition, let body):
            try interp.checkExpression(condition)
            check(body, into: &all)
        case .everyStep(let name, let nameRange, _, _, let body):
            if let name, let nameRange { try reserved(name, nameRange) }
            check(body, into: &all)
        case .composite(let name, let nameRange, let body):
            try reserved(name, nameRange)
            check(body, into: &all)
        case .onContact(let a, let b, _, let name, let nameRange, let body):
            for party in [a, b] where party.bareName == nil {
                guard party.isString else { throw RuntimeError(message: "expected an item or boundary name", range: party.range) }
                try interp.checkExpression(party)
            }
            if let name, let nameRange { try reserved(name, nameRange) }
            check(body, into: &all)
        case .source(let pathExpr):
            try checkSource(pathExpr, into: &all)
        case .block(let body):
            check(body, into: &all)
        case .function(let name, let nameRange, let parameters, let parameterRanges, let body):
            try reserved(name, nameRange)
            for (p, r) in zip(parameters, parameterRanges) { try reserved(p, r) }
            if Builtins.functionNames.contains(name) {
                throw RuntimeError(message: "'\(name)' is a built-in function; choose another name", range: nameRange)
            }
            check(body, into: &all)
        case .returnValue(let value):
            if let value { try interp.checkExpression(value) }
        case .loopControl:
            break
        case .expression(let e):
            try interp.checkExpression(e)
        }
    }

    /// Records the functions the script defines (anywhere in it), so that calls of them check.
    func declareFunctions(_ statements: [Statement]) {
        for s in statements {
            switch s.kind {
            case .function(let name, _, let parameters, _, let body):
                interpreter.declaredFunctions[name] = parameters.count
                declareFunctions(body)
            case .forRange(_, _, _, _, _, let body), .whileLoop(_, let body), .everyStep(_, _, _, _, let body),
                 .onContact(_, _, _, _, _, let body), .composite(_, _, let body), .block(let body):
                declareFunctions(body)
            case .ifElse(_, let then, let otherwise):
                declareFunctions(then)
                declareFunctions(otherwise ?? [])
            default:
                break
            }
        }
    }

    func reserved(_ name: String, _ range: SourceRange) throws {
        if ReservedWords.isReserved(name) { throw RuntimeError(message: "'\(name)' is a reserved name", range: range) }
    }

    /// Checks the file a constant `source` names, as deep as running would go.
    func checkSource(_ pathExpr: Expr, into all: inout [Diagnostic]) throws {
        guard pathExpr.isClosed else { return try interpreter.checkExpression(pathExpr) }
        guard case .string(let path) = try interpreter.evaluate(pathExpr) else {
            throw RuntimeError(message: "source needs a file name", range: pathExpr.range)
        }
        if interpreter.sourceDepth >= Interpreter.maxSourceDepth {
            throw RuntimeError(message: "'source' is nested more than \(Interpreter.maxSourceDepth) deep (does a file source itself?)",
                               range: pathExpr.range)
        }
        let sourced: SourceFile
        do {
            sourced = try SourceFile.load(path, relativeTo: interpreter.file.directory)
        } catch {
            throw RuntimeError(message: "cannot source '\(path)': \(error.reason)", range: pathExpr.range)
        }
        interpreter.sourceDepth += 1
        defer { interpreter.sourceDepth -= 1 }
        all += check(sourced)
    }
}

extension Interpreter {
    /// Checks an expression without a world: a closed one is evaluated (its errors are real);
    /// otherwise its function calls are checked by name and count, and its parts in turn.
    func checkExpression(_ e: Expr) throws {
        if e.isClosed {
            _ = try evaluate(e)
            return
        }
        switch e.kind {
        case .number, .boolean: return
        case .name, .property: try checkNames(e)
        case .string(let parts):
            for case .interpolation(let inner) in parts { try checkExpression(inner) }
        case .dynamicProperty(let object, _, _): try checkExpression(object)
        case .call(let function, let functionRange, let arguments):
            if let n = declaredFunctions[function] ?? session.functions[function]?.parameters.count {
                if n != arguments.count {
                    throw RuntimeError(message: "\(function) takes \(n) argument\(n == 1 ? "" : "s"), got \(arguments.count)", range: e.range)
                }
            } else {
                try Builtins.check(function, functionRange, arguments.count, range: e.range)
            }
            for a in arguments { try checkExpression(a) }
        case .unary(_, let operand): try checkExpression(operand)
        case .binary(_, let l, let r, _):
            try checkExpression(l)
            try checkExpression(r)
        }
    }
}
