a.b
a.b.c
a.b().c
a[0].b
fx.block_idx
torch.cuda.synchronize()
(1).real
