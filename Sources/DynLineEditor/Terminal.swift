// Terminal.swift: facts about the process's terminal, and the locale libedit needs.

import DynSystem

/// Questions about the controlling terminal that decide how the shell reads and writes.
///
/// The shell uses ``LineEditor`` only when ``isInteractive`` is true; otherwise it reads
/// plain lines and flushes stdout after each command (libedit misbehaves when stdin or stdout
/// is not a terminal, even though it turns editing off by itself).
public enum Terminal {
    /// Whether both standard input and standard output are terminals: `isatty(0) && isatty(1)`.
    public static var isInteractive: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    /// Whether standard output is a terminal.
    public static var isOutputTerminal: Bool {
        isatty(STDOUT_FILENO) == 1
    }

    /// The size of the terminal standard output goes to, in character cells, or nil when it is
    /// not a terminal (or says nothing). `COLUMNS` and `LINES`, when set, win, as in most tools.
    public static func windowSize(environment: [String: String]) -> (columns: Int, rows: Int)? {
        var size = winsize()
        let asked = withUnsafeMutablePointer(to: &size) { ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), $0) }
        var columns = asked == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
        var rows = asked == 0 && size.ws_row > 0 ? Int(size.ws_row) : nil
        if let c = environment["COLUMNS"].flatMap(Int.init), c > 0 { columns = c }
        if let r = environment["LINES"].flatMap(Int.init), r > 0 { rows = r }
        guard let columns else { return nil }
        return (columns, rows ?? 24)
    }

    /// Adopts the user's character type locale, falling back to `C.UTF-8` when it is not UTF-8.
    ///
    /// Without a UTF-8 `LC_CTYPE`, libedit silently drops every non-ASCII byte typed at the
    /// prompt (so `é` vanishes). This calls `setlocale(LC_CTYPE, "")` and, if the resulting
    /// codeset is not UTF-8 (`LANG` unset, `LC_ALL=C`, a Latin-1 locale), switches `LC_CTYPE`
    /// to `C.UTF-8` (then `en_US.UTF-8`). Only `LC_CTYPE` changes: number formatting
    /// (`LC_NUMERIC`) stays "C", so printing `1.5` never becomes `1,5`.
    ///
    /// Idempotent; ``LineEditor/init(programName:history:)`` calls it.
    public static func prepareLocale() {
        _ = setlocale(LC_CTYPE, "")
        if isUTF8Codeset { return }
        for fallback in ["C.UTF-8", "C.utf8", "en_US.UTF-8"] where setlocale(LC_CTYPE, fallback) != nil {
            if isUTF8Codeset { return }
        }
    }

    /// Whether the current `LC_CTYPE` codeset is UTF-8 (`nl_langinfo(CODESET)`).
    public static var isUTF8Codeset: Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }

    /// Whether the shell should colour its output: stdout is a terminal and `NO_COLOR` is
    /// unset or empty (https://no-color.org), and `TERM` is not `dumb`.
    ///
    /// - Parameter environment: the process environment (pass `ProcessInfo` or a test value).
    public static func useColor(environment: [String: String]) -> Bool {
        useColor(environment: environment, outputIsTerminal: isOutputTerminal)
    }

    /// The rule behind ``useColor(environment:)``, with the terminal test made explicit so
    /// that it can be tested.
    ///
    /// - Parameters:
    ///   - environment: the process environment.
    ///   - outputIsTerminal: whether standard output is a terminal.
    public static func useColor(environment: [String: String], outputIsTerminal: Bool) -> Bool {
        guard outputIsTerminal else { return false }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return true
    }
}
