// The reserved words, in one table: the parser, the interpreter's name checks and the
// language reference all read it.

/// Words a script cannot use as the name of a variable, an item or a behavior.
public enum ReservedWords {
    /// What makes a word reserved.
    public enum Role: Sendable {
        /// Part of the expression grammar: never a name, not even where a name is read.
        case syntax
        /// A name the language gives a meaning: an object (`world`) or a constant (`pi`).
        case name
    }

    /// Every reserved word with its role, in the order the reference lists them.
    public static let table: [(word: String, role: Role, meaning: String)] = [
        ("true", .syntax, "the boolean true"),
        ("false", .syntax, "the boolean false"),
        ("and", .syntax, "logical and"),
        ("or", .syntax, "logical or"),
        ("not", .syntax, "logical not"),
        ("yes", .name, "true, for yes/no properties"),
        ("no", .name, "false, for yes/no properties"),
        ("pi", .name, "the constant π"),
        ("inf", .name, "infinity, for no limit (set pin.rangeMax inf)"),
        ("world", .name, "the world's properties (world.time, ...)"),
        ("shell", .name, "the shell's settings (shell.echo, ...)"),
        ("contact", .name, "the contact event in an on-contact block (contact.x, ...)"),
        ("all", .name, "every item (collide all)"),
        ("bounds", .name, "the world's edges as a boundary"),
    ]

    /// Words the expression grammar owns (`true false and or not`).
    static let syntax: Set<String> = Set(table.filter { $0.role == .syntax }.map(\.word))
    /// Every reserved word.
    static let all: Set<String> = Set(table.map(\.word))

    /// Whether `word` cannot name a variable, an item or a behavior.
    public static func isReserved(_ word: String) -> Bool { all.contains(word) }
}
