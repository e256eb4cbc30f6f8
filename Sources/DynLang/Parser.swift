// The parser: tokens to a `Script`, with every syntax error of the file reported.
//
// A recursive-descent parser in the manner of Lua's `lparser.c` and jlox's `Parser.java`: one
// token of lookahead (`current`, with `previous` the token just consumed), a small vocabulary
// (`check`, `match`, `expect`), each parse function headed by its grammar production, binary
// operators by precedence climbing over a table (`Parser.binaryOperators`).
//
// Errors. A syntax error records a `Diagnostic` and throws `ParseError`; the statement loop
// catches it and synchronises to the next newline or `;` at block depth 0 of the current block
// (or to the `}` that closes it), then goes on, so one run reports every error of a file and
// keeps every statement that parsed. Errors inside a token (bad escape, unterminated string,
// `12abc`) are the lexer's, recorded without stopping the parse. An error at the end of the
// input while a block, a parenthesis or a string is open is marked `isIncompleteInput`: the
// shell then asks for a continuation line (`isIncomplete(_:)`), as Lua's `lua.c` does.
//
// Grammar (EBNF; NAME, NUMBER, STRING are tokens; keywords are identifiers given meaning here):
//
//   script      -> statements EOF
//   statements  -> { separator } [ statement { separator { separator } statement } ]
//   separator   -> NEWLINE | ';'
//   statement   -> let | set | print | assert | for | if | while | every | on | source | block
//                  | fn | return | break | continue | call | command
//   fn          -> 'fn' NAME '(' [ NAME { ',' NAME } ] ')' block      (Functions.swift)
//   return      -> 'return' [ expression ]       only inside a function
//   break       -> 'break' | 'continue'          only inside a loop (of the same function)
//   call        -> NAME '(' ... ')'              a call on its own: '(' right after the name
//   let         -> 'let' NAME '=' expression
//   set         -> 'set' NAME [ '.' NAME ] [ '=' ] expression
//   print       -> 'print' expression
//   assert      -> 'assert' expression [ ',' expression ]
//   for         -> 'for' NAME 'in' expression ( '..<' | '...' ) expression block
//   if          -> 'if' expression block { 'else' 'if' expression block } [ 'else' block ]
//                  ('else' may follow '}' on the same line or on a later line)
//   while       -> 'while' expression block
//   every       -> 'every' 'step' [ 'of' NAME ] [ 'as' NAME ] block
//   behavior    -> 'behavior' NAME block
//   on          -> 'on' 'contact' [ 'end' ] argument argument [ 'as' NAME ] block
//   source      -> 'source' ( STRING | PATH )        PATH: raw text up to a space, ';', '}', '#'
//   block       -> '{' statements '}'
//   command     -> NAME [ values | PATH ] { argument [ PATH ] }   ends at NEWLINE, ';', '}' or EOF
//                  (values: expressions separated by ','; where the command's grammar says so)
//   argument    -> expression, "tight": it ends at a token preceded by space outside parentheses
//
//   expression  -> binary(1)
//   binary(p)   -> prefix(p) { OP binary(q + 1) | '^' binary(8) | APPROX binary(5) 'within' binary(5) }
//                  OP of precedence q >= p; comparisons do not chain; '^' is right associative;
//                  APPROX is '≈' or '~=' (a comparison: `a ≈ b within t` is `near(a, b, t)`)
//   prefix(p)   -> 'not' binary(max(p, 3)) | '-' binary(8) | postfix
//   postfix     -> NAME '.' NAME | STRING '.' NAME | NAME '(' [ expression { ',' expression } ] ')' | primary
//   primary     -> NUMBER | STRING | 'true' | 'false' | NAME | '(' expression ')'
//
//   precedence: 1 'or', 2 'and', 3 'not' (prefix), 4 '== != < <= > >= ≈', 5 '+ -', 6 '* / %',
//   7 unary '-', 8 '^' (so -2^2 is -4)
//
// Inside parentheses newlines are ignored (`print (1 +` continues on the next line). Nesting of
// blocks, parentheses, unary operators, interpolations and the operators of one chain (`1+1+1`)
// is limited to `maximumDepth` levels together, and an `if` to `Limits.elseIfs` `else if`s: the trees the parser builds are
// walked recursively (by the interpreter, the checker, and when freed), so their depth is bounded.

/// Parses dyn source text.
public enum Parser {
    /// The deepest nesting of blocks, parentheses, prefix operators and interpolations accepted.
    public static let maximumDepth = 200

    /// Parses a whole script; reports every syntax error of the file (recovering at the next
    /// command) and never throws away good statements.
    public static func parse(_ file: SourceFile) -> (script: Script, diagnostics: [Diagnostic]) {
        var core = ParserCore(file: file)
        let statements = core.parseScript()
        return (Script(file: file, statements: statements), core.finish())
    }

    /// Parses a file that holds a single expression (for tools and tests).
    public static func parseExpression(_ file: SourceFile) -> (expression: Expr?, diagnostics: [Diagnostic]) {
        var core = ParserCore(file: file)
        var result: Expr?
        do {
            core.skipNewlines()
            let e = try core.parseExpression()
            core.skipNewlines()
            if !core.check(.eof) {
                throw core.error("unexpected \(core.describe(core.current)) after the expression", at: core.current)
            }
            result = e
        } catch {
            result = nil
        }
        return (result, core.finish())
    }

    /// An entry typed at the prompt, parsed once: it needs more lines, or it is ready to run.
    public enum Entry: Sendable {
        /// The text ends inside an open block `{`, parenthesis or string: ask for a continuation line.
        case incomplete
        /// The whole entry, with its syntax errors (if any, nothing of it may run).
        case complete(Script, diagnostics: [Diagnostic])
    }

    /// Parses what has been typed so far, once: the shell runs the result or asks for more.
    public static func parseEntry(_ file: SourceFile) -> Entry {
        let (script, diagnostics) = parse(file)
        if diagnostics.contains(where: \.isIncompleteInput) { return .incomplete }
        return .complete(script, diagnostics: diagnostics)
    }

    /// True when `text` ends inside an open block `{`, parenthesis or string.
    public static func isIncomplete(_ text: String) -> Bool {
        if case .incomplete = parseEntry(SourceFile(name: "<stdin>", text: text)) { return true }
        return false
    }

    static let notPrecedence = 3
    static let comparisonPrecedence = 4
    static let unaryPrecedence = 7
    static let powerPrecedence = 8

    /// The binary operators and their precedence (higher binds tighter); all are left
    /// associative except the comparisons, which do not associate.
    static let binaryOperators: [(token: TokenKind, op: BinaryOperator, precedence: Int)] = [
        (.identifier("or"), .or, 1),
        (.identifier("and"), .and, 2),
        (.equalEqual, .equal, 4), (.bangEqual, .notEqual, 4),
        (.less, .less, 4), (.lessEqual, .lessEqual, 4),
        (.greater, .greater, 4), (.greaterEqual, .greaterEqual, 4),
        (.plus, .add, 5), (.minus, .subtract, 5),
        (.star, .multiply, 6), (.slash, .divide, 6), (.percent, .remainder, 6),
        (.caret, .power, 8),
    ]
}

/// Thrown after a syntax error has been recorded: unwinds to the statement loop.
private struct ParseError: Error {}

/// The state of one parse.
private struct ParserCore {
    let file: SourceFile
    var lexer: Lexer
    /// The token being looked at.
    var current: Token
    /// The token just consumed.
    var previous: Token
    /// Lexer errors found while reading `current` (committed when it is consumed, so that a
    /// token read again as raw text, a `source` path, drops them).
    var pending: [Diagnostic] = []
    var diagnostics: [Diagnostic] = []

    /// Open parentheses: newlines inside them are skipped.
    var parenDepth = 0
    /// Newlines inside parentheses were skipped right before `current`.
    var newlineBeforeCurrent = false
    /// Open blocks.
    var blockDepth = 0
    /// Nesting of blocks, parentheses, prefix operators and interpolations (limited).
    var nesting = 0
    /// Parsing an interpolation (its end is not the end of the input).
    var inInterpolation = false
    /// While parsing a command argument: the argument's first offset and the paren depth at it.
    var tight: (start: Int, parenDepth: Int)?
    /// A missing '}' at the end of the input has been reported (report it once, not per level).
    var reportedUnclosedAtEnd = false
    /// Loops open around the statement being parsed, within the innermost function or action
    /// body (where `break` and `continue` may stand), and whether a function body is open (where
    /// `return` may).
    var loopDepth = 0
    var inFunction = false

    init(file: SourceFile) {
        self.file = file
        self.lexer = Lexer(file: file)
        let first = Token(kind: .newline, range: SourceRange(0, 0), spaceBefore: true)
        self.current = first
        self.previous = first
        advance()
    }

    mutating func finish() -> [Diagnostic] {
        diagnostics += pending
        pending = []
        // File order (stable: errors at the same place keep the order they were found in).
        var sorted = diagnostics.enumerated()
            .sorted { ($0.element.location.range.start, $0.offset) < ($1.element.location.range.start, $1.offset) }
            .map(\.element)
        // Every line longer than the limit is an error of its own.
        var long: [Diagnostic] = []
        for (i, start) in file.lineStarts.enumerated() {
            let end = i + 1 < file.lineStarts.count ? file.lineStarts[i + 1] - 1 : file.scalars.count
            if end - start > Limits.lineLength {
                long.append(Diagnostic(.error, "line longer than \(Limits.lineLength) characters (\(end - start))",
                                       at: SourceLocation(file: file, range: SourceRange(start, start))))
            }
        }
        if !long.isEmpty { sorted = long + sorted }
        // A flood of errors (a line of 100,000 '}') is cut short: the first ones, then a count.
        if sorted.count > Limits.errorsShown {
            let rest = sorted.count - Limits.errorsShown
            let last = sorted[Limits.errorsShown - 1]
            let incomplete = sorted.contains(where: \.isIncompleteInput)
            sorted.removeLast(rest)
            sorted.append(Diagnostic(.error, "\(rest) more error\(rest == 1 ? "" : "s") not shown (at most \(Limits.errorsShown) are)",
                                     at: last.location, incomplete: incomplete))
        }
        return sorted
    }

    // MARK: - Primitives

    /// Consumes `current` and reads the next token (skipping newlines inside parentheses).
    mutating func advance() {
        diagnostics += pending
        pending = []
        previous = current
        newlineBeforeCurrent = false
        while true {
            current = lexer.next()
            if !lexer.diagnostics.isEmpty {
                pending += lexer.diagnostics
                lexer.diagnostics = []
            }
            guard parenDepth > 0 && current.kind == .newline else { break }
            newlineBeforeCurrent = true
        }
    }

    func check(_ kind: TokenKind) -> Bool { current.kind == kind }

    func checkWord(_ word: String) -> Bool {
        if case .identifier(let w) = current.kind { return w == word }
        return false
    }

    mutating func match(_ kind: TokenKind) -> Bool {
        guard check(kind) else { return false }
        advance()
        return true
    }

    mutating func matchWord(_ word: String) -> Bool {
        guard checkWord(word) else { return false }
        advance()
        return true
    }

    /// Consumes a token of `kind`, or reports "MESSAGE, found TOKEN" at the current token.
    @discardableResult
    mutating func expect(_ kind: TokenKind, _ message: @autoclosure () -> String) throws -> Token {
        guard check(kind) else {
            throw error("\(message()), found \(describe(current))", at: current)
        }
        advance()
        return previous
    }

    /// A name that is not a reserved word: `expected a name after CONTEXT, found TOKEN`.
    mutating func expectName(after context: String) throws -> (name: String, range: SourceRange) {
        if case .identifier(let w) = current.kind, !ReservedWords.syntax.contains(w) {
            advance()
            return (w, previous.range)
        }
        throw error("expected a name after \(context), found \(describe(current))", at: current)
    }

    mutating func skipNewlines() {
        while check(.newline) || check(.semicolon) { advance() }
    }

    /// How messages quote a token; the end of an interpolation is its closing brace.
    func describe(_ token: Token) -> String {
        if token.kind == .eof && inInterpolation { return "'}'" }
        return token.describe(in: file)
    }

    func line(of token: Token) -> Int { file.lineAndColumn(of: token.range.start).line }

    /// A token ending a command: newline, `;`, `}` or the end.
    var atCommandEnd: Bool {
        switch current.kind {
        case .newline, .semicolon, .rightBrace, .eof: return true
        default: return false
        }
    }

    // MARK: - Errors

    /// Records a syntax error at `token` and returns the error to throw.
    mutating func error(_ message: String, at token: Token) -> ParseError {
        report(message, at: token.range, incomplete: isEndInsideOpenConstruct(token))
        return ParseError()
    }

    mutating func report(_ message: String, at range: SourceRange, incomplete: Bool = false) {
        diagnostics.append(Diagnostic(.error, message, at: SourceLocation(file: file, range: range), incomplete: incomplete))
    }

    func isEndInsideOpenConstruct(_ token: Token) -> Bool {
        token.kind == .eof && !inInterpolation && (parenDepth > 0 || blockDepth > 0)
    }

    /// Enters one level of nesting, or reports that the input is nested too deeply.
    mutating func enterNesting() throws {
        guard nesting < Parser.maximumDepth else {
            throw error("too deeply nested (more than \(Parser.maximumDepth) levels)", at: current)
        }
        nesting += 1
    }

    /// Skips to the end of the broken statement: the next newline or `;` at block depth 0 of
    /// the current block, or the `}` that closes the block (not consumed), or the end.
    mutating func synchronize() {
        // An unclosed '(' read on into the next lines: a name starting a line there is most
        // likely the next command, so resume at it rather than skip its line too.
        let resumeHere = parenDepth > 0 && newlineBeforeCurrent && canBeginCommand(current)
        parenDepth = 0
        tight = nil
        if resumeHere { return }
        var depth = 0
        while true {
            switch current.kind {
            case .eof:
                return
            case .newline, .semicolon:
                if depth == 0 { return }
            case .leftBrace:
                depth += 1
            case .rightBrace:
                if depth == 0 { return }
                depth -= 1
            default:
                break
            }
            advance()
        }
    }

    func canBeginCommand(_ token: Token) -> Bool {
        if case .identifier(let w) = token.kind { return !ReservedWords.syntax.contains(w) }
        return token.kind == .leftBrace
    }

    // MARK: - Statements

    // script -> statements EOF
    mutating func parseScript() -> [Statement] {
        parseStatements(inBlock: false)
    }

    // statements -> { separator } [ statement { separator { separator } statement } ]
    mutating func parseStatements(inBlock: Bool) -> [Statement] {
        var statements: [Statement] = []
        while true {
            skipNewlines()
            if check(.eof) { break }
            if check(.rightBrace) {
                if inBlock { break }
                report("unexpected '}'", at: current.range)
                advance()
                continue
            }
            do {
                let statement = try parseStatement()
                if !atCommandEnd {
                    throw error("expected end of line or ';' after the command, found \(describe(current))", at: current)
                }
                statements.append(statement)
            } catch {
                synchronize()
            }
        }
        return statements
    }

    // statement -> let | set | print | assert | for | if | while | every | on | source | block | command
    mutating func parseStatement() throws -> Statement {
        switch current.kind {
        case .identifier(let word):
            switch word {
            case "let": return try parseLet()
            case "set": return try parseSet()
            case "print": return try parsePrint()
            case "assert": return try parseAssert()
            case "for": return try parseFor()
            case "if": return try parseIf()
            case "while": return try parseWhile()
            case "every": return try parseEvery()
            case "behavior": return try parseComposite()
            case "on": return try parseOn()
            case "source": return try parseSource()
            case "fn": return try parseFunction()
            case "return": return try parseReturn()
            case "break", "continue": return try parseLoopControl()
            case "else": throw error("'else' without a matching 'if'", at: current)
            default:
                if Interpreter.command(named: word) == nil && isCallStatement() { return try parseCallStatement() }
                return try parseCommand()
            }
        case .leftBrace:
            let open = current
            let body = try parseBlock(for: nil)
            return statement(.block(body), from: open)
        default:
            throw error("unexpected \(describe(current))", at: current)
        }
    }

    /// A statement from `keyword` to the last consumed token.
    func statement(_ kind: Statement.Kind, from keyword: Token) -> Statement {
        Statement(kind, range: SourceRange(keyword.range.start, Swift.max(keyword.range.end, previous.range.end)), keywordRange: keyword.range)
    }

    // let -> 'let' NAME '=' expression
    mutating func parseLet() throws -> Statement {
        let keyword = current
        advance()
        let (name, nameRange) = try expectName(after: "'let'")
        try expect(.assign, "expected '=' after 'let \(name)'")
        let value = try parseExpression()
        return statement(.letBinding(name: name, nameRange: nameRange, value: value), from: keyword)
    }

    // set -> 'set' ( NAME [ '.' NAME ] | STRING '.' NAME ) [ '=' ] expression
    mutating func parseSet() throws -> Statement {
        let keyword = current
        advance()
        if case .string = current.kind {
            let object = try parsePrimary()
            guard match(.dot) else {
                throw error("expected '.' and a property after the name, found \(describe(current))", at: current)
            }
            let (name, nameRange) = try expectName(after: "'.'")
            _ = match(.assign)
            let value = try parseExpression()
            return statement(.set(target: .dynamicProperty(object: object, name: name, nameRange: nameRange), value: value), from: keyword)
        }
        let (object, objectRange) = try expectName(after: "'set'")
        let target: SetTarget
        if match(.dot) {
            let (name, nameRange) = try expectName(after: "'\(object).'")
            target = .property(object: object, objectRange: objectRange, name: name, nameRange: nameRange)
        } else {
            target = .variable(object, objectRange)
        }
        _ = match(.assign)
        let value = try parseExpression()
        return statement(.set(target: target, value: value), from: keyword)
    }

    // print -> 'print' expression
    mutating func parsePrint() throws -> Statement {
        let keyword = current
        advance()
        let value = try parseExpression()
        return statement(.print(value), from: keyword)
    }

    // assert -> 'assert' expression [ ',' expression ]
    mutating func parseAssert() throws -> Statement {
        let keyword = current
        advance()
        let condition = try parseExpression()
        var message: Expr?
        if match(.comma) { message = try parseExpression() }
        return statement(.assert(condition, message: message), from: keyword)
    }

    // for -> 'for' NAME 'in' expression ( '..<' | '...' ) expression block
    mutating func parseFor() throws -> Statement {
        let keyword = current
        advance()
        let (name, nameRange) = try expectName(after: "'for'")
        guard matchWord("in") else {
            throw error("expected 'in' after 'for \(name)', found \(describe(current))", at: current)
        }
        let from = try parseExpression()
        let closed: Bool
        if match(.halfOpenRange) {
            closed = false
        } else if match(.closedRange) {
            closed = true
        } else {
            throw error("expected '..<' or '...' in the for range", at: current)
        }
        let to = try parseExpression()
        let body = try parseLoopBody(for: "for")
        return statement(.forRange(variable: name, variableRange: nameRange, from: from, to: to, closed: closed, body: body), from: keyword)
    }

    // if -> 'if' expression block { 'else' 'if' expression block } [ 'else' block ]
    mutating func parseIf() throws -> Statement {
        // The chain is read in a loop and folded from the end, so a long `else if` chain
        // costs no recursion.
        var arms: [(keyword: Token, condition: Expr, body: [Statement])] = []
        var otherwise: [Statement]?
        var keyword = current
        advance()
        var elseIfs = 0
        while true {
            let condition = try parseExpression()
            let body = try parseBlock(for: "if")
            arms.append((keyword, condition, body))
            guard checkElse() else { break }
            while check(.newline) { advance() }
            advance()  // 'else'
            if checkWord("if") {
                // An `else if` nests the rest of the chain one level deeper in the tree: the
                // interpreter walks a chain in a loop, the checker and freeing the tree recurse.
                guard elseIfs < Limits.elseIfs else {
                    throw error("too many 'else if' (more than \(Limits.elseIfs) in one chain); use separate 'if's", at: current)
                }
                elseIfs += 1
                keyword = current
                advance()
                continue
            }
            guard check(.leftBrace) else {
                throw error("expected '{' or 'if' after 'else', found \(describe(current))", at: current)
            }
            otherwise = try parseBlock(for: "else")
            break
        }
        let end = previous.range.end
        var result: Statement?
        for arm in arms.reversed() {
            let elseBlock: [Statement]? = result.map { [$0] } ?? otherwise
            result = Statement(
                .ifElse(condition: arm.condition, then: arm.body, otherwise: elseBlock),
                range: SourceRange(arm.keyword.range.start, end), keywordRange: arm.keyword.range)
        }
        guard let statement = result else { throw ParseError() }  // unreachable: one arm at least
        return statement
    }

    /// True when the next word, on this line or after blank lines and comments, is `else`.
    func checkElse() -> Bool {
        if checkWord("else") { return true }
        guard check(.newline) else { return false }
        var lookahead = lexer  // a copy: tokens read here are read again for real
        var token = lookahead.next()
        while token.kind == .newline { token = lookahead.next() }
        return token.kind == .identifier("else")
    }

    // while -> 'while' expression block
    mutating func parseWhile() throws -> Statement {
        let keyword = current
        advance()
        let condition = try parseExpression()
        let body = try parseLoopBody(for: "while")
        return statement(.whileLoop(condition: condition, body: body), from: keyword)
    }

    // every -> 'every' 'step' [ 'as' NAME ] block
    mutating func parseEvery() throws -> Statement {
        let keyword = current
        advance()
        guard matchWord("step") else {
            throw error("expected 'step' after 'every', found \(describe(current))", at: current)
        }
        var owner: (name: String, range: SourceRange)?
        if matchWord("of") { owner = try expectName(after: "'of'") }
        var name: (name: String, range: SourceRange)?
        if matchWord("as") { name = try expectName(after: "'as'") }
        let body = try parseDetachedBody(for: "every step")
        return statement(.everyStep(name: name?.name, nameRange: name?.range, owner: owner?.name, ownerRange: owner?.range, body: body),
                         from: keyword)
    }

    // behavior -> 'behavior' NAME block
    mutating func parseComposite() throws -> Statement {
        let keyword = current
        advance()
        let name = try expectName(after: "'behavior'")
        let body = try parseBlock(for: "behavior")
        return statement(.composite(name: name.name, nameRange: name.range, body: body), from: keyword)
    }

    // on -> 'on' 'contact' [ 'end' ] argument argument [ 'as' NAME ] block
    mutating func parseOn() throws -> Statement {
        let keyword = current
        advance()
        guard matchWord("contact") else {
            throw error("expected 'contact' after 'on', found \(describe(current))", at: current)
        }
        let namesStart = current
        var arguments: [Expr] = []
        while !atCommandEnd && !check(.leftBrace) && !checkWord("as") {
            arguments.append(try parseArgument())
        }
        // `end` is the keyword when three names follow `contact` (an item may be named `end`).
        var ended = false
        if arguments.count == 3, arguments[0].bareName == "end" {
            ended = true
            arguments.removeFirst()
        }
        guard arguments.count == 2 else {
            let found = arguments.isEmpty ? describe(current) : "\(arguments.count)"
            throw error("expected two names (items or boundaries) after 'on contact', found \(found)",
                        at: arguments.isEmpty ? current : namesStart)
        }
        var name: (name: String, range: SourceRange)?
        if matchWord("as") { name = try expectName(after: "'as'") }
        let body = try parseDetachedBody(for: ended ? "on contact end" : "on contact")
        return statement(.onContact(a: arguments[0], b: arguments[1], ended: ended, name: name?.name, nameRange: name?.range, body: body), from: keyword)
    }

    // source -> 'source' ( STRING | PATH )
    mutating func parseSource() throws -> Statement {
        let keyword = current
        advance()
        return statement(.source(try parsePath(after: "source")), from: keyword)
    }

    /// A file name: a string, or a bare path made of the raw text up to a space or the end
    /// of the command.
    mutating func parsePath(after keyword: String) throws -> Expr {
        if case .string = current.kind {
            return try parsePrimary()
        }
        if atCommandEnd || check(.leftBrace) {
            throw error("expected a file after '\(keyword)', found \(describe(current))", at: current)
        }
        // A bare path: the raw text up to a space or the end of the command, whatever tokens
        // it would make (`../x-y.dyn`). Lexer errors of the token read there do not apply.
        let start = current.range.start
        let scalars = file.scalars
        var end = start
        while end < scalars.count {
            let c = scalars[end]
            if c == "\n" || c == "\r" || c == ";" || c == "}" || c == "#" || Lexer.isSpace(c) { break }
            end += 1
        }
        pending = []
        lexer.seek(to: end)
        let range = SourceRange(start, end)
        current = Token(kind: .string([.text(file.text(range))]), range: range, spaceBefore: current.spaceBefore)
        advance()
        return Expr(.string([.text(file.text(range))]), range)
    }

    // command -> NAME { argument }
    // How a command's arguments are read comes from its declared grammar (`Grammar.swift`): a
    // command that leads with expressions takes whole expressions separated by commas first;
    // a file slot (first, or after a keyword such as `to`) takes a bare path.
    mutating func parseCommand() throws -> Statement {
        let keyword = current
        guard case .identifier(let name) = keyword.kind else { throw error("unexpected \(describe(current))", at: current) }
        advance()
        let syntax = Interpreter.command(named: name)?.syntax
        let fileKeywords = syntax?.fileKeywords ?? []
        var arguments: [Expr] = []
        if syntax?.leadsWithExpressions == true && !atCommandEnd && !check(.leftBrace) {
            // `plot a + 1, b over 2`: whole expressions separated by commas, then arguments.
            arguments.append(try parseExpression())
            while check(.comma) {
                advance()
                arguments.append(try parseExpression())
            }
        } else if syntax?.leadsWithFile == true {
            arguments.append(try parsePath(after: name))
        } else if case .identifier(let sub) = current.kind, let form = syntax?.forms.first(where: { $0.sub == sub }),
                  form.positionals.first?.fixed.first?.type == .expression {
            // `run until ball.y > 500 max 3`: a whole expression after the sub-keyword.
            arguments.append(Expr(.name(sub), current.range))
            advance()
            if !atCommandEnd && !check(.leftBrace) { arguments.append(try parseExpression()) }
        }
        while !atCommandEnd && !check(.leftBrace) {
            let argument = try parseArgument()
            arguments.append(argument)
            // `record 5 to out/fall.gif`: a bare path after `to`.
            if let word = argument.bareName, fileKeywords.contains(word), !atCommandEnd, !check(.leftBrace) {
                arguments.append(try parsePath(after: word))
            }
        }
        if check(.leftBrace) {
            let brace = current
            report("'\(name)' does not take a block", at: brace.range)
            _ = try parseBlock(for: nil)
            throw ParseError()
        }
        return statement(.command(keyword: name, keywordRange: keyword.range, arguments: arguments), from: keyword)
    }

    // block -> '{' statements '}'
    mutating func parseBlock(for owner: String?) throws -> [Statement] {
        guard check(.leftBrace) else {
            let what = owner.map { "expected '{' to begin the body of '\($0)'" } ?? "expected '{'"
            throw error("\(what), found \(describe(current))", at: current)
        }
        let open = current
        try enterNesting()
        defer { nesting -= 1 }
        advance()
        blockDepth += 1
        let body = parseStatements(inBlock: true)
        if check(.rightBrace) {
            blockDepth -= 1
            advance()
        } else {
            // Only the end of the input stops the statement loop without a '}'.
            if !reportedUnclosedAtEnd {
                reportedUnclosedAtEnd = true
                _ = error("expected '}' to close the block opened at line \(line(of: open)), found \(describe(current))", at: current)
            }
            blockDepth -= 1
        }
        return body
    }

    // MARK: - Arguments

    // argument -> expression (tight: ends before a token preceded by space, outside parentheses)
    mutating func parseArgument() throws -> Expr {
        if !canBeginExpression(current) {
            throw error("unexpected \(describe(current))", at: current)
        }
        if !current.spaceBefore {
            throw error("expected a space before \(describe(current))", at: current)
        }
        let saved = tight
        tight = (current.range.start, parenDepth)
        defer { tight = saved }
        return try parseExpression()
    }

    /// True when `token` ends the argument being parsed: it follows a space, outside the
    /// argument's parentheses, and is not the argument's first token.
    func isTightBoundary(_ token: Token) -> Bool {
        guard let t = tight else { return false }
        return parenDepth == t.parenDepth && token.spaceBefore && token.range.start != t.start
    }

    func canBeginExpression(_ token: Token) -> Bool {
        switch token.kind {
        case .number, .string, .leftParen, .minus: return true
        case .identifier(let w): return w != "and" && w != "or"
        default: return false
        }
    }

    // MARK: - Expressions

    // expression -> binary(1)
    mutating func parseExpression() throws -> Expr {
        try parseBinary(1)
    }

    // binary(p) -> prefix(p) { OP binary(q + 1) }      (q >= p; comparisons do not chain)
    mutating func parseBinary(_ minPrecedence: Int) throws -> Expr {
        var left = try parsePrefix(minPrecedence)
        var leftIsComparison = false
        // Each operator of a chain deepens the tree by one (`1+1+1` is ((1+1)+1)), and the
        // interpreter, the checker and freeing the tree recurse that deep: count each as a
        // level of nesting.
        var chain = 0
        defer { nesting -= chain }
        while let (op, precedence) = binaryOperator(current), precedence >= minPrecedence, !isTightBoundary(current) {
            if precedence == Parser.comparisonPrecedence && leftIsComparison {
                throw error("comparisons cannot be chained: use 'and' between them, found \(describe(current))", at: current)
            }
            let opToken = current
            guard nesting < Parser.maximumDepth else {
                throw error("expression too long or too deeply nested (more than \(Parser.maximumDepth) operators and levels); split it with 'let'", at: current)
            }
            nesting += 1
            chain += 1
            advance()
            if opToken.kind == .approx {
                left = try parseApproximately(left, opToken)
                leftIsComparison = true
                continue
            }
            let right = try parseBinary(op == .power ? precedence : precedence + 1)
            left = Expr(.binary(op, left, right, operatorRange: opToken.range), left.range.union(right.range))
            leftIsComparison = precedence == Parser.comparisonPrecedence
        }
        return left
    }

    func binaryOperator(_ token: Token) -> (BinaryOperator, Int)? {
        // `≈` stands for a comparison here; `parseApproximately` builds its call.
        if token.kind == .approx { return (.equal, Parser.comparisonPrecedence) }
        for entry in Parser.binaryOperators where entry.token == token.kind {
            return (entry.op, entry.precedence)
        }
        return nil
    }

    // prefix(p) -> 'not' binary(max(p, 3)) | '-' prefix(7) | postfix
    mutating func parsePrefix(_ minPrecedence: Int) throws -> Expr {
        if isTightBoundary(current) && canBeginExpression(current) {
            throw error("expected an expression after \(describe(previous)); an expression with spaces must be in parentheses", at: previous)
        }
        if checkWord("not") {
            let op = current
            try enterNesting()
            defer { nesting -= 1 }
            advance()
            let operand = try parseBinary(Swift.max(minPrecedence, Parser.notPrecedence))
            return Expr(.unary(.not, operand), op.range.union(operand.range))
        }
        if check(.minus) {
            let op = current
            try enterNesting()
            defer { nesting -= 1 }
            advance()
            let operand = try parseBinary(Parser.powerPrecedence)
            return Expr(.unary(.negate, operand), op.range.union(operand.range))
        }
        return try parsePostfix()
    }

    // postfix -> NAME '.' NAME | STRING '.' NAME | NAME '(' [ expression { ',' expression } ] ')' | primary
    mutating func parsePostfix() throws -> Expr {
        let primary = try parsePrimary()
        if case .string = primary.kind, check(.dot), !isTightBoundary(current) {
            advance()
            let (property, propertyRange) = try expectName(after: "'.'")
            return Expr(.dynamicProperty(object: primary, name: property, nameRange: propertyRange), primary.range.union(propertyRange))
        }
        guard case .name(let name) = primary.kind else { return primary }
        if check(.dot) && !isTightBoundary(current) {
            advance()
            let (property, propertyRange) = try expectName(after: "'\(name).'")
            return Expr(.property(object: name, objectRange: primary.range, name: property, nameRange: propertyRange),
                        primary.range.union(propertyRange))
        }
        if check(.leftParen) && !isTightBoundary(current) {
            let open = current
            try enterNesting()
            defer { nesting -= 1 }
            parenDepth += 1
            advance()
            var arguments: [Expr] = []
            if !check(.rightParen) {
                repeat {
                    arguments.append(try parseExpression())
                } while match(.comma)
            }
            try closeParenthesis(opened: open)
            return Expr(.call(function: name, functionRange: primary.range, arguments: arguments), primary.range.union(previous.range))
        }
        return primary
    }

    /// Consumes the `)` matching `open`.
    mutating func closeParenthesis(opened open: Token) throws {
        guard check(.rightParen) else {
            throw error("expected ')' to close '(' opened at line \(line(of: open)), found \(describe(current))", at: current)
        }
        parenDepth -= 1
        advance()
    }

    // primary -> NUMBER | STRING | 'true' | 'false' | NAME | '(' expression ')'
    mutating func parsePrimary() throws -> Expr {
        let token = current
        switch token.kind {
        case .number(let value, let unit):
            advance()
            return Expr(.number(value, unit: unit), token.range)
        case .string(let segments):
            advance()
            var parts: [StringPart] = []
            for segment in segments {
                switch segment {
                case .text(let text): parts.append(.text(text))
                case .interpolation(let range): parts.append(.interpolation(try parseInterpolation(range)))
                }
            }
            return Expr(.string(parts), token.range)
        case .identifier(let word) where word == "true" || word == "false":
            advance()
            return Expr(.boolean(word == "true"), token.range)
        case .identifier(let word) where !ReservedWords.syntax.contains(word):
            advance()
            return Expr(.name(word), token.range)
        case .leftParen:
            try enterNesting()
            defer { nesting -= 1 }
            parenDepth += 1
            advance()
            let inner = try parseExpression()
            try closeParenthesis(opened: token)
            return Expr(inner.kind, token.range.union(previous.range))
        default:
            throw error("expected an expression after \(describe(previous)), found \(describe(token))", at: token)
        }
    }

    /// Parses the expression of a `{EXPR}` in a string, lexing its range of the same file.
    mutating func parseInterpolation(_ range: SourceRange) throws -> Expr {
        try enterNesting()
        defer { nesting -= 1 }
        let saved = (lexer, current, previous, pending, parenDepth, blockDepth, inInterpolation, tight)
        defer {
            diagnostics += pending
            (lexer, current, previous, pending, parenDepth, blockDepth, inInterpolation, tight) = saved
        }
        lexer = Lexer(file: file, range: range)
        pending = []
        parenDepth = 0
        blockDepth = 0
        inInterpolation = true
        tight = nil
        current = Token(kind: .leftBrace, range: SourceRange(range.start - 1, range.start), spaceBefore: false)
        advance()
        let expression = try parseExpression()
        if !check(.eof) {
            throw error("expected '}' after the interpolated expression, found \(describe(current))", at: current)
        }
        return expression
    }
}

// MARK: - Functions, loop control, `≈` (issue #13)

extension ParserCore {
    // fn -> 'fn' NAME '(' [ NAME { ',' NAME } ] ')' block
    mutating func parseFunction() throws -> Statement {
        let keyword = current
        advance()
        let (name, nameRange) = try expectName(after: "'fn'")
        let open = try expect(.leftParen, "expected '(' and the parameters after 'fn \(name)'")
        parenDepth += 1
        var parameters: [String] = []
        var ranges: [SourceRange] = []
        if !check(.rightParen) {
            repeat {
                let (p, r) = try expectName(after: parameters.isEmpty ? "'('" : "','")
                if parameters.contains(p) { throw error("the parameter '\(p)' is named twice", at: previous) }
                parameters.append(p)
                ranges.append(r)
            } while match(.comma)
        }
        try closeParenthesis(opened: open)
        let saved = (loopDepth, inFunction)
        (loopDepth, inFunction) = (0, true)
        defer { (loopDepth, inFunction) = saved }
        let body = try parseBlock(for: "fn \(name)")
        return statement(.function(name: name, nameRange: nameRange, parameters: parameters, parameterRanges: ranges, body: body), from: keyword)
    }

    // return -> 'return' [ expression ]
    mutating func parseReturn() throws -> Statement {
        let keyword = current
        guard inFunction else { throw error("'return' outside a function", at: keyword) }
        advance()
        let value = atCommandEnd ? nil : try parseExpression()
        return statement(.returnValue(value), from: keyword)
    }

    // break -> 'break' | 'continue'
    mutating func parseLoopControl() throws -> Statement {
        let keyword = current
        let isBreak = checkWord("break")
        guard loopDepth > 0 else { throw error("'\(isBreak ? "break" : "continue")' outside a loop", at: keyword) }
        advance()
        return statement(.loopControl(isBreak: isBreak), from: keyword)
    }

    /// A loop's body, where `break` and `continue` may stand.
    mutating func parseLoopBody(for owner: String) throws -> [Statement] {
        loopDepth += 1
        defer { loopDepth -= 1 }
        return try parseBlock(for: owner)
    }

    /// The body of an `every step` or `on contact` action: run later, on its own, so neither the
    /// loops nor the function around it are its.
    mutating func parseDetachedBody(for owner: String) throws -> [Statement] {
        let saved = (loopDepth, inFunction)
        (loopDepth, inFunction) = (0, false)
        defer { (loopDepth, inFunction) = saved }
        return try parseBlock(for: owner)
    }

    /// True when the current name is followed right away (no space) by `(`: a call on its own.
    func isCallStatement() -> Bool {
        var lookahead = lexer  // a copy
        let next = lookahead.next()
        return next.kind == .leftParen && !next.spaceBefore
    }

    // call -> NAME '(' [ expression { ',' expression } ] ')'
    mutating func parseCallStatement() throws -> Statement {
        let start = current
        let call = try parsePostfix()
        return statement(.expression(call), from: start)
    }

    /// `LEFT ≈ RIGHT within TOLERANCE`, `≈` just consumed: the call `near(LEFT, RIGHT, TOLERANCE)`.
    mutating func parseApproximately(_ left: Expr, _ op: Token) throws -> Expr {
        let right = try parseBinary(Parser.comparisonPrecedence + 1)
        guard matchWord("within") else {
            throw error("expected 'within' and a tolerance after '\(file.text(SourceRange(left.range.start, right.range.end)))', found \(describe(current))", at: current)
        }
        let tolerance = try parseBinary(Parser.comparisonPrecedence + 1)
        return Expr(.call(function: "near", functionRange: op.range, arguments: [left, right, tolerance]),
                    left.range.union(tolerance.range))
    }
}
