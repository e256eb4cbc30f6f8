// The undo history: every undo gives back the world bit for bit, the journal (`save`) goes
// back with it, and the history keeps within its memory budget by what commands changed.

import Dynamics
import Foundation
import Testing
@testable import DynLang

@Suite("Undo history")
struct UndoHistoryTests {
    /// What must come back exactly after an undo: the engine's state hash, the text of
    /// `print world`, and the script `save` would write.
    func fingerprint(_ s: ScriptSession) -> String {
        let before = s.output
        s.entry("print world")
        let world = String(s.output.dropFirst(before.count))
        s.output = before
        return "\(s.hash)\n\(world)\n\(s.interp.savedScript())"
    }

    @Test("Undoing each kind of command, one at a time, gives back each earlier state exactly")
    func undoChainIsExact() throws {
        let s = ScriptSession()
        s.entry("set world.model \"uikit\"")
        s.entry("for i in 0..<40 { add view \"b{i}\" frame (i % 8 * 40) (floor(i / 8) * 40) 30 30 }")
        let commands = [
            "gravity", "collide all bounds", "step 30", "set b3.x 200", "add view late frame 10 300 20 20 shape ellipse",
            "kick b5 100 -50", "step 12", "remove b7", "set b1.elasticity 0.9", "attach items b2 b4", "step", "step 7",
            "let v = 3", "set v = v + 1", "push b9 instant 0 -1", "step 20", "reset",
        ]
        var states: [String] = [fingerprint(s)]
        for command in commands {
            #expect(s.entry(command) == nil, "\(command)")
            states.append(fingerprint(s))
        }
        #expect(s.interp.undoStack.count == commands.count + 2)
        for (i, command) in commands.enumerated().reversed() {
            #expect(s.entry("undo") == nil)
            #expect(fingerprint(s) == states[i], "undo of \(command)")
        }
    }

    @Test("An undone step gives the hash of before the step, and stepping again the same hash as the first time")
    func undoStepHash() throws {
        let s = ScriptSession()
        s.entry("add view a frame 100 0 40 40 vx 30")
        s.entry("add view floor frame 0 600 375 20 anchored yes")
        s.entry("gravity a")
        s.entry("collide all")
        s.entry("step 20")
        let before = try s.text("world.hash")
        s.entry("step 45")
        let after = try s.text("world.hash")
        #expect(before != after)
        s.entry("undo")
        #expect(try s.text("world.hash") == before)
        s.entry("step 45")
        #expect(try s.text("world.hash") == after)
    }

    @Test("world.hash is 16 hex digits of the engine's state hash")
    func hashForm() throws {
        let s = ScriptSession()
        s.entry("add view a frame 10 10 20 20")
        let text = try s.text("world.hash")
        #expect(text.count == 16)
        #expect(text.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(UInt64(text, radix: 16) == s.hash)
        #expect(s.entry("set world.hash \"0\"") != nil)
    }

    @Test("A command that changes one item keeps less than the whole world; printing keeps nothing")
    func footprintFollowsTheChange() throws {
        let s = ScriptSession()
        s.run("for i in 0..<3000 { add view \"b{i}\" frame (i % 60 * 12) (floor(i / 60) * 12) 10 10 }")
        s.interp.clearUndo()
        let world = s.interp.session.world.tableBytes
        s.entry("print b5.x")
        #expect(s.interp.undoStack.isEmpty)
        s.entry("set b5.x 3")
        let kept = try #require(s.interp.undoStack.last).world.bytesNotShared(with: s.interp.session.world)
        #expect(s.interp.undoHistoryBytes == kept)
        #expect(kept > 0)
        #expect(kept < world)
        // A copy that was never changed shares every table.
        let w = s.interp.session.world
        #expect(w.bytesNotShared(with: s.interp.session.world) == 0)
        var changed = w
        _ = changed.step()
        #expect(changed.bytesNotShared(with: w) > 0)
    }

    @Test("Past the byte budget the oldest states go, the newest always stays, and undo still restores exactly")
    func budget() throws {
        let s = ScriptSession()
        s.run("for i in 0..<400 { add view \"b{i}\" frame (i % 20 * 15) (floor(i / 20) * 15) 10 10 }\ngravity\ncollide all bounds")
        s.interp.undoByteBudget = 1
        s.entry("step 3")
        let mid = fingerprint(s)
        s.entry("step 3")
        #expect(s.interp.undoStack.count == 1)
        s.entry("step 3")
        #expect(s.interp.undoStack.count == 1)
        s.entry("undo")
        #expect(s.entry("undo") != nil)  // "nothing to undo": the older states were dropped
        s.interp.undoByteBudget = 1 << 40
        s.entry("undo")
        for _ in 0..<60 { s.entry("step") }
        #expect(s.interp.undoStack.count == Interpreter.undoLimit)
        _ = mid
    }

    @Test("Within the budget a step on a big world keeps fewer states than small edits do")
    func budgetCountsBytes() throws {
        let s = ScriptSession()
        s.run("for i in 0..<2000 { add view \"b{i}\" frame (i % 50 * 12) (floor(i / 50) * 12) 10 10 }\ngravity")
        s.entry("step")
        let perStep = try #require(s.interp.undoStack.last).world.bytesNotShared(with: s.interp.session.world)
        s.interp.clearUndo()
        s.interp.undoByteBudget = perStep * 5 + perStep / 2
        for _ in 0..<20 { s.entry("step") }
        #expect(s.interp.undoStack.count <= 6)
        #expect(s.interp.undoHistoryBytes <= s.interp.undoByteBudget)
    }

    @Test("The journal goes back with undo, merges steps, and a long one is freed without recursion")
    func journal() throws {
        let s = ScriptSession()
        s.entry("add view a frame 0 0 10 10")
        s.entry("step 2")
        s.entry("step 3")
        s.entry("set a.x 50")
        #expect(s.interp.session.journal.entries == ["add view a frame 0 0 10 10", "step 5", "set a.x 50"])
        s.entry("undo")
        #expect(s.interp.session.journal.entries == ["add view a frame 0 0 10 10", "step 5"])
        s.entry("undo")
        #expect(s.interp.session.journal.entries == ["add view a frame 0 0 10 10", "step 2"])
        var long = Journal()
        for i in 0..<300_000 { long.append("print \(i)") }
        let shared = long
        long = Journal()
        #expect(shared.count == 300_000)
        #expect(long.count == 0)
    }

    @Test("A prompt session of many commands keeps 50 states and stays fast")
    func manyEntries() throws {
        let s = ScriptSession()
        let clock = ContinuousClock()
        let elapsed = clock.measure {
            for i in 0..<3000 { s.entry("add view v\(i) frame \(i % 50 * 12) \(i / 50 * 12) 10 10") }
        }
        #expect(s.interp.undoStack.count == Interpreter.undoLimit)
        #expect(s.interp.session.journal.count == 3000)
        #expect(elapsed < .seconds(120))
        s.entry("undo")
        #expect(try s.number("world.items") == 2999)
    }
}

@Suite("Layered tables")
struct LayeredTableTests {
    @Test("A layered table and list agree with a Dictionary and an Array through folds, removals and copies")
    func agreeWithPlainCollections() {
        var table = LayeredTable<String, Int>()
        var plain: [String: Int] = [:]
        var list = LayeredList<String>()
        var array: [String] = []
        var copies: [(LayeredTable<String, Int>, [String: Int], LayeredList<String>, [String])] = []
        for i in 0..<5000 {
            let key = "k\(i % 1700)"
            if i % 7 == 3 {
                table[key] = nil
                plain[key] = nil
                list.removeAll { $0 == key }
                array.removeAll { $0 == key }
            } else {
                table[key] = i
                plain[key] = i
                list.append(key)
                array.append(key)
            }
            if i % 997 == 0 { copies.append((table, plain, list, array)) }
        }
        #expect(table.keys.sorted() == plain.keys.sorted())
        #expect(plain.allSatisfy { table[$0.key] == $0.value })
        #expect(table["absent"] == nil)
        #expect(list.elements == array)
        #expect(list.count == array.count)
        // Copies taken along the way kept their own contents.
        for (t, p, l, a) in copies {
            #expect(t.keys.sorted() == p.keys.sorted())
            #expect(p.allSatisfy { t[$0.key] == $0.value })
            #expect(Array(l) == a)
        }
    }
}
