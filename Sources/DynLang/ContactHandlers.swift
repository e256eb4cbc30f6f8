// `on contact A B { ... }`: blocks run when two items (or an item and a boundary) begin or stop
// touching. After each frame the engine reports the frame's contact events, every "began"
// then every "ended" (Docs/semantics.md §8.2); each handler whose pair matches runs once per event, in
// the order the handlers were added, before the every-step actions (as UIKit runs collision
// delegates before action blocks). Inside the block `contact.x`, `contact.y` (the point),
// `contact.a`, `contact.b` (the names as written in the handler) and `contact.began` describe
// the event.

import Dynamics
import DynamicsMath

/// The event a contact handler is running for.
struct ContactContext {
    var a: String
    var b: String
    var point: Vec2
    var began: Bool
}

extension Interpreter {
    func addContactHandler(_ a: Expr, _ b: Expr, ended: Bool, name: String?, nameRange: SourceRange?,
                           body: [Statement]) throws {
        let candidates = session.order.filter {
            switch session.entities[$0] {
            case .item?, .boundary?: return true
            default: return false
            }
        } + ["bounds"]
        func party(_ e: Expr) throws -> String {
            guard let n = e.bareName ?? stringName(e) else {
                throw runtimeError("expected an item or boundary name", e.range)
            }
            if n == "bounds" { return n }
            switch session.entities[n] {
            case .item?, .boundary?: return n
            case let other?:
                throw runtimeError("'\(n)' is \(entityKindName(other)), not an item or a boundary", e.range)
            case nil:
                throw runtimeError("unknown item or boundary '\(n)'" + Suggest.hint(for: n, in: candidates), e.range)
            }
        }
        let pa = try party(a)
        let pb = try party(b)
        let handlerName = try actionName(name, nameRange, base: "contact")
        session.contactHandlers.append(ContactHandler(name: handlerName, a: pa, b: pb, ended: ended, body: body, file: file, serial: session.nextSerial))
        session.nextSerial += 1
        session.pendingContactChecks.append(PendingContactCheck(handler: handlerName, location: SourceLocation(file: file, range: a.range.union(b.range))))
        define(handlerName, .action)
    }

    /// A name given as a plain string expression (`"link{i}"` is evaluated).
    private func stringName(_ e: Expr) -> String? {
        guard case .string = e.kind, case .string(let s)? = try? evaluate(e) else { return nil }
        return s
    }

    /// The name of one side of a contact event.
    func partyName(_ p: World.ContactEvent.Party) -> String {
        switch p {
        case .item(let id): return itemName(id)
        case .boundary(let id):
            return session.names[.boundary(id)] ?? "?"
        case .bounds: return "bounds"
        }
    }

    /// Runs the handlers that match the last frame's contact events.
    func runContactHandlers() throws {
        let events = session.world.contactEvents
        if events.isEmpty { return }
        let handlers = session.contactHandlers
        let savedFile = file
        let savedHandler = runningHandler
        defer {
            file = savedFile
            currentContact = nil
            runningHandler = savedHandler
        }
        for event in events {
            let a = partyName(event.a)
            let b = partyName(event.b)
            for h in handlers where h.ended == !event.began {
                guard (h.a == a && h.b == b) || (h.a == b && h.b == a) else { continue }
                // A handler removed by an earlier one in this frame does not run any more.
                guard session.contactHandlers.contains(where: { $0.serial == h.serial }) else { continue }
                runningHandler = "contact handler '\(h.name)'"
                currentContact = ContactContext(a: h.a, b: h.b, point: event.point, began: event.began)
                file = h.file
                do {
                    try withScope([:]) { try execute(h.body) }
                } catch let e as RuntimeError {
                    throw ScriptFailure.error(Diagnostic(.error, e.message + " (in contact handler '\(h.name)')", at: SourceLocation(file: h.file, range: e.range)))
                }
            }
        }
    }
}
