// One picture as the bytes of a PNG, SVG or PDF file, drawn by a closure on a cairo context.
//
// Same bytes every run: cairo's PNG has no time in it. Its PDF has a creation date unless the
// metadata says otherwise: cairo 1.16 writes the date it is given without the "D:" prefix the
// PDF format asks for, and writes no date at all when given an empty one, so the dates are set
// empty. Its SVG names the drawing `<g id="surfaceN">` after a counter shared by every cairo
// surface of the process, so that the second picture of a session would differ from the first:
// those ids are renumbered from 1 in order of appearance.

import CCairo

enum CairoDocument {
    /// Draws one `width` × `height` picture and returns the file's bytes.
    ///
    /// - Throws: `DrawError` when cairo reports an error (e.g. out of memory).
    static func render(_ format: PictureFormat, width: Int, height: Int, path: String,
                       draw: (OpaquePointer) -> Void) throws(DrawError) -> [UInt8] {
        let sink = ByteSink()
        let closure = Unmanaged.passUnretained(sink).toOpaque()
        let surface: OpaquePointer?
        switch format {
        case .png:
            surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
        case .svg:
            surface = cairo_svg_surface_create_for_stream(byteSinkWrite, closure, Double(width), Double(height))
            if let surface {
                cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1)
                cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
            }
        case .pdf:
            surface = cairo_pdf_surface_create_for_stream(byteSinkWrite, closure, Double(width), Double(height))
            if let surface {
                cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "")
                cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, "")
                cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "dyn")
            }
        }
        guard let surface else { throw DrawError("cannot write '\(path)': cairo could not make a surface") }
        defer { cairo_surface_destroy(surface) }
        try check(cairo_surface_status(surface), path)
        guard let cr = cairo_create(surface) else { throw DrawError("cannot write '\(path)': cairo could not draw") }
        draw(cr)
        let drawStatus = cairo_status(cr)
        cairo_destroy(cr)
        try check(drawStatus, path)
        if format == .png {
            cairo_surface_flush(surface)
            try check(cairo_surface_write_to_png_stream(surface, byteSinkWrite, closure), path)
        } else {
            cairo_surface_finish(surface)
            try check(cairo_surface_status(surface), path)
        }
        withExtendedLifetime(sink) {}
        return format == .svg ? renumberSurfaceIDs(sink.bytes) : sink.bytes
    }

    private static func check(_ status: cairo_status_t, _ path: String) throws(DrawError) {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        let text = cairo_status_to_string(status).map { String(cString: $0) } ?? "error \(status.rawValue)"
        throw DrawError("cannot write '\(path)': cairo: \(text)")
    }

    /// Replaces each "surfaceN" of cairo's SVG by "surfaceK", K counting distinct N from 1 in
    /// order of first appearance, so that the ids no longer depend on what the process drew before.
    static func renumberSurfaceIDs(_ svg: [UInt8]) -> [UInt8] {
        let word = Array("surface".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(svg.count)
        var seen: [[UInt8]] = []
        var i = 0
        while i < svg.count {
            if svg[i] == word[0], i + word.count < svg.count, Array(svg[i..<(i + word.count)]) == word,
               (i == 0 || !isNameByte(svg[i - 1])) {
                var j = i + word.count
                while j < svg.count, svg[j] >= 0x30, svg[j] <= 0x39 { j += 1 }
                if j > i + word.count, j == svg.count || !isNameByte(svg[j]) {
                    let number = Array(svg[(i + word.count)..<j])
                    let k = (seen.firstIndex(of: number) ?? seen.count) + 1
                    if k > seen.count { seen.append(number) }
                    out.append(contentsOf: word)
                    out.append(contentsOf: Array(String(k).utf8))
                    i = j
                    continue
                }
            }
            out.append(svg[i])
            i += 1
        }
        return out
    }

    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a) || b == 0x5f || b == 0x2d
    }
}

/// Collects what a cairo stream writes.
final class ByteSink {
    var bytes: [UInt8] = []
}

/// cairo's write callback for a `ByteSink` passed as the closure pointer.
let byteSinkWrite: cairo_write_func_t = { closure, data, length in
    guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
    if let data, length > 0 {
        sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
    }
    return CAIRO_STATUS_SUCCESS
}
