class Counter:
    count = 0
    def __init__(self): Counter.count += 1
    @classmethod
    def created(cls): return cls.count
    @staticmethod
    def helper(a, b): return a + b
    @classmethod
    def build(cls, n): return [cls() for _ in range(n)]
Counter.build(3)
print(Counter.created(), Counter.helper(1, 2), Counter().helper(3, 4), Counter.created())
class Sub(Counter): pass
print(len(Sub.build(2)), type(Sub.build(1)[0]).__name__, Sub.created())
sm = Counter.__dict__['helper']; cm = Counter.__dict__['created']
print(type(sm).__name__, type(cm).__name__, sm.__func__(5, 6))
