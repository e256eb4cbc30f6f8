import DynTestSupport
import Dynamics
import Testing
@testable import DynLang

/// Random sequences of commands, valid and invalid, with ordinary and extreme values: the
/// interpreter must never crash, every error must be a diagnostic, the engine's internal
/// indices must stay consistent, and a failed command must leave the world as it was.
struct RandomScriptTests {
    struct Generator {
        var random: TestRandom
        mutating func next() -> UInt64 { random.next() }
        mutating func pick<T>(_ xs: [T]) -> T { random.pick(xs) }
        mutating func number() -> String {
            pick(["0", "1", "-1", "10", "40", "-40", "0.5", "1e300", "-1e300", "1e-300", "(1/0)", "sqrt(-1)",
                  "90deg", "3.25", "200", "-0", "(2*pi)", "1e6"])
        }
    }

    static let names = ["a", "b", "c", "g", "h", "grp", "up", "tick"]

    func command(_ r: inout Generator) -> String {
        let n = { (r: inout Generator) in r.pick(RandomScriptTests.names) }
        switch r.next() % 14 {
        case 0, 1:
            return "add view \(n(&r)) frame \(r.number()) \(r.number()) \(r.number()) \(r.number())"
                + r.pick(["", " shape ellipse", " shape path 0 -10 10 10 -10 10", " shape path 0 0 1 1 2 2", " shape path 0 -10 10"])
                + r.pick(["", " density \(r.number())", " elasticity \(r.number())", " anchored yes", " allowsRotation no", " vx \(r.number())"])
        case 2: return "add group \(n(&r)) \(n(&r)) \(n(&r))"
        case 3: return "remove \(n(&r))"
        case 4: return "gravity \(r.number()) \(r.number())"
        case 5: return "gravity angle \(r.number()) magnitude \(r.number()) on \(n(&r)) as \(n(&r))"
        case 6: return "set \(n(&r)).\(r.pick(["x", "vx", "angle", "spin", "density", "friction", "anchored", "allowsRotation", "magnitude", "mass"])) \(r.number())"
        case 7: return "step \(r.pick(["1", "3", "-1", "2.5", "0"]))"
        case 8: return "set world.model \(r.pick(["\"ideal\"", "\"uikit\"", "\"none\"", "3"]))"
        case 9: return "world \(r.number()) \(r.number())"
        case 10: return "print \(n(&r))"
        case 11: return "every step as \(n(&r)) { set \(n(&r)).vx \(r.number()) }"
        case 12: return "undo"
        default: return "set world.substeps \(r.pick(["1", "4", "0", "65", "8"]))"
        }
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func randomCommandsNeverBreakTheWorld(seed: UInt64) {
        var r = Generator(random: TestRandom(seed: seed))
        let interp = Interpreter(write: { _ in })
        var errors = 0
        for i in 0..<1500 {
            let text = command(&r)
            let before = interp.session
            do {
                try interp.run(SourceFile(name: "random", text: text))
            } catch {
                errors += 1
                // Every error is a diagnostic with a message, pointing inside its file (this
                // command's text, or an every-step action's).
                for d in error.diagnostics {
                    #expect(!d.message.isEmpty)
                    #expect(d.location.range.end <= d.location.file.scalars.count + 1, "\(text): \(d.message)")
                }
                // A failed command changes nothing (as the shell relies on), unless it stepped
                // before failing inside an action, which the shell then rolls back itself.
                if !text.hasPrefix("step") {
                    #expect(interp.session.world.stateHash() == before.world.stateHash(), "\(i): \(text)")
                    #expect(interp.session.entityNames == before.entityNames, "\(i): \(text)")
                }
                interp.session = before
            }
            if let problem = interp.session.world.invariantViolation() {
                Issue.record("after '\(text)': \(problem)")
                return
            }
        }
        // The generator makes both kinds; a run with no errors or no successes tests little.
        #expect(errors > 100 && errors < 1400)
    }

    /// The undo history rebuilds states by replay where it kept no checkpoint
    /// (UndoHistory.swift): random prompt entries, failing ones and `undo`s among them, must
    /// leave three sessions that keep checkpoints before every command, as few as possible, or
    /// as measured, in the same state after every entry (the world's hash, the names, what
    /// `save` would write).
    @Test(arguments: [5, 6] as [UInt64])
    func replayedUndoMatchesKeptStates(seed: UInt64) {
        var r = Generator(random: TestRandom(seed: seed))
        let policies: [UndoCheckpoints] = [.everyCommand, .fewest, .measured]
        let sessions = policies.map { policy in
            let interp = Interpreter(write: { _ in })
            interp.undoCheckpoints = policy
            return interp
        }
        for i in 0..<400 {
            // Two commands to an entry, so that the second failing takes the first back too.
            let text = command(&r) + "; " + command(&r)
            let (script, diagnostics) = Parser.parse(SourceFile(name: "<stdin>", text: text))
            var outcomes: [Bool] = []
            for interp in sessions {
                let before = (interp.history.units.map(\.label), interp.history.firstUndoable, interp.history.sinceCheckpoint, interp.history.hasPresent)
                do {
                    try interp.runEntry(script, diagnostics: diagnostics)
                    outcomes.append(true)
                } catch {
                    outcomes.append(false)
                    // A failed entry leaves the history as it was (its marks keep no copy of it).
                    let after = (interp.history.units.map(\.label), interp.history.firstUndoable, interp.history.sinceCheckpoint, interp.history.hasPresent)
                    #expect(after == before, "entry \(i) `\(text)` (\(interp.undoCheckpoints))")
                    #expect(!error.rendered.contains("internal error"), "entry \(i) `\(text)` (\(interp.undoCheckpoints), units \(interp.history.units.count), first \(interp.history.firstUndoable), present \(interp.history.present != nil)): \(error.rendered)")
                }
            }
            #expect(Set(outcomes).count == 1, "entry \(i) `\(text)`")
            let reference = sessions[0]
            for interp in sessions.dropFirst() {
                #expect(interp.session.world.stateHash() == reference.session.world.stateHash(), "entry \(i) `\(text)` (\(interp.undoCheckpoints))")
                #expect(interp.session.entityNames == reference.session.entityNames, "entry \(i) `\(text)`")
                #expect(interp.session.journal.entries == reference.session.journal.entries, "entry \(i) `\(text)`")
                #expect(interp.undoableCount == reference.undoableCount, "entry \(i) `\(text)`")
            }
            // The history finds checkpoints from the serials its units carry: the same as a walk.
            for interp in sessions {
                let units = interp.history.units
                #expect(interp.history.checkpointCount == units.filter(\.hasCheckpoint).count, "entry \(i)")
                for j in units.indices {
                    let walked = units[...j].lastIndex(where: \.hasCheckpoint)
                    #expect(interp.history.checkpoint(atOrBefore: j) == walked, "entry \(i), unit \(j) (\(interp.undoCheckpoints))")
                }
            }
        }
    }

}
