// The `gravity` command changes the world in place (GravityCommand.swift): a command that
// fails must still change nothing, whichever way the gravity was going to change.

import Dynamics
import Testing
@testable import DynLang

@Suite struct GravityCommandTests {
    static let world = """
        add view a frame 0 0 10 10
        add view b frame 20 0 10 10
        add view c frame 40 0 10 10
        add group pair b c
        gravity 0 1 on a as g
        gravity 1 0 as h
        """

    @Test("A gravity command that names a group's member, or a number too large, fails and changes nothing", arguments: [
        "gravity on a b as g",          // a named gravity on items: its items would be replaced
        "gravity 0 2 on b as h",        // a gravity on every item: it would be replaced by one on items
        "gravity on c",                 // a new gravity
        "gravity magnitude 3 on a b as g",
        // Numbers past the engine's largest value, after items that would change the world.
        "gravity 2e12 0 on a",
        "gravity magnitude 2e12 on pair as g",
        "gravity angle 2e12 on a as h",
    ])
    func failureChangesNothing(command: String) throws {
        let s = ScriptSession()
        #expect(s.run(GravityCommandTests.world) == nil)
        let hash = s.interp.session.world.stateHash()
        let names = s.interp.session.entityNames
        let failure = s.run(command)
        #expect(failure?.contains("member of a group") == true || failure?.contains("between") == true, "\(failure ?? "no failure")")
        #expect(s.interp.session.world.stateHash() == hash)
        #expect(s.interp.session.entityNames == names)
        // And the gravities act as before: h, set last, acts on every item, so a moves right
        // and does not fall.
        s.run("step 1")
        #expect(try s.number("a.vx") > 0)
        #expect(try s.number("a.vy") == 0)
    }

    @Test("Replacing a named gravity's items works in place: the new items feel it, the old ones no longer")
    func replacedItems() throws {
        let s = ScriptSession()
        #expect(s.run(GravityCommandTests.world + "\nremove h\ngravity on pair as g\nstep 1") == nil)
        #expect(try s.number("a.vy") == 0)
        #expect(try s.number("pair.vy") > 0)
    }
}
