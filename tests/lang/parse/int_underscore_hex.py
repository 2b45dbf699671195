0x_dead_beef
0b_1
0o_7
