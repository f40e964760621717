# loop-1m.list in Python, as a Python programmer writes it: a list of sections, rows appended with
# an f-string.
sections = [[]]
for i in range(1000000):
    sections[0].append(f"row {i}")
print(len(sections[0]))
