# flyi: run
# Tiled copies through AMD buffer tensors (trace_buffer.c, trace_copy.c): a tiled copy's partition_S /
# partition_D of a buffer tensor is a buffer tensor over the same resource, make_fragment_like of it is a
# register tensor of its shape, and fx.copy with a BufferCopy atom moves the elements through the resource:
# reads past num_records give 0.0 and writes past it are dropped. Raw torch arguments have dynamic layouts
# (the partitions are computed on the tensor view underneath); flyc.from_dlpack ones static layouts.
import flydsl.compiler as flyc
import flydsl.expr as fx
import torch

ROWS, COLS = 6, 16

@flyc.kernel
def scale_tiles(src: fx.Tensor, dst: fx.Tensor, src_bytes: fx.Constexpr[int], dst_bytes: fx.Constexpr[int]):
    t = fx.thread_idx.x
    blk = fx.block_idx.x
    bs = fx.rocdl.make_buffer_tensor(src, num_records_bytes=src_bytes)
    bd = fx.rocdl.make_buffer_tensor(dst, num_records_bytes=dst_bytes)
    tile_mn, tv = fx.make_layout_tv(fx.make_layout((2, 2), (1, 2)), fx.make_layout((1, 4), (1, 1)))
    ts = fx.slice(fx.zipped_divide(bs, tile_mn), (None, blk))
    td = fx.slice(fx.zipped_divide(bd, tile_mn), (None, blk))
    atom = fx.make_copy_atom(fx.rocdl.BufferCopy64b(), fx.Float32)
    part = fx.make_tiled_copy(atom, tv, tile_mn).get_slice(t)
    ps = part.partition_S(ts)
    pd = part.partition_D(td)
    reg = fx.make_fragment_like(ps)
    print("tile", tile_mn, "tv", tv)
    print("block tile", ts)
    print("thread source", ps)
    print("thread dest  ", pd)
    print("fragment     ", reg)
    fx.copy(atom, ps, reg)
    reg.store(reg.load() * 2.0)
    fx.copy(atom, reg, pd)

@flyc.jit
def run(src, dst, src_bytes: fx.Constexpr[int], dst_bytes: fx.Constexpr[int]):
    scale_tiles(src, dst, src_bytes, dst_bytes).launch(grid=6, block=4)

src = torch.arange(ROWS * COLS, dtype=torch.float32).reshape(ROWS, COLS).cuda() + 1.0
dst = torch.full((ROWS, COLS), -1.0).cuda()
run(src, dst, ROWS * COLS * 4, ROWS * COLS * 4)
print("whole tensor in range:", torch.equal(dst.cpu(), src.cpu() * 2.0))

# records stop after 5 source rows and after 4.5 destination rows
dst = torch.full((ROWS, COLS), -1.0).cuda()
run(src, dst, 5 * COLS * 4, (4 * COLS + 8) * 4)
d = dst.cpu()
want = src.cpu() * 2.0
want[5] = 0.0
print("rows 0-3 copied:", torch.equal(d[:4], want[:4]))
print("row 4 half written:", torch.equal(d[4, :8], want[4, :8]), d[4, 7].item(), d[4, 8].item())
print("row 5 untouched:", d[5].tolist() == [-1.0] * COLS)

# the same with static layouts
dst = torch.full((ROWS, COLS), -1.0).cuda()
run(flyc.from_dlpack(src), flyc.from_dlpack(dst), 5 * COLS * 4, (4 * COLS + 8) * 4)
print("static layouts give the same result:", torch.equal(dst.cpu(), d))
