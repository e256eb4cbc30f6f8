// The demos that `dyn demo` lists and runs: the scripts of Docs/demos, embedded in the program
// (DemoScripts.swift, generated from that folder) so that an installed binary has them without
// the source tree. Each is a `.dyn` a user can print (`dyn demo NAME --print`), copy and change;
// each is also a test (`dyn test Docs/demos`).
//
// A demo shows its motion in its one `run T live ...` command: live in a terminal, stepped
// without drawing otherwise (`run … live` semantics), and with `--record FILE` that command
// becomes `record T to FILE`, so the animation is the demo's own.
//
// DemoScripts.swift is regenerated with `DYN_RECORD_DEMOS=1 swift test --filter DemoTests`; a
// test checks it matches Docs/demos.

import DynLang
import Foundation

public enum Demos {
    /// One demo: its name (the file's, without `.dyn`), its one-line summary, its script.
    public struct Demo: Sendable {
        public var name: String
        public var script: String
        public var summary: String { Demos.summary(of: script) }
    }

    /// Every demo, by name.
    public static let all: [Demo] = demoScripts.map { Demo(name: $0.name, script: $0.text) }

    /// The demo named `name`, if there is one.
    public static func named(_ name: String) -> Demo? {
        all.first { $0.name == name }
    }

    /// The first sentence of the script's opening comment.
    public static func summary(of script: String) -> String {
        var text = ""
        for line in script.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("#") else { break }
            text += (text.isEmpty ? "" : " ") + line.dropFirst().trimmingCharacters(in: .whitespaces)
        }
        if let end = text.range(of: ". ") { return String(text[..<end.lowerBound]) + "." }
        return text
    }

    /// The line of the demo's `run T live ...` command, if it has one: its index and T.
    static func liveRun(in script: String) -> (line: Int, duration: String, options: String)? {
        let lines = script.components(separatedBy: "\n")
        for (i, line) in lines.enumerated() {
            let words = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard words.count >= 3, words[0] == "run", words[2] == "live" else { continue }
            // Keep what `record` takes too: `names`, `velocities`, `region X Y W H`.
            var kept: [String] = []
            var k = 3
            while k < words.count {
                switch words[k] {
                case "names", "velocities": kept.append(words[k]); k += 1
                case "region" where k + 4 < words.count: kept += words[k...(k + 4)]; k += 5
                case "speed", "width", "height": k += 2
                default: k += 1
                }
            }
            return (i, words[1], kept.joined(separator: " "))
        }
        return nil
    }

    /// The script with its `run T live` turned into `record T to "PATH"` (with `extra` options,
    /// e.g. `fps 12 size 360 360`), or nil when it has none.
    public static func recording(_ script: String, to path: String, extra: String = "") -> String? {
        guard let live = liveRun(in: script) else { return nil }
        var lines = script.components(separatedBy: "\n")
        let quoted = path.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "{", with: "\\{").replacingOccurrences(of: "}", with: "\\}")
        let options = [live.options, extra].filter { !$0.isEmpty }.joined(separator: " ")
        lines[live.line] = "record \(live.duration) to \"\(quoted)\"" + (options.isEmpty ? "" : " " + options)
        return lines.joined(separator: "\n")
    }

    /// `dyn demo`: one line per demo.
    public static func list() -> String {
        let width = all.map(\.name.count).max() ?? 0
        var out = "Demos (dyn demo NAME runs one, --print shows its script, --record FILE.gif|.html writes its animation):\n"
        for d in all {
            out += "  " + d.name + String(repeating: " ", count: width - d.name.count + 2) + d.summary + "\n"
        }
        return out
    }

    /// The generated source holding the scripts of `files` (name, text), sorted by name.
    public static func generatedSource(_ files: [(name: String, text: String)]) -> String {
        var out = """
            // Generated from Docs/demos/*.dyn by `DYN_RECORD_DEMOS=1 swift test --filter DemoTests`.
            // Do not edit: change the scripts and regenerate (a test checks this file is current).

            let demoScripts: [(name: String, text: String)] = [

            """
        for f in files.sorted(by: { $0.name < $1.name }) {
            var hashes = "#"
            while f.text.contains("\"\"\"" + hashes) || f.text.contains("\"" + hashes) { hashes += "#" }
            out += "    (\"\(f.name)\", \(hashes)\"\"\"\n"
            for line in f.text.components(separatedBy: "\n").dropLast(f.text.hasSuffix("\n") ? 1 : 0) {
                out += line.isEmpty ? "\n" : "        " + line + "\n"
            }
            out += "        \"\"\"\(hashes)" + (f.text.hasSuffix("\n") ? " + \"\\n\"" : "") + "),\n"
        }
        out += "]\n"
        return out
    }
}
