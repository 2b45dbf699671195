print()
print("a", "b", sep=", ", end="")
print(x, file=sys.stderr, flush=True)
