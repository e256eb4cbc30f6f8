// The look of pictures in files, shared by cairo's drawing, the GIF palette and the HTML
// player, so that the three agree: which colour fills an item, how thick lines are, and how
// numbers are written.

import DynamicsMath

enum FileStyle {
    /// How much of an item's colour its fill has: fill = 35 % colour + 65 % white.
    static let tintAmount: Real = 0.35
    /// Trails are drawn in 60 % colour + 40 % white.
    static let trailAmount: Real = 0.6
    /// Velocity arrows are the colour darkened: 70 % colour + 30 % black.
    static let arrowAmount: Real = 0.7
    /// The light grid of charts.
    static let grid = Palette.RGB(0xe6, 0xe6, 0xe6)

    /// `a` blended toward `b`: `t` = 0 gives `a`, 1 gives `b` (each channel rounded).
    static func mix(_ a: Palette.RGB, _ b: Palette.RGB, _ t: Real) -> Palette.RGB {
        func ch(_ x: UInt8, _ y: UInt8) -> UInt8 {
            UInt8(Swift.max(0, Swift.min(255, (Real(x) + (Real(y) - Real(x)) * t).rounded())))
        }
        return Palette.RGB(ch(a.r, b.r), ch(a.g, b.g), ch(a.b, b.b))
    }

    /// The outline colour of an item: its palette colour, or grey when anchored.
    static func outline(_ item: Scene.Item) -> Palette.RGB {
        item.anchored ? Palette.anchored : Palette.item(item.colorIndex)
    }

    /// The fill of an item: a light tint of its outline colour.
    static func fill(_ item: Scene.Item) -> Palette.RGB {
        mix(Palette.background, outline(item), tintAmount)
    }

    static func trail(_ colorIndex: Int) -> Palette.RGB {
        mix(Palette.background, Palette.item(colorIndex), trailAmount)
    }

    static func arrow(_ item: Scene.Item) -> Palette.RGB {
        mix(Palette.RGB(0, 0, 0), outline(item), arrowAmount)
    }

    /// The unit of line widths and text sizes, picture units: 1 at 480 × 360, 2.5 at 1200 × 900.
    static func unit(width: Real, height: Real) -> Real {
        Swift.max(0.75, Swift.min(width, height) / 360)
    }

    /// The free border around a fitted region, picture units.
    static func margin(width: Real, height: Real) -> Real {
        Swift.max(4, 0.03 * Swift.min(width, height))
    }

    /// The world time as pictures show it: "t = 1.25 s".
    static func timeLabel(_ t: Real) -> String {
        "t = " + fixed(t, decimals: 2) + " s"
    }
}

/// `x` with exactly `decimals` digits after the point (rounded half away from zero), without
/// Foundation: fixed(1.005, 2) is "1.01" or "1.00" as the binary value says, fixed(-0.001, 2)
/// is "0.00". Very large values fall back to Swift's shortest form.
func fixed(_ x: Real, decimals: Int) -> String {
    guard x.isFinite else { return x.isNaN ? "nan" : (x < 0 ? "-inf" : "inf") }
    let d = Swift.max(0, Swift.min(decimals, 15))
    var scale: Real = 1
    for _ in 0..<d { scale *= 10 }
    let n = (Swift.abs(x) * scale).rounded()
    guard n < 9e15 else { return "\(x)" }
    let whole = UInt64(n)
    let p = UInt64(scale)
    var text = (x < 0 && whole != 0 ? "-" : "") + String(whole / p)
    if d > 0 {
        let frac = String(whole % p)
        text += "." + String(repeating: "0", count: d - frac.count) + frac
    }
    return text
}
