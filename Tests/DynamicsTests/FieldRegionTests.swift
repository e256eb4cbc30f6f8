// Field regions (Docs/semantics.md §13.3): membership rules, the algebra, the stored (postfix) form the
// step evaluates, and validation.

import Dynamics
import DynamicsMath
import Testing

@Suite struct FieldRegionTests {
    @Test func discIncludesItsBoundary() {
        let r = FieldRegion.disc(radius: 5)
        #expect(r.contains(Vec2(3, 4)))  // exactly on the circle: 9 + 16 = 25
        #expect(r.contains(Vec2(-5, 0)))
        #expect(!r.contains(Vec2(3, 4.000001)))
        #expect(r.contains(.zero))
        #expect(FieldRegion.disc(radius: 0).contains(.zero))
        #expect(!FieldRegion.disc(radius: 0).contains(Vec2(1e-9, 0)))
    }

    @Test func rectangleExcludesItsBoundary() {
        let r = FieldRegion.rectangle(size: Vec2(20, 10))
        #expect(r.contains(Vec2(9.999, 4.999)))
        #expect(!r.contains(Vec2(10, 0)))  // on the right edge
        #expect(!r.contains(Vec2(0, -5)))  // on the top edge
        #expect(!r.contains(Vec2(-10, 5)))  // a corner
        #expect(r.contains(.zero))
        #expect(!FieldRegion.rectangle(size: .zero).contains(.zero))
    }

    @Test func algebra() {
        let disc = FieldRegion.disc(radius: 10)
        let box = FieldRegion.rectangle(size: Vec2(10, 40))  // |x| < 5, |y| < 20
        let inDiscOnly = Vec2(8, 0), inBoxOnly = Vec2(0, 15), inBoth = Vec2(1, 1), inNeither = Vec2(50, 50)
        #expect(FieldRegion.everywhere.contains(Vec2(1e300, -1e300)))
        #expect(!FieldRegion.inverse(.everywhere).contains(.zero))
        let inv = FieldRegion.inverse(disc)
        #expect(!inv.contains(inBoth) && inv.contains(inNeither) && !inv.contains(Vec2(10, 0)))
        let u = FieldRegion.union(disc, box)
        #expect(u.contains(inDiscOnly) && u.contains(inBoxOnly) && u.contains(inBoth) && !u.contains(inNeither))
        let d = FieldRegion.difference(disc, box)
        #expect(d.contains(inDiscOnly) && !d.contains(inBoxOnly) && !d.contains(inBoth) && !d.contains(inNeither))
        let i = FieldRegion.intersection(disc, box)
        #expect(!i.contains(inDiscOnly) && !i.contains(inBoxOnly) && i.contains(inBoth) && !i.contains(inNeither))
        // A ring: the disc of 10 without the disc of 5 (5 itself is on the inner boundary,
        // which belongs to the inner disc, so it is outside the ring).
        let ring = FieldRegion.difference(disc, .disc(radius: 5))
        #expect(ring.contains(Vec2(7, 0)) && !ring.contains(Vec2(5, 0)) && ring.contains(Vec2(0, 10)))
    }

    /// The step evaluates the stored postfix form; it must agree with `contains` everywhere.
    /// Checked through a field: a linear gravity field in `region` pushes an item exactly when
    /// the region contains its centre.
    @Test func storedFormAgreesWithContains() throws {
        let disc = FieldRegion.disc(radius: 60)
        let box = FieldRegion.rectangle(size: Vec2(80, 160))
        let regions: [FieldRegion] = [
            .everywhere, disc, box, .inverse(disc), .union(disc, box), .difference(disc, box),
            .intersection(disc, box), .inverse(.union(.difference(box, disc), .intersection(.inverse(disc), .rectangle(size: Vec2(200, 20))))),
            .difference(.union(disc, .inverse(box)), .intersection(.disc(radius: 30), .everywhere)),
        ]
        let center = Vec2(500, 500)
        var points: [Vec2] = []
        for gx in stride(from: -120.0, through: 120.0, by: 20) {
            for gy in stride(from: -120.0, through: 120.0, by: 20) { points.append(Vec2(gx, gy)) }
        }
        points += [Vec2(60, 0), Vec2(40, 0), Vec2(0, 80), Vec2(36, 48)]  // boundaries
        for region in regions {
            var w = World(size: Vec2(1000, 1000))
            var ids: [ItemID] = []
            for p in points {
                var def = ItemDefinition()
                def.center = center + p
                def.size = Vec2(1, 1)
                ids.append(try w.addItem(def))
            }
            var f = FieldDefinition.linearGravity(direction: Vec2(0, 1))
            f.position = center
            f.region = region
            let id = try w.addField(f)
            #expect(w.fieldRegion(id) == region)  // stored and read back
            w.step()
            for (p, it) in zip(points, ids) {
                let pushed = w.property(.vy, of: it) > 0
                #expect(pushed == region.contains(p), "\(region) at \(p)")
            }
            #expect(w.invariantViolation() == nil)
        }
    }

    /// The deepest region allowed (its postfix evaluation holds 64 bits at once): rings
    /// alternating in and out, R_k = disc(k) − R_(k−1) from a 2×2 square up to disc(63), agree in the step
    /// with `contains` at radius 0.5, 1.5, ..., 64.5.
    @Test func deepestRegion() throws {
        var region = FieldRegion.rectangle(size: Vec2(2, 2))
        for k in 1...63 { region = .difference(.disc(radius: Real(k)), region) }
        var w = World(size: Vec2(1000, 1000))
        var ids: [ItemID] = []
        // Tiny items, dense enough (mass 10⁻³ kg) that S·m stays above the 2⁻¹⁵ threshold.
        for k in 0...64 { ids.append(try item(&w) { $0.center = Vec2(Real(k) + 0.5, 0); $0.size = Vec2(0.1, 0.1); $0.density = 1000 }) }
        var f = FieldDefinition.linearGravity(direction: Vec2(0, 1))
        f.region = region
        _ = try w.addField(f)
        w.step()
        var inside = 0
        for (k, id) in ids.enumerated() {
            let expected = region.contains(Vec2(Real(k) + 0.5, 0))
            if expected { inside += 1 }
            #expect((w.property(.vy, of: id) > 0) == expected, "radius \(Real(k) + 0.5)")
        }
        #expect(inside > 10 && inside < 60)  // the rings alternate
    }

    @Test func validation() throws {
        var w = World()
        let before = w.stateHash()
        func add(_ r: FieldRegion) throws { var d = FieldDefinition(kind: .spring); d.region = r; _ = try w.addField(d) }
        expectError(.invalidValue, field: "radius") { try add(.disc(radius: -1)) }
        expectError(.invalidValue, field: "radius") { try add(.union(.everywhere, .disc(radius: .nan))) }
        expectError(.invalidValue, field: "width") { try add(.rectangle(size: Vec2(-2, 3))) }
        expectError(.invalidValue, field: "height") { try add(.inverse(.rectangle(size: Vec2(2, .infinity)))) }
        // Nesting: a left-leaning chain of unions needs 2 stack bits, a right-leaning one of
        // depth 70 needs 71: refused.
        var left = FieldRegion.disc(radius: 1)
        var right = FieldRegion.disc(radius: 1)
        for k in 0..<70 {
            left = .union(left, .disc(radius: Real(k)))
            right = .union(.disc(radius: Real(k)), right)
        }
        expectError(.invalidValue, field: "region") { try add(right) }
        #expect(w.fieldCount == 0)
        #expect(w.stateHash() == before)
        try add(left)
        #expect(w.fieldCount == 1)
    }
}
