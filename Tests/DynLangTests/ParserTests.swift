// The parser through the canonical printer: every statement form of the language, argument
// splitting, precedence and associativity, `else` chains, source ranges, and round trips.
import Testing
@testable import DynLang

/// The canonical text of a script that must parse without diagnostics.
private func printed(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
    let (script, diagnostics) = Parser.parse(SourceFile(name: "t.dyn", text: text))
    #expect(diagnostics.isEmpty, "\(diagnostics.map { $0.rendered() }.joined())", sourceLocation: sourceLocation)
    return ASTPrinter.print(script)
}

/// The canonical text of one expression (a `print` statement's value).
private func expression(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
    let (expr, diagnostics) = Parser.parseExpression(SourceFile(name: "t.dyn", text: text))
    #expect(diagnostics.isEmpty, "\(diagnostics.map { $0.rendered() }.joined())", sourceLocation: sourceLocation)
    return expr.map { ASTPrinter.print($0) } ?? "<nil>"
}

struct ParserTests {
    // MARK: Statement forms of language.md

    @Test func simpleStatements() {
        #expect(printed("let x = 1 + 2") == "let x = (1 + 2)\n")
        #expect(printed("set ball.vx 10") == "set ball.vx 10\n")
        #expect(printed("set ball.vx = -10") == "set ball.vx (-10)\n")
        #expect(printed("set x x + 1") == "set x (x + 1)\n")
        #expect(printed("set x = 3") == "set x 3\n")
        #expect(printed("set world.model \"uikit\"") == "set world.model \"uikit\"\n")
        #expect(printed("set p.active false") == "set p.active false\n")
        #expect(printed("print world.time") == "print world.time\n")
        #expect(printed("print world") == "print world\n")
        #expect(printed("print -x") == "print (-x)\n")
        #expect(printed("assert ball.y > 100") == "assert (ball.y > 100)\n")
        #expect(printed("assert a == b, \"a is {a}\"") == "assert (a == b), \"a is {a}\"\n")
    }

    @Test func coreCommands() {
        let script = """
            world 375 667
            add view ball frame 100 100 50 50 shape ellipse elasticity 0.5
            add group g a b
            remove ball
            gravity
            gravity 0 -1
            gravity angle 90deg magnitude 2 on a b as g1
            collide all bounds mode everything as c
            boundary floor line 0 600 375 600
            attach anchor a offset 0 -10 to 100 50 length 80 frequency 2 damping 0.3 as rope
            attach pin a b at 100 100 range -1 1 friction 0.1
            snap a to 200 300 damping 0.5
            step
            step 10
            run 2s
            """
        #expect(printed(script) == """
            world 375 667
            add view ball frame 100 100 50 50 shape ellipse elasticity 0.5
            add group g a b
            remove ball
            gravity
            gravity 0 (-1)
            gravity angle 90deg magnitude 2 on a b as g1
            collide all bounds mode everything as c
            boundary floor line 0 600 375 600
            attach anchor a offset 0 (-10) to 100 50 length 80 frequency 2 damping 0.3 as rope
            attach pin a b at 100 100 range (-1) 1 friction 0.1
            snap a to 200 300 damping 0.5
            step
            step 10
            run 2s

            """)
    }

    @Test func loops() {
        #expect(printed("for i in 0..<3 { print i }") == "for i in 0..<3 {\n    print i\n}\n")
        #expect(printed("for i in 1...n { print i }") == "for i in 1...n {\n    print i\n}\n")
        // The range operator binds loosest.
        #expect(printed("for i in a - 1..<b * 2 {\n}") == "for i in (a - 1)..<(b * 2) {\n}\n")
        #expect(printed("while x < 10 {\n  set x x + 1\n}") == "while (x < 10) {\n    set x (x + 1)\n}\n")
    }

    @Test func everyAndOnContact() {
        #expect(printed("every step { print world.time }") == "every step {\n    print world.time\n}\n")
        #expect(printed("every step as tick {\n}") == "every step as tick {\n}\n")
        #expect(printed("on contact ball floor { print \"hit\" }") == "on contact ball floor {\n    print \"hit\"\n}\n")
        #expect(printed("on contact end ball floor {\n}") == "on contact end ball floor {\n}\n")
        #expect(printed("on contact \"b{i}\" bounds as hit {\n}") == "on contact \"b{i}\" bounds as hit {\n}\n")
        #expect(printed("on contact end a b as e {\n}") == "on contact end a b as e {\n}\n")
        // An item may be called `end`: with two names it is one of them.
        #expect(printed("on contact end b {\n}") == "on contact end b {\n}\n")
        let (script, _) = Parser.parse(SourceFile(name: "t", text: "on contact end a b {\n}"))
        if case .onContact(let a, let b, let ended, _, _, _) = script.statements.first?.kind {
            #expect(a.bareName == "a" && b.bareName == "b" && ended)
        } else {
            Issue.record("not an on contact statement")
        }
    }

    @Test func sourceAndBlocks() {
        #expect(printed("source lib/rope.dyn") == "source \"lib/rope.dyn\"\n")
        #expect(printed("source ../x-y.dyn # the rope") == "source \"../x-y.dyn\"\n")
        #expect(printed("source 12abc.dyn") == "source \"12abc.dyn\"\n")
        #expect(printed("source \"my scenes/a.dyn\"") == "source \"my scenes/a.dyn\"\n")
        #expect(printed("{ source a.dyn }") == "{\n    source \"a.dyn\"\n}\n")
        #expect(printed("{ print 1; print 2 }\n{\n}") == "{\n    print 1\n    print 2\n}\n{\n}\n")
    }

    @Test func separatorsCommentsAndBlankLines() {
        let script = """

            # a comment line
            print 1; print 2   # trailing comment
            ;;
            if x {   # comment after the brace

                print 3 ; print 4
            }
            """
        #expect(printed(script) == "print 1\nprint 2\nif x {\n    print 3\n    print 4\n}\n")
    }

    // MARK: Conditionals

    @Test func ifElseChains() {
        #expect(printed("if a { print 1 }") == "if a {\n    print 1\n}\n")
        #expect(printed("if a { print 1 } else { print 2 }") == "if a {\n    print 1\n} else {\n    print 2\n}\n")
        let chain = "if a { print 1 } else if b { print 2 } else if c { print 3 } else { print 4 }"
        #expect(printed(chain) == """
            if a {
                print 1
            } else if b {
                print 2
            } else if c {
                print 3
            } else {
                print 4
            }

            """)
        // else-if is an else block holding one if.
        let (script, _) = Parser.parse(SourceFile(name: "t", text: chain))
        guard case .ifElse(_, _, let otherwise?) = script.statements.first?.kind, otherwise.count == 1,
            case .ifElse = otherwise[0].kind
        else {
            Issue.record("else if is not an else block with one if")
            return
        }
    }

    @Test func elseOnTheNextLine() {
        let text = """
            if a {
                print 1
            }
            # comments and blank lines may come between

            else if b {
                print 2
            }
            else {
                print 3
            }
            print 4
            """
        #expect(printed(text) == "if a {\n    print 1\n} else if b {\n    print 2\n} else {\n    print 3\n}\nprint 4\n")
        // Without an else the newline still ends the if.
        #expect(printed("if a {\n}\n\nprint 1") == "if a {\n}\nprint 1\n")
    }

    // MARK: Arguments

    @Test func argumentSplitting() {
        #expect(printed("frame (i * 40) 100 40 40") == "frame (i * 40) 100 40 40\n")
        #expect(printed("frame i*40 100 40 40") == "frame (i * 40) 100 40 40\n")
        #expect(printed("gravity 0 -1") == "gravity 0 (-1)\n")
        #expect(printed("gravity 0-1") == "gravity (0 - 1)\n")
        #expect(printed("add view \"link{i}\" frame (i*40) 0 40 40") == "add view \"link{i}\" frame (i * 40) 0 40 40\n")
        #expect(printed("shape path 0 -20 20 20 -20 20") == "shape path 0 (-20) 20 20 (-20) 20\n")
        #expect(printed("push b instant angle 90deg magnitude 2") == "push b instant angle 90deg magnitude 2\n")
        #expect(printed("add view b frame x+w/2 ball.y sin(a)*r max(1, 2)") == "add view b frame (x + (w / 2)) ball.y (sin(a) * r) max(1, 2)\n")
        #expect(printed("step (n\n  + 1)") == "step (n + 1)\n")
        let (script, _) = Parser.parse(SourceFile(name: "t", text: "frame (i * 40) 100 40 40"))
        if case .command(let keyword, let keywordRange, let arguments) = script.statements.first?.kind {
            #expect(keyword == "frame")
            #expect(keywordRange == SourceRange(0, 5))
            #expect(arguments.count == 4)
            #expect(arguments.map(\.range) == [SourceRange(6, 14), SourceRange(15, 18), SourceRange(19, 21), SourceRange(22, 24)])
        } else {
            Issue.record("not a command")
        }
    }

    @Test func fullExpressionsTakeSpaces() {
        #expect(printed("print 1 - 1") == "print (1 - 1)\n")
        #expect(printed("let x = a and not b") == "let x = (a and (not b))\n")
        #expect(printed("if x > 1 and y < 2 {\n}") == "if ((x > 1) and (y < 2)) {\n}\n")
    }

    // MARK: Expressions

    @Test func precedence() {
        #expect(expression("1 + 2 * 3") == "(1 + (2 * 3))")
        #expect(expression("(1 + 2) * 3") == "((1 + 2) * 3)")
        #expect(expression("a or b and c") == "(a or (b and c))")
        #expect(expression("a and b or c") == "((a and b) or c)")
        #expect(expression("not a == b") == "(not (a == b))")
        #expect(expression("not a and b") == "((not a) and b)")
        #expect(expression("not not a") == "(not (not a))")
        #expect(expression("a + b < c * d") == "((a + b) < (c * d))")
        #expect(expression("a == b and c != d or e >= f") == "(((a == b) and (c != d)) or (e >= f))")
        #expect(expression("-a * b") == "((-a) * b)")
        #expect(expression("- -a") == "(-(-a))")
        #expect(expression("a % b * c") == "((a % b) * c)")
        #expect(expression("a == not b") == "(a == (not b))")
    }

    @Test func associativity() {
        #expect(expression("1 - 2 - 3") == "((1 - 2) - 3)")
        #expect(expression("8 / 4 / 2") == "((8 / 4) / 2)")
        #expect(expression("a or b or c") == "((a or b) or c)")
        #expect(expression("a and b and c") == "((a and b) and c)")
    }

    @Test func primaries() {
        #expect(expression("12") == "12")
        #expect(expression("2.5e-3") == "0.0025")
        #expect(expression("90deg") == "90deg")
        #expect(expression("-3.5") == "(-3.5)")
        #expect(expression("2s") == "2s")
        #expect(expression("true") == "true")
        #expect(expression("false") == "false")
        #expect(expression("größe") == "größe")
        #expect(expression("world.time") == "world.time")
        #expect(expression("atan2(y, x)") == "atan2(y, x)")
        #expect(expression("pi") == "pi")
        #expect(expression("f()") == "f()")
        #expect(expression(#""a\"b\\c\n\{{x}\}""#) == #""a\"b\\c\n\{{x}\}""#)
        #expect(expression(#""{"inner {y}"}""#) == #""{"inner {y}"}""#)
        #expect(expression(#""{ a + 1 }""#) == #""{(a + 1)}""#)
    }

    @Test func unaryMinusIsFoldedByTheInterpreterNotTheParser() {
        let (expr, _) = Parser.parseExpression(SourceFile(name: "t", text: "-3.5"))
        guard case .unary(.negate, let operand)? = expr?.kind, case .number(3.5, .none) = operand.kind else {
            Issue.record("-3.5 is not unary minus of 3.5")
            return
        }
    }

    // MARK: Ranges

    @Test func interpolationRangesAreInTheFile() {
        let text = "print \"a{x + 1}\""
        let (script, _) = Parser.parse(SourceFile(name: "t", text: text))
        guard case .print(let value)? = script.statements.first?.kind, case .string(let parts) = value.kind,
            parts.count == 2, case .interpolation(let inner) = parts[1], case .binary(_, let l, _, let op) = inner.kind
        else {
            Issue.record("unexpected tree")
            return
        }
        #expect(inner.range == SourceRange(9, 14))
        #expect(l.range == SourceRange(9, 10))
        #expect(op == SourceRange(11, 12))
    }

    @Test func statementRanges() {
        let text = "let x = 1\nif a {\n  print 1\n} else if b {\n}\nadd view v frame 1 2 3 4 # c"
        let (script, _) = Parser.parse(SourceFile(name: "t", text: text))
        #expect(script.statements.map(\.range) == [SourceRange(0, 9), SourceRange(10, 42), SourceRange(43, 67)])
        #expect(script.statements.map(\.keywordRange) == [SourceRange(0, 3), SourceRange(10, 12), SourceRange(43, 46)])
        if case .ifElse(_, _, let otherwise?) = script.statements[1].kind {
            #expect(otherwise[0].range == SourceRange(34, 42))
            #expect(otherwise[0].keywordRange == SourceRange(34, 36))
        }
    }

    // MARK: Round trips and limits

    @Test func printedTextParsesToTheSameTree() {
        let text = """
            let x = -a * (b + c) % 2 - not d
            add view "link{i}" frame x*2 -y 10 10 shape path 0 -20 20 20
            for i in 0...n-1 { if i == 2 { print "{i}\\{" } else if not i { step } else { run 2s } }
            on contact end a b as c { source "x.dyn" }
            every step as s { { assert world.time < 90deg, "t" } }
            """
        let once = printed(text)
        #expect(printed(once) == once)
    }

    @Test func nestingUpToTheLimitParses() {
        let depth = Parser.maximumDepth - 1
        let parens = "print " + String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth)
        #expect(printed(parens) == "print 1\n")
        let blocks = String(repeating: "{\n", count: depth) + "print 1\n" + String(repeating: "}\n", count: depth)
        #expect(!printed(blocks).isEmpty)
        let elseIfs = "if a {\n}" + String(repeating: " else if a {\n}", count: 1000)
        #expect(printed(elseIfs).split(separator: "\n").count == 1002)
    }
}
