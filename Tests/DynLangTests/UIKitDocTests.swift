import Dynamics
import Foundation
import Testing
@testable import DynLang

/// Docs/uikit.md maps UIKit Dynamics to dyn: every command and property it names in a table's
/// dyn column must exist, and a row that names none must say it has no counterpart (or that its
/// command is pending, with the issue).
struct UIKitDocTests {
    static let path: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Docs/uikit.md").path
    }()

    /// The rows of the tables headed `| UIKit | dyn | notes |`: (UIKit, dyn) cells.
    static func rows(_ text: String) -> [(uikit: String, dyn: String)] {
        var out: [(String, String)] = []
        var inTable = false
        for line in text.components(separatedBy: "\n") {
            if line.hasPrefix("| UIKit | dyn |") { inTable = true; continue }
            guard inTable, line.hasPrefix("|") else { inTable = false; continue }
            if line.hasPrefix("| ---") { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            out.append((cells[1], cells[2]))
        }
        return out
    }

    /// The code spans of a cell.
    static func spans(_ cell: String) -> [String] {
        cell.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
    }

    static let kinds: [String: BehaviorKind] = [
        "gravity": .gravity, "collision": .collision, "attachment": .attachment, "push": .push, "snap": .snap,
    ]

    /// Why `span` names nothing that exists, or nil when it does.
    static func problem(_ span: String) -> String? {
        let parts = span.split(separator: ".", maxSplits: 1).map(String.init)
        if parts.count == 2, !parts[0].contains(" ") {
            let (owner, name) = (parts[0], parts[1])
            switch owner {
            case "item": return ItemProperty(rawValue: name) != nil ? nil : "no item property '\(name)'"
            case "world": return worldProperties.contains { $0.name == name } ? nil : "no world property '\(name)'"
            case "shell": return shellProperties.contains { $0.name == name } ? nil : "no shell setting '\(name)'"
            case "field": return FieldLanguage.properties.contains { $0.name == name } ? nil : "no field property '\(name)'"
            default:
                guard let kind = kinds[owner] else { return "unknown owner '\(owner)'" }
                return World.behaviorProperties(of: kind).contains { $0.name == name } ? nil : "no \(owner) property '\(name)'"
            }
        }
        // A region expression: one of the forms the `region` property takes.
        if let open = span.firstIndex(of: "(") ?? (span == "everywhere" ? span.endIndex : nil) {
            let name = String(span[..<open])
            let forms = FieldLanguage.regionForms.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            return forms.contains { $0 == name || $0.hasPrefix(name + "(") } ? nil : "no region form '\(name)'"
        }
        let words = span.split(separator: " ").map(String.init)
        guard let first = words.first else { return "empty" }
        let usage: String
        if let spec = Interpreter.command(named: first) {
            usage = spec.usage.joined(separator: " ")
            // A sub-keyword is lower-case; a placeholder (`run T`) is in capitals.
            if !spec.subcommands.isEmpty, words.count > 1, words[1].first?.isLowercase == true,
               !spec.subcommands.contains(words[1]) {
                return "'\(first)' has no form '\(words[1])'"
            }
        } else if let form = controlForms.first(where: { $0.name == first }) {
            usage = form.usage
        } else {
            return "no command '\(first)'"
        }
        // Every keyword (a lower-case word) must be one of the command's; placeholders are in capitals.
        let known = Set(usage.split(whereSeparator: { !$0.isLetter }).map(String.init))
        for w in words.dropFirst() where w.first?.isLowercase == true && w.allSatisfy(\.isLetter) {
            if !known.contains(w) { return "'\(first)' takes no '\(w)'" }
        }
        return nil
    }

    @Test func everyNamedCommandAndPropertyExists() throws {
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        let rows = Self.rows(text)
        #expect(rows.count > 80)
        for row in rows {
            let spans = Self.spans(row.dyn)
            if spans.isEmpty {
                #expect(row.dyn.contains("no counterpart") || row.dyn.contains("pending #"),
                        "\(row.uikit): names no dyn command and does not say it has no counterpart")
            }
            for s in spans {
                if let p = Self.problem(s) { Issue.record("\(row.uikit): `\(s)`: \(p)") }
            }
        }
    }

    /// Every UIKit class of the reference has its section.
    @Test func everyClassHasASection() throws {
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        for name in ["UIDynamicAnimator", "UIDynamicItem", "UIDynamicItemGroup", "UIDynamicBehavior", "UIGravityBehavior",
                     "UICollisionBehavior", "UIPushBehavior", "UISnapBehavior", "UIAttachmentBehavior",
                     "UIDynamicItemBehavior", "UIFieldBehavior", "UIRegion"] {
            #expect(text.contains("### " + name) || text.contains("and " + name), "no section for \(name)")
        }
    }

    /// The checker itself: it refuses what does not exist.
    @Test func theCheckerRefusesWhatDoesNotExist() {
        #expect(Self.problem("attach pin A B at X Y") == nil)
        #expect(Self.problem("attachment.frictionTorque") == nil)
        #expect(Self.problem("attach hinge A B") != nil)
        #expect(Self.problem("attachment.torque") != nil)
        #expect(Self.problem("gravity spin 3") != nil)
        #expect(Self.problem("teleport ITEM") != nil)
        #expect(Self.problem("item.mass") == nil && Self.problem("item.weight") != nil)
        #expect(Self.problem("field.falloff") == nil && Self.problem("field.gravity") != nil)
        #expect(Self.problem("disc(R)") == nil && Self.problem("everywhere") == nil && Self.problem("circle(R)") != nil)
        #expect(Self.problem("field vortex") == nil && Self.problem("field whirl") != nil)
    }
}
