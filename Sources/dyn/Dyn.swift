// The `dyn` program: the command line, on top of DynShell.

import ArgumentParser
import DynLang
import DynLineEditor
import DynShell
import DynSystem
import Foundation

@main
struct Dyn: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dyn",
        abstract: "A scripted shell for 2D rigid-body physics with the semantics of UIKit Dynamics.",
        usage: """
            dyn [FILE ...] [-e CODE ...] [--echo] [--no-bail] [--timing] [--init FILE] [--no-init]
              dyn check FILE ...
              dyn test PATH ...
              dyn demo [NAME [--print | --record FILE [--fps N] [--size N]]]
            """,
        discussion: """
            With a terminal and no arguments, dyn opens an interactive prompt; without a terminal it \
            runs standard input as a script. FILEs run one after the other in one world. \
            Exit status: 0 ok, 1 an assert failed, 2 any other error. See Docs/language.md.
            """,
        version: DynVersion.string,
        subcommands: [RunScripts.self, Check.self, Test.self, Demo.self],
        defaultSubcommand: RunScripts.self
    )

    /// As `ParsableCommand.main`, but a usage error exits with 2, dyn's status for any error
    /// (ArgumentParser's own is 64).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}

/// `dyn [FILE ...]`, `dyn -e CODE`.
struct RunScripts: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Runs scripts in one world, in order, or the interactive shell (the default: `dyn FILE ...`)."
    )

    @Option(name: .short, help: ArgumentHelp("Runs CODE as a script (may be repeated; runs after the files).", valueName: "CODE"))
    var e: [String] = []

    @Argument(help: ArgumentHelp("Script files, run one after the other in one world.", valueName: "FILE"))
    var files: [String] = []

    @Flag(help: "Print each command before running it, marked with '> '.")
    var echo = false

    @Flag(inversion: .prefixedNo, help: "Stop a script at its first error (--no-bail: report it and go on).")
    var bail = true

    @Flag(help: "Print the wall time and steps per second of each step and run.")
    var timing = false

    @Option(name: .customLong("init"), help: ArgumentHelp("Run FILE before the first prompt (default: $DYNRC or ~/.dynrc).", valueName: "FILE"))
    var initFile: String?

    @Flag(help: "Do not run an init file.")
    var noInit = false

    var settings: ShellSettings {
        var s = ShellSettings()
        s.echo = echo
        s.bail = bail
        s.timing = timing
        return s
    }

    func run() throws {
        let output = ConsoleOutput()
        let environment = ProcessInfo.processInfo.environment
        if files.isEmpty && e.isEmpty {
            if Terminal.isInteractive {
                Interrupt.install()
                let repl = Repl(output: output, environment: environment, settings: settings)
                if !noInit { repl.runInitFile(initFile ?? Repl.defaultInitFile(environment: environment)) }
                throw ExitCode(repl.run())
            }
            // Not a terminal: standard input is a script. Ctrl-C stops it with a message, as it
            // stops a script file.
            Interrupt.install()
            let (data, failure) = System.readAll(0, stop: { Interrupt.isRequested })
            if Interrupt.isRequested {
                FileHandle.standardError.write(Data("interrupted: while reading the script from standard input; nothing ran\n".utf8))
                throw ExitCode(Program.error)
            }
            if let failure {
                FileHandle.standardError.write(Data("dyn: cannot read standard input: \(System.errorText(failure))\n".utf8))
                throw ExitCode(Program.error)
            }
            let text = String(decoding: data, as: UTF8.self)
            let status = Program.run(
                [.text(name: "<stdin>", text: text)], output: output, settings: settings,
                display: .current(environment: environment), isInterrupted: { Interrupt.isRequested })
            throw ExitCode(status)
        }
        Interrupt.install()
        let inputs = files.map { Program.Input.file($0) } + e.map { Program.Input.text(name: "-e", text: $0) }
        let status = Program.run(
            inputs, output: output, settings: settings, display: .current(environment: environment),
            isInterrupted: { Interrupt.isRequested })
        throw ExitCode(status)
    }
}

/// `dyn check FILE ...`.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Checks scripts without running them; prints every diagnostic (exit 0 clean, 2 not).",
        discussion: """
            Finds what can be known without running: every syntax error; unknown commands, options and \
            functions; arguments of the wrong kind or out of range (when they are constants); calls with \
            the wrong number of arguments (built-in functions and the script's own fn); names that nothing \
            in the script defines; properties that world, shell or the script's items do not have. It does \
            not run the physics, so an item removed before it is used, or a value computed out of range, \
            shows only when the script runs. A script that builds names from strings or sources other \
            files gets no name checks.
            """
    )

    @Argument(help: ArgumentHelp("Script files to check.", valueName: "FILE"))
    var files: [String]

    func run() throws {
        throw ExitCode(Program.check(files, output: ConsoleOutput()))
    }
}

/// `dyn test PATH ...`.
struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Runs each .dyn script (folders: every .dyn file below) in a fresh world; exit 0 when all pass, 1 otherwise."
    )

    @Argument(help: ArgumentHelp("Scripts or folders of scripts.", valueName: "PATH"))
    var paths: [String]

    /// Runs one script and reports its outcome to the parent `dyn test` (which runs each script
    /// in a process of its own, so that a crashing script fails alone).
    @Flag(help: .private)
    var child = false

    @Option(help: ArgumentHelp("Fail a script that runs longer than S seconds of wall time.", valueName: "S"))
    var timeout: Double?

    func validate() throws {
        if let timeout, !(timeout > 0 && timeout.isFinite) {
            throw ValidationError("--timeout must be a number of seconds greater than 0")
        }
    }

    func run() throws {
        Interrupt.install()
        if child, let path = paths.first {
            throw ExitCode(TestRunner.runChild(path, output: ConsoleOutput(), timeout: timeout, isInterrupted: { Interrupt.isRequested }))
        }
        throw ExitCode(TestRunner.run(paths, output: ConsoleOutput(), timeout: timeout, isInterrupted: { Interrupt.isRequested },
                                      isolatedBy: Bundle.main.executableURL))
    }
}

/// `dyn demo [NAME] [--print] [--record FILE]`.
struct Demo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Lists the demos, or runs one (live in a terminal), prints its script or records its animation."
    )

    @Argument(help: ArgumentHelp("The demo to run (without NAME: the list).", valueName: "NAME"))
    var name: String?

    @Flag(help: "Print the demo's script (to copy and change) instead of running it.")
    var print = false

    @Option(help: ArgumentHelp("Run the demo and write its animation to FILE (.gif or .html).", valueName: "FILE"))
    var record: String?

    @Option(help: ArgumentHelp("With --record: frames per second of world time (default 25 for GIF, 30 for HTML).", valueName: "N"))
    var fps: Int?

    @Option(help: ArgumentHelp("With --record: fit the picture into N × N pixels (default: 1 pixel per point).", valueName: "N"))
    var size: Int?

    func validate() throws {
        if record == nil && (fps != nil || size != nil) { throw ValidationError("--fps and --size go with --record") }
        if print && record != nil { throw ValidationError("--print and --record do not go together") }
        if let fps, !(1...60).contains(fps) { throw ValidationError("--fps must be from 1 to 60") }
        if let size, !(16...4096).contains(size) { throw ValidationError("--size must be from 16 to 4096") }
    }

    func run() throws {
        let output = ConsoleOutput()
        guard let given = name else {
            output.write(Demos.list())
            return
        }
        // `dyn demo rope.dyn` is `dyn demo rope`.
        let name = given.hasSuffix(".dyn") ? String(given.dropLast(4)) : given
        guard let demo = Demos.named(name) else {
            let names = Demos.all.map(\.name)
            output.writeError("dyn demo: no demo named '\(name)'; the demos are: \(names.joined(separator: ", "))\n")
            throw ExitCode(Program.error)
        }
        if print {
            output.write(demo.script)
            return
        }
        var script = demo.script
        var display = DisplayHost.current(environment: ProcessInfo.processInfo.environment)
        if let record {
            let path = URL(fileURLWithPath: record, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).path
            var extra: [String] = []
            if let fps { extra.append("fps \(fps)") }
            if let size { extra.append("size \(size) \(size)") }
            guard let recording = Demos.recording(demo.script, to: path, extra: extra.joined(separator: " ")) else {
                output.writeError("dyn demo: '\(name)' has no `run T live` to record\n")
                throw ExitCode(Program.error)
            }
            script = recording
            display.isTerminal = false
        }
        Interrupt.install()
        let status = Program.run(
            [.text(name: name + ".dyn", text: script)], output: output, display: display,
            isInterrupted: { Interrupt.isRequested })
        throw ExitCode(status)
    }
}
