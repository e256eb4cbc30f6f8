/// "Did you mean ...?" suggestions for misspelled names.
enum Suggest {
    /// The candidate closest to `word` by edit distance (with transpositions), if it is close
    /// enough to be a likely typo: at most 1 edit for short words, about a third of the length
    /// for longer ones. Ties go to the earliest candidate, so the answer is deterministic.
    static func closest(to word: String, in candidates: [String]) -> String? {
        // The work is bounded: names longer than the language allows get no suggestion, and a
        // candidate whose length differs by more than the limit cannot be close enough.
        guard word.unicodeScalars.count <= Limits.nameLength else { return nil }
        let w = Array(word.lowercased().unicodeScalars)
        let limit = Swift.max(1, w.count / 3)
        var best: String?
        var bestDistance = Int.max
        var work = 0
        for c in candidates where c != word {
            let cs = Array(c.lowercased().unicodeScalars)
            if Swift.abs(cs.count - w.count) > limit || cs.count > Limits.nameLength { continue }
            // At most about 10 ms of comparing, however many names the world has.
            work += w.count * cs.count
            if work > 20_000_000 { break }
            let d = distance(w, cs)
            if d <= limit && d < bestDistance {
                best = c
                bestDistance = d
            }
        }
        return best
    }

    /// ` (did you mean 'x'?)` or the empty string.
    static func hint(for word: String, in candidates: [String]) -> String {
        if let c = closest(to: word, in: candidates) { return "; did you mean '\(c)'?" }
        return ""
    }

    /// Optimal string alignment distance.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var prev2 = [Int](repeating: 0, count: b.count + 1)
        var prev = Array(0...b.count)
        var cur = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            cur[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var v = Swift.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost)
                if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                    v = Swift.min(v, prev2[j - 2] + 1)
                }
                cur[j] = v
            }
            prev2 = prev
            prev = cur
        }
        return prev[b.count]
    }
}
