from helpers.mathutil import *
print(square(5), "describe" in dir())
