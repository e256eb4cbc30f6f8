// The one error type of the engine's public API.
//
// Every mutating call validates its input first and throws before changing anything, so a
// failed call leaves the world as it was. `field` names the definition field or property at
// fault so that the language can point its caret at that argument.
//
// A bad number carries its value and what it must be (`requirement`), not a sentence: the
// language renders the message (DynLang/EngineErrorMessages.swift), with its own number
// format. Other failures carry a short fixed sentence (`detail`) that has no number to format.

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

    /// What a number must be.
    public enum Requirement: Equatable, Sendable {
        /// A finite number (not NaN, not infinite).
        case finite
        /// Greater than 0.
        case positive
        /// 0 or more.
        case nonNegative
        /// Within lo...hi.
        case between(Real, Real)
        /// The low end of a range that must contain 0: not greater than 0.
        case rangeLowEnd
        /// The high end of a range that must contain 0: not less than 0.
        case rangeHighEnd
    }

    public var kind: Kind
    /// The definition field or property at fault ("width", "density", "path", "vx", ...), if any.
    public var field: String?
    /// The number at fault, if the error is about a number's value.
    public var value: Real?
    /// What `value` must be; nil for errors that are not about a number's value.
    public var requirement: Requirement?
    /// Lower case, no trailing period, no number to format: "the item is a member of a
    /// group; use the group instead". Empty when `requirement` says what went wrong.
    public var detail: String

    /// An error told by a sentence.
    public init(_ kind: Kind, field: String?, _ detail: String) {
        self.kind = kind
        self.field = field
        self.detail = detail
    }

    /// A number that is not what it must be.
    public init(_ kind: Kind = .invalidValue, field: String, value: Real, requirement: Requirement) {
        self.kind = kind
        self.field = field
        self.value = value
        self.requirement = requirement
        self.detail = ""
    }

    /// For debugging; the language renders the messages users see.
    public var description: String {
        guard let requirement else { return detail }
        return "\(field ?? "value") \(requirement) (got \(value.map { "\($0)" } ?? "?"))"
    }
}

extension EngineError {
    static func notFinite(_ field: String, _ value: Real) -> EngineError {
        EngineError(field: field, value: value, requirement: .finite)
    }
    static func mustBePositive(_ field: String, _ value: Real) -> EngineError {
        EngineError(field: field, value: value, requirement: .positive)
    }
    static func mustBeNonNegative(_ field: String, _ value: Real) -> EngineError {
        EngineError(field: field, value: value, requirement: .nonNegative)
    }
    static let unknownItem = EngineError(.unknownItem, field: nil, "unknown or removed item")
    static let unknownBehavior = EngineError(.unknownBehavior, field: nil, "unknown or removed behavior")
}
