/* numpy.h - flyi's numpy (numpy.py, numpy.random, numpy.testing, pandas.py) over torch's tensor
 * storage, and its C core `_numpy` (numpy_core.c). */
#ifndef FLYI_NUMPY_H
#define FLYI_NUMPY_H

/* Register the `_numpy` built-in module (lazily initialised; the Python modules register
 * themselves as embedded standard modules). */
void fy_numpy_register(void);

#endif
