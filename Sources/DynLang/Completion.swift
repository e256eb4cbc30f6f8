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
            } else if let kind = context.entities.first(where: { $0.name == object })?.kind {
                switch kind {
                case .item: props = ItemProperty.allCases.map(\.rawValue)
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
        } else {
            let command = words[0]
            if let spec = Interpreter.commands.first(where: { $0.name == command }) {
                pool += spec.syntax.keywords(sub: words.count > 1 ? words[1] : nil)
            }
            if command == "help" { pool += Reference.topics }
            pool += context.entities.map(\.name) + context.variables + ["world"]
        }
        var seen = Set<String>()
        return pool.filter { $0.hasPrefix(word) && seen.insert($0).inserted }.sorted()
    }

    /// The word before the cursor: back to the last space or bracket.
    static func wordBefore(_ s: String) -> Substring {
        let breaks: Set<Character> = [" ", "\t", "(", ")", "{", "}", ";", ",", "\""]
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
