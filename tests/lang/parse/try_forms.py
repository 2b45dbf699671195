try:
    pass
except:
    pass
try:
    pass
except E:
    pass
try:
    pass
except E as e:
    pass
except (A, B) as e:
    pass
else:
    pass
finally:
    pass
try:
    pass
finally:
    pass
