// Manifolds of circles and polygons (Docs/solver.md §2.3).

import DynamicsMath

/// Circle (A) against circle (B).
///
/// Maths: with centres cA, cB and d = cB − cA, the separation is |d| − rA − rB along
/// n = d/|d| (n = (0, 1) when the centres coincide). The point lies midway between
/// cA + rA·n and cB − rB·n.
@inlinable
public func collideCircles(
    _ a: Circle, _ xfA: Transform, _ b: Circle, _ xfB: Transform, cutoff: Real = CollisionConstants.speculativeDistance
) -> Manifold {
    let cA = xfA.apply(a.center)
    let cB = xfB.apply(b.center)
    let d = cB - cA
    let distance = d.length
    let separation = distance - a.radius - b.radius
    if separation > cutoff { return .empty }
    let n = distance > 1e-12 ? d / distance : Vec2(0, 1)
    let pA = cA + a.radius * n
    let pB = cB - b.radius * n
    var m = Manifold.empty
    m.normal = n
    m.append(world: 0.5 * (pA + pB), xfA: xfA, xfB: xfB, separation: separation, id: 0)
    return m
}

/// Polygon (A) against circle (B).
///
/// Maths, in A's frame with the circle centre c: the face of largest separation
/// s = n_i·(c − v_i) decides. If c lies beyond that face's plane and before the start
/// (u1 = (c − v1)·(v2 − v1) < 0) or past the end (u2 = (c − v2)·(v1 − v2) < 0) of its
/// edge, the closest feature is that vertex: n = (c − v)/|c − v|, separation |c − v| − r.
/// Otherwise it is the face: n = n_i, separation s − r (this also covers a centre
/// inside the polygon, where s ≤ 0 is the least penetration).
///
/// - Parameter cutoff: no contact beyond this separation (time of impact passes infinity).
public func collidePolygonAndCircle(
    _ polygon: PolygonRef, _ xfA: Transform, _ circle: Circle, _ xfB: Transform,
    cutoff: Real = CollisionConstants.speculativeDistance
) -> Manifold {
    let c = xfA.applyInverse(xfB.apply(circle.center))
    let r = circle.radius
    let v = polygon.vertices
    let nrm = polygon.normals
    let count = polygon.count
    var best = 0
    var bestSeparation = -Real.infinity
    var i = 0
    while i < count {
        let s = nrm[i].dot(c - v[i])
        if s > bestSeparation {
            bestSeparation = s
            best = i
        }
        i &+= 1
    }
    if bestSeparation - r > cutoff { return .empty }
    let v1 = v[best]
    let v2 = v[best &+ 1 == count ? 0 : best &+ 1]
    let u1 = (c - v1).dot(v2 - v1)
    let u2 = (c - v2).dot(v1 - v2)
    let normal: Vec2
    let separation: Real
    let onA: Vec2
    if bestSeparation > 0 && (u1 < 0 || u2 < 0) {
        let vertex = u1 < 0 ? v1 : v2
        let d = c - vertex
        let distance = d.length
        separation = distance - r
        if separation > cutoff { return .empty }
        normal = distance > 1e-12 ? d / distance : nrm[best]
        onA = vertex
    } else {
        normal = nrm[best]
        separation = bestSeparation - r
        onA = c - bestSeparation * normal
    }
    let onB = c - r * normal
    var m = Manifold.empty
    m.normal = xfA.q.apply(normal)
    m.append(world: xfA.apply(0.5 * (onA + onB)), xfA: xfA, xfB: xfB, separation: separation, id: 0)
    return m
}

/// The largest separation of polygon 2 from polygon 1 along polygon 1's face normals:
/// max over faces i of min over vertices j of n_i·(w_j − v_i), and the face that gives it.
/// `xf12` maps polygon 1's frame into polygon 2's, where the vertices w_j are given.
@inline(__always)
func findMaxSeparation(
    _ v1: UnsafePointer<Vec2>, _ n1: UnsafePointer<Vec2>, _ count1: Int, _ xf12: Transform,
    _ v2: UnsafePointer<Vec2>, _ count2: Int
) -> (edge: Int, separation: Real) {
    var bestEdge = 0
    var best = -Real.infinity
    var i = 0
    while i < count1 {
        let n = xf12.q.apply(n1[i])
        let p = xf12.apply(v1[i])
        var minimum = Real.infinity
        var j = 0
        while j < count2 {
            let s = n.dot(v2[j] - p)
            if s < minimum { minimum = s }
            j &+= 1
        }
        if minimum > best {
            best = minimum
            bestEdge = i
        }
        i &+= 1
    }
    return (bestEdge, best)
}

/// Closest points of segments p1p2 and q1q2: parameters s, t in [0, 1] of p1 + s(p2 − p1)
/// and q1 + t(q2 − q1).
///
/// Maths: minimise |r + s·d1 − t·d2|² with r = p1 − q1. Unconstrained, s = (b·f − c·e)/D with
/// a = d1·d1, b = d1·d2, c = d1·r, e = d2·d2, f = d2·r, D = a·e − b²; clamp s, take the best t
/// for it, t = (b·s + f)/e, and if t leaves [0, 1], clamp it and re-solve s for that end.
@inline(__always)
func segmentClosestParameters(_ p1: Vec2, _ p2: Vec2, _ q1: Vec2, _ q2: Vec2) -> (s: Real, t: Real) {
    let d1 = p2 - p1
    let d2 = q2 - q1
    let r = p1 - q1
    let a = d1.dot(d1)
    let e = d2.dot(d2)
    let b = d1.dot(d2)
    let c = d1.dot(r)
    let f = d2.dot(r)
    let denominator = a * e - b * b
    var s: Real = denominator > 1e-12 * a * e ? Swift.min(Swift.max((b * f - c * e) / denominator, 0), 1) : 0
    var t: Real = e > 0 ? (b * s + f) / e : 0
    if t < 0 {
        t = 0
        s = a > 0 ? Swift.min(Swift.max(-c / a, 0), 1) : 0
    } else if t > 1 {
        t = 1
        s = a > 0 ? Swift.min(Swift.max((b - c) / a, 0), 1) : 0
    }
    return (s, t)
}

/// Polygon (A) against polygon (B); either may be a 2-vertex segment.
///
/// Maths (separating-axis test with face clipping; the clipping in A's frame shifted to A's
/// first vertex so that the numbers stay small):
/// 1. sepA = max over A's faces of the least separation of B's vertices (and sepB likewise);
///    either above the speculative distance means no contact.
/// 2. The reference face is A's best unless B's is deeper by more than 0.1 × slop (a fixed
///    preference stops the manifold flip-flopping between equal faces). With `prefer` 2, B's
///    unless A's is deeper by more than that and the two faces are not parallel; with 1, A's
///    unless B's is deeper by more than that and they are not parallel (the lighter body's
///    face under a load, Dynamics/Contacts/Recycling.swift). The incident face is the face
///    of the other polygon whose normal is most anti-parallel to it.
/// 3. If the polygons are clearly apart (sep > 0.1 × slop) and the closest points of the
///    reference and incident edges are two vertices farther apart than the face separation
///    (by 0.1 × slop), that vertex pair is the contact: one point, normal along their
///    difference, separation their distance.
/// 4. Otherwise the incident edge is clipped to the reference edge's side planes
///    (0 ≤ (x − v11)·t ≤ |v12 − v11| along its tangent t). Each clipped point x has
///    separation (x − v11)·n and sits at x − ½·separation·n, midway between the faces.
/// Feature ids pair the reference vertex at that end with the incident vertex that made it.
public func collidePolygons(
    _ polyA: PolygonRef, _ xfA: Transform, _ polyB: PolygonRef, _ xfB: Transform, cutoff: Real = CollisionConstants.speculativeDistance,
    prefer: UInt8 = 0
) -> Manifold {
    let countA = polyA.count
    let countB = polyB.count
    // Relative transforms: B in A's frame and A in B's frame. Each SAT pass moves the faces
    // of one polygon into the other's frame (one transform per face), so no vertex copies.
    let xfAB = xfA.inverseTimes(xfB)
    let xfBA = xfB.inverseTimes(xfA)
    let speculative = cutoff
    let (edgeA, separationA) = findMaxSeparation(polyA.vertices, polyA.normals, countA, xfBA, polyB.vertices, countB)
    if separationA > speculative { return .empty }
    let (edgeB, separationB) = findMaxSeparation(polyB.vertices, polyB.normals, countB, xfAB, polyA.vertices, countA)
    if separationB > speculative { return .empty }

    // From here on, everything is in A's frame shifted to A's first vertex.
    let origin = polyA.vertices[0]
    // With `prefer`, the preferred face also wherever the two best faces are parallel within 1.4 mrad:
    // the separations of a long polygon's far vertices from a face's line tell nothing of the
    // contact (a floor 4,000 pt long against a box tilted by 6e-5 rad: 0.12 pt).
    let flip: Bool
    if prefer == 0 {
        flip = separationB > separationA + 0.1 * CollisionConstants.linearSlop
    } else {
        let parallel = polyA.normals[edgeA].dot(xfAB.q.apply(polyB.normals[edgeB])) < -(1 - 1e-6)
        flip = prefer == 2
            ? separationB >= separationA - 0.1 * CollisionConstants.linearSlop || parallel
            : separationB > separationA + 0.1 * CollisionConstants.linearSlop && !parallel
    }
    let refCount = flip ? countB : countA
    let refEdge = flip ? edgeB : edgeA
    let incCount = flip ? countA : countB
    // Reference normal in A's frame; incident normals compared in the incident polygon's frame.
    let n = flip ? xfAB.q.apply(polyB.normals[edgeB]) : polyA.normals[edgeA]
    let nInInc = flip ? n : xfBA.q.apply(n)
    let incN = flip ? polyA.normals : polyB.normals
    var incEdge = 0
    var minDot = Real.infinity
    var i = 0
    while i < incCount {
        let d = nInInc.dot(incN[i])
        if d < minDot {
            minDot = d
            incEdge = i
        }
        i &+= 1
    }
    let i11 = refEdge
    let i12 = refEdge &+ 1 == refCount ? 0 : refEdge &+ 1
    let i21 = incEdge
    let i22 = incEdge &+ 1 == incCount ? 0 : incEdge &+ 1
    let v11: Vec2, v12: Vec2, v21: Vec2, v22: Vec2
    if flip {
        v11 = xfAB.apply(polyB.vertices[i11]) - origin
        v12 = xfAB.apply(polyB.vertices[i12]) - origin
        v21 = polyA.vertices[i21] - origin
        v22 = polyA.vertices[i22] - origin
    } else {
        v11 = polyA.vertices[i11] - origin
        v12 = polyA.vertices[i12] - origin
        v21 = xfAB.apply(polyB.vertices[i21]) - origin
        v22 = xfAB.apply(polyB.vertices[i22]) - origin
    }
    let edges = ClippingEdges(
        v11: v11, v12: v12, v21: v21, v22: v22, i11: UInt32(i11), i12: UInt32(i12), i21: UInt32(i21),
        i22: UInt32(i22), normal: n, flip: flip, origin: origin, cutoff: cutoff)

    // Vertex–vertex: both closest points are edge ends and their distance clearly exceeds
    // the face separation (for parallel edges the "closest ends" are arbitrary and the
    // distance equals the separation: those are face contacts).
    let separation = Swift.max(separationA, separationB)
    if separation > 0.1 * CollisionConstants.linearSlop {
        let (s, t) = segmentClosestParameters(v11, v12, v21, v22)
        if (s == 0 || s == 1) && (t == 0 || t == 1) {
            let d = (v21 + t * (v22 - v21)) - (v11 + s * (v12 - v11))
            if d.length > separation + 0.1 * CollisionConstants.linearSlop { return edges.closestPoints(xfA, xfB) }
        }
    }

    // Clip the incident edge to the reference edge's side planes.
    let edge = v12 - v11
    let length = edge.length
    let tangent = edge / length
    let u21 = (v21 - v11).dot(tangent)
    let u22 = (v22 - v11).dot(tangent)
    var low = v21, uLow = u21, lowFeature = UInt32(i21)
    var high = v22, uHigh = u22, highFeature = UInt32(i22)
    if u22 < u21 {
        swap(&low, &high)
        swap(&uLow, &uHigh)
        swap(&lowFeature, &highFeature)
    }
    if uHigh < 0 || uLow > length { return edges.closestPoints(xfA, xfB) }
    let lowClipped = uLow < 0 ? low + ((0 - uLow) / (uHigh - uLow)) * (high - low) : low
    let highClipped = uHigh > length ? low + ((length - uLow) / (uHigh - uLow)) * (high - low) : high

    var m = Manifold.empty
    m.normal = xfA.q.apply(flip ? -n : n)
    let s1 = (lowClipped - v11).dot(n)
    if s1 < speculative {
        m.append(world: xfA.apply(lowClipped - (0.5 * s1) * n + origin), xfA: xfA, xfB: xfB, separation: s1,
                 id: edges.featureId(UInt32(i11), lowFeature))
    }
    let s2 = (highClipped - v11).dot(n)
    if s2 < speculative {
        m.append(world: xfA.apply(highClipped - (0.5 * s2) * n + origin), xfA: xfA, xfB: xfB, separation: s2,
                 id: edges.featureId(UInt32(i12), highFeature))
    }
    return m
}

/// The reference and incident edges of a polygon pair, in A's shifted frame (see
/// ``collidePolygons(_:_:_:_:)``).
///
struct ClippingEdges {
    var v11: Vec2, v12: Vec2, v21: Vec2, v22: Vec2
    var i11: UInt32, i12: UInt32, i21: UInt32, i22: UInt32
    /// The reference face's outward normal.
    var normal: Vec2
    /// Whether the reference face belongs to B.
    var flip: Bool
    /// A's vertex that the frame is shifted to.
    var origin: Vec2
    /// No contact beyond this separation.
    var cutoff: Real

    /// The feature id with A's feature first.
    @inline(__always)
    func featureId(_ reference: UInt32, _ incident: UInt32) -> UInt32 {
        flip ? makeFeatureId(incident, reference) : makeFeatureId(reference, incident)
    }

    /// One point from the closest points of the two edges: normal along their difference,
    /// separation their distance.
    func closestPoints(_ xfA: Transform, _ xfB: Transform) -> Manifold {
        let (s, t) = segmentClosestParameters(v11, v12, v21, v22)
        let p = v11 + s * (v12 - v11)
        let q = v21 + t * (v22 - v21)
        let d = q - p
        let distance = d.length
        if distance > cutoff { return .empty }
        let direction = distance > 1e-12 ? d / distance : normal
        var m = Manifold.empty
        m.normal = xfA.q.apply(flip ? -direction : direction)
        let referenceFeature = s == 1 ? i12 : i11
        let incidentFeature = t == 1 ? i22 : i21
        m.append(world: xfA.apply(0.5 * (p + q) + origin), xfA: xfA, xfB: xfB, separation: distance,
                 id: featureId(referenceFeature, incidentFeature))
        return m
    }
}
