import Foundation
import Testing

/// The system lives in one layer: the libraries below the command name no system (they build for
/// WebAssembly and for any system as they are), and outside `Sources/Platform` nothing imports Glibc or
/// Darwin or branches on the system. README, "Layout" and "macOS".
@Suite struct PlatformLayerTests {
    /// The libraries below the command.
    static let libraries = ["ListModel", "ListFormats", "ListLanguage", "ListRuntime", "ListTeaching", "ListEditor"]

    /// What names a system in Swift source: its modules, and the conditions that branch on it.
    static let systemWords = [
        "import Glibc", "import Darwin", "import Musl", "canImport(Glibc)", "canImport(Darwin)", "os(Linux)",
        "os(macOS)", "import Foundation", "import Platform",
    ]

    /// Every Swift file under `folder` (relative to the package), with its text.
    static func swiftFiles(under folder: String) throws -> [(path: String, text: String)] {
        let root = packageRoot.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var files: [(String, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let path = String(url.path.dropFirst(packageRoot.path.count + 1))
            files.append((path, try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// The lines of `text` that hold one of `words`, outside comments.
    static func lines(of text: String, holding words: [String]) -> [String] {
        text.split(separator: "\n").map(String.init).filter { line in
            let code = line.trimmingCharacters(in: .whitespaces)
            return !code.hasPrefix("//") && words.contains { code.contains($0) }
        }
    }

    @Test(arguments: libraries)
    func aLibraryNamesNoSystem(_ library: String) throws {
        let files = try Self.swiftFiles(under: "Sources/\(library)")
        #expect(!files.isEmpty)
        for (path, text) in files {
            let found = Self.lines(of: text, holding: Self.systemWords)
            #expect(found.isEmpty, "\(path): \(found)")
        }
    }

    @Test func onlyThePlatformLayerImportsTheSystem() throws {
        let words = ["import Glibc", "import Darwin", "canImport(Glibc)", "canImport(Darwin)", "os(Linux)", "os(macOS)"]
        var checked = 0
        for folder in ["Sources", "Tests", "wasm"] {
            for (path, text) in try Self.swiftFiles(under: folder)
            where !path.hasPrefix("Sources/Platform/") && !path.hasSuffix("/PlatformLayerTests.swift") {
                checked += 1
                let found = Self.lines(of: text, holding: words)
                #expect(found.isEmpty, "\(path): \(found)")
            }
        }
        #expect(checked > 100)
        // And the layer does import both, a branch each.
        let layer = try packageFile("Sources/Platform/Platform.swift")
        #expect(layer.contains("@_exported import Glibc") && layer.contains("@_exported import Darwin"))
    }
}
