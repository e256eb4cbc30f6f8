// `dyn check`'s look at names: a name or a property that nothing in the script could define.
//
// Without running, the checker cannot follow the order of definitions (a loop, a branch, an
// action that runs later), so it is generous: a name counts as defined when the script defines
// it anywhere (`let`, `for`, a `fn` and its parameters, a command's NAME or `as NAME`, a
// `boundary`, an action's name), or when it is an automatic name (`gravity`, `push2`, ...).
// It gives up on names when the script could define names it cannot see: a name built from a
// string (`add view "link{i}"`) or a `source` of another file. Properties are checked where
// the object is known: `world`, `shell`, and the items the script adds.

import Dynamics

/// What the script defines, as far as can be known without running it.
struct ScriptNames {
    /// Every name the script may define.
    var defined: Set<String> = []
    /// Names of items (views and groups) among them.
    var items: Set<String> = []
    /// Names `measure ... as NAME` keeps results under (and `measured`, when there is a measure).
    var measurements: Set<String> = []
    /// The script may define names not written in it: name checks are off.
    var unknowable = false

    /// Automatic names: `gravity`, `gravity2`, `push1`, `action3`, ...
    static let automaticBases: Set<String> = ["gravity", "collision", "attachment", "push", "snap", "log", "action", "contact", "field"]

    static func isAutomatic(_ name: String) -> Bool {
        let base = String(name.reversed().drop(while: \.isNumber).reversed())
        return automaticBases.contains(base)
    }

    func isDefined(_ name: String) -> Bool {
        unknowable || defined.contains(name) || ScriptNames.isAutomatic(name) || Builtins.isConstant(name)
            || ReservedWords.isReserved(name) || measurements.contains(name)
    }
}

extension Checker {
    /// Collects what `statements` define (recursively).
    func collectNames(_ statements: [Statement], into names: inout ScriptNames) {
        for s in statements {
            switch s.kind {
            case .command(let keyword, let keywordRange, let arguments):
                guard let (parsed, _) = try? Interpreter.prepare(keyword, keywordRange, arguments, in: interpreter.file) else { continue }
                for a in parsed.all where a.slot.type == .newName {
                    guard let n = a.expr.bareName else {
                        names.unknowable = true  // a name made from a string
                        continue
                    }
                    if keyword == "measure" {
                        names.measurements.insert(n)
                    } else {
                        names.defined.insert(n)
                    }
                    if keyword == "add" { names.items.insert(n) }
                }
                if keyword == "measure" { names.measurements.insert("measured") }
            case .letBinding(let name, _, _):
                names.defined.insert(name)
            case .forRange(let variable, _, _, _, _, let body):
                names.defined.insert(variable)
                collectNames(body, into: &names)
            case .function(let name, _, let parameters, _, let body):
                names.defined.insert(name)
                names.defined.formUnion(parameters)
                collectNames(body, into: &names)
            case .everyStep(let name, _, _, _, let body), .onContact(_, _, _, let name, _, let body):
                if let name { names.defined.insert(name) }
                collectNames(body, into: &names)
            case .composite(let name, _, let body):
                names.defined.insert(name)
                collectNames(body, into: &names)
            case .whileLoop(_, let body), .block(let body):
                collectNames(body, into: &names)
            case .ifElse(_, let then, let otherwise):
                collectNames(then, into: &names)
                collectNames(otherwise ?? [], into: &names)
            case .source:
                names.unknowable = true
            case .set, .print, .assert, .returnValue, .loopControl, .expression:
                break
            }
        }
    }
}

extension Interpreter {
    /// With `checkedNames` set (by `dyn check`): an error for a name nothing defines, or a
    /// property an object it knows does not have.
    func checkNames(_ e: Expr) throws {
        guard let names = checkedNames, !names.unknowable else { return }
        switch e.kind {
        case .name(let n):
            if !names.isDefined(n) {
                throw runtimeError("unknown name '\(n)': nothing in the script defines it"
                                   + Suggest.hint(for: n, in: names.defined.sorted()), e.range)
            }
        case .property(let object, let objectRange, let name, let nameRange):
            if !names.isDefined(object) {
                throw runtimeError("unknown name '\(object)': nothing in the script defines it"
                                   + Suggest.hint(for: object, in: names.defined.sorted() + ["world"]), objectRange)
            }
            let known: [String]?
            if object == "world" {
                known = worldProperties.map(\.name)
            } else if object == "shell" {
                known = shellProperties.map(\.name)
            } else if names.items.contains(object) && !names.measurements.contains(object) {
                known = ItemProperty.allCases.map(\.rawValue) + derivedItemProperties.map(\.name)
            } else if names.measurements.contains(object) && !names.defined.contains(object) {
                known = measurementProperties.map(\.name)
            } else {
                known = nil
            }
            if let known, !known.contains(name) {
                let what = object == "world" || object == "shell" ? object : "an item"
                throw runtimeError("\(what) has no property '\(name)'" + Suggest.hint(for: name, in: known), nameRange)
            }
        default:
            break
        }
    }
}
