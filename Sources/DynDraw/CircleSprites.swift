// Small circles stamped from little images, for drawing thousands of balls per GIF frame.
//
// Filling and stroking a 5-pixel circle costs cairo about 8 µs (the stroker and the
// rasteriser dominate); painting a small image at a whole-pixel offset costs 0.7 µs. So each
// circle of a given colour, radius and outline width, at a given quarter-pixel offset, is
// drawn once with the same fill and stroke into a small image, then stamped wherever such a
// circle is. Where it lands is off by at most 1/8 pixel, which nobody sees. Only raster
// surfaces use it; SVG and PDF keep true circles.

import CCairo
import DynamicsMath

final class CircleSprites {
    private struct Key: Hashable {
        var outline: Palette.RGB
        var fill: Palette.RGB
        /// Radius and line width in 1/64 units.
        var radius: Int
        var lineWidth: Int
        /// The centre's offset within its pixel, in quarters (0...3).
        var dx: Int
        var dy: Int
    }

    private struct Sprite {
        var surface: OpaquePointer
        /// Pixels from the image's corner to the pixel holding the centre.
        var pad: Int
    }

    /// Looked up, never iterated.
    private var sprites: [Key: Sprite] = [:]
    /// Circles larger than this radius (units) are drawn as paths.
    let maxRadius: Real = 16
    /// At most this many images are kept (about 4 KB each); past it circles are drawn as paths.
    let capacity = 4096

    deinit {
        for sprite in sprites.values { cairo_surface_destroy(sprite.surface) }
    }

    /// Stamps a circle centred at `c` (picture units) on `cr`; false (nothing drawn) when the
    /// circle is too large or the cache is full, so that the caller draws it as a path.
    func stamp(on cr: OpaquePointer, at c: Vec2, radius: Real, outline: Palette.RGB, fill: Palette.RGB, lineWidth: Real) -> Bool {
        guard radius <= maxRadius, radius > 0, c.x.magnitude < 1e6, c.y.magnitude < 1e6 else { return false }
        let qx = (c.x * 4).rounded(), qy = (c.y * 4).rounded()
        let ix = Int((qx / 4).rounded(.down)), iy = Int((qy / 4).rounded(.down))
        let key = Key(outline: outline, fill: fill, radius: Int((radius * 64).rounded()), lineWidth: Int((lineWidth * 64).rounded()),
                      dx: Int(qx) - 4 * ix, dy: Int(qy) - 4 * iy)
        let sprite: Sprite
        if let found = sprites[key] {
            sprite = found
        } else {
            guard sprites.count < capacity, let made = make(key) else { return false }
            sprites[key] = made
            sprite = made
        }
        cairo_set_source_surface(cr, sprite.surface, Real(ix - sprite.pad), Real(iy - sprite.pad))
        cairo_paint(cr)
        return true
    }

    private func make(_ key: Key) -> Sprite? {
        let radius = Real(key.radius) / 64, lineWidth = Real(key.lineWidth) / 64
        let pad = Int((radius + lineWidth / 2).rounded(.up)) + 2
        let side = 2 * pad + 1
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(side), Int32(side)) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        let centre = Vec2(Real(pad) + Real(key.dx) / 4, Real(pad) + Real(key.dy) / 4)
        cairo_new_sub_path(cr)
        cairo_arc(cr, centre.x, centre.y, radius, 0, 2 * Real.pi)
        cairo_close_path(cr)
        func source(_ c: Palette.RGB) { cairo_set_source_rgb(cr, Real(c.r) / 255, Real(c.g) / 255, Real(c.b) / 255) }
        if lineWidth <= 0 {
            source(key.outline)
            cairo_fill(cr)
        } else {
            source(key.fill)
            cairo_fill_preserve(cr)
            source(key.outline)
            cairo_set_line_width(cr, lineWidth)
            cairo_stroke(cr)
        }
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return Sprite(surface: surface, pad: pad)
    }
}
