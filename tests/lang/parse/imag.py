1j
1.5j
0j
1e3j
.5J
10_0j
