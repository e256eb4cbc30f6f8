// The lexer on tricky input: numbers with units, ranges, strings with escapes and
// interpolation, Unicode identifiers, comments, separators and the `spaceBefore` flag.
import Testing
@testable import DynLang

struct LexerTests {
    /// The token kinds of `text`, without the final `.eof`.
    func kinds(_ text: String) -> [TokenKind] {
        let (tokens, _) = Lexer.tokens(of: SourceFile(name: "t", text: text))
        return tokens.dropLast().map(\.kind)
    }

    func messages(_ text: String) -> [String] {
        Lexer.tokens(of: SourceFile(name: "t", text: text)).diagnostics.map(\.message)
    }

    @Test func numbers() {
        #expect(kinds("12 3.5 .5 1e3 2.5e-3 4E+2") == [
            .number(12, .none), .number(3.5, .none), .number(0.5, .none),
            .number(1000, .none), .number(0.0025, .none), .number(400, .none),
        ])
        #expect(messages("12 3.5 .5 1e3 2.5e-3").isEmpty)
    }

    @Test func numberUnits() {
        #expect(kinds("90deg 2s .5s 180deg") == [
            .number(Double.pi / 2, .degrees), .number(2, .seconds), .number(0.5, .seconds), .number(Double.pi, .degrees),
        ])
        // deg is value × π / 180 with π the double nearest to it.
        #expect(kinds("1deg") == [.number(1 * 3.14159265358979311600 / 180, .degrees)])
    }

    @Test func negativeNumbersAreUnaryMinus() {
        #expect(kinds("-3.5") == [.minus, .number(3.5, .none)])
    }

    @Test func rangesAreNotFractions() {
        #expect(kinds("0..<5") == [.number(0, .none), .halfOpenRange, .number(5, .none)])
        #expect(kinds("0...5") == [.number(0, .none), .closedRange, .number(5, .none)])
        #expect(kinds("a..<b") == [.identifier("a"), .halfOpenRange, .identifier("b")])
        #expect(kinds("1.5...2.5") == [.number(1.5, .none), .closedRange, .number(2.5, .none)])
    }

    @Test func invalidNumbers() {
        #expect(messages("12abc") == ["invalid number '12abc'"])
        #expect(messages("3degx") == ["invalid number '3degx'"])
        #expect(messages("1e") == ["invalid number '1e'"])
        #expect(messages("1e999") == ["number '1e999' is too large"])
        // The token is still a number, so parsing goes on.
        #expect(kinds("12abc") == [.number(12, .none)])
    }

    @Test func stringEscapes() {
        #expect(kinds(#""a\"b\\c\nd\te\{f\}""#) == [.string([.text("a\"b\\c\nd\te{f}")])])
        #expect(kinds(#""""#) == [.string([])])
        #expect(messages(#""a\qb""#) == ["unknown escape '\\q' in string"])
    }

    @Test func stringInterpolationKeepsRangesInTheFile() {
        let text = #"print "link{i + 1}!""#
        let (tokens, diagnostics) = Lexer.tokens(of: SourceFile(name: "t", text: text))
        #expect(diagnostics.isEmpty)
        // `i + 1` is at offsets 12..<17 of the line.
        #expect(tokens[1].kind == .string([.text("link"), .interpolation(SourceRange(12, 17)), .text("!")]))
        // Nested strings and braces inside an interpolation.
        #expect(kinds(#""{f("}")}x""#) == [.string([.interpolation(SourceRange(2, 8)), .text("x")])])
    }

    @Test func stringErrors() {
        #expect(messages("\"abc") == ["unterminated string"])
        #expect(messages("\"abc\nprint 1") == ["unterminated string"])
        #expect(messages(#""a{}b""#) == ["empty interpolation '{}' in string"])
        #expect(messages(#""a{ }b""#) == ["empty interpolation '{}' in string"])
        #expect(messages(#""a{b"#) == ["unclosed '{' in string"])
        // A string may span lines, so an unterminated one runs to the end of the input, where
        // more may be coming.
        let atEnd = Lexer.tokens(of: SourceFile(name: "t", text: "print \"abc")).diagnostics
        #expect(atEnd.map(\.isIncompleteInput) == [true])
        let unknownEscape = Lexer.tokens(of: SourceFile(name: "t", text: "print \"a\\qb\"\nprint 2")).diagnostics
        #expect(unknownEscape.map(\.isIncompleteInput) == [false])
    }

    @Test func stringsSpanLines() {
        #expect(kinds("\"two\nlines\"") == [.string([.text("two\nlines")])])
        #expect(kinds("\"crlf\r\nline\"") == [.string([.text("crlf\nline")])])
        // A backslash at the end of a line joins the next line without a newline.
        #expect(kinds("\"joined \\\nhere\"") == [.string([.text("joined here")])])
    }

    @Test func unicodeIdentifiers() {
        #expect(kinds("größe _x1 π 日本 naïve") == [
            .identifier("größe"), .identifier("_x1"), .identifier("π"), .identifier("日本"), .identifier("naïve"),
        ])
        // A decomposed accent (o + U+0308) stays inside the identifier.
        #expect(kinds("gro\u{308}ße") == [.identifier("gro\u{308}ße")])
    }

    @Test func keywordsAreIdentifiers() {
        #expect(kinds("let for and not true") == ["let", "for", "and", "not", "true"].map { .identifier($0) })
    }

    @Test func commentsNewlinesAndSemicolons() {
        #expect(kinds("a # comment ; b\nb;c\n\n# only a comment\n") == [
            .identifier("a"), .newline, .identifier("b"), .semicolon, .identifier("c"), .newline, .newline, .newline,
        ])
        #expect(kinds("a\r\nb") == [.identifier("a"), .newline, .identifier("b")])
    }

    @Test func operatorsAndPunctuation() {
        #expect(kinds("== != <= >= < > = + - * / % ( ) { } , . ;") == [
            .equalEqual, .bangEqual, .lessEqual, .greaterEqual, .less, .greater, .assign,
            .plus, .minus, .star, .slash, .percent, .leftParen, .rightParen, .leftBrace, .rightBrace,
            .comma, .dot, .semicolon,
        ])
        #expect(kinds("ball.x") == [.identifier("ball"), .dot, .identifier("x")])
        #expect(kinds("@ ! ..") == [.invalid("@"), .invalid("!"), .invalid("..")])
    }

    @Test func spaceBefore() {
        let (tokens, _) = Lexer.tokens(of: SourceFile(name: "t", text: "gravity 0 -1\n(i*40)"))
        #expect(tokens.map(\.spaceBefore) == [true, true, true, false, false, true, false, false, false, false, false])
    }

    @Test func tokenRanges() {
        let (tokens, _) = Lexer.tokens(of: SourceFile(name: "t", text: "let größe = 90deg"))
        #expect(tokens.map(\.range) == [SourceRange(0, 3), SourceRange(4, 9), SourceRange(10, 11), SourceRange(12, 17), SourceRange(17, 17)])
    }

    @Test func describeForMessages() {
        let file = SourceFile(name: "t", text: "x \"a very long string that goes on and on and on\"\n\u{1}")
        let (tokens, _) = Lexer.tokens(of: file)
        #expect(tokens.map { $0.describe(in: file) } == [
            "'x'", "'\"a very long string that goes...'", "end of line", "character U+0001", "end of input",
        ])
    }
}
