// The undo history: every undo gives back the world bit for bit, the journal (`save`) goes
// back with it, whether the state was kept or rebuilt by replay (UndoHistory.swift), and the
// history keeps within its memory budget by what commands changed.

import Dynamics
import DynTestSupport
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

    static let policies: [UndoCheckpoints] = [.measured, .everyCommand, .fewest]

    /// A box falling onto a floor, stepped 20 frames: where most of these tests start.
    static let fallingBox = [
        "add view a frame 100 0 40 40", "add view floor frame 0 600 375 20 anchored yes", "gravity a", "collide all", "step 20",
    ]

    /// A session whose history keeps checkpoints by `policy`, with `lines` entered at its prompt.
    static func session(_ policy: UndoCheckpoints = .measured, _ lines: [String]) -> ScriptSession {
        let s = ScriptSession()
        s.interp.undoCheckpoints = policy
        for line in lines { s.entry(line) }
        return s
    }

    @Test("Undoing each kind of command, one at a time, gives back each earlier state exactly", arguments: policies)
    func undoChainIsExact(policy: UndoCheckpoints) throws {
        let s = ScriptSession()
        s.interp.undoCheckpoints = policy
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
        #expect(s.interp.undoableCount == commands.count + 2)
        for (i, command) in commands.enumerated().reversed() {
            #expect(s.entry("undo") == nil)
            #expect(fingerprint(s) == states[i], "undo of \(command)")
        }
    }

    @Test("An undone step gives the hash of before the step, and stepping again the same hash as the first time",
          arguments: policies)
    func undoStepHash(policy: UndoCheckpoints) throws {
        let s = UndoHistoryTests.session(policy, ["add view a frame 100 0 40 40 vx 30"] + UndoHistoryTests.fallingBox.dropFirst())
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
        s.interp.undoCheckpoints = .everyCommand
        s.run("for i in 0..<3000 { add view \"b{i}\" frame (i % 60 * 12) (floor(i / 60) * 12) 10 10 }")
        s.interp.clearUndo()
        let world = s.interp.session.world.tableBytes
        s.entry("print b5.x")
        #expect(s.interp.undoableCount == 0)
        s.entry("set b5.x 3")
        let kept = try #require(s.interp.history.units.last?.checkpoint).world.bytesNotShared(with: s.interp.session.world)
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
        s.interp.undoCheckpoints = .everyCommand
        s.run("for i in 0..<400 { add view \"b{i}\" frame (i % 20 * 15) (floor(i / 20) * 15) 10 10 }\ngravity\ncollide all bounds")
        s.interp.undoByteBudget = 1
        s.entry("step 3")
        let mid = fingerprint(s)
        s.entry("step 3")
        #expect(s.interp.undoableCount == 1)
        s.entry("step 3")
        #expect(s.interp.undoableCount == 1)
        s.entry("undo")
        #expect(s.entry("undo") != nil)  // "nothing to undo": the older states were dropped
        s.interp.undoByteBudget = 1 << 40
        s.entry("undo")
        for _ in 0..<60 { s.entry("step") }
        #expect(s.interp.undoableCount == Interpreter.undoLimit)
        _ = mid
    }

    @Test("Within the budget a step on a big world keeps fewer states than small edits do")
    func budgetCountsBytes() throws {
        let s = ScriptSession()
        s.interp.undoCheckpoints = .everyCommand
        s.run("for i in 0..<2000 { add view \"b{i}\" frame (i % 50 * 12) (floor(i / 50) * 12) 10 10 }\ngravity")
        s.entry("step")
        let perStep = try #require(s.interp.history.units.last?.checkpoint).world.bytesNotShared(with: s.interp.session.world)
        s.interp.clearUndo()
        s.interp.undoByteBudget = perStep * 5 + perStep / 2
        for _ in 0..<20 { s.entry("step") }
        #expect(s.interp.undoableCount <= 6)
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
        #expect(s.interp.undoableCount == Interpreter.undoLimit)
        #expect(s.interp.session.journal.count == 3000)
        #expect(elapsed < .seconds(120))
        s.entry("undo")
        #expect(try s.number("world.items") == 2999)
    }
}

@Suite("Undo by replay")
struct UndoReplayTests {
    func fingerprint(_ s: ScriptSession) -> String { UndoHistoryTests().fingerprint(s) }

    @Test("With one checkpoint, a long run of edits keeps one copy of the world, and every undo rebuilds its state exactly")
    func editsKeepOneCopy() throws {
        let s = ScriptSession()
        s.interp.undoCheckpoints = .fewest
        s.run("for i in 0..<2000 { add view \"b{i}\" frame (i % 50 * 12) (floor(i / 50) * 12) 10 10 }\ngravity\ncollide all")
        s.interp.clearUndo()
        var states = [fingerprint(s)]
        for i in 0..<40 {
            s.entry(i % 10 == 9 ? "step 2" : "set b\(i * 7).x \(i * 3)")
            states.append(fingerprint(s))
        }
        // Only the first command kept the session before it; the rest are replayed from there.
        #expect(s.interp.undoCheckpointCount == 1)
        #expect(s.interp.undoableCount == 40)
        // What the history holds is the one copy of the tables the commands since changed,
        // not one per command.
        let world = s.interp.session.world.tableBytes
        #expect(s.interp.undoHistoryBytes <= world)
        for i in (0..<40).reversed() {
            #expect(s.entry("undo") == nil)
            #expect(fingerprint(s) == states[i], "undo \(40 - i)")
        }
        #expect(s.entry("undo") != nil)
    }

    @Test("The measured policy takes a checkpoint once the commands since the last one cost an allowance (four copies of the world)",
          arguments: [20, 4000], [false, true])
    func measuredCheckpoints(items: Int, keepLoop: Bool) throws {
        let s = ScriptSession()
        if !keepLoop {
            s.run("for i in 0..<\(items) { add view \"b{i}\" frame (i % 50 * 12) (floor(i / 50) * 12) 10 10 }")
            s.interp.clearUndo()
        } else {
            // The loop that builds the world is itself a unit: a long one.
            s.entry("for i in 0..<\(items) { add view \"b{i}\" frame (i % 50 * 12) (floor(i / 50) * 12) 10 10 }")
        }
        for i in 0..<60 { s.entry(i % 2 == 0 ? "set b\(i % items).x \(i)" : "add view c\(i) frame \(i * 12) 3000 10 10") }
        // Each unit's cost is the command's run time, so how many checkpoints a run takes
        // depends on the machine; its bounds do not: the first command always keeps one, two
        // checkpoints are an allowance apart (or follow a command that took longer, unless that
        // command's own checkpoint followed a long command: its time is the copies), and none
        // is further apart than that plus one command.
        let units = s.interp.history.units
        #expect(units.first?.hasCheckpoint == true)
        let copy = s.interp.checkpointCost()
        var since: Int64 = -1
        var heavy = false
        var afterLong = false
        for u in units {
            if u.hasCheckpoint {
                #expect(since < 0 || since >= copy || heavy)
                // Never two checkpoints in a row for a long command.
                #expect(!(u.afterLongCommand && afterLong))
                since = 0
                heavy = u.cost > copy && !u.afterLongCommand
                afterLong = u.afterLongCommand
            } else {
                #expect(since < copy && !heavy)
                since += u.cost
                heavy = false
                afterLong = false
            }
        }
    }

    @Test("A checkpoint follows a long command, but not a command whose own checkpoint followed one")
    func longCommandRuleDoesNotChain() throws {
        let s = ScriptSession()
        s.entry("for i in 0..<500 { add view \"b{i}\" frame (i % 50 * 12) (floor(i / 50) * 12) 10 10 }")
        let copy = s.interp.checkpointCost()
        #expect(copy > 0)
        // Costs set by hand (they are run times otherwise): a long unit with a checkpoint.
        var h = UndoHistory()
        h.append(UndoUnit(label: "long", replay: [], checkpoint: s.interp.session, cost: 100 * copy))
        s.interp.history = h
        #expect(s.interp.checkpointDue())
        #expect(s.interp.history.longCommandCheckpoint)
        // The command after it kept a checkpoint for that reason and took long: its time is the
        // copies that checkpoint caused, so no further checkpoint is due.
        var after = UndoUnit(label: "after", replay: [], checkpoint: s.interp.session, cost: 100 * copy)
        after.afterLongCommand = true
        h.append(after)
        s.interp.history = h
        #expect(!s.interp.checkpointDue())
        // The same unit with a checkpoint taken for another reason did run long itself.
        var other = UndoHistory()
        other.append(h.units[0])
        after.afterLongCommand = false
        other.append(after)
        s.interp.history = other
        #expect(s.interp.checkpointDue())
    }

    @Test("After the loop that built a large world, cheap commands do not each keep a copy of it")
    func noCheckpointPerCommandAfterALongOne() throws {
        let s = ScriptSession()
        s.entry("for i in 0..<20000 { add view \"b{i}\" frame (i % 200 * 12) (floor(i / 200) * 12) 10 10 }")
        for i in 0..<40 { s.entry("set b\(i * 7).x \(i)") }
        // The loop keeps one (the first unit), the command after it one (the loop ran long);
        // the cheap commands after that share the checkpoints an allowance's worth at a time.
        // Before, each took a checkpoint in turn: 41, each a copy of the world.
        let units = s.interp.history.units
        #expect(units.count == 41)
        #expect(units.filter(\.afterLongCommand).count <= 1)
        let copy = s.interp.checkpointCost()
        let cheap = units.dropFirst(2).reduce(Int64(0)) { $0 + $1.cost }
        #expect(s.interp.undoCheckpointCount <= 2 + Int(cheap / Swift.max(copy, 1)) + 1)
        // And every state is still had back exactly.
        let last = fingerprint(s)
        #expect(s.entry("undo") == nil)
        #expect(s.entry("set b273.x 39") == nil)
        #expect(fingerprint(s) == last)
    }

    @Test("A failed entry is taken back by replay when no checkpoint was kept before it", arguments: UndoHistoryTests.policies)
    func failedEntryRebuilt(policy: UndoCheckpoints) throws {
        let s = UndoHistoryTests.session(policy, UndoHistoryTests.fallingBox)
        let before = fingerprint(s)
        let count = s.interp.undoableCount
        #expect(s.entry("step 30; add view b frame 0 0 5 5; set a.vx 40; print nothing") != nil)
        #expect(fingerprint(s) == before)
        #expect(s.interp.undoableCount == count)
        // Under --no-bail in a script, the failed statement alone is taken back.
        s.interp.settings.bail = false
        s.run("set a.x 30\nset a.x nothing\nstep 2\n")
        s.interp.settings.bail = true
        let expected = UndoHistoryTests.session(.everyCommand, UndoHistoryTests.fallingBox + ["set a.x 30", "step 2"])
        #expect(s.hash == expected.hash)
        // Every statement and entry closed its mark (an open one would make the history copy
        // its units at each later change).
        #expect(s.interp.openUndoMarks.isEmpty)
    }

    @Test("An entry that undoes and then fails puts the undone command back, and undo still takes it", arguments: UndoHistoryTests.policies)
    func failedEntryAfterUndo(policy: UndoCheckpoints) throws {
        let s = UndoHistoryTests.session(policy, UndoHistoryTests.fallingBox + ["set a.x 30", "step 5"])
        let before = fingerprint(s)
        let count = s.interp.undoableCount
        let units = s.interp.history.units.map(\.label)
        // The failure is the third statement's: the two undos ran.
        let failure = s.entry("undo; undo; set a.x nothing")
        #expect(failure?.contains("1:21: error: unknown name") == true, "\(failure ?? "")")
        #expect(fingerprint(s) == before)
        #expect(s.interp.undoableCount == count)
        #expect(s.interp.history.units.map(\.label) == units)
        #expect(s.interp.openUndoMarks.isEmpty)
        // The history works on as if the entry had not been: two undos give the state before
        // `set a.x 30`.
        s.entry("undo")
        s.entry("undo")
        let expected = UndoHistoryTests.session(.everyCommand, UndoHistoryTests.fallingBox)
        #expect(s.hash == expected.hash)
    }

    @Test("After Ctrl-C stopped a command midway, undo of the next command gives back the state it left", arguments: UndoHistoryTests.policies)
    func interruptedStateKept(policy: UndoCheckpoints) throws {
        let s = UndoHistoryTests.session(policy, ["add view a frame 100 0 40 40", "gravity"])
        var polls = 0
        s.interp.isInterrupted = { polls += 1; return polls > 7 }
        #expect(s.entry("step 100")?.contains("interrupted") == true)
        s.interp.isInterrupted = { false }
        #expect(s.interp.openUndoMarks.isEmpty)
        let frames = try s.number("world.time") * 60
        #expect(frames > 0 && frames < 100)
        let stopped = fingerprint(s)
        s.entry("set a.x 10")
        // A failed entry now goes back to the stopped state, not to a replay that lacks it.
        #expect(s.entry("set a.x 20; print nothing") != nil)
        #expect(try s.number("a.x") == 10)
        s.entry("undo")
        #expect(fingerprint(s) == stopped)
        s.entry("undo")  // the stopped step went with the command before it, as it always did
        s.entry("add view a frame 100 0 40 40")
        #expect(s.interp.undoableCount >= 1)
    }

    @Test("Replay writes no file again: logs, snapshots, recordings and sourced files stay as they were")
    func replayWritesNothing() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let s = ScriptSession()
        s.interp.undoCheckpoints = .fewest
        let lib = dir + "/lib.dyn"
        try "add view z frame 0 0 5 5\nset z.vx 7\n".write(toFile: lib, atomically: true, encoding: .utf8)
        s.entry("add view a frame 100 0 40 40")
        s.entry("gravity")
        s.entry("log a.y every 1 to \"\(dir)/a.csv\"")
        s.entry("step 10")
        s.entry("source \"\(lib)\"")
        s.entry("record 0.1 to \"\(dir)/a.gif\"")
        s.entry("every step { if world.time > 0.3 and world.time < 0.32 { snapshot \"\(dir)/late.png\" } }")
        #expect(s.entry("step 12") == nil)
        let csv = try String(contentsOfFile: dir + "/a.csv", encoding: .utf8)
        #expect(csv.split(separator: "\n").count == 1 + 10 + 6 + 12)
        #expect(FileManager.default.fileExists(atPath: dir + "/late.png"))
        try FileManager.default.removeItem(atPath: dir + "/a.gif")
        try FileManager.default.removeItem(atPath: dir + "/late.png")
        // The sourced file changes: the replay runs what it said then.
        try "add view y frame 0 0 5 5\n".write(toFile: lib, atomically: true, encoding: .utf8)
        let before = fingerprint(s)
        s.entry("set a.x 200")
        s.entry("undo")
        #expect(fingerprint(s) == before)
        #expect(s.interp.session.entity(named: "z") != nil)
        #expect(s.interp.session.entity(named: "y") == nil)
        #expect(try String(contentsOfFile: dir + "/a.csv", encoding: .utf8) == csv)
        #expect(!FileManager.default.fileExists(atPath: dir + "/a.gif"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/late.png"))
        // The log goes on writing to its file after the undo.
        s.entry("step 2")
        #expect(try String(contentsOfFile: dir + "/a.csv", encoding: .utf8).split(separator: "\n").count == 1 + 10 + 6 + 12 + 2)
    }

    @Test("undo inside a block, a function or a sourced file is refused, and the entry leaves nothing behind")
    func undoOnlyAtTheTopLevel() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let lib = dir + "/u.dyn"
        try "add view q frame 0 0 5 5\nundo\n".write(toFile: lib, atomically: true, encoding: .utf8)
        for policy in UndoHistoryTests.policies {
            let s = UndoHistoryTests.session(policy, ["add view a frame 100 0 40 40", "gravity", "step 5", "set a.x 20"])
            let before = fingerprint(s)
            for entry in ["if true { add view b frame 0 0 5 5\nundo }", "source \"\(lib)\"",
                          "fn f() { undo }\nprint f()", "for i in 0..<2 { step 1\nundo }"] {
                let failure = s.entry(entry)
                #expect(failure?.contains("cannot undo here") == true, "\(entry): \(failure ?? "no error")")
                #expect(fingerprint(s) == before, "\(entry)")
            }
            #expect(s.entry("undo") == nil)
            #expect(try s.number("a.x") == 120)
        }
    }

    @Test("Replay prints nothing, and an action made at the prompt still names its line after an undo")
    func replayIsSilent() throws {
        let s = ScriptSession()
        s.interp.undoCheckpoints = .fewest
        s.entry("add view a frame 100 0 40 40")
        s.entry("let n = 0")
        s.entry("every step { set n = n + 1\nprint n }")
        s.entry("step 3")
        s.entry("set a.x 5")
        let printed = s.output
        s.entry("undo")
        #expect(s.output == printed)
        #expect(try s.number("n") == 3)
        s.entry("every step { print a.nothing }")
        s.entry("add view c frame 0 0 4 4")
        s.entry("undo")
        let failure = s.entry("step")
        #expect(failure?.contains("<stdin>") == true)
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

    @Test("Removing unique elements from a layered list, adding them again, across copies and compactions, agrees with an Array")
    func uniqueRemovals() {
        var list = LayeredList<String>()
        var array: [String] = []
        var present = Set<String>()
        var random = TestRandom(seed: 9)
        var copies: [(LayeredList<String>, [String])] = []
        for i in 0..<6000 {
            let key = "k\(random.next() % 400)"
            if present.contains(key) {
                list.removeUnique(key)
                array.removeAll { $0 == key }
                present.remove(key)
            } else {
                list.append(key)
                array.append(key)
                present.insert(key)
            }
            if i % 500 == 0 { copies.append((list, array)) }
            if i % 97 == 0 {
                #expect(list.elements == array, "step \(i)")
                #expect(list.count == array.count)
            }
        }
        #expect(list.elements == array)
        for (l, a) in copies { #expect(l.elements == a) }
        // The general removal after unique ones.
        list.removeAll { $0.hasSuffix("7") }
        array.removeAll { $0.hasSuffix("7") }
        #expect(list.elements == array)
    }

    @Test("Changing a copy of a layered table or list leaves the original as it was, and the other way round")
    func copiesChangeApart() {
        var table = LayeredTable<String, Int>()
        var list = LayeredList<String>()
        for i in 0..<300 { table["k\(i)"] = i; list.append("k\(i)") }
        var copy = table
        var listCopy = list
        // Both sides change after the copy, past a fold each (64 entries), in the base and
        // the layer alike.
        for i in 0..<200 {
            copy["k\(i)"] = -i
            table["n\(i)"] = i
            listCopy.append("c\(i)")
            list.append("n\(i)")
        }
        copy["k299"] = nil
        list.removeAll { $0 == "k0" }
        #expect(table["k5"] == 5 && table["k299"] == 299 && table["n150"] == 150)
        #expect(copy["k5"] == -5 && copy["k299"] == nil && copy["n150"] == nil && copy["k250"] == 250)
        #expect(list.elements == (1..<300).map { "k\($0)" } + (0..<200).map { "n\($0)" })
        #expect(listCopy.elements == (0..<300).map { "k\($0)" } + (0..<200).map { "c\($0)" })
        #expect(table.keys.count == 500 && copy.keys.count == 299)
    }
}
