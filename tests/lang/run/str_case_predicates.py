for s in ['Hello World', 'hello', 'HELLO', '123', 'abc123', '', '  ', 'Title Case', 'mIxEd']:
    print(repr(s), s.isalpha(), s.isdigit(), s.isalnum(), s.isspace(), s.islower(), s.isupper(), s.istitle())
print('hello world'.title(), "they're".title(), 'hELLO'.swapcase(), 'hello'.capitalize(), 'ǅ'.lower())
print('ABC'.casefold(), 'ABC'.lower(), 'x1y2'.upper(), 'abc'.isidentifier(), '1a'.isidentifier())
