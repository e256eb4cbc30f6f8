// Seeing the world: `show` draws it in the terminal, `run T live` animates it there,
// `snapshot` and `record` write pictures and animations, `trace` keeps trails, `plot` charts
// values over time and `log` streams them into a CSV file. The drawing itself is DynDraw's;
// this file reads the commands' arguments, steps the world and hands scenes over.
//
// Files are written whole or not at all (DynDraw writes a temporary file and renames it), so
// an error never leaves half a picture. The same script writes the same bytes every run.

import Dynamics
import DynamicsMath
import DynDraw
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
    /// The picture commands, in the order `help` lists them.
    static let pictureCommands: [CommandSpec] = [
        CommandSpec(
            name: "show", subcommands: [],
            usage: ["show [ascii|braille] [width N] [height N] [region X Y W H] [names] [velocities]"],
            summary: "draws the world in the terminal: items, boundaries, attachments, trails",
            details: """
                Braille dots (2 × 4 to a character) by default, plain ASCII with `ascii` or where the \
                terminal can't show braille (TERM=dumb). The picture fits the world's bounds and everything \
                in it into the terminal's width (`width N` columns; 80 when not a terminal), keeping the \
                aspect ratio; `height N` caps its rows; `region X Y W H` shows that rectangle of the world. \
                `names` labels the items, `velocities` draws each item's velocity as an arrow (0.1 s of \
                motion long). Colours only on a terminal without NO_COLOR.
                """,
            example: "show names", options: showOptions,
            run: { interp, args in
                let o = try interp.readShowOptions(&args)
                if interp.checking { return }
                interp.emit(interp.terminalPicture(o, scene: interp.currentScene()).text)
            }),
        CommandSpec(
            name: "snapshot", subcommands: [],
            usage: ["snapshot FILE [size W H | scale S] [region X Y W H] [names] [velocities]"],
            summary: "writes a picture of the world to a .png, .svg or .pdf file",
            details: """
                The picture shows the world's bounds and everything in it (or `region X Y W H`), anti-aliased, \
                with the world time in a corner. `scale S` is pixels (SVG, PDF: points) per world point, \
                default 1; `size W H` fits the picture into W × H instead. The file is written whole or not \
                at all; a relative FILE is relative to the script.
                """,
            example: "snapshot start.png scale 2", options: fileOptions,
            run: { interp, args in
                let (path, pathRange) = try interp.readPath(&args, "snapshot")
                let o = try interp.readFileOptions(&args)
                if interp.checking && path.isEmpty { return }
                let format = try interp.drawing(pathRange) { () throws(DrawError) in try PictureFormat(path: path) }
                if interp.checking { return }
                let scene = interp.currentScene()
                let region = o.region ?? interp.defaultRegion(scene)
                let (w, h) = o.pixels(for: region)
                let resolved = interp.resolvedPath(path)
                try interp.drawing(pathRange) { () throws(DrawError) in
                    try PictureWriter.write(scene, to: resolved, format: format, width: w, height: h, region: region, options: o.draw)
                }
                interp.note("wrote \(path) (\(w) × \(h))")
            }),
        CommandSpec(
            name: "record", subcommands: [],
            usage: ["record T to FILE [fps N] [size W H | scale S] [region X Y W H] [names] [velocities]"],
            summary: "steps the world for T seconds, like run, and writes the animation to a .gif or .html file",
            details: """
                Frames are taken at `fps N` frames per second of world time (default 25 for GIF, 30 for \
                HTML), from the start to the end: T × fps + 1 frames. The picture is fixed at the start: the \
                world's bounds and everything in it, or `region X Y W H`. A GIF plays in any slide deck or \
                chat; the HTML page is one file that plays in any browser, with play/pause, a time scrubber \
                and a speed choice. Ctrl-C stops the recording at a frame and writes no file; the world keeps \
                the frames it stepped.
                """,
            example: "record 5s to fall.gif", options: ["to", "fps"] + fileOptions,
            run: { interp, args in try interp.record(&args) }),
        CommandSpec(
            name: "trace", subcommands: [],
            usage: ["trace ITEM ... [length N]"],
            summary: "keeps a trail of each item's centre, drawn by show, snapshot and record",
            details: """
                A point is kept after every frame; `length N` keeps the last N (default 600: ten seconds). \
                `untrace` stops and clears trails.
                """,
            example: "trace ball", options: ["length"],
            run: { interp, args in try interp.trace(&args) }),
        CommandSpec(
            name: "untrace", subcommands: [],
            usage: ["untrace [ITEM ...]"],
            summary: "stops and clears the trails of the items given (of every item without names)",
            details: "", example: "untrace ball", options: [],
            run: { interp, args in
                var names: [(String, SourceRange)] = []
                while !args.isAtEnd { names.append(try args.name("an item")) }
                if interp.checking { return }
                for (n, r) in names where !interp.session.traces.contains(where: { $0.name == n }) {
                    _ = try interp.item(named: n, r)
                    throw args.error("'\(n)' has no trail", r)
                }
                if names.isEmpty {
                    interp.session.traces.removeAll()
                } else {
                    interp.session.traces.removeAll { t in names.contains { $0.0 == t.name } }
                }
            }),
        CommandSpec(
            name: "plot", subcommands: [],
            usage: [
                "plot EXPR [, EXPR ...] over T [to FILE] [size W H] [height N]",
                "plot EXPR [, EXPR ...] vs EXPR over T [to FILE] [size W H] [height N]",
            ],
            summary: "steps the world for T seconds and charts values against time (or against another value)",
            details: """
                The values are taken at the start and after every frame. In the terminal the chart is drawn \
                in braille with axes, tick labels and a legend (`height N` rows, default 16); `to FILE` writes \
                it instead, as .png, .svg or .csv (time, or the `vs` value, first; then one column per \
                expression). `plot A vs B` puts B across and A up: a trajectory or phase plot. Expressions \
                are separated by commas and may use spaces (`plot ball.y + 10, ball.vy over 2`).
                """,
            example: "plot ball.y, ball.vy over 1", options: ["over", "vs", "to", "size", "height"],
            run: { interp, args in try interp.plot(&args) }),
        CommandSpec(
            name: "log", subcommands: [],
            usage: ["log EXPR [, EXPR ...] [every N] to FILE [as NAME]"],
            summary: "from now on, writes a CSV row of the values after every N frames (default 1)",
            details: """
                The file begins with a header (`time`, then the expressions as written); each row holds the \
                world time and the values, in full precision. `remove NAME` stops the log (automatic names: \
                log1, log2, ...). The file is replaced when the log begins.
                """,
            example: "log ball.x, ball.y every 6 to path.csv", options: ["every", "to", "as"],
            run: { interp, args in try interp.log(&args) }),
    ]

    static let showOptions = ["ascii", "braille", "width", "height", "region", "names", "velocities"]
    static let fileOptions = ["size", "scale", "region", "names", "velocities"]

    // MARK: - Options

    struct ShowOptions {
        var mode: TerminalMode?
        var width: Int?
        var height: Int?
        var region: DynDraw.Rect?
        var draw = DrawOptions(time: false)
    }

    struct FileOptions {
        var size: (Int, Int)?
        var scale: Double = 1
        var region: DynDraw.Rect?
        var draw = DrawOptions()

        /// The picture's size for a region: `size`, or the region at `scale`.
        func pixels(for region: DynDraw.Rect) -> (Int, Int) {
            if let size { return size }
            return (Swift.max(1, Int((region.width * scale).rounded())), Swift.max(1, Int((region.height * scale).rounded())))
        }
    }

    func readShowOptions(_ args: inout Arguments) throws -> ShowOptions {
        var o = ShowOptions()
        var seen: Set<String> = []
        while !args.isAtEnd {
            let (option, range) = try args.option(of: Interpreter.showOptions)
            if !seen.insert(option).inserted { throw args.error("'\(option)' is given twice", range) }
            switch option {
            case "ascii", "braille":
                if o.mode != nil { throw args.error("give 'ascii' or 'braille', not both", range) }
                o.mode = option == "ascii" ? .ascii : .braille
            case "width": o.width = try wholeNumber(&args, "the width in columns", 8...1000)
            case "height": o.height = try wholeNumber(&args, "the height in rows", 2...1000)
            case "region": o.region = try readRegion(&args)
            case "names": o.draw.names = true
            default: o.draw.velocities = true
            }
        }
        return o
    }

    func readFileOptions(_ args: inout Arguments, extra: (String, inout Arguments) throws -> Bool = { _, _ in false })
        throws -> FileOptions
    {
        var o = FileOptions()
        var seen: Set<String> = []
        while !args.isAtEnd {
            let (option, range) = try args.option(of: args.command.options.filter { $0 != "to" })
            if !seen.insert(option).inserted { throw args.error("'\(option)' is given twice", range) }
            if try extra(option, &args) { continue }
            switch option {
            case "size":
                if seen.contains("scale") { throw args.error("give 'size' or 'scale', not both", range) }
                let w = try wholeNumber(&args, "the width in pixels", 16...8192)
                let h = try wholeNumber(&args, "the height in pixels", 16...8192)
                o.size = (w, h)
            case "scale":
                if seen.contains("size") { throw args.error("give 'size' or 'scale', not both", range) }
                let (s, r) = try args.number("the scale (pixels per point)")
                guard s > 0, s <= 16 else { throw args.error("the scale must be greater than 0 and at most 16, got \(formatNumber(s))", r) }
                o.scale = s
            case "region": o.region = try readRegion(&args)
            case "names": o.draw.names = true
            case "velocities": o.draw.velocities = true
            default: throw args.error("unexpected option '\(option)'", range)
            }
        }
        return o
    }

    func wholeNumber(_ args: inout Arguments, _ what: String, _ allowed: ClosedRange<Int>) throws -> Int {
        let (d, r) = try args.number(what)
        guard d == d.rounded(), d >= Double(allowed.lowerBound), d <= Double(allowed.upperBound) else {
            throw args.error("\(what) must be a whole number from \(allowed.lowerBound) to \(allowed.upperBound), got \(formatNumber(d))", r)
        }
        return Int(d)
    }

    func readRegion(_ args: inout Arguments) throws -> DynDraw.Rect {
        let (x, _) = try args.number("the region's x")
        let (y, _) = try args.number("the region's y")
        let (w, wr) = try args.number("the region's width")
        let (h, hr) = try args.number("the region's height")
        if w <= 0 { throw args.error("the region's width must be greater than 0, got \(formatNumber(w))", wr) }
        if h <= 0 { throw args.error("the region's height must be greater than 0, got \(formatNumber(h))", hr) }
        return DynDraw.Rect(x: x, y: y, width: w, height: h)
    }

    /// Reads a file name argument: a string or a bare path (the parser reads bare paths after
    /// `snapshot` and after `to`).
    func readPath(_ args: inout Arguments, _ what: String) throws -> (String, SourceRange) {
        guard !args.isAtEnd else { throw args.error("\(what) needs a file name", args.currentRange) }
        if checking {
            // A literal path is known without running; a computed one is checked when it runs.
            let e = args.exprs[args.index]
            args.advance()
            if case .string(let parts) = e.kind {
                let text = parts.map { part -> String in if case .text(let t) = part { return t } else { return "" } }
                if parts.allSatisfy({ if case .text = $0 { return true } else { return false } }) {
                    return (text.joined(), e.range)
                }
            }
            return ("", e.range)
        }
        let (v, r) = try args.value("a file name")
        guard case .string(let path) = v, !path.isEmpty else {
            throw args.error("expected a file name (a string or a bare path)", r)
        }
        return (path, r)
    }

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
        default: return "cannot write '\(path)': \(String(cString: strerror(code)))"
        }
    }

    // MARK: - Scenes

    /// The world now, with names, trails and drawing order from the session.
    func currentScene() -> Scene {
        var items: [(name: String, id: ItemID)] = []
        var links: [(name: String, id: BehaviorID)] = []
        var walls: [(name: String, id: BoundaryID)] = []
        items.reserveCapacity(session.order.count)
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

    /// Steps `frames` frames like `run`, calling `after` with the index of each frame stepped
    /// (0-based); returns the frames stepped.
    func advance(frames: Int, _ range: SourceRange, after: (Int) throws -> Void) throws {
        for i in 0..<frames {
            if isInterrupted() {
                throw ScriptFailure.interrupted("stopped after \(i) of \(frames) steps; world time \(formatNumber(session.world.time)) s")
            }
            try stepFrame()
            try after(i)
        }
    }

    /// Reads `run T live [speed S] [PICTURE OPTIONS]` after the duration; nil when not live.
    func readLive(_ args: inout Arguments) throws -> (speed: Double, show: ShowOptions)? {
        guard args.peekWord() == "live" else { return nil }
        args.advance()
        var speed = 1.0
        if args.peekWord() == "speed" {
            args.advance()
            let (s, r) = try args.number("the speed (1 is real time)")
            guard s > 0, s <= 1000 else { throw args.error("the speed must be greater than 0 and at most 1000, got \(formatNumber(s))", r) }
            speed = s
        }
        let show = try readShowOptions(&args)
        return (speed, show)
    }

    /// `run T live`: animates the world in place in the terminal, at `speed` × real time.
    func runLive(frames: Int, speed: Double, show: ShowOptions, _ range: SourceRange) throws {
        guard display.isTerminal else {
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
        var drawn = 0
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
                drawn += 1
            }
            let wait = target - clock.now
            if wait > .zero { Thread.sleep(forTimeInterval: Double(wait.components.seconds) + Double(wait.components.attoseconds) * 1e-18) }
        }
        _ = drawn
    }

    // MARK: - record

    func record(_ args: inout Arguments) throws {
        let (t, tRange, unit) = try args.numberWithUnit("the duration")
        if unit == .degrees { throw args.error("a duration is in seconds, not degrees", tRange) }
        guard t > 0, t <= 3600 else {
            throw args.error("the duration must be greater than 0 and at most 3600 seconds, got \(formatNumber(t))", tRange)
        }
        guard args.peekWord() == "to" else { throw args.error("expected 'to FILE' after the duration" + args.foundText(), args.currentRange) }
        args.advance()
        let (path, pathRange) = try readPath(&args, "record … to")
        var fps: Int?
        let o = try readFileOptions(&args) { option, a in
            guard option == "fps" else { return false }
            fps = try self.wholeNumber(&a, "the frames per second", 1...60)
            return true
        }
        if checking && path.isEmpty { return }
        let format = try drawing(pathRange) { () throws(DrawError) in try AnimationFormat(path: path) }
        if checking { return }
        let rate = fps ?? (format == .gif ? 25 : 30)
        let frames = Int((t * 60).rounded())
        let start = currentScene()
        let region = o.region ?? defaultRegion(start)
        let (w, h) = o.pixels(for: region)
        let resolved = resolvedPath(path)
        var recorder = try drawing(pathRange) { () throws(DrawError) in
            var r = try AnimationRecorder(path: resolved, format: format, width: w, height: h, fps: rate, region: region, options: o.draw)
            try r.add(start)
            return r
        }
        // Frame k of the animation shows world frame round(k × 60 / fps).
        var next = 1
        let pictures = Int((t * Double(rate)).rounded())
        do {
            try advance(frames: frames, args.keywordRange) { i in
                while next <= pictures && Int((Double(next) * 60 / Double(rate)).rounded()) == i + 1 {
                    try recorder.add(self.currentScene())
                    next += 1
                }
            }
            try recorder.finish()
        } catch let e as DrawError {
            recorder.cancel()
            throw args.error(e.message, pathRange)
        } catch {
            recorder.cancel()
            throw error
        }
        journalEntry = "step \(frames)"
        note("wrote \(path) (\(next) frames, \(w) × \(h), \(formatNumber(Double(frames) / 60)) s)")
    }

    // MARK: - trace

    func trace(_ args: inout Arguments) throws {
        var names: [(String, SourceRange)] = []
        var limit = 600
        while !args.isAtEnd {
            if args.peekWord() == "length" {
                args.advance()
                limit = try wholeNumber(&args, "the trail's length in points", 2...1_000_000)
                continue
            }
            names.append(try args.name("an item to trace"))
        }
        if names.isEmpty { throw args.error("trace needs an item", args.keywordRange) }
        if checking { return }
        var added: [Trace] = []
        for (n, r) in names {
            let id = try item(named: n, r)
            let p = Vec2(session.world.property(.x, of: id), session.world.property(.y, of: id))
            added.append(Trace(name: n, id: id, points: [p], limit: limit))
        }
        for t in added {
            if let k = session.traces.firstIndex(where: { $0.name == t.name }) {
                session.traces[k].limit = limit
            } else {
                session.traces.append(t)
            }
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

    // MARK: - plot

    func plot(_ args: inout Arguments) throws {
        var ys: [Expr] = []
        while !args.isAtEnd, !["over", "vs"].contains(args.peekWord() ?? "") {
            ys.append(args.exprs[args.index])
            args.advance()
        }
        if ys.isEmpty { throw args.error("plot needs a value to chart, e.g. plot ball.y over 2", args.currentRange) }
        var x: Expr?
        if args.peekWord() == "vs" {
            args.advance()
            guard !args.isAtEnd else { throw args.error("expected a value after 'vs'", args.currentRange) }
            x = args.exprs[args.index]
            args.advance()
        }
        guard args.peekWord() == "over" else {
            throw args.error("expected 'over T' (the seconds to step)" + args.foundText(), args.currentRange)
        }
        args.advance()
        let (t, tRange, unit) = try args.numberWithUnit("the duration")
        if unit == .degrees { throw args.error("a duration is in seconds, not degrees", tRange) }
        guard t > 0, t <= 3600 else {
            throw args.error("the duration must be greater than 0 and at most 3600 seconds, got \(formatNumber(t))", tRange)
        }
        var target: (String, SourceRange)?
        var size: (Int, Int)?
        var height = 16
        while !args.isAtEnd {
            let (option, range) = try args.option(of: ["to", "size", "height"])
            switch option {
            case "to": target = try readPath(&args, "plot … to")
            case "size":
                size = (try wholeNumber(&args, "the width in pixels", 16...8192), try wholeNumber(&args, "the height in pixels", 16...8192))
            default:
                _ = range
                height = try wholeNumber(&args, "the height in rows", 4...200)
            }
        }
        var fileFormat: String?
        if let (path, r) = target, !(checking && path.isEmpty) {
            let ext = (path as NSString).pathExtension.lowercased()
            guard ["png", "svg", "csv"].contains(ext) else {
                throw args.error("cannot plot to '\(path)': the file must end in .png, .svg or .csv", r)
            }
            fileFormat = ext
        }
        for e in ys + (x.map { [$0] } ?? []) { _ = try plotValue(e) }
        if checking { return }
        let frames = Int((t * 60).rounded())
        var columns: [[Double]] = Array(repeating: [], count: ys.count)
        var across: [Double] = []
        func sample() throws {
            across.append(try x.map { try plotValue($0) } ?? session.world.time)
            for (k, e) in ys.enumerated() { columns[k].append(try plotValue(e)) }
        }
        try sample()
        try advance(frames: frames, args.keywordRange) { _ in try sample() }
        journalEntry = "step \(frames)"
        let xLabel = x.map { file.text($0.range) } ?? "t (s)"
        let series = ys.enumerated().map { k, e in
            Chart.Series(name: file.text(e.range), points: zip(across, columns[k]).map { Vec2($0, $1) })
        }
        let chart = Chart(series: series, xLabel: xLabel)
        guard let (path, pathRange) = target, let fileFormat else {
            let columns = Swift.max(20, (display.size()?.columns ?? 80) - 1)
            let style = TerminalStyle(mode: display.unicode ? .braille : .ascii, color: display.color)
            emit(TerminalChart.render(chart, columns: columns, rows: height, style: style))
            return
        }
        if fileFormat == "csv" {
            var text = ([x.map { file.text($0.range) } ?? "time"] + ys.map { file.text($0.range) }).map(Interpreter.csvField).joined(separator: ",") + "\n"
            for i in across.indices {
                text += ([across[i]] + columns.map { $0[i] }).map(Interpreter.csvNumber).joined(separator: ",") + "\n"
            }
            do {
                try Interpreter.writeAtomically(text, to: resolvedPath(path))
            } catch {
                throw args.error(Interpreter.fileProblem(path, errno: Interpreter.errnoOf(error)), pathRange)
            }
        } else {
            let (w, h) = size ?? (640, 400)
            let resolved = resolvedPath(path)
            try drawing(pathRange) { () throws(DrawError) in
                try ChartWriter.write(chart, to: resolved, format: fileFormat == "png" ? .png : .svg, width: w, height: h)
            }
        }
        note("wrote \(path) (\(across.count) points)")
    }

    /// A value for a chart or a log: a number (a boolean counts as 0 or 1).
    func plotValue(_ e: Expr) throws -> Double {
        let v = try evaluate(e)
        if checking { return 0 }
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

    static func errnoOf(_ error: any Error) -> Int32 {
        if let e = error as NSError?, e.domain == "dyn" || e.domain == NSPOSIXErrorDomain { return Int32(e.code) }
        return EIO
    }

    // MARK: - log

    func log(_ args: inout Arguments) throws {
        var exprs: [Expr] = []
        while !args.isAtEnd, !["every", "to", "as"].contains(args.peekWord() ?? "") {
            exprs.append(args.exprs[args.index])
            args.advance()
        }
        if exprs.isEmpty { throw args.error("log needs a value to write, e.g. log ball.x to x.csv", args.currentRange) }
        var every = 1
        var target: (String, SourceRange)?
        var asName: (String, SourceRange)?
        while !args.isAtEnd {
            let (option, _) = try args.option(of: ["every", "to", "as"])
            switch option {
            case "every": every = try wholeNumber(&args, "the frames between rows", 1...1_000_000)
            case "to": target = try readPath(&args, "log … to")
            default: asName = try readAsName(&args)
            }
        }
        guard let (path, pathRange) = target else {
            throw args.error("log needs 'to FILE' (a .csv file)", args.currentRange)
        }
        guard (checking && path.isEmpty) || (path as NSString).pathExtension.lowercased() == "csv" else {
            throw args.error("cannot log to '\(path)': the file must end in .csv", pathRange)
        }
        for e in exprs { _ = try plotValue(e) }
        if checking { return }
        let name = asName?.0 ?? nextAutoName("log")
        let header = (["time"] + exprs.map { file.text($0.range) }).map(Interpreter.csvField).joined(separator: ",") + "\n"
        let resolved = resolvedPath(path)
        let sink: LogSink
        do { sink = try LogSink(path: resolved, shownAs: path, header: header) } catch let e as PictureCommandError {
            throw args.error(e.message, pathRange)
        }
        sink.flush()
        logSinks[name]?.close()
        logSinks[name] = sink
        session.logs.append(LogSpec(name: name, expressions: exprs, file: file, path: resolved, every: every, frames: 0))
        session.entities[name] = .action
        session.order.append(name)
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
