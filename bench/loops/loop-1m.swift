// loop-1m.list written in Swift and compiled (swiftc -O, runtime linked statically): a list of sections,
// rows appended with an interpolated string, what the same program costs with no interpreter at all. The
// floor under any interpreter written in Swift whose texts are Swift strings; bench/run.sh times it beside
// CPython.
var sections: [[String]] = [[]]
for i in 0..<1_000_000 {
    sections[0].append("row \(i)")
}
print(sections[0].count)
