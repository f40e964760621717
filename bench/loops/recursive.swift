// bench/loops/recursive.list written in Swift and compiled (swiftc -O, runtime linked statically):
// what the same program costs with no interpreter at all, the floor under any interpreter written in
// Swift whose texts are Swift strings. bench/run.sh times it beside CPython too.
var rows: [String] = []

func build(_ depth: Int, _ prefix: String) {
    if depth == 0 {
        rows.append(prefix)
        return
    }
    build(depth - 1, prefix + "a")
    build(depth - 1, prefix + "b")
}

build(17, "")
print(rows.count, rows[5])
