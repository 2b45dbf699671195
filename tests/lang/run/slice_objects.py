s = slice(1, 10, 2)
print(s, s.start, s.stop, s.step, s.indices(5), list(range(20))[s], 'abcdefghij'[s])
class Seq:
    def __getitem__(self, k):
        return k
q = Seq()
print(q[1:2], q[::3], q[1, 2], q[..., None], q[1:2, ::-1], q[:])
print(slice(None).indices(3), slice(-1, None, -1).indices(4), slice(5).stop)
