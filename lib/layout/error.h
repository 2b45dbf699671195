/* error.h - status codes and the caller-provided error record of the layout library.
 *
 * Every fallible function returns a fly_status (FLY_OK == 0) and, when given a
 * non-NULL fly_error, fills it with the code and a message naming the operation
 * and its operands in FlyDSL text form. The library never aborts on bad input. */
#ifndef FLY_LAYOUT_ERROR_H
#define FLY_LAYOUT_ERROR_H

#include <stdarg.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum fly_status {
    FLY_OK = 0,
    FLY_E_INVALID = 1,  /* malformed or incongruent operands, zero extents, bad index */
    FLY_E_DOMAIN = 2,   /* operands outside the operation's domain (divisibility, injectivity) */
    FLY_E_OVERFLOW = 3, /* a 64-bit integer overflow */
    FLY_E_CAPACITY = 4, /* the result does not fit the fixed-capacity value types */
    FLY_E_PARSE = 5,    /* text does not follow the grammar */
    FLY_E_DYNAMIC = 6,  /* a value the operation must know statically is dynamic */
} fly_status;

#define FLY_ERROR_MESSAGE_MAX 256

/* Error record filled by failing functions; message is always NUL-terminated. */
typedef struct fly_error {
    fly_status code;
    char message[FLY_ERROR_MESSAGE_MAX];
} fly_error;

/* Sets err (if non-NULL) to code and a printf-formatted message; returns code. */
fly_status fly_error_set(fly_error *err, fly_status code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Prefixes err's message with a printf-formatted context and ": " (truncating); returns err->code. */
fly_status fly_error_wrap(fly_error *err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Clears err (code FLY_OK, empty message); NULL is allowed. */
void fly_error_clear(fly_error *err);

/* Short name of a status code, e.g. "invalid argument". */
const char *fly_status_name(fly_status code);

#ifdef __cplusplus
}
#endif
#endif
