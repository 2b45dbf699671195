import os
os.environ['FLYI_X'] = 'hello'
print(os.environ['FLYI_X'], os.getenv('FLYI_X'), os.getenv('FLYI_NOPE'), os.getenv('FLYI_NOPE', 'dflt'))
print('FLYI_X' in os.environ, os.environ.get('FLYI_NOPE', 3))
status = os.system('test "$FLYI_X" = hello')
print('child sees it:', status == 0)
del os.environ['FLYI_X']
print('FLYI_X' in os.environ, os.getenv('FLYI_X'))
print(os.system('test -z "$FLYI_X"') == 0)
os.environ.setdefault('FLYI_Y', 'one')
os.environ.setdefault('FLYI_Y', 'two')
print(os.environ['FLYI_Y'], os.environ.pop('FLYI_Y'), os.environ.pop('FLYI_Y', None))
try:
    os.environ['FLYI_Z'] = 1
except TypeError as e:
    print('TypeError:', e)
try:
    os.environ['FLYI_NONE_SUCH']
except KeyError as e:
    print('KeyError:', e)
print(type(os.environ.copy()).__name__, type(os.getpid()).__name__, os.name)
