// The picture commands from the language's side: what they step, what they write into files
// (CSV checked against closed forms), what `save` replays, and their errors. The drawings
// themselves are tested in DynDrawTests.

import Dynamics
import DynamicsMath
import Foundation
import Testing

@testable import DynLang

/// A fresh folder for one test's files.
private func scratchFolder() -> String {
    let path = NSTemporaryDirectory() + "dyn-pictures-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// Runs `text` as a script in `folder` (relative files land there); output and failure.
private func run(_ text: String, in folder: String, interpreter: Interpreter? = nil) -> (output: String, failure: ScriptFailure?, interp: Interpreter) {
    var out = ""
    let interp = interpreter ?? Interpreter(write: { _ in })
    interp.write = { out += $0 }
    do {
        try interp.run(SourceFile(name: "t.dyn", text: text, directory: folder))
        return (out, nil, interp)
    } catch {
        return (out, error, interp)
    }
}

private func rows(_ csv: String) -> [[String]] {
    csv.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
}

/// Free fall from rest with g = 1000 pt/s²: y(t) = y0 + ½ g t² exactly in continuous time. A
/// semi-implicit Euler integrator with forces applied every h seconds is ahead of it by
/// ½ g h t (h = 1/60 when gravity acts once a frame; less when it acts in every sub-step),
/// so the tolerance below is that bound plus rounding.
private func freeFallTolerance(_ t: Double) -> Double { 0.5 * 1000 * (1.0 / 60) * t + 1e-6 }

@Suite struct PlotCommandTests {
    @Test func plotToCSVFollowsFreeFall() throws {
        let dir = scratchFolder()
        let r = run("""
            add view ball frame 100 0 20 20 shape ellipse
            gravity
            plot ball.y, ball.vy over 1 to fall.csv
            """, in: dir)
        #expect(r.failure == nil)
        let table = rows(try String(contentsOfFile: dir + "/fall.csv", encoding: .utf8))
        #expect(table.first == ["time", "ball.y", "ball.vy"])
        // The start and one row after each of the 60 frames.
        #expect(table.count == 1 + 61)
        for row in table.dropFirst() {
            let t = Double(row[0])!, y = Double(row[1])!, vy = Double(row[2])!
            #expect(abs(y - (10 + 500 * t * t)) <= freeFallTolerance(t), "y at t = \(t)")
            // The velocity is exact at frame ends either way: v = g t.
            #expect(abs(vy - 1000 * t) < 1e-6, "vy at t = \(t)")
        }
        #expect(r.interp.session.world.frameCount == 60)
        #expect(r.output == "wrote fall.csv (61 points)\n")
    }

    @Test func plotVsTakesTheSecondValueAcross() throws {
        let dir = scratchFolder()
        // A projectile: x = 100 + 200 t, y = 10 + ½ g t² (within the integrator's bound).
        let r = run("""
            add view ball frame 90 0 20 20 shape ellipse vx 200
            gravity
            plot ball.y vs ball.x over 0.5 to path.csv
            """, in: dir)
        #expect(r.failure == nil)
        let table = rows(try String(contentsOfFile: dir + "/path.csv", encoding: .utf8))
        #expect(table.first == ["ball.x", "ball.y"])
        for row in table.dropFirst() {
            let x = Double(row[0])!, y = Double(row[1])!
            let t = (x - 100) / 200
            #expect(abs(y - (10 + 500 * t * t)) <= freeFallTolerance(t))
        }
    }

    @Test func valuesMayBeWholeExpressionsWithSpacesAndCommas() throws {
        let dir = scratchFolder()
        let r = run("""
            add view a frame 0 0 10 10 vx 60
            plot a.x + 1000, max(a.x, 7) over 2/60 to e.csv
            """, in: dir)
        #expect(r.failure == nil)
        let text = try String(contentsOfFile: dir + "/e.csv", encoding: .utf8)
        // A header field with a comma is quoted.
        #expect(text.hasPrefix("time,a.x + 1000,\"max(a.x, 7)\"\n"))
        #expect(rows(text).last == ["0.03333333333333333", "1007", "7"])
    }

    @Test func terminalPlotDrawsAChart() {
        let dir = scratchFolder()
        let r = run("""
            add view ball frame 100 0 20 20
            gravity
            plot ball.y over 1
            """, in: dir)
        #expect(r.failure == nil)
        // A chart of 16 rows plus axes and legend, mentioning the series and the x label.
        #expect(r.output.contains("ball.y"))
        #expect(r.output.contains("t (s)"))
        #expect(r.output.split(separator: "\n").count >= 16)
    }

    @Test func plotErrorsLeaveTheWorldAlone() {
        let dir = scratchFolder()
        for (script, message) in [
            ("plot ball.y", "expected 'over T'"),
            ("plot ball.y over 0", "the duration must be greater than 0"),
            ("plot ball.y over 1 to out.bmp", "the file must end in .png, .svg or .csv"),
            ("plot \"text\" over 1", "is not a number"),
            ("plot over 1", "plot needs a value"),
        ] {
            let r = run("add view ball frame 0 0 10 10\n" + script, in: dir)
            #expect(r.failure?.rendered.contains(message) == true, "\(script): \(r.failure?.rendered ?? "no error")")
            #expect(r.interp.session.world.frameCount == 0)
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.bmp"))
    }
}

@Suite struct LogCommandTests {
    @Test func logWritesARowEveryNFramesUntilRemoved() throws {
        let dir = scratchFolder()
        let r = run("""
            add view ball frame 100 0 20 20
            gravity
            log ball.y, ball.vy every 3 to fall.csv as fallLog
            step 9
            remove fallLog
            step 9
            """, in: dir)
        #expect(r.failure == nil)
        let table = rows(try String(contentsOfFile: dir + "/fall.csv", encoding: .utf8))
        #expect(table.first == ["time", "ball.y", "ball.vy"])
        // Rows after frames 3, 6 and 9; none after the log was removed.
        #expect(table.count == 4)
        let times: [Double] = table.dropFirst().map { Double($0[0])! }
        let expected: [Double] = [3, 6, 9].map { Double($0) * World.frameDuration }
        #expect(times == expected)
        for row in table.dropFirst() {
            let t = Double(row[0])!
            #expect(abs(Double(row[2])! - 1000 * t) < 1e-6)
        }
    }

    @Test func logNeedsACSVFileThatCanBeWritten() {
        let dir = scratchFolder()
        let cases = [
            ("log ball.x to x.txt", "the file must end in .csv"),
            ("log ball.x", "log needs 'to FILE'"),
            ("log ball.x to missing/x.csv", "no such folder 'missing'"),
            ("log nothing.x to x.csv", "unknown"),
        ]
        for (script, message) in cases {
            let r = run("add view ball frame 0 0 10 10\n" + script, in: dir)
            #expect(r.failure?.rendered.contains(message) == true, "\(script): \(r.failure?.rendered ?? "no error")")
            #expect(r.interp.session.logs.isEmpty)
        }
    }
}

@Suite struct TraceAndRecordTests {
    @Test func traceKeepsAPointAfterEveryFrameUpToItsLength() {
        let dir = scratchFolder()
        let r = run("""
            add view ball frame 0 0 10 10 vx 60
            trace ball length 5
            step 10
            """, in: dir)
        #expect(r.failure == nil)
        let trail = r.interp.currentScene().trails
        #expect(trail.count == 1)
        #expect(trail[0].points.count == 5)
        // The newest point is the item's centre now: x = 5 + 60 × 10/60 = 15.
        #expect(abs(trail[0].points.last!.x - 15) < 1e-9)
        let cleared = run("untrace\nstep 1", in: dir, interpreter: r.interp)
        #expect(cleared.failure == nil)
        #expect(cleared.interp.currentScene().trails.isEmpty)
    }

    @Test func liveWithoutATerminalStepsAndSaysSo() {
        let dir = scratchFolder()
        let r = run("add view ball frame 0 0 10 10\nrun 0.5 live", in: dir)
        #expect(r.failure == nil)
        #expect(r.output.contains("not a terminal"))
        #expect(r.interp.session.world.frameCount == 30)
    }

    @Test func recordStepsLikeRunAndSavesAsSteps() throws {
        let dir = scratchFolder()
        let r = run("""
            add view ball frame 100 0 20 20
            gravity
            record 0.5 to fall.gif
            run 0.5 live
            save again.dyn
            """, in: dir)
        #expect(r.failure == nil, "\(r.failure?.rendered ?? "")")
        #expect(r.interp.session.world.frameCount == 60)
        #expect(FileManager.default.fileExists(atPath: dir + "/fall.gif"))
        // The saved world replays the recording and the live run as plain steps.
        let saved = try String(contentsOfFile: dir + "/again.dyn", encoding: .utf8)
        #expect(saved.contains("\nstep 60\n"))
        #expect(!saved.contains("record"))
    }

    @Test func pictureFileErrorsNameTheProblemAndLeaveNoFile() throws {
        let dir = scratchFolder()
        let cases = [
            ("snapshot picture.bmp", ".png"),
            ("snapshot missing/picture.png", "missing"),
            ("record 1 to film.mp4", ".gif"),
            ("record 0 to film.gif", "greater than 0"),
            ("record -1 to film.gif", "greater than 0"),
            ("record 1 film.gif", "expected 'to FILE'"),
            ("snapshot p.png scale 0", "the scale must be greater than 0"),
            ("snapshot p.png size 10 10", "from 16"),
            ("show width 3", "from 8"),
            ("show region 0 0 0 10", "width must be greater than 0"),
        ]
        for (script, message) in cases {
            let r = run("add view ball frame 0 0 10 10\n" + script, in: dir)
            #expect(r.failure?.rendered.contains(message) == true, "\(script): \(r.failure?.rendered ?? "no error")")
            #expect(r.interp.session.world.frameCount == 0)
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(left.isEmpty, "files left behind: \(left)")
    }

    @Test func checkModeReadsPictureCommandsWithoutWriting() {
        let dir = scratchFolder()
        let interp = Interpreter(write: { _ in })
        let ds = interp.check(SourceFile(name: "t.dyn", text: """
            add view ball frame 0 0 10 10
            snapshot a.png scale 2
            record 1 to b.gif fps 10
            plot ball.y over 1 to c.csv
            log ball.y every 2 to d.csv
            show ascii width 40 names
            run 1 live speed 2
            record 1 to e.gif fps 0
            """, directory: dir))
        #expect(ds.count == 1)
        #expect(ds.first?.message.contains("frames per second") == true)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: dir))?.isEmpty == true)
    }
}
