def make():
    x = 'enclosing'
    y = 'also enclosing'
    class K:
        x = 'class attr'
        def get_x(self): return x
        def get_y(self): return y
        z = [x for _ in range(1)]
    return K
K = make()
print(K.x, K().get_x(), K().get_y(), K.z)
