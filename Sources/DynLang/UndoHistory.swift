// The undo history: checkpoints and replay.
//
// `undo` must give back the session of before a command bit for bit, and a failed prompt
// entry (or a failed statement of a script run with `shell.bail` off) must leave the session
// as it was. Keeping a copy of the session before every command does both, and it is what dyn
// did: but a copy shares the world's tables only until the next change, and the first change
// of a table then copies all of it, so each command at the prompt cost a copy of the tables it
// touched, whatever it changed: a `set` on one item of 50,000 copied 20 MB.
//
// The engine is deterministic and the journal (what `save` writes) rebuilds a session exactly
// from its commands, so a state need not be kept to be had again: it can be rebuilt from an
// earlier kept state by replaying the journal entries of the commands in between. The history
// is a list of units, one per top-level command that changed the session: the command's text
// (what `undo` says it took back), the journal entries it added (what replays it), how long it
// took (what replaying it costs), and sometimes a checkpoint, the session before it. A
// checkpoint is taken when the commands since the last one took four times as long as copying
// the world's tables would (`checkpointDue`), so the copies a checkpoint causes are paid for
// by the commands between two of them: a command costs what it changes, plus a share of a copy
// of about a third of its own cost. Rebuilding any kept state replays about four copies'
// worth of commands from the newest checkpoint at or before it (eight at worst: the unit that
// holds the checkpoint is replayed too, and may itself have run up to the allowance). Nothing else a command
// does with the history depends on how many units it keeps (their marks, the search for a
// checkpoint), so a command's cost does not grow with the world either.
//
// What replay must not do again: print (output goes nowhere), write files (`log`, `snapshot`,
// `record`, `plot ... to`, `save`: their world-side effects happen, the files are left alone),
// animate (`run ... live`), or change the shell's settings. A command that Ctrl-C stopped left
// a state no journal entry rebuilds; the history keeps that state itself (`present`), and the
// next command's unit takes it as its checkpoint.

import Dynamics

/// One top-level command that changed the session.
struct UndoUnit {
    /// The command as written: `undo` says it took it back.
    var label: String
    /// What redoes the command from the state before it.
    var replay: [UndoReplay]
    /// The session before the command, if kept (boxed: units are copied and moved as the
    /// history changes, and a session is a large value).
    private var box: SessionBox?
    var checkpoint: Session? { box?.session }
    var hasCheckpoint: Bool { box != nil }
    /// How long the command ran, ns (what replaying it costs).
    var cost: Int64
    /// Bytes of the checkpoint's world that the next kept state does not share (-1: not yet
    /// measured; see `Interpreter.trimUndoHistory`).
    var bytes = -1
    /// The checkpoint was taken because the command before ran long (`checkpointDue`): this
    /// command's own time then holds the copies of the world's tables that checkpoint caused,
    /// and says nothing about how long the command itself runs.
    var afterLongCommand = false
    /// Where the unit stands in the history: one more than the unit before it (set by
    /// `UndoHistory.append`). Units are dropped from the front, so indices shift; serials do not.
    fileprivate var serial = 0
    /// The serial of the newest unit at or before this one that has a checkpoint (-1: none).
    fileprivate var checkpointSerial = -1
    /// How many units up to this one have a checkpoint, counted from any fixed start.
    fileprivate var checkpointsSoFar = 0

    init(label: String, replay: [UndoReplay], checkpoint: Session?, cost: Int64) {
        self.label = label
        self.replay = replay
        box = checkpoint.map(SessionBox.init)
        self.cost = cost
    }
}

/// A kept session, shared by the copies of the history that hold it.
final class SessionBox {
    let session: Session
    init(_ session: Session) { self.session = session }
}

/// What replays one unit: the statement itself, as first run (its journal entry is its text),
/// or the journal entries it added (a `source`d file's statements, `record` as the steps it
/// took, a `reset`'s new journal).
enum UndoReplay {
    case statement(SourceFile, Statement)
    case entry(String)
}

/// When the history keeps the session before a command (`Interpreter.undoCheckpoints`).
public enum UndoCheckpoints: Sendable {
    /// When replaying the commands since the last checkpoint would take as long as a copy of
    /// the world's tables (the default).
    case measured
    /// Before every command: nothing is ever replayed (what dyn did before; for tests).
    case everyCommand
    /// Only where a state cannot be rebuilt otherwise: the first command kept (for tests).
    case fewest
}

/// The units, oldest first, and what the present state needs.
struct UndoHistory {
    /// Changed only by `append` and by this file (the serials and the open marks depend on it).
    fileprivate(set) var units: [UndoUnit] = []
    /// Units before this index only lead to later ones (past the undo limit): not undoable.
    var firstUndoable = 0
    /// The present session, when no replay reaches it (after Ctrl-C stopped a command).
    var present: Session? {
        get { presentBox?.session }
        set { presentBox = newValue.map(SessionBox.init) }
    }
    fileprivate var presentBox: SessionBox?
    var hasPresent: Bool { presentBox != nil }
    /// The cost of the units after the newest one with a checkpoint, ns.
    var sinceCheckpoint: Int64 = 0
    /// `checkpointDue` answered yes because the newest unit ran long (read by `keepUnit`).
    var longCommandCheckpoint = false

    var undoableCount: Int { units.count - firstUndoable }

    /// Whether the present state can be had again (kept, or replayed from a checkpoint): not
    /// before the first command was kept.
    var reachesPresent: Bool { hasPresent || !units.isEmpty }

    /// Appends a unit, with what finds checkpoints without a walk over the units (a history
    /// keeps an allowance's worth (four copies) of commands between two checkpoints: 9,000
    /// `set`s on 50,000 items,
    /// and walks over them on every command took three quarters of a `set`'s time).
    mutating func append(_ unit: UndoUnit) {
        var unit = unit
        let previous = units.last
        unit.serial = (previous?.serial ?? -1) &+ 1
        unit.checkpointSerial = unit.hasCheckpoint ? unit.serial : previous?.checkpointSerial ?? -1
        unit.checkpointsSoFar = (previous?.checkpointsSoFar ?? 0) + (unit.hasCheckpoint ? 1 : 0)
        units.append(unit)
    }

    /// The newest unit at or before `index` that has a checkpoint.
    func checkpoint(atOrBefore index: Int) -> Int? {
        guard let first = units.first, index >= 0 else { return nil }
        let j = units[Swift.min(index, units.count - 1)].checkpointSerial &- first.serial
        assert(j < 0 || units[j].hasCheckpoint, "a unit's checkpoint serial names a unit without one")
        return j >= 0 ? j : nil
    }

    /// How many units have a checkpoint.
    var checkpointCount: Int {
        guard let first = units.first, let last = units.last else { return 0 }
        return last.checkpointsSoFar - first.checkpointsSoFar + (first.hasCheckpoint ? 1 : 0)
    }

    /// Sums the costs since the newest checkpoint again (after units were removed).
    mutating func recount() {
        sinceCheckpoint = 0
        var j = units.count - 1
        while j >= 0 && !units[j].hasCheckpoint {
            sinceCheckpoint += units[j].cost
            j -= 1
        }
    }
}

/// Where a top-level statement or prompt entry started, to take it back if it fails: the
/// history's length and small state then, and, once the history changes otherwise than by
/// appending units (an `undo`, old units dropped, a unit's size measured), the units as they
/// were (a value: shared, not copied, until the history changes them). With those it rebuilds
/// that state whatever the statement did to the history since. The open marks are listed by
/// the interpreter (`openUndoMarks`) so that such a change can first hand them the units.
///
/// A mark once held the whole history instead: the unit its statement then appended made
/// the history copy every unit it kept (the array was shared with the mark). With checkpoints
/// a copy's worth of commands apart, as they then were, a 50,000-item world kept over a
/// thousand units, so `add view` took 60 µs there against 20 µs at 1,000 items. (An `undo`
/// still hands the units to the open marks, a copy of them: small beside its replay.)
final class UndoMark {
    fileprivate let count: Int
    fileprivate let firstUndoable: Int
    fileprivate let presentBox: SessionBox?
    fileprivate let sinceCheckpoint: Int64
    fileprivate let longCommandCheckpoint: Bool
    /// The units when the history first changed otherwise than by appending since the mark
    /// (nil while it only grew): their first `count` are the mark's.
    fileprivate var units: [UndoUnit]?

    fileprivate init(_ history: UndoHistory) {
        count = history.units.count
        firstUndoable = history.firstUndoable
        presentBox = history.presentBox
        sinceCheckpoint = history.sinceCheckpoint
        longCommandCheckpoint = history.longCommandCheckpoint
    }

    /// Puts `history` back as it was when the mark was taken.
    fileprivate func restore(_ history: inout UndoHistory) {
        if let units { history.units = units }
        history.units.removeLast(Swift.max(0, history.units.count - count))
        history.firstUndoable = firstUndoable
        history.presentBox = presentBox
        history.sinceCheckpoint = sinceCheckpoint
        history.longCommandCheckpoint = longCommandCheckpoint
    }
}

extension Journal {
    /// The entries this journal gained since it was `older`: those appended after it, oldest
    /// first, and, when its last entry was a step that a step merged into, the frames added as
    /// `step N`. Nil when it did not grow from `older` (`reset` began a new journal).
    func entries(since older: Journal) -> [String]? {
        var added: [String] = []
        var node = newestNode
        let base = older.newestNode
        while let n = node, n !== base {
            if n.count <= older.count {
                // Only a merged step replaces the old newest entry; anything else began anew.
                guard n.count == older.count, n.previous === base?.previous, let old = base?.text,
                      let was = Interpreter.framesOf(text: old), let now = Interpreter.framesOf(text: n.text), now >= was
                else { return nil }
                if now > was { added.append("step \(now - was)") }
                return added.reversed()
            }
            added.append(n.text)
            node = n.previous
        }
        if node == nil && base != nil { return nil }
        return added.reversed()
    }
}

extension Interpreter {
    /// Whether top-level statements are kept in the history: for `undo`, or to take a failed
    /// one back when the script goes on after errors.
    var recordsHistory: Bool { !replaying && (keepsUndoHistory || !settings.bail) }

    /// Whether the statement about to run should keep the session before it.
    func checkpointDue() -> Bool {
        history.longCommandCheckpoint = false
        if !history.reachesPresent || history.hasPresent { return true }
        switch undoCheckpoints {
        case .everyCommand: return true
        case .fewest: return false
        case .measured:
            let copy = checkpointCost()
            if history.sinceCheckpoint >= copy { return true }
            // The unit that has the newest checkpoint is replayed too. Its own time holds the
            // copies its checkpoint caused, so it does not count above; but a command that ran
            // longer than that allowance (four copies: the loop that built the world) gets a
            // checkpoint after it. (At eight allowances, a loop of 50,000 items fell short of
            // the rule by a fifth, and the first `undo` after it replayed the loop: 0.19 s.)
            // Not a command whose checkpoint was itself taken for that reason: its time is
            // mostly the copies of the world that checkpoint caused, and each command after a
            // long one took a checkpoint and a copy of the world in turn (1.8 ms an `add view`
            // on 50,000 items, 400 MB for a few dozen commands).
            if let last = history.units.last, last.hasCheckpoint, !last.afterLongCommand, last.cost > copy {
                history.longCommandCheckpoint = true
                return true
            }
            return false
        }
    }

    /// How long the commands between two checkpoints may run, ns: four times what copying
    /// the world's tables costs at the rate this machine copies into fresh memory
    /// (`copyNanosecondsPerByte`, so that a slow machine, or one under valgrind, keeps as
    /// many checkpoints as a fast one). A checkpoint's copies (about 1.3 times that estimate
    /// when measured) then add about a third to each command's own time, whatever the world's
    /// size, and `undo` replays at most about four copies' time (60 ms on 50,000 items). At
    /// twice, a `set` on 50,000 items took 5.3 µs against 4.0 µs on 1,000 (at four, 4.5).
    func checkpointCost() -> Int64 {
        Int64(4 * Double(estimatedWorldBytes()) * Interpreter.copyNanosecondsPerByte)
    }

    /// Nanoseconds to copy a byte into freshly allocated memory here: the median of three
    /// copies of 2 MiB, each into a block of its own held until all are done (page faults
    /// included, as for a table copied on its first change). Copies of 1 MiB, each block freed
    /// before the next, reused the same warm memory and came out 35 times faster than a world's
    /// tables are copied (0.01 ns a byte, where 50,000 items' first change after a checkpoint
    /// took 10 ms for 28 MB).
    static let copyNanosecondsPerByte: Double = {
        let size = 2 << 20
        let source = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
        defer { source.deallocate() }
        source.initializeMemory(as: UInt8.self, repeating: 1, count: size)
        let clock = ContinuousClock()
        var rates: [Double] = []
        var targets: [UnsafeMutableRawPointer] = []
        defer { for t in targets { t.deallocate() } }
        for _ in 0..<3 {
            let target = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
            targets.append(target)
            let start = clock.now
            target.copyMemory(from: source, byteCount: size)
            let elapsed = (clock.now - start).components
            let ns = Double(elapsed.seconds) * 1e9 + Double(elapsed.attoseconds) * 1e-9
            rates.append(ns / Double(size))
        }
        rates.sort()
        let median = rates[1]
        // A clock too coarse to see the copy: assume 4 bytes a nanosecond.
        return median > 0 && median.isFinite ? median : 0.25
    }()

    /// Opens a mark where a statement or prompt entry starts (closed by `closeUndoMark`).
    func undoMark() -> UndoMark {
        let mark = UndoMark(history)
        openUndoMarks.append(mark)
        return mark
    }

    func closeUndoMark(_ mark: UndoMark) {
        if let i = openUndoMarks.lastIndex(where: { $0 === mark }) { openUndoMarks.remove(at: i) }
    }

    /// Called before the history's kept units change otherwise than by an append: the open
    /// marks that hold no units yet keep them as they are.
    func keepUnitsForOpenMarks() {
        for mark in openUndoMarks where mark.units == nil { mark.units = history.units }
    }

    /// Keeps a top-level statement that changed the session: `before` is the session before
    /// it if a checkpoint was due, `journal` the journal before it.
    func keepUnit(_ statement: Statement, in file: SourceFile, before: Session?, journal: Journal, cost: Int64) {
        let text = file.text(statement.range)
        let added = session.journal.entries(since: journal) ?? session.journal.entries
        let replay: [UndoReplay] = added == [text] ? [.statement(file, statement)] : added.map { .entry($0) }
        let checkpoint = before ?? history.present
        history.present = nil
        var unit = UndoUnit(label: text, replay: replay, checkpoint: checkpoint, cost: cost)
        unit.afterLongCommand = before != nil && history.longCommandCheckpoint
        history.longCommandCheckpoint = false
        history.append(unit)
        if checkpoint != nil { history.sinceCheckpoint = 0 } else { history.sinceCheckpoint += cost }
        trimUndoHistory()
    }

    /// After Ctrl-C stopped a statement that changed the session: no replay rebuilds the state
    /// it left, so the history keeps it (and the units it may have added within a `source`d
    /// file are dropped: the state holds them).
    func keepInterruptedState(after mark: UndoMark) {
        mark.restore(&history)
        history.present = session
    }

    /// Puts the session back as it was at `mark` (a failed statement or prompt entry): from the
    /// statement's own checkpoint if it had one, else by replay.
    func rollBack(to mark: UndoMark, before: Session?) throws {
        // The history first (an outer mark's units and count stay valid only once the inner
        // mark's are back), then the session rebuilt from it.
        mark.restore(&history)
        session = try before ?? rebuilt(from: history, upTo: history.units.count)
    }

    /// Takes back the newest undoable command; returns its text.
    func undoLast() throws -> String? {
        guard history.undoableCount > 0 else { return nil }
        let k = history.units.count - 1
        let restored = try rebuilt(from: history, upTo: k)
        let label = history.units[k].label
        session = restored
        keepUnitsForOpenMarks()
        history.units.removeLast()
        history.present = nil
        history.recount()
        return label
    }

    /// The session before unit `k` of `history` (after all its units when `k` is their
    /// count): a checkpoint, then the units from there on, replayed.
    func rebuilt(from history: UndoHistory, upTo k: Int) throws -> Session {
        if k == history.units.count, let present = history.present { return present }
        if k < history.units.count, let kept = history.units[k].checkpoint { return kept }
        guard let j = history.checkpoint(atOrBefore: k - 1), let start = history.units[j].checkpoint else {
            throw RuntimeError(message: "internal error: the undo history has no state to rebuild from", range: .none)
        }
        let now = session
        session = start
        defer { session = now }
        try replay(history.units[j..<k])
        return session
    }

    /// Runs the units' statements (or journal entries) on the session, as they ran the first
    /// time, but silently and writing no files (file comment).
    func replay(_ units: ArraySlice<UndoUnit>) throws {
        let saved = (write, warn, reportError, settings, replaying, isInterrupted)
        let statementState = (journalEntry, statementStartRevision, journalSourced, journalNextRun, file)
        // Replayed as top-level statements (journaled as they were), even for an `undo` said
        // inside a block or a sourced file.
        let context = (sourceDepth, scopes, callDepth, buildingComposites)
        (sourceDepth, scopes, callDepth, buildingComposites) = (0, [], 0, [])
        write = { _ in }
        warn = { _ in }
        reportError = { _ in }
        replaying = true
        // A replay runs to its end (Ctrl-C would leave a state between two kept ones), and any
        // error in it is the history's, never survived as a script's would be with bail off.
        isInterrupted = { false }
        settings.bail = true
        var entryFiles: [ObjectIdentifier] = []
        defer {
            (write, warn, reportError, settings, replaying, isInterrupted) = saved
            (journalEntry, statementStartRevision, journalSourced, journalNextRun, file) = statementState
            (sourceDepth, scopes, callDepth, buildingComposites) = context
            // The commands read from entries are not run again from those files.
            if !entryFiles.isEmpty { prepared = prepared.filter { !entryFiles.contains($0.key.file) } }
        }
        for unit in units {
            for item in unit.replay {
                do {
                    switch item {
                    case .statement(let source, let statement):
                        try run(Script(file: source, statements: [statement]))
                    case .entry(let text):
                        let source = SourceFile(name: "<undo>", text: text)
                        entryFiles.append(ObjectIdentifier(source))
                        try run(source)
                    }
                } catch {
                    throw RuntimeError(
                        message: "internal error: replaying '\(UndoCommand.shortened(unit.label))' for undo failed: \(error.rendered)",
                        range: .none)
                }
            }
        }
    }

    /// Drops what the history no longer needs: units past the undo limit (and the units
    /// before the checkpoint that leads to the oldest undoable one), and the oldest units
    /// while the kept checkpoints hold more than `undoByteBudget` (never the newest unit).
    func trimUndoHistory() {
        let limit = keepsUndoHistory ? Interpreter.undoLimit : 0
        history.firstUndoable = Swift.max(history.firstUndoable, history.units.count - limit)
        dropUnits(before: history.checkpoint(atOrBefore: history.firstUndoable) ?? 0)
        if history.checkpointCount * estimatedWorldBytes() <= undoByteBudget { return }
        // Measured (by reflection: costly beside a small command) only now, once per unit.
        var bytes = 0
        for i in history.units.indices where history.units[i].hasCheckpoint {
            if history.units[i].bytes < 0 {
                keepUnitsForOpenMarks()
                let next = nextKeptWorld(after: i)
                history.units[i].bytes = history.units[i].checkpoint!.world.bytesNotShared(with: next)
            }
            bytes += history.units[i].bytes
        }
        // Drop whole runs: a checkpoint and the units that replay from it.
        let newest = history.checkpoint(atOrBefore: history.units.count - 1) ?? 0
        var cut = 0
        while bytes > undoByteBudget && cut < newest {
            bytes -= Swift.max(history.units[cut].bytes, 0)
            cut += 1
            while cut < newest && !history.units[cut].hasCheckpoint { cut += 1 }
        }
        if cut > 0 {
            // The units after the cut are the newest, so the limit was already enforced.
            dropUnits(before: cut)
            history.firstUndoable = 0
        }
    }

    private func dropUnits(before index: Int) {
        guard index > 0 else { return }
        keepUnitsForOpenMarks()
        history.units.removeFirst(index)
        history.firstUndoable = Swift.max(0, history.firstUndoable - index)
    }

    /// The world of the next checkpoint after unit `i`, or the present's.
    private func nextKeptWorld(after i: Int) -> World {
        var j = i + 1
        while j < history.units.count {
            if let c = history.units[j].checkpoint { return c.world }
            j += 1
        }
        return session.world
    }

    /// How many commands `undo` can take back now.
    public var undoableCount: Int { history.undoableCount }

    /// How many of the kept units hold a checkpoint (for tests and the benchmark).
    public var undoCheckpointCount: Int { history.checkpointCount }

    /// The memory the undo history holds beyond the present state: its checkpoints' tables
    /// that the next kept state does not share.
    public var undoHistoryBytes: Int {
        history.units.indices.reduce(0) { total, i in
            guard let c = history.units[i].checkpoint else { return total }
            let b = history.units[i].bytes
            return total + (b >= 0 ? b : c.world.bytesNotShared(with: nextKeptWorld(after: i)))
        }
    }

    /// Forgets what `undo` could take back (after an init file, which is not the user's to undo).
    public func clearUndo() {
        keepUnitsForOpenMarks()
        history = UndoHistory()
    }
}
