// Composite behaviors (UIKit's child behaviors) and behavior actions (UIKit's `action`).
//
//     behavior magnet {
//         field radial gravity at 200 200 strength 50 region disc(150) as pull
//         snap ball to 200 200 as hold
//         every step { if ball.y > 600 { set ball.y 100 } }
//     }
//     set magnet.active no        # everything it holds leaves the world
//     set magnet.active yes       # its block runs again: the same behaviors, made anew
//     remove magnet               # removes it and everything it holds
//
//     every step of rope { print rope.distance }   # runs while rope is in the world
//
// The behaviors, actions, contact handlers and composites that a composite's block makes
// belong to it (items and variables do not). Switching it off removes them; switching it on
// runs its block again, which makes them as they were first made (changes made to them
// since are not kept). A composite and its actions live in the session, so `undo` and `save`
// (which replays the commands) keep them exactly.

import Dynamics
import DynSystem

/// A composite behavior.
struct Composite: Sendable {
    var name: String
    var body: [Statement]
    var file: SourceFile
    var active = true
    /// The names of what it holds now, in the order made.
    var children: [String] = []
}

extension Interpreter {
    func compositeIndex(_ name: String) -> Int? { session.composites.firstIndex { $0.name == name } }

    /// `behavior NAME { }`: makes the composite, then runs its block.
    func addComposite(_ name: String, _ nameRange: SourceRange, _ body: [Statement]) throws {
        try checkFreeForEntity(name, nameRange)
        define(name, .composite)
        session.composites.append(Composite(name: name, body: body, file: file))
        try activateComposite(name)
    }

    /// Runs a composite's block; what it makes becomes the composite's.
    func activateComposite(_ name: String) throws {
        guard let k = compositeIndex(name) else { return }
        let c = session.composites[k]
        session.composites[k].active = true
        let savedFile = file
        file = c.file
        buildingComposites.append(name)
        defer {
            buildingComposites.removeLast()
            file = savedFile
        }
        try withScope([:]) { try execute(c.body) }
    }

    /// Removes what a composite holds (newest first), keeping the composite.
    func deactivateComposite(_ name: String, _ range: SourceRange) throws {
        guard let k = compositeIndex(name) else { return }
        for child in session.composites[k].children.reversed() { try removeEntity(child, range) }
        if let k = compositeIndex(name) {
            session.composites[k].children = []
            session.composites[k].active = false
        }
    }

    /// `remove NAME` of a composite.
    func removeComposite(_ name: String, _ range: SourceRange) throws {
        try deactivateComposite(name, range)
        session.composites.removeAll { $0.name == name }
        undefine(name)
        try removeActions(ownedBy: name, range)
    }

    /// Called by `define`: a behavior, action or composite made while a composite's block runs
    /// belongs to that composite.
    func adoptIntoComposite(_ name: String, _ entity: Entity) {
        guard let owner = buildingComposites.last, let k = compositeIndex(owner) else { return }
        switch entity {
        case .behavior, .action, .composite: session.composites[k].children.append(name)
        case .item, .boundary: break
        }
    }

    /// Called by `removeEntity`: a thing removed on its own leaves its composite.
    func leaveComposites(_ name: String) {
        for k in session.composites.indices { session.composites[k].children.removeAll { $0 == name } }
    }

    /// Removes the actions that belong to `owner` (`every step of OWNER`).
    func removeActions(ownedBy owner: String, _ range: SourceRange) throws {
        for a in session.actions where a.owner == owner { try removeEntity(a.name, range) }
    }

    /// The owner of `every step of NAME`: a behavior or a composite.
    func checkOwner(_ name: String, _ range: SourceRange) throws {
        switch session.entities[name] {
        case .behavior?, .composite?: return
        case let e?: throw runtimeError("'\(name)' is \(entityKindName(e)); an action belongs to a behavior", range)
        case nil:
            let behaviors = session.order.filter {
                if case .behavior? = session.entities[$0] { return true }
                return session.entities[$0] == .composite
            }
            throw runtimeError("unknown behavior '\(name)'" + Suggest.hint(for: name, in: behaviors), range)
        }
    }

    /// `remove all behaviors`: every behavior and composite (and the actions that belong to
    /// them), newest first; items, boundaries and free actions stay.
    func removeAllBehaviors(_ range: SourceRange) throws {
        for name in session.order.reversed() {
            switch session.entities[name] {
            case .behavior?, .composite?: try removeEntity(name, range)
            default: break
            }
        }
    }

    static let compositeProperties = ["active", "behaviors"]

    /// `magnet.active` (yes/no), `magnet.behaviors` (the names it holds).
    func compositeProperty(_ object: String, _ name: String, _ nameRange: SourceRange) throws -> Value {
        guard let c = compositeIndex(object).map({ session.composites[$0] }) else { throw runtimeError("'\(object)' has been removed", nameRange) }
        switch name {
        case "active": return .boolean(c.active)
        case "behaviors": return .string(c.children.joined(separator: " "))
        default:
            throw runtimeError("a composite behavior has no property '\(name)'; it has active and behaviors"
                + Suggest.hint(for: name, in: Interpreter.compositeProperties), nameRange)
        }
    }

    /// `set magnet.active yes|no`.
    func setCompositeProperty(_ object: String, _ name: String, _ nameRange: SourceRange, to value: Value,
                              valueRange: SourceRange) throws {
        guard let c = compositeIndex(object).map({ session.composites[$0] }) else { throw runtimeError("'\(object)' has been removed", nameRange) }
        guard name == "active" else {
            if name == "behaviors" { throw runtimeError("\(object).behaviors cannot be set", nameRange) }
            _ = try compositeProperty(object, name, nameRange)
            return
        }
        guard case .boolean(let on) = value else {
            throw runtimeError("\(object).active must be yes or no, got \(value.typeDescription) (\(value))", valueRange)
        }
        if on == c.active { return }
        if on { try activateComposite(object) } else { try deactivateComposite(object, valueRange) }
    }

    /// `print magnet`.
    func describeComposite(_ name: String) -> String {
        guard let c = compositeIndex(name).map({ session.composites[$0] }) else { return "\(name) removed" }
        return "\(name) behavior active \(c.active ? "yes" : "no") holds " + (c.children.isEmpty ? "nothing" : c.children.joined(separator: " "))
    }
}
