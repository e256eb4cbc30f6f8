// Fields in the step: every sub-step, before the constraints are solved (where Box2D v3
// integrates velocities), each field adds its force to the velocity of each awake item it
// holds whose centre is inside its region, reading the item's position and velocity at that
// sub-step (Docs/semantics.md §13: "fields are evaluated in every sub-step").
//
// Per sub-step of length h, for a body of mass m with velocity v (pt/s), the fields' sums
// F₀ (N), D and B (kg/s) (FieldForce.swift) give
//
//     v' = v + (h/m)·(100·F₀ − D·v' + B·J(v + v')/2),     J(v) = (v_y, −v_x)
//
// drag (D) implicitly, like damping, so a strong drag field cannot overshoot; the magnetic
// turn (B) by the trapezoidal rule, which keeps the speed exactly (a rotation), so an item in
// a magnetic field circles without spiralling out. The 2×2 system (a·I − β·J)·v' = rhs, with
// a = 1 + h·D/m and β = h·B/(2m), has the closed form v' = (a·rhs + β·J·rhs)/(a² + β²), since
// J² = −I. An item held by a velocity field instead gets that field's velocity (the first
// velocity field holding it, in creation order), divided by (1 + h·resistance) so that its
// damping still applies (Docs/semantics.md §13.2): the other fields and gravity do not move it.
//
// Custom fields: the world cannot hold the user's code (a closure would make copies of the
// world share state and break its value semantics and determinism), so the caller passes a
// `CustomFieldEvaluator` to `step(customFields:)` for the duration of that step; the step asks
// it for the force of each custom field on each item, in the same order every time. A plain
// `step()` passes one that answers zero.
//
// The (field, body) pairs are gathered once per tick (memberships cannot change during one);
// per-body sums live in a scratch array of the world. Nothing here allocates once the scratch
// has grown to the world's size.

import DynamicsMath

/// What a custom field sees of an item, in the units of the rest of the API.
public struct FieldSample: Sendable {
    /// The item's centre, pt, world coordinates.
    public var position: Vec2
    /// The item's centre relative to the field's position, pt.
    public var relativePosition: Vec2
    /// The item's velocity, pt/s.
    public var velocity: Vec2
    /// Its mass, kg.
    public var mass: Real
    /// Its charge.
    public var charge: Real
    /// The fields' clock at this sub-step, s (`World.fieldTime`).
    public var time: Real
    /// The sub-step's length, s.
    public var dt: Real

    public init(position: Vec2, relativePosition: Vec2, velocity: Vec2, mass: Real, charge: Real, time: Real, dt: Real) {
        self.position = position
        self.relativePosition = relativePosition
        self.velocity = velocity
        self.mass = mass
        self.charge = charge
        self.time = time
        self.dt = dt
    }
}

/// Computes the force of custom fields; passed to `World.step(customFields:)`.
public protocol CustomFieldEvaluator {
    /// The force of custom field `field` on `item` in UIKit force units (newtons: 100·F/m
    /// pt/s²). A non-finite answer counts as zero.
    mutating func force(of field: BehaviorID, on item: ItemID, _ sample: FieldSample) -> Vec2
}

/// The evaluator of a plain `step()`: custom fields exert no force.
public struct NoCustomFields: CustomFieldEvaluator {
    public init() {}
    public func force(of field: BehaviorID, on item: ItemID, _ sample: FieldSample) -> Vec2 { .zero }
}

extension World {
    /// Whether some field is a custom field (the caller should then step with an evaluator).
    public var hasCustomFields: Bool { fieldTable.records.contains { $0.parameters.kind == .custom } }

    /// Gathers the tick's (field, body) pairs: fields in creation order, then their items in
    /// membership order (every awake dynamic body, in body order, for a field on every item).
    mutating func gatherFieldPairs() {
        fieldTable.pairs.removeAll(keepingCapacity: true)
        let inactive = BodyFlags.isStatic | BodyFlags.isAsleep
        for f in fieldTable.records.indices {
            let rec = fieldTable.records[f]
            if rec.allItems {
                for b in bodySims.indices where bodySims[b].flags & inactive == 0 {
                    fieldTable.pairs.append(FieldPair(record: Int32(f), body: Int32(b)))
                }
            } else {
                // Index loops here and below: iterating an array of structs allocates in
                // unoptimized builds, and the step allocates nothing (AllocationTests).
                for k in behaviors.fieldMembers.indices where behaviors.fieldMembers[k].behavior == rec.slot {
                    let b = items[Int(behaviors.fieldMembers[k].item)].body
                    if b < 0 || bodySims[Int(b)].flags & inactive != 0 { continue }
                    fieldTable.pairs.append(FieldPair(record: Int32(f), body: b))
                }
            }
        }
    }

    /// The fields' hook, called at the start of every sub-step `k` of a tick, before the
    /// constraints are solved (file comment). Advances the fields' clock on the tick's first
    /// sub-step.
    mutating func applyFields<E: CustomFieldEvaluator>(_ ctx: StepContext, substep k: Int, customFields: inout E) {
        if k == 0 {
            fieldTable.tickStart = fieldTable.clock
            fieldTable.clock += ctx.tickDuration
            if !fieldTable.records.isEmpty { gatherFieldPairs() }
        }
        if fieldTable.records.isEmpty || fieldTable.pairs.isEmpty { return }
        let h = ctx.h
        let time = fieldTable.tickStart + Real(k) * h
        let n = bodySims.count
        if fieldTable.accumulators.count != n {
            fieldTable.accumulators = ContiguousArray(repeating: FieldAccumulator(), count: n)
        }
        // Sum every pair's response into its body's accumulator.
        var acc = ContiguousArray<FieldAccumulator>()
        swap(&acc, &fieldTable.accumulators)
        for k in fieldTable.pairs.indices {
            let pair = fieldTable.pairs[k]
            let f = Int(pair.record)
            let b = Int(pair.body)
            let rec = fieldTable.records[f]
            let sim = bodySims[b]
            let sb = solverBodies[b]
            // The item's centre now: the body origin, centre of mass + dp − turned local centre.
            var position = sim.center + sb.dp
            if sim.localCenter != .zero { position = position - Rot(angle: sim.angle + sb.da).apply(sim.localCenter) }
            let relative = position - rec.parameters.position
            let inside = fieldTable.regionNodes.withUnsafeBufferPointer {
                regionContains($0, start: Int(rec.regionStart), count: Int(rec.regionCount), relative)
            }
            if !inside { continue }
            let owner = Int(bodyInfos[b].item)
            let mass = bodyInfos[b].mass
            let charge = items[owner].charge
            switch rec.parameters.kind {
            case .custom:
                if abs(rec.parameters.strength) < FieldForce.threshold { continue }
                let sample = FieldSample(
                    position: position, relativePosition: relative, velocity: sb.v, mass: mass, charge: charge,
                    time: time, dt: h)
                let F = customFields.force(of: behaviorID(Int(rec.slot)), on: itemID(owner), sample)
                if F.isFinite {
                    acc[b].force += F
                    acc[b].touched = true
                }
            case .velocity:
                if !acc[b].overrides {
                    acc[b].overrides = true
                    acc[b].velocity = 100 * rec.parameters.direction
                    acc[b].touched = true
                }
            default:
                let r = FieldForce.response(
                    rec.parameters, relative: relative, velocity: sb.v, mass: mass, charge: charge, time: time)
                acc[b].force += r.force
                acc[b].damping += r.damping
                acc[b].turning += r.turning
                acc[b].touched = true
            }
        }
        // Integrate each touched body's velocity and clear its accumulator.
        for k in fieldTable.pairs.indices {
            let b = Int(fieldTable.pairs[k].body)
            if !acc[b].touched { continue }
            let a = acc[b]
            acc[b] = FieldAccumulator()
            var v = solverBodies[b].v
            if a.overrides {
                v = (1 / (1 + h * bodySims[b].linearDamping)) * a.velocity
            } else {
                let invM = bodySims[b].invMass
                let rhs0 = v + (100 * h * invM) * a.force
                let alpha = 1 + h * invM * a.damping
                let beta = 0.5 * h * invM * a.turning
                if alpha > 0 {
                    let rhs = rhs0 + beta * Vec2(v.y, -v.x)
                    let det = alpha * alpha + beta * beta
                    v = (1 / det) * (alpha * rhs + beta * Vec2(rhs.y, -rhs.x))
                } else {
                    // Negative drag stronger than 1/h: no implicit solution; step explicitly.
                    v = rhs0 - (h * invM * a.damping) * v + (2 * beta) * Vec2(v.y, -v.x)
                }
            }
            if v.isFinite { solverBodies[b].v = v }
        }
        swap(&acc, &fieldTable.accumulators)
    }

    /// Advances one frame like `step()`, asking `customFields` for the force of every custom
    /// field on every item it holds, in every sub-step. The world keeps no reference to it.
    @discardableResult
    public mutating func step<E: CustomFieldEvaluator>(customFields: inout E) -> Bool {
        stepFrame(customFields: &customFields)
    }
}
