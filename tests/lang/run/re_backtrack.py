# re: patterns that backtrack exponentially in a naive matcher finish (CPython takes about a
# minute on the first one, so the others use shorter subjects; flyi memoises failed states and
# takes milliseconds), with the same results as CPython.
import re

n = 30
print(re.match(r'(a*)*b', 'a' * n))
print(re.search(r'(a*)*b', 'a' * 20))
print(re.match(r'(a|aa)*b', 'a' * n))
print(re.search(r'(x+x+)+y', 'x' * 18))
print(re.fullmatch(r'(a+)+', 'a' * 18 + 'b'))
print(re.match(r'^(\w+\s?)*$', 'an example sentence that fails!'))
print(re.search(r'(.*a){12}', 'a' * 20 + 'b').span())
print(re.match(r'(a*)*b', 'a' * n + 'b').span(), re.match(r'(a*)*b', 'a' * n + 'b').groups())
print(re.findall(r'(a|b|ab)*c', 'ab' * 15 + 'd'))
print(len(re.findall(r'\w+', 'word ' * 20000)), re.search(r'x', 'a' * 100000 + 'x').span())
print(re.sub(r'\s+', ' ', ' a  b   c ' * 1000)[:20], len(re.split(',', ',' * 5000)))
