try:
  x
