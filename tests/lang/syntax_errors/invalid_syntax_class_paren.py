class C(: pass
