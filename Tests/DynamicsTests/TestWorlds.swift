// Builders and readers shared by the engine's tests (one place, not a copy per file).

import Dynamics
import DynamicsMath

/// Adds an item built from the default definition, changed by `configure`.
func item(_ w: inout World, _ configure: (inout ItemDefinition) -> Void = { _ in }) throws -> ItemID {
    var def = ItemDefinition()
    configure(&def)
    return try w.addItem(def)
}

/// Adds a rectangle (or another shape) centred at `c`.
func box(_ w: inout World, _ c: Vec2, _ size: Vec2, density: Real = 1, angle: Real = 0,
         anchored: Bool = false, shape: ItemShape = .rectangle, friction: Real? = nil,
         elasticity: Real? = nil, velocity: Vec2 = .zero) throws -> ItemID {
    try item(&w) {
        $0.center = c
        $0.size = size
        $0.density = density
        $0.angle = angle
        $0.anchored = anchored
        $0.shape = shape
        $0.friction = friction
        $0.elasticity = elasticity
        $0.velocity = velocity
    }
}

/// Steps `n` frames.
func steps(_ w: inout World, _ n: Int) {
    for _ in 0..<n { w.step() }
}

/// An item's centre.
func position(_ w: World, _ id: ItemID) -> Vec2 { Vec2(w.property(.x, of: id), w.property(.y, of: id)) }

/// An item's velocity.
func velocity(_ w: World, _ id: ItemID) -> Vec2 { Vec2(w.property(.vx, of: id), w.property(.vy, of: id)) }
