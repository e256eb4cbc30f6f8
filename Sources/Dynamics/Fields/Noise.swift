// Seeded 3D gradient noise for the noise and turbulence fields (Docs/semantics.md §13.2, §14.10).
//
// The original samples 3D simplex noise; matching it bit for bit is not worth it (§14.10),
// so dyn uses classic gradient ("Perlin") noise, written from its definition:
//
//   - the lattice point (i, j, k) gets a pseudo-random gradient g, one of the 12 edge
//     directions of a cube (plus 4 repeats, so a hash's low 4 bits pick it evenly), from a
//     64-bit integer hash of (i, j, k, seed): no table, no Foundation randomness, and a
//     different seed is a different, equally smooth field;
//   - inside a cell, with f the position in the cell, each corner c contributes g_c·(f − c),
//     blended by the quintic fade u(t) = 6t⁵ − 15t⁴ + 10t³ in each axis;
//   - the value is 0 on every lattice point and lies within about ±1; the derivative is
//     computed analytically (blend of the gradients plus the fade's derivative u'(t) =
//     30t²(t − 1)²), continuous everywhere because u' vanishes on cell faces.
//
// Pure and deterministic: the same (x, y, z, seed) always gives the same bits.

import DynamicsMath

enum GradientNoise {
    /// The value n and its partial derivatives ∂n/∂x, ∂n/∂y at (x, y, z); all zero when a
    /// coordinate is not finite or beyond ±2⁵⁰ (no lattice cell there).
    static func sample(_ x: Real, _ y: Real, _ z: Real, seed: UInt64) -> (n: Real, dx: Real, dy: Real) {
        let limit: Real = 1_125_899_906_842_624  // 2⁵⁰
        guard abs(x) < limit, abs(y) < limit, abs(z) < limit else { return (0, 0, 0) }
        let x0 = x.rounded(.down), y0 = y.rounded(.down), z0 = z.rounded(.down)
        let fx = x - x0, fy = y - y0, fz = z - z0
        let ix = Int64(x0), iy = Int64(y0), iz = Int64(z0)
        let u = fade(fx), v = fade(fy), w = fade(fz)
        let du = fadeDerivative(fx), dv = fadeDerivative(fy)
        var n: Real = 0, dx: Real = 0, dy: Real = 0
        for corner in 0..<8 {
            let ci = corner & 1, cj = (corner >> 1) & 1, ck = (corner >> 2) & 1
            let g = gradient(hash(ix + Int64(ci), iy + Int64(cj), iz + Int64(ck), seed))
            let px = fx - Real(ci), py = fy - Real(cj), pz = fz - Real(ck)
            let dot = g.x * px + g.y * py + g.z * pz
            // Trilinear weight of this corner and its derivatives along x and y.
            let wx = ci == 1 ? u : 1 - u
            let wy = cj == 1 ? v : 1 - v
            let wz = ck == 1 ? w : 1 - w
            let dwx = ci == 1 ? du : -du
            let dwy = cj == 1 ? dv : -dv
            let weight = wx * wy * wz
            n += weight * dot
            dx += weight * g.x + dwx * wy * wz * dot
            dy += weight * g.y + wx * dwy * wz * dot
        }
        return (n, dx, dy)
    }

    /// u(t) = 6t⁵ − 15t⁴ + 10t³.
    @inline(__always)
    static func fade(_ t: Real) -> Real { t * t * t * (t * (t * 6 - 15) + 10) }

    /// u'(t) = 30t²(t − 1)².
    @inline(__always)
    static func fadeDerivative(_ t: Real) -> Real {
        let a = t * (t - 1)
        return 30 * a * a
    }

    /// One of the cube's 12 edge directions (4 of them twice), from the hash's low 4 bits.
    @inline(__always)
    static func gradient(_ h: UInt64) -> (x: Real, y: Real, z: Real) {
        switch h & 15 {
        case 0, 12: return (1, 1, 0)
        case 1, 13: return (-1, 1, 0)
        case 2: return (1, -1, 0)
        case 3: return (-1, -1, 0)
        case 4: return (1, 0, 1)
        case 5: return (-1, 0, 1)
        case 6: return (1, 0, -1)
        case 7: return (-1, 0, -1)
        case 8: return (0, 1, 1)
        case 9, 14: return (0, -1, 1)
        case 10: return (0, 1, -1)
        default: return (0, -1, -1)  // 11, 15
        }
    }

    /// A 64-bit hash of a lattice point and a seed: each coordinate is multiplied by an odd
    /// constant and folded in through a 64-bit finalizer (xor-shift, multiply), so that
    /// neighbouring points and neighbouring seeds give unrelated bits.
    @inline(__always)
    static func hash(_ i: Int64, _ j: Int64, _ k: Int64, _ seed: UInt64) -> UInt64 {
        var h = finalize(seed &+ 0x9E37_79B9_7F4A_7C15)
        h = finalize(h ^ (UInt64(bitPattern: i) &* 0xBF58_476D_1CE4_E5B9))
        h = finalize(h ^ (UInt64(bitPattern: j) &* 0x94D0_49BB_1331_11EB))
        h = finalize(h ^ (UInt64(bitPattern: k) &* 0xD6E8_FEB8_6659_FD93))
        return h
    }

    @inline(__always)
    static func finalize(_ x: UInt64) -> UInt64 {
        var z = x
        z ^= z >> 30
        z = z &* 0xBF58_476D_1CE4_E5B9
        z ^= z >> 27
        z = z &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return z
    }
}
