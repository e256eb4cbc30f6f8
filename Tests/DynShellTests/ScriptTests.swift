import DynShell
import Testing

/// Every `.dyn` script under Tests/Scripts and Docs/demos runs under `dyn test` rules (a fresh
/// world each, `# expect:` output and `# expect-error:` diagnostics) and must pass.
struct ScriptTests {
    static let folders = ["Tests/Scripts", "Docs/demos", "Docs/lessons"]

    static var scripts: [String] {
        TestRunner.collect(folders.map { packageRoot + "/" + $0 }).files
    }

    @Test func thereAreScripts() {
        #expect(ScriptTests.scripts.count >= 20)
    }

    @Test(arguments: ScriptTests.scripts)
    func script(_ path: String) {
        let outcome = TestRunner.runOne(path)
        #expect(outcome.passed, "\(path):\n\(outcome.reason)")
    }
}
