// The messages of engine errors, as the language shows them. The engine reports a bad number
// as its field, its value and what it must be (`EngineError.Requirement`); this renders the
// sentence, with the language's number format (DynSystem's formatNumber).

import Dynamics
import Foundation
import DynSystem

extension EngineError {
    /// Lower case, no trailing period: "density must be greater than 0 (got -1)".
    public var message: String {
        guard let requirement else { return detail }
        let name = field ?? "the value"
        let got = value.map { " (got \(formatNumber($0)))" } ?? ""
        switch requirement {
        case .finite: return "\(name) must be a finite number" + got
        case .positive: return "\(name) must be greater than 0" + got
        case .nonNegative: return "\(name) must not be negative" + got
        case .between(let lo, let hi): return "\(name) must be between \(EngineError.limit(lo)) and \(EngineError.limit(hi))" + got
        case .withinSpeedLimit(let v):
            return "\(name) must be between \(formatNumber(-v)) and \(formatNumber(v)) pt/s, the speed limit" + got
        case .atLeast(let lo): return "\(name) must be at least \(EngineError.limit(lo))" + got
        case .rangeLowEnd: return "the range must contain 0: its low end must not be greater than 0" + got
        case .rangeHighEnd: return "the range must contain 0: its high end must not be less than 0" + got
        }
    }

    /// A limit as a person reads it: a power of ten far from 1 as `1e12` or `1e-6`, anything
    /// else as `formatNumber` writes it.
    static func limit(_ x: Double) -> String {
        let m = Swift.abs(x)
        if m >= 1e6 || (m > 0 && m < 1e-3) {
            let e = Foundation.log10(m).rounded()
            if Foundation.pow(10, e) == m { return (x < 0 ? "-" : "") + "1e\(Int(e))" }
        }
        return formatNumber(x)
    }
}
