ns = {}
exec('x = 2\ny = x * 3', ns)
print(ns['x'], ns['y'], eval('x + y', ns), eval('len(s)', {'s': 'abc'}), eval('[i*i for i in range(3)]'))
exec('def f(a): return a + 1', ns)
print(ns['f'](1))
code = compile('1 + 2', '<s>', 'eval')
print(eval(code))
try:
    eval('1 +')
except SyntaxError as e:
    print('SyntaxError:', e.msg)
loc = {}
exec('z = 5', {}, loc)
print(loc)
