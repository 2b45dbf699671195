# flyi: run
# A LayerNorm-style row kernel over raw pointers: one block per row, each thread strides over the row
# accumulating sum and sum of squares, a shuffle-xor wave reduction then a cross-wave step through
# dynamic shared memory (smem=), then y = (x - mean) * rstd * w + b. Inputs are passed as
# flyc.from_c_void_p pointers for the compile and as bare data_ptr() ints afterwards. Checked against
# torch.nn.functional.layer_norm computed in float64.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

THREADS = 128
WAVE = 64
WAVES = THREADS // WAVE

def make_layernorm(cols: int, eps: float):
    row_l = fx.make_layout(cols, 1)

    def wave_sum(v):
        off = WAVE // 2
        while off >= 1:
            v = v + v.shuffle_xor(off, WAVE)
            off //= 2
        return v

    @flyc.kernel
    def ln_rows(xp: fx.Pointer, wp: fx.Pointer, bp: fx.Pointer, yp: fx.Pointer):
        r = fx.block_idx.x
        t = fx.thread_idx.x
        base = fx.Int64(r) * cols
        x = (xp + base).view(row_l)
        y = (yp + base).view(row_l)
        w = wp.view(row_l)
        b = bp.view(row_l)
        red = fx.get_dyn_shared(fx.Float32).view(fx.make_layout(2 * WAVES, 1))
        s = fx.Float32(0.0)
        q = fx.Float32(0.0)
        for c0 in range(0, cols, THREADS):
            c = t + c0
            if c0 + THREADS <= cols:
                v = x[c]
                s = s + v
                q = q + v * v
            else:
                ok = c < cols
                v = x[ok.select(c, 0)]
                s = s + ok.select(v, 0.0)
                q = q + ok.select(v * v, 0.0)
        s = wave_sum(s)
        q = wave_sum(q)
        if t % WAVE == 0:
            red[t // WAVE] = s
            red[WAVES + t // WAVE] = q
        fx.barrier()
        ts = red[0]
        tq = red[WAVES]
        for i in range(1, WAVES):
            ts = ts + red[i]
            tq = tq + red[WAVES + i]
        mean = ts / float(cols)
        var = tq / float(cols) - mean * mean
        rstd = fx.math.rsqrt(var + eps)
        for c0 in range(0, cols, THREADS):
            c = t + c0
            if c < cols:
                y[c] = (x[c] - mean) * rstd * w[c] + b[c]

    @flyc.jit
    def launch(xp: fx.Pointer, wp: fx.Pointer, bp: fx.Pointer, yp: fx.Pointer, rows: fx.Int32):
        ln_rows(xp, wp, bp, yp).launch(grid=(rows, 1, 1), block=(THREADS, 1, 1), smem=2 * WAVES * 4)

    return launch

def check(rows, cols, eps=1e-5):
    torch.manual_seed(rows * 1000 + cols)
    x = torch.randn(rows, cols, device="cuda") * 2.0 + 0.5
    w = torch.randn(cols, device="cuda")
    b = torch.randn(cols, device="cuda")
    y = torch.empty(rows, cols, device="cuda")
    launch = make_layernorm(cols, eps)
    f32 = lambda t: flyc.from_c_void_p(fx.Float32, t.data_ptr())
    compiled = flyc.compile(launch, f32(x), f32(w), f32(b), f32(y), rows)
    compiled(x.data_ptr(), w.data_ptr(), b.data_ptr(), y.data_ptr(), rows)
    torch.cuda.synchronize()
    ref = torch.nn.functional.layer_norm(x.double().cpu(), (cols,), w.double().cpu(), b.double().cpu(), eps)
    err = (y.double().cpu() - ref).abs().max().item()
    print(f"layernorm {rows}x{cols}", "PASS" if err < 2e-5 else "FAIL", "err<2e-5" if err < 2e-5 else err)

check(4, 256)
check(3, 100)
check(2, 700)
