if torch is not None:
    def f():
        pass
else:
    f = None
