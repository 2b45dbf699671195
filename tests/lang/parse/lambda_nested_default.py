f = lambda a=lambda: 1: a()
