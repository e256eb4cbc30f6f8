// Regions in the language: a field's region is written as an expression of region functions,
// read here from the expression tree (regions are not values of the language):
//
//     everywhere                  every point (the default)
//     disc(R)                     x² + y² ≤ R², the boundary inside (R ≥ 0, pt)
//     rect(W, H)                  |x| < W/2 and |y| < H/2, the boundary outside (rectangle(W, H) too)
//     inverse(A)                  the points not in A
//     union(A, B, ...)            in any of them
//     difference(A, B)            in A and not in B
//     intersection(A, B, ...)     in all of them
//
// Sizes are any number expressions (`disc(r * 2)`). `text` prints a region back in the same
// syntax, so `print f.region` reads back with `set f.region ...` or `region ...`.

import Dynamics
import DynamicsMath
import DynSystem

enum FieldRegionSyntax {
    /// The function names, for messages and did-you-mean.
    static let names = ["everywhere", "disc", "rect", "rectangle", "inverse", "union", "difference", "intersection"]

    /// The region an expression writes, its numbers evaluated by `interp`; with `checking`
    /// (`dyn check`, no world) sizes that are not closed expressions are only checked.
    static func region(_ e: Expr, _ interp: Interpreter, checking: Bool = false) throws -> FieldRegion {
        func fail(_ message: String, _ range: SourceRange) -> RuntimeError { RuntimeError(message: message, range: range) }
        func size(_ a: Expr, _ what: String) throws -> Double {
            if checking && !a.isClosed {
                try interp.checkExpression(a)
                return 0
            }
            let d = try interp.number(a, what)
            guard d.isFinite else { throw fail("\(what) must be a finite number", a.range) }
            guard d >= 0 else { throw fail("\(what) must not be negative, got \(formatNumber(d))", a.range) }
            return d
        }
        switch e.kind {
        case .name("everywhere"):
            return .everywhere
        case .call(let function, let functionRange, let args):
            func count(_ n: Int, _ usage: String) throws {
                if args.count != n { throw fail("\(function) takes \(n) argument\(n == 1 ? "" : "s"): \(usage)", e.range) }
            }
            func atLeastTwo(_ usage: String) throws {
                if args.count < 2 { throw fail("\(function) takes two or more regions: \(usage)", e.range) }
            }
            switch function {
            case "disc":
                try count(1, "disc(R)")
                return .disc(radius: try size(args[0], "a disc's radius"))
            case "rect", "rectangle":
                try count(2, "\(function)(W, H)")
                return .rectangle(size: Vec2(try size(args[0], "a rectangle's width"), try size(args[1], "a rectangle's height")))
            case "inverse":
                try count(1, "inverse(A)")
                return .inverse(try region(args[0], interp, checking: checking))
            case "difference":
                try count(2, "difference(A, B)")
                return .difference(try region(args[0], interp, checking: checking), try region(args[1], interp, checking: checking))
            case "union", "intersection":
                try atLeastTwo("\(function)(A, B, ...)")
                var r = try region(args[0], interp, checking: checking)
                for a in args.dropFirst() {
                    let b = try region(a, interp, checking: checking)
                    r = function == "union" ? .union(r, b) : .intersection(r, b)
                }
                return r
            default:
                throw fail("unknown region '\(function)'; a region is \(FieldLanguage.regionForms)"
                    + Suggest.hint(for: function, in: names), functionRange)
            }
        case .name(let n):
            let hint = Suggest.hint(for: n, in: names)
            throw fail("expected a region, found '\(n)'; a region is \(FieldLanguage.regionForms)" + hint, e.range)
        default:
            throw fail("expected a region, such as disc(100) or rect(200, 50); a region is \(FieldLanguage.regionForms)", e.range)
        }
    }

    /// A region in the syntax `region` reads.
    static func text(_ r: FieldRegion) -> String {
        switch r {
        case .everywhere: return "everywhere"
        case .disc(let radius): return "disc(\(formatNumber(radius)))"
        case .rectangle(let s): return "rect(\(formatNumber(s.x)), \(formatNumber(s.y)))"
        case .inverse(let a): return "inverse(\(text(a)))"
        case .union(let a, let b): return "union(\(text(a)), \(text(b)))"
        case .difference(let a, let b): return "difference(\(text(a)), \(text(b)))"
        case .intersection(let a, let b): return "intersection(\(text(a)), \(text(b)))"
        }
    }
}
