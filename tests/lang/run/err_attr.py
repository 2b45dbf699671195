class A: pass
A().missing
