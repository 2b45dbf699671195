s = """line1
line2
  indented
"""
t = '''a\
b'''
