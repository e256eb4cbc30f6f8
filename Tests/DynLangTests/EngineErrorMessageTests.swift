// The language renders the engine's structured errors: field, value and requirement become
// the sentence a user reads, numbers in the language's format.

import Dynamics
import DynLang
import Testing

@Suite struct EngineErrorMessageTests {
    @Test func eachRequirementReads() {
        let cases: [(EngineError, String)] = [
            (EngineError(field: "density", value: -1, requirement: .positive), "density must be greater than 0 (got -1)"),
            (EngineError(field: "resistance", value: -0.25, requirement: .nonNegative), "resistance must not be negative (got -0.25)"),
            (EngineError(field: "x", value: .nan, requirement: .finite), "x must be a finite number (got nan)"),
            (EngineError(field: "substeps", value: 65, requirement: .between(1, 64)), "substeps must be between 1 and 64 (got 65)"),
            (EngineError(field: "smoothness", value: 1.5, requirement: .between(0, 1)), "smoothness must be between 0 and 1 (got 1.5)"),
            (EngineError(field: "range", value: 0.5, requirement: .rangeLowEnd), "the range must contain 0: its low end must not be greater than 0 (got 0.5)"),
            (EngineError(field: "range", value: -1.0 / 3, requirement: .rangeHighEnd), "the range must contain 0: its high end must not be less than 0 (got -0.333333)"),
            (EngineError(.notAllowed, field: nil, "the item is a member of a group; use the group instead"), "the item is a member of a group; use the group instead"),
        ]
        for (error, text) in cases { #expect(error.message == text) }
    }

    /// From the world to the message: a setter's refusal reads as before the errors were typed.
    @Test func fromTheWorld() throws {
        var w = World()
        let a = try w.addItem(ItemDefinition())
        let rope = try w.addAttachment(AttachmentDefinition(kind: .anchor, itemA: a))
        do {
            try w.setBehaviorProperty("length", of: rope, to: .number(-2))
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "length must not be negative (got -2)")
            #expect(error.field == "length")
        }
        do {
            try w.setBehaviorProperty("frequency", of: rope, to: .number(-1))
            Issue.record("expected an error")
        } catch {
            #expect(error.message == "frequency must not be negative (got -1)")
        }
        try w.setBehaviorProperty("frequency", of: rope, to: .number(3))
        #expect(w.attachmentSpring(rope) == Spring(frequency: 3, damping: 0))
        try w.setBehaviorProperty("frequency", of: rope, to: .number(0))
        #expect(w.attachmentSpring(rope) == nil)
        #expect(w.behaviorProperty("frequency", of: rope) == .number(0))
        #expect(throws: EngineError.self) { try w.setBehaviorProperty("distance", of: rope, to: .number(3)) }
        #expect(throws: EngineError.self) { try w.setBehaviorProperty("nope", of: rope, to: .number(3)) }
    }
}
