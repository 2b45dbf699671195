/* mod_registry.h - the standard modules (math, os, random, itertools, ...).
 *
 * Modules written in C live in src/mod_NAME.c; modules written in Python live in
 * src/stdlib/NAME.py
 * and are embedded into the binary (src/stdlib_data.c). Nothing runs until a module is
 * imported: registration only records names and init functions. */
#ifndef FLYI_MOD_REGISTRY_H
#define FLYI_MOD_REGISTRY_H

#include "objects/object.h"

/* Register every standard module with fy_register_builtin_module (process-wide, once; later
 * calls do nothing). Call before the first import. */
void fy_stdlib_register_all(void);

/* Run the embedded Python source of module `name` into a new module (placed in sys.modules
 * while it runs, as CPython does). Returns the module or NULL with an exception. */
fy_obj *fy_stdlib_load_py(const char *name);

/* Init functions of the C modules (each returns a new module or NULL with an exception). */
fy_obj *fy_mod_math_init(void);
fy_obj *fy_mod_time_init(void);
fy_obj *fy_mod_random_init(void);
fy_obj *fy_mod_posix_init(void);
fy_obj *fy_mod_rt_init(void);
fy_obj *fy_mod_weakref_init(void);
fy_obj *fy_mod_re_init(void); /* _re, the engine behind re.py (mod_re.c) */
fy_obj *fy_mod_struct_init(void);
fy_obj *fy_mod_hashlib_init(void);
fy_obj *fy_mod_subprocess_init(void);
fy_obj *fy_mod_thread_init(void);
fy_obj *fy_mod_ast_init(void);
fy_obj *fy_mod_ctypes_init(void);

/* Raise the OSError subclass for errno err with CPython's "[Errno N] text: 'filename'" message
 * (filename, filename2 may be NULL). Returns NULL. */
fy_obj *fy_posix_raise_errno(int err, fy_obj *filename, fy_obj *filename2);

/* The interpreter lock (mod_thread.c): a C function about to block (sleep, wait, poll, lock
 * acquire) releases it so that other Python threads run, and takes it back before touching any
 * object. Both do nothing while the program has started no thread. */
void fy_gil_release(void);
void fy_gil_acquire(void);
/* Let a thread that waits for the GIL run now (time.sleep(0)); returns holding it again. */
void fy_gil_yield(void);

#endif
