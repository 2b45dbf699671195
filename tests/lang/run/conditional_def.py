FLAG = True
if FLAG:
    def f(): return "flag on"
else:
    def f(): return "flag off"
print(f())
try:
    import not_a_real_module_q
except ImportError:
    not_a_real_module_q = None
print(not_a_real_module_q is None)
cache = {}
def cached(key):
    if key not in cache:
        cache[key] = len(cache)
    return cache[key]
print(cached("a"), cached("b"), cached("a"), cache)
