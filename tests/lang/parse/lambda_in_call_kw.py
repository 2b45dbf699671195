sorted(a, key=lambda t: (t[1], -t[0]))
