import Foundation
import Testing

@testable import ListTeaching

/// The lesson page's HTML, CSS and JavaScript are files in `Sources/ListTeaching/Resources/`, embedded in
/// the binary as `Resources` (`scripts/embed-resources.py` writes it): the two never drift apart, and the
/// page is the template filled in once.
@Suite struct ResourcesTests {
    static let folder = "Sources/ListTeaching/Resources"

    /// Every file of the folder is embedded, byte for byte, and nothing else is.
    @Test func theEmbeddedTextsAreTheFiles() throws {
        let names = try FileManager.default.contentsOfDirectory(
            atPath: packageRoot.appendingPathComponent(Self.folder).path
        ).filter { !$0.hasPrefix(".") }.sorted()
        let embeddedNames = Resources.all.map { $0.name }
        #expect(embeddedNames == names, "run scripts/embed-resources.py and commit Resources.swift")
        for (name, text) in Resources.all {
            let file = try Data(contentsOf: packageRoot.appendingPathComponent(Self.folder + "/" + name))
            let embedded = Array(text.utf8)
            let common = min(embedded.count, file.count)
            let differsAt = zip(embedded, file).enumerated().first { $1.0 != $1.1 }?.offset ?? common
            #expect(
                embedded.count == file.count && differsAt == file.count,
                "\(name) differs from its embedded text at byte \(differsAt) (\(file.count) bytes, \(embedded.count) embedded): run scripts/embed-resources.py and commit Resources.swift"
            )
        }
    }

    /// Each `{{name}}` of the template is filled in once: a value is never searched for placeholders, an
    /// unknown name stays, and text around them is kept.
    @Test(arguments: [
        ("a {{x}} b", "a 1 b"),
        ("{{x}}{{y}}", "1{{x}}"),
        ("{{x}} {{nope}} {{ {{x}", "1 {{nope}} {{ {{x}"),
        ("}}{{x}}}}", "}}1}}"),
        ("{{", "{{"),
        ("", ""),
    ])
    func placeholdersAreFilledOnce(_ template: String, _ page: String) {
        let filled = LessonPage.filled(template) { name in
            switch name {
            case "x": return "1"
            case "y": return "{{x}}"
            default: return nil
            }
        }
        #expect(filled == page)
    }

    /// The page fills in every placeholder the template has, and a title that looks like one stays as
    /// written.
    @Test func thePageLeavesNoPlaceholder() {
        #expect(!LessonPage.html(Lesson(), title: "T").contains("{{"))
        let page = LessonPage.html(Lesson(), title: "{{lesson.js}} <b>")
        #expect(page.contains("<h1>{{lesson.js}} &lt;b&gt;</h1>"))
        #expect(page.components(separatedBy: "\"use strict\";").count == 2, "the script is in the page once")
    }
}
