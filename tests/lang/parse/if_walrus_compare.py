if (m := re.match(p, s)) is not None:
    print(m)
