def f(x):
    try:
        if x == 1:
            return "one"
        if x == 2:
            raise ValueError
    except ValueError:
        return "two"
    finally:
        print("finally", x)
    return "other"
print(f(1), f(2), f(3))
def loop():
    out = []
    for i in range(5):
        try:
            if i == 1:
                continue
            if i == 3:
                break
            out.append(i)
        finally:
            out.append("f%d" % i)
    return out
print(loop())
def nested():
    try:
        try:
            raise KeyError("inner")
        finally:
            print("inner finally")
    except KeyError as e:
        print("outer caught", e)
nested()
