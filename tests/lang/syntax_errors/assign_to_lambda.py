lambda: 1 = 1
