// Field behaviors (UIFieldBehavior, Docs/semantics.md §13): the World API.
//
// A field acts on its items (or every item, present and future, like gravity) while their
// centre is inside its region around its position; forces of several fields add up, in every
// sub-step (FieldStep.swift). Adding, changing or removing a field, or changing its items,
// wakes the items it holds (or, for a field on every item, every item). A sleeping item feels
// no field until something wakes it, as it feels no gravity (Sleep.swift).
//
// Every call validates before it changes anything and throws `EngineError` naming the property
// at fault; a failed call leaves the world as it was.

import DynamicsMath

extension World {
    // MARK: Adding and reading

    /// Adds a field and returns its handle. Throws `.invalidValue` (a NaN, infinite or
    /// out-of-range number, a negative region size), `.notAllowed` (a property its kind does
    /// not have, a group member among the items, a 33rd field) or `.unknownItem`.
    public mutating func addField(_ definition: FieldDefinition) throws(EngineError) -> BehaviorID {
        try definition.validate()
        let members = try definition.items.map { ids throws(EngineError) in try behaviorItemSlots(ids) }
        if fieldTable.records.count >= FieldTable.capacity {
            throw EngineError(.notAllowed, field: nil, "a world holds at most \(FieldTable.capacity) fields")
        }
        let s = allocateBehavior(kind: .field, record: fieldTable.records.count)
        fieldTable.append(slot: UInt32(s), allItems: definition.items == nil, definition)
        for m in members ?? [] { behaviors.fieldMembers.append(Membership(behavior: UInt32(s), item: m)) }
        wakeFieldItems(slot: s)
        return behaviorID(s)
    }

    /// The number of fields in the world.
    public var fieldCount: Int { fieldTable.records.count }

    /// The definition of a field as it is now (items nil when it acts on every item), or nil
    /// when `id` is not a live field.
    public func fieldDefinition(_ id: BehaviorID) -> FieldDefinition? {
        guard let f = try? fieldIndex(id) else { return nil }
        let r = fieldTable.records[f]
        let p = r.parameters
        var d = FieldDefinition(kind: p.kind)
        d.position = p.position
        d.region = FieldRegion.decompile(fieldTable.regionSlice(f))
        d.strength = p.strength
        d.falloff = p.falloff
        d.minimumRadius = p.minimumRadiusPoints
        d.direction = p.direction
        d.smoothness = p.smoothness
        d.animationSpeed = p.animationSpeed
        d.seed = p.seed
        d.items = fieldItems(id)
        return d
    }

    /// The kind of a field, or nil.
    public func fieldKind(_ id: BehaviorID) -> FieldKind? {
        guard let f = try? fieldIndex(id) else { return nil }
        return fieldTable.records[f].parameters.kind
    }

    /// The region of a field, or nil.
    public func fieldRegion(_ id: BehaviorID) -> FieldRegion? {
        guard let f = try? fieldIndex(id) else { return nil }
        return FieldRegion.decompile(fieldTable.regionSlice(f))
    }

    /// The items of a field in the order added; nil when it acts on every item (or `id` is
    /// not a field).
    public func fieldItems(_ id: BehaviorID) -> [ItemID]? {
        guard let f = try? fieldIndex(id), !fieldTable.records[f].allItems else { return nil }
        let s = fieldTable.records[f].slot
        return behaviors.fieldMembers.filter { $0.behavior == s }.map { itemID(Int($0.item)) }
    }

    /// The simulated time fields see, s: the sum of every tick so far.
    public var fieldTime: Real { fieldTable.clock }

    // MARK: Setting

    /// Moves a field (pt, world coordinates).
    public mutating func setFieldPosition(_ id: BehaviorID, _ p: Vec2) throws(EngineError) {
        try updateField(id, .position) { $0.position = p }
    }

    /// Replaces a field's region.
    public mutating func setFieldRegion(_ id: BehaviorID, _ region: FieldRegion) throws(EngineError) {
        try updateField(id, .region) { $0.region = region }
    }

    /// Sets a field's strength (any finite number).
    public mutating func setFieldStrength(_ id: BehaviorID, _ s: Real) throws(EngineError) {
        try updateField(id, .strength) { $0.strength = s }
    }

    /// Sets a field's falloff exponent (any finite number).
    public mutating func setFieldFalloff(_ id: BehaviorID, _ e: Real) throws(EngineError) {
        try updateField(id, .falloff) { $0.falloff = e }
    }

    /// Sets a field's minimum radius, pt (≥ 0).
    public mutating func setFieldMinimumRadius(_ id: BehaviorID, _ r: Real) throws(EngineError) {
        try updateField(id, .minimumRadius) { $0.minimumRadius = r }
    }

    /// Sets a field's direction (UIKit field units: 1 = 100 pt/s² or 100 pt/s).
    public mutating func setFieldDirection(_ id: BehaviorID, _ d: Vec2) throws(EngineError) {
        try updateField(id, .direction) { $0.direction = d }
    }

    /// Sets a noise or turbulence field's smoothness (0...1).
    public mutating func setFieldSmoothness(_ id: BehaviorID, _ s: Real) throws(EngineError) {
        try updateField(id, .smoothness) { $0.smoothness = s }
    }

    /// Sets a noise or turbulence field's animation speed (≥ 0).
    public mutating func setFieldAnimationSpeed(_ id: BehaviorID, _ a: Real) throws(EngineError) {
        try updateField(id, .animationSpeed) { $0.animationSpeed = a }
    }

    /// Sets a noise or turbulence field's seed.
    public mutating func setFieldSeed(_ id: BehaviorID, _ seed: UInt64) throws(EngineError) {
        try updateField(id, .seed) { $0.seed = seed }
    }

    /// Applies `change` to a copy of the field's definition, validates it, and stores it;
    /// refuses a property the field's kind does not have.
    private mutating func updateField(
        _ id: BehaviorID, _ property: FieldProperty, _ change: (inout FieldDefinition) -> Void
    ) throws(EngineError) {
        let f = try fieldIndex(id)
        guard var d = fieldDefinition(id) else { throw EngineError.unknownBehavior }
        if !d.kind.has(property) { throw FieldDefinition.notAProperty(property, of: d.kind) }
        change(&d)
        try d.validate()
        fieldTable.records[f].parameters = FieldParameters(d)
        if property == .region { fieldTable.setRegion(f, d.region) }
        wakeFieldItems(slot: Int(fieldTable.records[f].slot))
    }

    // MARK: Internals

    func fieldIndex(_ id: BehaviorID) throws(EngineError) -> Int {
        guard let s = behaviorSlot(id) else { throw EngineError.unknownBehavior }
        guard behaviors.slots[s].kind == .field else {
            throw EngineError(.notAllowed, field: nil, "the behavior is not a field")
        }
        return Int(behaviors.slots[s].record)
    }

    /// Whether behavior slot `s` is a field acting on every item.
    func fieldActsOnAllItems(slot s: Int) -> Bool {
        behaviors.slots[s].kind == .field && fieldTable.records[Int(behaviors.slots[s].record)].allItems
    }

    /// Turns the field of slot `s` from "every item" into an explicit list of every current
    /// item (before some are removed from it).
    mutating func makeFieldItemsExplicit(slot s: Int) {
        let f = Int(behaviors.slots[s].record)
        guard fieldTable.records[f].allItems else { return }
        fieldTable.records[f].allItems = false
        for it in itemIDs where items[Int(it.index)].kind != .member {
            behaviors.fieldMembers.append(Membership(behavior: UInt32(s), item: it.index))
        }
    }

    /// Wakes what the field of slot `s` acts on (every item, or its items) and resumes the world.
    mutating func wakeFieldItems(slot s: Int) {
        if fieldActsOnAllItems(slot: s) {
            wakeAll()
            return
        }
        for m in behaviors.fieldMembers where m.behavior == UInt32(s) { wakeItem(slot: Int(m.item)) }
    }

    /// Drops the record of field slot `s` (called by `removeBehaviorRecord`, before its
    /// memberships go): wakes its items, removes the record and its region, re-points the
    /// slots of the fields after it.
    mutating func removeFieldRecord(slot s: Int) {
        wakeFieldItems(slot: s)
        let f = Int(behaviors.slots[s].record)
        fieldTable.remove(f)
        for k in f..<fieldTable.records.count { behaviors.slots[Int(fieldTable.records[k].slot)].record = Int32(k) }
    }

    /// Describes the first broken invariant of the field tables, or nil (slow; for tests):
    /// each record's slot is a live field pointing back at it; region ranges tile the pool in
    /// order and each evaluates to one value.
    package func fieldInvariantViolation() -> String? {
        var next: Int32 = 0
        for (k, r) in fieldTable.records.enumerated() {
            let s = Int(r.slot)
            guard s < behaviors.slots.count, behaviors.slots[s].kind == .field else { return "field \(k) names a non-field slot" }
            if behaviors.slots[s].record != Int32(k) { return "slot \(s) does not point back at field \(k)" }
            if r.regionStart != next || r.regionCount < 1 { return "field \(k) has a bad region range" }
            next += r.regionCount
            var depth = 0
            for node in fieldTable.regionSlice(k) {
                switch node.op {
                case .everywhere, .disc, .rectangle: depth += 1
                case .inverse: if depth < 1 { return "field \(k) has a malformed region" }
                default:
                    if depth < 2 { return "field \(k) has a malformed region" }
                    depth -= 1
                }
            }
            if depth != 1 { return "field \(k) has a malformed region" }
        }
        if next != Int32(fieldTable.regionNodes.count) { return "the region pool has unused nodes" }
        if fieldTable.records.count > FieldTable.capacity { return "more than \(FieldTable.capacity) fields" }
        return nil
    }

    /// The field state as words for `stateHash` (empty when there are no fields).
    func fieldHashWords() -> [UInt64] {
        if fieldTable.records.isEmpty { return [] }
        var out: [UInt64] = [fieldTable.clock.bitPattern]
        for r in fieldTable.records {
            let p = r.parameters
            out.append(UInt64(r.slot) << 1 | (r.allItems ? 1 : 0))
            out.append(UInt64(FieldKind.allCases.firstIndex(of: p.kind) ?? 0))
            for x in [p.position.x, p.position.y, p.strength, p.falloff, p.minimumRadiusPoints, p.direction.x,
                      p.direction.y, p.smoothness, p.animationSpeed] {
                out.append(x.bitPattern)
            }
            out.append(p.seed)
            out.append(UInt64(r.regionStart) << 32 | UInt64(r.regionCount))
        }
        for n in fieldTable.regionNodes {
            out.append(UInt64(n.op.rawValue))
            out.append(n.a.bitPattern)
            out.append(n.b.bitPattern)
        }
        return out
    }
}
