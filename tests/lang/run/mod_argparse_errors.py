import argparse, io, contextlib
def build():
    p = argparse.ArgumentParser(prog='prog')
    p.add_argument('src')
    p.add_argument('-n', '--num', type=int)
    p.add_argument('--mode', choices=['fast', 'slow'])
    p.add_argument('--pair', nargs=2)
    p.add_argument('--many', nargs='+')
    p.add_argument('-v', action='store_true')
    mx = p.add_mutually_exclusive_group()
    mx.add_argument('--on', action='store_true')
    mx.add_argument('--off', action='store_true')
    return p
for argv in [[], ['a', '-n', 'x'], ['a', '--mode', 'mid'], ['a', 'b'], ['a', '--pair', '1'], ['a', '--many'],
             ['a', '--bogus'], ['a', '-n'], ['a', '-vx'], ['a', '--on', '--off'], ['a', '--o']]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        try:
            print(build().parse_args(argv))
        except SystemExit as e:
            print(argv, 'exit', e.code)
    print(err.getvalue(), end='')
p = argparse.ArgumentParser(prog='x')
p.add_argument('--a')
try:
    p.add_argument('--a')
except argparse.ArgumentError as e:
    print('ArgumentError:', e)
try:
    p.add_argument('pos', required=True)
except TypeError as e:
    print('TypeError:', e)
ns, extra = p.parse_known_args(['--a', '1', '--b', 'c'])
print(ns, extra)
def positive(s):
    v = int(s)
    if v <= 0:
        raise argparse.ArgumentTypeError('%r is not positive' % s)
    return v
p.add_argument('--k', type=positive)
err = io.StringIO()
with contextlib.redirect_stderr(err):
    try:
        p.parse_args(['--k', '-3'])
    except SystemExit as e:
        print('exit', e.code)
print(err.getvalue(), end='')
