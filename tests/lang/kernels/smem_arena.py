# flyi: run
# fx.SharedAllocator(static=False) (FlyDSL's dynamic-LDS arena: byte offsets into one fly.get_dyn_shared base,
# the launch's smem inferred): a struct and an array allocated from it, written and read back
# through views and a raw pointer view (fx.make_view(arr.ptr, layout)); .is_static, and .base_ptr (shared);
# a struct value's __cache_signature__() (the compile-cache protocol: type and field values) and attributes
# set on a @flyc.jit function (a function-local cache, as FlyDSL's kernels keep).
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch


@fx.struct
class Pair:
    a: fx.Array[fx.Float32, 64]
    b: fx.Array[fx.Int32, 64]


@flyc.kernel
def arena(x: fx.Tensor, out: fx.Tensor):
    t = fx.thread_idx.x
    al = fx.SharedAllocator(static=False)
    p = al.allocate(Pair).peek()
    extra = al.allocate(fx.Array[fx.Float32, 64, 16]).peek()
    print("is_static", al.is_static, "bytes", al.allocated_bytes)
    print("base_ptr:", al.base_ptr, al.base_ptr.address_space == fx.AddressSpace.Shared)
    pa = p.a.view(fx.make_layout(64, 1))
    pb = p.b.view(fx.make_layout(64, 1))
    pe = fx.make_view(extra.ptr, fx.make_layout((8, 8), (8, 1)))
    pa[t] = x[t] * 2.0
    pb[t] = t + 1
    pe[t // 8, t % 8] = x[t] + 1.0
    fx.barrier()
    r = 63 - t
    out[t] = pa[r] + fx.Float32(pb[r]) + pe[r // 8, r % 8]


@flyc.jit
def run(x, out):
    arena(x, out).launch(grid=1, block=64)


x = torch.arange(64, dtype=torch.float32).cuda()
out = torch.zeros(64).cuda()
run(x, out)
r = torch.arange(63, -1, -1, dtype=torch.float64)
print("out:", torch.equal(out.cpu().double(), r * 2 + (r + 1) + (r + 1)))


@fx.struct
class Param:
    bm: fx.Constexpr[int]
    tag: fx.Constexpr[str]
    k: fx.Int32


s1, s2, s3 = Param(64, "x", 3), Param(64, "x", 3), Param(128, "x", 3)
print(s1.__cache_signature__()[1:], s1.__cache_signature__() == s2.__cache_signature__(),
      s1.__cache_signature__() == s3.__cache_signature__(), s1.__cache_signature__()[0] is Param)
run._cache = {}
run._cache[s1.__cache_signature__()] = "compiled"
print(getattr(run, "_cache")[s2.__cache_signature__()], getattr(run, "_none", None))
