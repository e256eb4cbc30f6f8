// Ways to run scripts that the language's tests share (one place, not a copy per file).

import Dynamics
import Testing
@testable import DynLang

/// Runs `text` as a script (in `interpreter`, or a new one) and returns what it printed, or
/// the failure.
func run(_ text: String, in interpreter: Interpreter? = nil) -> (output: String, failure: ScriptFailure?) {
    var out = ""
    let interp = interpreter ?? Interpreter(write: { out += $0 })
    if interpreter != nil { interp.write = { out += $0 } }
    do {
        try interp.run(SourceFile(name: "t.dyn", text: text))
        return (out, nil)
    } catch {
        return (out, error)
    }
}

/// An interpreter kept across several scripts and prompt entries, with what they printed.
final class ScriptSession {
    let interp: Interpreter
    var output = ""

    init() {
        interp = Interpreter(write: { _ in })
        interp.write = { [unowned self] in self.output += $0 }
    }

    /// Runs `text`; returns the failure's rendering, or nil.
    @discardableResult
    func run(_ text: String) -> String? {
        do {
            try interp.run(SourceFile(name: "t.dyn", text: text))
            return nil
        } catch {
            return error.rendered
        }
    }

    /// Runs one prompt entry (taken back whole when it fails); returns the failure's rendering.
    @discardableResult
    func entry(_ text: String) -> String? {
        let (script, diagnostics) = Parser.parse(SourceFile(name: "<stdin>", text: text))
        do {
            try interp.runEntry(script, diagnostics: diagnostics)
            return nil
        } catch {
            return error.rendered
        }
    }

    /// The value of an expression.
    func value(_ text: String) throws -> Value {
        let e = try #require(Parser.parseExpression(SourceFile(name: "e", text: text)).expression)
        return try interp.evaluate(e)
    }

    /// The value of an expression, as a number.
    func number(_ text: String) throws -> Double {
        guard case .number(let d) = try value(text) else { throw CancellationError() }
        return d
    }

    /// The value of an expression as text.
    func text(_ expression: String) throws -> String { try value(expression).description }

    var hash: UInt64 { interp.session.world.stateHash() }

    /// How many behaviors the session names.
    var behaviorCount: Int {
        interp.session.order.filter { if case .behavior? = interp.session.entities[$0] { return true } else { return false } }.count
    }
}
