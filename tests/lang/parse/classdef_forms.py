class A: pass
class B(): pass
class C(A): pass
class D(A, B): pass
class E(A, B, metaclass=M): pass
class F(metaclass=M, **kw): pass
class G(*bases): pass
