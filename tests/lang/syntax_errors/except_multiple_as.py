try:
  pass
except (A, B), e:
  pass
