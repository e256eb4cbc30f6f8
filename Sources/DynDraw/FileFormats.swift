// The file formats pictures and animations are written in, chosen from a path's extension,
// and the one error every file writer throws.

/// Why a picture, chart or animation could not be written, in plain words, e.g.
/// "cannot write 'shots/a.png': no such folder 'shots'".
public struct DrawError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}

/// A still picture's file format.
public enum PictureFormat: String, CaseIterable, Sendable {
    /// A bitmap of `width` × `height` pixels, anti-aliased.
    case png
    /// Vector graphics, `width` × `height` CSS pixels; the text is drawn as outlines.
    case svg
    /// One page of `width` × `height` points.
    case pdf

    /// The format named by the extension of `path` (case ignored).
    ///
    /// - Throws: `DrawError` naming the supported extensions when the extension is missing or
    ///   unknown.
    public init(path: String) throws(DrawError) {
        let ext = fileExtension(path)
        guard let format = PictureFormat(rawValue: ext) else {
            throw DrawError(unknownExtensionMessage(path, ext, known: PictureFormat.allCases.map(\.rawValue), what: "a picture"))
        }
        self = format
    }
}

/// An animation's file format.
public enum AnimationFormat: String, CaseIterable, Sendable {
    /// An animated GIF that loops, up to 50 frames per second, 256 colours.
    case gif
    /// One self-contained web page that plays the recording in a canvas (play, pause, scrub,
    /// speed), with no network access.
    case html

    /// The format named by the extension of `path` (case ignored; ".htm" is HTML).
    ///
    /// - Throws: `DrawError` naming the supported extensions when the extension is missing or
    ///   unknown.
    public init(path: String) throws(DrawError) {
        let ext = fileExtension(path)
        if ext == "htm" {
            self = .html
            return
        }
        guard let format = AnimationFormat(rawValue: ext) else {
            throw DrawError(unknownExtensionMessage(path, ext, known: AnimationFormat.allCases.map(\.rawValue), what: "an animation"))
        }
        self = format
    }
}

/// The lowercased text after the last dot of the path's last component ("" when none).
func fileExtension(_ path: String) -> String {
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return String(name[name.index(after: dot)...]).lowercased()
}

private func unknownExtensionMessage(_ path: String, _ ext: String, known: [String], what: String) -> String {
    let list = known.map { "." + $0 }
    let choices = list.count <= 1 ? list.joined() : list.dropLast().joined(separator: ", ") + " or " + list.last!
    let problem = ext.isEmpty ? "the file name has no extension" : "'.\(ext)' is not a format dyn writes"
    return "cannot write '\(path)': \(problem); \(what) can be \(choices)"
}

/// Checks a picture's size in pixels (or points).
func checkPictureSize(_ width: Int, _ height: Int, path: String) throws(DrawError) {
    let limit = 10_000
    guard (1...limit).contains(width), (1...limit).contains(height) else {
        throw DrawError("cannot write '\(path)': the size \(width) × \(height) is out of range (1 to \(limit) on each side)")
    }
}

/// Checks a region of the world to show: finite, with a positive width and height.
func checkRegion(_ r: Rect, path: String) throws(DrawError) {
    guard [r.x, r.y, r.width, r.height].allSatisfy(\.isFinite) else {
        throw DrawError("cannot write '\(path)': the region to show is not finite")
    }
    guard r.width > 0, r.height > 0 else {
        throw DrawError("cannot write '\(path)': the region to show must have a positive width and height")
    }
}
