// The one error type of the engine's public API.
//
// Every mutating call validates its input first and throws before changing anything, so a
// failed call leaves the world as it was. `field` names the definition field or property at
// fault so that the language can point its caret at that argument.

import DynamicsMath

/// An error from a world call: bad value, bad shape, stale handle or a forbidden operation.
public struct EngineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong, broadly.
    public enum Kind: Sendable {
        /// A number out of range, NaN or infinite.
        case invalidValue
        /// A path that is not a valid convex polygon.
        case invalidShape
        /// An item handle that names no live item.
        case unknownItem
        /// A behavior handle that names no live behavior.
        case unknownBehavior
        /// The operation is not allowed on that object (e.g. moving a group member on its own).
        case notAllowed
    }

    public var kind: Kind
    /// The definition field or property at fault ("width", "density", "path", "vx", ...), if any.
    public var field: String?
    /// Lower case, no trailing period, naming the value: "density must be greater than 0 (got -1)".
    public var message: String

    public init(_ kind: Kind, field: String?, _ message: String) {
        self.kind = kind
        self.field = field
        self.message = message
    }

    public var description: String { message }
}

/// Formats a number for an error message: at most 6 decimals, no trailing zeros.
func formatNumber(_ x: Real) -> String {
    if x.isNaN { return "nan" }
    if x.isInfinite { return x > 0 ? "inf" : "-inf" }
    if x != 0 && abs(x) < 1e-4 { return String(x) }  // 1e-310 must not read as 0
    let r = (x * 1e6).rounded() / 1e6
    if abs(r) < 1e15 && r == r.rounded() {
        let i = Int(r)
        return String(i)
    }
    return abs(x) >= 1e15 ? String(x) : String(r)
}

extension EngineError {
    static func notFinite(_ field: String, _ value: Real) -> EngineError {
        EngineError(.invalidValue, field: field, "\(field) must be a finite number (got \(formatNumber(value)))")
    }
    static func mustBePositive(_ field: String, _ value: Real) -> EngineError {
        EngineError(.invalidValue, field: field, "\(field) must be greater than 0 (got \(formatNumber(value)))")
    }
    static func mustBeNonNegative(_ field: String, _ value: Real) -> EngineError {
        EngineError(.invalidValue, field: field, "\(field) must not be negative (got \(formatNumber(value)))")
    }
    static let unknownItem = EngineError(.unknownItem, field: nil, "unknown or removed item")
    static let unknownBehavior = EngineError(.unknownBehavior, field: nil, "unknown or removed behavior")
}
