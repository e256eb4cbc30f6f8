// The grammar of a command, declared once: its positional arguments, keyword options and
// sub-forms, each with its value type, its constraint and the words it shows in usage.
//
// One declaration serves every reader: the generic parser (`CommandParser.swift`) turns a
// command's argument expressions into `ParsedArguments`; the usage lines of `help` and of
// Docs/language.md are rendered from it; tab completion offers its keywords; values are
// checked against its constraints both by `dyn check` (for constant arguments) and when the
// command runs. The model is swift-argument-parser's: a declaration per command, a typed
// value built from it, `validate()` before `apply` (see `Command.swift`).

import DynSystem

/// What an argument slot takes.
public enum SlotType: Sendable, Equatable {
    /// A finite number (any expression making one); `90deg` is read in radians.
    case number
    /// A number of seconds: `2` or `2s`, never degrees.
    case duration
    /// A name: a bare identifier, or a string that makes one (`"link{i}"`).
    case name
    /// A name for something new: like `name`, and not a reserved word.
    case newName
    /// Any value (a number, a string, yes or no).
    case value
    /// A file name (a string; the parser reads a bare path here as one).
    case file
    /// A whole expression, kept to evaluate later (after every frame); several in a row are
    /// written separated by commas and may contain spaces (`plot ball.y + 10, ball.vy over 2`).
    case expression
    /// One of these words, written bare.
    case word([String])
    /// A field's region, written in the region syntax (`disc(100)`, FieldRegionSyntax.swift).
    case region
}

/// A rule on a number that needs no world to check.
public enum Constraint: Sendable {
    /// Greater than 0.
    case positive
    /// Within bounds (the lower one excluded when `lowerOpen`), optionally a whole number;
    /// `text` says it in a message ("a whole number from 0 to 1e9").
    case within(ClosedRange<Double>, whole: Bool, text: String, lowerOpen: Bool = false)

    /// A whole number from `lo` to `hi`.
    static func whole(_ lo: Int, _ hi: Int) -> Constraint {
        .within(Double(lo)...Double(hi), whole: true, text: "a whole number from \(lo) to \(hi)")
    }

    /// Greater than 0 and at most `hi`.
    static func positive(atMost hi: Double) -> Constraint {
        .within(0...hi, whole: false, text: "greater than 0 and at most \(formatNumber(hi))", lowerOpen: true)
    }

    /// The message when `value` breaks the rule, or nil when it holds.
    func violation(_ value: Double, what: String) -> String? {
        switch self {
        case .positive:
            return value > 0 ? nil : "\(what) must be greater than 0, got \(formatNumber(value))"
        case .within(let bounds, let whole, let text, let lowerOpen):
            let inside = bounds.contains(value) && !(lowerOpen && value == bounds.lowerBound)
            if inside && (!whole || value == value.rounded()) { return nil }
            return "\(what) must be \(text), got \(formatNumber(value))"
        }
    }
}

/// One argument slot: what it shows in usage, what messages call it, what it takes.
public struct Slot: Sendable {
    /// In usage lines: `W`, `NAME`, `rect|ellipse|path` (word slots show their words).
    public var label: String
    /// In messages: "the width".
    public var what: String
    public var type: SlotType
    public var constraint: Constraint?

    public init(_ label: String, _ what: String, _ type: SlotType = .number, _ constraint: Constraint? = nil) {
        self.label = label
        self.what = what
        self.type = type
        self.constraint = constraint
    }

    /// The slot's words, when it is a word slot.
    var words: [String] {
        if case .word(let w) = type { return w }
        return []
    }
}

/// A group of slots read together: a positional argument (`W`, `DX DY`, `ITEM ...`), a group
/// introduced by a keyword at its place (`[offset DX DY]` after an item), or an option
/// (`frame X Y W H`, `on ITEM ...`, `bounds`).
public struct Param: Sendable {
    /// The name the command reads it by (for an option: its keyword).
    public var key: String
    /// The keyword that introduces it (options and keyed positional groups), or nil.
    public var keyword: String?
    /// Slots read once, in order.
    public var fixed: [Slot]
    /// A group of slots that follows, repeated while the next word is not a keyword.
    public var repeated: [Slot]
    /// How many times `repeated` must occur at the least.
    public var minimumRepeats: Int
    /// Whether it must be given.
    public var required: Bool
    /// For options shown together in usage as one bracket (`[PROP VALUE ...]`): that text.
    public var usageGroup: String?
    /// For a required positional: what the command says it needs when it is missing (`2 items`
    /// makes "'attach pin' needs 2 items"); nil: "expected WHAT".
    public var missing: String?

    /// A positional argument (`fixed` slots; `repeated` for lists).
    public static func positional(_ key: String, _ fixed: [Slot], repeated: [Slot] = [], atLeast: Int = 0,
                                  required: Bool = true, missing: String? = nil) -> Param {
        Param(key: key, keyword: nil, fixed: fixed, repeated: repeated, minimumRepeats: atLeast, required: required,
              usageGroup: nil, missing: missing)
    }

    /// A group introduced by its keyword at its place among the positionals (`[offset DX DY]`).
    public static func keyed(_ key: String, _ keyword: String, _ fixed: [Slot]) -> Param {
        Param(key: key, keyword: keyword, fixed: fixed, repeated: [], minimumRepeats: 0, required: false,
              usageGroup: nil, missing: nil)
    }

    /// An option introduced by its keyword; a flag when it has no slots.
    public static func option(_ keyword: String, _ fixed: [Slot] = [], repeated: [Slot] = [], atLeast: Int = 0,
                              required: Bool = false, usageGroup: String? = nil) -> Param {
        Param(key: keyword, keyword: keyword, fixed: fixed, repeated: repeated, minimumRepeats: atLeast,
              required: required, usageGroup: usageGroup, missing: nil)
    }

    /// `[as NAME]`: the name of the new behavior.
    public static let asName = Param.option("as", [Slot("NAME", "a name after 'as'", .newName)])

    /// Every slot, fixed then repeated.
    var slots: [Slot] { fixed + repeated }

    /// How it reads in a usage line.
    var usage: String {
        var parts: [String] = keyword.map { [$0] } ?? []
        parts += fixed.map(\.label)
        if repeated.count == 1 {
            parts += [repeated[0].label, "..."]
        } else if !repeated.isEmpty {
            // Groups of several slots are numbered: `X1 Y1 X2 Y2 ...`.
            for i in 1...max(minimumRepeats, 2) { parts += repeated.map { "\($0.label)\(i)" } }
            parts.append("...")
        }
        let text = parts.joined(separator: " ")
        return required ? text : "[" + text + "]"
    }
}

/// One form of a command: `add view ...` or `add group ...`; a command without sub-keywords
/// has one form whose `sub` is nil.
public struct Form: Sendable {
    /// The sub-keyword that selects this form, right after the command's keyword.
    public var sub: String?
    /// Positional arguments and keyed groups, in order.
    public var positionals: [Param]
    /// Options, in any order after the positionals, each at most once.
    public var options: [Param]

    public init(_ sub: String? = nil, _ positionals: [Param] = [], options: [Param] = []) {
        self.sub = sub
        self.positionals = positionals
        self.options = options
    }

    /// The words that end a list or stand where a value cannot: options, keyed groups, and the
    /// words of positional word slots (`instant` ends push's items).
    var stopWords: [String] {
        positionals.compactMap(\.keyword) + options.map(\.key) + positionals.flatMap { $0.slots.flatMap(\.words) }
    }

    /// The words completion offers in this form: the stop words and the words of option word slots.
    var keywords: [String] {
        stopWords + options.flatMap { $0.slots.flatMap(\.words) }
    }

    /// The usage line, after the command's keyword.
    var usage: String {
        var parts: [String] = sub.map { [$0] } ?? []
        parts += positionals.map(\.usage)
        var shownGroups: Set<String> = []
        for o in options {
            if let g = o.usageGroup {
                if shownGroups.insert(g).inserted { parts.append("[" + g + "]") }
            } else {
                parts.append(o.usage)
            }
        }
        return parts.joined(separator: " ")
    }
}

/// A command's whole grammar: one form, or one per sub-keyword.
public struct CommandSyntax: Sendable {
    public let forms: [Form]
    /// The stop words of every form: a word that is a keyword in one form is one in all.
    let stopWords: Set<String>
    /// The keywords after which a file comes (`to` of `record 5s to fall.gif`); kept, because
    /// the parser asks for every command it reads.
    public let fileKeywords: [String]

    public init(_ forms: [Form]) {
        self.forms = forms
        self.stopWords = Set(forms.flatMap(\.stopWords))
        self.fileKeywords = forms.flatMap { $0.positionals + $0.options }
            .filter { $0.keyword != nil && $0.fixed.first?.type == .file }.compactMap(\.keyword)
    }

    public init(_ positionals: [Param] = [], options: [Param] = []) {
        self.init([Form(nil, positionals, options: options)])
    }

    /// Whether the command begins with whole expressions separated by commas (the parser
    /// reads them so): its first positional is a list of `expression` slots.
    public var leadsWithExpressions: Bool {
        forms.count == 1 && forms[0].positionals.first?.repeated.first?.type == .expression
    }

    /// Whether the command's first argument is a file (the parser reads a bare path there).
    public var leadsWithFile: Bool {
        forms.count == 1 && forms[0].positionals.first?.fixed.first?.type == .file
    }


    /// The sub-keywords, in order (empty when the command has none).
    public var subcommands: [String] { forms.compactMap(\.sub) }

    /// Every word completion offers after the command: sub-keywords, options, keyed groups and
    /// word choices; only those of the form `sub` selects, when it names one.
    public func keywords(sub: String? = nil) -> [String] {
        var seen: Set<String> = []
        let chosen = forms.filter { $0.sub == sub }
        return (chosen.isEmpty ? subcommands + forms.flatMap(\.keywords) : chosen.flatMap(\.keywords)).filter { seen.insert($0).inserted }
    }

    /// The usage lines, one per form.
    func usage(_ name: String) -> [String] {
        forms.map { form in
            let rest = form.usage
            return rest.isEmpty ? name : name + " " + rest
        }
    }
}
