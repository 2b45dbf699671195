a = 1; b = 2
x; y; z;
import os; print(os)
