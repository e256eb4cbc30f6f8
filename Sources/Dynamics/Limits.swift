// The ranges of the numbers the engine accepts (Docs/engine.md, "Limits").
//
// Wide enough for any world a person builds, narrow enough that nothing derived from them
// overflows or underflows: an area (≤ 1e24 pt²) times a density (≤ 1e12) is a mass of at most
// 1e32 and at least about 1e-40, an inertia stays a normal double, a force over a mass, an
// impulse over an inertia and an energy ½mv² stay finite. So NaN and infinity never enter a
// world: every number is checked where it is given, and what is derived from checked numbers
// cannot leave the doubles' range.

import DynamicsMath

extension World {
    /// The largest magnitude of any number given to the engine (coordinates, sizes, forces,
    /// magnitudes, angles, charges, ...).
    public static let largestValue: Real = 1e12
    /// The most items a world holds (groups and their members count).
    public static let largestItemCount = 1_000_000
    /// The smallest width or height of an item, pt.
    public static let smallestSize: Real = 1e-6
    /// The smallest density.
    public static let smallestDensity: Real = 1e-12
    /// The largest elasticity: above 1 a bounce gains energy (UIKit does not clamp it).
    public static let largestElasticity: Real = 2
    /// The fastest a body moves, pt/s: a velocity set above it is refused, and the solver
    /// caps faster motion (after kicks, pushes, contacts) to it.
    public static var speedLimit: Real { maxLinearSpeed }

    /// Checks that a number is finite and at most `largestValue` in size (what every setter
    /// checks; a command that makes several changes checks its numbers with it first).
    public static func checkValue(_ field: String, _ x: Real) throws(EngineError) {
        if !x.isFinite { throw EngineError.notFinite(field, x) }
        if Swift.abs(x) > largestValue {
            throw EngineError(field: field, value: x, requirement: .between(-largestValue, largestValue))
        }
    }

    /// Checks a size (width or height): in [smallestSize, largestValue].
    static func checkSize(_ field: String, _ x: Real) throws(EngineError) {
        try checkValue(field, x)
        if x <= 0 { throw EngineError.mustBePositive(field, x) }
        if x < smallestSize {
            throw EngineError(field: field, value: x, requirement: .atLeast(smallestSize))
        }
    }

    /// Checks a density: in [smallestDensity, largestValue].
    static func checkDensity(_ x: Real) throws(EngineError) {
        try checkValue("density", x)
        if x <= 0 { throw EngineError.mustBePositive("density", x) }
        if x < smallestDensity {
            throw EngineError(field: "density", value: x, requirement: .atLeast(smallestDensity))
        }
    }

    /// Checks an elasticity: from 0 to `largestElasticity`.
    static func checkElasticity(_ x: Real) throws(EngineError) {
        try checkValue("elasticity", x)
        if x < 0 || x > largestElasticity {
            throw EngineError(field: "elasticity", value: x, requirement: .between(0, largestElasticity))
        }
    }

    /// Checks a velocity component: at most the speed limit in size.
    static func checkVelocity(_ field: String, _ x: Real) throws(EngineError) {
        try checkValue(field, x)
        if Swift.abs(x) > speedLimit {
            throw EngineError(field: field, value: x, requirement: .withinSpeedLimit(speedLimit))
        }
    }
}
