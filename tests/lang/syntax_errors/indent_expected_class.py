class C:
pass
