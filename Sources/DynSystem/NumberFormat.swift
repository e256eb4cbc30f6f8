// The one number formatter of the program: what `print` shows, what messages quote (the
// engine's error messages too: the language re-quotes their numbers with it, see
// DynLang/EngineMessages.swift), and what pictures label.

import Foundation

/// Formats a number as the language prints it.
///
/// Ordinary values print in plain decimal, at most 6 digits after the point, trailing zeros
/// and a trailing point dropped, never `-0`: `42`, `-0.5`, `0.333333`, `1000000`. A value that
/// form would hide or blow up (a magnitude below 0.001 other than 0, or of 1e15 and above)
/// prints in exponent form with 6 significant digits: `4e-07`, `1.5e+20`, `-1e-09`. So a
/// non-zero value never prints as `0`.
public func formatNumber(_ d: Double) -> String {
    if d.isNaN { return "nan" }
    if d.isInfinite { return d > 0 ? "inf" : "-inf" }
    if d == 0 { return "0" }
    let magnitude = abs(d)
    if magnitude < 1e-3 || magnitude >= 1e15 {
        // 6 significant digits, the mantissa's trailing zeros dropped, an exponent of two
        // digits at least (`1e-07`, `1.5e+20`), the same on every C library.
        let e = String(format: "%.5e", d)
        guard let split = e.firstIndex(of: "e") else { return e }
        var mantissa = String(e[..<split])
        if mantissa.contains(".") {
            while mantissa.hasSuffix("0") { mantissa.removeLast() }
            if mantissa.hasSuffix(".") { mantissa.removeLast() }
        }
        return mantissa + e[split...]
    }
    var s = String(format: "%.6f", d)
    if s.contains(".") {
        while s.hasSuffix("0") { s.removeLast() }
        if s.hasSuffix(".") { s.removeLast() }
    }
    if s == "-0" { s = "0" }
    return s
}
