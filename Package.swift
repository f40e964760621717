// swift-tools-version:6.0
import PackageDescription

// The REPL's line editor: GNU readline, or BSD libedit (what macOS ships, also as "libreadline"). Both are
// reached through one module, CReadline, whose shim declares the same `listdsl_rl_*` functions over either
// library (Sources/CReadline for GNU readline, Sources/CEditLine for libedit). libedit on macOS; GNU
// readline elsewhere, unless LISTDSL_LINE_EDITOR=libedit (CI builds the REPL a second time that way) or
// LISTDSL_LINE_EDITOR=readline (a Mac with Homebrew's readline) says otherwise.
#if os(macOS)
    let defaultLineEditor = "libedit"
#else
    let defaultLineEditor = "readline"
#endif
let lineEditor = Context.environment["LISTDSL_LINE_EDITOR"] ?? defaultLineEditor
let lineEditorTarget: Target =
    lineEditor == "libedit"
    ? .systemLibrary(name: "CReadline", path: "Sources/CEditLine", providers: [.apt(["libedit-dev"])])
    : .systemLibrary(
        name: "CReadline", path: "Sources/CReadline", providers: [.apt(["libreadline-dev"]), .brew(["readline"])])

let package = Package(
    name: "ListDSL",
    // The interrupt flag is the standard library's Atomic (Synchronization), which macOS has from 15.
    platforms: [.macOS("15.0")],
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
            path: "wasm",
            exclude: [
                "Runtime.c", "SizeClasses.h", "size-classes-check.c", "LZMADecoder.c", "known-differences.txt",
            ],
            sources: ["Entry.swift"]),
        // The line editor, for the REPL only (see `lineEditor` above).
        lineEditorTarget,
        // The platform layer: the one module that imports Glibc or Darwin, re-exporting the POSIX calls both
        // share, with a branch per system where they differ (memory, threads, signals, the executable's
        // path, huge pages, starting a child process). The libraries above need none of it.
        .target(name: "Platform"),
        // The command: argument parsing, script runner, REPL. The only target that prints or exits.
        .executableTarget(
            name: "listdsl",
            dependencies: [
                "ListModel", "ListFormats", "ListLanguage", "ListRuntime", "ListTeaching", "ListEditor", "CReadline",
                "Platform",
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
        // Release-mode benchmark of the batch engine and a REPL statement (`swift run -c release listdsl-bench`).
        .executableTarget(
            name: "listdsl-bench", dependencies: ["ListModel", "ListLanguage", "ListRuntime", "Platform"]),
        // The libFuzzer target (built by fuzz/run.sh with -sanitize=fuzzer); a plain build replays inputs.
        .executableTarget(
            name: "listdsl-fuzz",
            dependencies: [
                "ListModel", "ListFormats", "ListLanguage", "ListRuntime", "ListTeaching", "ListEditor", "Platform",
            ]),
        // Types random key sequences into the real REPL through a pseudo-terminal (fuzz/run.sh).
        .executableTarget(name: "listdsl-keyfuzz", dependencies: ["Platform", "ListModel"]),
        .testTarget(name: "ListModelTests", dependencies: ["ListModel"]),
        .testTarget(
            name: "ListDSLTests",
            dependencies: ["ListModel", "ListFormats", "ListLanguage", "ListRuntime", "ListTeaching", "ListEditor"]),
        .testTarget(name: "listdslTests", dependencies: ["listdsl", "Platform"]),
    ]
)
