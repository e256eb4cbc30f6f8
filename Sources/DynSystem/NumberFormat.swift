// The one number formatter of the layers above the engine: what `print` shows, what messages
// quote, and what pictures label. (The engine formats the numbers of its own error messages
// itself, in Dynamics/EngineError.swift, because it depends on nothing of these layers.)

import Foundation

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
