# flydsl.compiler.kernel_function.CompilationContext: one current context per thread (create()), link
# libraries deduplicated in first-use order, thread-local compile hints; jit_executor._pack_ciface_args
# (the packed-args array of holder cells); flydsl.expr.extern.ffi declarations and their errors.
import ctypes
import threading

from flydsl.compiler.jit_executor import _pack_ciface_args
from flydsl.compiler.kernel_function import CompilationContext
from flydsl.expr.extern import ExternFunction, ffi

print(CompilationContext.get_current())
seen = {}


def work(name, ready):
    with CompilationContext.create() as c:
        c.add_link_lib(name + ".bc")
        ready.wait()
        seen[name] = (CompilationContext.get_current() is c, CompilationContext.get_current().link_libs)
    seen[name + " after"] = CompilationContext.get_current()


ready = threading.Barrier(2)
ts = [threading.Thread(target=work, args=(n, ready)) for n in ("x", "y")]
for t in ts:
    t.start()
for t in ts:
    t.join()
print(sorted(seen.items()))

c = CompilationContext()
for p in ("/lib/m.bc", "/lib/a.bc", "/lib/m.bc", "/lib/z.bc", "/lib/a.bc"):
    c.add_link_lib(p)
print(c.link_libs, c.next_kernel_id(), c.next_kernel_id())
with CompilationContext.compile_hints({"waves_per_eu": 2, "opts": {"a": 1}}):
    with CompilationContext.compile_hints({"opts": {"b": 2}}):
        print(CompilationContext.get_compile_hints())
print(CompilationContext.get_compile_hints())

x, y, z = ctypes.c_int64(7), ctypes.c_void_p(), ctypes.c_float(1.5)
packed = _pack_ciface_args(x, y, z)
cells = ctypes.cast(packed, ctypes.POINTER(ctypes.c_void_p))
print([ctypes.c_void_p.from_address(cells[i]).value == ctypes.addressof(v) for i, v in enumerate((x, y, z))],
      len(packed._keepalive))

f = ffi("my_fn", ["int32", "float32"], "float64", is_pure=True)
print(f, ffi is ExternFunction, f.is_pure)
for kw in ({"bitcode_path": "/lib/m.bc"}, {"module_init_fn": print}):
    try:
        ffi("g", [], "void", **kw)
    except TypeError as e:
        print("TypeError:", e)
try:
    ffi("h", ["int16"], "void")
except ValueError as e:
    print("ValueError:", e)
for args in ((1,), (1, 2.0)):
    try:
        f(*args)
    except (TypeError, NotImplementedError) as e:
        print(type(e).__name__ + ":", e)
