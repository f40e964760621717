import ListFormats

/// What an editor shows of a script besides its diagnostics: its procedures, hooks and batches (the
/// document's symbols), where each name is declared, and every place a name is written. Built from the
/// parsed program and the script's tokens, so a name inside a string or a comment is not a use of it.
public struct Outline: Sendable {
    /// A procedure, a hook or a batch.
    public struct Symbol: Sendable {
        public enum Kind: Sendable { case procedure, hook, batch }
        public var kind: Kind
        /// `proc NAME(P, …)`, `on NAME`, `batch`.
        public var name: String
        /// The whole declaration (a batch: from `begin` to its `end`).
        public var range: SourceRange
        /// The name itself (a batch: its `begin`).
        public var nameRange: SourceRange
        /// The procedure's parameters.
        public var detail: String
    }

    /// A declaration of a name: a procedure, a `let`, a `for` loop's variable.
    public struct Declaration: Sendable {
        public enum Kind: Sendable { case procedure, variable }
        public var name: String
        public var kind: Kind
        public var nameRange: SourceRange
        /// For a procedure: `NAME(P, …)`.
        public var signature: String
    }

    public private(set) var symbols: [Symbol] = []
    public private(set) var declarations: [Declaration] = []
    /// The first declaration of each name, in source order: what completion offers (a script of a million
    /// lines may declare the same few names a hundred thousand times).
    public private(set) var distinctDeclarations: [Declaration] = []
    /// Every name written in the script (identifier tokens), in order.
    public private(set) var names: [(name: String, range: SourceRange)] = []
    /// Set when the reading checks stopped the list of names at a byte (the memory limit): names past it
    /// are not listed.
    public private(set) var stop: (offset: Int, why: ReadingStop)?

    /// The outline of `program`, parsed from `file`; `checks` run every 64 KiB of the file's names, with the
    /// memory the list of names may take before the next (a million-line script of calls lists millions).
    public init(_ file: SourceFile, _ program: Program, checks: ReadingChecks = .none) {
        var openBatches: [SourceRange] = []
        for statement in program.statements { visit(statement, &openBatches) }
        var seen: Set<String> = []
        distinctDeclarations = declarations.filter { seen.insert($0.name).inserted }
        var lexer = Lexer(file: file)
        var nextCheck = 0
        // At most one name every two bytes (`a b`): what the list can grow by between two checks.
        let namesBetweenChecks = ReadingChecks.bytesBetweenChecks / 2
        while true {
            let token = lexer.nextToken()
            if token.kind == .endOfInput { break }
            if token.range.lowerBound >= nextCheck {
                nextCheck = token.range.lowerBound &+ ReadingChecks.bytesBetweenChecks
                let growth = names.count &+ namesBetweenChecks > names.capacity ? max(names.capacity, 16) : 0
                do throws(ReadingStop) {
                    try checks.check(more: growth &* MemoryLayout<(name: String, range: SourceRange)>.stride)
                } catch {
                    stop = (token.range.lowerBound, error)
                    break
                }
            }
            if token.kind == .identifier && token.keyword == .plainName {
                let bytes = file.bytes[token.range.lowerBound..<token.range.upperBound]
                names.append((String(decoding: bytes, as: UTF8.self), token.range))
            }
        }
    }

    /// The declarations of `name`, in source order.
    public func declarations(of name: String) -> [Declaration] { declarations.filter { $0.name == name } }

    /// The name written at byte `offset` (on it or just after it), if any.
    public func name(at offset: Int) -> (name: String, range: SourceRange)? {
        var low = 0
        var high = names.count
        while low < high {
            let middle = (low + high) / 2
            if names[middle].range.upperBound < offset { low = middle + 1 } else { high = middle }
        }
        guard low < names.count, names[low].range.lowerBound <= offset else { return nil }
        return names[low]
    }

    private mutating func visit(_ statement: Stmt, _ openBatches: inout [SourceRange]) {
        switch statement.kind {
        case .procedure(let decl):
            let signature = decl.name + "(" + decl.parameters.joined(separator: ", ") + ")"
            symbols.append(
                Symbol(
                    kind: .procedure, name: decl.name, range: statement.range, nameRange: decl.nameRange,
                    detail: signature))
            declarations.append(
                Declaration(name: decl.name, kind: .procedure, nameRange: decl.nameRange, signature: signature))
            visit(decl.body, &openBatches)
        case .hook(let name, let nameRange, let body):
            symbols.append(Symbol(kind: .hook, name: name, range: statement.range, nameRange: nameRange, detail: ""))
            if case .block(let block) = body { visit(block, &openBatches) }
        case .letBinding(let name, let nameRange, _):
            declarations.append(Declaration(name: name, kind: .variable, nameRange: nameRange, signature: name))
        case .forLoop(let variable, let variableRange, _, let body):
            declarations.append(
                Declaration(name: variable, kind: .variable, nameRange: variableRange, signature: variable))
            visit(body, &openBatches)
        case .conditional(let arms, let otherwise):
            for arm in arms { visit(arm.body, &openBatches) }
            if let otherwise { visit(otherwise, &openBatches) }
        case .whileLoop(_, let body), .repeatLoop(_, let body), .expectError(_, let body):
            visit(body, &openBatches)
        case .begin:
            openBatches.append(statement.range)
        case .end:
            guard let begin = openBatches.popLast() else { return }
            symbols.append(
                Symbol(kind: .batch, name: "batch", range: begin.union(statement.range), nameRange: begin, detail: ""))
        default:
            break
        }
    }

    private mutating func visit(_ block: Block, _ openBatches: inout [SourceRange]) {
        for statement in block.statements { visit(statement, &openBatches) }
    }
}
