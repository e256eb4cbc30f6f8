// swift-tools-version: 6.0
//
// dyn: a scripted REPL shell for 2D rigid-body worlds with the semantics of UIKit Dynamics.
//
// Layering (arrows point at what is depended on):
//   DynamicsCollision -> DynamicsMath
//   Dynamics          -> DynamicsCollision, DynamicsMath     (the engine: knows no language, no shell)
//   DynDraw           -> Dynamics, DynamicsMath, CCairo, CGif (pictures: scenes of the world, the terminal, files)
//   DynSystem         -> (Darwin or Glibc)                   (the one shim over the C library for the layers below)
//   DynLang           -> Dynamics, DynDraw, DynSystem        (lexer, parser, interpreter, completion; engine public API only)
//   DynLineEditor     -> CLibEdit, DynSystem                 (libedit behind a small Swift type: prompt, history, completion, SIGINT)
//   DynShell          -> DynLang, DynLineEditor, DynSystem   (the REPL session, the program's commands; not the engine)
//   dyn               -> DynShell, DynLang, DynLineEditor, ArgumentParser (the executable)
//   dyn-bench         -> Dynamics                            (release-built benchmark of the standard scenes)
//   dyn-bench-draw    -> DynDraw, Dynamics                   (release-built timing of pictures)
// Nothing under Dynamics* imports DynLang, DynShell or a C module, so the engine builds without libedit,
// cairo or giflib.
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
        .target(name: "DynDraw", dependencies: ["Dynamics", "DynamicsMath", "CCairo", "CGif"]),
        // cairo draws the PNG, SVG and PDF pictures and the GIF frames; giflib encodes the GIFs.
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"]), .brew(["cairo"])]
        ),
        // giflib has no pkg-config file on Debian: its module map links "gif" by name.
        .systemLibrary(name: "CGif", providers: [.apt(["libgif-dev"]), .brew(["giflib"])]),
        .target(name: "DynSystem"),
        .target(name: "DynLang", dependencies: ["Dynamics", "DynamicsMath", "DynDraw", "DynSystem"]),
        .systemLibrary(
            name: "CLibEdit",
            pkgConfig: "libedit",  // Linux; macOS ships libedit and its headers with the system
            providers: [.apt(["libedit-dev"])]
        ),
        .target(name: "DynLineEditor", dependencies: ["CLibEdit", "DynSystem"]),
        .target(name: "DynShell", dependencies: ["DynLang", "DynLineEditor", "DynSystem"]),
        .executableTarget(
            name: "dyn",
            dependencies: ["DynShell", "DynLang", "DynLineEditor", .product(name: "ArgumentParser", package: "swift-argument-parser")]
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
        // Counts each thread's heap allocations (Linux), for the test that a warmed-up step allocates nothing.
        .target(name: "HeapCounter", path: "Tests/HeapCounter"),
        .testTarget(name: "DynamicsTests", dependencies: ["Dynamics", "HeapCounter"]),
        .testTarget(name: "DynDrawTests", dependencies: ["DynDraw", "Dynamics", "DynamicsMath", "CCairo", "CGif"]),
        .testTarget(name: "DynLangTests", dependencies: ["DynLang", "Dynamics", "DynamicsMath", "DynSystem", "DynTestSupport"]),
        .testTarget(name: "DynLineEditorTests", dependencies: ["DynLineEditor", "DynTestSupport", "dyn-lineedit-demo"]),
        .testTarget(name: "DynShellTests", dependencies: ["DynShell", "DynTestSupport", "dyn"]),
    ],
    swiftLanguageModes: [.v6]
)
