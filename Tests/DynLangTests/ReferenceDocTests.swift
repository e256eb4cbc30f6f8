import Foundation
import Testing
@testable import DynLang

/// Docs/language.md's command reference is generated from the command table; it must be current.
/// Run with DYN_RECORD_DOCS=1 to rewrite it.
struct ReferenceDocTests {
    static let path: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Docs/language.md").path
    }()

    static let begin = "<!-- BEGIN GENERATED -->\n"
    static let end = "<!-- END GENERATED -->"

    @Test func languageReferenceIsCurrent() throws {
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        let b = try #require(text.range(of: Self.begin))
        let e = try #require(text.range(of: Self.end))
        let current = String(text[b.upperBound..<e.lowerBound])
        let generated = Reference.markdown()
        if ProcessInfo.processInfo.environment["DYN_RECORD_DOCS"] == "1" && current != generated {
            let updated = String(text[..<b.upperBound]) + generated + String(text[e.lowerBound...])
            try updated.write(toFile: Self.path, atomically: true, encoding: .utf8)
            return
        }
        #expect(current == generated, "Docs/language.md is out of date: run DYN_RECORD_DOCS=1 swift test --filter ReferenceDocTests")
    }

    @Test func everyCommandHasHelpAndAnExampleThatChecks() {
        for spec in Interpreter.commands {
            #expect(Reference.help(spec.name) != nil)
            #expect(!spec.summary.isEmpty && !spec.usage.isEmpty)
            let interp = Interpreter(write: { _ in })
            // An example is a fragment: the items it names are made elsewhere.
            let ds = interp.check(SourceFile(name: "example", text: spec.example))
                .filter { !$0.message.contains("nothing in the script defines it") }
            #expect(ds.isEmpty, "the example of \(spec.name) does not check: \(ds.map(\.message))")
        }
    }
}
