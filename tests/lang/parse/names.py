x
_
__x__
x1
Änderung
π
