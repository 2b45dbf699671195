if a:
  b
  if c:
        d
  e
f
