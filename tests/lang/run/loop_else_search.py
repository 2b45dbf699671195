def find(items, target):
    for i, v in enumerate(items):
        if v == target:
            print("found at", i)
            break
    else:
        print("not found")
find([1, 2, 3], 2)
find([1, 2, 3], 9)
n = 10
while n > 0:
    n -= 3
else:
    print("while done", n)
for i in []:
    print("never")
else:
    print("empty loop else")
