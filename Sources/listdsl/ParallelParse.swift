import ListFormats
import ListLanguage
import ListModel
import ListRuntime
import ListTeaching

import Platform

/// Parses `file` as `Parser.parse` does; a big file on a machine with more than one processor in
/// two halves at once, the second on a thread of its own. When the halves do not join cleanly (a
/// syntax error, or a statement running across the cut) the whole file is parsed again at once,
/// so the result is always the whole file's.
func parseFile(_ file: SourceFile, parallelAbove threshold: Int = 4 << 20) -> ParseResult {
    let size = file.bytes.count
    guard size >= threshold, hasSecondProcessor,
        let cut = Parser.splitPoint(of: file, near: size / 2)
    else { return Parser.parse(file) }
    let second = BackgroundWork(stackSize: 64 << 20) { Parser.parse(file, part: cut..<size) }
    let first = Parser.parse(file, part: 0..<cut)
    return Parser.joined(first, second.join()) ?? Parser.parse(file)
}
