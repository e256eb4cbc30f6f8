// The fixed 256-colour table of GIF recordings and the fast map from a drawn pixel to it.
//
// cairo draws with anti-aliasing, so a frame holds more than the palette's colours: edges are
// blends of an item's colour with its tint or with white, text is greys. Every such blend of
// one colour with white lies on the line from white to that colour, so the table holds first
// the colours drawn exactly (white, the greys of the palette, each item colour, its fill tint,
// trail colour and arrow colour), then 16 greys and, for each item colour, 10 steps from white
// to it. Fewer steps make smaller files (the 2,000-ball benchmark: 20 steps 2.3 MB, 10 steps
// 1.95 MB) at no visible cost. Index 255 is kept free for transparency.
//
// Mapping: a pixel's colour, cut to 6 bits a channel, indexes a 2¹⁸-entry table filled lazily
// with the entry nearest (weighted RGB distance) to the cell's centre, except that a cell holding
// a palette colour maps to it; a frame costs one table read per pixel, and white, most of any
// frame, a comparison.

import DynamicsMath

final class GIFPalette {
    /// The transparent index: unchanged pixels of a frame after the first.
    static let transparent: UInt8 = 255
    /// 256 colours; entries past the used ones (and 255) are black.
    let colors: [Palette.RGB]
    /// How many entries are colours (the rest is padding).
    let used: Int
    /// 2¹⁸ entries; UInt16.max marks a cell not looked up yet.
    private let lookup: UnsafeMutablePointer<UInt16>

    init() {
        // The colours drawn exactly come first; a later colour whose 6-bit cell is taken is left
        // out, so that each exact colour owns its cell.
        var list: [Palette.RGB] = []
        var cells = Set<Int>()
        func add(_ c: Palette.RGB) {
            if cells.insert(Self.key(UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b))).inserted { list.append(c) }
        }
        let black = Palette.RGB(0, 0, 0)
        add(Palette.background)
        for g in [Palette.anchored, Palette.boundary, Palette.bounds, Palette.link, Palette.text, FileStyle.grid, black] {
            add(g)
        }
        add(FileStyle.mix(Palette.background, Palette.anchored, FileStyle.tintAmount))
        for c in Palette.items {
            add(c)
            add(FileStyle.mix(Palette.background, c, FileStyle.tintAmount))
            add(FileStyle.mix(Palette.background, c, FileStyle.trailAmount))
            add(FileStyle.mix(black, c, FileStyle.arrowAmount))
        }
        for k in 0..<16 {
            let v = UInt8((255 * Real(k) / 15).rounded())
            add(Palette.RGB(v, v, v))
        }
        for c in Palette.items {
            for k in stride(from: 2, through: 20, by: 2) { add(FileStyle.mix(Palette.background, c, Real(k) / 20)) }
            add(FileStyle.mix(black, c, 0.85))
        }
        precondition(list.count <= 255, "the GIF palette has \(list.count) colours")
        used = list.count
        colors = list + Array(repeating: black, count: 256 - list.count)
        lookup = .allocate(capacity: 1 << 18)
        lookup.initialize(repeating: UInt16.max, count: 1 << 18)
        // The cell of each colour maps to it, so that what cairo draws in a palette colour keeps
        // it: the cell's centre may be nearer a neighbour.
        for (i, c) in list.enumerated() {
            lookup[Self.key(UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b))] = UInt16(i)
        }
    }

    deinit { lookup.deallocate() }

    /// The palette index for a pixel of a cairo RGB24 or ARGB32 image (0x??RRGGBB).
    @inline(__always)
    func index(of pixel: UInt32) -> UInt8 {
        let rgb = pixel & 0xff_ffff
        if rgb == 0xff_ffff { return 0 }
        let key = Self.key(rgb)
        let hit = lookup[key]
        if hit != UInt16.max { return UInt8(truncatingIfNeeded: hit) }
        let found = nearest(key)
        lookup[key] = UInt16(found)
        return found
    }

    /// The 6-bit cell of 0xRRGGBB: 0bRRRRRRGGGGGGBBBBBB.
    @inline(__always)
    private static func key(_ rgb: UInt32) -> Int {
        let r: UInt32 = (rgb >> 6) & 0x3_f000
        let g: UInt32 = (rgb >> 4) & 0xfc0
        let b: UInt32 = (rgb >> 2) & 0x3f
        return Int(r | g | b)
    }

    /// The entry nearest to the centre of a 6-bit cell.
    private func nearest(_ key: Int) -> UInt8 {
        let r = (key >> 12) << 2 | 2, g = (key >> 6 & 0x3f) << 2 | 2, b = (key & 0x3f) << 2 | 2
        var best = 0, bestDistance = Int.max
        for i in 0..<used {
            let c = colors[i]
            let dr = r - Int(c.r), dg = g - Int(c.g), db = b - Int(c.b)
            let d = 2 * dr * dr + 4 * dg * dg + 3 * db * db
            if d < bestDistance {
                bestDistance = d
                best = i
            }
        }
        return UInt8(best)
    }
}
