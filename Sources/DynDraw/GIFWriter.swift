// A looping GIF89a animation written frame by frame with giflib into an `OutputFile`, holding
// only the previous frame.
//
// The file: screen descriptor with the global 256-colour table, the NETSCAPE2.0 extension
// (loop forever), then per frame a graphics control extension (delay in centiseconds, disposal
// "leave in place", the transparent index) and the image. The first frame is whole; each later
// frame is only the rectangle of pixels that changed, with the unchanged pixels inside it
// transparent, which LZW packs into almost nothing. A frame with no change is one transparent
// pixel, so that every frame keeps its delay.
//
// giflib pitfall: a streamed file must be marked GIF89 (EGifSetGifVersion) before the screen
// descriptor, because giflib picks the version from the extension blocks of the images it holds
// in memory, and a streaming writer holds none: it would write "GIF87a", whose readers may
// ignore the delays and transparency.

import CGif

final class GIFWriter {
    let width: Int
    let height: Int
    private let file: OutputFile
    private var gif: UnsafeMutablePointer<GifFileType>?
    private var previous: [UInt8] = []
    private var patch: [UInt8] = []
    private(set) var frameCount = 0

    /// Writes the header, the colour table and the loop extension.
    init(file: OutputFile, width: Int, height: Int, colors: [Palette.RGB]) throws(DrawError) {
        precondition(colors.count == 256)
        self.file = file
        self.width = width
        self.height = height
        var error: Int32 = 0
        gif = EGifOpen(Unmanaged.passUnretained(file).toOpaque(), gifWriteToOutputFile, &error)
        guard let gif else { throw giflibError(error) }
        EGifSetGifVersion(gif, true)
        let table = colors.map { GifColorType(Red: $0.r, Green: $0.g, Blue: $0.b) }
        guard let map = GifMakeMapObject(256, table) else { throw DrawError("cannot write '\(file.path)': out of memory") }
        defer { GifFreeMapObject(map) }
        try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, map))
        // NETSCAPE2.0: sub-block 1, loop count 0 (forever), little-endian.
        let netscape = Array("NETSCAPE2.0".utf8)
        let loop: [UInt8] = [1, 0, 0]
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE))
        try check(EGifPutExtensionBlock(gif, Int32(netscape.count), netscape))
        try check(EGifPutExtensionBlock(gif, Int32(loop.count), loop))
        try check(EGifPutExtensionTrailer(gif))
    }

    deinit {
        if let gif { EGifCloseFile(gif, nil) }
    }

    /// Adds one frame of palette indices (`width` × `height`, rows top to bottom) shown for
    /// `delay` hundredths of a second.
    func add(_ frame: [UInt8], delay: Int) throws(DrawError) {
        precondition(frame.count == width * height)
        guard let gif else { throw DrawError("cannot write '\(file.path)': the animation is finished") }
        var x0 = 0, y0 = 0, x1 = width, y1 = height  // the rectangle written, [x0, x1) × [y0, y1)
        var transparent = false
        if !previous.isEmpty {
            (x0, y0, x1, y1) = changedRectangle(frame)
            transparent = true
            if x0 >= x1 { (x0, y0, x1, y1) = (0, 0, 1, 1) }
        }
        var gcb = GraphicsControlBlock(DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: Int32(delay),
                                       TransparentColor: transparent ? Int32(GIFPalette.transparent) : NO_TRANSPARENT_COLOR)
        var extensionBytes = [UInt8](repeating: 0, count: 4)
        let n = EGifGCBToExtension(&gcb, &extensionBytes)
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, Int32(n), extensionBytes))
        try check(EGifPutImageDesc(gif, Int32(x0), Int32(y0), Int32(x1 - x0), Int32(y1 - y0), false, nil))
        if transparent {
            patch.removeAll(keepingCapacity: true)
            for y in y0..<y1 {
                let row = y * width
                for x in x0..<x1 {
                    let v = frame[row + x]
                    patch.append(v == previous[row + x] ? GIFPalette.transparent : v)
                }
            }
            try check(EGifPutLine(gif, &patch, Int32(patch.count)))
        } else {
            var whole = frame
            try check(EGifPutLine(gif, &whole, Int32(whole.count)))
        }
        previous = frame
        frameCount += 1
        if file.failed { throw DrawError("cannot write '\(file.path)': a write failed") }
    }

    /// The smallest rectangle holding every pixel that differs from the previous frame:
    /// (x0, y0, x1, y1), empty (x0 ≥ x1) when none does.
    private func changedRectangle(_ frame: [UInt8]) -> (Int, Int, Int, Int) {
        var x0 = width, y0 = height, x1 = 0, y1 = 0
        frame.withUnsafeBufferPointer { cur in
            previous.withUnsafeBufferPointer { old in
                for y in 0..<height {
                    let row = y * width
                    var first = -1
                    for x in 0..<width where cur[row + x] != old[row + x] {
                        first = x
                        break
                    }
                    if first < 0 { continue }
                    var last = width - 1
                    while cur[row + last] == old[row + last] { last -= 1 }
                    if y < y0 { y0 = y }
                    y1 = y + 1
                    if first < x0 { x0 = first }
                    if last + 1 > x1 { x1 = last + 1 }
                }
            }
        }
        return (x0, y0, x1, y1)
    }

    /// Writes the trailer. The caller then commits the file.
    func finish() throws(DrawError) {
        guard let gif else { return }
        self.gif = nil
        var error: Int32 = 0
        if EGifCloseFile(gif, &error) != GIF_OK { throw giflibError(error) }
        if file.failed { throw DrawError("cannot write '\(file.path)': a write failed") }
    }

    private func check(_ result: Int32) throws(DrawError) {
        guard result != GIF_OK else { return }
        throw giflibError(gif?.pointee.Error ?? 0)
    }

    private func giflibError(_ code: Int32) -> DrawError {
        let text = GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
        return DrawError("cannot write '\(file.path)': giflib: \(text)")
    }
}

/// giflib's output callback: appends to the `OutputFile` in the GIF's user data.
private let gifWriteToOutputFile: OutputFunc = { gif, bytes, count in
    guard let gif, let user = gif.pointee.UserData, let bytes, count > 0 else { return 0 }
    let file = Unmanaged<OutputFile>.fromOpaque(user).takeUnretainedValue()
    file.write(UnsafeRawBufferPointer(start: bytes, count: Int(count)))
    return file.failed ? 0 : count
}
