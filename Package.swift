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
        // The library's five modules, each depending only on those listed before it (README, "Layout").
        // The sectioned list, its two layers, UIKit's batch validation and UIKit's texts: no I/O, no language.
        .target(name: "ListModel"),
        // Reading and writing text formats: one JSON writer, the JSON and property-list reader, string
        // escapes and quoting, sizes and counts as messages print them, ANSI styles.
        .target(name: "ListFormats", dependencies: ["ListModel"]),
        // The language: sources, tokens, lexer, AST, parser, vocabulary and diagnostics. Runs nothing.
        .target(name: "ListLanguage", dependencies: ["ListModel", "ListFormats"]),
        // Running it: the interpreter and its values, the simulated app (commands, gestures, hooks, undo,
        // saved state) and the event stream with its renderers (text, change view, JSON lines, show).
        .target(name: "ListRuntime", dependencies: ["ListModel", "ListFormats", "ListLanguage"]),
        // Teaching: the lesson recorder and its HTML page, the quiz and its page. The page's HTML, CSS and
        // JavaScript are files in Resources/, embedded as string literals in Resources.swift by
        // scripts/embed-resources.py (no Foundation, no bundle: the page is one file, also in WebAssembly).
        .target(
            name: "ListTeaching", dependencies: ["ListModel", "ListFormats", "ListLanguage", "ListRuntime"],
            exclude: ["Resources"]),
        // Editors: the Language Server Protocol's server (`listdsl lsp`), its framing and positions, answered
        // from the parser, the vocabulary and the script's outline. No I/O: the command moves the bytes.
        .target(name: "ListEditor", dependencies: ["ListModel", "ListFormats", "ListLanguage"]),
        // The WebAssembly module's entry points (wasm/Entry.swift; empty in a native build). scripts/wasm.sh
        // builds it and the libraries with Embedded Swift for wasm32-unknown-none-wasm and links them
        // with wasm/Runtime.c.
        .target(
            name: "ListDSLWasm",
            dependencies: ["ListModel", "ListFormats", "ListLanguage", "ListRuntime", "ListTeaching"],
            path: "wasm", exclude: ["Runtime.c", "LZMADecoder.c", "known-differences.txt"], sources: ["Entry.swift"]),
        // GNU readline, for the REPL only.
        .systemLibrary(name: "CReadline", providers: [.apt(["libreadline-dev"])]),
        // The command: argument parsing, script runner, REPL. The only target that prints or exits.
        .executableTarget(
            name: "listdsl",
            dependencies: [
                "ListModel", "ListFormats", "ListLanguage", "ListRuntime", "ListTeaching", "ListEditor", "CReadline",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Linked by the toolchain's lld with packed relative relocations (DT_RELR): the
            // position-independent binary's relocations take far less to read at every start, and lld
            // lays it out to fault in fewer pages than gold (figures in bench/NOTES.md).
            linkerSettings: [
                .unsafeFlags(
                    ["-Xclang-linker", "-fuse-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
                    .when(platforms: [.linux], configuration: .release))
            ]
        ),
        // Release-mode benchmark of the batch engine (`swift run -c release listdsl-bench`).
        .executableTarget(name: "listdsl-bench", dependencies: ["ListModel"]),
        // The libFuzzer target (built by fuzz/run.sh with -sanitize=fuzzer); a plain build replays inputs.
        .executableTarget(
            name: "listdsl-fuzz",
            dependencies: ["ListModel", "ListFormats", "ListLanguage", "ListRuntime", "ListTeaching"]),
        // Starting the real binary as a child with clean descriptors and signals (the REPL's tests, the key fuzzer).
        .target(name: "ChildProcess"),
        // Types random key sequences into the real REPL through a pseudo-terminal (fuzz/run.sh).
        .executableTarget(name: "listdsl-keyfuzz", dependencies: ["ChildProcess", "ListModel"]),
        .testTarget(name: "ListModelTests", dependencies: ["ListModel"]),
        .testTarget(
            name: "ListDSLTests",
            dependencies: ["ListModel", "ListFormats", "ListLanguage", "ListRuntime", "ListTeaching", "ListEditor"]),
        .testTarget(name: "listdslTests", dependencies: ["listdsl", "ChildProcess"]),
    ]
)
