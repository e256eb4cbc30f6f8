import DynLang
import Testing

/// Completion by context (issue #13): what the grammar allows at the cursor, and whether a
/// completed name is followed by a space.
struct CompletionContextTests {
    var context: CompletionContext {
        var c = CompletionContext()
        c.entities = [("ball", .item), ("box", .item), ("g", .behavior(["dx", "dy", "angle", "magnitude"])), ("act", .other)]
        c.variables = ["bounce"]
        return c
    }

    func complete(_ line: String) -> [String] {
        Completion.candidates(line: line, cursor: line.unicodeScalars.count, context: context)
    }

    func space(_ line: String, _ candidate: String) -> Bool {
        Completion.appendsSpace(after: candidate, line: line, cursor: line.unicodeScalars.count, context: context)
    }

    @Test func afterACommandWithKindsOnlyTheKinds() {
        #expect(complete("attach ") == ["anchor", "fixed", "items", "limit", "pin", "slide"])
        #expect(complete("attach p") == ["pin"])
        #expect(complete("add ") == ["group", "view"])
        // `run` has a plain form (a duration) beside `until`: its first word is open.
        #expect(complete("run u") == ["until"])
    }

    @Test func inANumberSlotOnlyVariables() {
        #expect(complete("add view b frame ") == ["bounce"])
        #expect(complete("add view b frame 0 0 ") == ["bounce"])
        #expect(complete("add view b frame 0 0 1 1 el") == ["elasticity", "ellipse"])
        #expect(complete("add view ") == [])  // a new name: nothing to offer
        #expect(complete("collide ball mode ") == ["boundaries", "everything", "items"])
        #expect(complete("attach anchor ball to ") == ["bounce"])
    }

    @Test func propertiesAfterOperatorsAndOfShell() {
        #expect(complete("print 1+ball.sp") == ["ball.speed", "ball.spin"])
        #expect(complete("print (ball.vx*ball.m") == ["ball.mass", "ball.momentumX", "ball.momentumY"])
        #expect(complete("if ball.x>box.wi") == ["box.width"])
        #expect(complete("set shell.q") == ["shell.quiet"])
        #expect(complete("print ball.kin") == ["ball.kineticEnergy"])
        #expect(complete("print world.pot") == ["world.potentialEnergy"])
    }

    @Test func noSpaceAfterANameThatMayTakeAProperty() {
        #expect(!space("print ba", "ball"))
        #expect(!space("set bo", "box"))
        #expect(!space("print 1+ba", "ball"))
        #expect(!space("let v = (g", "g"))
        #expect(!space("print wor", "world"))
        #expect(!space("run until ba", "ball"))
        // Where a command takes an item, the name is whole: a space follows.
        #expect(space("collide ba", "ball"))
        #expect(space("remove ac", "act"))
        // A variable or a keyword is complete as it is.
        #expect(space("print bou", "bounce"))
        #expect(space("gra", "gravity"))
    }
}
