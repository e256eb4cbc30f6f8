import DynamicsMath
import DynSystem

/// The built-in functions and constants of expressions.
///
/// Trigonometry uses the engine's deterministic functions (`DMath`), so that a script prints
/// the same digits on every platform.
enum Builtins {
    /// Name, number of arguments (nil: one or more), and what it computes.
    static let functions: [(name: String, arity: Int?, summary: String)] = [
        ("sin", 1, "sine of an angle in radians"),
        ("cos", 1, "cosine of an angle in radians"),
        ("tan", 1, "tangent of an angle in radians"),
        ("asin", 1, "arc sine, in radians"),
        ("acos", 1, "arc cosine, in radians"),
        ("atan", 1, "arc tangent, in radians"),
        ("atan2", 2, "angle of the vector (x, y): atan2(y, x), in radians"),
        ("sqrt", 1, "square root"),
        ("abs", 1, "absolute value"),
        ("min", nil, "smallest argument"),
        ("max", nil, "largest argument"),
        ("floor", 1, "largest whole number not above"),
        ("ceil", 1, "smallest whole number not below"),
        ("round", 1, "nearest whole number (halves away from zero)"),
        ("hypot", 2, "length of the vector (x, y)"),
    ]

    static let functionNames: [String] = functions.map(\.name)

    /// Named constants: `pi`, `inf` (infinity: no limit, for an attachment's range; a command
    /// argument or a property that needs a finite number refuses it), and `yes`/`no` for
    /// boolean properties.
    static func constant(_ name: String) -> Value? {
        switch name {
        case "pi": return .number(DMath.pi)
        case "inf": return .number(.infinity)
        case "yes": return .boolean(true)
        case "no": return .boolean(false)
        default: return nil
        }
    }

    static func isConstant(_ name: String) -> Bool { constant(name) != nil }

    /// Checks a call's function name and argument count.
    static func check(_ name: String, _ nameRange: SourceRange, _ count: Int, range: SourceRange) throws {
        guard let f = functions.first(where: { $0.name == name }) else {
            throw RuntimeError(message: "unknown function '\(name)'" + Suggest.hint(for: name, in: functionNames), range: nameRange)
        }
        if let arity = f.arity, arity != count {
            throw RuntimeError(message: "\(name) takes \(arity) argument\(arity == 1 ? "" : "s"), got \(count)", range: range)
        }
        if f.arity == nil && count == 0 {
            throw RuntimeError(message: "\(name) takes at least one argument", range: range)
        }
    }

    /// Calls a function on evaluated arguments.
    static func call(_ name: String, _ nameRange: SourceRange, _ a: [Double], range: SourceRange) throws -> Double {
        try check(name, nameRange, a.count, range: range)
        func domain(_ ok: Bool, _ what: String) throws {
            if !ok { throw RuntimeError(message: "\(name) is undefined for \(what)", range: range) }
        }
        switch name {
        case "sin": return DMath.sin(a[0])
        case "cos": return DMath.cos(a[0])
        case "tan": return DMath.tan(a[0])
        case "asin":
            try domain(abs(a[0]) <= 1, "\(formatNumber(a[0])) (it needs -1 to 1)")
            return DMath.asin(a[0])
        case "acos":
            try domain(abs(a[0]) <= 1, "\(formatNumber(a[0])) (it needs -1 to 1)")
            return DMath.acos(a[0])
        case "atan": return DMath.atan(a[0])
        case "atan2": return DMath.atan2(a[0], a[1])
        case "sqrt":
            try domain(a[0] >= 0, "a negative number (\(formatNumber(a[0])))")
            return a[0].squareRoot()
        case "abs": return abs(a[0])
        case "min": return a.min()!
        case "max": return a.max()!
        case "floor": return a[0].rounded(.down)
        case "ceil": return a[0].rounded(.up)
        case "round": return a[0].rounded(.toNearestOrAwayFromZero)
        case "hypot": return (a[0] * a[0] + a[1] * a[1]).squareRoot()
        default:
            throw RuntimeError(message: "unknown function '\(name)'", range: nameRange)
        }
    }
}
