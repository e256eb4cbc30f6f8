// `help` for words that are not commands but name what a user wants (`help spring`): where in
// the language it lives. And `help` wrapped to the terminal's width.

/// Topics that point to the right place.
enum HelpTopics {
    /// Word, then the text: what it is in dyn and which help to read.
    static let pointers: [(topic: String, text: String)] = [
        ("spring", "A spring is an attachment with a frequency: attach anchor ITEM to X Y frequency F [damping D], or attach items A B frequency F. See help attach; its properties (length, frequency, damping, distance): help attachment. Its energy is in world.potentialEnergy."),
        ("rope", "A rope is a limit attachment (a maximum distance): attach limit A B [length L]. See help attach."),
        ("rod", "A rigid rod is an attachment without a frequency: attach items A B [length L]. See help attach."),
        ("pendulum", "A pendulum is an item on an anchor attachment under gravity: attach anchor bob to X Y, then gravity. See help attach; measure bob.x over 5 gives its period."),
        ("hinge", "A hinge is a pin attachment: attach pin A B at X Y [range LO HI]. See help attach."),
        ("pivot", "A pivot is a pin attachment: attach pin A B at X Y. See help attach."),
        ("weld", "A weld is a fixed attachment: attach fixed A B at X Y. See help attach."),
        ("wall", "A wall is a boundary: boundary NAME line X1 Y1 X2 Y2, or the world's edges with collide ... bounds. See help boundary, help collide."),
        ("floor", "A floor is a boundary: boundary floor line X1 Y1 X2 Y2, or the world's edges with collide ... bounds. See help boundary, help collide."),
        ("ramp", "A ramp is a sloped boundary: boundary ramp line X1 Y1 X2 Y2, with collide ITEM. See help boundary; Docs/lessons.md has a lesson."),
        ("force", "A steady force is a continuous push: push ITEM continuous DX DY. See help push."),
        ("impulse", "An impulse is an instant push: push ITEM instant DX DY. See help push."),
        ("bounce", "How much an item bounces is its elasticity (0 to 1): set ball.elasticity 0.8. See help items; collisions need collide."),
        ("energy", "world.energy is kinetic + potential energy (gravity and springs); world.kineticEnergy, world.potentialEnergy, and ball.kineticEnergy for one item. See help world, help items."),
        ("momentum", "An item's momentum is ball.momentumX, ball.momentumY (kg·pt/s). See help items."),
        ("speed", "An item's speed is ball.speed (pt/s); its velocity ball.vx, ball.vy. See help items."),
        ("period", "measure EXPR over T prints and keeps the period (measured.period). See help measure."),
        ("function", "Functions of your own: fn NAME(A, B) { ... return EXPR }. See help fn; the built-in ones are listed by help."),
        ("functions", "Functions of your own: fn NAME(A, B) { ... return EXPR }. See help fn; the built-in ones are listed by help."),
        ("loop", "Loops: for VAR in A..<B { }, while COND { }, with break and continue. See help for, help while."),
        ("contact", "on contact A B { ... } runs a block when A and B begin to touch. See help on."),
        ("time", "world.time is the simulated time in seconds; run T advances it, run until COND steps until COND holds. See help run, help world."),
        ("approx", "a ≈ b within t (or a ~= b within t) is true when a and b differ by at most t: assert ball.y ≈ 300 within 0.5."),
    ]

    static func text(_ topic: String) -> String? {
        pointers.first { $0.topic == topic }.map { $0.text + "\n" }
    }

    /// Wraps `text` to `width` columns: a long line breaks at spaces, its continuation lines
    /// indented under its text (for `  name   summary` rows, under the summary).
    static func wrap(_ text: String, width: Int) -> String {
        let width = max(width, 40)
        var out = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let chars = Array(line)
            guard chars.count > width else {
                out += line + "\n"
                continue
            }
            // The indent of continuations: after a two-space gap following the first word of an
            // indented row, else the line's own leading spaces.
            let lead = chars.prefix { $0 == " " }.count
            var indent = lead
            if lead > 0, let firstEnd = chars[lead...].firstIndex(of: " ") {
                let gapEnd = chars[firstEnd...].firstIndex { $0 != " " } ?? firstEnd
                if gapEnd - firstEnd >= 2 && gapEnd < width / 2 { indent = gapEnd }
            }
            var rest = chars
            var first = true
            while !rest.isEmpty {
                let prefix = first ? "" : String(repeating: " ", count: indent)
                let room = width - prefix.count
                if rest.count <= room {
                    out += prefix + String(rest) + "\n"
                    break
                }
                // The last space within room (not in the leading indent), else a hard break.
                let start = first ? lead : 0
                var cut = rest[..<room].lastIndex(of: " ") ?? room
                if cut <= start { cut = room }
                out += prefix + String(rest[..<cut]) + "\n"
                rest = Array(rest[cut...].drop { $0 == " " })
                first = false
            }
        }
        if !text.hasSuffix("\n"), out.hasSuffix("\n") { out.removeLast() }
        return out
    }
}
