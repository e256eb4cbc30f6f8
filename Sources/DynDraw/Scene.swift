// What a picture shows: a display list of the world at one instant, in world coordinates
// (points, y down, the same axes as the screen). Every renderer (the terminal, cairo's PNG,
// SVG and PDF, the GIF and HTML recorders) draws a `Scene`, so that they agree on what is
// drawn and differ only in how. `SceneBuilder` makes one from a `World` through the
// engine's public API; tests build them by hand.

import DynamicsMath

/// An axis-aligned rectangle, in world points (origin at the top-left corner, y down).
public struct Rect: Equatable, Sendable {
    public var x: Real
    public var y: Real
    public var width: Real
    public var height: Real

    public init(x: Real, y: Real, width: Real, height: Real) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var minX: Real { x }
    public var minY: Real { y }
    public var maxX: Real { x + width }
    public var maxY: Real { y + height }
    public var center: Vec2 { Vec2(x + width / 2, y + height / 2) }

    /// The smallest rectangle holding both.
    public func union(_ r: Rect) -> Rect {
        let x0 = Swift.min(minX, r.minX), y0 = Swift.min(minY, r.minY)
        let x1 = Swift.max(maxX, r.maxX), y1 = Swift.max(maxY, r.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// This rectangle grown by `d` on every side.
    public func insetBy(_ d: Real) -> Rect {
        Rect(x: x + d, y: y + d, width: width - 2 * d, height: height - 2 * d)
    }
}

/// The world at one instant, ready to draw.
public struct Scene: Sendable {
    /// World time, seconds (drawn in a corner of pictures and in the live status line).
    public var time: Real
    /// The world's reference view (its bounds): (0, 0, width, height).
    public var bounds: Rect
    /// Whether a collision behavior makes the bounds a wall (drawn as a solid frame; otherwise
    /// the bounds are drawn faintly, as a reference).
    public var boundsCollide: Bool
    /// Items in creation order. A group's members are listed, each with `group` set; the group
    /// itself has no entry.
    public var items: [Item]
    /// Boundary lines and closed outlines, in creation order.
    public var boundaries: [Boundary]
    /// Attachments and snaps, in creation order.
    public var links: [Link]
    /// Trails of traced items (`trace`), oldest point first.
    public var trails: [Trail]
    /// Fields whose place means something (SceneFields.swift), in creation order.
    public var fields: [Field]
    /// Total kinetic energy, for status lines (J in the engine's units).
    public var kineticEnergy: Real

    public init(time: Real = 0, bounds: Rect, boundsCollide: Bool = false, items: [Item] = [],
                boundaries: [Boundary] = [], links: [Link] = [], trails: [Trail] = [], fields: [Field] = [],
                kineticEnergy: Real = 0) {
        self.time = time
        self.bounds = bounds
        self.boundsCollide = boundsCollide
        self.items = items
        self.boundaries = boundaries
        self.links = links
        self.trails = trails
        self.fields = fields
        self.kineticEnergy = kineticEnergy
    }

    /// The outline of an item in its own frame: centred on the item's centre, not rotated.
    public enum Shape: Equatable, Sendable {
        /// A width × height rectangle.
        case rectangle(width: Real, height: Real)
        /// The ellipse inscribed in a width × height rectangle.
        case ellipse(width: Real, height: Real)
        /// A convex polygon, vertices relative to the centre.
        case polygon([Vec2])
    }

    public struct Item: Equatable, Sendable {
        /// The item's name in the language (for labels and the HTML page).
        public var name: String
        public var shape: Shape
        /// Where the shape's centre is, world points.
        public var center: Vec2
        /// Rotation, radians, positive clockwise on screen.
        public var angle: Real
        /// Velocity of the centre, pt/s (drawn as an arrow on request).
        public var velocity: Vec2
        /// Anchored (static) items are drawn filled grey.
        public var anchored: Bool
        /// Sleeping items may be drawn dimmer.
        public var sleeping: Bool
        /// The name of the group this item is a member of, if any (members share its colour).
        public var group: String?
        /// A stable index into the renderer's palette (creation order of the item or its group).
        public var colorIndex: Int

        public init(name: String, shape: Shape, center: Vec2, angle: Real = 0, velocity: Vec2 = .zero,
                    anchored: Bool = false, sleeping: Bool = false, group: String? = nil, colorIndex: Int = 0) {
            self.name = name
            self.shape = shape
            self.center = center
            self.angle = angle
            self.velocity = velocity
            self.anchored = anchored
            self.sleeping = sleeping
            self.group = group
            self.colorIndex = colorIndex
        }

        /// The outline's vertices in world coordinates: the polygon, the rectangle's four corners,
        /// or `segments` points around the ellipse. Clockwise on screen, no repeated first point.
        public func worldOutline(ellipseSegments segments: Int = 48) -> [Vec2] {
            let q = Rot(angle: angle)
            let local: [Vec2]
            switch shape {
            case .rectangle(let w, let h):
                local = [Vec2(-w / 2, -h / 2), Vec2(w / 2, -h / 2), Vec2(w / 2, h / 2), Vec2(-w / 2, h / 2)]
            case .ellipse(let w, let h):
                let n = Swift.max(8, segments)
                local = (0..<n).map { i in
                    let t = 2 * Real.pi * Real(i) / Real(n)
                    return Vec2(w / 2 * DMath.cos(t), h / 2 * DMath.sin(t))
                }
            case .polygon(let ps):
                local = ps
            }
            return local.map { center + q.apply($0) }
        }

        /// A rectangle holding the item's outline, world points.
        public var boundingBox: Rect {
            let ps = worldOutline(ellipseSegments: 32)
            var lo = ps[0], hi = ps[0]
            for p in ps { lo = min(lo, p); hi = max(hi, p) }
            return Rect(x: lo.x, y: lo.y, width: hi.x - lo.x, height: hi.y - lo.y)
        }
    }

    public struct Boundary: Equatable, Sendable {
        public var name: String
        /// World points; at least two.
        public var points: [Vec2]
        /// A closed outline joins the last point to the first.
        public var closed: Bool

        public init(name: String, points: [Vec2], closed: Bool) {
            self.name = name
            self.points = points
            self.closed = closed
        }
    }

    /// How an attachment looks.
    public enum LinkStyle: String, Equatable, Sendable, CaseIterable {
        /// A rigid attachment at a distance: a straight line.
        case rod
        /// An attachment with a frequency: a zig-zag.
        case spring
        /// A pin (UIKit's pinAttachment): a small ring at the joint.
        case pin
        /// A limit (a maximum length): a dashed line.
        case limit
        /// A slide: a thin line along the axis through the anchor.
        case slide
        /// A fixed (welded) attachment: a short thick bar between the two ends.
        case fixed
        /// A snap: a dotted line from the item to its snap point, which is marked with a cross.
        case snap
    }

    public struct Link: Equatable, Sendable {
        public var name: String
        public var style: LinkStyle
        /// The first end, world points (on the first item).
        public var a: Vec2
        /// The second end: on the second item, or the anchor in the world.
        public var b: Vec2
        /// Whether `b` is a point fixed in the world (an anchor), which is marked.
        public var bIsAnchor: Bool

        public init(name: String, style: LinkStyle, a: Vec2, b: Vec2, bIsAnchor: Bool) {
            self.name = name
            self.style = style
            self.a = a
            self.b = b
            self.bIsAnchor = bIsAnchor
        }
    }

    public struct Trail: Equatable, Sendable {
        public var name: String
        public var points: [Vec2]
        public var colorIndex: Int

        public init(name: String, points: [Vec2], colorIndex: Int) {
            self.name = name
            self.points = points
            self.colorIndex = colorIndex
        }
    }

    /// The rectangle that holds the bounds and everything drawn (items, boundaries, links,
    /// trails), for fitting a picture to the world.
    public var extent: Rect {
        var r = bounds
        for item in items { r = r.union(item.boundingBox) }
        for b in boundaries {
            for p in b.points { r = r.union(Rect(x: p.x, y: p.y, width: 0, height: 0)) }
        }
        for l in links {
            r = r.union(Rect(x: l.a.x, y: l.a.y, width: 0, height: 0))
            r = r.union(Rect(x: l.b.x, y: l.b.y, width: 0, height: 0))
        }
        for f in fields where f.position.isFinite {
            r = r.union(Rect(x: f.position.x, y: f.position.y, width: 0, height: 0))
        }
        return r
    }
}

/// Maps a rectangle of the world onto a picture of `width` × `height` units (pixels, braille
/// dots, points), keeping the aspect ratio: the world rectangle is scaled uniformly to fit and
/// centred. y stays down on both sides.
public struct Viewport: Equatable, Sendable {
    /// The part of the world shown.
    public var world: Rect
    /// The picture's size in its own units.
    public var width: Real
    public var height: Real
    /// Picture units per world point.
    public private(set) var scale: Real
    /// Picture coordinates of the world rectangle's top-left corner.
    public private(set) var offset: Vec2

    /// Fits `world` into a `width` × `height` picture with `margin` units free on each side.
    public init(world: Rect, width: Real, height: Real, margin: Real = 0) {
        self.world = world
        self.width = width
        self.height = height
        let sx = (width - 2 * margin) / Swift.max(world.width, 1e-9)
        let sy = (height - 2 * margin) / Swift.max(world.height, 1e-9)
        let s = Swift.max(Swift.min(sx, sy), 1e-12)
        scale = s
        offset = Vec2((width - s * world.width) / 2, (height - s * world.height) / 2)
    }

    /// A viewport of the given scale (picture units per point) whose picture is exactly the
    /// world rectangle scaled.
    public init(world: Rect, scale: Real) {
        self.world = world
        self.scale = scale
        width = (world.width * scale).rounded(.up)
        height = (world.height * scale).rounded(.up)
        offset = .zero
    }

    /// World point to picture point.
    @inlinable public func map(_ p: Vec2) -> Vec2 {
        Vec2(offset.x + (p.x - world.x) * scale, offset.y + (p.y - world.y) * scale)
    }

    /// Picture point to world point.
    public func unmap(_ p: Vec2) -> Vec2 {
        Vec2(world.x + (p.x - offset.x) / scale, world.y + (p.y - offset.y) / scale)
    }
}

/// What to draw besides the shapes.
public struct DrawOptions: Equatable, Sendable {
    /// Label each item with its name.
    public var names = false
    /// Draw each moving item's velocity as an arrow (`velocityScale` seconds of motion long).
    public var velocities = false
    public var velocityScale: Real = 0.1
    /// Write the world time in a corner (files) or the status line (terminal).
    public var time = true

    public init(names: Bool = false, velocities: Bool = false, velocityScale: Real = 0.1, time: Bool = true) {
        self.names = names
        self.velocities = velocities
        self.velocityScale = velocityScale
        self.time = time
    }
}

/// The colours every renderer uses, so that a terminal picture and a PNG of one world agree.
/// RGB, 0–255.
public enum Palette {
    public struct RGB: Equatable, Sendable, Hashable {
        public var r: UInt8
        public var g: UInt8
        public var b: UInt8
        public init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
            self.r = r
            self.g = g
            self.b = b
        }
    }

    /// Item colours, chosen by `Item.colorIndex % items.count`.
    public static let items: [RGB] = [
        RGB(0x1f, 0x77, 0xb4), RGB(0xd6, 0x27, 0x28), RGB(0x2c, 0xa0, 0x2c), RGB(0xff, 0x7f, 0x0e),
        RGB(0x94, 0x67, 0xbd), RGB(0x17, 0xbe, 0xcf), RGB(0xe3, 0x77, 0xc2), RGB(0x8c, 0x56, 0x4b),
    ]
    public static let background = RGB(0xff, 0xff, 0xff)
    public static let anchored = RGB(0x7f, 0x7f, 0x7f)
    public static let boundary = RGB(0x33, 0x33, 0x33)
    public static let bounds = RGB(0xbb, 0xbb, 0xbb)
    public static let link = RGB(0x55, 0x55, 0x55)
    public static let text = RGB(0x22, 0x22, 0x22)
    /// Fields: their marks and the dashed outlines of their regions.
    public static let field = RGB(0x8e, 0x44, 0xad)

    public static func item(_ index: Int) -> RGB { items[((index % items.count) + items.count) % items.count] }
}
