# The collector must not trust a running generator frame's saved stack depth: slots popped
# since the last yield hold freed objects (a use-after-free that corrupted live objects, seen
# as isinstance() on ABCs answering wrongly once a collection happened mid-generator).
import gc
import collections.abc as abc


def helper():
    gc.collect()
    return 1


def gen():
    data = [1, 2, 3]
    for i in range(2):
        yield i
    y = len([4, 5])   # leaves a freed list in a slot above the depth saved at the yield
    helper()          # collects while this frame runs
    yield y + sum(data)


print(list(gen()))


def checks():
    for obj in ([], (), {}, 'ab', iter([]), range(3), {}.keys(), set()):
        yield (type(obj).__name__, isinstance(obj, abc.Iterator), isinstance(obj, abc.Iterable),
               isinstance(obj, abc.Sequence), isinstance(obj, abc.MutableSequence),
               isinstance(obj, abc.Set), isinstance(obj, abc.MutableSet), isinstance(obj, abc.Reversible))
        junk = [[i] for i in range(50)]
        helper()


for row in checks():
    print(*row)
print(isinstance([], abc.Iterator), isinstance([], abc.Iterator))
print(issubclass(list, abc.MutableSequence), issubclass(tuple, abc.MutableSequence),
      issubclass(frozenset, abc.MutableSet), issubclass(type({}.keys()), abc.Set))
print(list(reversed({1: 2, 3: 4}.keys())), list(reversed({1: 2, 3: 4}.items())))
