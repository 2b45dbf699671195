import textwrap
text = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.'
for w in (10, 25, 40):
    print(textwrap.wrap(text, w))
print(textwrap.fill('a well-known long-winded sentence about mother-in-law jokes', 15))
print(textwrap.wrap('supercalifragilisticexpialidocious word', 10))
print(textwrap.wrap('supercalifragilisticexpialidocious word', 10, break_long_words=False))
print(textwrap.shorten('Hello world!', width=12), textwrap.shorten('Hello  world!', width=11))
print(textwrap.wrap('one\ttwo  three\nfour', 8))
print(repr(textwrap.dedent('  a\n   b\n\n  c')), repr(textwrap.dedent('\ta\n\t b')))
print(repr(textwrap.indent('x\n\ny\n', '+', lambda line: True)))
tw = textwrap.TextWrapper(width=12, initial_indent='> ', subsequent_indent='. ', max_lines=2)
print(tw.wrap(text))
