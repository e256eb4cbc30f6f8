// Seeing the world, the machinery behind the picture commands (PictureCommandTypes.swift):
// scenes of the session, terminal pictures, stepping with a view (`run T live`), trails and
// log rows after each frame, and CSV text. The drawing itself is DynDraw's.
//
// Files are written whole or not at all (DynDraw writes a temporary file and renames it), so
// an error never leaves half a picture. The same script writes the same bytes every run.

import Dynamics
import DynamicsMath
import DynDraw
import DynSystem
import Foundation

/// What the program knows about where output goes; the shell fills it in.
public struct DisplayHost {
    /// Output is a terminal (live animation can redraw in place).
    public var isTerminal = false
    /// Colour codes are allowed (a terminal, no NO_COLOR, TERM not dumb).
    public var color = false
    /// The terminal can show Unicode braille (false with TERM=dumb).
    public var unicode = true
    /// The terminal's size in cells, when known.
    public var size: () -> (columns: Int, rows: Int)? = { nil }

    public init() {}
}

/// A traced item's trail: its centre after every frame, newest last.
struct Trace: Sendable {
    var name: String
    var id: ItemID
    var points: [Vec2]
    /// How many points are kept (the oldest go first).
    var limit: Int
}

/// A `log` in progress: after every `every`-th frame, a CSV row of the expressions' values.
struct LogSpec: Sendable {
    var name: String
    var expressions: [Expr]
    var file: SourceFile
    var path: String
    var every: Int
    /// Frames since the log began.
    var frames: Int
}

/// An open log file. A class: the file outlives the session copies that `undo` keeps.
final class LogSink {
    let path: String
    private var handle: UnsafeMutablePointer<FILE>?

    /// Opens (replaces) `path`; errors name the file as `shownAs` (as the user wrote it).
    /// `append`: go on at the end of the file (a log that `undo` brought back) instead.
    init(path: String, shownAs: String, header: String, append: Bool = false) throws {
        self.path = path
        guard let h = fopen(path, append ? "a" : "w") else {
            throw PictureCommandError(Interpreter.fileProblem(shownAs, errno: errno))
        }
        handle = h
        self.append(header)
    }

    func append(_ line: String) {
        guard let h = handle else { return }
        fputs(line, h)
    }

    func flush() {
        if let h = handle { fflush(h) }
    }

    func close() {
        if let h = handle { fclose(h) }
        handle = nil
    }

    deinit { close() }
}

struct PictureCommandError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}

extension Interpreter {
    /// Runs a DynDraw call, turning its error into one at `range` of the command.
    func drawing<T>(_ range: SourceRange, _ body: () throws(DrawError) -> T) throws -> T {
        do {
            return try body()
        } catch {
            throw RuntimeError(message: error.message, range: range)
        }
    }

    func resolvedPath(_ path: String) -> String {
        Interpreter.resolve(path, relativeTo: file.directory)
    }

    /// A short line about what a command did, unless `shell.quiet`.
    func note(_ text: String) {
        emit(text + "\n")
    }

    /// "cannot write 'x': no such folder 'd'" and the like, in plain words.
    static func fileProblem(_ path: String, errno code: Int32) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        switch code {
        case ENOENT: return "cannot write '\(path)': no such folder '\(folder.isEmpty ? "." : folder)'"
        case EACCES, EPERM: return "cannot write '\(path)': permission denied"
        case EISDIR: return "cannot write '\(path)': it is a folder"
        case ENOTDIR: return "cannot write '\(path)': '\(folder)' is not a folder"
        default: return "cannot write '\(path)': \(System.errorText(code))"
        }
    }

    // MARK: - Scenes

    /// The world now, with names, trails and drawing order from the session.
    func currentScene() -> Scene {
        var items: [(name: String, id: ItemID)] = []
        var links: [(name: String, id: BehaviorID)] = []
        var walls: [(name: String, id: BoundaryID)] = []
        items.reserveCapacity(session.orderList.count)
        var colorOf: [ItemID: Int] = [:]
        for name in session.order {
            switch session.entities[name] {
            case .item(let id)?:
                colorOf[id] = items.count
                items.append((name, id))
            case .behavior(let id)?: links.append((name, id))
            case .boundary(let id)?: walls.append((name, id))
            default: break
            }
        }
        let trails = session.traces.map { t in
            Scene.Trail(name: t.name, points: t.points, colorIndex: colorOf[t.id] ?? 0)
        }
        return SceneBuilder.scene(of: session.world, items: items, links: links, boundaries: walls, trails: trails)
    }

    /// What a picture shows by default: the world's bounds and everything drawn, with a margin.
    func defaultRegion(_ scene: Scene) -> DynDraw.Rect {
        let r = scene.extent
        let margin = Swift.max(4, 0.02 * Swift.max(r.width, r.height))
        return r.insetBy(-margin)
    }

    /// The terminal picture of `scene` for `show` (and each frame of `run ... live`).
    func terminalPicture(_ o: ShowOptions, scene: Scene, maxRows: Int? = nil) -> (text: String, rows: Int) {
        let size = display.size()
        let columns = o.width ?? Swift.max(8, (size?.columns ?? 80) - 1)
        var rows = o.height
        if let maxRows { rows = Swift.min(rows ?? maxRows, maxRows) }
        let mode = o.mode ?? (display.unicode ? .braille : .ascii)
        let text = TerminalRenderer.render(
            scene, columns: columns, rows: rows, region: o.region ?? defaultRegion(scene),
            style: TerminalStyle(mode: mode, color: display.color), options: o.draw)
        var count = 0
        for c in text.utf8 where c == 10 { count += 1 }
        return (text, count)
    }

    // MARK: - Stepping with a view

    /// Steps `frames` frames, stopping at a frame boundary on Ctrl-C, and calls `after` with
    /// the index of each frame stepped (0-based). `run`, `record`, `plot` and `run … live` all
    /// step through here.
    func advance(frames: Int, _ range: SourceRange, after: (Int) throws -> Void) throws {
        // A frame's handlers run inside the frame: stepping from one would recurse without end.
        if runningHandler != nil {
            throw runtimeError("cannot step the world here: every-step blocks and contact handlers run inside a step (step at the top level)", range)
        }
        for i in 0..<frames {
            if isInterrupted() {
                throw ScriptFailure.interrupted("stopped after \(i) of \(frames) steps; world time \(formatNumber(session.world.time)) s")
            }
            try stepFrame()
            try after(i)
        }
    }

    /// `run T live`: animates the world in place in the terminal, at `speed` × real time.
    func runLive(frames: Int, speed: Double, show: ShowOptions, _ range: SourceRange) throws {
        guard display.isTerminal && !replaying else {
            write("live: not a terminal, so nothing is drawn; stepping \(frames) frames\n")
            try advance(frames: frames, range)
            return
        }
        let startScene = currentScene()
        var o = show
        if o.region == nil { o.region = defaultRegion(startScene) }
        // Leave two rows: the status line and the prompt after it.
        let maxRows = Swift.max(4, (display.size()?.rows ?? 24) - 2)
        let first = terminalPicture(o, scene: startScene, maxRows: maxRows)
        let height = first.rows + 1
        let clock = ContinuousClock()
        let start = clock.now
        let frameSeconds = World.frameDuration / speed
        var lastDraw = start
        func frameText(_ scene: Scene, redraw: Bool) -> String {
            var out = redraw ? "\u{1B}[\(height)A\r" : ""
            out += terminalPicture(o, scene: scene, maxRows: maxRows).text
            let status = "t \(formatNumber(scene.time)) s · \(scene.items.count) items · kinetic energy \(formatNumber(scene.kineticEnergy.rounded())) · \(formatNumber(speed))× · Ctrl-C stops"
            out += "\u{1B}[2K" + status + "\n"
            return out
        }
        write("\u{1B}[?25l" + frameText(startScene, redraw: false))
        defer { write("\u{1B}[?25h") }
        try advance(frames: frames, range) { i in
            let target = start + .seconds(Double(i + 1) * frameSeconds)
            let now = clock.now
            // Draw at most 60 times a second of real time; always draw the last frame.
            if now - lastDraw >= .milliseconds(15) || i == frames - 1 {
                write(frameText(currentScene(), redraw: true))
                lastDraw = clock.now
            }
            let wait = target - clock.now
            if wait > .zero { Thread.sleep(forTimeInterval: Double(wait.components.seconds) + Double(wait.components.attoseconds) * 1e-18) }
        }
    }

    /// After each frame: extend the trails and write the logs.
    func afterFrame() throws {
        if !session.traces.isEmpty {
            for k in session.traces.indices {
                let id = session.traces[k].id
                guard session.world.isValid(id) else { continue }
                let p = Vec2(session.world.property(.x, of: id), session.world.property(.y, of: id))
                session.traces[k].points.append(p)
                let extra = session.traces[k].points.count - session.traces[k].limit
                if extra > 0 { session.traces[k].points.removeFirst(extra) }
            }
        }
        if !session.logs.isEmpty { try writeLogRows() }
    }

    /// A value for a chart or a log: a number (a boolean counts as 0 or 1).
    func plotValue(_ e: Expr) throws -> Double {
        let v = try evaluate(e)
        switch v {
        case .number(let d): return d
        case .boolean(let b): return b ? 1 : 0
        default: throw runtimeError("'\(file.text(e.range))' is not a number", e.range)
        }
    }

    static func csvField(_ s: String) -> String {
        guard s.contains(",") || s.contains("\"") || s.contains("\n") else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A number in full precision (the shortest text that reads back as the same double).
    static func csvNumber(_ d: Double) -> String {
        if d.isNaN { return "nan" }
        if d.isInfinite { return d > 0 ? "inf" : "-inf" }
        if d == d.rounded(), Swift.abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)"
    }

    /// Writes the rows that are due after a frame.
    func writeLogRows() throws {
        let savedFile = file
        defer { file = savedFile }
        for k in session.logs.indices {
            session.logs[k].frames += 1
            let spec = session.logs[k]
            guard spec.frames % spec.every == 0 else { continue }
            file = spec.file
            var row = Interpreter.csvNumber(session.world.time)
            do {
                try withScope([:]) {
                    for e in spec.expressions { row += "," + Interpreter.csvNumber(try plotValue(e)) }
                }
            } catch let e as RuntimeError {
                throw ScriptFailure.error(Diagnostic(.error, e.message + " (in log '\(spec.name)')", at: SourceLocation(file: spec.file, range: e.range)))
            }
            // Replayed for undo: the rows were written the first time (UndoHistory.swift).
            if replaying { continue }
            // A log restored by `undo` after its file was closed starts a new file.
            if logSinks[spec.name] == nil || logSinks[spec.name]?.path != spec.path {
                logSinks[spec.name] = try? LogSink(path: spec.path, shownAs: spec.path, header: "", append: true)
            }
            logSinks[spec.name]?.append(row + "\n")
        }
    }

    /// Flushes the log files (after each top-level statement) and closes those whose log is gone.
    public func flushLogs() {
        guard !logSinks.isEmpty else { return }
        for (name, sink) in logSinks.sorted(by: { $0.key < $1.key }) {
            if session.logs.contains(where: { $0.name == name }) {
                sink.flush()
            } else {
                sink.close()
                logSinks[name] = nil
            }
        }
    }
}
