// The `dyn` program: the command line, on top of DynShell.

import ArgumentParser
import DynLang
import DynLineEditor
import DynShell
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
            """,
        discussion: """
            With a terminal and no arguments, dyn opens an interactive prompt; without a terminal it \
            runs standard input as a script. FILEs run one after the other in one world. \
            Exit status: 0 ok, 1 an assert failed, 2 any other error. See Docs/language.md.
            """,
        version: DynVersion.string,
        subcommands: [RunScripts.self, Check.self, Test.self],
        defaultSubcommand: RunScripts.self
    )
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
            // Not a terminal: standard input is a script.
            let data = FileHandle.standardInput.readDataToEndOfFile()
            let text = String(decoding: data, as: UTF8.self)
            let status = Program.run(
                [.text(name: "<stdin>", text: text)], output: output, settings: settings,
                display: .current(environment: environment))
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

    @Option(help: ArgumentHelp("Fail a script that runs longer than S seconds of wall time.", valueName: "S"))
    var timeout: Double?

    func validate() throws {
        if let timeout, !(timeout > 0 && timeout.isFinite) {
            throw ValidationError("--timeout must be a number of seconds greater than 0")
        }
    }

    func run() throws {
        Interrupt.install()
        throw ExitCode(TestRunner.run(paths, output: ConsoleOutput(), timeout: timeout, isInterrupted: { Interrupt.isRequested }))
    }
}
