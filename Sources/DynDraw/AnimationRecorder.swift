// `record`: an animation of the world, one scene per frame, streamed to a GIF or an HTML page.

import CCairo
import DynamicsMath

/// Records scenes into an animation file, one frame per `add`, without holding the frames.
///
/// The file is written to a temporary file in the destination's folder; `finish` renames it
/// into place, `cancel` (or dropping the recorder unfinished) removes it, so that an interrupted
/// recording leaves nothing behind.
///
/// ```swift
/// let recorder = try AnimationRecorder(path: "fall.gif", width: 480, height: 360, fps: 25, region: first.extent)
/// for scene in scenes { try recorder.add(scene) }   // one scene every 1/25 s of world time
/// try recorder.finish()                              // or recorder.cancel() on Ctrl-C
/// ```
public final class AnimationRecorder {
    /// The destination.
    public let path: String
    public let format: AnimationFormat
    public let width: Int
    public let height: Int
    /// Frames per second: a GIF shows frame i for round(100·(i+1)/fps) − round(100·i/fps)
    /// centiseconds, so that the delays add up to the recording's length exactly.
    public let fps: Int
    /// The part of the world shown in every frame, fitted inside a small margin.
    public let region: Rect
    public let options: DrawOptions
    /// Frames added so far.
    public private(set) var frameCount = 0

    private enum Backend {
        case gif(GIFFrames)
        case html(HTMLRecording)
    }

    private var backend: Backend?
    private let file: OutputFile

    /// Starts a recording: checks the path and creates the temporary file.
    ///
    /// - Parameters:
    ///   - format: nil to choose from the extension of `path` (.gif, .html).
    ///   - fps: 1 to 50 for GIF (its delays are centiseconds and viewers slow down delays under
    ///     2), 1 to 1000 for HTML.
    ///   - options: names, velocity arrows (GIF only) and the time.
    /// - Throws: `DrawError` in plain words (unknown extension, missing folder, unwritable path,
    ///   size or fps out of range).
    public init(path: String, format: AnimationFormat? = nil, width: Int, height: Int, fps: Int, region: Rect,
                options: DrawOptions = DrawOptions()) throws(DrawError) {
        let format = try Self.resolve(format, path)
        try checkPictureSize(width, height, path: path)
        let maxFPS = format == .gif ? 50 : 1000
        guard (1...maxFPS).contains(fps) else {
            throw DrawError("cannot write '\(path)': \(fps) frames per second is out of range (1 to \(maxFPS) for \(format.rawValue.uppercased()))")
        }
        try checkRegion(region, path: path)
        self.path = path
        self.format = format
        self.width = width
        self.height = height
        self.fps = fps
        self.region = region
        self.options = options
        file = try OutputFile(path: path)
        let viewport = PictureWriter.fittedViewport(region, width: width, height: height)
        switch format {
        case .gif:
            backend = .gif(try GIFFrames(file: file, viewport: viewport, options: options))
        case .html:
            backend = .html(HTMLRecording(file: file, viewport: viewport, fps: fps, options: options, title: splitPath(path).name))
        }
    }

    private static func resolve(_ format: AnimationFormat?, _ path: String) throws(DrawError) -> AnimationFormat {
        if let format { return format }
        return try AnimationFormat(path: path)
    }

    deinit { file.discard() }

    /// The centiseconds frame `i` is shown at `fps` frames per second:
    /// round(100·(i+1)/fps) − round(100·i/fps), rounding halves up.
    public static func gifDelay(frame i: Int, fps: Int) -> Int {
        func rounded(_ k: Int) -> Int { (200 * k + fps) / (2 * fps) }
        return rounded(i + 1) - rounded(i)
    }

    /// Adds `scene` as the next frame.
    ///
    /// - Throws: `DrawError` when writing fails or the recording is finished or cancelled.
    public func add(_ scene: Scene) throws(DrawError) {
        switch backend {
        case .gif(let frames):
            do {
                try frames.add(scene, delay: Self.gifDelay(frame: frameCount, fps: fps))
            } catch {
                cancel()
                throw error
            }
        case .html(let recording):
            recording.add(scene)
            if file.failed {
                cancel()
                throw DrawError("cannot write '\(path)': a write failed")
            }
        case nil:
            throw DrawError("cannot add a frame to '\(path)': the recording is over")
        }
        frameCount += 1
    }

    /// Ends the file and renames it into place.
    ///
    /// - Throws: `DrawError` when nothing was recorded or writing failed; the temporary file is
    ///   then removed.
    public func finish() throws(DrawError) {
        guard let backend else { throw DrawError("cannot finish '\(path)': the recording is over") }
        guard frameCount > 0 else {
            cancel()
            throw DrawError("cannot write '\(path)': no frames were recorded")
        }
        self.backend = nil
        do {
            switch backend {
            case .gif(let frames): try frames.finish()
            case .html(let recording): recording.finish()
            }
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }

    /// Abandons the recording: removes the temporary file; the destination is untouched.
    public func cancel() {
        backend = nil
        file.discard()
    }
}

/// GIF frames: each scene drawn by cairo into one reused image, mapped to the palette, encoded.
private final class GIFFrames {
    private let writer: GIFWriter
    private let viewport: Viewport
    private let options: DrawOptions
    private let palette = GIFPalette()
    private let sprites = CircleSprites()
    private let surface: OpaquePointer
    private var indices: [UInt8]

    init(file: OutputFile, viewport: Viewport, options: DrawOptions) throws(DrawError) {
        let w = Int(viewport.width), h = Int(viewport.height)
        guard let s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(w), Int32(h)),
              cairo_surface_status(s) == CAIRO_STATUS_SUCCESS else {
            throw DrawError("cannot write '\(file.path)': cairo could not make a \(w) × \(h) image")
        }
        surface = s
        self.viewport = viewport
        self.options = options
        indices = [UInt8](repeating: 0, count: w * h)
        writer = try GIFWriter(file: file, width: w, height: h, colors: palette.colors)
    }

    deinit { cairo_surface_destroy(surface) }

    func add(_ scene: Scene, delay: Int) throws(DrawError) {
        guard let cr = cairo_create(surface) else { throw DrawError("cairo could not draw") }
        CairoScene.draw(scene, on: cr, viewport: viewport, options: options, sprites: sprites)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { throw DrawError("cairo could not draw") }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let w = writer.width, h = writer.height
        let palette = self.palette
        indices.withUnsafeMutableBufferPointer { out in
            for y in 0..<h {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                let base = y * w
                for x in 0..<w { out[base + x] = palette.index(of: row[x]) }
            }
        }
        try writer.add(indices, delay: delay)
    }

    func finish() throws(DrawError) {
        try writer.finish()
    }
}
