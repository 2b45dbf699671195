import argparse, io, contextlib
p = argparse.ArgumentParser(prog='git')
p.add_argument('--debug', action='store_true')
sub = p.add_subparsers(dest='cmd', help='sub-command help')
a = sub.add_parser('add', help='add things')
a.add_argument('paths', nargs='+')
c = sub.add_parser('commit', help='commit')
c.add_argument('-m', '--message', required=True)
c.set_defaults(func='do_commit')
print(p.parse_args(['add', 'x', 'y']))
print(p.parse_args(['--debug', 'commit', '-m', 'msg']))
for argv in [['commit'], ['push'], ['-h'], ['add', '-h']]:
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        try:
            p.parse_args(argv)
        except SystemExit as e:
            print('exit', e.code)
    print(err.getvalue(), end='')
q = argparse.ArgumentParser(prog='q')
q.add_argument('--x', default='3', type=int)
q.add_argument('--lst', action='extend', nargs='+', type=int)
q.add_argument('--c', action='append_const', const=1, dest='cs')
q.add_argument('--k', action='store_const', const='K')
q.set_defaults(extra=True)
print(q.parse_args(['--lst', '1', '2', '--lst', '3', '--c', '--c', '--k']), q.get_default('x'))
r = argparse.ArgumentParser(prog='r', add_help=False)
r.add_argument('--version', action='version', version='%(prog)s 1.0')
try:
    r.parse_args(['--version'])
except SystemExit as e:
    print('exit', e.code)
import sys
sys.argv = ['myprog', 'hello']
s = argparse.ArgumentParser()
s.add_argument('word')
print(s.parse_args(), s.prog)
