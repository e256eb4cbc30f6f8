import DynTestSupport
import Foundation
import Testing
@testable import DynLang

/// The declared grammars: usage rendered from them, the one parser's errors, constraints checked
/// by `dyn check` for constant arguments and by a run for every argument.
struct CommandGrammarTests {
    func spec(_ name: String) throws -> CommandSpec {
        try #require(Interpreter.command(named: name))
    }

    func check(_ text: String) -> [String] {
        Interpreter(write: { _ in }).check(SourceFile(name: "c.dyn", text: text)).map(\.message)
    }

    func failure(_ text: String) -> String {
        do {
            try Interpreter(write: { _ in }).run(SourceFile(name: "t.dyn", text: text))
            return "(no error)"
        } catch {
            return error.diagnostics.map(\.message).joined(separator: "\n")
        }
    }

    @Test func usageIsRenderedFromTheDeclaration() throws {
        // Written out by hand from the grammar each form means.
        #expect(try spec("world").usage == ["world W H"])
        #expect(try spec("step").usage == ["step [N]"])
        #expect(try spec("attach").usage[0] == "attach anchor ITEM [offset DX DY] to X Y [length L] [frequency F] [damping D] [as NAME]")
        #expect(try spec("attach").usage[4] == "attach slide A [B] at X Y axis DX DY [range LO HI] [as NAME]")
        #expect(try spec("add").usage == [
            "add view NAME frame X Y W H [shape rect|ellipse|path X1 Y1 X2 Y2 ...] [PROP VALUE ...]",
            "add group NAME ITEM ...",
        ])
        #expect(try spec("gravity").usage == ["gravity [DX DY] [angle A] [magnitude M] [on ITEM ...] [as NAME]"])
        #expect(try spec("plot").usage == ["plot EXPR, ... [vs EXPR] over T [to FILE] [size W H] [height N]"])
    }

    @Test func everyFormDeclaresEachKeywordOnce() {
        for spec in Interpreter.commands {
            for form in spec.syntax.forms {
                let words = form.positionals.compactMap(\.keyword).filter { $0 != "offset" } + form.options.map(\.key)
                #expect(Set(words).count == words.count, "\(spec.name) \(form.sub ?? ""): \(words)")
            }
            // help shows every usage line the grammar renders.
            let help = Reference.help(spec.name) ?? ""
            for line in spec.usage { #expect(help.contains("usage: " + line), "\(spec.name)") }
        }
    }

    @Test func theParserReportsStructureWithoutAWorld() {
        #expect(check("snap ball")[0].hasPrefix("snap needs 'to X Y'"))
        #expect(check("snap ball to 1 2 to 3 4") == ["'to' is given twice"])
        #expect(check("kick ball 1 2 spn 3") == ["unknown option 'spn' for 'kick'; did you mean 'spin'?"])
        #expect(check("gravity angle magnitude 2") == ["expected the angle, found 'magnitude'"])
        #expect(check("collide mode walls") == ["unknown mode 'walls'; the modes are items, boundaries and everything"])
        #expect(check("push a b")[0].hasPrefix("expected instant or continuous, found the end of the command; usage: push ITEM ..."))
        #expect(check("attach hinge a b") == ["expected anchor, items, pin, fixed, slide or limit after 'attach', found 'hinge'"])
        #expect(check("add view world frame 0 0 1 1") == ["'world' is a reserved name"])
    }

    @Test func constantArgumentsAreCheckedAgainstTheirSlots() {
        // Constants break the declared rules at check time, with the same messages as a run.
        #expect(check("world 0 10") == ["the width must be greater than 0, got 0"])
        #expect(failure("world 0 10") == "the width must be greater than 0, got 0")
        #expect(check("step 1.5") == ["the number of steps must be a whole number from 0 to 1e9, got 1.5"])
        #expect(check("run 90deg") == ["a duration is in seconds, not degrees"])
        #expect(check("show width 2*2") == ["the width in columns must be a whole number from 8 to 1000, got 4"])
        // A value known only when running is checked then, not before.
        #expect(check("let w = 0\nworld w 10").isEmpty)
        #expect(failure("let w = 0\nworld w 10") == "the width must be greater than 0, got 0")
        #expect(check("run 5s live speed 0") == ["the speed must be greater than 0 and at most 1000, got 0"])
    }

    @Test func rulesBetweenArgumentsAreValidated() {
        #expect(check("gravity 0 1 angle 2") == ["give the gravity either as DX DY or with angle and magnitude, not both"])
        #expect(check("push a instant angle 1") == ["push needs DX DY, or angle A and magnitude M"])
        #expect(check("show ascii braille") == ["give 'ascii' or 'braille', not both"])
        #expect(check("run 1 speed 2") == ["'speed' goes with 'live': run T live [speed S] ..."])
        #expect(check("boundary b line 0 0 1 1 2 2") == ["a line needs two points: X1 Y1 X2 Y2"])
    }

    @Test func checkingChangesNothing() {
        let interp = Interpreter(write: { _ in Issue.record("check printed something") })
        let ds = interp.check(SourceFile(name: "c.dyn", text: "add view a frame 0 0 1 1\nlet x = 3\nstep 10\nprint a.x\nhelp\n"))
        #expect(ds.isEmpty)
        #expect(interp.session.entityNames.isEmpty && interp.session.variableNames.isEmpty)
        #expect(interp.session.world.frameCount == 0 && interp.revision == 0)
    }

    @Test func completionOffersTheDeclaredWords() {
        func complete(_ line: String) -> [String] {
            Completion.candidates(line: line, cursor: line.unicodeScalars.count, context: CompletionContext())
        }
        #expect(complete("snapshot a.png sc") == ["scale"])
        #expect(complete("attach anchor b to 1 2 fr") == ["frequency"])
        #expect(complete("run 2 live spe") == ["speed"])
        #expect(complete("help sna") == ["snap", "snapshot"])
    }
}

/// The prompt's side of the language: an entry parsed once, run as a transaction.
struct EntryTests {
    @Test func anEntryIsParsedOnceIntoIncompleteOrStatements() {
        for text in ["every step {", "print (1 +", "print \"abc"] {
            guard case .incomplete = Parser.parseEntry(SourceFile(name: "<stdin>", text: text)) else {
                Issue.record("\(text) should ask for more")
                continue
            }
        }
        guard case .complete(let script, let diagnostics) = Parser.parseEntry(SourceFile(name: "<stdin>", text: "print 1; step 2")) else {
            Issue.record("a complete entry")
            return
        }
        #expect(diagnostics.isEmpty && script.statements.count == 2)
        guard case .complete(_, let bad) = Parser.parseEntry(SourceFile(name: "<stdin>", text: "print )")) else {
            Issue.record("a syntax error is complete: nothing more would fix it")
            return
        }
        #expect(bad.count == 1)
    }

    func entry(_ text: String, _ interp: Interpreter) throws(ScriptFailure) {
        guard case .complete(let script, let diagnostics) = Parser.parseEntry(SourceFile(name: "<stdin>", text: text)) else {
            throw .interrupted("incomplete")
        }
        try interp.runEntry(script, diagnostics: diagnostics)
    }

    @Test func aFailedEntryLeavesTheSessionAndUndoAsTheyWere() throws {
        let interp = Interpreter(write: { _ in })
        try entry("add view a frame 0 0 10 10; gravity", interp)
        let hash = interp.session.world.stateHash()
        #expect(interp.undoableCount == 2)
        // Steps, adds and then fails: all of it is taken back.
        #expect(throws: ScriptFailure.self) { try entry("step 30; add view b frame 0 0 5 5; print nothing", interp) }
        #expect(interp.session.world.stateHash() == hash)
        #expect(interp.session.entityNames == ["a", "gravity"])
        #expect(interp.undoableCount == 2)
        // A syntax error runs nothing at all.
        #expect(throws: ScriptFailure.self) { try entry("step 30; print )", interp) }
        #expect(interp.session.world.frameCount == 0)
    }

    @Test func anInterruptedEntryKeepsTheFramesItStepped() {
        var polls = 0
        let interp = Interpreter(write: { _ in })
        interp.isInterrupted = {
            polls += 1
            return polls > 25
        }
        #expect(throws: ScriptFailure.self) { try entry("step 100", interp) }
        #expect(interp.session.world.frameCount == 25)
    }

    @Test func completionReadsTheSessionThroughTheLanguage() throws {
        let interp = Interpreter(write: { _ in })
        try entry("add view ball frame 0 0 10 10; gravity 0 -1 on ball as up; let bounce = 1", interp)
        let context = interp.session.completionContext
        #expect(context.entities.map(\.name) == ["ball", "up"])
        #expect(context.variables == ["bounce"])
        let line = "set up.ma"
        #expect(Completion.candidates(line: line, cursor: line.count, context: context) == ["up.magnitude"])
    }
}

/// One loader for script files, one reserved-word table.
struct LoadingAndNamesTests {
    @Test func aScriptFileLoadsOrSaysWhyNot() throws {
        let dir = try temporaryFolder()
        try "print 1\n".write(toFile: dir + "/a.dyn", atomically: true, encoding: .utf8)
        try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: dir + "/bad.dyn"))
        let file = try SourceFile.load("a.dyn", relativeTo: dir)
        #expect(file.text(SourceRange(0, 7)) == "print 1")
        #expect(file.directory == dir)
        func reason(_ path: String) -> String? {
            do { _ = try SourceFile.load(path, relativeTo: dir); return nil } catch { return error.reason }
        }
        #expect(reason("missing.dyn") == "no such file")
        #expect(reason(".") == "it is a folder, not a script")
        #expect(reason("bad.dyn") == "it is not UTF-8 text")
    }

    @Test func everyReservedWordIsRefusedAsAName() {
        for r in ReservedWords.table {
            let interp = Interpreter(write: { _ in })
            let messages = interp.check(SourceFile(name: "c.dyn", text: "let \(r.word) = 1\n")).map(\.message)
            #expect(messages.count == 1, "\(r.word): \(messages)")
        }
        #expect(ReservedWords.isReserved("world") && !ReservedWords.isReserved("ball"))
    }
}

/// What `save` replays of commands that step with a view.
struct JournalTests {
    @Test func aBlockThatRunsLiveIsSavedAsWritten() throws {
        let dir = try temporaryFolder()
        let interp = Interpreter(write: { _ in })
        try interp.run(SourceFile(name: "t.dyn", text: """
            run 0.5 live
            for i in 0..<2 { add view "b{i}" frame 0 0 10 10; run 0.5 live }
            save saved.dyn

            """, directory: dir))
        let saved = try String(contentsOfFile: dir + "/saved.dyn", encoding: .utf8)
        // The top-level live run is 30 steps; the loop keeps its adds.
        #expect(saved.contains("\nstep 30\n"))
        #expect(saved.contains("for i in 0..<2 { add view"))
        let replay = Interpreter(write: { _ in })
        try replay.run(SourceFile(name: "saved.dyn", text: saved, directory: dir))
        #expect(replay.session.entityNames == ["b0", "b1"])
        #expect(replay.session.world.stateHash() == interp.session.world.stateHash())
    }
}
