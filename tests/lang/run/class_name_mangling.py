# Private names (__x) inside a class body are mangled to _Class__x, as CPython's compiler does.
class Account:
    __count = 0
    __slots_doc__ = 'dunder names are not mangled'

    def __init__(self, owner):
        self.__owner = owner
        Account.__count += 1
        self.__secret()

    def __secret(self):
        self.__seen = True

    def owner(self):
        return self.__owner

    @classmethod
    def count(cls):
        return cls.__count

    def peek(self, __arg=5, *, __kw=6):
        return __arg, __kw


a = Account('ann')
b = Account('bob')
print(a.owner(), b.owner(), Account.count(), a._Account__owner, a._Account__seen)
print(sorted(k for k in vars(a)), '_Account__count' in Account.__dict__, Account.__slots_doc__)
print(a.peek(), a.peek(1))
try:
    a.__owner
except AttributeError as e:
    print('AttributeError:', e)
try:
    a.__secret()
except AttributeError as e:
    print('AttributeError:', e)


class Sub(Account):
    def __init__(self, owner):
        super().__init__(owner)
        self.__owner = 'sub-' + owner

    def both(self):
        return self.__owner, self._Account__owner


s = Sub('cy')
print(s.both(), sorted(vars(s)))


class _Private:
    def __m(self):
        return 'm'

    def call(self):
        return self.__m()


print(_Private().call(), hasattr(_Private, '_Private__m'))


class ___:
    __x = 1


print(hasattr(___, '__x'))


def outer():
    __local = 'not mangled outside a class'

    class Inner:
        def get(self):
            return __local_global

    return __local, Inner


__local_global = 'global'
v, Inner = outer()
print(v)
try:
    print(Inner().get())
except NameError as e:
    print('NameError:', e)


class Gen:
    __items = [1, 2, 3]
    doubled = [x * 2 for x in __items]

    def total(self):
        return sum(self.__items), [y for y in self.__items if y > 1]


print(Gen.doubled, Gen().total())


class Walrus:
    def f(self):
        if (__n := 3) > 2:
            return __n


print(Walrus().f(), Walrus.f.__code__.co_varnames)
