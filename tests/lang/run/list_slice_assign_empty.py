# slice assignment on empty lists (UBSan: memcpy/memmove with a NULL item array)
a = []
a[:] = []
a[0:0] = [1, 2]
a[5:] = []
a[:0] = []
b = []
b[:] = 'xy'
c = [1]
c[1:] = []
c[0:1] = []
print(a, b, c)
