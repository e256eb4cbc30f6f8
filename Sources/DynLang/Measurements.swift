// What a lesson measures, in one line each (issue #13):
//
// - item properties computed from the engine's state: `speed`, `momentumX`, `momentumY`,
//   `kineticEnergy`; world properties `kineticEnergy`, `potentialEnergy` (gravity and springs)
//   and `energy` (their sum);
// - `run until COND [max T]`: steps frame by frame until COND holds, and says when;
// - `measure EXPR over T [as NAME]`: steps T seconds sampling EXPR at the start and after every
//   frame, prints its minimum, maximum, mean and period, and keeps them readable as
//   `measured.max` (or `NAME.max`), `.min`, `.mean`, `.period`, `.minTime`, `.maxTime`,
//   `.amplitude`, `.samples`.
//
// Units are the engine's: mass in kg (a 100 × 100 view of density 1 has mass 1), lengths in
// points, so momentum is in kg·pt/s and energy in kg·pt²/s².

import Dynamics
import DynamicsMath
import DynSystem

/// Item properties computed from others, with their help lines.
let derivedItemProperties: [(name: String, summary: String)] = [
    ("speed", "length of the velocity, in points/s"),
    ("momentumX", "mass × vx, in kg·pt/s"),
    ("momentumY", "mass × vy, in kg·pt/s"),
    ("kineticEnergy", "½ m v² + ½ I ω², in kg·pt²/s²"),
]

/// The statistics `measure` keeps, with their help lines.
let measurementProperties: [(name: String, summary: String)] = [
    ("min", "the smallest value sampled"),
    ("max", "the largest value sampled"),
    ("minTime", "world time of the smallest value, s"),
    ("maxTime", "world time of the largest value, s"),
    ("mean", "the mean of the samples"),
    ("amplitude", "half of max − min"),
    ("period", "mean time between upward crossings of the mean, s (nan: fewer than two)"),
    ("samples", "how many samples were taken (frames + 1)"),
]

/// The results of one `measure`.
struct Measurement: Sendable {
    var values: [String: Double]
}

extension Interpreter {
    /// An item's computed property, or nil when `name` is not one.
    func derivedItemProperty(_ name: String, of id: ItemID) -> Value? {
        let w = session.world
        switch name {
        case "speed":
            return .number(hypot2(w.property(.vx, of: id), w.property(.vy, of: id)))
        case "momentumX":
            return .number(w.property(.anchored, of: id) != 0 ? 0 : w.property(.mass, of: id) * w.property(.vx, of: id))
        case "momentumY":
            return .number(w.property(.anchored, of: id) != 0 ? 0 : w.property(.mass, of: id) * w.property(.vy, of: id))
        case "kineticEnergy":
            return .number(w.kineticEnergy(of: id))
        default:
            return nil
        }
    }

    func hypot2(_ x: Double, _ y: Double) -> Double { (x * x + y * y).squareRoot() }

    /// The behaviors of the session, in creation order.
    var behaviorsInOrder: [BehaviorID] {
        session.order.compactMap { if case .behavior(let id)? = session.entities[$0] { return id } else { return nil } }
    }

    /// Items that move as bodies of their own: not group members (a group counts as one).
    func freeItems(_ ids: [ItemID]) -> [ItemID] {
        ids.filter { session.world.group(of: $0) == nil && session.world.property(.anchored, of: $0) == 0 }
    }

    /// Potential energy of the gravity behaviors and the springy attachments, kg·pt²/s².
    ///
    /// Gravity: −m g·(r − r₀) for each item it acts on, g in pt/s² (1000 × the vector), r₀ the
    /// corner of the world bounds that lies farthest along g (for gravity down, the floor), so an
    /// item inside the bounds has potential energy ≥ 0 (m g h, h its height above the floor).
    /// A spring (an `anchor` or `items` attachment with frequency f > 0): ½ k (d − L)², with the
    /// engine's stiffness k = m (2π f)², m the effective mass along the spring (an item's mass,
    /// and its inertia where the spring is attached off center; the reduced mass for two items).
    func potentialEnergy() -> Double {
        let w = session.world
        var total = 0.0
        for id in behaviorsInOrder {
            switch w.behaviorKind(id) {
            case .gravity?:
                guard let g = w.gravityVector(id) else { continue }
                let gx = g.x * 1000, gy = g.y * 1000
                let x0 = gx > 0 ? w.size.x : 0, y0 = gy > 0 ? w.size.y : 0
                for item in freeItems(w.behaviorItems(id) ?? w.itemIDs) {
                    let m = w.property(.mass, of: item)
                    total -= m * (gx * (w.property(.x, of: item) - x0) + gy * (w.property(.y, of: item) - y0))
                }
            case .attachment?:
                total += springEnergy(id)
            default:
                continue
            }
        }
        return total
    }

    /// ½ k (d − L)² of a springy anchor or items attachment; 0 for anything else.
    func springEnergy(_ id: BehaviorID) -> Double {
        let w = session.world
        func number(_ name: String) -> Double {
            if case .number(let d)? = w.behaviorProperty(name, of: id) { return d }
            return 0
        }
        guard case .text(let kind)? = w.behaviorProperty("kind", of: id), kind == "anchor" || kind == "items" else { return 0 }
        let f = number("frequency")
        guard f > 0, let items = w.behaviorItems(id), !items.isEmpty else { return 0 }
        let stretch = number("distance") - number("length")
        // The direction of the spring, for the turning part of the effective mass.
        func point(_ item: ItemID, _ ox: Double, _ oy: Double) -> (Double, Double, Double, Double) {
            let (c, s) = DMath.cosSin(w.property(.angle, of: item))
            let rx = c * ox - s * oy, ry = s * ox + c * oy
            return (w.property(.x, of: item) + rx, w.property(.y, of: item) + ry, rx, ry)
        }
        let a = point(items[0], number("offsetAX"), number("offsetAY"))
        let bPoint: (Double, Double, Double, Double) = items.count > 1
            ? point(items[1], number("offsetBX"), number("offsetBY"))
            : (number("anchorX"), number("anchorY"), 0, 0)
        var ux = bPoint.0 - a.0, uy = bPoint.1 - a.1
        let d = hypot2(ux, uy)
        if d > 0 { ux /= d; uy /= d } else { ux = 1; uy = 0 }
        func inverseMass(_ item: ItemID, _ rx: Double, _ ry: Double) -> Double {
            if w.property(.anchored, of: item) != 0 { return 0 }
            var inv = 1 / w.property(.mass, of: item)
            if w.property(.allowsRotation, of: item) != 0 {
                let inertia = w.property(.inertia, of: item) * 10_000  // kg·m² to kg·pt²
                let cross = rx * uy - ry * ux
                if inertia > 0 { inv += cross * cross / inertia }
            }
            return inv
        }
        var inv = inverseMass(items[0], a.2, a.3)
        if items.count > 1 { inv += inverseMass(items[1], bPoint.2, bPoint.3) }
        guard inv > 0 else { return 0 }
        let omega = 2 * DMath.pi * f
        return 0.5 * (omega * omega / inv) * stretch * stretch
    }

    /// `measured.max` and the like: a statistic of a `measure`, or nil when `object` names none.
    func measurementProperty(_ object: String, _ name: String, _ nameRange: SourceRange) throws -> Value? {
        guard lookupVariable(object) == nil, session.entities[object] == nil,
              let m = session.measurements[object] else { return nil }
        guard let v = m.values[name] else {
            throw runtimeError("a measurement has no '\(name)'" + Suggest.hint(for: name, in: measurementProperties.map(\.name)), nameRange)
        }
        if v.isNaN && name == "period" {
            throw runtimeError("\(object) has no period: the value crossed its mean upwards fewer than two times", nameRange)
        }
        return .number(v)
    }
}

/// `run until COND [max T]` (a form of `run`, see `RunCommand`).
extension Interpreter {
    /// The longest `run until` runs without `max`, in seconds.
    static let runUntilDefaultMax = 60.0

    func runUntil(_ condition: Expr, max: Double, _ range: SourceRange) throws {
        let maxFrames = Int((max * 60).rounded())
        let startTime = session.world.time
        var frames = 0
        while true {
            let v = try evaluate(condition)
            guard case .boolean(let holds) = v else {
                throw runtimeError("run until needs a condition that is true or false, got \(v.typeDescription) (\(v))", condition.range)
            }
            if holds { break }
            if frames >= maxFrames {
                throw runtimeError("'\(file.text(condition.range))' did not hold within \(formatNumber(max)) s; world time \(formatNumber(session.world.time)) s (a longer time: run until ... max T)", condition.range)
            }
            let before = session.world.frameCount
            try advance(frames: 1, range, after: { _ in })
            if session.world.frameCount == before {
                throw runtimeError("the world is paused (everything asleep): it does not advance, so '\(file.text(condition.range))' cannot become true", range)
            }
            frames += 1
        }
        journalEntry = "step \(frames)"
        let elapsed = session.world.time - startTime
        note("until \(file.text(condition.range)): after \(formatNumber(elapsed)) s (\(frames) step\(frames == 1 ? "" : "s")); world time \(formatNumber(session.world.time)) s")
    }
}

/// `measure EXPR over T [as NAME]`
struct MeasureCommand: Command {
    static let spec = CommandSpec(
        "measure", CommandSyntax([
            .positional("value", [], repeated: [Slot("EXPR", "a value to measure", .expression)], atLeast: 1,
                        missing: "a value to measure, e.g. measure bob.x over 3"),
        ], options: [
            .option("over", [Slot("T", "the duration", .duration, .within(0...1e5, whole: false, text: "greater than 0 and at most 1e5 seconds", lowerOpen: true))], required: true),
            .option("as", [Slot("NAME", "a name for the results", .newName)]),
        ]),
        summary: "steps the world for T seconds and prints a value's minimum, maximum, mean and period",
        details: """
            The value is sampled at the start and after every frame. The results stay readable as \
            measured.min, .max, .minTime, .maxTime, .mean, .amplitude, .period (seconds between \
            upward crossings of the mean, interpolated within the frame; at least two crossings) \
            and .samples, or NAME.max ... with `as NAME`. A later measure replaces them.
            """,
        example: "measure bob.x over 5", make: { try MeasureCommand($0) })

    let a: ParsedArguments

    init(_ a: ParsedArguments) throws {
        self.a = a
        if a.args("value").count > 1 {
            throw RuntimeError(message: "measure takes one value; measure each in turn", range: a.args("value")[1].range)
        }
    }

    func apply(to interp: Interpreter) throws {
        let expr = try a.required("value").expr
        let t = try interp.number(try a.required("over"))
        let name = try a.arg("as").map { try interp.name($0) } ?? "measured"
        if let asArg = a.arg("as") { try interp.checkFreeForEntity(name, asArg.range) }
        let frames = Int((t * 60).rounded())
        func sample() throws -> Double {
            let v = try interp.evaluate(expr)
            guard case .number(let d) = v else {
                throw interp.runtimeError("measure needs a number, got \(v.typeDescription) (\(v))", expr.range)
            }
            return d
        }
        var times = [interp.session.world.time]
        var values = [try sample()]
        try interp.advance(frames: frames, a.keywordRange) { _ in
            times.append(interp.session.world.time)
            values.append(try sample())
        }
        let stats = MeasureCommand.statistics(times, values)
        interp.session.measurements[name] = Measurement(values: stats)
        interp.journalEntry = "step \(frames)"
        let text = interp.file.text(expr.range)
        var line = "\(text) over \(formatNumber(t)) s: min \(formatNumber(stats["min"]!)) at \(formatNumber(stats["minTime"]!)) s, "
            + "max \(formatNumber(stats["max"]!)) at \(formatNumber(stats["maxTime"]!)) s, mean \(formatNumber(stats["mean"]!))"
        line += stats["period"]!.isNaN ? ", no period" : ", period \(formatNumber(stats["period"]!)) s"
        interp.note(line)
    }

    /// Min, max (first time reached), mean, amplitude and period of samples taken at `times`.
    static func statistics(_ times: [Double], _ values: [Double]) -> [String: Double] {
        var lo = 0, hi = 0
        for i in values.indices {
            if values[i] < values[lo] { lo = i }
            if values[i] > values[hi] { hi = i }
        }
        let mean = values.reduce(0, +) / Double(values.count)
        // Upward crossings of the mean, each placed by linear interpolation within its frame.
        var crossings: [Double] = []
        for i in 1..<max(values.count, 1) where values[i - 1] < mean && values[i] >= mean {
            let f = (mean - values[i - 1]) / (values[i] - values[i - 1])
            crossings.append(times[i - 1] + f * (times[i] - times[i - 1]))
        }
        let period = crossings.count >= 2 ? (crossings.last! - crossings.first!) / Double(crossings.count - 1) : .nan
        return ["min": values[lo], "max": values[hi], "minTime": times[lo], "maxTime": times[hi], "mean": mean,
                "amplitude": (values[hi] - values[lo]) / 2, "period": period, "samples": Double(values.count)]
    }
}
