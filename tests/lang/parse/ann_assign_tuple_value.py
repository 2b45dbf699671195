x: tuple = 1, 2
