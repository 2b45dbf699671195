# flyi: run
# Runtime coordinates as tensor indices: an IntTuple from fx.idx2crd / fx.make_coord indexes a kernel
# tensor (load and store), a register tensor, and fx.slice(A, fx.make_coord(bid, None)) picks a row;
# checked against the same computation in plain Python.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch


@flyc.kernel
def k(A: fx.Tensor, B: fx.Tensor):
    tid = fx.thread_idx.x
    bid = fx.block_idx.x
    coord = fx.idx2crd(tid, fx.make_layout((4, 8), (8, 1)))
    v = A[coord]
    B[coord] = v + 1.0
    row = fx.slice(A, fx.make_coord(bid, None))
    B[bid, tid + 8] = row[tid]
    r = fx.make_rmem_tensor((4, 8), fx.Float32)
    r[coord] = v
    B[bid, tid + 40] = r[fx.make_coord(fx.get(coord, 0), fx.get(coord, 1))]


@flyc.jit
def run(a, b):
    k(a, b).launch(grid=4, block=32)


a = torch.arange(4 * 80, dtype=torch.float32, device="cuda").reshape(4, 80)
b = torch.zeros(4, 80, device="cuda")
run(a, b)
A = a.tolist()
exp = [[0.0] * 80 for _ in range(4)]
for tid in range(32):
    r, c = (tid // 8) % 4, tid % 8
    exp[r][c] = A[r][c] + 1.0
for bid in range(4):
    for tid in range(32):
        exp[bid][tid + 8] = A[bid][tid]
        exp[bid][tid + 40] = A[(tid // 8) % 4][tid % 8]
print("IntTuple coordinates as tensor indices", "PASS" if b.tolist() == exp else "FAIL")
print(b[1, 38:44].tolist())
