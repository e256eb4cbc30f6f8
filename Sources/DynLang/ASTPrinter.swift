// The canonical text of a syntax tree.
//
// Every binary and unary expression is fully parenthesised (`((-a) + (b * c))`), one statement
// is printed per line, blocks are indented by four spaces, and an `else` block that holds only
// an `if` prints as `else if`. The output is dyn source again: parsing it gives the same tree.
// Tests compare parses through it; tools may use it to show what a line means.

/// Prints syntax trees as canonical dyn text.
public enum ASTPrinter {
    /// The statements of a script, one per line (nested blocks indented), each line ending in a newline.
    public static func print(_ script: Script) -> String {
        print(script.statements)
    }

    /// Statements, one per line, each line ending in a newline.
    public static func print(_ statements: [Statement]) -> String {
        var out = ""
        for statement in statements { write(statement, indent: "", to: &out) }
        return out
    }

    /// One expression, binary and unary operations in parentheses.
    public static func print(_ expr: Expr) -> String {
        switch expr.kind {
        case .number(let value, let unit):
            switch unit {
            case .none: return format(value)
            case .seconds: return format(value) + "s"
            case .degrees: return format((value * 180 / Double.pi * 1e9).rounded() / 1e9) + "deg"
            }
        case .string(let parts):
            return quote(parts)
        case .boolean(let b):
            return b ? "true" : "false"
        case .name(let name):
            return name
        case .dynamicProperty(let object, let name, _):
            return print(object) + "." + name
        case .property(let object, _, let name, _):
            return "\(object).\(name)"
        case .call(let function, _, let arguments):
            return "\(function)(\(arguments.map { print($0) }.joined(separator: ", ")))"
        case .unary(.negate, let operand):
            return "(-\(print(operand)))"
        case .unary(.not, let operand):
            return "(not \(print(operand)))"
        case .binary(let op, let left, let right, _):
            return "(\(print(left)) \(op.rawValue) \(print(right)))"
        }
    }

    /// A number in plain decimal when it is a whole number, else in Swift's shortest form.
    static func format(_ value: Double) -> String {
        if value == value.rounded(), Swift.abs(value) < 1e15 {
            return String(Int64(value))
        }
        return "\(value)"
    }

    /// A string literal with its escapes and interpolations.
    static func quote(_ parts: [StringPart]) -> String {
        var out = "\""
        for part in parts {
            switch part {
            case .text(let text):
                for c in text.unicodeScalars {
                    switch c {
                    case "\"": out += "\\\""
                    case "\\": out += "\\\\"
                    case "\n": out += "\\n"
                    case "\t": out += "\\t"
                    case "{": out += "\\{"
                    case "}": out += "\\}"
                    default: out.unicodeScalars.append(c)
                    }
                }
            case .interpolation(let expr):
                out += "{\(print(expr))}"
            }
        }
        return out + "\""
    }

    private static func write(_ statement: Statement, indent: String, to out: inout String) {
        out += indent
        switch statement.kind {
        case .command(let keyword, _, let arguments):
            out += ([keyword] + arguments.map { print($0) }).joined(separator: " ") + "\n"
        case .letBinding(let name, _, let value):
            out += "let \(name) = \(print(value))\n"
        case .set(let target, let value):
            switch target {
            case .property(let object, _, let name, _): out += "set \(object).\(name) \(print(value))\n"
            case .dynamicProperty(let object, let name, _): out += "set \(print(object)).\(name) \(print(value))\n"
            case .variable(let name, _): out += "set \(name) \(print(value))\n"
            }
        case .print(let value):
            out += "print \(print(value))\n"
        case .assert(let condition, let message):
            out += "assert \(print(condition))" + (message.map { ", \(print($0))" } ?? "") + "\n"
        case .forRange(let variable, _, let from, let to, let closed, let body):
            out += "for \(variable) in \(print(from))\(closed ? "..." : "..<")\(print(to)) "
            writeBlock(body, indent: indent, to: &out)
        case .ifElse(let condition, let then, let otherwise):
            out += "if \(print(condition)) "
            writeBlock(then, indent: indent, newline: otherwise == nil, to: &out)
            var rest = otherwise
            while let block = rest {
                if block.count == 1, case .ifElse(let c, let t, let o) = block[0].kind {
                    out += " else if \(print(c)) "
                    writeBlock(t, indent: indent, newline: o == nil, to: &out)
                    rest = o
                } else {
                    out += " else "
                    writeBlock(block, indent: indent, to: &out)
                    rest = nil
                }
            }
        case .whileLoop(let condition, let body):
            out += "while \(print(condition)) "
            writeBlock(body, indent: indent, to: &out)
        case .everyStep(let name, _, let owner, _, let body):
            out += "every step " + (owner.map { "of \($0) " } ?? "") + (name.map { "as \($0) " } ?? "")
            writeBlock(body, indent: indent, to: &out)
        case .composite(let name, _, let body):
            out += "behavior \(name) "
            writeBlock(body, indent: indent, to: &out)
        case .onContact(let a, let b, let ended, let name, _, let body):
            out += "on contact " + (ended ? "end " : "") + "\(print(a)) \(print(b)) " + (name.map { "as \($0) " } ?? "")
            writeBlock(body, indent: indent, to: &out)
        case .source(let file):
            out += "source \(print(file))\n"
        case .block(let body):
            writeBlock(body, indent: indent, to: &out)
        case .function(let name, _, let parameters, _, let body):
            out += "fn \(name)(\(parameters.joined(separator: ", "))) "
            writeBlock(body, indent: indent, to: &out)
        case .returnValue(let value):
            out += "return" + (value.map { " " + print($0) } ?? "") + "\n"
        case .loopControl(let isBreak):
            out += (isBreak ? "break" : "continue") + "\n"
        case .expression(let e):
            out += print(e) + "\n"
        }
    }

    /// `{`, the statements indented one level more, then `}` at `indent`.
    private static func writeBlock(_ body: [Statement], indent: String, newline: Bool = true, to out: inout String) {
        out += "{\n"
        for statement in body { write(statement, indent: indent + "    ", to: &out) }
        out += indent + "}" + (newline ? "\n" : "")
    }
}
