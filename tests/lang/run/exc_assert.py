try:
    assert 1 + 1 == 3, 'math is broken'
except AssertionError as e:
    print('AssertionError:', e)
try:
    assert False
except AssertionError as e:
    print('empty:', repr(e))
assert True, 'never'
x = [1]
try:
    assert len(x) == 2, f'len was {len(x)}'
except AssertionError as e:
    print(e)
