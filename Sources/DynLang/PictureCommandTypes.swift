// The picture commands, declared like every other command: `show` draws the world in the
// terminal, `snapshot` and `record` write pictures and animations, `trace` keeps trails, `plot`
// charts values over time and `log` streams them into a CSV file (`run T live` is `run`'s).
// What they draw and how they step is in PictureCommands.swift.

import Dynamics
import DynamicsMath
import DynDraw
import DynSystem
import Foundation

extension Interpreter {
    /// The picture commands, in the order `help` lists them.
    static let pictureCommands: [CommandSpec] = [
        ShowCommand.spec, SnapshotCommand.spec, RecordCommand.spec, TraceCommand.spec, UntraceCommand.spec,
        PlotCommand.spec, LogCommand.spec,
    ]

    /// A file name argument, evaluated: a non-empty string.
    func path(_ a: Arg) throws -> String {
        guard case .string(let path) = try evaluate(a.expr), !path.isEmpty else {
            throw runtimeError("expected a file name (a string or a bare path)", a.range)
        }
        return path
    }
}

extension Arg {
    /// The text of a plain string argument (no interpolation): a file name known without running.
    var literalText: String? {
        guard case .string(let parts) = expr.kind else { return nil }
        var text = ""
        for part in parts {
            guard case .text(let t) = part else { return nil }
            text += t
        }
        return text
    }
}

/// The options of a terminal picture: `show`, and `run T live`.
struct ShowOptions {
    var mode: TerminalMode?
    var width: Int?
    var height: Int?
    var region: DynDraw.Rect?
    var draw = DrawOptions(time: false)

    static let region = Param.option("region", [
        Slot("X", "the region's x"), Slot("Y", "the region's y"),
        Slot("W", "the region's width", .number, .positive), Slot("H", "the region's height", .number, .positive),
    ])

    /// The options, shown one by one in usage or (`group`) as one bracket.
    static func params(group: String? = nil) -> [Param] {
        [
            .option("ascii", usageGroup: group), .option("braille", usageGroup: group),
            .option("width", [Slot("N", "the width in columns", .number, .whole(8, 1000))], usageGroup: group),
            .option("height", [Slot("N", "the height in rows", .number, .whole(2, 1000))], usageGroup: group),
            Param(key: "region", keyword: "region", fixed: region.fixed, repeated: [], minimumRepeats: 0, required: false,
                  usageGroup: group, missing: nil),
            .option("names", usageGroup: group), .option("velocities", usageGroup: group),
        ]
    }

    static func validate(_ a: ParsedArguments) throws {
        if a.has("ascii") && a.has("braille") {
            throw RuntimeError(message: "give 'ascii' or 'braille', not both", range: a.range("braille")!)
        }
    }

    init(_ a: ParsedArguments, _ interp: Interpreter) throws {
        if a.has("ascii") { mode = .ascii }
        if a.has("braille") { mode = .braille }
        width = try a.arg("width").map { Int(try interp.number($0)) }
        height = try a.arg("height").map { Int(try interp.number($0)) }
        region = try FileOptions.region(a, interp)
        draw.names = a.has("names")
        draw.velocities = a.has("velocities")
    }
}

/// The options of a picture file: `snapshot` and `record`.
struct FileOptions {
    var size: (Int, Int)?
    var scale: Double = 1
    var region: DynDraw.Rect?
    var draw = DrawOptions()

    static let params: [Param] = [
        .option("size", [Slot("W", "the width in pixels", .number, .whole(16, 8192)), Slot("H", "the height in pixels", .number, .whole(16, 8192))]),
        .option("scale", [Slot("S", "the scale", .number, .positive(atMost: 16))]),
        ShowOptions.region, .option("names"), .option("velocities"),
    ]

    static func validate(_ a: ParsedArguments) throws {
        if a.has("size") && a.has("scale") {
            throw RuntimeError(message: "give 'size' or 'scale', not both", range: a.range("scale")!)
        }
    }

    static func region(_ a: ParsedArguments, _ interp: Interpreter) throws -> DynDraw.Rect? {
        guard a.has("region") else { return nil }
        let r = a.args("region")
        return DynDraw.Rect(x: try interp.number(r[0]), y: try interp.number(r[1]), width: try interp.number(r[2]), height: try interp.number(r[3]))
    }

    init(_ a: ParsedArguments, _ interp: Interpreter) throws {
        if a.has("size") { size = (Int(try interp.number(a.args("size")[0])), Int(try interp.number(a.args("size")[1]))) }
        scale = try a.arg("scale").map { try interp.number($0) } ?? 1
        region = try FileOptions.region(a, interp)
        draw.names = a.has("names")
        draw.velocities = a.has("velocities")
    }

    /// The picture's size for a region: `size`, or the region at `scale`.
    func pixels(for region: DynDraw.Rect) -> (Int, Int) {
        if let size { return size }
        return (Swift.max(1, Int((region.width * scale).rounded())), Swift.max(1, Int((region.height * scale).rounded())))
    }
}

/// A duration of pictures: more than 0, at most an hour.
private let pictureDuration = Constraint.within(0...3600, whole: false, text: "greater than 0 and at most 3600 seconds", lowerOpen: true)

/// `show [ascii|braille] [width N] [height N] [region X Y W H] [names] [velocities]`
struct ShowCommand: Command {
    static let spec = CommandSpec(
        "show", CommandSyntax([], options: ShowOptions.params()),
        summary: "draws the world in the terminal: items, boundaries, attachments, trails",
        details: """
            Braille dots (2 × 4 to a character) by default, plain ASCII with `ascii` or where the \
            terminal can't show braille (TERM=dumb). The picture fits the world's bounds and everything \
            in it into the terminal's width (`width N` columns; 80 when not a terminal), keeping the \
            aspect ratio; `height N` caps its rows; `region X Y W H` shows that rectangle of the world. \
            `names` labels the items, `velocities` draws each item's velocity as an arrow (0.1 s of \
            motion long). Colours only on a terminal without NO_COLOR.
            """,
        example: "show names", make: { try ShowCommand($0) })

    let a: ParsedArguments

    init(_ a: ParsedArguments) throws { self.a = a }

    func validate() throws { try ShowOptions.validate(a) }

    func apply(to interp: Interpreter) throws {
        let o = try ShowOptions(a, interp)
        interp.emit(interp.terminalPicture(o, scene: interp.currentScene()).text)
    }
}

/// `snapshot FILE [size W H | scale S] [region X Y W H] [names] [velocities]`
struct SnapshotCommand: Command {
    static let spec = CommandSpec(
        "snapshot", CommandSyntax([.positional("file", [Slot("FILE", "a file name", .file)])], options: FileOptions.params),
        summary: "writes a picture of the world to a .png, .svg or .pdf file",
        details: """
            The picture shows the world's bounds and everything in it (or `region X Y W H`), anti-aliased, \
            with the world time in a corner. `scale S` is pixels (SVG, PDF: points) per world point, \
            default 1; `size W H` fits the picture into W × H instead. The file is written whole or not \
            at all; a relative FILE is relative to the script.
            """,
        example: "snapshot start.png scale 2", make: { try SnapshotCommand($0) })

    let a: ParsedArguments
    let file: Arg

    init(_ a: ParsedArguments) throws { (self.a, file) = (a, try a.required("file")) }

    func validate() throws {
        try FileOptions.validate(a)
        if let path = file.literalText { _ = try SnapshotCommand.format(path, file.range) }
    }

    static func format(_ path: String, _ range: SourceRange) throws -> PictureFormat {
        do { return try PictureFormat(path: path) } catch { throw RuntimeError(message: error.message, range: range) }
    }

    func apply(to interp: Interpreter) throws {
        let path = try interp.path(file)
        let o = try FileOptions(a, interp)
        let format = try SnapshotCommand.format(path, file.range)
        let scene = interp.currentScene()
        let region = o.region ?? interp.defaultRegion(scene)
        let (w, h) = o.pixels(for: region)
        let resolved = interp.resolvedPath(path)
        if interp.replaying { return }  // replayed for undo: the file was written (UndoHistory.swift)
        try interp.drawing(file.range) { () throws(DrawError) in
            try PictureWriter.write(scene, to: resolved, format: format, width: w, height: h, region: region, options: o.draw)
        }
        interp.note("wrote \(path) (\(w) × \(h))")
    }
}

/// `record T to FILE [fps N] [size W H | scale S] [region X Y W H] [names] [velocities]`
struct RecordCommand: Command {
    static let spec = CommandSpec(
        "record", CommandSyntax([
            .positional("duration", [Slot("T", "the duration", .duration, pictureDuration)]),
        ], options: [
            .option("to", [Slot("FILE", "a file name", .file)], required: true),
            .option("fps", [Slot("N", "the frames per second", .number, .whole(1, 60))]),
        ] + FileOptions.params),
        summary: "steps the world for T seconds, like run, and writes the animation to a .gif or .html file",
        details: """
            Frames are taken at `fps N` frames per second of world time (default 25 for GIF, 30 for \
            HTML), from the start to the end: T × fps + 1 frames. The picture is fixed at the start: the \
            world's bounds and everything in it, or `region X Y W H`. A GIF plays in any slide deck or \
            chat; the HTML page is one file that plays in any browser, with play/pause, a time scrubber \
            and a speed choice. Ctrl-C stops the recording at a frame and writes no file; the world keeps \
            the frames it stepped.
            """,
        example: "record 5s to fall.gif", make: { try RecordCommand($0) })

    let a: ParsedArguments
    let file: Arg

    init(_ a: ParsedArguments) throws { (self.a, file) = (a, try a.required("to")) }

    func validate() throws {
        try FileOptions.validate(a)
        if let path = file.literalText { _ = try RecordCommand.format(path, file.range) }
    }

    static func format(_ path: String, _ range: SourceRange) throws -> AnimationFormat {
        do { return try AnimationFormat(path: path) } catch { throw RuntimeError(message: error.message, range: range) }
    }

    func apply(to interp: Interpreter) throws {
        let t = try interp.number(try a.required("duration"))
        let path = try interp.path(file)
        let fps = try a.arg("fps").map { Int(try interp.number($0)) }
        let o = try FileOptions(a, interp)
        let format = try RecordCommand.format(path, file.range)
        let rate = fps ?? (format == .gif ? 25 : 30)
        let frames = Int((t * 60).rounded())
        let start = interp.currentScene()
        let region = o.region ?? interp.defaultRegion(start)
        let (w, h) = o.pixels(for: region)
        let resolved = interp.resolvedPath(path)
        // Replayed for undo (inside a block): the steps again, not the file (UndoHistory.swift).
        let recorder = interp.replaying ? nil : try interp.drawing(file.range) { () throws(DrawError) in
            let r = try AnimationRecorder(path: resolved, format: format, width: w, height: h, fps: rate, region: region, options: o.draw)
            try r.add(start)
            return r
        }
        // Frame k of the animation shows world frame round(k × 60 / fps).
        var next = 1
        let pictures = Int((t * Double(rate)).rounded())
        do {
            try interp.advance(frames: frames, a.keywordRange) { i in
                while next <= pictures && Int((Double(next) * 60 / Double(rate)).rounded()) == i + 1 {
                    try recorder?.add(interp.currentScene())
                    next += 1
                }
            }
            try recorder?.finish()
        } catch let e as DrawError {
            recorder?.cancel()
            throw interp.runtimeError(e.message, file.range)
        } catch {
            recorder?.cancel()
            throw error
        }
        interp.journalEntry = "step \(frames)"
        interp.note("wrote \(path) (\(next) frames, \(w) × \(h), \(formatNumber(Double(frames) / 60)) s)")
    }
}

/// `trace ITEM ... [length N]`
struct TraceCommand: Command {
    static let spec = CommandSpec(
        "trace", CommandSyntax([
            .positional("items", [], repeated: [Slot("ITEM", "an item to trace", .name)], atLeast: 1),
        ], options: [
            .option("length", [Slot("N", "the trail's length in points", .number, .whole(2, 1_000_000))]),
        ]),
        summary: "keeps a trail of each item's centre, drawn by show, snapshot and record",
        details: """
            A point is kept after every frame; `length N` keeps the last N (default 600: ten seconds). \
            `untrace` stops and clears trails.
            """,
        example: "trace ball", make: { try TraceCommand($0) })

    let a: ParsedArguments

    init(_ a: ParsedArguments) throws { self.a = a }

    func apply(to interp: Interpreter) throws {
        let limit = try a.arg("length").map { Int(try interp.number($0)) } ?? 600
        var added: [Trace] = []
        for arg in a.args("items") {
            let (n, id) = (try interp.name(arg), try interp.item(arg))
            let p = Vec2(interp.session.world.property(.x, of: id), interp.session.world.property(.y, of: id))
            added.append(Trace(name: n, id: id, points: [p], limit: limit))
        }
        for t in added {
            if let k = interp.session.traces.firstIndex(where: { $0.name == t.name }) {
                interp.session.traces[k].limit = limit
            } else {
                interp.session.traces.append(t)
            }
        }
    }
}

/// `untrace [ITEM ...]`
struct UntraceCommand: Command {
    static let spec = CommandSpec(
        "untrace", CommandSyntax([
            .positional("items", [], repeated: [Slot("ITEM", "an item", .name)], required: false),
        ]),
        summary: "stops and clears the trails of the items given (of every item without names)",
        example: "untrace ball", make: { try UntraceCommand($0) })

    let items: [Arg]

    init(_ a: ParsedArguments) throws { items = a.args("items") }

    func apply(to interp: Interpreter) throws {
        let names = try items.map { (try interp.name($0), $0.range) }
        for (n, r) in names where !interp.session.traces.contains(where: { $0.name == n }) {
            _ = try interp.item(named: n, r)
            throw interp.runtimeError("'\(n)' has no trail", r)
        }
        if names.isEmpty {
            interp.session.traces.removeAll()
        } else {
            interp.session.traces.removeAll { t in names.contains { $0.0 == t.name } }
        }
    }
}

/// `plot EXPR, ... [vs EXPR] over T [to FILE] [size W H] [height N]`
struct PlotCommand: Command {
    static let spec = CommandSpec(
        "plot", CommandSyntax([
            .positional("values", [], repeated: [Slot("EXPR,", "a value to chart", .expression)], atLeast: 1,
                        missing: "a value to chart, e.g. plot ball.y over 2"),
            .keyed("vs", "vs", [Slot("EXPR", "a value after 'vs'", .expression)]),
        ], options: [
            .option("over", [Slot("T", "the duration", .duration, pictureDuration)], required: true),
            .option("to", [Slot("FILE", "a file name", .file)]),
            .option("size", [Slot("W", "the width in pixels", .number, .whole(16, 8192)), Slot("H", "the height in pixels", .number, .whole(16, 8192))]),
            .option("height", [Slot("N", "the height in rows", .number, .whole(4, 200))]),
        ]),
        summary: "steps the world for T seconds and charts values against time (or against another value)",
        details: """
            The values are taken at the start and after every frame. In the terminal the chart is drawn \
            in braille with axes, tick labels and a legend (`height N` rows, default 16); `to FILE` writes \
            it instead, as .png, .svg or .csv (time, or the `vs` value, first; then one column per \
            expression). `plot A vs B` puts B across and A up: a trajectory or phase plot. Expressions \
            are separated by commas and may use spaces (`plot ball.y + 10, ball.vy over 2`).
            """,
        example: "plot ball.y, ball.vy over 1", make: { try PlotCommand($0) })

    let a: ParsedArguments

    init(_ a: ParsedArguments) throws { self.a = a }

    func validate() throws {
        if let file = a.arg("to"), let path = file.literalText { _ = try PlotCommand.format(path, file.range) }
    }

    /// The file's format from its name: png, svg or csv.
    static func format(_ path: String, _ range: SourceRange) throws -> String {
        let ext = (path as NSString).pathExtension.lowercased()
        guard ["png", "svg", "csv"].contains(ext) else {
            throw RuntimeError(message: "cannot plot to '\(path)': the file must end in .png, .svg or .csv", range: range)
        }
        return ext
    }

    func apply(to interp: Interpreter) throws {
        let ys = a.args("values").map(\.expr)
        let x = a.arg("vs")?.expr
        let t = try interp.number(try a.required("over"))
        let target = try a.arg("to").map { (try interp.path($0), $0.range) }
        let size = a.has("size") ? (Int(try interp.number(a.args("size")[0])), Int(try interp.number(a.args("size")[1]))) : nil
        let height = try a.arg("height").map { Int(try interp.number($0)) } ?? 16
        let fileFormat = try target.map { try PlotCommand.format($0.0, $0.1) }
        for e in ys + (x.map { [$0] } ?? []) { _ = try interp.plotValue(e) }
        let frames = Int((t * 60).rounded())
        var columns: [[Double]] = Array(repeating: [], count: ys.count)
        var across: [Double] = []
        func sample() throws {
            across.append(try x.map { try interp.plotValue($0) } ?? interp.session.world.time)
            for (k, e) in ys.enumerated() { columns[k].append(try interp.plotValue(e)) }
        }
        try sample()
        try interp.advance(frames: frames, a.keywordRange) { _ in try sample() }
        interp.journalEntry = "step \(frames)"
        let file = interp.file
        let series = ys.enumerated().map { k, e in
            Chart.Series(name: file.text(e.range), points: zip(across, columns[k]).map { Vec2($0, $1) })
        }
        let chart = Chart(series: series, xLabel: x.map { file.text($0.range) } ?? "t (s)")
        guard let (path, pathRange) = target, let fileFormat else {
            let width = Swift.max(20, (interp.display.size()?.columns ?? 80) - 1)
            let style = TerminalStyle(mode: interp.display.unicode ? .braille : .ascii, color: interp.display.color)
            return interp.emit(TerminalChart.render(chart, columns: width, rows: height, style: style))
        }
        if interp.replaying { return }  // replayed for undo: the file was written (UndoHistory.swift)
        if fileFormat == "csv" {
            let header = [x.map { file.text($0.range) } ?? "time"] + ys.map { file.text($0.range) }
            var text = header.map(Interpreter.csvField).joined(separator: ",") + "\n"
            for i in across.indices {
                text += ([across[i]] + columns.map { $0[i] }).map(Interpreter.csvNumber).joined(separator: ",") + "\n"
            }
            do {
                try Interpreter.writeAtomically(text, to: interp.resolvedPath(path))
            } catch {
                throw interp.runtimeError("cannot write '\(path)': \(error.reason)", pathRange)
            }
        } else {
            let (w, h) = size ?? (640, 400)
            let resolved = interp.resolvedPath(path)
            try interp.drawing(pathRange) { () throws(DrawError) in
                try ChartWriter.write(chart, to: resolved, format: fileFormat == "png" ? .png : .svg, width: w, height: h)
            }
        }
        interp.note("wrote \(path) (\(across.count) points)")
    }
}

/// `log EXPR, ... [every N] to FILE [as NAME]`
struct LogCommand: Command {
    static let spec = CommandSpec(
        "log", CommandSyntax([
            .positional("values", [], repeated: [Slot("EXPR,", "a value to write", .expression)], atLeast: 1,
                        missing: "a value to write, e.g. log ball.x to x.csv"),
        ], options: [
            .option("every", [Slot("N", "the frames between rows", .number, .whole(1, 1_000_000))]),
            .option("to", [Slot("FILE", "a file name", .file)], required: true),
            .asName,
        ]),
        summary: "from now on, writes a CSV row of the values after every N frames (default 1)",
        details: """
            The file begins with a header (`time`, then the expressions as written); each row holds the \
            world time and the values, in full precision. `remove NAME` stops the log (automatic names: \
            log1, log2, ...). The file is replaced when the log begins.
            """,
        example: "log ball.x, ball.y every 6 to path.csv", make: { try LogCommand($0) })

    let a: ParsedArguments
    let file: Arg

    init(_ a: ParsedArguments) throws { (self.a, file) = (a, try a.required("to")) }

    func validate() throws {
        if let path = file.literalText { try LogCommand.checkName(path, file.range) }
    }

    static func checkName(_ path: String, _ range: SourceRange) throws {
        guard (path as NSString).pathExtension.lowercased() == "csv" else {
            throw RuntimeError(message: "cannot log to '\(path)': the file must end in .csv", range: range)
        }
    }

    func apply(to interp: Interpreter) throws {
        let exprs = a.args("values").map(\.expr)
        let every = try a.arg("every").map { Int(try interp.number($0)) } ?? 1
        let path = try interp.path(file)
        try LogCommand.checkName(path, file.range)
        let asName = try interp.newName(a)
        for e in exprs { _ = try interp.plotValue(e) }
        let name = asName ?? interp.nextAutoName("log")
        let source = interp.file
        let header = (["time"] + exprs.map { source.text($0.range) }).map(Interpreter.csvField).joined(separator: ",") + "\n"
        let resolved = interp.resolvedPath(path)
        // Replayed for undo: the log's file is the present's, already open (UndoHistory.swift).
        if !interp.replaying {
            let sink: LogSink
            do { sink = try LogSink(path: resolved, shownAs: path, header: header) } catch let e as PictureCommandError {
                throw interp.runtimeError(e.message, file.range)
            }
            sink.flush()
            interp.logSinks[name]?.close()
            interp.logSinks[name] = sink
        }
        interp.session.logs.append(LogSpec(name: name, expressions: exprs, file: source, path: resolved, every: every, frames: 0))
        interp.define(name, .action)
    }
}
