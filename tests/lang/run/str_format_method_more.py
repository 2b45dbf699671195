print('{:,}'.format(1234567), '{:_b}'.format(10), '{:>{}}'.format('x', 4), '{!r}'.format('q'), '{0!s:>4}'.format(1))
print('{a}{b}'.format_map({'a': 1, 'b': 2}), '{0:{1}}'.format(3.14159, '.2f'), '{:%}'.format(0.5))
class P:
    def __format__(self, spec): return 'P<' + spec + '>'
print(format(P(), 'abc'), f'{P():xyz}', '{:q}'.format(P()))
