import DynLang
import DynTestSupport
import Foundation
import Testing

/// What Tab offers, by context (the terminal tests check that libedit shows it).
struct CompletionTests {
    var context: CompletionContext {
        var c = CompletionContext()
        c.entities = [("ball", .item), ("box", .item), ("g", .behavior(["dx", "dy", "angle", "magnitude"]))]
        c.variables = ["bounce"]
        return c
    }

    func complete(_ line: String) -> [String] {
        Completion.candidates(line: line, cursor: line.unicodeScalars.count, context: context)
    }

    @Test func commandsAtTheStartOfAStatement() {
        #expect(complete("gra") == ["gravity"])
        #expect(complete("s").contains("step") && complete("s").contains("save") && complete("s").contains("snap"))
        #expect(complete("step 1; pr") == ["print"])
        #expect(complete("for i in 0..<3 { at") == ["attach"])
    }

    @Test func optionsNamesAndVariables() {
        #expect(complete("add view b frame 0 0 1 1 el") == ["elasticity", "ellipse"])
        #expect(complete("collide b") == ["ball", "bounce", "boundaries", "bounds", "box"])
        #expect(complete("help gra") == ["gravity"])
    }

    @Test func propertiesAfterADot() {
        #expect(complete("print ball.v") == ["ball.vx", "ball.vy"])
        #expect(complete("set g.ma") == ["g.magnitude"])
        #expect(complete("print world.st") == ["world.steps"])
        #expect(complete("print nothing.x") == [])
    }

    @Test func fileNamesAfterSourceAndSave() throws {
        let dir = try temporaryFolder()
        try FileManager.default.createDirectory(atPath: dir + "/demos", withIntermediateDirectories: true)
        try "".write(toFile: dir + "/demos/rope.dyn", atomically: true, encoding: .utf8)
        try "".write(toFile: dir + "/demos/ramp.dyn", atomically: true, encoding: .utf8)
        #expect(complete("source \(dir)/de") == ["\(dir)/demos/"])
        #expect(complete("source \(dir)/demos/r") == ["\(dir)/demos/ramp.dyn", "\(dir)/demos/rope.dyn"])
        #expect(complete("save \(dir)/demos/ro") == ["\(dir)/demos/rope.dyn"])
    }
}
