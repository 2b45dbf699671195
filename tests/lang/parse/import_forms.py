import a
import a.b.c
import a as b
import a.b as c, d
import os, sys
