try:
    v = input("prompt> ")
    print("read", v)
except EOFError as e:
    print("EOFError", e)
