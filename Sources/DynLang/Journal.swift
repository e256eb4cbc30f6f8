// The journal of the commands that built a session (what `save` writes; see Save.swift).
//
// A persistent list, newest entry first: every state on the undo stack is a copy of the
// session, and with an array each command's append copied the whole journal (a prompt session
// or a script with `undo` was quadratic in its number of commands). Here a copy shares every
// node, appending or replacing the last entry makes one node, and `undo` gets the journal of
// the restored state back for free.

/// The top-level commands that made a session, in order.
struct Journal: Sendable {
    final class Node: @unchecked Sendable {
        let text: String
        /// The entries before this one; only `deinit` changes it (to unlink a long chain).
        var previous: Node?
        /// Entries up to and including this one.
        let count: Int

        init(_ text: String, after previous: Node?) {
            self.text = text
            self.previous = previous
            count = (previous?.count ?? 0) + 1
        }

        // Freed one node at a time, not by recursion (a journal of 100,000 entries would
        // overflow the stack), stopping at the first node another journal still shares.
        deinit {
            guard var next = previous else { return }
            previous = nil
            while isKnownUniquelyReferenced(&next) {
                guard let after = next.previous else { return }
                next.previous = nil
                next = after
            }
        }
    }

    private var newest: Node?

    var count: Int { newest?.count ?? 0 }
    /// The newest entry's node (UndoHistory.swift compares journals by their nodes).
    var newestNode: Node? { newest }
    var last: String? { newest?.text }

    mutating func append(_ text: String) {
        newest = Node(text, after: newest)
    }

    /// Replaces the newest entry (merging `step`s); the journal must not be empty.
    mutating func replaceLast(_ text: String) {
        newest = Node(text, after: newest?.previous)
    }

    /// The entries, oldest first.
    var entries: [String] {
        var out: [String] = []
        out.reserveCapacity(count)
        var node = newest
        while let n = node {
            out.append(n.text)
            node = n.previous
        }
        return out.reversed()
    }
}
