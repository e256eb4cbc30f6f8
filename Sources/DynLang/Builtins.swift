import DynamicsMath
import DynSystem
import Foundation

/// The built-in functions and constants of expressions.
///
/// Trigonometry uses the engine's deterministic functions (`DMath`), so that a script prints
/// the same digits on every platform.
enum Builtins {
    /// Name, numbers of arguments it takes (nil: one or more), and what it computes.
    static let functions: [(name: String, arity: ClosedRange<Int>?, summary: String)] = [
        ("sin", 1...1, "sine of an angle in radians"),
        ("cos", 1...1, "cosine of an angle in radians"),
        ("tan", 1...1, "tangent of an angle in radians"),
        ("asin", 1...1, "arc sine, in radians"),
        ("acos", 1...1, "arc cosine, in radians"),
        ("atan", 1...1, "arc tangent, in radians"),
        ("atan2", 2...2, "angle of the vector (x, y): atan2(y, x), in radians"),
        ("sqrt", 1...1, "square root"),
        ("abs", 1...1, "absolute value"),
        ("min", nil, "smallest argument"),
        ("max", nil, "largest argument"),
        ("floor", 1...1, "largest whole number not above"),
        ("ceil", 1...1, "smallest whole number not below"),
        ("round", 1...2, "nearest whole number (halves away from zero); round(x, n): to n digits after the point"),
        ("hypot", 2...2, "length of the vector (x, y)"),
        ("exp", 1...1, "e to the power x"),
        ("log", 1...2, "natural logarithm; log(x, b): logarithm to the base b"),
        ("pow", 2...2, "pow(x, y): x to the power y (also x ^ y)"),
        ("sinh", 1...1, "hyperbolic sine"),
        ("cosh", 1...1, "hyperbolic cosine"),
        ("tanh", 1...1, "hyperbolic tangent"),
        ("sign", 1...1, "-1, 0 or 1, the sign of x"),
        ("clamp", 3...3, "clamp(x, lo, hi): x limited to lo...hi"),
        ("near", 3...3, "near(a, b, t): true when a and b differ by at most t (also a ≈ b within t)"),
    ]

    /// How many arguments a function takes, as help says it.
    static func aritySpelling(_ arity: ClosedRange<Int>?) -> String {
        guard let arity else { return "1 or more" }
        if arity.count == 1 { return "\(arity.lowerBound)" }
        return "\(arity.lowerBound) or \(arity.upperBound)"
    }

    static let functionNames: [String] = functions.map(\.name)

    /// Named constants: `pi`, `e`, `inf` (infinity: no limit, for an attachment's range; a
    /// command argument or a property that needs a finite number refuses it), and `yes`/`no`
    /// for boolean properties. (`e` is not reserved: a variable or an item named `e` hides it.)
    static func constant(_ name: String) -> Value? {
        switch name {
        case "pi": return .number(DMath.pi)
        case "e": return .number(2.718281828459045)
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
        if let arity = f.arity, !arity.contains(count) {
            let n = aritySpelling(arity)
            throw RuntimeError(message: "\(name) takes \(n) argument\(n == "1" ? "" : "s"), got \(count)", range: range)
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
        case "round":
            guard a.count == 2 else { return a[0].rounded(.toNearestOrAwayFromZero) }
            try domain(a[1] == a[1].rounded() && abs(a[1]) <= 15, "\(formatNumber(a[1])) digits (it needs a whole number from -15 to 15)")
            // Scaled by an exact power of ten; a negative count rounds to tens, hundreds, ...
            let scale = pow10(Int(abs(a[1])))
            return a[1] >= 0 ? (a[0] * scale).rounded(.toNearestOrAwayFromZero) / scale
                             : (a[0] / scale).rounded(.toNearestOrAwayFromZero) * scale
        case "hypot": return (a[0] * a[0] + a[1] * a[1]).squareRoot()
        case "exp": return Foundation.exp(a[0])
        case "log":
            try domain(a[0] > 0, "\(formatNumber(a[0])) (it needs a number greater than 0)")
            guard a.count == 2 else { return Foundation.log(a[0]) }
            try domain(a[1] > 0 && a[1] != 1, "the base \(formatNumber(a[1])) (it needs a base greater than 0, not 1)")
            return Foundation.log(a[0]) / Foundation.log(a[1])
        case "pow": return try power(a[0], a[1], range, range: range)
        case "sinh": return Foundation.sinh(a[0])
        case "cosh": return Foundation.cosh(a[0])
        case "tanh": return Foundation.tanh(a[0])
        case "sign": return a[0] > 0 ? 1 : a[0] < 0 ? -1 : 0
        case "clamp":
            try domain(a[1] <= a[2], "the range \(formatNumber(a[1]))...\(formatNumber(a[2])) (its low end is above its high end)")
            return Swift.min(Swift.max(a[0], a[1]), a[2])
        default:
            throw RuntimeError(message: "unknown function '\(name)'", range: nameRange)
        }
    }
}

extension Builtins {
    /// 10^n for 0 ≤ n ≤ 15, exactly.
    static func pow10(_ n: Int) -> Double {
        var p = 1.0
        for _ in 0..<n { p *= 10 }
        return p
    }

    /// `a ^ b` and `pow(a, b)`: refused where the result is not a real number.
    static func power(_ a: Double, _ b: Double, _ opRange: SourceRange, range: SourceRange) throws -> Double {
        if a < 0 && b != b.rounded() {
            throw RuntimeError(message: "a negative number (\(formatNumber(a))) to a fractional power (\(formatNumber(b))) is not a real number", range: range)
        }
        if a == 0 && b < 0 {
            throw RuntimeError(message: "0 to a negative power is a division by zero", range: opRange)
        }
        let r = Foundation.pow(a, b)
        if !r.isFinite { throw RuntimeError(message: "the result is not a finite number (infinite)", range: range) }
        return r
    }
}
