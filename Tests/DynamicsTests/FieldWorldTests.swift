// Fields in the world: the API (add, read, set, items, remove), validation, waking, undo
// copies and the state hash, custom fields through an evaluator, properties by name.

import Dynamics
import DynamicsMath
import Testing

/// A 100×100 item (mass 1) at `c`, no damping.
fileprivate func body(_ w: inout World, _ c: Vec2) throws -> ItemID {
    try item(&w) {
        $0.center = c
        $0.resistance = 0
        $0.angularResistance = 0
    }
}

@Suite struct FieldWorldTests {
    @Test func addAndReadBack() throws {
        var w = World()
        let a = try body(&w, Vec2(100, 100))
        var d = FieldDefinition.noise(smoothness: 0.25, animationSpeed: 3)
        d.position = Vec2(10, -20)
        d.region = .difference(.disc(radius: 50), .rectangle(size: Vec2(4, 6)))
        d.strength = -2
        d.falloff = 1.5
        d.minimumRadius = 7
        d.seed = 99
        d.items = [a]
        let f = try w.addField(d)
        #expect(w.behaviorKind(f) == .field)
        #expect(w.fieldKind(f) == .noise)
        #expect(w.fieldDefinition(f) == d)
        #expect(w.behaviorItems(f) == [a])
        #expect(w.fieldCount == 1)
        // Defaults per kind.
        for kind in FieldKind.allCases {
            let g = try w.addField(FieldDefinition(kind: kind))
            let read = try #require(w.fieldDefinition(g))
            #expect(read == FieldDefinition(kind: kind))
            #expect(read.items == nil && read.region == .everywhere && read.strength == 1)
            #expect(read.minimumRadius == 100.0 / 32768)
            try w.removeBehavior(g)
        }
        #expect(w.invariantViolation() == nil)
    }

    @Test func settersChangeAndWake() throws {
        var w = World()
        let f = try w.addField(.linearGravity(direction: Vec2(0, 1)))
        try w.setFieldPosition(f, Vec2(1, 2))
        try w.setFieldRegion(f, .inverse(.disc(radius: 3)))
        try w.setFieldStrength(f, 4)
        try w.setFieldFalloff(f, -2)
        try w.setFieldMinimumRadius(f, 0)
        try w.setFieldDirection(f, Vec2(5, 6))
        var expected = FieldDefinition.linearGravity(direction: Vec2(5, 6))
        expected.position = Vec2(1, 2)
        expected.region = .inverse(.disc(radius: 3))
        expected.strength = 4
        expected.falloff = -2
        expected.minimumRadius = 0
        #expect(w.fieldDefinition(f) == expected)
        let n = try w.addField(.turbulence(smoothness: 0, animationSpeed: 0))
        try w.setFieldSmoothness(n, 1)
        try w.setFieldAnimationSpeed(n, 0.5)
        try w.setFieldSeed(n, 1 << 60)
        let read = try #require(w.fieldDefinition(n))
        #expect(read.smoothness == 1 && read.animationSpeed == 0.5 && read.seed == 1 << 60)
        // Replacing a region keeps the other fields' regions (one pool).
        try w.setFieldRegion(f, .union(.disc(radius: 1), .union(.disc(radius: 2), .rectangle(size: Vec2(3, 4)))))
        #expect(w.fieldRegion(n) == .everywhere)
        #expect(w.invariantViolation() == nil)
    }

    @Test func badInputIsRefusedAndChangesNothing() throws {
        var w = World()
        let a = try body(&w, Vec2(100, 100))
        let b = try body(&w, Vec2(300, 100))
        let g = try w.addGroup([a])
        let f = try w.addField(FieldDefinition(kind: .spring))
        w.step()
        let before = w.stateHash()
        func add(_ change: (inout FieldDefinition) -> Void, kind: FieldKind = .noise) throws {
            var d = FieldDefinition(kind: kind)
            change(&d)
            _ = try w.addField(d)
        }
        expectError(.invalidValue, field: "strength") { try add { $0.strength = .nan } }
        expectError(.invalidValue, field: "position") { try add { $0.position = Vec2(0, .infinity) } }
        expectError(.invalidValue, field: "falloff") { try add { $0.falloff = -.infinity } }
        expectError(.invalidValue, field: "minimumRadius") { try add { $0.minimumRadius = -1 } }
        expectError(.invalidValue, field: "smoothness") { try add { $0.smoothness = 1.5 } }
        expectError(.invalidValue, field: "animationSpeed") { try add { $0.animationSpeed = -0.1 } }
        expectError(.invalidValue, field: "direction") { try add({ $0.direction = Vec2(.nan, 0) }, kind: .velocity) }
        expectError(.invalidValue, field: "radius") { try add { $0.region = .disc(radius: -5) } }
        expectError(.notAllowed, field: "smoothness") { try add({ $0.smoothness = 0.5 }, kind: .spring) }
        expectError(.notAllowed, field: "strength") { try add({ $0.strength = 2 }, kind: .velocity) }
        expectError(.unknownItem, field: nil) { try add { $0.items = [b, ItemID(index: 77, generation: 1)] } }
        expectError(.notAllowed, field: "items") { try add { $0.items = [a] } }  // a is a member of g
        expectError(.invalidValue, field: "strength") { try w.setFieldStrength(f, .infinity) }
        expectError(.invalidValue, field: "minimumRadius") { try w.setFieldMinimumRadius(f, -0.5) }
        expectError(.invalidValue, field: "radius") { try w.setFieldRegion(f, .union(.everywhere, .disc(radius: -1))) }
        expectError(.notAllowed, field: "direction") { try w.setFieldDirection(f, Vec2(1, 0)) }
        expectError(.notAllowed, field: "seed") { try w.setFieldSeed(f, 3) }
        expectError(.unknownBehavior, field: nil) { try w.setFieldStrength(BehaviorID(index: 40, generation: 1), 1) }
        let gravity = try w.addGravity(vector: Vec2(0, 1), items: [b])
        expectError(.notAllowed, field: nil) { try w.setFieldStrength(gravity, 1) }
        try w.removeBehavior(gravity)
        #expect(w.stateHash() == before)
        #expect(w.fieldCount == 1)
        #expect(w.fieldDefinition(f) == FieldDefinition(kind: .spring))
        _ = g
        // The message names the kinds that have the property.
        do {
            try w.setFieldSmoothness(f, 0.5)
            Issue.record("expected an error")
        } catch {
            #expect(error.detail == "smoothness is not a property of spring fields (only of noise and turbulence fields)")
        }
    }

    @Test func atMostThirtyTwoFields() throws {
        var w = World()
        for _ in 0..<32 { _ = try w.addField(FieldDefinition(kind: .drag)) }
        expectError(.notAllowed, field: nil) { _ = try w.addField(FieldDefinition(kind: .drag)) }
        #expect(w.fieldCount == 32)
    }

    /// Items: a field on a list acts only on its items; addItems/removeItems change the list; a
    /// field on every item acts on items added later; removing items or behaviors cleans up.
    @Test func itemsPresentAndFuture() throws {
        var w = World()
        let a = try body(&w, Vec2(100, 100))
        let b = try body(&w, Vec2(300, 100))
        var d = FieldDefinition.linearGravity(direction: Vec2(0, 1))
        d.items = [a]
        let f = try w.addField(d)
        w.step()
        #expect(w.property(.vy, of: a) > 0 && w.property(.vy, of: b) == 0)
        try w.addItems([b], to: f)
        #expect(w.fieldItems(f) == [a, b])
        try w.removeItems([a], from: f)
        #expect(w.fieldItems(f) == [b])
        let vyA = w.property(.vy, of: a)
        w.step()
        #expect(w.property(.vy, of: a) == vyA && w.property(.vy, of: b) > 0)

        // Every item, present and future.
        let all = try w.addField(.linearGravity(direction: Vec2(1, 0)))
        let c = try body(&w, Vec2(500, 100))
        w.step()
        #expect(w.property(.vx, of: c) > 0 && w.property(.vx, of: a) > 0)
        #expect(w.fieldItems(all) == nil)
        try w.addItems([a], to: all)  // no change
        #expect(w.fieldItems(all) == nil)
        // Removing one item from "every item" leaves the explicit list of the others.
        try w.removeItems([b], from: all)
        #expect(w.fieldItems(all) == [a, c])

        // Removing an item drops its memberships; removing a field re-points the others.
        try w.removeItem(b)
        #expect(w.fieldItems(f) == [])
        #expect(w.invariantViolation() == nil)
        let third = try w.addField(.linearGravity(direction: Vec2(0, -3)))
        try w.removeBehavior(f)
        #expect(w.fieldDefinition(all)?.direction == Vec2(1, 0))
        #expect(w.fieldDefinition(third)?.direction == Vec2(0, -3))
        #expect(!w.isValid(f) && w.fieldDefinition(f) == nil)
        #expect(w.invariantViolation() == nil)
        let vxBefore = w.property(.vx, of: c)
        w.step()
        #expect(abs(w.property(.vx, of: c) - vxBefore - 100.0 / 60) < 1e-9)
        #expect(abs(w.property(.vy, of: c) - (-300.0 / 60)) < 1e-9)
    }

    /// Grouping items moves their memberships to the group, which then feels the field.
    @Test func groupsTakeOverMemberships() throws {
        var w = World()
        let a = try body(&w, Vec2(100, 100))
        let b = try body(&w, Vec2(200, 100))
        var d = FieldDefinition.linearGravity(direction: Vec2(0, 2))
        d.items = [a, b]
        let f = try w.addField(d)
        let g = try w.addGroup([a, b])
        #expect(w.fieldItems(f) == [g])
        w.step()
        #expect(abs(w.property(.vy, of: g) - 200.0 / 60) < 1e-9)
        #expect(w.invariantViolation() == nil)
    }

    /// uikit model: a field wakes the sleeping items it acts on (and resumes the world); so do
    /// a changed property and a removal.
    @Test func fieldsWakeSleepingItems() throws {
        var w = World(model: .uikit)
        let a = try body(&w, Vec2(100, 100))
        for _ in 0..<60 { w.step() }
        #expect(w.isSleeping(a) && !w.isRunning)
        let f = try w.addField(.linearGravity(direction: Vec2(0, 1)))
        #expect(!w.isSleeping(a) && w.isRunning)
        w.step()
        #expect(w.property(.vy, of: a) > 0)
        // Stop it, let it sleep under a zero field, then change the strength.
        try w.setFieldStrength(f, 0)
        try w.setProperty(.vy, of: a, to: 0)
        for _ in 0..<60 { w.step() }
        #expect(w.isSleeping(a))
        try w.setFieldStrength(f, 1)
        #expect(!w.isSleeping(a))
        for _ in 0..<2 { w.step() }
        #expect(w.property(.vy, of: a) > 0)
    }

    /// Undo is a copy: restoring it restores the fields bit for bit; the hash includes fields.
    @Test func copiesAndStateHashIncludeFields() throws {
        func script(strength: Real) throws -> World {
            var w = World()
            _ = try body(&w, Vec2(300, 300))
            var d = FieldDefinition(kind: .radialGravity)
            d.position = Vec2(100, 100)
            d.strength = strength
            d.region = .inverse(.rectangle(size: Vec2(10, 10)))
            _ = try w.addField(d)
            for _ in 0..<30 { w.step() }
            return w
        }
        #expect(try script(strength: 3).stateHash() == script(strength: 3).stateHash())
        #expect(try script(strength: 3).stateHash() != script(strength: 3.0000001).stateHash())
        // Same bodies, different field: different hash.
        var a = World(), b = World()
        _ = try a.addField(FieldDefinition(kind: .vortex))
        var v = FieldDefinition(kind: .vortex)
        v.region = .disc(radius: 1)
        _ = try b.addField(v)
        #expect(a.stateHash() != b.stateHash())
        #expect(World().stateHash() != a.stateHash())

        var w = try script(strength: 3)
        let saved = w
        let hash = w.stateHash()
        let f = try w.addField(.linearGravity(direction: Vec2(1, 1)))
        try w.setFieldRegion(f, .disc(radius: 40))
        for _ in 0..<10 { w.step() }
        #expect(w.stateHash() != hash)
        w = saved
        #expect(w.stateHash() == hash && w.fieldCount == 1)
        // And the restored world steps like the original.
        var original = try script(strength: 3)
        for _ in 0..<10 {
            w.step()
            original.step()
        }
        #expect(w.stateHash() == original.stateHash())
    }

    /// A custom field asks the evaluator passed to step for the force, in every sub-step, with
    /// the item's sample. Emulating a spring (F = −S·p, p in m) it follows the spring field.
    @Test func customFieldThroughEvaluator() throws {
        struct Spring: CustomFieldEvaluator {
            var k: Real
            var samples: [FieldSample] = []
            mutating func force(of field: BehaviorID, on item: ItemID, _ s: FieldSample) -> Vec2 {
                samples.append(s)
                return (-k / 100) * s.relativePosition
            }
        }
        func make(_ kind: FieldKind) throws -> (World, ItemID, BehaviorID) {
            var w = World()
            let a = try item(&w) {
                $0.center = Vec2(600, 500)
                $0.density = 2
                $0.charge = -3
                $0.resistance = 0
            }
            var d = FieldDefinition(kind: kind)
            d.position = Vec2(500, 500)
            if kind == .spring { d.strength = 4 }
            let f = try w.addField(d)
            return (w, a, f)
        }
        var (cw, ca, _) = try make(.custom)
        var (sw, sa, _) = try make(.spring)
        var spring = Spring(k: 4)
        for _ in 0..<90 {
            cw.step(customFields: &spring)
            sw.step()
        }
        #expect(abs(cw.property(.x, of: ca) - sw.property(.x, of: sa)) < 1e-9)
        #expect(abs(cw.property(.vx, of: ca) - sw.property(.vx, of: sa)) < 1e-9)
        // One sample per sub-step (4 per frame), with the item's mass, charge and the clock.
        #expect(spring.samples.count == 360)
        let s = spring.samples[5]  // frame 2, sub-step 1
        #expect(s.mass == 2 && s.charge == -3 && s.dt == 1.0 / 240)
        #expect(abs(s.time - (1.0 / 60 + 1.0 / 240)) < 1e-15)
        #expect(s.relativePosition == s.position - Vec2(500, 500))
        #expect(abs(cw.fieldTime - 1.5) < 1e-12)

        // A plain step: custom fields exert nothing. Strength 0 switches one off.
        var (pw, pa, f) = try make(.custom)
        for _ in 0..<10 { pw.step() }
        #expect(pw.property(.vx, of: pa) == 0)
        #expect(pw.hasCustomFields)
        try pw.setFieldStrength(f, 0)
        var off = Spring(k: 4)
        pw.step(customFields: &off)
        #expect(off.samples.isEmpty)
    }

    /// The typed accessors and setters the language maps its names onto.
    @Test func typedPropertyAccess() throws {
        var w = World()
        let f = try w.addField(.noise(smoothness: 0.5, animationSpeed: 1))
        #expect(w.fieldDefinition(f)?.kind == .noise)
        #expect(w.fieldDefinition(f)?.smoothness == 0.5)
        try w.setFieldStrength(f, 3)
        try w.setFieldPosition(f, Vec2(40, 0))
        try w.setFieldSeed(f, 12)
        #expect(w.fieldDefinition(f)?.strength == 3)
        #expect(w.fieldDefinition(f)?.position == Vec2(40, 0))
        #expect(w.fieldDefinition(f)?.seed == 12)
        expectError(.notAllowed, field: "direction") { try w.setFieldDirection(f, Vec2(1, 0)) }
        expectError(.invalidValue, field: "smoothness") { try w.setFieldSmoothness(f, .nan) }
        let v = try w.addField(.velocity(direction: Vec2(1, 2)))
        #expect(w.fieldDefinition(v)?.direction.y == 2)
        #expect(w.fieldDefinition(v)?.kind.has(.strength) == false)
        expectError(.notAllowed, field: "strength") { try w.setFieldStrength(v, 3) }
    }
}
