if x: y
if x: y; z
if x: pass
else: pass
