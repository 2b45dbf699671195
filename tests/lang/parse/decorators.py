@d
def f(): pass
@d1
@d2(arg)
def g(): pass
@a.b.c
def h(): pass
@flyc.kernel(known_block_size=[256, 1, 1])
def k(): pass
@flyc.kernel(**kw)
def k2(): pass
@(lambda f: f)
def k3(): pass
@x[0]
def k4(): pass
