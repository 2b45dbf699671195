/* vm.h - the VM, frames, imports and builtins as the rest of src/ calls them (defined in src/exec/).
 *
 * The object model calls into the running VM (super() with no arguments, the globals of the
 * running frame, dir()); the tracer re-enters fy_vm_run to trace a region. */
#ifndef FLYI_EXEC_VM_H
#define FLYI_EXEC_VM_H

#include "compile/code.h"

/* Run module/class-body code with the given globals and locals dict (locals may equal
 * globals). Returns the value of the code (None for modules) or NULL with an exception. */
fy_obj *fy_eval_code(fy_code *co, fy_obj *globals, fy_obj *locals);
/* Same, also returning the interactive result (new ref or NULL) in *result. */
fy_obj *fy_eval_code_ex(fy_code *co, fy_obj *globals, fy_obj *locals, fy_obj **result);
/* Call a Python function (vectorcall). */
fy_obj *fy_function_call(fy_obj *f, fy_obj *const *args, size_t nargs, fy_obj *kwnames);
fy_obj *fy_function_new(fy_code *code, fy_obj *globals, fy_obj *qualname);
/* Resume a generator with a value (or throw exc); NULL + no exception: finished
 * (*retval receives the return value, new ref). */
/* next(generator o): the next value, or NULL (with StopIteration's value handled) (vm_func.c). */
fy_obj *fy_gen_next_value(fy_obj *o);
fy_obj *fy_gen_send(fy_gen *g, fy_obj *value, fy_obj *exc, fy_obj **retval);
/* Globals of the innermost running frame (borrowed) or NULL. */
fy_obj *fy_frame_globals(void);
/* The region entry of instruction `at` of co, or NULL. */
const fy_region *fy_code_region(const fy_code *co, int at);
/* Source line number of an instruction. */
int fy_code_line_of(fy_obj *code, int instr);
/* The text of line `line` of the code's source (malloc'd) or NULL. */
char *fy_code_source_line(fy_code *co, int line);
extern fy_type fy_generator_type;

/* Run frame f until it returns or yields (throwflag: an exception to raise at the resume point,
 * or NULL); a new reference, fy_vm_region_end at a REGION_END, or NULL with an exception (vm.c). */
fy_obj *fy_vm_run(fy_frame *f, fy_obj *throwflag);
/* Free the attribute and method inline caches of co's instructions (when co is freed). */
void fy_vm_code_caches_free(fy_code *co);
/* A new frame for code co (vm_func.c); for_gen: owned by a generator (never reused). */
fy_frame *fy_frame_new(fy_code *co, fy_obj *globals, fy_obj *builtins, fy_obj *locals, bool for_gen);
/* A generator running frame f of function fn (steals f) (vm_func.c). */
fy_obj *fy_gen_new(fy_frame *f, fy_function *fn);
/* Run a class body fn with namespace ns (vm_func.c); the value of its __classcell__ or None. */
fy_obj *fy_run_class_body(fy_function *fn, fy_obj *ns);
/* super() without arguments: the class and first argument of the running method (vm.c). */
int fy_super_zero_args(fy_type **type, fy_obj **obj);

/* The import statement's three steps (import.c). */
fy_obj *fy_import_name(fy_obj *name, fy_obj *globals, fy_obj *fromlist);
fy_obj *fy_import_from(fy_obj *module, fy_obj *name);
int fy_import_star(fy_obj *module, fy_obj *locals);

/* Builtins the VM and the object model share: iter(fn, sentinel) (builtins_iter.c), open()
 * and the console streams sys.stdout/sys.stderr (which: 1 or 2) (builtins_io.c), dir(o) (builtins.c). */
fy_obj *fy_calliter_new(fy_obj *fn, fy_obj *sentinel);
fy_obj *fy_open(fy_obj *const *args, size_t nargs, fy_obj *kw);
fy_obj *fy_console_new(int which);
fy_obj *fy_builtin_dir_of(fy_obj *o);

/* The iterator types of the builtins (builtins_iter.c) and the stream types (builtins_io.c). */
extern fy_type fy_enumerate_type, fy_zip_type, fy_map_type, fy_filter_type, fy_reversed_type, fy_calliter_type;
extern fy_type fy_console_type, fy_file_type;

#endif
