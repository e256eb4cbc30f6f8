import Foundation

/// The package's root folder (this file is Tests/DynShellTests/Support.swift).
let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// The built `dyn` program, beside the test bundle (`swift build --build-tests` builds it).
let dynBinary: String = {
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let candidates = [bundle.appendingPathComponent("dyn").path, packageRoot + "/.build/debug/dyn"]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[1]
}()

/// The result of running the program.
struct RunResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs `dyn` with arguments and optional standard input, in `directory`.
func runDyn(_ arguments: [String], input: String? = nil, directory: String = packageRoot,
            environment: [String: String] = [:]) throws -> RunResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: dynBinary)
    process.arguments = arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory)
    var env = ProcessInfo.processInfo.environment
    for (k, v) in environment { env[k] = v }
    process.environment = env
    // Output goes to files, so that neither stream can fill a pipe and block the child.
    let tmp = NSTemporaryDirectory() + "dyn-run-" + UUID().uuidString
    _ = FileManager.default.createFile(atPath: tmp + ".out", contents: nil)
    _ = FileManager.default.createFile(atPath: tmp + ".err", contents: nil)
    defer {
        try? FileManager.default.removeItem(atPath: tmp + ".out")
        try? FileManager.default.removeItem(atPath: tmp + ".err")
    }
    let out = try FileHandle(forWritingTo: URL(fileURLWithPath: tmp + ".out"))
    let err = try FileHandle(forWritingTo: URL(fileURLWithPath: tmp + ".err"))
    let inPipe = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = inPipe
    try process.run()
    if let input { inPipe.fileHandleForWriting.write(Data(input.utf8)) }
    try inPipe.fileHandleForWriting.close()
    process.waitUntilExit()
    try out.close()
    try err.close()
    let stdout = (try? String(contentsOfFile: tmp + ".out", encoding: .utf8)) ?? ""
    let stderr = (try? String(contentsOfFile: tmp + ".err", encoding: .utf8)) ?? ""
    return RunResult(status: process.terminationStatus, stdout: stdout, stderr: stderr)
}

