x = a.b.c.d.e.f.g.h(1)(2)[3].i
