print(', '.join(['a', 'b', 'c']), ''.join(reversed('abc')), '-'.join('xyz'), '|'.join([]))
try:
    ', '.join([1, 2])
except TypeError as e:
    print('TypeError:', e)
print('abc' * 3, 3 * 'x', 'a' + 'b', 'abc'[::-1], 'abcdef'[1:5:2], 'abc'[-1], len('héllo'))
print('b' in 'abc', 'abc' < 'abd', 'a' * 0, 'Z' < 'a', min('hello'), sorted('cab'))
print(str(12), str(1.5), str([1]), str(None), str(b'x'), repr('it\'s'), repr("q\"d"), repr('\n\t\\'))
print(ord('A'), chr(97), chr(0x1F600) == '\U0001F600', ascii('é'), hex(ord('€')))
