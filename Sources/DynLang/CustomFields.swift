// Custom fields: the force a script writes as two expressions, and the engine's
// `CustomFieldEvaluator` that computes it in every sub-step.
//
// In the expressions, `x y` are the item's centre relative to the field's position (pt),
// `vx vy` its velocity (pt/s), `mass`, `charge`, and `time` the fields' clock (s); these names
// hide variables of the same names. A variable local to the block that made the field is
// fixed at its value then; a global variable and a property (`ball.x`) are read each time
// the field acts (a property as it was at the start of the frame). The expressions are
// compiled once, when the field is made, into postfix code run on a small stack: no tree walk
// and no allocation per item. Anything that would be an error in an expression (a division
// by zero, `sqrt` of a negative number, a force that is not finite) stops the step with that
// error, naming the field and the item.

import Dynamics
import DynamicsMath
import DynSystem

/// One of a custom field's two force expressions, compiled.
struct ForceExpression: Sendable {
    enum Op: Sendable {
        case constant(Double)
        /// One of `ForceExpression.inputs`.
        case input(Int)
        /// A global variable, read when the field acts.
        case variable(String, SourceRange)
        /// A global variable that was no longer a number when its value was taken for a frame
        /// (`resolvingVariables`): an error if evaluated.
        case notANumber(String, SourceRange)
        /// A property, read when the field acts.
        case property(Expr)
        case call(String, SourceRange, arity: Int, SourceRange)
        case negate
        case binary(BinaryOperator, SourceRange, SourceRange)
    }

    /// The names an expression reads from the item, in the order of `inputs(of:)`.
    static let inputs = ["x", "y", "vx", "vy", "mass", "charge", "time"]

    var code: [Op] = []
    /// The expression as written (in parentheses when it has spaces), for `print`.
    var text: String
    /// The deepest the stack gets.
    var depth = 0

    init(_ e: Expr, _ interp: Interpreter) throws {
        let written = interp.file.text(e.range)
        text = written.contains(" ") && !(written.hasPrefix("(") && written.hasSuffix(")")) ? "(" + written + ")" : written
        var height = 0
        try compile(e, interp, &height)
    }

    private mutating func emit(_ op: Op, _ height: inout Int, _ change: Int) {
        code.append(op)
        height += change
        depth = max(depth, height)
    }

    private mutating func compile(_ e: Expr, _ interp: Interpreter, _ height: inout Int) throws {
        func fail(_ message: String) -> RuntimeError { RuntimeError(message: message, range: e.range) }
        switch e.kind {
        case .number(let d, _):
            emit(.constant(d), &height, 1)
        case .string, .boolean:
            throw fail("a force is a number; this is \(e.isString ? "a string" : "true or false")")
        case .name(let n):
            if let i = ForceExpression.inputs.firstIndex(of: n) { return emit(.input(i), &height, 1) }
            if let local = interp.scopes.reversed().lazy.compactMap({ $0[n] }).first {
                guard case .number(let d) = local else { throw fail("'\(n)' is \(local.typeDescription), not a number") }
                return emit(.constant(d), &height, 1)
            }
            if let g = interp.session.globals[n] {
                guard case .number = g else { throw fail("'\(n)' is \(g.typeDescription), not a number") }
                return emit(.variable(n, e.range), &height, 1)
            }
            if case .number(let d)? = Builtins.constant(n) { return emit(.constant(d), &height, 1) }
            throw fail("unknown name '\(n)'; a force reads \(ForceExpression.inputs.joined(separator: " ")), variables and properties"
                + Suggest.hint(for: n, in: ForceExpression.inputs + interp.visibleVariableNames()))
        case .property, .dynamicProperty:
            let v = try interp.evaluate(e)
            guard case .number = v else { throw fail("a force is a number; \(interp.file.text(e.range)) is \(v.typeDescription)") }
            emit(.property(e), &height, 1)
        case .call(let function, let functionRange, let arguments):
            try Builtins.check(function, functionRange, arguments.count, range: e.range)
            for a in arguments { try compile(a, interp, &height) }
            emit(.call(function, functionRange, arity: arguments.count, e.range), &height, 1 - arguments.count)
        case .unary(let op, let operand):
            guard op == .negate else { throw fail("a force is a number; 'not' makes true or false") }
            try compile(operand, interp, &height)
            emit(.negate, &height, 0)
        case .binary(let op, let l, let r, let opRange):
            switch op {
            case .add, .subtract, .multiply, .divide, .remainder: break
            default: throw fail("a force is a number; '\(op.rawValue)' makes true or false")
            }
            try compile(l, interp, &height)
            try compile(r, interp, &height)
            emit(.binary(op, opRange, e.range), &height, -1)
        }
    }

    /// Whether the code reads a property (which needs the world as it was at the frame's start).
    var readsProperties: Bool {
        code.contains { if case .property = $0 { true } else { false } }
    }

    /// The code with each global variable's value of now in place of its read: no script runs
    /// during a step, so the values hold for a whole frame, and the code then reads nothing of
    /// the session while the world steps.
    func resolvingVariables(_ interp: Interpreter) -> ForceExpression {
        var resolved = self
        resolved.code = code.map { op in
            guard case .variable(let n, let range) = op else { return op }
            if case .number(let d)? = interp.session.globals[n] { return .constant(d) }
            return .notANumber(n, range)
        }
        return resolved
    }

    /// Runs the code on `stack` (cleared first) with the item's `inputs`; `args` is scratch
    /// for function arguments (both keep their capacity, so a warm run allocates nothing).
    func evaluate(_ inputs: UnsafeBufferPointer<Double>, _ stack: inout [Double], _ args: inout [Double],
                  _ interp: Interpreter) throws -> Double {
        stack.removeAll(keepingCapacity: true)
        for op in code {
            switch op {
            case .constant(let d): stack.append(d)
            case .input(let i): stack.append(inputs[i])
            case .variable(let n, let range):
                guard case .number(let d)? = interp.session.globals[n] else {
                    throw RuntimeError(message: "'\(n)' is no longer a number", range: range)
                }
                stack.append(d)
            case .notANumber(let n, let range):
                throw RuntimeError(message: "'\(n)' is no longer a number", range: range)
            case .property(let e):
                guard case .number(let d) = try interp.evaluate(e) else {
                    throw RuntimeError(message: "a force is a number", range: e.range)
                }
                stack.append(d)
            case .call(let name, let nameRange, let arity, let range):
                args.removeAll(keepingCapacity: true)
                args.append(contentsOf: stack[(stack.count - arity)...])
                stack.removeLast(arity)
                stack.append(try interp.finite(try Builtins.call(name, nameRange, args, range: range), range))
            case .negate:
                stack[stack.count - 1] = -stack[stack.count - 1]
            case .binary(let op, let opRange, let range):
                let b = stack.removeLast()
                let a = stack.removeLast()
                let v: Double
                switch op {
                case .add: v = a + b
                case .subtract: v = a - b
                case .multiply: v = a * b
                case .divide:
                    if b == 0 { throw RuntimeError(message: "division by zero", range: opRange) }
                    v = a / b
                default:
                    if b == 0 { throw RuntimeError(message: "remainder of a division by zero", range: opRange) }
                    v = a.truncatingRemainder(dividingBy: b)
                }
                stack.append(try interp.finite(v, range))
            }
        }
        return stack[0]
    }
}

/// A custom field's force: its two expressions and where they were written.
struct FieldForce: Sendable {
    var field: BehaviorID
    var fx: ForceExpression
    var fy: ForceExpression
    var file: SourceFile
}

/// The engine's custom-field evaluator for one frame: runs the force expressions. Keeps the
/// first error, which the interpreter throws once the frame is done (`failure`); the forces
/// after it are zero.
struct LanguageFieldEvaluator: CustomFieldEvaluator {
    let interp: Interpreter
    let forces: [FieldForce]
    var stack: [Double] = []
    var args: [Double] = []
    var inputs = [Double](repeating: 0, count: ForceExpression.inputs.count)
    /// The first error, with the field and the item it was computed for.
    var caught: (error: any Error, force: FieldForce, item: ItemID)?

    /// `resolved`: the variables' values taken now (`resolvingVariables`), for a step of the
    /// session's world in place, during which the session must not be read.
    init(_ interp: Interpreter, resolved: Bool) {
        self.interp = interp
        forces = resolved
            ? interp.session.fieldForces.map {
                FieldForce(field: $0.field, fx: $0.fx.resolvingVariables(interp), fy: $0.fy.resolvingVariables(interp), file: $0.file)
            }
            : interp.session.fieldForces
        stack.reserveCapacity(forces.map { max($0.fx.depth, $0.fy.depth) }.max() ?? 0)
    }

    mutating func force(of field: BehaviorID, on item: ItemID, _ s: FieldSample) -> Vec2 {
        guard caught == nil, let f = forces.first(where: { $0.field == field }) else { return .zero }
        inputs[0] = s.relativePosition.x
        inputs[1] = s.relativePosition.y
        inputs[2] = s.velocity.x
        inputs[3] = s.velocity.y
        inputs[4] = s.mass
        inputs[5] = s.charge
        inputs[6] = s.time
        do {
            let (fx, fy) = try inputs.withUnsafeBufferPointer { p in
                (try f.fx.evaluate(p, &stack, &args, interp), try f.fy.evaluate(p, &stack, &args, interp))
            }
            return Vec2(fx, fy)
        } catch {
            caught = (error, f, item)
        }
        return .zero
    }

    /// The first error as the interpreter reports it, naming the field and the item (read
    /// from the session: after the step).
    var failure: ScriptFailure? {
        guard let (error, f, item) = caught else { return nil }
        guard let e = error as? RuntimeError else { return Interpreter.failure(error, in: f.file) }
        let fieldName = interp.session.names[.behavior(f.field)] ?? "?"
        let message = e.message + " (in the force of field '\(fieldName)' on '\(interp.itemName(item))')"
        return .error(Diagnostic(.error, message, at: SourceLocation(file: f.file, range: e.range)))
    }
}

extension Interpreter {
    /// Steps the world one frame, with the custom fields' forces when it has any. Their
    /// expressions read the world as it was at the start of the frame. An error in one is
    /// thrown after the frame, which is taken with that field's force and every later one zero
    /// (a failed entry at the prompt is undone whole; a script stops).
    func stepWorld() throws -> Bool {
        if session.fieldForces.isEmpty || !session.world.hasCustomFields { return session.world.step() }
        let stepped: Bool
        let failure: ScriptFailure?
        if session.fieldForces.contains(where: { $0.fx.readsProperties || $0.fy.readsProperties }) {
            // A property is read from the session's world, which must stay at the frame's
            // start: a copy is stepped (each table the step changes is copied once).
            var evaluator = LanguageFieldEvaluator(self, resolved: false)
            var world = session.world
            stepped = world.step(customFields: &evaluator)
            session.world = world
            failure = evaluator.failure
        } else {
            // Nothing of the session is read during the step: the world steps in place.
            var evaluator = LanguageFieldEvaluator(self, resolved: true)
            stepped = session.world.step(customFields: &evaluator)
            failure = evaluator.failure
        }
        if let failure { throw failure }
        return stepped
    }
}
