// A warning for an `on contact A B` handler that can never run: no collision behavior lets A
// and B touch. It is given when the world first steps after the handler was added (a script may
// add the `collide` after the handler), once per handler, on standard error; nothing stops.
//
// Who may touch (Docs/semantics.md §5): two items when one collision behavior holds both and its mode
// has the items bit; an item and a named boundary when a behavior holding the item has the
// boundaries bit; an item and `bounds` when such a behavior also turns the reference bounds into
// a boundary. Two boundaries never touch. A group member counts as held when its group is.

import Dynamics

/// A contact handler still to look at, and where it was written.
struct PendingContactCheck: Sendable {
    var handler: String
    var location: SourceLocation
}

extension Interpreter {
    /// Warns about the pending handlers whose two sides no collision behavior lets touch.
    func checkPendingContacts() {
        let pending = session.pendingContactChecks
        session.pendingContactChecks = []
        for p in pending {
            guard let h = session.contactHandlers.first(where: { $0.name == p.handler }) else { continue }
            if !canTouch(h.a, h.b) {
                warn(Diagnostic(.warning, "no collision behavior lets '\(h.a)' and '\(h.b)' touch, so this handler never runs"
                                + (h.a == "bounds" || h.b == "bounds" ? " (add e.g. `collide \(h.a == "bounds" ? h.b : h.a) bounds`)" : " (add e.g. `collide \(h.a) \(h.b)`)"),
                                at: p.location))
            }
        }
    }

    /// Whether some collision behavior lets the items or boundaries named `a` and `b` touch.
    func canTouch(_ a: String, _ b: String) -> Bool {
        let w = session.world
        func item(_ n: String) -> ItemID? {
            if case .item(let id)? = session.entities[n] { return id }
            return nil
        }
        let ia = item(a), ib = item(b)
        guard ia != nil || ib != nil else { return false }  // two boundaries
        for id in behaviorsInOrder where w.behaviorKind(id) == .collision {
            guard let mode = w.collisionMode(id) else { continue }
            let members = w.collisionItems(id)
            func holds(_ item: ItemID) -> Bool {
                guard let members else { return true }
                return members.contains(item) || w.group(of: item).map(members.contains) == true
            }
            if let ia, let ib {
                if mode != .boundaries && holds(ia) && holds(ib) { return true }
            } else {
                let it = ia ?? ib!
                let other = ia == nil ? a : b
                guard mode != .items, holds(it) else { continue }
                if other != "bounds" || w.collisionBounds(id) == true { return true }
            }
        }
        return false
    }
}
