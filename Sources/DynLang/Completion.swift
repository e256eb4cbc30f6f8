// Tab completion: what may come at the cursor, from the command table's grammars, the property
// tables and the session's names. The shell asks this; it keeps no lists of its own.

import Dynamics
import Foundation

/// The names completion knows: a snapshot of a session (`Session.completionContext`), which the
/// shell takes after every entry so that completion never touches the live interpreter.
public struct CompletionContext: Sendable {
    public enum Kind: Sendable { case item, behavior([String]), other }
    public var entities: [(name: String, kind: Kind)] = []
    public var variables: [String] = []
    public init() {}
}

extension Session {
    /// What completion needs of this session: its names, with each one's properties.
    public var completionContext: CompletionContext {
        var context = CompletionContext()
        context.entities = order.map { name in
            switch entities[name] {
            case .item?: return (name, .item)
            case .composite?: return (name, .behavior(Interpreter.compositeProperties))
            case .behavior(let id)?:
                if let kind = world.fieldKind(id) { return (name, .behavior(FieldLanguage.properties(of: kind).map(\.name))) }
                return (name, .behavior(world.behaviorKind(id).map { World.behaviorProperties(of: $0).map(\.name) } ?? []))
            default: return (name, .other)
            }
        }
        context.variables = variableNames
        return context
    }
}

/// Completion candidates for the word before the cursor.
public enum Completion {
    /// Candidates that start with the word before the cursor, sorted, without duplicates.
    ///
    /// - The first word of a statement: statement keywords.
    /// - `NAME.prefix`: the properties of NAME (an item, a gravity or `world`).
    /// - After `source` (or `save`): file names.
    /// - Elsewhere: the command's sub-keywords and options, names and variables.
    public static func candidates(line: String, cursor: Int, context: CompletionContext) -> [String] {
        let scalars = Array(line.unicodeScalars.prefix(cursor))
        let before = String(String.UnicodeScalarView(scalars))
        let word = String(wordBefore(before))
        let head = String(before.dropLast(word.count))
        // The statement being typed: after the last `;`, `{` or `}`.
        let statement = head.split(omittingEmptySubsequences: false, whereSeparator: { $0 == ";" || $0 == "{" || $0 == "}" }).last.map(String.init) ?? head
        let words = statement.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        var pool: [String] = []
        if let dot = word.lastIndex(of: ".") {
            let object = String(word[..<dot])
            let props: [String]
            if object == "world" {
                props = worldProperties.map(\.name)
            } else if object == "shell" {
                props = shellProperties.map(\.name)
            } else if let kind = context.entities.first(where: { $0.name == object })?.kind {
                switch kind {
                case .item: props = ItemProperty.allCases.map(\.rawValue) + derivedItemProperties.map(\.name)
                case .behavior(let names): props = names
                case .other: props = []
                }
            } else {
                props = []
            }
            pool = props.map { object + "." + $0 }
        } else if words.isEmpty {
            pool = Interpreter.statementKeywords
        } else if words.last == "region" || words.first == "set" && words.count == 2 && words[1].hasSuffix(".region") {
            // A region comes next: only the region functions.
            pool = FieldRegionSyntax.names.map { $0 == "everywhere" ? $0 : $0 + "(" }
        } else if words.first == "source" || words.first == "save" {
            return files(matching: word)
        } else if let slotPool = slotCandidates(words, context) {
            pool = slotPool
        } else {
            let command = words[0]
            if let spec = Interpreter.commands.first(where: { $0.name == command }) {
                pool += spec.syntax.keywords(sub: words.count > 1 ? words[1] : nil)
            }
            if command == "help" { pool += Reference.topics }
            pool += context.entities.map(\.name) + context.variables + ["world", "shell"]
        }
        var seen = Set<String>()
        return pool.filter { $0.hasPrefix(word) && seen.insert($0).inserted }.sorted()
    }

    /// What the grammar allows where the cursor is, when it says: after a command with
    /// sub-keywords, only those (`attach ⇥`: the kinds); in a number slot (`frame ⇥`), only
    /// variables; in a name slot, the names; in a slot for a new name, nothing; in a word slot,
    /// its words. Nil when the grammar does not pin it down.
    static func slotCandidates(_ words: [String], _ context: CompletionContext) -> [String]? {
        // `help` takes topics (below), not the things of the world.
        guard words[0] != "help", let spec = Interpreter.commands.first(where: { $0.name == words[0] }) else { return nil }
        let syntax = spec.syntax
        if words.count == 1 && !syntax.subcommands.isEmpty {
            // `run` has a plain form too: its duration (a variable) may come here.
            return syntax.subcommands + (syntax.forms.contains { $0.sub == nil } ? context.variables : [])
        }
        let form = syntax.forms.first { $0.sub != nil && words.count > 1 && $0.sub == words[1] }
            ?? syntax.forms.first { $0.sub == nil }
        guard let form else { return nil }
        let params = form.positionals.filter { $0.keyword != nil } + form.options
        let slot: Slot
        // The last option keyword written, and how many words follow it.
        if let j = words.indices.dropFirst().last(where: { i in params.contains { $0.key == words[i] || $0.keyword == words[i] } }),
           let p = params.first(where: { $0.key == words[j] || $0.keyword == words[j] }) {
            let filled = words.count - j - 1
            guard filled < p.fixed.count else { return nil }
            slot = p.fixed[filled]
        } else {
            // No option yet: the leading positionals, in order, while they have fixed slots.
            var written = words.count - 1 - (form.sub == nil ? 0 : 1)
            var found: Slot?
            for p in form.positionals where p.keyword == nil {
                guard p.repeated.isEmpty else { return nil }
                if written < p.fixed.count {
                    found = p.fixed[written]
                    break
                }
                written -= p.fixed.count
            }
            guard let found else { return nil }
            slot = found
        }
        switch slot.type {
        case .number, .duration, .value, .expression: return context.variables
        case .name: return context.entities.map(\.name)
        case .newName: return []
        case .word(let choices): return choices
        case .region: return ["everywhere", "disc", "rect", "inverse", "union", "difference", "intersection"] + context.variables
        case .file: return nil
        }
    }

    /// Whether a completed name gets a space after it: not where an expression is read and the
    /// name has properties (an item, a behavior, `world`, `shell`), since `.` and a property may
    /// follow (`print ball⇥` gives `print ball`, ready for `.vx`).
    public static func appendsSpace(after candidate: String, line: String, cursor: Int, context: CompletionContext) -> Bool {
        let hasProperties = candidate == "world" || candidate == "shell"
            || context.entities.contains { $0.name == candidate && { if case .other = $0.kind { return false } else { return true } }($0) }
        guard hasProperties else { return true }
        let before = String(String.UnicodeScalarView(Array(line.unicodeScalars.prefix(cursor))))
        let head = before.dropLast(wordBefore(before).count)
        // Right after an operator or an opening parenthesis: an expression.
        if let last = head.last, "+-*/%^<>=!(,≈".contains(last) { return false }
        let statement = head.split(omittingEmptySubsequences: false, whereSeparator: { $0 == ";" || $0 == "{" || $0 == "}" }).last ?? head[...]
        let first = statement.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) ?? ""
        let expressionStatements: Set<String> = ["print", "let", "set", "assert", "if", "while", "for", "return", "plot", "measure", "log"]
        if expressionStatements.contains(first) { return false }
        if first == "run", statement.split(separator: " ").dropFirst().first == "until" { return false }
        return true
    }

    /// The word before the cursor: back to the last word break, the same characters as the
    /// line editor's (`LineEditor.wordBreakCharacters`), so that `print 1+ball.sp` completes
    /// `ball.sp`. `.`, `/`, `-` are not breaks: `ball.vx`, `../x-y.dyn` are each one word.
    static func wordBefore(_ s: String) -> Substring {
        let breaks: Set<Character> = Set(" \t\n\"'`<>=;|&{}()[],+*%!^:")
        if let i = s.lastIndex(where: { breaks.contains($0) }) {
            return s[s.index(after: i)...]
        }
        return s[...]
    }

    /// File and folder names starting with `prefix` (folders end with `/`).
    static func files(matching prefix: String) -> [String] {
        let dir = (prefix as NSString).deletingLastPathComponent
        let base = (prefix as NSString).lastPathComponent
        let folder = prefix.hasSuffix("/") ? prefix : dir
        let start = prefix.hasSuffix("/") ? "" : base
        let list = (try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? []
        return list.filter { $0.hasPrefix(start) && !$0.hasPrefix(".") }.sorted().map { name in
            let path = folder.isEmpty ? name : (folder.hasSuffix("/") ? folder + name : folder + "/" + name)
            var isDir: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path, isDirectory: &isDir)
            return isDir.boolValue ? path + "/" : path
        }
    }
}
