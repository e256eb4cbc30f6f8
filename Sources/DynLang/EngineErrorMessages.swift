// The messages of engine errors, as the language shows them. The engine reports a bad number
// as its field, its value and what it must be (`EngineError.Requirement`); this renders the
// sentence, with the language's number format (DynSystem's formatNumber).

import Dynamics
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
        case .between(let lo, let hi): return "\(name) must be between \(formatNumber(lo)) and \(formatNumber(hi))" + got
        case .rangeLowEnd: return "the range must contain 0: its low end must not be greater than 0" + got
        case .rangeHighEnd: return "the range must contain 0: its high end must not be less than 0" + got
        }
    }
}
