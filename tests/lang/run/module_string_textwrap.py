import string, textwrap
print(string.ascii_lowercase[:5], string.digits, string.punctuation[:5], string.capwords('hello big world'))
print(textwrap.wrap('the quick brown fox jumps over the lazy dog', 12))
print(textwrap.fill('aaa bbb ccc', 7))
print(repr(textwrap.dedent('    a\n      b\n')), repr(textwrap.indent('x\ny', '> ')))
print(string.Template('$who likes $what').substitute(who='tim', what='pie'))
