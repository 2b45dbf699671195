class C: pass
for f in [lambda: C().missing, lambda: C.missing, lambda: (1).real.foo, lambda: [].push, lambda: 'x'.nope, lambda: None.attr]:
    try:
        f()
    except AttributeError as e:
        print('AttributeError:', e)
def uses_unbound():
    print(v)
    v = 1
try:
    uses_unbound()
except UnboundLocalError as e:
    print('UnboundLocalError:', e)
try:
    undefined_thing
except NameError as e:
    print('NameError:', e)
import math
try:
    math.nope
except AttributeError as e:
    print('AttributeError:', e)
