// `snapshot`: one picture of the world in a PNG, SVG or PDF file.

import DynamicsMath

/// Writes pictures of scenes to files.
public enum PictureWriter {
    /// Writes one picture of `scene` to `path`.
    ///
    /// The picture is `width` × `height` pixels (CSS pixels for SVG, points for PDF), white, with
    /// `region` (nil: `scene.extent`, the bounds and everything drawn) fitted inside a small
    /// margin, keeping its aspect ratio. The file appears complete or not at all: it is written to
    /// a temporary file in the same folder and renamed into place. The same scene and size give the
    /// same bytes on every run.
    ///
    /// - Parameters:
    ///   - format: nil to choose from the extension of `path` (.png, .svg, .pdf).
    ///   - options: names, velocity arrows and the time in the top-left corner (`options.time`).
    /// - Throws: `DrawError` in plain words: unknown extension, missing folder, unwritable path,
    ///   size out of range (1 to 10 000).
    public static func write(_ scene: Scene, to path: String, format: PictureFormat? = nil,
                             width: Int, height: Int, region: Rect? = nil,
                             options: DrawOptions = DrawOptions()) throws(DrawError) {
        let format = try resolve(format, path)
        try checkPictureSize(width, height, path: path)
        let shown: Rect
        if let region {
            try checkRegion(region, path: path)
            shown = region
        } else {
            // An item thrown to infinity (a world that blew up) must not hide the rest.
            let extent = scene.extent
            shown = [extent.x, extent.y, extent.width, extent.height].allSatisfy(\.isFinite) ? extent : scene.bounds
        }
        let viewport = fittedViewport(shown, width: width, height: height)
        let file = try OutputFile(path: path)
        let bytes = try CairoDocument.render(format, width: width, height: height, path: path) { cr in
            CairoScene.draw(scene, on: cr, viewport: viewport, options: options)
        }
        file.write(bytes)
        try file.commit()
    }

    static func resolve(_ format: PictureFormat?, _ path: String) throws(DrawError) -> PictureFormat {
        if let format { return format }
        return try PictureFormat(path: path)
    }

    /// The viewport that fits `region` in a `width` × `height` picture with the usual margin,
    /// as used by `write` and the recorders: `map` it to find where a world point is drawn.
    public static func fittedViewport(_ region: Rect, width: Int, height: Int) -> Viewport {
        let w = Real(width), h = Real(height)
        return Viewport(world: region, width: w, height: h, margin: FileStyle.margin(width: w, height: h))
    }
}
