// Source text, places in it, and diagnostics.
//
// A `SourceFile` is the text of one script (a file, `-e` code, or one entry at the prompt),
// kept as Unicode scalars so that the lexer can index it cheaply and columns count what a
// person sees as one character in ordinary text. Every token and AST node carries a
// `SourceRange`; diagnostics point at it with `FILE:LINE:COLUMN`, the source line and a caret.

/// The text of one script.
public final class SourceFile: Sendable {
    /// The name shown in diagnostics: a path, `-e`, or `<stdin>`.
    public let name: String
    /// The folder that relative paths in this script (`source`, `save`) are resolved against.
    public let directory: String
    /// The text as Unicode scalars.
    public let scalars: [Unicode.Scalar]
    /// Offsets (into `scalars`) at which each line starts; line 1 starts at 0.
    public let lineStarts: [Int]
    /// The number of lines before this text, for input that continues earlier input
    /// (the prompt numbers its lines across a session): line 1 of the text is reported
    /// as line `lineOffset + 1`.
    public let lineOffset: Int

    public init(name: String, text: String, directory: String = ".", lineOffset: Int = 0) {
        self.name = name
        self.directory = directory
        self.lineOffset = lineOffset
        let scalars = Array(text.unicodeScalars)
        self.scalars = scalars
        var starts = [0]
        // A line ends at LF, CRLF or a lone CR (old Mac files), as the lexer reads them.
        for (i, s) in scalars.enumerated() where s == "\n" || (s == "\r" && (i + 1 == scalars.count || scalars[i + 1] != "\n")) {
            starts.append(i + 1)
        }
        self.lineStarts = starts
    }

    /// The 1-based line (counting `lineOffset`) and column of an offset.
    public func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        let (l, c) = localLineAndColumn(of: offset)
        return (l + lineOffset, c)
    }

    /// The 1-based line within this text, and column, of an offset.
    public func localLineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        // Binary search for the last line start <= offset.
        var lo = 0
        var hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return (lo + 1, offset - lineStarts[lo] + 1)
    }

    /// The text of a 1-based line, without its line break.
    public func lineText(_ line: Int) -> String {
        guard line >= 1 && line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] - 1 : scalars.count
        if end > start && end <= scalars.count && end - 1 >= start && scalars[end - 1] == "\r" { end -= 1 }
        var s = String.UnicodeScalarView()
        s.append(contentsOf: scalars[start..<Swift.max(start, end)])
        return String(s)
    }

    /// The text between two offsets.
    public func text(_ range: SourceRange) -> String {
        let lo = Swift.max(0, Swift.min(range.start, scalars.count))
        let hi = Swift.max(lo, Swift.min(range.end, scalars.count))
        // Encoded into UTF-8 bytes here (appending scalars to a String one by one cost about 600
        // instructions a scalar; the journal takes the text of every top-level statement).
        var bytes: [UInt8] = []
        bytes.reserveCapacity(hi - lo)
        for scalar in scalars[lo..<hi] {
            if scalar.isASCII {
                bytes.append(UInt8(scalar.value))
            } else {
                bytes.append(contentsOf: UTF8.encode(scalar)!)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A half-open range of scalar offsets in one source file.
public struct SourceRange: Equatable, Hashable, Sendable {
    public var start: Int
    public var end: Int

    public init(_ start: Int, _ end: Int) {
        self.start = start
        self.end = end
    }

    /// The smallest range covering both.
    public func union(_ other: SourceRange) -> SourceRange {
        SourceRange(Swift.min(start, other.start), Swift.max(end, other.end))
    }

    public static let none = SourceRange(0, 0)
}

/// A place in a specific file: what a diagnostic points at.
public struct SourceLocation: Sendable {
    public var file: SourceFile
    public var range: SourceRange

    public init(file: SourceFile, range: SourceRange) {
        self.file = file
        self.range = range
    }
}

/// How serious a diagnostic is.
public enum Severity: String, Sendable {
    case error
    case warning
    case note
}

/// One message about the source, pointing at a place in it.
public struct Diagnostic: Error, Sendable {
    public var severity: Severity
    public var message: String
    public var location: SourceLocation
    /// True when the error is only that the input ended too soon (an open block or string):
    /// the interactive shell then asks for a continuation line instead of reporting it.
    public var isIncompleteInput: Bool

    public init(_ severity: Severity = .error, _ message: String, at location: SourceLocation, incomplete: Bool = false) {
        self.severity = severity
        self.message = message
        self.location = location
        self.isIncompleteInput = incomplete
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE`, then the source line and a caret under the place
    /// (with `~` under the rest of the range on the same line).
    public func rendered() -> String {
        let file = location.file
        if file.scalars.isEmpty && location.range == .none {
            // About the file as a whole (it could not be opened): no line to show.
            return "\(file.name): \(severity.rawValue): \(message)\n"
        }
        let (line, column) = file.localLineAndColumn(of: location.range.start)
        var out = "\(file.name):\(line + file.lineOffset):\(column): \(severity.rawValue): \(message)\n"
        let lineStart = file.lineStarts[line - 1]
        let lineEnd = line < file.lineStarts.count ? file.lineStarts[line] - 1 : file.scalars.count
        var width = Swift.max(1, Swift.min(location.range.end, lineEnd) - location.range.start)
        // A long line is quoted as a window around the place, marked with '…' where cut.
        var text = file.lineText(line)
        var caretColumn = column
        let length = lineEnd - lineStart
        if length > Limits.quotedWidth {
            let half = Limits.quotedWidth / 2
            let from = Swift.max(0, Swift.min(column - 1 - half, length - Limits.quotedWidth))
            let to = Swift.min(length, from + Limits.quotedWidth)
            text = (from > 0 ? "…" : "") + file.text(SourceRange(lineStart + from, lineStart + to))
                + (to < length ? "…" : "")
            caretColumn = column - from + (from > 0 ? 1 : 0)
            width = Swift.min(width, Swift.max(1, to - (column - 1)))
        }
        out += text + "\n"
        // Keep tabs so that the caret lines up under tab-indented text.
        var pad = ""
        for (i, ch) in text.unicodeScalars.enumerated() where i < caretColumn - 1 {
            pad.unicodeScalars.append(ch == "\t" ? "\t" : " ")
        }
        if text.unicodeScalars.count < caretColumn - 1 {
            pad += String(repeating: " ", count: caretColumn - 1 - text.unicodeScalars.count)
        }
        out += pad + "^" + String(repeating: "~", count: width - 1) + "\n"
        return out
    }
}

/// Several diagnostics from one pass (the parser reports every syntax error of a file).
public struct DiagnosticList: Error, Sendable {
    public var diagnostics: [Diagnostic]
    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }
}
