import flydsl.compiler as flyc
import flydsl.expr as fx

@flyc.kernel
def vec_add(A: fx.Tensor, B: fx.Tensor, C: fx.Tensor, N: fx.Constexpr[int]):
    tid = fx.thread_idx.x
    bid = fx.block_idx.x
    idx = bid * 256 + tid
    if idx < N:
        C[idx] = A[idx] + B[idx]

@flyc.jit
def run(A, B, C, N: fx.Constexpr[int], stream=None):
    vec_add(A, B, C, N).launch(grid=((N + 255) // 256, 1, 1), block=(256, 1, 1), stream=stream)
