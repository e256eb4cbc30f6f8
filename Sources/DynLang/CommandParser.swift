// The one parser of command arguments: a command's argument expressions, read against its
// declared grammar (`Grammar.swift`), become `ParsedArguments`: which form, and the argument
// expressions of each positional and option. It needs no world and evaluates nothing, so
// `dyn check` and a running script read a command the same way.

/// One argument as written, with the slot it fills.
public struct Arg: Sendable {
    public let expr: Expr
    public let slot: Slot
    public var range: SourceRange { expr.range }
}

/// A command's arguments sorted into its grammar.
public struct ParsedArguments: Sendable {
    /// The command's keyword and where it was written.
    public let command: String
    public let keywordRange: SourceRange
    /// The form's sub-keyword (`view` of `add view`), if the command has forms.
    public let sub: String?
    /// The arguments of each positional and option, by key, in written order.
    var groups: [String: [Arg]] = [:]
    /// Where each given option (or keyed group) was written: from its keyword to its last argument.
    var ranges: [String: SourceRange] = [:]

    /// Whether the option (or optional positional) `key` was given.
    public func has(_ key: String) -> Bool { groups[key] != nil }
    /// The arguments of `key` (empty when not given).
    public func args(_ key: String) -> [Arg] { groups[key] ?? [] }
    /// The first argument of `key`, if given.
    public func arg(_ key: String) -> Arg? { groups[key]?.first }
    /// The word a word slot of `key` holds.
    public func word(_ key: String) -> String? { arg(key)?.expr.bareName }
    /// Where `key` was written, if given.
    public func range(_ key: String) -> SourceRange? { ranges[key] }
    /// The command as messages name it: `snap`, or `'attach pin'` (quoted when two words).
    public var display: String { sub.map { "'\(command) \($0)'" } ?? command }
    /// Every argument, in no particular order of keys (for checks that look at each one).
    var all: [Arg] { groups.keys.sorted().flatMap { groups[$0]! } }

    /// The first argument of a required positional or option (the grammar guarantees it).
    public func required(_ key: String) throws -> Arg {
        guard let a = arg(key) else {
            throw RuntimeError(message: "\(display) needs \(key)", range: keywordRange)
        }
        return a
    }
}

/// Reads argument expressions against a grammar.
struct CommandParser {
    let spec: CommandSpec
    let keywordRange: SourceRange
    let exprs: [Expr]
    let file: SourceFile
    var index = 0

    /// Parses `exprs`, the arguments of the command `spec` written at `keywordRange` of `file`.
    static func parse(_ spec: CommandSpec, _ keywordRange: SourceRange, _ exprs: [Expr], in file: SourceFile) throws -> ParsedArguments {
        var p = CommandParser(spec: spec, keywordRange: keywordRange, exprs: exprs, file: file)
        return try p.parse()
    }

    var isAtEnd: Bool { index >= exprs.count }
    var peekWord: String? { index < exprs.count ? exprs[index].bareName : nil }

    /// The range of the current argument, or just past the last one at the end.
    var currentRange: SourceRange {
        if index < exprs.count { return exprs[index].range }
        let end = exprs.last?.range.end ?? keywordRange.end
        return SourceRange(end, end + 1)
    }

    /// `, found 'x'` or `, found the end of the command`.
    var found: String {
        index < exprs.count ? ", found '\(file.text(exprs[index].range))'" : ", found the end of the command"
    }

    func error(_ message: String, _ range: SourceRange) -> RuntimeError {
        RuntimeError(message: message, range: range)
    }

    /// What a slot expects, in a message: its words (`instant or continuous`) or what it is.
    static func describe(_ slot: Slot) -> String {
        slot.words.isEmpty ? slot.what : list(slot.words, "or")
    }

    /// `a, b or c`.
    static func list(_ words: [String], _ last: String) -> String {
        words.count < 2 ? words.joined() : words.dropLast().joined(separator: ", ") + " \(last) " + words.last!
    }

    mutating func parse() throws -> ParsedArguments {
        let form = try selectForm()
        var parsed = ParsedArguments(command: spec.name, keywordRange: keywordRange, sub: form.sub)
        // Made only for a message: building it for every command read was a quarter of the
        // cost of a script of literal commands.
        let name = spec.name
        let usage = { "; usage: " + (form.usage.isEmpty ? name : name + " " + form.usage) }
        let keywords = spec.syntax.stopWords
        for p in form.positionals {
            if let keyword = p.keyword {
                guard peekWord == keyword else { continue }
                index += 1
                try read(p, keywordStart: exprs[index - 1].range, keywords: keywords, usage: usage, into: &parsed)
                continue
            }
            let ownWord = peekWord.map { (p.fixed.first?.words ?? []).contains($0) } ?? false
            if isAtEnd || (peekWord.map(keywords.contains) == true && !ownWord) {
                if !p.required { continue }
                if let missing = p.missing { throw error("\(parsed.display) needs \(missing)\(usage())", keywordRange) }
                if p.fixed.isEmpty && p.minimumRepeats > 0 { throw error("expected \(p.repeated[0].what)\(found)", currentRange) }
                throw error("expected \(CommandParser.describe(p.fixed[0]))\(found)\(usage())", currentRange)
            }
            try read(p, keywordStart: nil, keywords: keywords, usage: usage, into: &parsed)
        }
        while !isAtEnd {
            let e = exprs[index]
            if e.bareName == nil, let option = form.options.first(where: { $0.required && !parsed.has($0.key) }) {
                throw missingOption(option, parsed)
            }
            guard let w = e.bareName, !form.options.isEmpty else {
                let takes = form.options.isEmpty ? usage() : "; '\(spec.name)' takes the options " + form.options.map(\.key).joined(separator: ", ")
                throw error("unexpected '\(file.text(e.range))'" + takes, e.range)
            }
            guard let option = form.options.first(where: { $0.key == w }) else {
                throw error("unknown option '\(w)' for '\(spec.name)'" + Suggest.hint(for: w, in: form.options.map(\.key)), e.range)
            }
            if parsed.has(option.key) { throw error("'\(w)' is given twice", e.range) }
            index += 1
            try read(option, keywordStart: e.range, keywords: keywords, usage: usage, into: &parsed)
        }
        for option in form.options where option.required && !parsed.has(option.key) {
            throw missingOption(option, parsed)
        }
        return parsed
    }

    /// `log needs 'to FILE'; expected 'to FILE', found ...`.
    func missingOption(_ option: Param, _ parsed: ParsedArguments) -> RuntimeError {
        error("\(parsed.display) needs '\(option.usage)'; expected '\(option.usage)'\(found)", isAtEnd ? keywordRange : currentRange)
    }

    /// The form the sub-keyword selects (or the only one).
    mutating func selectForm() throws -> Form {
        let forms = spec.syntax.forms
        if forms.count == 1 && forms[0].sub == nil { return forms[0] }
        let subs = forms.compactMap(\.sub)
        guard let w = peekWord, let form = forms.first(where: { $0.sub == w }) else {
            // A command whose plain form stands beside its sub-keyword forms (`run T`, `run until`).
            if let plain = forms.first(where: { $0.sub == nil }) { return plain }
            throw error("expected \(CommandParser.list(subs, "or")) after '\(spec.name)'" + found
                + (peekWord.map { Suggest.hint(for: $0, in: subs) } ?? ""), currentRange)
        }
        index += 1
        return form
    }

    /// Reads one positional or option: its fixed slots, then its repeated group while no keyword comes.
    mutating func read(_ p: Param, keywordStart: SourceRange?, keywords: Set<String>, usage: () -> String,
                       into parsed: inout ParsedArguments) throws {
        var args: [Arg] = []
        for slot in p.fixed { args.append(try readSlot(slot, keywords: keywords, usage: usage)) }
        if !p.repeated.isEmpty {
            var count = 0
            while !isAtEnd && !(peekWord.map(keywords.contains) ?? false) {
                for slot in p.repeated { args.append(try readSlot(slot, keywords: keywords, usage: usage)) }
                count += 1
            }
            if count < p.minimumRepeats {
                throw error("expected \(p.repeated[0].what)\(found)", currentRange)
            }
        }
        parsed.groups[p.key] = args
        let start = keywordStart ?? args.first?.range ?? currentRange
        parsed.ranges[p.key] = args.last.map { start.union($0.range) } ?? start
    }

    /// Reads one argument for `slot`, checking what can be known without evaluating it.
    mutating func readSlot(_ slot: Slot, keywords: Set<String>, usage: () -> String) throws -> Arg {
        guard index < exprs.count else {
            throw error("expected \(CommandParser.describe(slot))\(found)\(usage())", currentRange)
        }
        let e = exprs[index]
        switch slot.type {
        case .number, .duration, .value, .expression, .region:
            if let w = e.bareName, keywords.contains(w) { throw error("expected \(slot.what), found '\(w)'", e.range) }
        case .name, .newName:
            guard e.bareName != nil || e.isString else {
                throw error("expected \(slot.what), found '\(file.text(e.range))'", e.range)
            }
        case .file:
            guard e.isString else { throw error("expected \(slot.what), found '\(file.text(e.range))'", e.range) }
        case .word(let words):
            guard let w = e.bareName else {
                throw error("expected \(CommandParser.list(words, "or"))\(found)", e.range)
            }
            guard words.contains(w) else {
                throw error("unknown \(slot.what) '\(w)'; the \(slot.what)s are \(CommandParser.list(words, "and"))" + Suggest.hint(for: w, in: words), e.range)
            }
        }
        index += 1
        return Arg(expr: e, slot: slot)
    }
}

extension Expr {
    /// Whether this is a string literal (possibly with interpolations).
    var isString: Bool {
        if case .string = kind { return true }
        return false
    }

    /// Whether the value depends on nothing but the expression itself: no variables, items or
    /// properties (the constants `pi`, `yes`, `no` are closed). `dyn check` evaluates closed
    /// arguments to check them.
    var isClosed: Bool {
        switch kind {
        case .number, .boolean: return true
        case .string(let parts):
            return parts.allSatisfy { if case .interpolation(let e) = $0 { return e.isClosed } else { return true } }
        case .name(let n): return Builtins.isConstant(n)
        case .property, .dynamicProperty: return false
        case .call(let f, _, let arguments):
            // A function of the script's own (`fn`) is known only when it runs.
            return Builtins.functionNames.contains(f) && arguments.allSatisfy(\.isClosed)
        case .unary(_, let e): return e.isClosed
        case .binary(_, let l, let r, _): return l.isClosed && r.isClosed
        }
    }
}
