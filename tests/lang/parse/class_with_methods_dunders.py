class V:
    def __init__(self, x):
        self.x = x
    def __add__(self, o):
        return V(self.x + o.x)
    def __repr__(self):
        return f"V({self.x!r})"
