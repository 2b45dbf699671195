class Base:
    def __init__(self, **kw):
        print('Base', sorted(kw))
class Left(Base):
    def __init__(self, left=0, **kw):
        print('Left', left)
        super().__init__(**kw)
class Right(Base):
    def __init__(self, right=0, **kw):
        print('Right', right)
        super().__init__(**kw)
class Both(Left, Right):
    def __init__(self, **kw):
        super().__init__(**kw)
Both(left=1, right=2, extra=3)
class P:
    @classmethod
    def make(cls): return cls.__name__
class Q(P):
    @classmethod
    def make(cls): return 'Q:' + super().make()
print(Q.make(), super(Q, Q()).make())
