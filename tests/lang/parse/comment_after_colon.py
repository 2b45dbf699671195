if x:  # comment
    pass
def f():  # c
    pass
