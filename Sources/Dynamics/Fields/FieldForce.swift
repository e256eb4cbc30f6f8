// The force of one field on one item: a pure function of the field's parameters and the
// item's position, velocity, mass, charge and the time (Docs/semantics.md §13.2).
//
// Everything runs in engine units, as the formulas of Docs/semantics.md §13.2 do: p = (item centre −
// field position)/100 m, r = |p|, v/100 m/s, mass kg, force in newtons (= UIKit force units:
// a force F gives an acceleration of 100·F/m pt/s²), fall = max(r, minimumRadius)^(−falloff)
// (1 when |falloff| < 2⁻¹⁵). A kind does nothing while its scale (|S·m|, |S·q| or |S|) is
// below 2⁻¹⁵.
//
// The force is returned split by how it depends on the velocity, F(v) = F₀ − D·v + B·(v_y, −v_x)
// (v in m/s), so that the step can integrate the velocity-dependent parts implicitly
// (FieldStep.swift): drag gives D = S·fall·‖u‖ (u = v − direction, ‖u‖ taken at the sub-step's
// start) and F₀ = D·direction; magnetic gives B = S·fall; every other kind only F₀.
// `World.fieldForce` reassembles F(v) for callers and tests.

import DynamicsMath

/// The stored parameters of a field: a trivial struct (the region and items live elsewhere).
struct FieldParameters: Equatable {
    var kind: FieldKind
    /// pt.
    var position: Vec2
    var strength: Real
    var falloff: Real
    /// m (the definition's points / 100).
    var minimumRadius: Real
    /// pt, as given (read back exactly).
    var minimumRadiusPoints: Real
    /// UIKit field units (m/s² or m/s).
    var direction: Vec2
    var smoothness: Real
    var animationSpeed: Real
    var seed: UInt64

    init(_ d: FieldDefinition) {
        kind = d.kind
        position = d.position
        strength = d.strength
        falloff = d.falloff
        minimumRadius = d.minimumRadius / 100
        minimumRadiusPoints = d.minimumRadius
        direction = d.direction
        smoothness = d.smoothness
        animationSpeed = d.animationSpeed
        seed = d.seed
    }
}

/// One field's effect on one item, split by velocity dependence (file comment). A trivial struct.
struct FieldResponse {
    /// The velocity-independent force F₀, N.
    var force = Vec2.zero
    /// D: the force −D·v (v in m/s), kg/s.
    var damping: Real = 0
    /// B: the force B·(v_y, −v_x) (v in m/s), kg/s.
    var turning: Real = 0
    /// Velocity field: the velocity set, m/s (`overrides` true).
    var velocity = Vec2.zero
    var overrides = false
}

enum FieldForce {
    /// Scales and exponents below this do nothing (Docs/semantics.md §13.1, §13.2).
    static let threshold: Real = 1.0 / 32768.0
    /// Radial gravity acts nowhere closer to its centre than √1e−5 m.
    static let radialCutoff: Real = (1e-5 as Real).squareRoot()
    /// A spring field acts nowhere closer to its centre than 1e−5 m.
    static let springCutoff: Real = 1e-5

    /// The noise frequency for a smoothness, per metre (Docs/semantics.md §14.10): 1.25/(s + 1/12) − 1,
    /// from 14 (s = 0) down to 0.154 (s = 1).
    static func noiseFrequency(smoothness s: Real) -> Real { 1.25 / (s + 1.0 / 12.0) - 1 }

    /// `max(r, minimumRadius)^(−falloff)`, r in m; 1 when |falloff| < 2⁻¹⁵.
    static func fall(_ f: FieldParameters, r: Real) -> Real {
        if abs(f.falloff) < threshold { return 1 }
        return FieldMath.power(Swift.max(r, f.minimumRadius), -f.falloff)
    }

    /// The response of field `f` on an item at `relative` (item centre − field position, pt)
    /// moving at `velocity` (pt/s), of `mass` (kg) and `charge`, at `time` (s). The region is
    /// not tested here. Custom fields answer nothing (their force comes from the caller).
    static func response(_ f: FieldParameters, relative: Vec2, velocity: Vec2, mass: Real, charge: Real, time: Real)
        -> FieldResponse
    {
        var out = FieldResponse()
        let S = f.strength
        let p = (1.0 / 100.0) * relative
        let r = p.length
        switch f.kind {
        case .linearGravity:
            guard abs(S * mass) >= threshold else { return out }
            out.force = (S * mass * fall(f, r: r)) * f.direction
        case .radialGravity:
            guard abs(S * mass) >= threshold, r >= radialCutoff else { return out }
            out.force = (-S * mass * fall(f, r: r) / r) * p
        case .electric:
            guard abs(S * charge) >= threshold, r > 0 else { return out }
            out.force = (S * charge * fall(f, r: r) / r) * p
        case .magnetic:
            guard abs(S) >= threshold else { return out }
            out.turning = S * fall(f, r: r)
        case .spring:
            guard abs(S) >= threshold, r >= springCutoff else { return out }
            out.force = (-S * fall(f, r: r) / r) * p
        case .vortex:
            guard abs(S) >= threshold, r > 0, mass > 0 else { return out }
            out.force = (S * fall(f, r: r) / (r * mass)) * Vec2(-p.y, p.x)
        case .drag:
            guard abs(S) >= threshold else { return out }
            let u = (1.0 / 100.0) * velocity - f.direction
            let d = S * fall(f, r: r) * u.length
            out.damping = d
            out.force = d * f.direction
        case .velocity:
            out.overrides = true
            out.velocity = f.direction
        case .noise:
            guard abs(S) >= threshold else { return out }
            out.force = (S * fall(f, r: r)) * noiseGradient(f, p: p, time: time)
        case .turbulence:
            guard abs(S * mass) >= threshold else { return out }
            let v2 = ((1.0 / 100.0) * velocity).lengthSquared
            out.force = (S * fall(f, r: r) * mass * v2) * noiseGradient(f, p: p, time: time)
        case .custom:
            break
        }
        return out
    }

    /// n·∇n of the seeded noise at p (m) and `time` (s): sampled at frequency·(p + T, T) with
    /// T = time × animationSpeed; ∇n is taken in the noise's own coordinates, so the force's
    /// size (|n·∇n| within about 1) does not grow with the frequency.
    static func noiseGradient(_ f: FieldParameters, p: Vec2, time: Real) -> Vec2 {
        let k = noiseFrequency(smoothness: f.smoothness)
        let T = time * f.animationSpeed
        let s = GradientNoise.sample(k * (p.x + T), k * (p.y + T), k * T, seed: f.seed)
        return Vec2(s.n * s.dx, s.n * s.dy)
    }

    /// The force F(v) = F₀ − D·v + B·(v_y, −v_x) of a response at `velocity` (pt/s), N.
    static func force(of r: FieldResponse, velocity: Vec2) -> Vec2 {
        let v = (1.0 / 100.0) * velocity
        return r.force - r.damping * v + r.turning * Vec2(v.y, -v.x)
    }
}

extension World {
    /// The force field `definition` exerts on an item whose centre is at `position` (pt, world
    /// coordinates), moving at `velocity` (pt/s), of `mass` (kg) and `charge`, at `time` (s),
    /// in UIKit force units (newtons: acceleration 100·F/m pt/s²). Zero outside the region,
    /// for a velocity field (see `fieldVelocity`) and for a custom field (the caller computes
    /// its force). The same function the step integrates (the step treats drag and magnetic
    /// implicitly, with this force as their derivative at the sub-step's start).
    public static func fieldForce(_ definition: FieldDefinition, position: Vec2, velocity: Vec2, mass: Real,
                                  charge: Real, time: Real) -> Vec2
    {
        let relative = position - definition.position
        guard definition.region.contains(relative) else { return .zero }
        let r = FieldForce.response(
            FieldParameters(definition), relative: relative, velocity: velocity, mass: mass, charge: charge, time: time)
        return FieldForce.force(of: r, velocity: velocity)
    }

    /// The velocity (pt/s) a velocity field imposes on an item whose centre is at `position`,
    /// or nil when it is outside the region or the field is of another kind.
    public static func fieldVelocity(_ definition: FieldDefinition, position: Vec2) -> Vec2? {
        guard definition.kind == .velocity, definition.region.contains(position - definition.position) else { return nil }
        return 100 * definition.direction
    }
}
