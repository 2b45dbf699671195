print('key=value=x'.partition('='), 'key=value=x'.rpartition('='), 'novalue'.partition('='), 'novalue'.rpartition('='))
print('l1\nl2\r\nl3\rl4'.splitlines(), 'a\n\nb\n'.splitlines(), 'a\nb\n'.splitlines(keepends=True))
print(''.splitlines(), '\n'.splitlines(), 'x\x0cy\x1cz'.splitlines())
