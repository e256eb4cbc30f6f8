// Lengths that collision detection and the contact solver must agree on (Docs/solver.md §2.11).
// Box2D states them in metres; dyn's unit is the point, with 100 pt = 1 m.

import DynamicsMath

/// Shared collision tolerances, in points.
public enum CollisionConstants {
    /// The overlap the solver tolerates before pushing apart: 0.5 pt.
    public static let linearSlop: Real = 0.5
    /// Contact points are kept while the surfaces are closer than this: 4 × slop = 2 pt.
    public static let speculativeDistance: Real = 4 * linearSlop
    /// The largest extra margin of a moving proxy's fat box: 5 pt.
    public static let aabbMargin: Real = 5
}
