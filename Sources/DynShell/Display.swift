// Where the program's output goes, told to the language so that pictures fit it: whether it
// is a terminal (live animation), whether colour is allowed (the shell's own rule), whether
// braille can be shown (not with TERM=dumb), and the terminal's size, asked afresh each time
// (the window may be resized between commands).

import DynLang
import DynLineEditor

extension DisplayHost {
    /// The display of this process's standard output.
    public static func current(environment: [String: String]) -> DisplayHost {
        var d = DisplayHost()
        d.isTerminal = Terminal.isOutputTerminal
        d.color = Terminal.useColor(environment: environment)
        d.unicode = environment["TERM"] != "dumb"
        d.size = { Terminal.windowSize(environment: environment) }
        return d
    }
}
