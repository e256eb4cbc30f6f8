// The lexer: source text to tokens.
//
// One token enum (`TokenKind`), one scanning function (`Lexer.next()`), in the manner of Lua's
// `llex.c` and clox's `scanner.c`. Tokens carry a `SourceRange` of scalar offsets into the
// `SourceFile`; lines and columns are computed from the file's precomputed line starts only when
// a diagnostic is rendered, so no line counter is kept here (the one place that knows about
// lines is `SourceFile.init`).
//
// Decisions worth knowing:
// - Keywords are not tokens. `let`, `for`, `and`, `true`, ... are identifiers; the parser gives
//   them their meaning where its grammar expects them, so that any other word is a command.
// - Newlines are tokens (they end commands). Blank lines and comments produce nothing but the
//   newline that ends them. The parser ignores newlines inside parentheses.
// - `spaceBefore` records whether whitespace (or the start of a line) precedes a token: the
//   parser uses it to split a command's arguments (`gravity 0 -1` has two).
// - Numbers carry their unit: `90deg` is already in radians (unit `.degrees`), `2s` is 2 (unit
//   `.seconds`). `0..<5` is number, `..<`, number: a `.` begins a fraction only before a digit.
// - A string token holds its parts: literal text with escapes resolved, and the ranges of its
//   `{EXPR}` interpolations. The parser lexes each range again with `Lexer(file:range:)`, so
//   tokens inside an interpolation have offsets in the same file and errors point at them.
// - Errors inside a token (a bad escape, an unterminated string, `12abc`) are recorded in
//   `diagnostics` and the token is still produced, so that parsing goes on. A character that
//   begins no token becomes `.invalid`, which the parser reports where it meets it.

/// The kinds of token.
public enum TokenKind: Equatable, Sendable {
    /// A name or a keyword: `ball`, `let`, `größe`, `_tmp2`.
    case identifier(String)
    /// A number literal: its value (radians for `deg`) and the unit written after it.
    case number(Double, NumberUnit)
    /// A string literal: its text and interpolation parts.
    case string([StringSegment])
    /// `(` `)` `{` `}` `,` `.` `;`
    case leftParen, rightParen, leftBrace, rightBrace, comma, dot, semicolon
    /// `+` `-` `*` `/` `%` `^` (power)
    case plus, minus, star, slash, percent, caret
    /// `≈` or `~=` (in `a ≈ b within T`)
    case approx
    /// `=` (in `let x = 1`, `set x = 1`)
    case assign
    /// `==` `!=` `<` `<=` `>` `>=`
    case equalEqual, bangEqual, less, lessEqual, greater, greaterEqual
    /// `..<`
    case halfOpenRange
    /// `...`
    case closedRange
    /// The end of a line (a command separator).
    case newline
    /// The end of the input (or of the range being lexed).
    case eof
    /// Characters that begin no token (`@`, `!`, `..`): reported by the parser.
    case invalid(String)
}

/// A part of a string literal as the lexer sees it.
public enum StringSegment: Equatable, Sendable {
    /// Literal text, escapes already resolved.
    case text(String)
    /// `{EXPR}`: the range of EXPR (between the braces) in the same file.
    case interpolation(SourceRange)
}

/// A token: its kind, where it is, and whether space precedes it.
public struct Token: Sendable {
    public var kind: TokenKind
    public var range: SourceRange
    /// True when whitespace, or the start of a line or of the lexed range, comes right before.
    public var spaceBefore: Bool

    public init(kind: TokenKind, range: SourceRange, spaceBefore: Bool) {
        self.kind = kind
        self.range = range
        self.spaceBefore = spaceBefore
    }

    /// How a diagnostic names this token: `'text'` quoted, or `end of line` / `end of input`.
    public func describe(in file: SourceFile) -> String {
        switch kind {
        case .newline: return "end of line"
        case .eof: return "end of input"
        case .invalid(let text):
            if let s = text.unicodeScalars.first, text.unicodeScalars.count == 1, !Lexer.isPrintable(s) {
                return "character U+" + String(s.value, radix: 16, uppercase: true).leftPadded(to: 4)
            }
            return "'\(text)'"
        default:
            var text = file.text(range)
            if text.unicodeScalars.count > 32 {
                var s = String.UnicodeScalarView()
                s.append(contentsOf: text.unicodeScalars.prefix(29))
                text = String(s) + "..."
            }
            return "'\(text)'"
        }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}

/// Turns the text of a `SourceFile` (or a range of it) into tokens, one per call of `next()`.
public struct Lexer: Sendable {
    public let file: SourceFile
    /// Errors found inside tokens so far (the parser takes them as it goes).
    public var diagnostics: [Diagnostic] = []

    private let scalars: [Unicode.Scalar]
    private let start: Int
    private let end: Int
    private var index: Int

    /// A lexer over the whole file.
    public init(file: SourceFile) {
        self.init(file: file, range: SourceRange(0, file.scalars.count))
    }

    /// A lexer over part of a file (an interpolation): offsets stay those of the file.
    public init(file: SourceFile, range: SourceRange) {
        self.file = file
        self.scalars = file.scalars
        let lo = Swift.max(0, Swift.min(range.start, file.scalars.count))
        self.start = lo
        self.end = Swift.max(lo, Swift.min(range.end, file.scalars.count))
        self.index = lo
        // A byte order mark at the start of a file is not text.
        if lo == 0, end > 0, scalars[0] == "\u{FEFF}" { index = 1 }
    }

    /// The offset of the next character to be read.
    public var offset: Int { index }

    /// Continues lexing at `offset` (used by the parser to read a bare path as raw text).
    mutating func seek(to offset: Int) {
        index = Swift.max(start, Swift.min(offset, end))
    }

    /// The whole input as tokens, ending with `.eof` (a convenience for tests and tools).
    public static func tokens(of file: SourceFile) -> (tokens: [Token], diagnostics: [Diagnostic]) {
        var lexer = Lexer(file: file)
        var tokens: [Token] = []
        while true {
            let token = lexer.next()
            tokens.append(token)
            if token.kind == .eof { break }
        }
        return (tokens, lexer.diagnostics)
    }

    // MARK: - Scanning

    private func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        let i = index + ahead
        return i < end ? scalars[i] : nil
    }

    /// Scans the next token.
    public mutating func next() -> Token {
        var spaceBefore = index == start || (index > 0 && (scalars[index - 1] == "\n" || scalars[index - 1] == "\r"))
        // Skip whitespace and comments (a comment runs to the end of the line, not past it).
        while let c = peek() {
            if c == "#" {
                while let d = peek(), d != "\n", !isLoneCR(index) { index += 1 }
            } else if c != "\n" && !isLoneCR(index) && Lexer.isSpace(c) {
                index += 1
                spaceBefore = true
            } else {
                break
            }
        }
        let tokenStart = index
        guard let c = peek() else {
            return Token(kind: .eof, range: SourceRange(index, index), spaceBefore: spaceBefore)
        }
        func make(_ kind: TokenKind, length: Int) -> Token {
            index = tokenStart + length
            return Token(kind: kind, range: SourceRange(tokenStart, index), spaceBefore: spaceBefore)
        }
        switch c {
        case "\n": return make(.newline, length: 1)
        case "\r" where isLoneCR(index): return make(.newline, length: 1)  // old Mac line ends
        case "(": return make(.leftParen, length: 1)
        case ")": return make(.rightParen, length: 1)
        case "{": return make(.leftBrace, length: 1)
        case "}": return make(.rightBrace, length: 1)
        case ",": return make(.comma, length: 1)
        case ";": return make(.semicolon, length: 1)
        case "+": return make(.plus, length: 1)
        case "-": return make(.minus, length: 1)
        case "*": return make(.star, length: 1)
        case "/": return make(.slash, length: 1)
        case "%": return make(.percent, length: 1)
        case "^": return make(.caret, length: 1)
        case "≈": return make(.approx, length: 1)
        case "~" where peek(1) == "=": return make(.approx, length: 2)
        case "=": return peek(1) == "=" ? make(.equalEqual, length: 2) : make(.assign, length: 1)
        case "!": return peek(1) == "=" ? make(.bangEqual, length: 2) : make(.invalid("!"), length: 1)
        case "<": return peek(1) == "=" ? make(.lessEqual, length: 2) : make(.less, length: 1)
        case ">": return peek(1) == "=" ? make(.greaterEqual, length: 2) : make(.greater, length: 1)
        case ".":
            if peek(1) == "." {
                if peek(2) == "<" { return make(.halfOpenRange, length: 3) }
                if peek(2) == "." { return make(.closedRange, length: 3) }
                return make(.invalid(".."), length: 2)
            }
            if let d = peek(1), Lexer.isDigit(d) { return number(spaceBefore: spaceBefore) }
            return make(.dot, length: 1)
        case "\"":
            return string(spaceBefore: spaceBefore)
        default:
            if Lexer.isDigit(c) { return number(spaceBefore: spaceBefore) }
            if Lexer.isIdentifierStart(c) {
                var s = String.UnicodeScalarView()
                while let d = peek(), Lexer.isIdentifierContinue(d) {
                    s.append(d)
                    index += 1
                }
                if index - tokenStart > Limits.nameLength {
                    report("name longer than \(Limits.nameLength) characters (\(index - tokenStart))", SourceRange(tokenStart, index))
                }
                return Token(kind: .identifier(String(s)), range: SourceRange(tokenStart, index), spaceBefore: spaceBefore)
            }
            return make(.invalid(String(Character(c))), length: 1)
        }
    }

    /// number -> digits ['.' digits] [('e'|'E') ['+'|'-'] digits] ['deg' | 's']
    ///         | '.' digits [exponent] [unit]
    private mutating func number(spaceBefore: Bool) -> Token {
        let tokenStart = index
        var text = ""
        func digits(_ lexer: inout Lexer, _ text: inout String) {
            while let d = lexer.peek(), Lexer.isDigit(d) {
                text.unicodeScalars.append(d)
                lexer.index += 1
            }
        }
        digits(&self, &text)
        // A fraction only when a digit follows the point: `0..<5` is not `0.` then `.<5`.
        if peek() == ".", let d = peek(1), Lexer.isDigit(d) {
            text += "."
            index += 1
            digits(&self, &text)
        }
        if let e = peek(), e == "e" || e == "E" {
            var ahead = 1
            if let sign = peek(1), sign == "+" || sign == "-" { ahead = 2 }
            if let d = peek(ahead), Lexer.isDigit(d) {
                text += "e"
                if ahead == 2, let sign = peek(1) { text.unicodeScalars.append(sign) }
                index += ahead
                digits(&self, &text)
            }
        }
        let numberEnd = index
        var suffix = ""
        while let d = peek(), Lexer.isIdentifierContinue(d) {
            suffix.unicodeScalars.append(d)
            index += 1
        }
        let range = SourceRange(tokenStart, index)
        var value = Double(text.hasPrefix(".") ? "0" + text : text) ?? 0
        var unit = NumberUnit.none
        switch suffix {
        case "": break
        case "deg":
            unit = .degrees
            value = value * Double.pi / 180
        case "s":
            unit = .seconds
        default:
            report("invalid number '\(file.text(range))'", SourceRange(tokenStart, index))
        }
        if !value.isFinite {
            report("number '\(file.text(SourceRange(tokenStart, numberEnd)))' is too large", range)
            value = 0
        }
        return Token(kind: .number(value, unit), range: range, spaceBefore: spaceBefore)
    }

    /// string -> '"' { char | escape | '{' expression '}' } '"'
    /// escape -> '\"' | '\\' | '\n' | '\t' | '\{' | '\}'
    private mutating func string(spaceBefore: Bool) -> Token {
        let tokenStart = index
        index += 1  // the opening quote
        var segments: [StringSegment] = []
        var text = String.UnicodeScalarView()
        func flush() {
            if !text.isEmpty {
                segments.append(.text(String(text)))
                text = String.UnicodeScalarView()
            }
        }
        while true {
            guard let c = peek() else {
                // A string may span lines; only the end of the input leaves it open, and then
                // more may be coming (the shell asks for a continuation line).
                report("unterminated string", SourceRange(tokenStart, tokenStart + 1), incomplete: true)
                break
            }
            if c == "\"" {
                index += 1
                break
            }
            if c == "\r" && index + 1 < end && scalars[index + 1] == "\n" {
                index += 1  // a CRLF line break inside a string is a newline
                continue
            }
            if c == "\\" {
                let escapeStart = index
                index += 1
                guard let e = peek() else { continue }  // reported as unterminated
                index += 1
                switch e {
                case "\n": break  // a backslash at the end of a line joins the next one
                case "\r" where peek() == "\n": index += 1
                case "\"": text.append("\"")
                case "\\": text.append("\\")
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "{": text.append("{")
                case "}": text.append("}")
                default:
                    report("unknown escape '\\\(Character(e))' in string", SourceRange(escapeStart, index))
                }
                continue
            }
            if c == "{" {
                let open = index
                guard let close = interpolationEnd(from: open + 1) else {
                    let atEnd = skipToLineEnd() >= scalars.count
                    report("unclosed '{' in string", SourceRange(open, open + 1), incomplete: atEnd)
                    break
                }
                let inner = SourceRange(open + 1, close)
                if (inner.start..<inner.end).allSatisfy({ Lexer.isSpace(scalars[$0]) }) {
                    report("empty interpolation '{}' in string", SourceRange(open, close + 1))
                } else {
                    flush()
                    segments.append(.interpolation(inner))
                }
                index = close + 1
                continue
            }
            text.append(c)
            index += 1
        }
        flush()
        return Token(kind: .string(segments), range: SourceRange(tokenStart, index), spaceBefore: spaceBefore)
    }

    /// Moves to the end of the current line (not past the newline) and returns that offset.
    private mutating func skipToLineEnd() -> Int {
        while let c = peek(), c != "\n" { index += 1 }
        return index
    }

    /// The offset of the `}` that closes an interpolation whose expression starts at `from`,
    /// or nil when the line (or input) ends first. Nested strings and braces are skipped with
    /// an explicit stack, not recursion, so that no input can exhaust the stack.
    private func interpolationEnd(from: Int) -> Int? {
        enum Mode { case code(depth: Int), string }
        var stack: [Mode] = [.code(depth: 0)]
        var i = from
        while i < end {
            let c = scalars[i]
            if c == "\n" { return nil }
            switch stack.last {
            case .code(let depth)?:
                if c == "\"" {
                    stack.append(.string)
                } else if c == "{" {
                    stack[stack.count - 1] = .code(depth: depth + 1)
                } else if c == "}" {
                    if depth == 0 {
                        stack.removeLast()
                        if stack.isEmpty { return i }
                    } else {
                        stack[stack.count - 1] = .code(depth: depth - 1)
                    }
                }
            case .string?:
                if c == "\\" {
                    if i + 1 < end && scalars[i + 1] != "\n" { i += 1 }
                } else if c == "\"" {
                    stack.removeLast()
                } else if c == "{" {
                    stack.append(.code(depth: 0))
                }
            case nil:
                return nil
            }
            i += 1
        }
        return nil
    }

    /// A carriage return not followed by a line feed: a line break of its own (CR-only files).
    private func isLoneCR(_ i: Int) -> Bool {
        i < end && scalars[i] == "\r" && (i + 1 >= end || scalars[i + 1] != "\n")
    }

    private mutating func report(_ message: String, _ range: SourceRange, incomplete: Bool = false) {
        diagnostics.append(Diagnostic(.error, message, at: SourceLocation(file: file, range: range), incomplete: incomplete))
    }

    // MARK: - Character classes

    static func isDigit(_ c: Unicode.Scalar) -> Bool { c >= "0" && c <= "9" }

    /// Horizontal white space (and `\r`); `\n` is a token of its own.
    static func isSpace(_ c: Unicode.Scalar) -> Bool {
        c == " " || c == "\t" || c == "\r" || (c.value > 127 && c.properties.isWhitespace && c != "\n")
            || c == "\u{0B}" || c == "\u{0C}"
    }

    /// Whether a whole string is one identifier (a name a string makes, `"link{i}"`, must be).
    static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, isIdentifierStart(first) else { return false }
        return s.unicodeScalars.allSatisfy(isIdentifierContinue)
    }

    /// A letter of any script, or `_`.
    static func isIdentifierStart(_ c: Unicode.Scalar) -> Bool {
        if c == "_" || (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") { return true }
        guard c.value > 127 else { return false }
        switch c.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
        default: return false
        }
    }

    /// A letter, a digit, `_`, or a combining mark (decomposed accents: `o` + U+0308).
    static func isIdentifierContinue(_ c: Unicode.Scalar) -> Bool {
        if isIdentifierStart(c) || isDigit(c) { return true }
        guard c.value > 127 else { return false }
        switch c.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .decimalNumber, .connectorPunctuation: return true
        default: return false
        }
    }

    /// Whether a character can be shown quoted in a message.
    static func isPrintable(_ c: Unicode.Scalar) -> Bool {
        switch c.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator, .spaceSeparator:
            return false
        default:
            return true
        }
    }
}
