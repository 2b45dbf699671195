print("fine")
def broken(:
    pass
