// The manifold records put back in the contacts' order (`ContactWorld.orderContactSims`):
// records are moved, never changed, so a world stepped with its records reordered steps as
// the same world without, to the bit; and the tables stay consistent (every record used by
// one contact, the free places used by none) through a rain whose contacts come and go.

import BenchScenes
@testable import Dynamics
import DynamicsMath
import Testing

@Suite struct ContactOrderTests {
    /// Each contact's record is its own, the free places are no contact's, and together they
    /// are the table.
    private func consistent(_ cw: ContactWorld) -> Bool {
        var owner = [Int32](repeating: -1, count: cw.contactSims.count)
        for (i, c) in cw.contacts.enumerated() where c.sim >= 0 {
            guard Int(c.sim) < owner.count, owner[Int(c.sim)] < 0 else { return false }
            owner[Int(c.sim)] = Int32(i)
        }
        for s in cw.freeSims {
            guard Int(s) < owner.count, owner[Int(s)] < 0 else { return false }
            owner[Int(s)] = -2
        }
        return !owner.contains(-1)
    }

    /// The records in the contacts' order: the k-th contact with a record has record k.
    private func inOrder(_ cw: ContactWorld) -> Bool {
        var k: Int32 = 0
        for c in cw.contacts where c.sim >= 0 {
            if c.sim != k { return false }
            k += 1
        }
        return k == Int32(cw.contactSims.count) && cw.freeSims.isEmpty
    }

    /// 400 balls raining into a box: contacts begin and end every frame, records are freed
    /// and taken again, and the world puts them back in order when they drift out of it.
    @Test func tablesStayConsistentAndOrdered() throws {
        var scene = try BenchScenes.rain(count: 400)
        var ordered = 0
        for _ in 0..<240 {
            scene.world.step()
            #expect(consistent(scene.world.contactWorld))
            if inOrder(scene.world.contactWorld) { ordered += 1 }
        }
        // Ordered again and again (a freshly ordered table stays so until contacts change).
        #expect(ordered > 10)
        let (ok, detail) = scene.check(scene.world, scene.bodies)
        #expect(ok, "\(detail)")
    }

    /// A world whose records are put in order steps exactly as the same world left as it is.
    @Test func orderingChangesNoResult() throws {
        var scene = try BenchScenes.rain(count: 400)
        for _ in 0..<90 { scene.world.step() }
        var reordered = scene.world
        var scratch = ContiguousArray<Int32>()
        reordered.contactWorld.orderContactSims(scratch: &scratch)
        #expect(inOrder(reordered.contactWorld))
        #expect(consistent(reordered.contactWorld))
        #expect(reordered.contactWorld.contactSims.count <= scene.world.contactWorld.contactSims.count)
        for _ in 0..<60 {
            scene.world.step()
            reordered.step()
        }
        #expect(scene.world.stateHash() == reordered.stateHash())
    }
}
