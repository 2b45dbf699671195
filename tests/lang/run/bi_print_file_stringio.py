import io
buf = io.StringIO()
print('hello', 'world', file=buf)
print(42, end='', file=buf)
print(repr(buf.getvalue()))
class W:
    def __init__(self): self.parts = []
    def write(self, s): self.parts.append(s)
w = W()
print('x', 'y', file=w, sep='+')
print(w.parts)
