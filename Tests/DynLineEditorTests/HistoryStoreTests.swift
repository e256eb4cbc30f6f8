// HistoryStoreTests.swift: the history file format, its bound, its refusal to overwrite what
// it cannot read, concurrent appends, and where the file lives.

import Foundation
import DynTestSupport
import Testing

@testable import DynLineEditor

/// A fresh folder under the system's temporary folder, removed by `remove()`.
struct TemporaryFolder {
    let path: String

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/dyn-lineedit-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw CocoaError(.fileWriteUnknown)
        }
        path = String(cString: made)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

private func bytes(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
}

private func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
}

@Suite("History file")
struct HistoryStoreTests {
    @Test("multi-line entries, backslashes and UTF-8 round-trip as single entries")
    func roundTrip() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = HistoryStore(path: folder.file("history"))
        let entries = [
            "print 1+1",
            "def f(x) =\n  x * 2\nend",
            #"path "C:\temp\new" and \n literally"#,
            "trailing backslash \\",
            "\\",
            "café é ✓",
            "carriage\rreturn",
            "  indented  ",
        ]
        #expect(store.load() == .missing)
        try store.append(entries)
        #expect(store.load() == .entries(entries))

        let text = String(decoding: try bytes(store.path), as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "#dyn-history v1")
        #expect(lines.count == entries.count + 2)  // header, one per entry, the final newline
        #expect(lines[2] == #"def f(x) =\n  x * 2\nend"#)
        #expect(lines[3] == #"path "C:\\temp\\new" and \\n literally"#)
        #expect(text.hasSuffix("\n"))
    }

    @Test("a second append adds to the first and keeps the order")
    func appendsAccumulate() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = HistoryStore(path: folder.file("history"))
        try store.append(["a", "b"])
        try store.append(["c"])
        try store.append([])
        #expect(store.load() == .entries(["a", "b", "c"]))
    }

    @Test("only the newest `limit` entries are kept, when writing and when reading")
    func boundRespected() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("history")
        let store = HistoryStore(path: path, limit: 5)
        try store.append((1...3).map { "entry \($0)" })
        try store.append((4...9).map { "entry \($0)" })
        #expect(store.load() == .entries((5...9).map { "entry \($0)" }))

        let bigger = HistoryStore(path: path, limit: 100)
        try bigger.append((10...20).map { "entry \($0)" })
        #expect(HistoryStore(path: path, limit: 3).load() == .entries((18...20).map { "entry \($0)" }))
        #expect(HistoryStore(path: path, limit: 0).load() == .entries([]))
    }

    @Test("an empty file counts as no entries and may be written")
    func emptyFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("history")
        try write("", to: path)
        let store = HistoryStore(path: path)
        #expect(store.load() == .entries([]))
        try store.append(["x"])
        #expect(store.load() == .entries(["x"]))
    }

    @Test(
        "a damaged file is reported and kept byte for byte; append refuses",
        arguments: [
            "print 1\nprint 2\n",  // no header (for example libedit's own format)
            "_HiStOrY_V2_\nprint\\0401\n",  // libedit's write_history
            "#dyn-history v2\nfuture\n",  // a newer version
            "#dyn-history v1\nbad \\q escape\n",
            "#dyn-history v1\nlone backslash \\\n",
        ])
    func damagedFileKept(contents: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("history")
        try write(contents, to: path)
        let before = try bytes(path)
        let store = HistoryStore(path: path)

        guard case .damaged(let reason) = store.load() else {
            Issue.record("expected .damaged, got \(store.load())")
            return
        }
        #expect(!reason.isEmpty)
        #expect(store.load().warning(path: path)?.contains("kept as it is") == true)
        #expect(throws: HistoryError.damaged(path: path, reason: reason)) {
            try store.append(["new entry"])
        }
        #expect(try bytes(path) == before)
        #expect(!FileManager.default.fileExists(atPath: path + ".tmp"))
    }

    @Test("bytes that are not UTF-8 make the file damaged, and it is kept")
    func invalidUTF8Kept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("history")
        let contents: [UInt8] = Array("#dyn-history v1\nok\n".utf8) + [0xC3, 0x28, 0x0A]
        try Data(contents).write(to: URL(fileURLWithPath: path))
        let store = HistoryStore(path: path)
        #expect(store.load() == .damaged("line 3: not UTF-8"))
        #expect(throws: HistoryError.self) { try store.append(["x"]) }
        #expect(try bytes(path) == contents)
    }

    @Test("an unreadable file (mode 000) is reported and kept; append refuses")
    func unreadableFileKept() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("history")
        try write("#dyn-history v1\nsecret entry\n", to: path)
        let before = try bytes(path)
        #expect(chmod(path, 0) == 0)
        defer { chmod(path, 0o600) }
        // Root reads a mode-000 file anyway: then there is nothing to test.
        if access(path, R_OK) == 0 {
            try Test.cancel("skipped: this user reads a mode-000 file (root), so it cannot be unreadable")
        }

        let store = HistoryStore(path: path)
        #expect(store.load() == .unreadable(String(cString: strerror(EACCES))))
        #expect(throws: HistoryError.unreadable(path: path, reason: String(cString: strerror(EACCES)))) {
            try store.append(["new entry"])
        }
        chmod(path, 0o600)
        #expect(try bytes(path) == before)
    }

    @Test("a folder in place of the file is unreadable and left alone")
    func directoryInPlace() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("history")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        try write("inside", to: path + "/keep")
        let store = HistoryStore(path: path)
        #expect(store.load() == .unreadable(String(cString: strerror(EISDIR))))
        #expect(throws: HistoryError.self) { try store.append(["x"]) }
        #expect(try bytes(path + "/keep") == Array("inside".utf8))
    }

    @Test("a symbolic link is followed: its target is rewritten, the link stays")
    func symbolicLinkFollowed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let target = folder.file("real-history")
        let link = folder.file("history")
        try HistoryStore(path: target).append(["one"])
        #expect(symlink(target, link) == 0)
        try HistoryStore(path: link).append(["two"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(HistoryStore(path: target).load() == .entries(["one", "two"]))
    }

    @Test("the file's folder is created, and a new file is private (0600)")
    func createsFolderPrivately() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("a/b/history")
        try HistoryStore(path: path).append(["x"])
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test("two stores appending to one file from concurrent threads lose nothing")
    func concurrentAppendsFromThreads() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("history")
        let writers = 4
        let rounds = 25
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    let store = HistoryStore(path: path, limit: 10_000)
                    for round in 0..<rounds {
                        try store.append(["w\(writer) r\(round) a", "w\(writer) r\(round) b"])
                    }
                }
            }
            try await group.waitForAll()
        }
        let entries = HistoryStore(path: path, limit: 10_000).load().entries
        #expect(entries.count == writers * rounds * 2)
        #expect(Set(entries).count == writers * rounds * 2)
        for writer in 0..<writers {  // each writer's entries stay in its order
            let own = entries.filter { $0.hasPrefix("w\(writer) ") }
            #expect(own == (0..<rounds).flatMap { ["w\(writer) r\($0) a", "w\(writer) r\($0) b"] })
        }
    }

    @Test(
        "two processes appending at once lose nothing",
        .enabled(if: TmuxSession.builtProduct(named: "dyn-lineedit-demo") != nil,
                 "dyn-lineedit-demo was not built: the test target must depend on it"))
    func concurrentAppendsFromProcesses() throws {
        let demo = try #require(TmuxSession.builtProduct(named: "dyn-lineedit-demo"))
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.file("history")
        let lines = 40  // two runs of 40 fit in the demo's limit of 100: every line must stay
        // Not a terminal: the demo reads plain lines and saves them when its input ends; both
        // runs start together, so their appends race for the lock.
        var runs: [Subprocess.Running] = []
        for writer in 0..<2 {
            let input = folder.file("input-\(writer)")
            try Data((0..<lines).map { "p\(writer) line \($0)\n" }.joined().utf8)
                .write(to: URL(fileURLWithPath: input))
            runs.append(try Subprocess.start(
                demo, [], environment: ["DYN_HISTORY": path, "PATH": "/usr/bin:/bin"], input: input))
        }
        for run in runs {
            let result = try Subprocess.wait(run)
            #expect(result.status == 0, "\(result.errors)")
        }
        let entries = HistoryStore(path: path, limit: 10_000).load().entries
        #expect(entries.count == 2 * lines)
        for writer in 0..<2 {
            #expect(entries.filter { $0.hasPrefix("p\(writer) ") } == (0..<lines).map { "p\(writer) line \($0)" })
        }
    }
}

@Suite("History location")
struct HistoryPathTests {
    @Test("DYN_HISTORY wins, as given")
    func explicitVariable() {
        #expect(HistoryStore.defaultPath(environment: [
            "DYN_HISTORY": "/somewhere/else/h", "XDG_STATE_HOME": "/x", "HOME": "/home/u",
        ]) == "/somewhere/else/h")
    }

    @Test("XDG_STATE_HOME/dyn/history, with the folder created")
    func xdgStateHome() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let state = folder.file("state")
        let path = HistoryStore.defaultPath(environment: ["XDG_STATE_HOME": state, "HOME": "/nonexistent"])
        #expect(path == state + "/dyn/history")
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: state + "/dyn", isDirectory: &isFolder) && isFolder.boolValue)
    }

    @Test("without XDG_STATE_HOME (or empty, or relative): ~/.local/state/dyn/history")
    func homeFallback() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let home = folder.path
        for environment in [
            ["HOME": home],
            ["HOME": home, "XDG_STATE_HOME": ""],
            ["HOME": home, "XDG_STATE_HOME": "relative/state"],
            ["HOME": home, "DYN_HISTORY": ""],
        ] {
            #expect(HistoryStore.defaultPath(environment: environment) == home + "/.local/state/dyn/history")
        }
        #expect(FileManager.default.fileExists(atPath: home + "/.local/state/dyn"))
    }
}
