import ListFormats
import ListLanguage
import ListModel
import ListRuntime

/// `listdsl explain`: a crash text from the field read (`UIKitTextReader`), explained in plain words —
/// which of UIKit's checks failed, its arithmetic with the numbers, what the numbers say the app did, the
/// likely causes with their fixes — and reproduced by a script the simulator runs (`Reproduction`).
public struct Explanation: Sendable {
    /// The text read.
    public var found: UIKitTextReader.Found
    /// The text as the input has it.
    public var given: String
    /// The view explained: the one the words name, or a table view when both print them alike (then
    /// `viewNamed` is false).
    public var view: ViewKind
    public var viewNamed: Bool
    /// The iOS versions that print the text as given, in words (`iOS 5 to 12`), and what says so.
    public var versions: String
    public var versionNotes: [String]
    /// Which of UIKit's checks failed, in words.
    public var check: String
    /// UIKit's arithmetic, with the numbers filled in.
    public var arithmetic: [String]
    /// What the numbers say the app did.
    public var meaning: [String]
    /// The likely causes, most likely first.
    public var causes: [CrashCause]
    /// The script that makes the simulator raise the text, and whether it does.
    public var reproduction: Reproduction
    /// Where else in the input the same text is.
    public var repeats: [Range<Int>] = []

    /// Every text in `input`, explained; and the near misses, when none was read. A text found again (a
    /// log repeats a crash) is explained once, with where else it is (`repeats`).
    public static func explain(_ input: [UInt8]) -> (explained: [Explanation], nearMisses: [UIKitTextReader.NearMiss]) {
        let (found, misses) = UIKitTextReader.read(input)
        var explained: [Explanation] = []
        var seen: [[UInt8]: Int] = [:]
        for text in found {
            let given = Array(input[text.range])
            let key = UIKitTextReader.comparable(given)
            if let k = seen[key] {
                explained[k].repeats.append(text.range)
                continue
            }
            seen[key] = explained.count
            explained.append(explain(text, given: given))
        }
        return (explained, found.isEmpty ? misses : [])
    }

    /// `found`, explained; `given` is its bytes in the input.
    static func explain(_ found: UIKitTextReader.Found, given: [UInt8]) -> Explanation {
        let wording = found.wordings.first { $0.view == .table } ?? found.wordings.first
        let view = found.wordings.count == 1 ? wording?.view ?? .table : .table
        let versions = wording?.versions ?? []
        // The script simulates the latest version that prints the text so (a collection view needs iOS 6).
        let ios = versions.last ?? .current
        var explanation = Explanation(
            found: found, given: String(decoding: given, as: UTF8.self), view: view,
            viewNamed: found.wordings.count == 1, versions: Explanation.range(versions),
            versionNotes: Explanation.versionNotes(found, view: view), check: "", arithmetic: [], meaning: [],
            causes: [], reproduction: Reproduction.make(found, view: view, ios: ios, given: given))
        explanation.describe()
        return explanation
    }

    /// Versions as a reader wants them: `iOS 13 to 16.3`, `iOS 15 and later`, `iOS 12 and earlier`.
    static func range(_ versions: [IOSVersion]) -> String {
        guard let first = versions.first, let last = versions.last else { return "no iOS version prints it so" }
        if first == last { return "iOS \(first)" }
        if last == .current && first == IOSVersion.known.first { return "every iOS" }
        if last == .current { return "iOS \(first) and later" }
        if first == IOSVersion.known.first { return "iOS \(last) and earlier" }
        return "iOS \(first) to \(last)"
    }

    /// What in the text's form says which versions print it.
    static func versionNotes(_ found: UIKitTextReader.Found, view: ViewKind) -> [String] {
        var notes: [String] = []
        switch found.gap {
        case .twoSpaces:
            notes.append(
                "two spaces after its first sentence: UIKit's format up to iOS \(view == .table ? "12" : "13") for a \(view.name)"
            )
        case .one:
            notes.append(
                "one space after its first sentence: what iOS \(view == .table ? "13" : "14") and later print for a \(view.name), but also what crash reporters and web pages make of the two spaces of older versions, so it does not date the text"
            )
        case .none: break
        }
        if found.uikitText?.check == .scroll {
            let versions = found.wordings.first { $0.view == view }?.versions ?? []
            if let first = versions.first, let last = versions.last {
                notes.append(
                    "the scroll text in these words: iOS \(first)" + (last == .current ? " and later" : " to \(last)"))
            }
        } else if found.hasViewDescription && !found.isLogged {
            notes.append(
                "the view's description after it (` \(view == .table ? "Table" : "Collection") view: <…>`): iOS 15 or later"
            )
        } else if let text = found.uikitText, UIKitText.suffixed.contains(text.check), !found.isLogged {
            let versions = found.wordings.first { $0.view == view }?.versions ?? []
            notes.append(
                versions.allSatisfy { $0 >= IOSVersion(15) }
                    ? "no view description after it: the copy left out the ` \(view == .table ? "Table" : "Collection") view: <…>` that iOS 15 and later print"
                    : "no view description after it: iOS 14 or earlier, unless whoever copied the text left the description out"
            )
        }
        switch found.text {
        case .logged(_, .willPerformReloadData): notes.append("logged, not raised, in iOS 13's words: iOS 13")
        case .logged(_, .performingReloadDataAsAFallback):
            notes.append("logged, not raised (\"Performing reloadData as a fallback\"): iOS 14 to 16.3")
        case .raised(.invalidBatchUpdates):
            notes.append("the modern text \"Invalid batch updates detected\": iOS 16.4 or later")
        case .duplicateIdentifiers, .missingItemIdentifier: notes.append("a diffable data source: iOS 13 or later")
        default: break
        }
        return notes
    }
}
