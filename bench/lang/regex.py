# regex: the re module on a 1 MB text (findall, sub with a template and a callable, split,
# finditer with groups, a case-insensitive search) and on many short lines.
import re

text = 'The quick brown fox jumps over the lazy dog 12345 times; email: fox@example.com\n' * 12000
print(len(re.findall(r'\w+', text)))
print(len(re.sub(r'(\d+)', r'<\1>', text)))
print(len(re.sub(r'[aeiou]', lambda m: m.group().upper(), text[:200000])))
print(len(re.split(r'[;\n]\s*', text)))
print(sum(len(m.group(2)) for m in re.finditer(r'(\w+)@(\w+)\.com', text)))
print(re.search(r'(?i)LAZY CAT', text))
line = re.compile(r'^(?P<key>[a-z_]+)\s*=\s*(?P<val>"[^"]*"|\d+)\s*(?:#.*)?$')
n = 0
for i in range(30000):
    m = line.match('name_%s = "value %d"  # comment' % ('x' * (i % 7), i))
    if m and m.group('key'):
        n += len(m.group('val'))
print(n)
