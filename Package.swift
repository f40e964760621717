// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "ListDSL",
    products: [
        .executable(name: "listdsl", targets: ["listdsl"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // The sectioned list, its two layers and UIKit's batch validation: no I/O, no language.
        .target(name: "ListModel"),
        // The language: sources, tokens, lexer, AST, parser, interpreter, diagnostics, renderers.
        .target(name: "ListDSL", dependencies: ["ListModel"]),
        // GNU readline, for the REPL only.
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
        // The command: argument parsing, script runner, REPL. The only target that prints or exits.
        .executableTarget(
            name: "listdsl",
            dependencies: [
                "ListDSL", "CReadline",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Linked by the toolchain's lld with packed relative relocations (DT_RELR): the
            // position-independent binary's 40,000 relocations take 8 KB instead of 950 KB to read at
            // every start, and lld lays it out to fault in fewer pages than gold (start-up 0.1–0.3 ms less).
            linkerSettings: [
                .unsafeFlags(
                    ["-Xclang-linker", "-fuse-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
                    .when(platforms: [.linux], configuration: .release))
            ]
        ),
        // Release-mode benchmark of the batch engine (`swift run -c release listdsl-bench`).
        .executableTarget(name: "listdsl-bench", dependencies: ["ListModel"]),
        // The libFuzzer target (built by fuzz/run.sh with -sanitize=fuzzer); a plain build replays inputs.
        .executableTarget(name: "listdsl-fuzz", dependencies: ["ListDSL", "ListModel"]),
        // Starting the real binary as a child with clean descriptors and signals (the REPL's tests, the key fuzzer).
        .target(name: "ChildProcess"),
        // Types random key sequences into the real REPL through a pseudo-terminal (fuzz/run.sh).
        .executableTarget(name: "listdsl-keyfuzz", dependencies: ["ChildProcess", "ListModel"]),
        .testTarget(name: "ListModelTests", dependencies: ["ListModel"]),
        .testTarget(name: "ListDSLTests", dependencies: ["ListDSL"]),
        .testTarget(name: "listdslTests", dependencies: ["listdsl", "ChildProcess"]),
    ]
)
