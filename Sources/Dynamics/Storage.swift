// The world's internal tables. Every element is a trivial struct (no class, array, string or
// existential inside), so copying the world copies flat buffers and hot loops touch no
// reference counts.
//
//   items       slot array (stable index + generation, free list): what the API names.
//   bodySims    dense, hot: what the step reads and writes every tick.
//   bodyInfos   dense, cold, parallel to bodySims: bookkeeping and mass.
//   shapes      dense: one per single item or group member; linked per body.
//   vertices    pool of polygon vertices (body-local, positive raw area) and their normals.
//   behaviors   slot array; gravity records and (behavior, item) memberships in flat lists.

import DynamicsCollision
import DynamicsMath

/// Body flags (`BodySim.flags`).
enum BodyFlags {
    /// Anchored: infinite mass, never integrated.
    static let isStatic: UInt32 = 1 << 0
    /// allowsRotation = false: infinite rotational inertia, spin held at 0.
    static let fixedRotation: UInt32 = 1 << 1
    /// Asleep (uikit model, Sleep.swift): not integrated, not solved, velocity zero.
    static let isAsleep: UInt32 = 1 << 2
    /// A bullet: its motion is swept against movable items too (Contacts/Continuous.swift).
    static let isBullet: UInt32 = 1 << 3
    /// Carried, at the last tick's stack sweep, a body much heavier than itself
    /// (Contacts/StackSweep.swift): its contact with a static body is measured from the static
    /// body's face, the normal its column shares (Contacts/Recycling.swift, "Light bodies
    /// under heavy ones").
    static let carriesLoad: UInt32 = 1 << 4
}

/// The hot state of one rigid body: read and written by every stage of the step. (144 B: the
/// gravity it feels is an index into the world's few distinct accelerations, and the forces of
/// the frame live in `World.bodyForces` while some push acts; both cost 40 B a body here.)
struct BodySim {
    /// Pose of the body origin (the item's centre, or the group's union-rect centre), pt.
    var transform: Transform
    /// World centre of mass, pt.
    var center: Vec2
    /// Centre of mass in body coordinates, pt.
    var localCenter: Vec2
    /// Rotation, radians, integrated exactly (`transform.q` is its cached cos/sin).
    var angle: Real
    /// Velocity of the centre of mass, pt/s.
    var v: Vec2
    /// Angular velocity, rad/s (positive clockwise on screen).
    var w: Real
    /// 1/mass, 1/kg (0 when anchored).
    var invMass: Real
    /// 1/inertia, 1/(kg·pt²) (0 when anchored or not allowed to rotate).
    var invInertia: Real
    /// Linear damping (resistance), 1/s.
    var linearDamping: Real
    /// Angular damping (angularResistance), 1/s.
    var angularDamping: Real
    /// `BodyFlags`.
    var flags: UInt32
    /// The gravity the body feels: its acceleration is `World.gravityTable[gravity]` (0: none;
    /// cached from the gravity behaviors, Behaviors/Gravity.swift). (In the 4 B after `flags`.)
    var gravity: UInt32
    /// How long the body has stayed under the sleep thresholds, s (uikit model, Sleep.swift).
    var sleepTime: Real
}

/// The force and torque accumulated on one body for the frame being stepped (push behaviors),
/// kg·pt/s² and kg·pt²/s²: `World.bodyForces`, parallel to `bodySims`.
struct BodyForce {
    var force: Vec2
    var torque: Real

    static let zero = BodyForce(force: .zero, torque: 0)
}

/// The cold bookkeeping of one body, parallel to `bodySims`. (32 B: its bounding box is the
/// union of its shapes' boxes, which only a fast body's sweep asks for, `World.bodyBox`.)
struct BodyInfo {
    /// Item slot that owns the body (a single item or a group).
    var item: UInt32
    /// First shape in `shapes` (a linked list through `ShapeRecord.next`), -1 if none.
    var firstShape: Int32
    /// Number of shapes.
    var shapeCount: Int32
    /// Mass, kg (as if not anchored).
    var mass: Real
    /// Inertia about the centre of mass, kg·pt² (as if free to rotate).
    var inertia: Real
}

/// How a shape's contact point moves as its body turns, for the contact solver's arms
/// (Contacts/ContactSolver.swift, `RollingArms`).
enum RoundSide: UInt8 {
    /// A polygon: its contacts are vertices and faces, material points.
    case flat
    /// A circle about its body's centre of mass: its contact arm never turns.
    case centred
    /// An ellipse, or a circle off its body's centre of mass: it rolls.
    case rolling
}

/// One collision shape on a body.
struct ShapeRecord {
    /// Geometry in body coordinates (polygons point into `vertices`).
    var geometry: ShapeGeometry
    /// How the shape's contact point moves as its body turns (`World.roundSide`, kept by
    /// `updateMass`, which follows every change of a shape or of its body's centre of mass).
    /// (In the geometry's tail padding: the record stays 120 bytes.)
    var roundSide: RoundSide
    /// Dense index of the body in `bodySims`.
    var body: Int32
    /// Item slot of the single item or group member this shape stands for.
    var item: UInt32
    /// Next shape of the same body, -1 at the end.
    var next: Int32
    /// Material, copied from the item: relative density, friction, elasticity.
    var density: Real
    var friction: Real
    var elasticity: Real
    /// World bounding box after the last step or edit.
    var aabb: AABB
}

/// What an item slot holds.
enum ItemKind: UInt8 {
    case free
    /// A plain item with its own body.
    case single
    /// A UIDynamicItemGroup: its own body, with one shape per member.
    case group
    /// A member of a group: no body, one shape on the group's body.
    case member
}

/// Which shape an item asked for (the path's vertices live in the shape).
enum ShapeRequest: UInt8 {
    case rectangle, ellipse, path
}

/// Bits of `ItemRecord.explicit`: material values set by the user, kept across model switches.
enum ExplicitBits {
    static let elasticity: UInt8 = 1 << 0
    static let friction: UInt8 = 1 << 1
    static let resistance: UInt8 = 1 << 2
    static let angularResistance: UInt8 = 1 << 3
}

/// The API-facing record of one item slot. (The fields of one byte come last: 120 B, not
/// the 136 B of the order they were added in.)
struct ItemRecord {
    var generation: UInt32
    /// Next free slot when free, -1 at the end of the free list.
    var nextFree: Int32
    /// Creation order, for listing items deterministically.
    var serial: UInt64
    /// Dense body index (single, group), -1 for members.
    var body: Int32
    /// Shape index (single, member), -1 for groups.
    var shape: Int32
    /// Member: the group's item slot. Group: first member's slot. Otherwise UInt32.max.
    var group: UInt32
    /// Member: the next member of the same group, UInt32.max at the end.
    var nextMember: UInt32
    /// Member: its centre in the group body's frame, pt. Otherwise zero.
    var offset: Vec2
    /// Size, pt (a group: the enclosing rectangle of its members at creation).
    var size: Vec2
    /// Material and body settings as the user sees them.
    var elasticity: Real
    var friction: Real
    var density: Real
    var resistance: Real
    var angularResistance: Real
    var charge: Real
    var kind: ItemKind
    var shapeRequest: ShapeRequest
    var allowsRotation: Bool
    var anchored: Bool
    /// Swept against movable items too (continuous collision; Contacts/Continuous.swift).
    var bullet: Bool = false
    /// `ExplicitBits` of the values set explicitly.
    var explicit: UInt8

    static let noGroup = UInt32.max
}

/// What a behavior slot holds.
enum BehaviorSlotKind: UInt8 {
    case free, gravity, collision
    case attachment, push, snap
    /// A field behavior (Fields/).
    case field
}

struct BehaviorSlot {
    var generation: UInt32
    var kind: BehaviorSlotKind
    var nextFree: Int32
    /// Index into the per-kind table (`gravities`, ..., `fieldTable.records`).
    var record: Int32
}

/// One gravity behavior.
struct GravityRecord {
    /// The behavior slot it belongs to.
    var slot: UInt32
    /// The acceleration vector, in units of 1000 pt/s² (UIKit's gravityDirection).
    var vector: Vec2
    /// The angle reported and used by a later magnitude change, radians.
    var angle: Real
    /// true: acts on every item, present and future.
    var allItems: Bool
    /// When the vector was last set (a world-wide counter): the latest set wins.
    var stamp: UInt64
}

/// One (behavior, item) membership, in the order added.
extension Array where Element: Comparable {
    /// In a sorted array, the first index whose element is not less than `x` (`count` if none).
    func lowerBound(of x: Element) -> Int {
        var lo = 0
        var hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if self[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}

extension ContiguousArray {
    /// Makes the array `count` long: cut at the end, or grown one `fill` at a time (no
    /// temporary array, which an unoptimized build would allocate), keeping its capacity.
    mutating func setCount(_ count: Int, fill: Element) {
        while self.count < count { append(fill) }
        if self.count > count { removeLast(self.count - count) }
    }
}

struct Membership: Hashable {
    var behavior: UInt32
    var item: UInt32
}
