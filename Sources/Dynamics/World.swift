// The world: items, their rigid bodies, behaviors, and the step.
//
// Design
// ------
// `World` is a value type. Its state is a handful of `ContiguousArray`s of trivial structs, so
// `let saved = world` is a cheap copy-on-write snapshot: the language uses it for undo and to
// leave the world untouched when a command fails half-way. Public calls validate everything
// before they change anything, so a thrown `EngineError` never leaves a half-applied edit.
//
// Objects are named by handles (`ItemID`, `BehaviorID`): an index into a slot table plus a
// generation, as in Box2D. An item slot points at a body in the dense body arrays, which are
// split by who touches them: `bodySims` (hot: pose, velocity, inverse mass, which gravity,
// damping) is what the step reads, `bodyInfos` (cold: owner, shape list, mass) is for
// bookkeeping; the frame's forces, while pushes exist, are `bodyForces`, parallel to them.
// Removing a body swaps the last one into its place and fixes the back-indices (the owner
// item's `body` and the moved body's shapes). Shapes live in one dense array linked per body,
// polygon vertices and normals in pools; the collision code reads them through `ShapeGeometry`.
//
// Item groups (Docs/semantics.md §5) are one body with one shape per member; members have no body and
// their position is derived from the group's transform.
//
// Gravity behaviors hold a vector and an item list (or "all"). UIKit has one world gravity
// vector, the last one set; `dyn` keeps each behavior's own vector and gives each body the
// vector of the most recently set behavior that holds it (Docs/semantics.md §14.8). The result is
// cached per body (`BodySim.gravity`) whenever behaviors or memberships change, so the step
// only reads a per-body value.
//
// The step (Docs/solver.md §2.1, §2.5, §2.12) is a fixed pipeline of named stages over a
// `StepContext`, in Solver/Step.swift:
//
//   frame:  (uikit, paused: nothing) ideal: one tick of 1/60 s.
//           uikit: acc += 1/60; while acc ≥ h { tick(h); acc −= h }
//   tick H: updateContacts (broadphase pairs, narrowphase manifolds: Contacts/)
//           integrateVelocities (gravity, forces, damping, applied once: v ← (v + H·a)/(1 + H·c))
//           impactPass (sequential bounces), prepare joints and contacts
//           repeat substeps times (h = H/substeps):
//               applyFields                 field behaviors at the sub-step's positions (Fields/)
//               warm start, solve (soft)    joints, then contacts
//               integratePositions          (dp += h·v, da += h·ω on the solver bodies)
//               relax (rigid, friction)     joints, then contacts
//           restitution, store impulses, finalize (pose += delta, or the time of impact of a
//           fast body; bounding boxes, proxies), sleep (uikit, Sleep.swift)
//   after the frame: clear force and torque accumulators (push behaviors add to them);
//           contact events of the frame; uikit: pause if no body is awake
//
// Applying the tick's external acceleration once makes free bodies follow H-step symplectic
// Euler exactly whatever the number of sub-steps, which the uikit free-fall table needs.
//
// Determinism: no Foundation trig (DMath only), no FMA, no hashed-collection iteration; the
// same calls give bit-identical worlds.

import DynamicsCollision
import DynamicsMath

/// A 2D rigid-body world with the semantics of UIKit Dynamics. A value type: copies are snapshots.
public struct World: Sendable {
    // MARK: Settings

    /// Size of the reference view (the world bounds), pt.
    public private(set) var size: Vec2
    /// The behaviour model (defaults and time stepping).
    public private(set) var model: WorldModel
    /// Sub-steps per tick, 1...64 (default 4): constraint solving and position integration run
    /// this many times per tick.
    public private(set) var substeps: Int
    /// Gravity, forces and damping act in every sub-step (symplectic Euler at h = H/substeps,
    /// Box2D v3's order; the default), instead of once per tick (H-step Euler, which the
    /// `uikit` model's free-fall numbers need). Only the `ideal` model honours it: the
    /// `uikit` model always acts once per tick (Docs/engine.md, "Models and the step").
    public var forcesPerSubstep = true {
        didSet { if forcesPerSubstep != oldValue { paused = false } }
    }

    // MARK: Clock

    /// Frames stepped so far.
    public internal(set) var frameCount: Int = 0
    /// Elapsed seconds of stepped frames (UIDynamicAnimator.elapsedTime).
    public var time: Real { Real(frameCount) * World.frameDuration }
    /// The uikit model's tick accumulator, s.
    var accumulator: Double = 0
    /// Ticks run so far (both models).
    public internal(set) var tickCount: Int = 0

    // MARK: Tables (see Storage.swift)

    var items = ContiguousArray<ItemRecord>()
    var freeItem: Int32 = -1
    var itemSerial: UInt64 = 0

    var bodySims = ContiguousArray<BodySim>()
    var bodyInfos = ContiguousArray<BodyInfo>()
    /// Forces and torques of the frame being stepped, per body, while some push behavior exists
    /// (Behaviors/Push.swift); empty otherwise, which the step reads as none.
    var bodyForces = ContiguousArray<BodyForce>()

    var shapes = ContiguousArray<ShapeRecord>()
    var vertices = ContiguousArray<Vec2>()
    var normals = ContiguousArray<Vec2>()
    /// The start of the last polygon appended to the pools (it runs to their end), −1 when
    /// a removal came since: a new polygon equal to it shares its range (`allocatePolygon`).
    var lastPolygonStart: Int32 = -1

    /// Behavior slots and (behavior, item) memberships (Behaviors/BehaviorTable.swift).
    var behaviors = BehaviorTable()
    /// Gravity behaviors (Behaviors/Gravity.swift).
    var gravities = ContiguousArray<GravityRecord>()
    /// The accelerations bodies feel, pt/s²: none first, then each gravity record's
    /// (`BodySim.gravity` indexes it; Behaviors/Gravity.swift).
    var gravityTable: ContiguousArray<Vec2> = [.zero]
    /// Counter for "the gravity vector set most recently".
    var gravityStamp: UInt64 = 0

    /// The constraint solvers' view of the bodies during a tick (Solver/SolverBody.swift);
    /// `solverBodies[i]` is `bodySims[i]`. Scratch: rebuilt from `bodySims` every tick.
    var solverBodies = ContiguousArray<SolverBody>()

    // MARK: Joints and pushes (Joints/, Behaviors/Attachment.swift, Push.swift, Snap.swift)

    /// Attachments and snaps as solver joints, the implied limits, the joint solver's state
    /// and the joint collision filter (Joints/JointWorld.swift).
    var jointWorld = JointWorld()
    /// Push behaviors; their items are in `behaviors.pushMembers`.
    var pushes = ContiguousArray<PushRecord>()

    // MARK: Collision (Behaviors/Collision.swift, Boundaries.swift, Contacts/, Sleep.swift)

    /// Collision behaviors, one record per behavior (their items: `behaviors.collisionMembers`).
    var collisions = ContiguousArray<CollisionRecord>()
    /// Named boundaries: a slot table, their points in one pool.
    var boundarySlots = ContiguousArray<BoundarySlot>()
    var freeBoundary: Int32 = -1
    var boundaryPoints = ContiguousArray<Vec2>()
    /// Broadphase, persistent contacts, solver scratch and the frame's contact events.
    var contactWorld = ContactWorld()
    /// The sleep pass's islands and scratch (Sleep.swift).
    var islands = Islands()
    /// uikit model: true once every dynamic body sleeps (Sleep.swift); any change clears it.
    var paused = false

    // MARK: Fields (Fields/FieldStorage.swift)

    /// Field behaviors: records, their regions, the fields' clock and the step's scratch.
    var fieldTable = FieldTable()

    // MARK: Creation and settings

    /// An empty world of `size` pt (the reference view) stepping in `model`.
    public init(size: Vec2 = Vec2(375, 667), model: WorldModel = .ideal) {
        self.size = size
        self.model = model
        self.substeps = 4
    }

    /// Sets the size of the reference view, pt; both sides finite and > 0.
    public mutating func setSize(_ s: Vec2) throws(EngineError) {
        try World.checkSize("width", s.x)
        try World.checkSize("height", s.y)
        if size != s { noteCollisionEdit() }  // reference bounds follow the size
        size = s
    }

    /// Switches the model. Items keep explicitly set material values; the others take the new
    /// model's defaults. Non-circular ellipses change shape (exact ↔ polygon), and so mass.
    /// The tick accumulator restarts.
    public mutating func setModel(_ m: WorldModel) {
        guard m != model else { return }
        model = m
        accumulator = 0
        for i in items.indices where items[i].kind != .free {
            applyModelDefaults(item: UInt32(i))
        }
        // Rebuild ellipse shapes for the new model, then the affected bodies' mass.
        var touched: [Int32] = []
        for i in items.indices where items[i].kind == .single || items[i].kind == .member {
            let rec = items[i]
            guard rec.shapeRequest == .ellipse, rec.size.x != rec.size.y else { continue }
            let s = Int(rec.shape)
            rebuildGeometry(shape: s)
            touched.append(shapes[s].body)
        }
        for b in touched { updateMass(body: Int(b)) }
        for b in bodySims.indices { syncBodySettings(body: b) }
        for s in shapes.indices { syncShapeMaterial(shape: s) }
        refreshBounds()
        noteCollisionEdit()
    }

    /// Sets the number of sub-steps per tick, 1...64.
    public mutating func setSubsteps(_ n: Int) throws(EngineError) {
        guard (1...64).contains(n) else {
            throw EngineError(field: "substeps", value: Real(n), requirement: .between(1, 64))
        }
        substeps = n
    }

    // MARK: Stepping

    /// Advances one frame of 1/60 s: one tick in `ideal`; in `uikit` as many ticks of
    /// `WorldModel.uikitTick` as the accumulator holds (1 on the first frame, then 2).
    ///
    /// Returns false, and does nothing (no time passes), while the `uikit` world is paused
    /// because every body sleeps (Docs/semantics.md §3.1, §14.4); any change resumes it. The
    /// `ideal` model never sleeps. `contactEvents` then holds this frame's events.
    @discardableResult
    public mutating func step() -> Bool {
        var none = NoCustomFields()  // Fields: custom fields exert no force (Fields/FieldStep.swift)
        return stepFrame(customFields: &none)
    }

    /// The frame of `step()` and `step(customFields:)` (Fields/FieldStep.swift).
    mutating func stepFrame<E: CustomFieldEvaluator>(customFields: inout E) -> Bool {
        compactJoints()
        if model == .uikit && paused { return false }
        beginFrameEvents()
        applyPushes()
        switch model {
        case .ideal:
            tick(World.frameDuration, customFields: &customFields)
        case .uikit:
            let h = WorldModel.uikitTick
            accumulator += World.frameDuration
            while accumulator >= h {
                tick(h, customFields: &customFields)
                accumulator -= h
            }
        }
        clearForces()
        endFrameEvents()
        frameCount += 1
        if model == .uikit { paused = !hasAwakeBody }
        return true
    }
}
