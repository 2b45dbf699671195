people = [('bob', 25), ('alice', 30), ('carol', 25), ('dave', 30), ('eve', 22)]
print(sorted(people, key=lambda p: p[1]))
people.sort(key=lambda p: p[0], reverse=True)
people.sort(key=lambda p: p[1])
print(people)
import functools
print(sorted([3, 1, 2], key=functools.cmp_to_key(lambda a, b: b - a)))
print(sorted(['b10', 'a2', 'b2', 'a10'], key=lambda s: (s[0], int(s[1:]))))
