x = 'abc\
def'
