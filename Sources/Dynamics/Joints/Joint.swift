// Joints: the solver-side form of attachments and snaps (Docs/solver.md §2.7, §3).
//
// Every attachment behavior owns one `JointSim`; a snap owns one too (four springs in one
// record). They live in `World.joints`, a dense array of trivial structs in creation order
// (removal keeps the order: chains built outward from their anchor stay solved outward, which
// Gauss-Seidel likes). The behavior slot's `record` is the joint's index.
//
// A joint names its two ends by *item slot*; either end may be the world (`JointSim.world`),
// in which case its "local" anchor is a fixed world point. Body indices are resolved from the
// items at the start of every tick (bodies move in the dense arrays when others are removed),
// so nothing has to chase joints when bodies are swapped. A group member is resolved to its
// group's body, its anchor shifted by the member's offset.
//
// Solver layout (Box2D v3, src/joint.c): `prepare` once per tick computes anchors relative to
// each centre of mass in world axes (`rA`, `rB`), the centre difference `deltaCenter`, the
// relative angle, inverse masses and softness. Each sub-step re-rotates the anchors by the
// bodies' rotation since the tick began (`SolverBody.dq`) and measures errors from the pose
// deltas (`dp`, `da`), never from absolute positions:
//
//     d = (cB + dpB + dqB·rB) − (cA + dpA + dqA·rA) = deltaCenter + (dpB − dpA) + (rB' − rA')
//
// Softness (Docs/solver.md §2.4): rigid rows use the tick's joint softness (60 Hz, ζ = 2,
// clamped to a quarter of the sub-step rate) while solving and are rigid in relax; user springs
// (attachment frequency/damping, snap) use their own coefficients in both stages; limits are
// unilateral and speculative (a gap may close within one sub-step, no more).
//
// Warm starting with a once-per-tick force. The step applies gravity and forces once per tick,
// in the first sub-step (Docs/solver.md §2.12 (b)), so a joint's impulse is not the same in every
// sub-step: the first sub-step carries the tick's external load, the later ones only what
// motion needs. Box2D's warm start (apply last sub-step's impulse at every sub-step) would
// therefore apply the gravity impulse again in sub-step 2 and make a hanging chain jitter.
// Each joint keeps the impulse of the *first* sub-step and that of the *last* one of the
// previous tick: sub-step 1 starts from the former, sub-step 2 from the latter, later
// sub-steps from the sub-step before. The impulse a row accumulates is always the impulse
// applied within the current sub-step, as the soft-constraint formula expects.

import DynamicsMath

/// The solver kind of a joint.
enum JointType: UInt8 {
    /// Distance between two anchor points: rigid rod of `length`, or a spring (`hertz` > 0).
    case distance
    /// Rope: the distance may not exceed `length` (one unilateral, speculative row).
    case rope
    /// The two anchor points coincide (a hinge without limits; a point spring when `hertz` > 0).
    case point
    /// Hinge with optional angle limits and friction torque (pin attachment).
    case revolute
    /// Rigid weld: no relative motion (fixed attachment).
    case weld
    /// Relative translation along one axis only, no relative rotation (sliding attachment).
    case prismatic
    /// UISnapBehavior: four 50 pt springs from the item's corners to fixed points.
    case snap
}

/// Bits of `JointSim.flags`.
enum JointFlags {
    /// The two ends may collide (the four classic attachment initializers).
    static let collideConnected: UInt8 = 1 << 0
    /// Limits are active (pin: angle range; slide: translation range).
    static let limit: UInt8 = 1 << 1
    /// A friction motor is active (pin with frictionTorque > 0).
    static let motor: UInt8 = 1 << 2
    /// The API's item A is the joint's end B (one-item slide, pin and fixed: the world is A).
    static let swapped: UInt8 = 1 << 3
    /// The joint has nothing to solve this tick (both ends on one body, or a removed item).
    static let inactive: UInt8 = 1 << 4
    /// The user spring acts as a force, once per sub-step (ideal; see `Softness.springImpulse`).
    static let forceSpring: UInt8 = 1 << 5
    /// The position passes of this tick left the joint's error beyond the slop (it is being
    /// pulled in, Joints/PullIn.swift): its rigid rows have no position bias this tick.
    static let pulling: UInt8 = 1 << 6
    /// This tick the joint is solved by the wide kernel (Joints/WideJointSolver.swift), not
    /// by the scalar passes; set at the first sub-step's warm start, cleared by `prepare`.
    static let wide: UInt8 = 1 << 7
}

/// The impulses a joint accumulates within one sub-step (kg·pt/s; angular rows kg·pt²/s).
///
/// Meaning per type: `linear` is the point constraint (point, revolute, weld), the
/// perpendicular + angular block (prismatic: x perpendicular, y angular) or springs 1 and 2
/// (snap); `angular` is the weld's angle row or snap spring 3; `axial` is the distance row or
/// spring (distance), or snap spring 4; `lower`/`upper` are limits (rope uses `upper`);
/// `motor` is the pin's friction.
struct JointImpulses {
    var linear: Vec2 = .zero
    var angular: Real = 0
    var axial: Real = 0
    var lower: Real = 0
    var upper: Real = 0
    var motor: Real = 0

    static let zero = JointImpulses()
}

/// One joint: definition, per-tick prepared values and impulses. A trivial struct.
struct JointSim {
    /// The `itemA`/`itemB` value naming the world (a fixed frame).
    static let world = UInt32.max
    /// The `slot` of a removed joint, until `compactJoints` closes its gap.
    static let removedSlot = UInt32.max

    // Layout: the fields that the sub-step passes read come first, in the order below, so
    // that a revolute joint's solve touches the record's first three 64-byte lines and a
    // rope row's lines 0, 1 and 3 (in declaration order the same reads touched six lines of
    // the 512-byte record: the prepared values, the impulses and the sub-step geometry lay
    // at its start, middle and end). Field order changes no arithmetic.

    // MARK: Hot: read by warm start, solve and relax

    /// The behavior slot that owns this joint.
    var slot: UInt32
    var type: JointType
    /// The attachment kind as the API created it (`AttachmentKind` index), or `snapKind`.
    var kind: UInt8
    /// `JointFlags`.
    var flags: UInt8
    /// Dense body indices, -1 for the world (prepared once per tick).
    var bA: Int32 = -1
    var bB: Int32 = -1
    var mA: Real = 0
    var mB: Real = 0
    var iA: Real = 0
    var iB: Real = 0
    /// User spring: frequency, Hz (0: rigid); its damping ratio is `dampingRatio`.
    var hertz: Real
    /// Rest length (distance) or maximum length (rope), pt.
    var length: Real

    // This sub-step's geometry (point, revolute, distance, rope). The anchors and their
    // separation depend only on the bodies' pose deltas (dp, dq), which change only when the
    // step integrates positions, between the solve and the relax of a sub-step. So the relax
    // pass (and the warm start of sub-step 0) computes them once, and the next sub-step's
    // warm start and solve read them: the same numbers, computed once instead of three times.

    /// Anchors rotated by the bodies' dq (world axes, about each centre of mass).
    var rAs: Vec2 = .zero
    var rBs: Vec2 = .zero
    /// The anchor separation deltaCenter + (dpB − dpA) + rBs − rAs.
    var ds: Vec2 = .zero
    /// Revolute: the point block's K and 1/det K (0 when singular). Distance, rope: k11 = |ds|.
    var k11: Real = 0
    /// Effective mass of the distance row or angular row, kg (kg·pt² for angles); prepared
    /// once per tick.
    var axialMass: Real = 0
    var k12: Real = 0
    var k22: Real = 0
    var invDet: Real = 0

    // MARK: Impulses

    /// Accumulated within the current sub-step.
    var impulse = JointImpulses.zero
    /// The first sub-step's impulse of the previous tick (warm start of sub-step 1).
    var impulseFirst = JointImpulses.zero
    /// The last sub-step's impulse of the previous tick (warm start of sub-step 2).
    var impulseLast = JointImpulses.zero

    /// The impulse a sub-step's warm start applies (`World.warmStart`, `warmStartImplied`):
    /// sub-step 0 the previous tick's first, sub-step 1 keeps this tick's first and takes the
    /// previous tick's last, sub-step 3 that last again; the others go on from the sub-step
    /// before.
    @inline(__always)
    mutating func takeWarmStart(substep: Int32) {
        switch substep {
        case 0: impulse = impulseFirst
        case 1:
            impulseFirst = impulse
            impulse = impulseLast
        case 3: impulse = impulseLast
        default: break
        }
    }

    // MARK: Definition

    /// Item slots of the two ends, or `JointSim.world`.
    var itemA: UInt32
    var itemB: UInt32
    /// Anchor on each end in that item's own frame, relative to its centre, pt; a world end's
    /// anchor is a world point. Snap: `localA` is the item's top-left corner, `localB` the snap point.
    var localA: Vec2
    var localB: Vec2
    /// Prismatic: unit axis in A's frame (world axes when A is the world).
    var localAxis: Vec2
    /// Relative angle B − A at creation, rad (revolute, weld, prismatic).
    var referenceAngle: Real
    /// The user spring's damping ratio (`hertz` is among the hot fields).
    var dampingRatio: Real
    /// Limits: revolute rad relative to `referenceAngle`, prismatic pt along the axis.
    var lower: Real
    var upper: Real
    /// Friction torque of a pin, kg·pt²/s² (the API's unit × `World.torqueUnit`).
    var maxMotorTorque: Real

    // MARK: Prepared once per tick

    /// Anchors relative to the centres of mass, world axes, at the tick's start, pt.
    /// Snap: `rA` is the top-left corner, `rB` the bottom-right corner (both on A).
    var rA: Vec2 = .zero
    var rB: Vec2 = .zero
    /// cB − cA at the tick's start (a world end's "centre" is its anchor point), pt.
    var deltaCenter: Vec2 = .zero
    /// angleB − angleA − referenceAngle at the tick's start, rad.
    var deltaAngle: Real = 0
    /// Prismatic: the axis in world axes at the tick's start.
    var axis: Vec2 = .zero
    /// The user spring's softness for this tick.
    var spring = Softness.rigid

    init(slot: UInt32, type: JointType, kind: UInt8, itemA: UInt32, itemB: UInt32, localA: Vec2, localB: Vec2) {
        self.slot = slot
        self.type = type
        self.kind = kind
        self.flags = 0
        self.itemA = itemA
        self.itemB = itemB
        self.localA = localA
        self.localB = localB
        self.localAxis = Vec2(1, 0)
        self.referenceAngle = 0
        self.length = 0
        self.hertz = 0
        self.dampingRatio = 0
        self.lower = -.infinity
        self.upper = .infinity
        self.maxMotorTorque = 0
    }

    /// Forgets the warm-start impulses (after a change of type or geometry).
    mutating func resetImpulses() {
        impulse = .zero
        impulseFirst = .zero
        impulseLast = .zero
    }
}

extension StepContext {
    /// Whether a user spring of `hertz` and damping ratio `zeta` acts as a force in this tick
    /// (`Softness.springForce`): with forces in every sub-step (ideal), for a spring that
    /// oscillates (ζ < 1: there is energy to keep) where the explicit step is stable (h·ω ≤ 1,
    /// up to 38 Hz at 4 sub-steps). Otherwise, and in the `uikit` model, it is a soft row,
    /// which never overshoots (a critically damped spring stays critically damped).
    @inline(__always)
    func springIsForce(hertz: Real, zeta: Real) -> Bool {
        forcesPerSubstep && zeta < 1 && h * 2 * DMath.pi * hertz <= 1
    }

    /// One unilateral limit row, `C ≥ 0` (Docs/solver.md §2.4), as pin and slide limits use it:
    /// speculative while the limit is not reached (`C > 0`: the gap may close, no more), soft
    /// while solving with bias, rigid in relax. `mass` is the row's effective mass, `cdot` the
    /// row's velocity; `accumulated` stays ≥ 0. Returns the impulse to apply now.
    @inline(__always)
    func limitImpulse(c: Real, cdot: Real, mass: Real, accumulated: inout Real, useBias: Bool) -> Real {
        var bias: Real = 0
        var massScale: Real = 1
        var impulseScale: Real = 0
        if c > 0 {
            bias = c * invH
        } else if useBias {
            bias = jointSoftness.biasRate * c
            massScale = jointSoftness.massScale
            impulseScale = jointSoftness.impulseScale
        }
        let lambda = -mass * massScale * (cdot + bias) - impulseScale * accumulated
        let total = Swift.max(accumulated + lambda, 0)
        let applied = total - accumulated
        accumulated = total
        return applied
    }
}

/// The joint solver's state between hooks.
struct JointSolverState {
    /// The implied long-range limits must be rebuilt (a joint was added, removed or changed).
    var topologyDirty = false
    /// The context of the current tick.
    var context = StepContext(tickDuration: 0, substeps: 1)
    /// The order in which the biased solve visits `JointWorld.joints` this tick
    /// (active joints only; see `World.interleaveJoints`), and that function's scratch.
    var order = ContiguousArray<Int32>()
    var scratch = ContiguousArray<Int32>()
    /// Some joint's error was beyond `World.jointSlop` when the tick was prepared: the tick
    /// starts with position passes (Joints/PullIn.swift).
    var overSlop = false
    /// The plain pins of this tick in wide records, colour by colour, and the bodies they name
    /// with their single-precision copies (Joints/WideJointSolver.swift); scratch of the
    /// colouring: per-body colour bits, per-joint colour.
    var wide = ContiguousArray<WideJoint>()
    var wideBodyList = ContiguousArray<Int32>()
    var wideStates = ContiguousArray<WideBodyState>()
    var colourMasks = ContiguousArray<UInt64>()
    var jointColours = ContiguousArray<Int32>()
    /// The implied long-range rows of this tick in wide records (Joints/WideRopeSolver.swift;
    /// their bodies are in `wideBodyList` too).
    /// Kept colourings (WideJointSolver.swift): each joint's `World.pinKey` and lane (record
    /// × 4 + lane, −1: scalar) at the last colouring, the static identity body's index then
    /// and the length of the wide body list's pin part; `pinsKept`: set by `prepareJoints`
    /// when that colouring holds this tick and its lanes are written (cleared by a tick that
    /// pulls joints in, whose pins are all scalar).
    var pinKeys = ContiguousArray<UInt64>()
    var pinSlots = ContiguousArray<Int32>()
    var pinGround: Int32 = -1
    var pinListCount = 0
    var pinsKept = false
    /// Ticks that kept the pins' colouring (for tests).
    var keptColourings = 0
    var ropes = ContiguousArray<WideRope>()
    /// How many of `ropes` this tick uses (the array keeps its largest size), and their
    /// bodies (a body may come twice: `buildWideJoints` lists each once).
    var ropeCount = 0
    var ropeBodies = ContiguousArray<Int32>()
    /// How many active joints and implied rows the scalar passes solve this tick (the rest
    /// are wide); set at the first sub-step's warm start.
    var scalarJoints = 0
    var scalarImplied = 0
    /// A warm start left for the biased solve's copy of the bodies (`warmStartJoints`), or −1.
    var pendingWarmStart: Int32 = -1
}

/// Small dense linear algebra for the joint rows.
enum JointMath {
    /// Solves the symmetric 2×2 system [[a11, a12], [a12, a22]]·x = b; zero if singular.
    @inline(__always)
    static func solve22(_ a11: Real, _ a12: Real, _ a22: Real, _ b: Vec2) -> Vec2 {
        var det = a11 * a22 - a12 * a12
        if det != 0 { det = 1 / det }
        return Vec2(det * (a22 * b.x - a12 * b.y), det * (a11 * b.y - a12 * b.x))
    }

    /// The part of an anchor's motion over one sub-step that velocity rows miss: turning r by
    /// a = ω·h moves it by R(a)·r − r, of which the rows see only a·perp(r). The rest,
    /// (cos a − 1)·r + (sin a − a)·perp(r), is second order in a (Taylor to a⁵; |a| ≤ π/4).
    @inline(__always)
    static func arcDrift(_ r: Vec2, _ w: Real, _ h: Real) -> Vec2 {
        let a = Swift.min(Swift.max(w * h, -0.25 * DMath.pi), 0.25 * DMath.pi)
        let a2 = a * a
        // Multiplications by the reciprocals, not divisions: this sits on the biased pass's
        // critical path, twice per joint (differs from a2 / 720 by at most one rounding).
        let cm1 = a2 * (-0.5 + a2 * (1.0 / 24 - a2 * (1.0 / 720)))
        let sma = a * a2 * (-1.0 / 6 + a2 * (1.0 / 120))
        return cm1 * r + sma * r.perp
    }

    /// The most a curvature correction may ask for in one sub-step, pt: the normal drift is a
    /// fraction of a point; more means a violent motion that the correction should not feed.
    static let maxDrift: Real = 1

    /// The part of a position error that the velocity rows correct (Joints/PullIn.swift): at
    /// most `World.jointSlop`; the position passes take the rest (`JointSim.biasError`).
    @inline(__always)
    static func slopPart(_ c: Real) -> Real { clamp(c, World.jointSlop) }

    /// `c` clamped to [−limit, limit].
    @inline(__always)
    static func clamp(_ c: Real, _ limit: Real) -> Real { Swift.min(Swift.max(c, -limit), limit) }

    /// The same for a point error (its length at most `World.jointSlop`).
    @inline(__always)
    static func slopPart(_ c: Vec2) -> Vec2 {
        let l2 = c.lengthSquared
        if l2 <= World.jointSlop * World.jointSlop { return c }
        return (World.jointSlop / l2.squareRoot()) * c
    }

    /// Clamps a drift vector to `maxDrift`.
    @inline(__always)
    static func clampDrift(_ d: Vec2) -> Vec2 {
        let l2 = d.lengthSquared
        if l2 <= maxDrift * maxDrift { return d }
        return shortenedDrift(d, l2)
    }

    /// The rare case of `clampDrift`, out of line so that the common case is a branch and
    /// not a square root and a division computed and thrown away on every joint.
    @inline(never)
    static func shortenedDrift(_ d: Vec2, _ l2: Real) -> Vec2 {
        (maxDrift / l2.squareRoot()) * d
    }
}
