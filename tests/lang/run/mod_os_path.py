import os.path
import os
p = os.path
print(p.join('a', 'b', 'c.txt'), p.join('/a', '/b'), p.join('a/', 'b'), p.join('', 'x'), p.join('a', ''))
print(p.split('/a/b/c'), p.split('c'), p.split('/'), p.split('a//b'), p.split('//x'))
print(p.basename('/a/b.txt'), p.dirname('/a/b.txt'), p.dirname('b'), p.basename('/a/'))
print(p.splitext('a/b.tar.gz'), p.splitext('.bashrc'), p.splitext('a.b/c'), p.splitext('x.'), p.splitext('..a'))
print(p.normpath('a//b/./c/../d'), p.normpath('/../x'), p.normpath(''), p.normpath('//a'), p.normpath('///a/'), p.normpath('../../a'))
print(p.isabs('/x'), p.isabs('x'), p.sep, os.sep, os.curdir, os.pardir, os.pathsep, os.linesep == '\n')
print(p.abspath('/a/b/../c'), p.abspath('x') == p.join(os.getcwd(), 'x'))
print(p.relpath('/a/b/c', '/a'), p.relpath('/a', '/a/b/c'), p.relpath('/a/b', '/a/b'))
print(p.commonprefix(['/usr/lib', '/usr/local']), p.commonpath(['/usr/lib', '/usr/local']))
print(p.exists('.'), p.exists('/definitely/not/here'), p.isdir('.'), p.isfile('.'), p.isfile(__file__))
print(p.expanduser('~/x') == os.environ['HOME'] + '/x', p.expanduser('x~'))
os.environ['FLYI_TEST_VAR'] = 'val'
print(p.expandvars('$FLYI_TEST_VAR/${FLYI_TEST_VAR}/$NOPE_NOT_SET'))
print(p.splitdrive('/a/b'))
