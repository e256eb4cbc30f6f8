// dyn-fuzz: a libFuzzer target over the lexer, the parser, the checker and the interpreter.
//
// Each input is a script (its bytes as UTF-8, invalid bytes replaced). It is parsed, checked
// (`dyn check`'s work) and, if it has no syntax error, run in a fresh world under a budget:
// the interpreter's interrupt poll, asked between frames and loop iterations, says "stop"
// after `pollBudget` polls, so `step 1e9` or `while true {}` end quickly. A crash, a failed
// precondition, a stack overflow or a leak-free hang (libFuzzer's -timeout) is a finding;
// any diagnostic or runtime error is an ordinary outcome.
//
// Not part of normal builds: it needs libFuzzer's symbols. Build and run with Scripts/fuzz.sh.

import CFuzzer
import DynLang
import Foundation

/// Polls of the interrupt check allowed per input (frames stepped plus loop iterations).
let pollBudget = 2_000

nonisolated(unsafe) var polls = 0

func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    // Keep inputs to a size a person could type: long ones only slow the search down.
    guard size <= 4096 else { return -1 }
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    let text = String(decoding: bytes, as: UTF8.self)
    let file = SourceFile(name: "fuzz.dyn", text: text)
    let interpreter = Interpreter(write: { _ in })
    _ = interpreter.check(file)
    polls = 0
    interpreter.isInterrupted = {
        polls += 1
        return polls > pollBudget
    }
    interpreter.settings.bail = false
    do {
        try interpreter.run(file)
    } catch {
        _ = error.rendered
    }
    return 0
}

// The working folder is a scratch folder (Scripts/fuzz.sh makes one): scripts may `save`,
// `record` or `log` to files.
var argc = CommandLine.argc
var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
let status = LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOne(data, size) }
exit(status)
