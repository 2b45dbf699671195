a not in b not in c
