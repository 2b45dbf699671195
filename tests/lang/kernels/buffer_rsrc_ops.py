# flyi: run
# Buffer-descriptor pointers and raw buffer ops (trace_buffer_ptr.c): fx.rocdl.get_buffer_rsrc of a buffer
# tensor's iterator and of fx.rocdl.make_buffer_ptr / fx.make_ptr pointers (hand-made resources), then
# rocdl.raw_ptr_buffer_load / store / atomic_fadd / smax / umin / cmpswap through them. The range rule
# is make_buffer_tensor's: an access whose bytes end past num_records reads 0, and a store or atomic there is
# dropped (cmpswap returns 0). Expected values are computed here in float64 / Python ints.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch
from flydsl._mlir.dialects import rocdl
from flydsl._mlir.dialects.fly_rocdl import TargetAddressSpace
from flydsl.expr.typing import T

N = 64


@flyc.kernel
def rsrc_kernel(src: fx.Tensor, dst: fx.Tensor, acc: fx.Tensor, hacc: fx.Tensor, imax: fx.Tensor,
                umin: fx.Tensor, cas: fx.Tensor, old: fx.Tensor):
    t = fx.Int32(fx.thread_idx.x)
    z = fx.Int32(0).ir_value()
    # 40 floats of records over src: threads 40..63 read 0.0
    r_src = fx.rocdl.get_buffer_rsrc(fx.get_iter(fx.rocdl.make_buffer_tensor(src, num_records_bytes=40 * 4)))
    # a hand-made resource over dst: 48 floats of records (threads 48..63 write nothing)
    r_dst = fx.rocdl.get_buffer_rsrc(fx.rocdl.make_buffer_ptr(fx.get_iter(dst), num_records_bytes=48 * 4))
    off = (t * fx.Int32(4)).ir_value()
    v = rocdl.raw_ptr_buffer_load(T.f32, r_src, off, z, z)
    rocdl.raw_ptr_buffer_store(v, r_dst, off, z, z)
    # every thread adds its value into acc[t % 4] (acc holds 8 floats; records: 3 of them, so acc[3] keeps its
    # value, and threads 0..39 contribute, the others load 0.0)
    r_acc = fx.rocdl.get_buffer_rsrc(fx.make_ptr(
        fx.PointerType.get(elem_ty=T.f32, address_space=TargetAddressSpace.BufferDesc, alignment=4),
        [fx.get_iter(acc), fx.Int16(0).ir_value(), fx.Int64(3 * 4).ir_value(), fx.Int32(0x27000).ir_value()]))
    slot = ((t % fx.Int32(4)) * fx.Int32(4)).ir_value()
    rocdl.raw_ptr_buffer_atomic_fadd(v, r_acc, slot, z, z)
    # packed f16 add: each thread adds (1, 2) into the pair at hacc[0:2]
    r_h = fx.rocdl.get_buffer_rsrc(fx.get_iter(fx.rocdl.make_buffer_tensor(hacc)))
    one = fx.Float16(1.0)
    pair = fx.Vector.from_elements([one, one + one], fx.Float16)
    rocdl.raw_ptr_buffer_atomic_fadd(pair.ir_value(), r_h, z, z, z)
    # integer atomics: smax of t - 40 into imax[0], umin of 100 - t into umin[0] (both 1 element of records
    # for imax: imax[1] is out of range and stays)
    r_i = fx.rocdl.get_buffer_rsrc(fx.get_iter(fx.rocdl.make_buffer_tensor(imax, num_records_bytes=4)))
    rocdl.raw_ptr_buffer_atomic_smax((t - fx.Int32(40)).ir_value(), r_i, z, z, z)
    rocdl.raw_ptr_buffer_atomic_smax(t.ir_value(), r_i, fx.Int32(4).ir_value(), z, z)
    r_u = fx.rocdl.get_buffer_rsrc(fx.get_iter(fx.rocdl.make_buffer_tensor(umin)))
    rocdl.raw_ptr_buffer_atomic_umin((fx.Int32(100) - t).ir_value(), r_u, z, z, z)
    # cmpswap: thread t swaps cas[t] from t to t + 1000 when cas[t] == t (even t hold t, odd t hold -1);
    # records cover 32 elements: threads 32..63 get 0 back and change nothing
    r_c = fx.rocdl.get_buffer_rsrc(fx.get_iter(fx.rocdl.make_buffer_tensor(cas, num_records_bytes=32 * 4)))
    got = rocdl.raw_ptr_buffer_atomic_cmpswap((t + fx.Int32(1000)).ir_value(), t.ir_value(), r_c, off, z, z)
    old_v = fx.Tensor(fx.make_view(fx.get_iter(old), fx.make_layout(N, 1)))
    old_v[t] = fx.Int32(got)


@flyc.jit
def run(*args):
    rsrc_kernel(*args).launch(grid=1, block=N)


src = torch.rand(N, device="cuda") + 0.5
dst = torch.full((N,), -3.0, device="cuda")
acc = torch.zeros(8, device="cuda")
acc[3] = 7.0
hacc = torch.zeros(4, dtype=torch.float16, device="cuda")
imax = torch.tensor([-100, -5], dtype=torch.int32, device="cuda")
umin = torch.tensor([1000], dtype=torch.int32, device="cuda")
cas = torch.tensor([i if i % 2 == 0 else -1 for i in range(N)], dtype=torch.int32, device="cuda")
old = torch.full((N,), 77, dtype=torch.int32, device="cuda")
run(src, dst, acc, hacc, imax, umin, cas, old)

s = [float(x) for x in src.cpu().tolist()]
loaded = [s[i] if i < 40 else 0.0 for i in range(N)]
want_dst = [loaded[i] if i < 48 else -3.0 for i in range(N)]
print("loads through the resource, past 40 records 0.0; stores past 48 dropped:",
      "PASS" if dst.cpu().tolist() == [float(torch.tensor(x, dtype=torch.float32)) for x in want_dst] else "FAIL")
a = acc.cpu().double().tolist()
want = [sum(loaded[i] for i in range(N) if i % 4 == k) for k in range(3)]
print("atomic fadd per slot (float64 reference):", "PASS" if all(abs(a[k] - want[k]) < 1e-4 for k in range(3))
      else "FAIL", "slot 3 outside the records keeps", a[3])
print("packed f16 atomic add:", hacc.cpu().tolist())
print("smax:", imax.cpu().tolist(), "umin:", umin.cpu().tolist())
c = cas.cpu().tolist()
o = old.cpu().tolist()
want_c = [(i + 1000 if i % 2 == 0 else -1) if i < 32 else (i if i % 2 == 0 else -1) for i in range(N)]
want_o = [(i if i % 2 == 0 else -1) if i < 32 else 0 for i in range(N)]
print("cmpswap in range swaps, past the records returns 0:", "PASS" if c == want_c and o == want_o else "FAIL",
      c[:4], o[30:34])
