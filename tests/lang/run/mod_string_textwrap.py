import string, textwrap
print(string.ascii_letters)
print(string.ascii_lowercase, string.ascii_uppercase, string.digits, string.hexdigits, string.octdigits)
print(string.punctuation, repr(string.whitespace), len(string.printable))
print(string.capwords('hello   big world'), string.capwords('a-b c-d', '-'))
t = string.Template('$who likes ${what}; cost $$5')
print(t.substitute(who='tim', what='kung pao'), t.safe_substitute(who='x'))
try:
    t.substitute(who='x')
except KeyError as e:
    print('KeyError:', e)
print(textwrap.dedent('''
    def f():
        return 1
'''))
print(textwrap.indent('a\nb\n\nc', '> '))
s = 'The quick brown fox jumps over the lazy dog and keeps on running far away'
print(textwrap.wrap(s, 20))
print(textwrap.fill(s, width=30, initial_indent='* ', subsequent_indent='  '))
print(textwrap.shorten(s, 30))
