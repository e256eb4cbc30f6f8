// The engine's error messages as the language shows them.
//
// The engine depends on nothing above it, so it quotes the numbers of its messages with a
// formatter of its own ("density must be greater than 0 (got -1)"). The language shows every
// number with the program's one formatter, `formatNumber`: here the number the engine quoted is
// replaced by the language's spelling of it, or, where the language knows the value it passed
// (a `set`), by that value itself, so that a value the engine's spelling rounds away
// (`4e-07`) is shown as `print` would show it.

import Dynamics
import DynSystem

extension EngineError {
    /// The message, its quoted number spelled by `formatNumber`; `value`, when given, is the
    /// number the language passed for the field at fault.
    func text(value: Double? = nil) -> String {
        guard let open = message.range(of: "(got ", options: .backwards),
              let close = message[open.upperBound...].firstIndex(of: ")") else { return message }
        let quoted = String(message[open.upperBound..<close])
        let number: Double?
        if let value {
            number = value
        } else {
            number = Double(quoted) ?? (quoted == "inf" ? .infinity : quoted == "-inf" ? -.infinity : nil)
        }
        guard let number else { return message }
        return String(message[..<open.upperBound]) + formatNumber(number) + String(message[close...])
    }
}
