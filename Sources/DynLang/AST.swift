// The syntax tree of the dyn language.
//
// A script is a list of statements. The control forms (`let`, `set`, `print`, `assert`,
// `for`, `if`, `while`, `every`, `on`, `source`) have their own cases; every other command
// (`world`, `add`, `remove`, `gravity`, `step`, `run`, `collide`, `attach`, ...) is a
// `.command`: its keyword and a list of argument expressions. Which of those arguments are
// option keywords (`frame`, `shape`, `as`, ...) is decided by each command's declared grammar
// (`Grammar.swift`, read by `CommandParser.swift`), so that new commands need no new syntax and
// a bare word can be an option in one command and a variable in another.
//
// Argument expressions: in a command's argument position an expression must not contain
// spaces unless it is in parentheses: `frame (i * 40) 100 40 40` or `frame i*40 100 40 40`.
// A bare identifier is an `.name` expression; the command table reads it as a keyword, an
// item name or a variable as its position requires.

/// A binary operator, in the precedence order of `Parser` (lowest first).
public enum BinaryOperator: String, Sendable, CaseIterable {
    case or = "or"
    case and = "and"
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessEqual = "<="
    case greater = ">"
    case greaterEqual = ">="
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case remainder = "%"
    /// `a ^ b`: a to the power b (binds tighter than unary minus, right associative).
    case power = "^"
}

/// A unary operator.
public enum UnaryOperator: String, Sendable {
    case negate = "-"
    case not = "not"
}

/// A piece of a string literal: literal text, or an interpolated `{EXPR}`.
public enum StringPart: Sendable {
    case text(String)
    case interpolation(Expr)
}

/// An expression with the place it was written.
public struct Expr: Sendable {
    public indirect enum Kind: Sendable {
        /// A number; `deg` has already been converted to radians. `unit` records what was written.
        case number(Double, unit: NumberUnit)
        case string([StringPart])
        case boolean(Bool)
        /// A bare identifier: a variable, an item, a behavior, `world`, or an option keyword.
        case name(String)
        /// `object.property`, e.g. `ball.x`, `world.time`, `rope.length`.
        case property(object: String, objectRange: SourceRange, name: String, nameRange: SourceRange)
        /// `"link{i}".x`: the property of the thing a string names.
        case dynamicProperty(object: Expr, name: String, nameRange: SourceRange)
        /// A call of a built-in function, e.g. `sin(a)`, `max(a, b)`, `pi` is a `.name`.
        case call(function: String, functionRange: SourceRange, arguments: [Expr])
        case unary(UnaryOperator, Expr)
        case binary(BinaryOperator, Expr, Expr, operatorRange: SourceRange)
    }

    public var kind: Kind
    public var range: SourceRange

    public init(_ kind: Kind, _ range: SourceRange) {
        self.kind = kind
        self.range = range
    }

    /// The identifier, when this expression is a bare name.
    public var bareName: String? {
        if case .name(let n) = kind { return n }
        return nil
    }
}

/// The unit suffix written after a number.
public enum NumberUnit: String, Sendable {
    case none = ""
    case degrees = "deg"
    case seconds = "s"
}

/// The target of `set`: a property (`ball.vx`, `world.model`) or a variable.
public enum SetTarget: Sendable {
    case property(object: String, objectRange: SourceRange, name: String, nameRange: SourceRange)
    /// `set "link{i}".vx 0`
    case dynamicProperty(object: Expr, name: String, nameRange: SourceRange)
    case variable(String, SourceRange)
}

/// A statement with the place it was written.
public struct Statement: Sendable {
    public indirect enum Kind: Sendable {
        /// A generic command: `keyword arg arg ...` (arguments in written order).
        case command(keyword: String, keywordRange: SourceRange, arguments: [Expr])
        /// `let NAME = EXPR`
        case letBinding(name: String, nameRange: SourceRange, value: Expr)
        /// `set TARGET EXPR` (also `set TARGET = EXPR`)
        case set(target: SetTarget, value: Expr)
        /// `print EXPR` (a bare item name or `world` prints that object's state)
        case print(Expr)
        /// `assert EXPR [, MESSAGE]`
        case assert(Expr, message: Expr?)
        /// `for NAME in FROM..<TO { }` (closed: `FROM...TO`)
        case forRange(variable: String, variableRange: SourceRange, from: Expr, to: Expr, closed: Bool, body: [Statement])
        /// `if COND { } [else { } | else if ...]`; an `else if` is an else block holding one `if`.
        case ifElse(condition: Expr, then: [Statement], otherwise: [Statement]?)
        /// `while COND { }`
        case whileLoop(condition: Expr, body: [Statement])
        /// `every step [of OWNER] [as NAME] { }`: with an owner (a behavior), the action goes
        /// when the owner is removed.
        case everyStep(name: String?, nameRange: SourceRange?, owner: String?, ownerRange: SourceRange?, body: [Statement])
        /// `behavior NAME { }`: a composite behavior holding the behaviors and actions its block makes.
        case composite(name: String, nameRange: SourceRange, body: [Statement])
        /// `on contact A B [end] [as NAME] { }`: A and B are names (items or boundaries);
        /// `ended` is true for the form that runs when they stop touching (`on contact end A B`).
        case onContact(a: Expr, b: Expr, ended: Bool, name: String?, nameRange: SourceRange?, body: [Statement])
        /// `source FILE` (a string or a bare path, as a string expression)
        case source(Expr)
        /// `{ ... }` on its own
        case block([Statement])
        /// `fn NAME(A, B) { ... }`: defines a function (Functions.swift).
        case function(name: String, nameRange: SourceRange, parameters: [String], parameterRanges: [SourceRange], body: [Statement])
        /// `return [EXPR]` inside a function.
        case returnValue(Expr?)
        /// `break` / `continue` inside a loop (`isBreak` false: `continue`).
        case loopControl(isBreak: Bool)
        /// A call of a function on its own line: `shout(3)`.
        case expression(Expr)
    }

    public var kind: Kind
    /// The whole statement.
    public var range: SourceRange
    /// The leading keyword (for diagnostics that blame the command as a whole).
    public var keywordRange: SourceRange

    public init(_ kind: Kind, range: SourceRange, keywordRange: SourceRange) {
        self.kind = kind
        self.range = range
        self.keywordRange = keywordRange
    }
}

/// A parsed script: its statements, and the file they came from.
public struct Script: Sendable {
    public var file: SourceFile
    public var statements: [Statement]

    public init(file: SourceFile, statements: [Statement]) {
        self.file = file
        self.statements = statements
    }
}
