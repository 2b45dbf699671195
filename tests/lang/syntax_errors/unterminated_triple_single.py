s = '''abc
def
