/* error.c - error records of the layout library. */
#include <stdio.h>
#include <string.h>

#include "layout/error.h"

fly_status fly_error_set(fly_error *err, fly_status code, const char *fmt, ...) {
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        err->code = code;
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return code;
}

fly_status fly_error_wrap(fly_error *err, const char *fmt, ...) {
    if (!err) return FLY_OK;
    char prefix[FLY_ERROR_MESSAGE_MAX], old[FLY_ERROR_MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(prefix, sizeof prefix, fmt, ap);
    va_end(ap);
    memcpy(old, err->message, sizeof old);
    old[sizeof old - 1] = 0;
    size_t n = strlen(prefix);
    if (n > sizeof err->message - 3) n = sizeof err->message - 3;
    memcpy(err->message, prefix, n);
    err->message[n++] = ':';
    err->message[n++] = ' ';
    size_t m = strlen(old);
    if (m > sizeof err->message - 1 - n) m = sizeof err->message - 1 - n;
    memcpy(err->message + n, old, m);
    err->message[n + m] = 0;
    return err->code;
}

void fly_error_clear(fly_error *err) {
    if (err) {
        err->code = FLY_OK;
        err->message[0] = 0;
    }
}

const char *fly_status_name(fly_status code) {
    switch (code) {
    case FLY_OK: return "ok";
    case FLY_E_INVALID: return "invalid argument";
    case FLY_E_DOMAIN: return "outside the operation's domain";
    case FLY_E_OVERFLOW: return "integer overflow";
    case FLY_E_CAPACITY: return "capacity exceeded";
    case FLY_E_PARSE: return "syntax error";
    case FLY_E_DYNAMIC: return "dynamic value";
    }
    return "unknown error";
}
