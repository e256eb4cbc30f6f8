// swift-tools-version: 6.0
//
// dyn: a scripted REPL shell for 2D rigid-body worlds with the semantics of UIKit Dynamics.
//
// Layering (arrows point at what is depended on):
//   DynamicsCollision -> DynamicsMath
//   Dynamics          -> DynamicsCollision, DynamicsMath     (the engine: knows no language, no shell)
//   DynDraw           -> Dynamics, DynamicsMath              (pictures: scenes of the world, the terminal, files)
//   DynLang           -> Dynamics, DynDraw                   (lexer, parser, interpreter; engine public API only)
//   DynLineEditor     -> CLibEdit                            (libedit behind a small Swift type: prompt, history, completion, SIGINT)
//   DynShell          -> DynLang, DynLineEditor              (the REPL session, help, the program's commands)
//   dyn               -> DynShell, ArgumentParser            (the executable)
//   dyn-bench         -> Dynamics                            (release-built benchmark of the standard scenes)
//   dyn-bench-draw    -> DynDraw, Dynamics                   (release-built timing of pictures)
// Nothing under Dynamics* imports DynLang, DynShell or a C module, so the engine builds without libedit.
import PackageDescription

let package = Package(
    name: "dyn",
    products: [
        .executable(name: "dyn", targets: ["dyn"]),
        .executable(name: "dyn-bench", targets: ["dyn-bench"]),
        .executable(name: "dyn-bench-draw", targets: ["dyn-bench-draw"]),
        .library(name: "Dynamics", targets: ["Dynamics"]),
        .library(name: "DynLang", targets: ["DynLang"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // libm: rounding and square roots that the standard library lowers to C calls.
        .target(name: "DynamicsMath", linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
        .target(name: "DynamicsCollision", dependencies: ["DynamicsMath"]),
        .target(name: "Dynamics", dependencies: ["DynamicsMath", "DynamicsCollision"]),
        .target(name: "DynDraw", dependencies: ["Dynamics", "DynamicsMath"]),
        .target(name: "DynLang", dependencies: ["Dynamics", "DynamicsMath", "DynDraw"]),
        .systemLibrary(
            name: "CLibEdit",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        .target(name: "DynLineEditor", dependencies: ["CLibEdit"]),
        .target(name: "DynShell", dependencies: ["DynLang", "DynLineEditor"]),
        .executableTarget(
            name: "dyn",
            dependencies: ["DynShell", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .executableTarget(name: "dyn-bench", dependencies: ["Dynamics"]),
        // Release-built timing of pictures: terminal frames and a GIF recording of the rain scene.
        .executableTarget(name: "dyn-bench-draw", dependencies: ["DynDraw", "Dynamics", "DynamicsMath"]),
        // A tiny program that echoes what the line editor reads, for the terminal tests.
        .executableTarget(name: "dyn-lineedit-demo", dependencies: ["DynLineEditor"]),
        // Test helpers shared by test targets: a real terminal through tmux.
        .target(name: "DynTestSupport", path: "Tests/DynTestSupport"),
        .testTarget(name: "DynamicsMathTests", dependencies: ["DynamicsMath"]),
        .testTarget(name: "DynamicsCollisionTests", dependencies: ["DynamicsCollision"]),
        .testTarget(name: "DynamicsTests", dependencies: ["Dynamics"]),
        .testTarget(name: "DynDrawTests", dependencies: ["DynDraw", "Dynamics", "DynamicsMath"]),
        .testTarget(name: "DynLangTests", dependencies: ["DynLang", "Dynamics", "DynamicsMath"]),
        .testTarget(name: "DynLineEditorTests", dependencies: ["DynLineEditor", "DynTestSupport", "dyn-lineedit-demo"]),
        .testTarget(name: "DynShellTests", dependencies: ["DynShell", "DynTestSupport", "dyn"]),
    ],
    swiftLanguageModes: [.v6]
)
