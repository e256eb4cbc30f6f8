import DynSystem

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
