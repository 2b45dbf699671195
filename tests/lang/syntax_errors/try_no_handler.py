try:
  x
z = 1
