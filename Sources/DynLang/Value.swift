import Foundation

/// A value of the language: a number, a string or a boolean.
public enum Value: Equatable, Sendable, CustomStringConvertible {
    case number(Double)
    case string(String)
    case boolean(Bool)

    /// What `print` shows: numbers as `formatNumber`, strings as their text, booleans as
    /// `true`/`false`.
    public var description: String {
        switch self {
        case .number(let d): return formatNumber(d)
        case .string(let s): return s
        case .boolean(let b): return b ? "true" : "false"
        }
    }

    /// The name of the value's type, for messages: "a number", "a string", "true or false".
    var typeDescription: String {
        switch self {
        case .number: return "a number"
        case .string: return "a string"
        case .boolean: return "true or false"
        }
    }
}

/// Formats a number as the language prints it: plain decimal, at most 6 digits after the
/// point, trailing zeros and a trailing point dropped, never `-0`.
///
/// `42`, `-0.5`, `0.333333`, `1000000`; `-0.0000001` prints `0`.
public func formatNumber(_ d: Double) -> String {
    if d.isNaN { return "nan" }
    if d.isInfinite { return d > 0 ? "inf" : "-inf" }
    var s = String(format: "%.6f", d)
    if s.contains(".") {
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
    }
    if s == "-0" { s = "0" }
    return s
}
