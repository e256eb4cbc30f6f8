import DynamicsCollision
import DynamicsMath
import Testing

struct EllipseLimitTests {
    /// The uikit model's ellipse polygon grows with the perimeter (one vertex per ~10 pt), but
    /// is bounded: at 1e9 pt it hung, at 1e12 pt it aborted allocating terabytes.
    @Test func vertexCountIsBounded() {
        #expect(ellipsePolygonVertexCount(a: 50, b: 50) == 31)  // 2π·50 / 10 = 31.4
        #expect(ellipsePolygonVertexCount(a: 5, b: 5e8) == maxEllipseVertices)
        #expect(ellipsePolygonVertexCount(a: 5, b: 5e11) == maxEllipseVertices)
        #expect(ellipsePolygon(semiAxes: Vec2(5, 5e11)).count == maxEllipseVertices)
        #expect(ellipsePolygonVertexCount(a: 0.5, b: 0.5) == 8)
    }
}
