// Help text and the language reference, generated from the command table and the property
// tables, so that `help`, completion and Docs/language.md never disagree.

import Dynamics

public enum Reference {
    /// `help`: one line per statement form and command.
    public static func overview() -> String {
        var out = "Commands (help COMMAND for more; Docs/language.md has the whole language):\n"
        let rows = controlForms.map { ($0.name, $0.summary) } + Interpreter.commands.map { ($0.name, $0.summary) }
        let width = rows.map(\.0.count).max() ?? 0
        for (name, summary) in rows {
            out += "  " + name + String(repeating: " ", count: width - name.count + 2) + summary + "\n"
        }
        out += "Expressions: numbers (90deg, 2s), \"strings {with} interpolation\", true/false, variables,\n"
        out += "  NAME.PROPERTY, + - * / % ^, == != < <= > >=, a ≈ b within t (or ~=), and or not,\n"
        out += "  the functions " + Builtins.functionNames.joined(separator: " ") + ",\n"
        out += "  functions of your own (fn NAME(A, B) { ... return ... }), and pi and e.\n"
        out += "help items, help world, help shell and help KIND (gravity, ...) list properties; help field the field kinds.\n"
        return out
    }

    /// `help TOPIC`: a command, a control form, `items`, `world` or a behavior kind; nil if unknown.
    public static func help(_ topic: String) -> String? {
        if let spec = Interpreter.commands.first(where: { $0.name == topic }) {
            var out = spec.usage.map { "usage: " + $0 }.joined(separator: "\n") + "\n"
            out += spec.summary + ".\n"
            if !spec.details.isEmpty { out += spec.details + "\n" }
            out += "example: " + spec.example + "\n"
            if behaviorKinds.contains(where: { "\($0)" == topic }), let props = help(kindProperties: topic) {
                out += props
            }
            if topic == "field" { out += FieldLanguage.helpText }
            return out
        }
        if let form = controlForms.first(where: { $0.name == topic }) {
            return "usage: \(form.usage)\n\(form.summary).\n"
        }
        switch topic {
        case "items", "item", "view":
            return "Item properties (set with: set NAME.PROP VALUE; * read-only):\n"
                + table(itemPropertySummaries.map { p in
                    (p.name + (ItemProperty(rawValue: p.name)?.isSettable != true ? " *" : ""), p.summary)
                })
        case "world":
            return "World properties (set with: set world.PROP VALUE; * read-only):\n"
                + table(worldProperties.map { ($0.name + ($0.settable ? "" : " *"), $0.summary) })
        case "shell":
            return "Shell settings (set with: set shell.NAME yes|no):\n" + table(shellProperties.map { ($0.name, $0.summary) })
        default:
            return help(kindProperties: topic)
        }
    }

    /// Every topic `help` knows: the statement keywords, `items`, `world`, `shell` and the behavior kinds.
    public static var topics: [String] {
        Interpreter.statementKeywords + ["items", "world", "shell"] + behaviorKinds.map { "\($0)" } + HelpTopics.pointers.map(\.topic)
    }

    /// The property table of a behavior kind, or nil.
    static func help(kindProperties topic: String) -> String? {
        guard let kind = behaviorKinds.first(where: { "\($0)" == topic }) else { return nil }
        return "\(topic) behavior properties (set with: set NAME.PROP VALUE; * read-only):\n"
            + table(World.behaviorProperties(of: kind).map {
                ($0.name + ($0.settable ? "" : " *"), $0.summary + ($0.unit.isEmpty ? "" : " (\($0.unit))"))
            })
    }

    /// Every behavior kind the engine has.
    static let behaviorKinds: [BehaviorKind] = [.gravity, .collision, .attachment, .push, .snap]

    static func table(_ rows: [(String, String)]) -> String {
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { "  " + $0.0 + String(repeating: " ", count: width - $0.0.count + 2) + $0.1 + "\n" }.joined()
    }

    /// The generated part of Docs/language.md: every command with usage, summary, details and
    /// an example; the control forms; the property tables.
    public static func markdown() -> String {
        var out = "## Statements\n\n| form | what it does |\n| --- | --- |\n"
        for form in controlForms {
            out += "| `\(form.usage.replacingOccurrences(of: "|", with: "\\|"))` | \(form.summary) |\n"
        }
        out += "\n## Commands\n"
        for spec in Interpreter.commands {
            out += "\n### \(spec.name)\n\n```\n" + spec.usage.joined(separator: "\n") + "\n```\n\n"
            out += spec.summary.prefix(1).uppercased() + spec.summary.dropFirst() + ".\n"
            if !spec.details.isEmpty { out += "\n" + spec.details + "\n" }
            out += "\nExample:\n\n```\n" + spec.example + "\n```\n"
        }
        out += "\n## Item properties\n\nRead with `NAME.PROP`, set with `set NAME.PROP VALUE` (or as `PROP VALUE` pairs of `add view`).\n\n"
        out += "| property | settable | meaning |\n| --- | --- | --- |\n"
        for p in itemPropertySummaries {
            let settable = ItemProperty(rawValue: p.name)?.isSettable ?? false
            out += "| `\(p.name)` | \(settable ? "yes" : "no") | \(p.summary) |\n"
        }
        out += "\n## World properties\n\n| property | settable | meaning |\n| --- | --- | --- |\n"
        for p in worldProperties {
            out += "| `world.\(p.name)` | \(p.settable ? "yes" : "no") | \(p.summary) |\n"
        }
        for kind in behaviorKinds {
            out += "\n## \(String(describing: kind).prefix(1).uppercased() + String(describing: kind).dropFirst()) behavior properties\n\n"
            out += "| property | settable | unit | meaning |\n| --- | --- | --- | --- |\n"
            for p in World.behaviorProperties(of: kind) {
                out += "| `\(p.name)` | \(p.settable ? "yes" : "no") | \(p.unit) | \(p.summary) |\n"
            }
        }
        out += "\n## Field kinds\n\n| kind | force |\n| --- | --- |\n"
        for k in FieldLanguage.kinds {
            out += "| `\(k.words)` | \(k.summary) |\n"
        }
        out += "\n## Field properties\n\n| property | settable | unit | meaning | kinds |\n| --- | --- | --- | --- | --- |\n"
        for p in FieldLanguage.properties {
            let owners = FieldLanguage.kinds.filter { k in FieldLanguage.properties(of: k.kind).contains { $0.name == p.name } }
            let which = owners.count == FieldLanguage.kinds.count ? "all" : owners.map(\.words).joined(separator: ", ")
            out += "| `\(p.name)` | \(p.settable ? "yes" : "no") | \(p.unit) | \(p.summary.replacingOccurrences(of: "|", with: "\\|")) | \(which) |\n"
        }
        out += "\n## Shell settings\n\n| setting | meaning |\n| --- | --- |\n"
        for p in shellProperties {
            out += "| `shell.\(p.name)` | \(p.summary) |\n"
        }
        out += "\n## Functions\n\n| function | arguments | value |\n| --- | --- | --- |\n"
        for f in Builtins.functions {
            out += "| `\(f.name)` | \(Builtins.aritySpelling(f.arity)) | \(f.summary) |\n"
        }
        out += "\nConstants: `pi`, `e`; `inf` (infinity: `set pin.rangeMax inf` removes a limit; commands and properties that need a finite number refuse it); `yes` and `no` (the same as `true` and `false`). A variable or item named `e` hides the constant.\n"
        out += "\n## Reserved words\n\nNo variable, item, behavior or action may take these names.\n\n| word | meaning |\n| --- | --- |\n"
        for r in ReservedWords.table {
            out += "| `\(r.word)` | \(r.meaning) |\n"
        }
        return out
    }
}
