# flyi: run
# The authoring reference, section 3 "runtime vs compile-time conditions" and the five front-end
# rules: DSL comparisons of runtime values (an scf.if), fx.arith.select of a comparison, the
# legacy arith.cmpi(arith.CmpIPredicate.slt, ...), const_expr of constexpr flags, a value defined
# in both branches and used after, a helper taking and returning the accumulator, one exit, and a
# runtime branch in a helper dispatched through a local @flyc.jit.
import flydsl.compiler as flyc
import flydsl.expr as fx
from flydsl.expr import arith, const_expr, gpu
import torch

WARP_SIZE = 64


@flyc.kernel
def conds(out: fx.Tensor, trans_v: fx.Constexpr[bool], parts: fx.Constexpr[int]):
    tid = gpu.thread_id("x")
    lane = tid % fx.Int64(64)
    c_zero = fx.Int64(0)
    c_limit = fx.Int64(8)
    r = fx.Int32(0)
    if lane == c_zero:
        r = r + 1
    in_range = lane < c_limit
    val = fx.arith.select(in_range, fx.Int32(10), fx.Int32(0))
    in_range2 = arith.cmpi(arith.CmpIPredicate.slt, lane, c_limit)
    val2 = fx.arith.select(in_range2, fx.Int32(100), fx.Int32(0))
    if const_expr(trans_v):
        r = r + 1000
    if const_expr(parts <= WARP_SIZE):
        r = r + 10000
    out[tid] = r + val + val2


@flyc.jit
def run_conds(out: fx.Tensor, trans_v: fx.Constexpr[bool], parts: fx.Constexpr[int]):
    conds(out, trans_v, parts).launch(grid=(1,), block=(70,))


o = torch.zeros(70, dtype=torch.int32).cuda()
run_conds(o, True, 4)
print(o.tolist()[:10], o.tolist()[63:])
run_conds(o, False, 128)
print(o.tolist()[:10], o.tolist()[63:])


@flyc.kernel
def rules(out: fx.Tensor):
    tid = gpu.thread_id("x")
    cond = tid < 2
    a = fx.Float32(1.0)
    b = fx.Float32(2.0)
    if cond:
        dst = a
    else:
        dst = b

    def helper(acc):
        acc = acc + fx.Float32(1.0)
        return acc

    acc = fx.Float32(0.0)
    acc = helper(acc)
    if cond:
        res = acc + dst
    else:
        res = acc - dst
    out[tid] = res
    runtime_cond = tid == 3

    def then_path():
        out[tid] = fx.Float32(30.0)

    def else_path():
        out[tid] = out[tid] + 0.5

    @flyc.jit
    def dispatch():
        if runtime_cond:
            then_path()
        else:
            else_path()

    dispatch()


@flyc.jit
def run_rules(out: fx.Tensor):
    rules(out).launch(grid=(1,), block=(4,))


f = torch.zeros(4, dtype=torch.float32).cuda()
run_rules(f)
print(f.tolist())
