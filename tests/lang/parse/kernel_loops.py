def k(x):
    for i in range_constexpr(4):
        acc = acc + x[i]
    if const_expr(N > 4):
        y = 1
    for iv, state in range(0, n, 1, init=[acc]):
        acc2 = state[0] + iv
        results = yield [acc2]
    bid_x, bid_y, _ = fx.block_idx
    M, N = A.shape.unpack()
