// Golden pictures of small hand-built scenes, braille and ASCII. Each was checked by eye
// against the scene before it was frozen; TerminalRendererTests checks the geometry behind
// them independently (corners, radii, aspect).
//
// The region is 23 × 23 points. Braille: 12 × 6 cells are 24 × 24 dots, one dot per point,
// and world (x, y) falls in dot (⌊x + 0.5⌋, ⌊y + 0.5⌋). ASCII: 24 × 13 cells, a cell one
// point wide and two tall: (x, y) falls in cell (⌊x + 0.5⌋, ⌊0.75 + y / 2⌋).

import DynamicsMath
import Testing

@testable import DynDraw

@Suite struct TerminalGoldenTests {
    static let region = Rect(x: 0, y: 0, width: 23, height: 23)
    static let noBounds = Rect(x: 0, y: 0, width: 0, height: 0)

    static func item(_ name: String, _ shape: Scene.Shape, _ c: Vec2, angle: Real = 0, anchored: Bool = false,
                     group: String? = nil, color: Int = 0) -> Scene.Item {
        Scene.Item(name: name, shape: shape, center: c, angle: angle, anchored: anchored, group: group, colorIndex: color)
    }

    /// Renders in both modes and compares with the goldens.
    func check(_ scene: Scene, braille: String, ascii: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let b = TerminalRenderer.render(scene, columns: 12, rows: 6, region: Self.region)
        #expect(b == golden(braille, rows: 6), "braille:\n\(b)", sourceLocation: sourceLocation)
        let a = TerminalRenderer.render(scene, columns: 24, rows: 13, region: Self.region, style: TerminalStyle(mode: .ascii))
        #expect(a == golden(ascii, rows: 13), "ascii:\n\(a)", sourceLocation: sourceLocation)
    }

    @Test func rectangle() {
        // 14 × 8 centred at (11, 10): x 4…18, y 6…14.
        check(Scene(bounds: Self.noBounds, items: [Self.item("box", .rectangle(width: 14, height: 8), Vec2(11, 10))]),
              braille: Self.rectangleBraille, ascii: Self.rectangleAscii)
    }

    @Test func rotatedRectangle() {
        // A 12 × 12 square turned 45°: a diamond with corners 8.49 from the centre.
        check(Scene(bounds: Self.noBounds, items: [Self.item("box", .rectangle(width: 12, height: 12), Vec2(11.5, 11.5), angle: .pi / 4)]),
              braille: Self.rotatedBraille, ascii: Self.rotatedAscii)
    }

    @Test func ellipse() {
        // 18 × 12: x 2.5…20.5, y 5.5…17.5.
        check(Scene(bounds: Self.noBounds, items: [Self.item("ball", .ellipse(width: 18, height: 12), Vec2(11.5, 11.5))]),
              braille: Self.ellipseBraille, ascii: Self.ellipseAscii)
    }

    @Test func convexPolygon() {
        // A triangle, apex up: (11.5, 2.5), (20.5, 18.5), (2.5, 18.5).
        let tri = Self.item("tri", .polygon([Vec2(0, -9), Vec2(9, 7), Vec2(-9, 7)]), Vec2(11.5, 11.5))
        check(Scene(bounds: Self.noBounds, items: [tri]), braille: Self.polygonBraille, ascii: Self.polygonAscii)
    }

    @Test func groupOfTwoMembers() {
        // A square at x 1…9 and a circle of radius 5 around (17, 11.5), both members of g.
        let members = [Self.item("a", .rectangle(width: 8, height: 8), Vec2(5, 11.5), group: "g", color: 2),
                       Self.item("b", .ellipse(width: 10, height: 10), Vec2(17, 11.5), group: "g", color: 2)]
        check(Scene(bounds: Self.noBounds, items: members), braille: Self.groupBraille, ascii: Self.groupAscii)
    }

    @Test func springAndPinLinks() {
        // A bob hanging on a spring from an anchor at (18, 1); a pin at (5, 11).
        let scene = Scene(bounds: Self.noBounds, items: [Self.item("bob", .ellipse(width: 6, height: 6), Vec2(18, 18))],
                          links: [Scene.Link(name: "s", style: .spring, a: Vec2(18, 15), b: Vec2(18, 1), bIsAnchor: true),
                                  Scene.Link(name: "p", style: .pin, a: Vec2(5, 11), b: Vec2(5, 11), bIsAnchor: false)])
        check(scene, braille: Self.linksBraille, ascii: Self.linksAscii)
    }

    @Test func anchoredBoxInCollidingBounds() {
        // A filled ground 19 × 5 at the bottom; the bounds are a wall (solid frame).
        let scene = Scene(bounds: Self.region, boundsCollide: true,
                          items: [Self.item("ground", .rectangle(width: 19, height: 5), Vec2(11.5, 18), anchored: true)])
        check(scene, braille: Self.anchoredBraille, ascii: Self.anchoredAscii)
    }

    @Test func boundaryLine() {
        // An open polyline (0, 16) → (12, 22) → (23, 10), inside dotted (non-colliding) bounds.
        let scene = Scene(bounds: Self.region,
                          boundaries: [Scene.Boundary(name: "floor", points: [Vec2(0, 16), Vec2(12, 22), Vec2(23, 10)], closed: false)])
        check(scene, braille: Self.boundaryBraille, ascii: Self.boundaryAscii)
    }

    static let rectangleBraille = #"""

          ⡤⠤⠤⠤⠤⠤⠤⡄
          ⡇      ⡇
          ⠧⠤⠤⠤⠤⠤⠤⠇
        """#

    static let rectangleAscii = #"""



            +-------------+
            |             |
            |             |
            |             |
            +-------------+
        """#

    static let rotatedBraille = #"""
              ⡀
            ⡠⠊⠈⠢⡀
          ⡠⠊    ⠈⠢⡀
         ⠈⠢⡀    ⡠⠊
           ⠈⠑⢄⢀⠔⠁
              ⠁
        """#

    static let rotatedAscii = #"""


                   /+
                 //  \\
               //      \\
             //          \\
           +/              \+
             \\           //
               \\       //
                 \\   //
                   \+/
        """#

    static let ellipseBraille = #"""

          ⢀⠤⠤⠒⠢⠤⢄⡀
         ⢠⠊      ⠈⢆
         ⠱⡀      ⢠⠊
          ⠈⠑⠒⠢⠤⠒⠒⠁
        """#

    static let ellipseAscii = #"""




             /------------\
            /              \
           |                |
            \              /
             \------------/
        """#

    static let polygonBraille = #"""
              ⡀
             ⡜⠘⡄
            ⡜  ⠘⢄
          ⢀⠎    ⠈⢆
         ⢀⣎⣀⣀⣀⣀⣀⣀⣈⣆
        """#

    static let polygonAscii = #"""


                    +
                   / \
                  /   \
                 /     \
               //       \\
              /           \
             /             \
            /               \
           +-----------------+
        """#

    static let groupBraille = #"""

               ⣀⣀⣀
        ⢸⠉⠉⠉⢹ ⡰⠁  ⠱⡀
        ⢸   ⢸ ⠣⡀  ⡰⠁
        ⠈⠉⠉⠉⠉  ⠈⠑⠊⠁
        """#

    static let groupAscii = #"""




         +-------+    /-----\
         |       |   /       \
         |       |  |         |
         |       |   \       /
         +-------+    \-----/
        """#

    static let linksBraille = #"""
                ⡨⢮⡀
                ⢀⠤⠊
         ⢠⠒⢢    ⠑⠤⡀
         ⠈⠒⠊    ⢀⡔⠊
               ⢠⠃⠈⡱
                ⠉⠒⠁
        """#

    static let linksAscii = #"""

                          x
                          \
                          /
                          \
                          /
             o            \
                          /
                         -+-
                        |   |
                        \---/
        """#

    static let anchoredBraille = #"""
        ⡏⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⢹
        ⡇          ⢸
        ⡇          ⢸
        ⡇          ⢸
        ⡇⣿⣿⣿⣿⣿⣿⣿⣿⣿⣿⢸
        ⣇⣛⣛⣛⣛⣛⣛⣛⣛⣛⣛⣸
        """#

    static let anchoredAscii = #"""
        +----------------------+
        |                      |
        |                      |
        |                      |
        |                      |
        |                      |
        |                      |
        |                      |
        | +------------------+ |
        | |##################| |
        | |##################| |
        | +------------------+ |
        +----------------------+
        """#

    static let boundaryBraille = #"""
        ⠅⠁⠁⠁⠁⠁⠁⠁⠁⠁⠁⢑
        ⠅          ⢐
        ⠅          ⣰
        ⠅        ⡠⠊⢐
        ⠕⠢⢄⡀   ⢀⠔⠁ ⢐
        ⢅⢀⢀⢈⢑⢢⢔⢁⢀⢀⢀⢐
        """#

    static let boundaryAscii = #"""
        :.......................
        :                      :
        :                      :
        :                      :
        :                      :
        :                      /
        :                    //:
        :                  //  :
        \\               //    :
        : \\\\         //      :
        :     \\\\   //        :
        :         \\+          :
        .......................:
        """#
}
