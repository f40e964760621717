import Foundation
import Testing

/// `listdsl site DIR FILE…` writes inside DIR only, and its index's links reach every page, whatever the
/// scripts are called (issue 57: a link in DIR was followed out of it, and `a#b.list` got a page its link
/// could not reach).
@Suite struct SiteCommandTests {
    /// Writes a site of `scripts` (name, text) into `dir/site`, with a stand-in for the interpreter (the
    /// site copies its bytes; these tests do not run it).
    static func site(_ scripts: [String], in dir: URL) throws -> Run {
        for name in scripts { try Data("show\n".utf8).write(to: dir.appendingPathComponent(name)) }
        let module = dir.appendingPathComponent("stand-in.wasm")
        try Data("\0asm".utf8).write(to: module)
        return try runListdsl(["site", "site", "--interpreter", module.path] + scripts, directory: dir)
    }

    /// Every link of the index's list (the playground, the quiz, each lesson), as written in its `href`.
    static func indexLinks(_ dir: URL) throws -> [String] {
        let index = try String(contentsOf: dir.appendingPathComponent("site/index.html"), encoding: .utf8)
        return index.components(separatedBy: "<li><a href=\"").dropFirst().compactMap {
            $0.components(separatedBy: "\"").first
        }
    }

    /// A link's path decoded as a browser decodes it (`%XX` to bytes), and what a browser would cut off
    /// first: a `#` starts the fragment and a `?` the query, so an unencoded one loses the rest of the name.
    static func browserPath(_ href: String) -> String? {
        let path = href.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            .split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        return String(path).removingPercentEncoding
    }

    @Test func everyIndexLinkReachesItsPage() throws {
        let dir = try scratchDirectory("site-names")
        defer { try? FileManager.default.removeItem(at: dir) }
        let names = ["a#b.list", "c?d.list", "100%41.list", "space here.list", "中文.list", "plain.list"]
        let run = try Self.site(names, in: dir)
        #expect(run.status == 0, "\(run.stderr)")
        let links = try Self.indexLinks(dir).filter { $0.hasPrefix("lessons/") }
        #expect(links.count == names.count, "\(links)")
        for link in links {
            let path = try #require(Self.browserPath(link), "\(link) does not decode")
            #expect(
                FileManager.default.fileExists(atPath: dir.appendingPathComponent("site/" + path).path),
                "the link '\(link)' leads to '\(path)', which is not a page")
        }
        #expect(links.contains("lessons/a%23b.html") && links.contains("lessons/100%2541.html"), "\(links)")
    }

    /// A link in DIR that leads out of it is refused with a message, and what it leads to is left as it was.
    @Test(arguments: ["index.html", "lessons"]) func aLinkInTheSiteIsNotFollowedOutOfIt(_ linked: String) throws {
        let dir = try scratchDirectory("site-links")
        defer { try? FileManager.default.removeItem(at: dir) }
        let elsewhere = dir.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let notes = elsewhere.appendingPathComponent("notes.txt")
        try Data("my notes\n".utf8).write(to: notes)
        let site = dir.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: site.appendingPathComponent(linked).path,
            withDestinationPath: linked == "lessons" ? "../elsewhere" : "../elsewhere/notes.txt")
        let run = try Self.site(["tour.list"], in: dir)
        #expect(run.status == 73, "\(run.stderr)")
        #expect(
            run.stderr.contains("'site/\(linked)' is a symbolic link to '../elsewhere"), "\(run.stderr)")
        #expect(try String(contentsOf: notes, encoding: .utf8) == "my notes\n", "the file the link leads to changed")
        let outside = try FileManager.default.contentsOfDirectory(atPath: elsewhere.path)
        #expect(outside == ["notes.txt"], "files were written outside the site: \(outside)")
    }
}
