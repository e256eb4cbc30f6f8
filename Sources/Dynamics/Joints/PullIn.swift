// Pull-in: joint errors beyond the slop are removed from positions, not through velocities.
//
// A rigid row corrects its position error C with a velocity bias β·C while solving (Soft
// Step); relax then removes the velocity along the row again, so a pull-in along the row
// leaves nothing behind. But the bias acts at the anchor, and an anchor off the centre of
// mass of what the row pulls (an offset attachment, or a board carrying a pinned arm) turns
// it: relax keeps that turn and the sideways speed that goes with it, and a row shortening
// towards its pivot spins it up further (angular momentum kept, radius falling). The
// BallSwift hoop (a board 70 pt from its 2 pt attachment, an arm pinned on it) gained
// `world.energy` 94,875 from 0 and circled its anchor at 362 pt/s for ever; the board
// alone attached 36 pt off its centre reached 579,196 in 0.5 s.
//
// So a joint's velocity rows see at most `World.jointSlop` (2 pt) of a length error and
// `World.jointAngularSlop` (2°) of an angle error (`biasError`, `biasAngle`). A joint beyond
// either at a tick's start starts a pull-in: before the sub-steps, position passes (Box2D 2's
// position solver, the engine of UIKit's original) move the solver bodies' pose deltas (dp,
// da) by pseudo-impulses through each row's effective mass and leave every velocity as it
// was, so nothing gains kinetic energy:
//   - up to `jointPullInPasses` (4) pulling passes over every active joint, each moving a row
//     by at most its share of `jointPullInSpeed` (1,200 pt/s) and taking every error above
//     `jointPullInSettle` (0.01 pt) out;
//   - up to as many following passes, in which a joint still beyond the slop stays put and
//     everything else (what the pulled item carries: the pinned arm) settles onto it;
//   - a measuring pass: a joint still beyond the slop is marked (`JointFlags.pulling`): its
//     rows have no position bias this tick, the next tick goes on pulling, and in the
//     `uikit` model its island does not fall asleep meanwhile (Sleep.swift).
// The implied long-range rows assume every joint at its length, which a pull-in is not yet:
// they take part in the pulling passes only, never start a pull-in, and one left stretched
// loses its bias for the tick (marked above the settle threshold, cleared at each prepare).
//
// Errors within the slop are left to the soft rows exactly as before: a pendulum's static
// deflection (0.007 pt), a pin under an impact (≤ 0.08 pt), a swinging rope's gaps, a hanging
// chain (4e-6 of its length); a world none of whose joints passes the slop steps bit for bit
// as it did. The passes run only in a tick that `prepareJoints` found one in (`overSlop`).
//
// Rows projected: rigid rods (distance, frequency 0), ropes and implied rows (when
// stretched), the point constraints of pins, hinges and welds, a weld's angle, a slide's
// side, angle and travel range, a pin's angle limits. Springs are forces and are left alone.

import DynamicsMath

extension World {
    /// Hook (after prepareConstraints, in a tick with a joint beyond the slop): position
    /// passes over every active joint (see the header).
    mutating func pullInJoints(_ ctx: StepContext) {
        if !jointWorld.solver.overSlop { return }
        let passes = World.jointPullInPasses
        let maxMove = World.jointPullInSpeed * ctx.tickDuration / Real(passes)
        let maxTurn = maxMove * World.jointAngularSlop / World.jointSlop
        let settle = World.jointPullInSettle / World.jointSlop
        solverBodies.withUnsafeMutableBufferPointer { bodies in
            // Pulling passes (every error above `settle` moved, by at most `maxMove` a pass);
            // then following passes, in which what is still beyond the slop stays where it
            // is and the rest (what the pulled items carry) settles onto it; then one that
            // only measures: a joint still beyond the slop is marked as being pulled in, and
            // its velocity rows leave its error to the next tick's passes.
            var pass = 0
            while true {
                let following = pass >= passes
                let move = pass < 2 * passes ? maxMove : 0
                let joints = PullInPass(
                    settle: settle, maxMove: move, maxTurn: maxTurn, freezeAbove: following ? 1 : .infinity, markAbove: 1)
                // The implied rows assume every joint at its length, which a pull-in is not
                // yet: they pull with the rest, then stay out of the following passes, and one
                // left stretched has no velocity bias this tick.
                let implied = PullInPass(
                    settle: settle, maxMove: move, maxTurn: maxTurn, freezeAbove: following ? 0 : .infinity,
                    markAbove: settle)
                var worst: Real = 0
                jointWorld.joints.withUnsafeMutableBufferPointer { js in
                    World.forEachActive(js, bodies, nil) { j, A, B in
                        worst = Swift.max(worst, j.pointee.pullIn(&A.pointee, &B.pointee, joints))
                    }
                }
                jointWorld.impliedJoints.withUnsafeMutableBufferPointer { js in
                    World.forEachActive(js, bodies, nil) { j, A, B in
                        worst = Swift.max(worst, j.pointee.pullIn(&A.pointee, &B.pointee, implied))
                    }
                }
                if move == 0 { break }
                // Every error that may move was settled before this pass: on to the next stage.
                if worst <= settle { pass = following ? 2 * passes : passes } else { pass += 1 }
            }
        }
    }
}

extension JointSim {
    // Errors are measured in slops: a length over `World.jointSlop`, an angle over
    // `World.jointAngularSlop`; a joint's error is that of its worst row.

    /// How far `x` lies outside [lower, upper] (signed: negative below), 0 inside or without
    /// limits.
    @inline(__always)
    func limitExcess(_ x: Real) -> Real {
        if flags & JointFlags.limit == 0 { return 0 }
        return x < lower ? x - lower : x > upper ? x - upper : 0
    }

    /// One position pass of this joint (`pass` says how; errors in slops): every row whose
    /// error is above `pass.settle` moves the two bodies' poses by the pseudo-impulse that
    /// takes it out (by at most `pass.maxMove` or `pass.maxTurn`), through the row's effective
    /// mass at the current pose; a joint whose error is above `pass.freezeAbove` stays as it
    /// is; in a measuring pass (`maxMove` 0) nothing moves and the joint is marked if its
    /// error is above `pass.markAbove`. Returns the error of a joint it moved or measured
    /// (0 if frozen), before the move.
    @inline(__always)
    mutating func pullIn(_ A: inout SolverBody, _ B: inout SolverBody, _ pass: PullInPass) -> Real {
        let linear = 1 / World.jointSlop
        let angular = 1 / World.jointAngularSlop
        let rA = A.dq.apply(self.rA)
        let rB = B.dq.apply(self.rB)
        let d = deltaCenter + (B.dp - A.dp) + rB - rA
        switch type {
        case .distance, .rope:
            if type == .distance && hertz > 0 { return 0 }
            let L = d.length
            if L < 1e-9 { return 0 }
            let c = type == .rope ? Swift.max(L - length, 0) : L - length
            let error = abs(c) * linear
            guard pass.moves(error, &self) != nil else { return pass.reported(error) }
            let u = d / L
            moveRow(&A, &B, u, rA.cross(u), rB.cross(u), by: pass.clampMove(c))
            return error
        case .point, .revolute, .weld:
            if type == .point && hertz > 0 { return 0 }
            let theta = deltaAngle + (B.da - A.da)
            let turn = type == .weld ? theta : type == .revolute ? limitExcess(theta) : 0
            let error = Swift.max(d.length * linear, abs(turn) * angular)
            guard let settle = pass.moves(error, &self) else { return pass.reported(error) }
            // The angle first, the point (which turns the bodies a little too) last.
            var rA = rA
            var rB = rB
            var c = d
            if abs(turn) * angular > settle {
                turnRow(&A, &B, by: pass.clampTurn(turn))
                // The turn moved the anchors: measure the point again.
                rA = A.dq.apply(self.rA)
                rB = B.dq.apply(self.rB)
                c = deltaCenter + (B.dp - A.dp) + rB - rA
            }
            if d.length * linear > settle {
                let l = c.length
                let move = l > pass.maxMove ? (pass.maxMove / l) * c : c
                let (k11, k12, k22) = pointBlock(rA, rB)
                let p = -JointMath.solve22(k11, k12, k22, move)
                JointSim.shift(&A, by: -mA * p, turn: -iA * rA.cross(p))
                JointSim.shift(&B, by: mB * p, turn: iB * rB.cross(p))
            }
            return error
        case .prismatic:
            let a = A.dq.apply(axis)
            let n = a.perp
            let theta = deltaAngle + (B.da - A.da)
            let side = n.dot(d)
            let travel = limitExcess(a.dot(d))
            let error = Swift.max(abs(side) * linear, abs(theta) * angular, abs(travel) * linear)
            guard let settle = pass.moves(error, &self) else { return pass.reported(error) }
            if abs(theta) * angular > settle { turnRow(&A, &B, by: pass.clampTurn(theta)) }
            if abs(travel) * linear > settle {
                moveRow(&A, &B, a, (d + rA).cross(a), rB.cross(a), by: pass.clampMove(travel))
            }
            if abs(side) * linear > settle {
                let rA = A.dq.apply(self.rA)
                let rB = B.dq.apply(self.rB)
                let d = deltaCenter + (B.dp - A.dp) + rB - rA
                let n = A.dq.apply(axis).perp
                moveRow(&A, &B, n, (d + rA).cross(n), rB.cross(n), by: pass.clampMove(n.dot(d)))
            }
            return error
        case .snap:
            return 0
        }
    }

    /// Takes `c` (pt) out of a linear row of direction `u` whose angular arms are `sA`, `sB`
    /// (Jacobian [−u, −sA, u, sB]).
    @inline(__always)
    func moveRow(_ A: inout SolverBody, _ B: inout SolverBody, _ u: Vec2, _ sA: Real, _ sB: Real, by c: Real) {
        let k = mA + mB + iA * sA * sA + iB * sB * sB
        if k <= 0 { return }
        let lambda = -c / k
        JointSim.shift(&A, by: -mA * lambda * u, turn: -iA * lambda * sA)
        JointSim.shift(&B, by: mB * lambda * u, turn: iB * lambda * sB)
    }

    /// Takes `c` (rad) out of the relative angle B − A.
    @inline(__always)
    func turnRow(_ A: inout SolverBody, _ B: inout SolverBody, by c: Real) {
        let k = iA + iB
        if k <= 0 { return }
        let lambda = -c / k
        JointSim.shift(&A, by: Vec2(0, 0), turn: -iA * lambda)
        JointSim.shift(&B, by: Vec2(0, 0), turn: iB * lambda)
    }

    /// The error a rigid row's position bias sees: at most `World.jointSlop`, and none while
    /// the joint is being pulled in (the position passes move it).
    @inline(__always)
    func biasError(_ c: Real) -> Real {
        flags & JointFlags.pulling != 0 ? 0 : JointMath.slopPart(c)
    }

    @inline(__always)
    func biasError(_ c: Vec2) -> Vec2 {
        flags & JointFlags.pulling != 0 ? Vec2(0, 0) : JointMath.slopPart(c)
    }

    /// The same for an angle row: at most `World.jointAngularSlop`.
    @inline(__always)
    func biasAngle(_ c: Real) -> Real {
        flags & JointFlags.pulling != 0 ? 0 : JointMath.clamp(c, World.jointAngularSlop)
    }

    /// A limit row's C (≥ 0 allowed): a gap (C > 0) is closed speculatively as before; a
    /// violation is seen as `biasError` or `biasAngle` sees it.
    @inline(__always)
    func limitBias(_ c: Real, angle: Bool) -> Real {
        c > 0 ? c : angle ? biasAngle(c) : biasError(c)
    }

    /// The same for an implied long-range row: all of its error, none while marked.
    @inline(__always)
    func impliedBiasError(_ c: Real) -> Real {
        flags & JointFlags.pulling != 0 ? 0 : c
    }

    /// Marks the joint as being pulled in if `error` is above `limit`, and clears the mark
    /// otherwise; returns `error`.
    @inline(__always)
    mutating func markPulling(_ error: Real, above limit: Real) -> Real {
        if error > limit { flags |= JointFlags.pulling } else { flags &= ~JointFlags.pulling }
        return error
    }

    /// Whether this joint starts (or goes on with) a pull-in this tick: a row's error at the
    /// tick's start (pose deltas zero) is beyond the slop, or the last pull-in left the joint
    /// marked. (Run on every joint every tick: squared lengths, no square root where none is
    /// needed.)
    @inline(__always)
    func needsPullIn() -> Bool {
        if flags & JointFlags.inactive != 0 { return false }
        if flags & JointFlags.pulling != 0 { return true }
        let slop = World.jointSlop
        let angularSlop = World.jointAngularSlop
        let d = deltaCenter + rB - rA
        switch type {
        case .distance: return hertz == 0 && abs(d.length - length) > slop
        case .rope: return d.lengthSquared > (length + slop) * (length + slop)
        case .point: return hertz == 0 && d.lengthSquared > slop * slop
        case .revolute: return d.lengthSquared > slop * slop || abs(limitExcess(deltaAngle)) > angularSlop
        case .weld: return d.lengthSquared > slop * slop || abs(deltaAngle) > angularSlop
        case .prismatic:
            return abs(axis.perp.dot(d)) > slop || abs(deltaAngle) > angularSlop || abs(limitExcess(axis.dot(d))) > slop
        case .snap: return false
        }
    }

    /// Moves a solver body's pose by `dp` and turns it by `da`, its velocities untouched.
    @inline(__always)
    static func shift(_ b: inout SolverBody, by dp: Vec2, turn da: Real) {
        b.dp += dp
        if da != 0 {
            b.da += da
            b.dq = Rot(angle: b.da)
        }
    }
}

/// How one position pass treats the joints (Joints/PullIn.swift; errors in slops).
struct PullInPass {
    /// Rows with errors at or below this are left alone.
    var settle: Real
    /// The most a row moves (pt) or turns (rad) in this pass; `maxMove` 0: only measure.
    var maxMove: Real
    var maxTurn: Real
    /// Joints with errors above this stay as they are (they are being pulled).
    var freezeAbove: Real
    /// In a measuring pass, joints with errors above this are marked as being pulled in.
    var markAbove: Real

    /// Whether a joint with `error` moves in this pass: its settle threshold if so; nil if
    /// not (a measuring pass marks `j` on the way).
    @inline(__always)
    func moves(_ error: Real, _ j: inout JointSim) -> Real? {
        if maxMove == 0 {
            _ = j.markPulling(error, above: markAbove)
            return nil
        }
        if error <= settle || error > freezeAbove { return nil }
        return settle
    }

    /// What a joint that does not move reports: 0 if it is frozen, else its error.
    @inline(__always)
    func reported(_ error: Real) -> Real { maxMove != 0 && error > freezeAbove ? 0 : error }

    @inline(__always)
    func clampMove(_ c: Real) -> Real { JointMath.clamp(c, maxMove) }

    @inline(__always)
    func clampTurn(_ c: Real) -> Real { JointMath.clamp(c, maxTurn) }
}
