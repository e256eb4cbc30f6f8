import Foundation

/// A fresh temporary folder, for tests that write files.
public func temporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "dyn-test-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}
