import DynTestSupport
// Syntax errors as the user sees them (golden `Diagnostic.rendered()` text), recovery so that
// one run reports every error of a file, incomplete-input detection for the shell, and a
// robustness sweep: no input makes the lexer or the parser crash.
import Testing
@testable import DynLang

/// Every diagnostic of `text`, rendered, in file order.
private func diagnose(_ text: String) -> String {
    Parser.parse(SourceFile(name: "t.dyn", text: text)).diagnostics.map { $0.rendered() }.joined()
}

struct SyntaxDiagnosticTests {
    // MARK: Golden text, one per kind of error

    @Test func expectedName() {
        #expect(diagnose("let 3 = 4") == """
            t.dyn:1:5: error: expected a name after 'let', found '3'
            let 3 = 4
                ^

            """)
        #expect(diagnose("let x 4") == """
            t.dyn:1:7: error: expected '=' after 'let x', found '4'
            let x 4
                  ^

            """)
        #expect(diagnose("let true = 1") == """
            t.dyn:1:5: error: expected a name after 'let', found 'true'
            let true = 1
                ^~~~

            """)
    }

    @Test func unexpectedToken() {
        #expect(diagnose(")") == "t.dyn:1:1: error: unexpected ')'\n)\n^\n")
        #expect(diagnose("}") == "t.dyn:1:1: error: unexpected '}'\n}\n^\n")
        #expect(diagnose("print 1 @") == """
            t.dyn:1:9: error: expected end of line or ';' after the command, found '@'
            print 1 @
                    ^

            """)
        #expect(diagnose("print 1 2") == """
            t.dyn:1:9: error: expected end of line or ';' after the command, found '2'
            print 1 2
                    ^

            """)
        #expect(diagnose("x \u{1}") == "t.dyn:1:3: error: unexpected character U+0001\nx \u{1}\n  ^\n")
    }

    @Test func expectedExpression() {
        #expect(diagnose("print )") == """
            t.dyn:1:7: error: expected an expression after 'print', found ')'
            print )
                  ^

            """)
        #expect(diagnose("let x = ") == """
            t.dyn:1:9: error: expected an expression after '=', found end of input
            let x = 
                    ^

            """)
        #expect(diagnose("print (1 + 2\nprint 3") == """
            t.dyn:2:1: error: expected ')' to close '(' opened at line 1, found 'print'
            print 3
            ^~~~~

            """)
    }

    @Test func forLoops() {
        #expect(diagnose("for i to 3 {\n}") == """
            t.dyn:1:7: error: expected 'in' after 'for i', found 'to'
            for i to 3 {
                  ^~

            """)
        #expect(diagnose("for i in 0 to 3 {\n}") == """
            t.dyn:1:12: error: expected '..<' or '...' in the for range
            for i in 0 to 3 {
                       ^~

            """)
        #expect(diagnose("for i in 0..<3\nprint i") == """
            t.dyn:1:15: error: expected '{' to begin the body of 'for', found end of line
            for i in 0..<3
                          ^

            """)
    }

    @Test func unclosedBlock() {
        #expect(diagnose("print 0\n\nfor i in 0..<3 {\n  print i\n") == """
            t.dyn:5:1: error: expected '}' to close the block opened at line 3, found end of input

            ^

            """)
        // Nested open blocks: one error, for the innermost.
        #expect(diagnose("if a {\n  while b {\n    print 1") == """
            t.dyn:3:12: error: expected '}' to close the block opened at line 2, found end of input
                print 1
                       ^

            """)
    }

    @Test func strings() {
        #expect(diagnose("print \"abc\nprint 1") == """
            t.dyn:1:7: error: unterminated string
            print "abc
                  ^

            """)
        #expect(diagnose(#"print "a\qb""#) == #"""
            t.dyn:1:9: error: unknown escape '\q' in string
            print "a\qb"
                    ^~

            """#)
        #expect(diagnose(#"print "a{}b""#) == """
            t.dyn:1:9: error: empty interpolation '{}' in string
            print "a{}b"
                    ^~

            """)
        #expect(diagnose("print \"a{b\nprint 2") == """
            t.dyn:1:9: error: unclosed '{' in string
            print "a{b
                    ^

            """)
    }

    @Test func errorsInsideInterpolationPointIntoTheString() {
        #expect(diagnose(#"print "v = {x + }""#) == """
            t.dyn:1:17: error: expected an expression after '+', found '}'
            print "v = {x + }"
                            ^

            """)
        #expect(diagnose(#"print "v = {x y}""#) == """
            t.dyn:1:15: error: expected '}' after the interpolated expression, found 'y'
            print "v = {x y}"
                          ^

            """)
        #expect(diagnose(#"add view "b{12abc}" frame 0 0 1 1"#) == """
            t.dyn:1:13: error: invalid number '12abc'
            add view "b{12abc}" frame 0 0 1 1
                        ^~~~~

            """)
    }

    @Test func argumentsWithSpaces() {
        #expect(diagnose("add view a frame 1 - 1 40 40") == """
            t.dyn:1:20: error: expected an expression after '-'; an expression with spaces must be in parentheses
            add view a frame 1 - 1 40 40
                               ^

            """)
        #expect(diagnose("add view a frame i* 40 0 40 40") == """
            t.dyn:1:19: error: expected an expression after '*'; an expression with spaces must be in parentheses
            add view a frame i* 40 0 40 40
                              ^

            """)
        #expect(diagnose("gravity 0, 1") == """
            t.dyn:1:10: error: unexpected ','
            gravity 0, 1
                     ^

            """)
        #expect(diagnose("step(3)") == """
            t.dyn:1:5: error: expected a space before '('
            step(3)
                ^

            """)
    }

    @Test func commandsTakeNoBlock() {
        #expect(diagnose("add view a frame 0 0 1 1 {\n  print 1\n}") == """
            t.dyn:1:26: error: 'add' does not take a block
            add view a frame 0 0 1 1 {
                                     ^

            """)
    }

    @Test func numbers() {
        #expect(diagnose("step 12abc") == """
            t.dyn:1:6: error: invalid number '12abc'
            step 12abc
                 ^~~~~

            """)
    }

    @Test func chainedComparison() {
        #expect(diagnose("assert a < b < c") == """
            t.dyn:1:14: error: comparisons cannot be chained: use 'and' between them, found '<'
            assert a < b < c
                         ^

            """)
    }

    @Test func controlForms() {
        #expect(diagnose("else { print 1 }") == """
            t.dyn:1:1: error: 'else' without a matching 'if'
            else { print 1 }
            ^~~~

            """)
        #expect(diagnose("if a { } else print 1") == """
            t.dyn:1:15: error: expected '{' or 'if' after 'else', found 'print'
            if a { } else print 1
                          ^~~~~

            """)
        #expect(diagnose("every stp {\n}") == """
            t.dyn:1:7: error: expected 'step' after 'every', found 'stp'
            every stp {
                  ^~~

            """)
        #expect(diagnose("on collide a b {\n}") == """
            t.dyn:1:4: error: expected 'contact' after 'on', found 'collide'
            on collide a b {
               ^~~~~~~

            """)
        #expect(diagnose("on contact a {\n}") == """
            t.dyn:1:12: error: expected two names (items or boundaries) after 'on contact', found 1
            on contact a {
                       ^

            """)
        #expect(diagnose("every step as 3 {\n}") == """
            t.dyn:1:15: error: expected a name after 'as', found '3'
            every step as 3 {
                          ^

            """)
        #expect(diagnose("source") == """
            t.dyn:1:7: error: expected a file after 'source', found end of input
            source
                  ^

            """)
        #expect(diagnose("set 3 4") == """
            t.dyn:1:5: error: expected a name after 'set', found '3'
            set 3 4
                ^

            """)
        #expect(diagnose("set ball. 4") == """
            t.dyn:1:11: error: expected a name after 'ball.', found '4'
            set ball. 4
                      ^

            """)
    }

    @Test func tooDeeplyNested() {
        let text = "print " + String(repeating: "(", count: 300) + "1" + String(repeating: ")", count: 300)
        let diagnostics = Parser.parse(SourceFile(name: "t", text: text)).diagnostics
        #expect(diagnostics.map(\.message) == ["too deeply nested (more than 200 levels)"])
        #expect(diagnostics.first?.location.range == SourceRange(206, 207))
    }

    // MARK: Recovery

    @Test func everyErrorOfAFileIsReported() {
        let text = """
            let 3 = 4
            print "ok 1"
            for i in 0 to 3 {
                print i
            }
            add view a frame 1 - 1 40 40; print "ok 2"
            if x {
                print )
                print "ok 3"
            }
            step 12abc
            print "ok 4"
            """
        let (script, diagnostics) = Parser.parse(SourceFile(name: "t.dyn", text: text))
        #expect(diagnostics.map { $0.rendered() }.joined() == """
            t.dyn:1:5: error: expected a name after 'let', found '3'
            let 3 = 4
                ^
            t.dyn:3:12: error: expected '..<' or '...' in the for range
            for i in 0 to 3 {
                       ^~
            t.dyn:6:20: error: expected an expression after '-'; an expression with spaces must be in parentheses
            add view a frame 1 - 1 40 40; print "ok 2"
                               ^
            t.dyn:8:11: error: expected an expression after 'print', found ')'
                print )
                      ^
            t.dyn:11:6: error: invalid number '12abc'
            step 12abc
                 ^~~~~

            """)
        // Good statements are kept, in and out of blocks.
        #expect(ASTPrinter.print(script) == """
            print "ok 1"
            print "ok 2"
            if x {
                print "ok 3"
            }
            step 12
            print "ok 4"

            """)
        #expect(!diagnostics.contains { $0.isIncompleteInput })
    }

    @Test func recoveryInsideBlocksStopsAtTheClosingBrace() {
        let text = "every step { print ) }\nprint 1\nwhile x { let = 2; print 2 }"
        let (script, diagnostics) = Parser.parse(SourceFile(name: "t.dyn", text: text))
        #expect(diagnostics.map(\.message) == [
            "expected an expression after 'print', found ')'",
            "expected a name after 'let', found '='",
        ])
        #expect(ASTPrinter.print(script) == "every step {\n}\nprint 1\nwhile x {\n    print 2\n}\n")
    }

    // MARK: Incomplete input

    @Test func incompleteInput() {
        for text in [
            "for i in 0..<3 {", "print \"abc", "print (1 +", "if a {\n  print 1\n", "print max(1,",
            "print \"a{b", "every step {\n  if x {\n", "add view a frame (1", "for i in 0..<3 {\n  print \"x",
        ] {
            #expect(Parser.isIncomplete(text), "\(text)")
        }
        for text in [
            "print )", "print 1", "", "print 1 +", "print \"abc\nprint 1\"", "}", "for i in 0..<3 {\n}",
            "if a { print 1 }", "let x =", "print \"a{}\"", "for i in 0..<3",
        ] {
            #expect(!Parser.isIncomplete(text), "\(text)")
        }
    }

    @Test func incompleteErrorsAreMarked() {
        let diagnostics = Parser.parse(SourceFile(name: "<stdin>", text: "for i in 0..<3 {")).diagnostics
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.isIncompleteInput == true)
        #expect(diagnostics.first?.message == "expected '}' to close the block opened at line 1, found end of input")
    }

    // MARK: Robustness

    /// Parses and prints; checks that every diagnostic points into the file.
    func survive(_ text: String) {
        let file = SourceFile(name: "f", text: text)
        let (script, diagnostics) = Parser.parse(file)
        _ = ASTPrinter.print(script)
        _ = Parser.isIncomplete(text)
        for d in diagnostics {
            #expect(d.location.range.start >= 0 && d.location.range.start <= d.location.range.end)
            #expect(d.location.range.end <= file.scalars.count)
            _ = d.rendered()
        }
    }

    @Test func randomBytesNeverCrash() {
        var rng = TestRandom(seed: 1)
        let alphabet = Array("\"{}()\\#;.,-+*/%<>=!\n \tab1e9_x".utf8)
        for _ in 0..<3000 {
            let count = rng.below(60)
            var bytes: [UInt8] = []
            for _ in 0..<count {
                // Half the bytes from the language's own characters, so that structure appears.
                bytes.append(rng.below(2) == 0 ? alphabet[rng.below(alphabet.count)] : UInt8(rng.below(256)))
            }
            survive(String(decoding: bytes, as: UTF8.self))
        }
    }

    @Test func randomTokenSoupsNeverCrash() {
        var rng = TestRandom(seed: 2)
        let words = [
            "let", "set", "print", "assert", "for", "in", "if", "else", "while", "every", "step", "on", "contact",
            "end", "as", "source", "true", "false", "and", "or", "not", "add", "view", "frame", "x", "größe",
            "ball.x", "world.time", "0", "12", "3.5", ".5", "1e3", "90deg", "2s", "12abc", "0..<", "...", "..<",
            "\"s\"", "\"a{i}\"", "\"{", "\"", "\\", "{", "}", "(", ")", ",", ";", "\n", "#c\n", "=", "==", "!=",
            "<", "<=", ">", ">=", "+", "-", "*", "/", "%", ".", "@", "!", "\"{x + }\"", "lib/a.dyn", "max(",
        ]
        for _ in 0..<3000 {
            var text = ""
            for _ in 0..<rng.below(40) {
                text += words[rng.below(words.count)]
                if rng.below(3) != 0 { text += " " }
            }
            survive(text)
        }
    }

    @Test func deepInputIsRejectedNotFatal() {
        for text in [
            String(repeating: "(", count: 20_000),
            "print " + String(repeating: "(", count: 20_000),
            String(repeating: "{", count: 20_000),
            String(repeating: "{\n", count: 5_000) + String(repeating: "}\n", count: 5_000),
            "print " + String(repeating: "-", count: 20_000) + "1",
            "print " + String(repeating: "not ", count: 20_000) + "a",
            "print " + String(repeating: "\"{", count: 5_000),
            "print " + String(repeating: "max(", count: 20_000),
            "if a {}" + String(repeating: " else if a {}", count: 20_000),
            String(repeating: "print 1 + ", count: 2_000) + "1",
        ] {
            let diagnostics = Parser.parse(SourceFile(name: "t", text: text)).diagnostics
            #expect(diagnostics.count < 10)
        }
    }
}
