import DynamicsMath
import Foundation
import Testing

@testable import DynDraw

@Suite struct FileErrorTests {
    static let scene = sampleScene()
    static let region = Rect(x: 0, y: 0, width: 400, height: 300)

    func pictureError(_ path: String, width: Int = 100, height: Int = 80) -> String? {
        do {
            try PictureWriter.write(Self.scene, to: path, width: width, height: height)
            return nil
        } catch {
            return error.message
        }
    }

    func recorderError(_ path: String, fps: Int = 10) -> String? {
        do {
            _ = try AnimationRecorder(path: path, width: 100, height: 80, fps: fps, region: Self.region)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func missingFolder() {
        let dir = makeTemporaryFolder()
        defer { removeFolder(dir) }
        #expect(pictureError(dir + "/shots/a.png") == "cannot write '\(dir)/shots/a.png': no such folder '\(dir)/shots'")
        #expect(recorderError(dir + "/shots/a.gif") == "cannot write '\(dir)/shots/a.gif': no such folder '\(dir)/shots'")
        #expect(folderContents(dir).isEmpty)
    }

    @Test func unknownOrMissingExtension() throws {
        let dir = makeTemporaryFolder()
        defer { removeFolder(dir) }
        #expect(pictureError(dir + "/a.bmp") == "cannot write '\(dir)/a.bmp': '.bmp' is not a format dyn writes; a picture can be .png, .svg or .pdf")
        #expect(pictureError(dir + "/a") == "cannot write '\(dir)/a': the file name has no extension; a picture can be .png, .svg or .pdf")
        #expect(recorderError(dir + "/a.mp4") == "cannot write '\(dir)/a.mp4': '.mp4' is not a format dyn writes; an animation can be .gif or .html")
        #expect(folderContents(dir).isEmpty)
        // Extensions are read without regard to case; ".htm" is HTML.
        #expect(try PictureFormat(path: "x/A.PNG") == .png)
        #expect(try AnimationFormat(path: "page.htm") == .html)
        #expect(throws: DrawError.self) { try PictureFormat(path: ".png") }
    }

    @Test func parentIsAFileOrPathIsAFolder() throws {
        let dir = makeTemporaryFolder()
        defer { removeFolder(dir) }
        let file = dir + "/notes.txt"
        _ = FileManager.default.createFile(atPath: file, contents: Data("x".utf8))
        #expect(pictureError(file + "/a.png") == "cannot write '\(file)/a.png': '\(file)' is not a folder")
        #expect(recorderError(file + "/a.html") == "cannot write '\(file)/a.html': '\(file)' is not a folder")
        try FileManager.default.createDirectory(atPath: dir + "/d.png", withIntermediateDirectories: false)
        #expect(pictureError(dir + "/d.png") == "cannot write '\(dir)/d.png': it is a folder")
        #expect(pictureError(dir + "/") != nil)
        #expect(folderContents(dir) == ["d.png", "notes.txt"])
        #expect(folderContents(dir + "/d.png").isEmpty)
    }

    @Test func sizeAndFPSOutOfRange() {
        let dir = makeTemporaryFolder()
        defer { removeFolder(dir) }
        #expect(pictureError(dir + "/a.png", width: 0, height: 10)?.contains("out of range") == true)
        #expect(pictureError(dir + "/a.png", width: 10, height: 20_000)?.contains("out of range") == true)
        #expect(recorderError(dir + "/a.gif", fps: 0)?.contains("frames per second is out of range") == true)
        #expect(recorderError(dir + "/a.gif", fps: 60) == "cannot write '\(dir)/a.gif': 60 frames per second is out of range (1 to 50 for GIF)")
        #expect(recorderError(dir + "/a.html", fps: 60) == nil)
        #expect(folderContents(dir).isEmpty)
    }

    @Test func regionMustBeFiniteAndNotEmpty() throws {
        let dir = makeTemporaryFolder()
        defer { removeFolder(dir) }
        for bad in [Rect(x: 0, y: 0, width: 0, height: 10), Rect(x: .nan, y: 0, width: 10, height: 10),
                    Rect(x: 0, y: 0, width: .infinity, height: 10), Rect(x: 0, y: 0, width: 10, height: -1)] {
            #expect(throws: DrawError.self) { try PictureWriter.write(Self.scene, to: dir + "/a.png", width: 10, height: 10, region: bad) }
            #expect(throws: DrawError.self) { _ = try AnimationRecorder(path: dir + "/a.gif", width: 10, height: 10, fps: 10, region: bad) }
        }
        #expect(folderContents(dir).isEmpty)
        // A world with an item at infinity: the picture falls back to the bounds.
        var scene = Self.scene
        scene.items.append(.init(name: "gone", shape: .ellipse(width: 10, height: 10), center: Vec2(.infinity, 0)))
        try PictureWriter.write(scene, to: dir + "/b.png", width: 48, height: 36)
        #expect(PixelImage(png: dir + "/b.png")?.width == 48)
    }

    @Test func replacingAFileIsAllOrNothing() throws {
        let dir = makeTemporaryFolder()
        defer { removeFolder(dir) }
        let path = dir + "/a.png"
        _ = FileManager.default.createFile(atPath: path, contents: Data("old".utf8))
        // A failing write (an unknown format given explicitly is impossible; a bad size is
        // checked first) leaves the old file as it was.
        #expect(pictureError(path, width: -1, height: 5) != nil)
        #expect(fileBytes(path) == Array("old".utf8))
        try PictureWriter.write(Self.scene, to: path, width: 50, height: 40)
        #expect(fileBytes(path).starts(with: [0x89, 0x50, 0x4e, 0x47]))
        #expect(folderContents(dir) == ["a.png"])
    }

    @Test(arguments: AnimationFormat.allCases)
    func cancelledOrEmptyRecordingsLeaveNothing(format: AnimationFormat) throws {
        let dir = makeTemporaryFolder()
        defer { removeFolder(dir) }
        let path = dir + "/r." + format.rawValue
        // Interrupted: the temporary file exists while recording, then nothing.
        let a = try AnimationRecorder(path: path, width: 100, height: 80, fps: 10, region: Self.region)
        try a.add(Self.scene)
        #expect(folderContents(dir).count == 1 && folderContents(dir)[0].hasPrefix(".r." + format.rawValue + "."))
        a.cancel()
        #expect(folderContents(dir).isEmpty)
        #expect(throws: DrawError.self) { try a.add(Self.scene) }
        // Nothing recorded.
        let b = try AnimationRecorder(path: path, width: 100, height: 80, fps: 10, region: Self.region)
        #expect(throws: DrawError("cannot write '\(path)': no frames were recorded")) { try b.finish() }
        #expect(folderContents(dir).isEmpty)
        // Dropped without finishing (an error in the caller).
        do {
            let c = try AnimationRecorder(path: path, width: 100, height: 80, fps: 10, region: Self.region)
            try c.add(Self.scene)
        }
        #expect(folderContents(dir).isEmpty)
        // Finished: the file, and a second finish is an error that keeps it.
        let d = try AnimationRecorder(path: path, width: 100, height: 80, fps: 10, region: Self.region)
        try d.add(Self.scene)
        try d.finish()
        #expect(folderContents(dir) == ["r." + format.rawValue])
        #expect(throws: DrawError.self) { try d.finish() }
        #expect(folderContents(dir) == ["r." + format.rawValue])
    }
}
