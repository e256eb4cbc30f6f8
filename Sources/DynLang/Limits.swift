// The limits of the language, in one place (stated in Docs/language.md, "Limits").
//
// Each is enforced with a diagnostic at the place that passes it, never by a crash: the
// parser's trees are walked recursively (so their depth is bounded), diagnostics quote lines
// (so a line's length is bounded), "did you mean" compares names (so their length is bounded).

public enum Limits {
    /// The deepest nesting of blocks, parentheses, prefix operators, interpolations, the
    /// operators of one chain (`1+1+1`) and `else if`s, all counted together.
    public static let nesting = Parser.maximumDepth
    /// The most `else if`s of one `if`.
    public static let elseIfs = 1000
    /// The longest name (of an item, behavior, variable, action) in characters.
    public static let nameLength = 255
    /// The longest line of a script, in characters.
    public static let lineLength = 65_536
    /// The most syntax errors reported for one file (the rest are counted, not shown).
    public static let errorsShown = 50
    /// The widest part of a long line that a diagnostic quotes, in characters.
    public static let quotedWidth = 160
}
