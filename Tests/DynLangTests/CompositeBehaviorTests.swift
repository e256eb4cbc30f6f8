// Composite behaviors (`behavior NAME { }`), behavior actions (`every step of NAME`),
// `remove all behaviors`, `inf` and an attachment's items, with add, remove, undo and save.

import Dynamics
import Testing
@testable import DynLang

private let magnet = """
    add view ball frame 100 100 40 40
    add view other frame 300 100 40 40
    let ticks = 0
    behavior magnet {
        field radial gravity at 200 300 strength 20 as pull
        snap ball to 200 300 as hold
        every step { set ticks ticks + 1 }
    }

    """

@Suite struct CompositeBehaviorTests {
    @Test func aCompositeHoldsWhatItsBlockMakes() throws {
        let r = ScriptSession()
        #expect(r.run(magnet + "print magnet\nstep 3\n") == nil)
        #expect(r.output == "magnet behavior active yes holds pull hold action1\n")
        #expect(try r.value("ticks") == .number(3))
        #expect(try r.value("magnet.behaviors") == .string("pull hold action1"))
        #expect(try r.value("magnet.active") == .boolean(true))
        #expect(r.behaviorCount == 2)
    }

    @Test func switchingOffTakesEverythingOutAndOnMakesItAgain() throws {
        let r = ScriptSession()
        r.run(magnet + "step 3\nset magnet.active no\n")
        #expect(r.behaviorCount == 0)
        #expect(r.interp.session.world.fieldCount == 0)
        let (x, vx) = (try r.value("ball.x"), try r.value("ball.vx"))
        r.run("step 5\n")
        #expect(try r.value("ticks") == .number(3))  // its action stopped
        // Nothing pulls the ball now: it coasts.
        guard case .number(let x0) = x, case .number(let v) = vx, case .number(let x1) = try r.value("ball.x") else {
            Issue.record("not numbers")
            return
        }
        #expect(abs(x1 - (x0 + 5 * v / 60)) < 1e-9)
        r.run("set magnet.active yes\nstep 2\n")
        #expect(r.behaviorCount == 2)
        #expect(try r.value("ticks") == .number(5))
        #expect(try r.value("pull.strength") == .number(20))
    }

    @Test func removingACompositeRemovesEverythingItHolds() throws {
        let r = ScriptSession()
        r.run(magnet + "step 2\n")
        r.run("remove magnet\nstep 2\n")
        #expect(r.behaviorCount == 0 && r.interp.session.actions.isEmpty && r.interp.session.composites.isEmpty)
        #expect(try r.value("ticks") == .number(2))
        #expect(r.entry("print pull") != nil)
        // A child removed on its own leaves the composite; the rest stays.
        let s = ScriptSession()
        s.run(magnet + "remove hold\n")
        #expect(try s.value("magnet.behaviors") == .string("pull action1"))
        #expect(s.behaviorCount == 1)
    }

    @Test func compositesNest() throws {
        let r = ScriptSession()
        r.run("""
            add view b frame 0 0 10 10
            behavior outer {
                gravity on b as g
                behavior inner {
                    field vortex as v
                }
            }
            set outer.active no

            """)
        #expect(r.behaviorCount == 0 && r.interp.session.composites.count == 1)
        r.run("set outer.active yes\n")
        #expect(try r.value("outer.behaviors") == .string("g inner"))
        #expect(try r.value("inner.behaviors") == .string("v"))
    }

    @Test func undoAndSaveKeepCompositesAndActions() throws {
        let r = ScriptSession()
        #expect(r.run(magnet + "step 4\n") == nil)
        let before = (r.hash, r.interp.session.order)
        r.run("set magnet.active no\nstep 2\n")
        r.run("undo\nundo\n")
        #expect(r.hash == before.0 && r.interp.session.order == before.1)
        r.run("remove magnet\n")
        r.run("undo\n")
        #expect(r.hash == before.0 && r.interp.session.order == before.1)
        #expect(try r.value("magnet.active") == .boolean(true))
        // save: the file rebuilds the same world, the same composite and its action.
        r.run("set magnet.active no\nstep 3\nset magnet.active yes\nstep 7\nattach items ball other as rope\nevery step of rope as watch { set ticks ticks + 100 }\nstep 2\n")
        let t = ScriptSession()
        #expect(t.run(r.interp.savedScript()) == nil)
        #expect(t.hash == r.hash)
        #expect(try t.value("ticks") == r.value("ticks"))
        r.run("step 10\n")
        t.run("step 10\n")
        #expect(t.hash == r.hash)
        #expect(try t.value("ticks") == r.value("ticks"))
        #expect(try t.value("magnet.behaviors") == r.value("magnet.behaviors"))
    }

    @Test func anActionOfABehaviorGoesWithIt() throws {
        let r = ScriptSession()
        r.run("""
            add view a frame 0 0 10 10
            add view b frame 50 0 10 10
            let n = 0
            attach items a b as rope
            every step of rope as watch { set n n + 1 }
            step 2
            print watch

            """)
        #expect(r.output == "watch every step of rope\n")
        #expect(try r.value("n") == .number(2))
        r.run("remove rope\nstep 2\n")
        #expect(try r.value("n") == .number(2))
        #expect(r.interp.session.entity(named: "watch") == nil)
        r.run("undo\nundo\nstep 1\n")  // takes back the step, then the remove
        #expect(try r.value("n") == .number(3))
        #expect(r.entry("every step of a { }")?.contains("'a' is an item; an action belongs to a behavior") == true)
        #expect(r.entry("every step of rop { }")?.contains("unknown behavior 'rop'; did you mean 'rope'?") == true)
    }

    @Test func removeAllBehaviorsLeavesItemsBoundariesAndFreeActions() throws {
        let r = ScriptSession()
        r.run(magnet + """
            gravity
            collide all bounds
            push other continuous 1 0 as shove
            every step as free { }
            boundary floor line 0 600 400 600
            remove all behaviors

            """)
        #expect(r.behaviorCount == 0 && r.interp.session.composites.isEmpty)
        #expect(r.interp.session.order == ["ball", "other", "free", "floor"] || r.interp.session.order.contains("free"))
        #expect(r.interp.session.entity(named: "floor") != nil && r.interp.session.entity(named: "ball") != nil)
        #expect(r.interp.session.world.fieldCount == 0)
        r.run("undo\n")
        #expect(r.behaviorCount > 0)
        #expect(r.entry("remove all")?.contains("'remove all behaviors' removes every behavior") == true)
    }

    @Test func infRemovesARangeLimit() throws {
        let r = ScriptSession()
        #expect(r.run("""
            add view a frame 100 100 50 50
            add view b frame 200 100 50 50
            attach pin a b at 175 125 range -1 1 as p
            set p.rangeMax inf
            attach pin a b at 175 125 range -inf 0.5 as q

            """) == nil)
        #expect(try r.value("p.rangeMax") == .number(.infinity) && r.value("q.rangeMin") == .number(-.infinity))
        #expect(try r.value("p.items") == .string("a b"))
        #expect(r.entry("set a.x inf")?.contains("must be a finite number") == true)
        #expect(r.entry("add view c frame inf 0 10 10")?.contains("must be a finite number") == true)
        #expect(r.entry("let inf = 2")?.contains("reserved") == true)
    }

    @Test func badCompositesAreRefused() {
        let r = ScriptSession()
        r.run("add view ball frame 0 0 10 10\n")
        #expect(r.entry("behavior ball { }")?.contains("already used") == true)
        #expect(r.entry("behavior m { field spring as s\nfield vortx }")?.contains("did you mean 'vortex'") == true)
        // The failed entry changed nothing: no m, no s.
        #expect(r.interp.session.entity(named: "m") == nil && r.interp.session.entity(named: "s") == nil)
        r.run("behavior m { }\n")
        #expect(r.entry("set m.active 1")?.contains("m.active must be yes or no") == true)
        #expect(r.entry("print m.actve")?.contains("did you mean 'active'") == true)
    }
}
