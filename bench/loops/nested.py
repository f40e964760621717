# Nested loops with arithmetic and conditions, as bench/loops/nested.list does them.
total = 0
for i in range(1000):
    for j in range(1000):
        if (i * j) % 7 == 3:
            total = total + i - j
        elif j % 2 == 0:
            total = total + 1
print(total)
