// Units and tuning constants: every number the engine is tuned with, in one place.
//
// Units. The API speaks UIKit's units; the engine works in points (pt), seconds and
// kilograms (kg). A UIKit unit of gravity, force or torque is the engine quantity below.
// Tuning. The solver's stiffnesses, speed limits and sleep thresholds. Changing one changes
// results; a benchmark's state hash (`World.stateHash`) shows that it did.
// The collision module's own constants (speculative distance, polygon radius, fat-box
// margin) are in DynamicsCollision (`CollisionConstants`).

import DynamicsMath

// MARK: Units and clock

extension World {
    /// Duration of one frame (one `step()`), s.
    public static let frameDuration: Real = 1.0 / 60.0

    /// 1 unit of gravity, pt/s².
    public static let gravityUnit: Real = 1000

    /// One UIKit force unit, kg·pt/s² (and one impulse unit, kg·pt/s).
    public static let forceUnit: Real = 100

    /// Torque unit of the API (N·m of the engine), in kg·pt²/s².
    public static let torqueUnit: Real = 10_000
}

extension WorldModel {
    /// The tick length of the `uikit` model: 1/120 s rounded to single precision
    /// (0.008333333767950535 s), so that two ticks slightly exceed a 1/60 s frame.
    public static let uikitTick: Real = Real(Float(1.0 / 120.0))
}

// MARK: Materials

extension World {
    /// Friction of the original's boundaries (Docs/semantics.md §8.1): the `uikit` model's default.
    /// Boundaries take their model's defaults (`WorldModel.defaultFriction`) until set.
    public static let boundaryFriction: Real = 0.2
    /// Elasticity of the original's boundaries (Docs/semantics.md §8.1): the `uikit` model's default.
    public static let boundaryElasticity: Real = 0.2
}

// MARK: Solver

extension World {
    /// Contact stiffness, Hz, and damping ratio (dynamic pairs; static pairs get twice the hertz).
    static let contactHertz: Real = 30
    static let contactDampingRatio: Real = 10
    /// The fastest a soft contact pushes overlapping bodies apart, pt/s.
    static let contactPushMaxVelocity: Real = 300
    /// A crowd's push-out (Contacts/PushOut.swift): rows deeper than `deepRelaxDepth` (pt) at
    /// the tick's start on an item in `deepRelaxCrowd` or more deep contacts, when one opens
    /// faster than `deepRelaxSpeed` (pt/s) before the relax, get up to `deepRelaxPasses` extra
    /// rigid passes of their normal rows.
    static let deepRelaxDepth: Real = 2
    static let deepRelaxSpeed: Real = 20
    static let deepRelaxPasses = 6
    static let deepRelaxCrowd: Int32 = 4
    /// Restitution is ignored below this closing speed, pt/s (Docs/semantics.md §2).
    static let restitutionThreshold: Real = 100
    /// Stacks of unequal masses (Contacts/StackSweep.swift): a body more than this many times
    /// heavier than a body under it loads it.
    static let stackMassRatio: Real = 4
    /// The stack rows are resting ones: normal speeds within this, pt/s, at the tick's start.
    static let stackSweepSpeed: Real = 20
    /// A stack row takes the normal of its column where the two are within this cosine of each
    /// other (1.4 mrad: the narrowphase's parallel faces, DynamicsCollision's `collidePolygons`).
    static let columnCosine: Real = 1 - 1e-6

    /// Joint position error stiffness (Docs/solver.md §2.4 `constraintHertz`), Hz.
    static let jointHertz: Real = 60
    /// The same with forces in every sub-step (ideal; see `prepareJoints`), Hz.
    static let jointHertzPerSubstep: Real = 90
    /// Joint position error damping ratio.
    static let jointDampingRatio: Real = 2
    /// Joint errors (pt) up to `jointSlop` are corrected through velocities (the soft rows
    /// above); one beyond it starts a pull-in (Joints/PullIn.swift): position passes at the
    /// tick's start, up to `jointPullInPasses` that move nothing faster than
    /// `jointPullInSpeed` (pt/s: Box2D 2's 0.2 m a 60 Hz step, at 100 pt to the metre), then
    /// as many that settle what the pulled items carry, take joint errors down to
    /// `jointPullInSettle`.
    static let jointSlop: Real = 2
    /// The same for angle rows (a weld's or a slide's angle, a pin's angle limits), rad (2°).
    static let jointAngularSlop: Real = 0.034906585039886591
    static let jointPullInSpeed: Real = 1200
    static let jointPullInPasses = 4
    static let jointPullInSettle: Real = 0.01

    /// The fastest a body moves, pt/s (400 m/s), and turns, rad per sub-step.
    static let maxLinearSpeed: Real = 40_000
    static let maxRotationPerSubstep: Real = 0.25 * DMath.pi
}

extension JointSim {
    /// Rest length of the snap springs, pt.
    static let snapRestLength: Real = 50
    /// Frequency of the snap springs, Hz.
    static let snapHertz: Real = 4
}

// MARK: Sleep (the uikit model)

extension World {
    /// Sleep thresholds of the `uikit` model: speed (pt/s), spin (rad/s) and time (s).
    static let sleepLinearSpeed: Real = 1
    static let sleepAngularSpeed: Real = 2 * DMath.pi / 180
    static let timeToSleep: Real = 0.5
}
