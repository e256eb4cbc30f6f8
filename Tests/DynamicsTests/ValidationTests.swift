// Every validation error: thrown as EngineError with its kind and field, never a crash, and the
// world left unchanged.

import Dynamics
import DynamicsMath
import Testing

func expectError(
    _ kind: EngineError.Kind, field: String?, _ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        try body()
        Issue.record("expected \(kind) for \(field ?? "nil")", sourceLocation: sourceLocation)
    } catch let e as EngineError {
        #expect(e.kind == kind, sourceLocation: sourceLocation)
        #expect(e.field == field, sourceLocation: sourceLocation)
        // A bad number says what it must be and carries the value; any other error a sentence.
        if e.requirement != nil {
            #expect(e.value != nil && e.detail.isEmpty, sourceLocation: sourceLocation)
        } else {
            #expect(!e.detail.isEmpty && !e.detail.hasSuffix("."), sourceLocation: sourceLocation)
            #expect(e.detail.first?.isLowercase == true, sourceLocation: sourceLocation)
        }
    } catch {
        Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
    }
}

@Suite struct ValidationTests {
    @Test func definitionErrors() throws {
        var w = World()
        let existing = try item(&w) { $0.velocity = Vec2(1, 2) }
        _ = try w.addGravity(vector: Vec2(0, 1), items: nil)
        w.step()
        let before = w.stateHash()
        let cases: [(String, (inout ItemDefinition) -> Void)] = [
            ("x", { $0.center.x = .nan }),
            ("y", { $0.center.y = .infinity }),
            ("width", { $0.size.x = 0 }),
            ("height", { $0.size.y = -1 }),
            ("width", { $0.size.x = .nan }),
            ("angle", { $0.angle = .nan }),
            ("vx", { $0.velocity.x = .infinity }),
            ("vy", { $0.velocity.y = .nan }),
            ("spin", { $0.spin = -.infinity }),
            ("density", { $0.density = 0 }),
            ("density", { $0.density = -1 }),
            ("charge", { $0.charge = .nan }),
            ("elasticity", { $0.elasticity = .nan }),
            ("friction", { $0.friction = -0.1 }),
            ("resistance", { $0.resistance = -1 }),
            ("angularResistance", { $0.angularResistance = -1 }),
            ("path", { $0.shape = .path([Vec2(0, 0), Vec2(1, 1)]) }),
            ("path", { $0.shape = .path([Vec2(0, 0), Vec2(10, 10), Vec2(10, 0), Vec2(0, 10)]) }),
            ("path", { $0.shape = .path([Vec2(0, 0), Vec2(10, 5), Vec2(0, 10), Vec2(3, 5)]) }),
            ("path", { $0.shape = .path([Vec2(0, 0), Vec2(.nan, 5), Vec2(0, 10)]) }),
        ]
        for (field, configure) in cases {
            var def = ItemDefinition()
            configure(&def)
            let kind: EngineError.Kind = field == "path" ? .invalidShape : .invalidValue
            expectError(kind, field: field) { _ = try w.addItem(def) }
        }
        #expect(w.itemIDs == [existing])
        #expect(w.stateHash() == before)
    }

    /// A bad number comes back as its field, its value and what it must be (the language
    /// renders the sentence).
    @Test func errorsCarryTheValueAndTheRequirement() throws {
        var w = World()
        do {
            _ = try item(&w) { $0.density = -1 }
            Issue.record("expected an error")
        } catch let e as EngineError {
            #expect(e == EngineError(field: "density", value: -1, requirement: .positive))
        }
        do {
            _ = try item(&w) { $0.resistance = -0.25 }
            Issue.record("expected an error")
        } catch let e as EngineError {
            #expect(e == EngineError(field: "resistance", value: -0.25, requirement: .nonNegative))
        }
        do {
            try w.setSubsteps(65)
            Issue.record("expected an error")
        } catch {
            #expect(error == EngineError(field: "substeps", value: 65, requirement: .between(1, 64)))
        }
        let a = try item(&w) { $0.center = Vec2(100, 100) }
        var pin = AttachmentDefinition(kind: .pin, itemA: a)
        pin.rangeMin = 0.5
        do {
            _ = try w.addAttachment(pin)
            Issue.record("expected an error")
        } catch {
            #expect(error == EngineError(field: "range", value: 0.5, requirement: .rangeLowEnd))
        }
    }

    @Test func propertyErrors() throws {
        var w = World()
        let a = try item(&w)
        for p in [ItemProperty.width, .height, .mass, .inertia] {
            #expect(!p.isSettable)
            expectError(.notAllowed, field: p.rawValue) { try w.setProperty(p, of: a, to: 1) }
        }
        for p in ItemProperty.allCases where p.isSettable {
            expectError(.invalidValue, field: p.rawValue) { try w.setProperty(p, of: a, to: .nan) }
            expectError(.invalidValue, field: p.rawValue) { try w.setProperty(p, of: a, to: .infinity) }
        }
        expectError(.invalidValue, field: "density") { try w.setProperty(.density, of: a, to: 0) }
        expectError(.invalidValue, field: "friction") { try w.setProperty(.friction, of: a, to: -1) }
        expectError(.invalidValue, field: "resistance") { try w.setProperty(.resistance, of: a, to: -1) }
        expectError(.invalidValue, field: "angularResistance") { try w.setProperty(.angularResistance, of: a, to: -1) }
        #expect(ItemProperty.anchored.isBoolean && ItemProperty.allowsRotation.isBoolean && !ItemProperty.x.isBoolean)
        #expect(w.property(.density, of: a) == 1)
        try w.removeItem(a)
        expectError(.unknownItem, field: nil) { try w.setProperty(.x, of: a, to: 1) }
        expectError(.unknownItem, field: nil) { try w.removeItem(a) }
        expectError(.unknownItem, field: nil) { _ = try w.addGroup([a]) }
        expectError(.unknownItem, field: nil) { _ = try w.addGravity(vector: Vec2(0, 1), items: [a]) }
    }

    @Test func worldAndBehaviorErrors() throws {
        var w = World()
        expectError(.invalidValue, field: "width") { try w.setSize(Vec2(0, 100)) }
        expectError(.invalidValue, field: "height") { try w.setSize(Vec2(100, -5)) }
        expectError(.invalidValue, field: "height") { try w.setSize(Vec2(100, .nan)) }
        #expect(w.size == Vec2(375, 667))
        try w.setSize(Vec2(800, 600))
        #expect(w.size == Vec2(800, 600))
        expectError(.invalidValue, field: "substeps") { try w.setSubsteps(0) }
        expectError(.invalidValue, field: "substeps") { try w.setSubsteps(65) }
        #expect(w.substeps == 4)
        try w.setSubsteps(64)
        #expect(w.substeps == 64)

        expectError(.invalidValue, field: "dx") { _ = try w.addGravity(vector: Vec2(.nan, 0), items: nil) }
        let g = try w.addGravity(vector: Vec2(0, 1), items: nil)
        expectError(.invalidValue, field: "angle") { try w.setGravityAngle(g, .infinity) }
        expectError(.invalidValue, field: "magnitude") { try w.setGravityMagnitude(g, .nan) }
        expectError(.invalidValue, field: "dy") { try w.setGravityVector(g, Vec2(0, .nan)) }
        #expect(w.gravityVector(g) == Vec2(0, 1))
        try w.removeBehavior(g)
        expectError(.unknownBehavior, field: nil) { try w.setGravityMagnitude(g, 1) }
        expectError(.unknownBehavior, field: nil) { try w.addItems([], to: g) }
        expectError(.unknownBehavior, field: nil) { try w.removeItems([], from: g) }
        #expect(w.gravityVector(g) == nil)
        #expect(w.gravityAngle(g) == nil)
        #expect(w.gravityMagnitude(g) == nil)
        #expect(w.gravityItems(g) == nil)
        #expect(!w.isValid(BehaviorID.none))
    }
}

@Suite struct DeterminismTests {
    /// A scene with several bodies, a group, two gravities, damping and spin, in both models.
    func run(_ model: WorldModel) throws -> (UInt64, [UInt64]) {
        var w = World(model: model)
        var ids: [ItemID] = []
        for k in 0..<12 {
            ids.append(
                try item(&w) {
                    $0.center = Vec2(Real(k) * 37.25, Real(k % 3) * 11.5)
                    $0.size = Vec2(20 + Real(k), 30 - Real(k))
                    $0.shape = k % 3 == 0 ? .ellipse : (k % 3 == 1 ? .rectangle : .path([Vec2(0, -9), Vec2(9, 7), Vec2(-8, 6)]))
                    $0.spin = Real(k) * 0.7 - 3
                    $0.velocity = Vec2(Real(k), -Real(k) * 2)
                    $0.angularResistance = 0.3
                })
        }
        _ = try w.addGroup([ids[0], ids[1], ids[2]])
        let g1 = try w.addGravity(vector: Vec2(0.3, 1), items: nil)
        _ = try w.addGravity(vector: Vec2(-1, 0.2), items: [ids[5], ids[6]])
        for n in 0..<300 {
            w.step()
            if n == 100 { try w.setGravityAngle(g1, 1.2) }
        }
        let bits = w.itemIDs.flatMap { id in
            [ItemProperty.x, .y, .angle, .vx, .vy, .spin].map { w.property($0, of: id).bitPattern }
        }
        return (w.stateHash(), bits)
    }

    @Test(arguments: WorldModel.allCases)
    func sameCallsGiveIdenticalBits(model: WorldModel) throws {
        let first = try run(model)
        let second = try run(model)
        #expect(first.0 == second.0)
        #expect(first.1 == second.1)
    }
}
