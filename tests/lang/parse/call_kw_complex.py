f(x=lambda: 1, y=a if b else c, z=[1, 2])
layout(None, None, None, 0)
