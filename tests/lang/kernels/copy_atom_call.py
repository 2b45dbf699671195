# flyi: run
# FlyDSL's current example 01 style: single atom invocations (fx.copy_atom_call) of a BufferCopy32b atom on
# a buffer tensor and UniversalCopy32b atoms on plain tensors, register tensors from fx.memref_alloca with an
# fx.MemRefType, fx.arith.addf on the loaded vectors, a predicated copy_atom_call, fx.printf in host code,
# and the jit signature (n: fx.Int32, const_n: fx.Constexpr[int], stream: fx.Stream = fx.Stream(None)).
import torch

import flydsl.compiler as flyc
import flydsl.expr as fx


@flyc.kernel
def vecAddKernel(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, block_dim: fx.Constexpr[int]):
    bid = fx.block_idx.x
    tid = fx.thread_idx.x
    if bid == 1 and tid == 3:
        fx.printf("[kernel] bid={}, tid={}", bid, tid)

    A = fx.rocdl.make_buffer_tensor(A)

    tA = fx.logical_divide(A, fx.make_layout(block_dim, 1))
    tB = fx.logical_divide(B, fx.make_layout(block_dim, 1))
    tC = fx.logical_divide(C, fx.make_layout(block_dim, 1))
    tA = fx.slice(tA, (None, bid))
    tB = fx.slice(tB, (None, bid))
    tC = fx.slice(tC, (None, bid))
    tA = fx.logical_divide(tA, fx.make_layout(1, 1))
    tB = fx.logical_divide(tB, fx.make_layout(1, 1))
    tC = fx.logical_divide(tC, fx.make_layout(1, 1))

    RegTy = fx.MemRefType.get(fx.T.f32(), fx.LayoutType.get(1, 1), fx.AddressSpace.Register)
    copyAtom = fx.make_copy_atom(fx.UniversalCopy32b(), fx.Float32)
    copyAtomBuffer = fx.make_copy_atom(fx.rocdl.BufferCopy32b(), fx.Float32)
    if bid == 0 and tid == 0:
        fx.printf("types: {}", 1)
    print(RegTy, copyAtomBuffer, tA)

    rA = fx.memref_alloca(RegTy, fx.make_layout(1, 1))
    rB = fx.memref_alloca(RegTy, fx.make_layout(1, 1))
    rC = fx.memref_alloca(RegTy, fx.make_layout(1, 1))

    fx.copy_atom_call(copyAtomBuffer, fx.slice(tA, (None, tid)), rA)
    fx.copy_atom_call(copyAtom, fx.slice(tB, (None, tid)), rB)
    vC = fx.arith.addf(fx.memref_load_vec(rA), fx.memref_load_vec(rB))
    fx.memref_store_vec(vC, rC)
    fx.copy_atom_call(copyAtom, rC, fx.slice(tC, (None, tid)), pred=tid < 60)   # the last 4 lanes write nothing


@flyc.jit
def vecAdd(A: fx.Tensor, B: fx.Tensor, C, n: fx.Int32, const_n: fx.Constexpr[int], stream: fx.Stream = fx.Stream(None)):
    block_dim = 64
    grid_x = (n + block_dim - 1) // block_dim
    fx.printf("> vecAdd: n={}, grid_x={}, const_n={}", n, grid_x, const_n)
    vecAddKernel(A, B, C, block_dim).launch(grid=(grid_x, 1, 1), block=[block_dim, 1, 1], stream=stream)


n = 128
A = torch.randint(0, 10, (n,), dtype=torch.float32).cuda()
B = torch.randint(0, 10, (n,), dtype=torch.float32).cuda()
C = torch.full((n,), -1.0, dtype=torch.float32).cuda()
vecAdd(A, B, C, n, n + 1, stream=torch.cuda.Stream())
torch.cuda.synchronize()
want = A + B
mask = torch.arange(n) % 64 < 60
print("copy_atom_call add:", "PASS" if torch.equal(C[mask.cuda()], want[mask.cuda()]) else "FAIL")
print("predicated-off lanes untouched:", "PASS" if C[60:64].tolist() == [-1.0] * 4 else "FAIL", C[:8].tolist() == want[:8].tolist())
