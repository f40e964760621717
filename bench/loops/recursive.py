# Builds a table recursively: 2^17 rows from 2^18 - 1 calls, as bench/loops/recursive.list does.
import sys
sys.setrecursionlimit(10000)
sections = [[]]
def build(depth, prefix):
    if depth == 0:
        sections[0].append(prefix)
        return
    build(depth - 1, prefix + "a")
    build(depth - 1, prefix + "b")
build(17, "")
print(len(sections[0]), sections[0][5])
