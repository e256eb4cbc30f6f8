// The joints' room: every attachment and snap as a solver joint, the implied long-range
// limits of chains, the joint solver's state between the step's hooks, and the filter of item
// pairs that a joint keeps from colliding. It sits beside `ContactWorld` (contacts) and is
// owned by `World` as `jointWorld`; the code that reads and writes it is in this folder
// (JointSolver.swift: the stages; Joint.swift: the records) and in Behaviors/Attachment.swift
// and Snap.swift (the public API).

/// The joints' state: records, implied rows, solver state and collision filter.
struct JointWorld {
    /// Attachments and snaps as solver joints, in creation order; a behavior slot's record is
    /// the index. A removed one stays in place, its `slot` `JointSim.removedSlot`, until the
    /// next step (or the next pass over them all) closes the gaps (`compactJoints`): removing
    /// one is then constant time, where moving the later joints down was a copy of them all.
    var joints = ContiguousArray<JointSim>()
    /// How many of `joints` are removed ones.
    var removedJoints = 0
    /// Implied long-range limits of chains (JointSolver.swift), rebuilt when joints change.
    var impliedJoints = ContiguousArray<JointSim>()
    /// The joint solver's state between the step's hooks.
    var solver = JointSolverState()
    /// Sorted item pairs that a joint keeps from colliding (`jointPreventsCollision`).
    var filterKeys = ContiguousArray<UInt64>()
    /// `filterFirst[s]`: the first key of `filterKeys` whose smaller slot is ≥ s (one entry per
    /// item slot, plus one), so a slot's keys are found without a search.
    var filterFirst = ContiguousArray<Int32>()
    /// Joints changed since the filter was built (`refreshJointFilter`).
    var filterStale = false
}
