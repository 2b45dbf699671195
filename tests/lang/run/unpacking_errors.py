for src in [[1], [1, 2, 3], 5, "ab"]:
    try:
        a, b = src
        print("ok", a, b)
    except (ValueError, TypeError) as e:
        print(type(e).__name__, e)
try:
    a, *b, c = [1]
except ValueError as e:
    print(e)
