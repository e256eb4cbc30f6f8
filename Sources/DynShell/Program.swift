// What the `dyn` program does, apart from parsing its command line: run scripts in one world,
// check them, and run them as tests. Kept out of the executable so that tests can call it.

import DynLang
import Foundation

/// The program's operations. Each returns the exit status.
public enum Program {
    /// Exit status: success.
    public static let ok: Int32 = 0
    /// Exit status: an `assert` failed (or a test failed).
    public static let assertionFailed: Int32 = 1
    /// Exit status: any other error.
    public static let error: Int32 = 2

    /// A script to run: a file to read, or text given directly.
    public enum Input: Sendable {
        case file(String)
        case text(name: String, text: String)
    }

    /// Runs scripts one after the other in one world (`dyn FILE ...`, `dyn -e CODE`, `dyn < FILE`).
    ///
    /// With `settings.bail` off, an error is reported and the script goes on; the status is
    /// then that of the worst error survived.
    public static func run(_ inputs: [Input], output: ConsoleOutput, settings: ShellSettings = ShellSettings(),
                           display: DisplayHost = DisplayHost(),
                           isInterrupted: @escaping () -> Bool = { false }) -> Int32 {
        let interpreter = Interpreter(write: { output.write($0) })
        interpreter.isInterrupted = isInterrupted
        interpreter.display = display
        // On a terminal every write shows at once (a live animation's frames, a long run's prints).
        if display.isTerminal { output.flushesEveryWrite = true }
        interpreter.settings = settings
        interpreter.reportError = { output.writeError($0.rendered) }
        interpreter.warn = { output.writeError($0.rendered()) }
        // Every file is read and parsed first: the syntax errors of all of them are reported
        // before anything runs.
        var files: [SourceFile] = []
        var syntaxErrors: [Diagnostic] = []
        for input in inputs {
            do {
                let file: SourceFile
                switch input {
                case .file(let path): file = try SourceFile.load(argument: path)
                case .text(let name, let text):
                    file = SourceFile(name: name, text: text, directory: FileManager.default.currentDirectoryPath)
                }
                files.append(file)
                syntaxErrors += Parser.parse(file).diagnostics
            } catch {
                output.writeError(error.rendered)
                output.flush()
                return error.exitStatus
            }
        }
        if !syntaxErrors.isEmpty {
            output.writeError(ScriptFailure.syntax(syntaxErrors).rendered)
            output.flush()
            return Program.error
        }
        // No script can undo: no state is kept for it (see Interpreter.keepsUndoHistory).
        interpreter.keepsUndoHistory = files.contains { Interpreter.mayUndo($0) }
        for file in files {
            do {
                try interpreter.run(file)
            } catch {
                output.writeError(error.rendered)
                output.flush()
                return error.exitStatus
            }
        }
        output.flush()
        return interpreter.survivedStatus
    }

    /// `dyn check FILE ...`: parses and checks, printing every diagnostic.
    public static func check(_ paths: [String], output: ConsoleOutput) -> Int32 {
        var status = ok
        for path in paths {
            do {
                let file = try SourceFile.load(argument: path)
                let interpreter = Interpreter(write: { _ in })
                for d in interpreter.check(file) {
                    output.writeError(d.rendered())
                    status = error
                }
            } catch {
                output.writeError(error.rendered)
                status = Program.error
            }
        }
        return status
    }
}
