/* llvm_opts.h - LLVM's command-line options (cl::opt) set at run time (llvm_opts.cpp). */
#ifndef FLY_PIPELINE_LLVM_OPTS_H
#define FLY_PIPELINE_LLVM_OPTS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { FLY_LLVM_OPT_BOOL, FLY_LLVM_OPT_INT, FLY_LLVM_OPT_STR };

/* Sets the registered LLVM option `name` (without the leading '-') of kind (FLY_LLVM_OPT_*) to value (its
 * text: "true"/"false", a decimal int, a string), as if given on LLVM's command line, and writes its previous
 * value's text into old (cap bytes, NUL-terminated). Returns 0; 1 when no option has that name; 2 when the
 * option's kind differs (a bool option takes no value, the others require one); 3 when LLVM rejects the value. */
int fly_llvm_option_set(const char *name, int kind, const char *value, char *old, size_t cap);

#ifdef __cplusplus
}
#endif
#endif
