@a
@b.c(1)
class C(D):
    pass
