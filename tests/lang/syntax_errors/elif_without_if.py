elif x: pass
