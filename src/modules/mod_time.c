/* mod_time.c - the `time` module: clocks, an interruptible sleep, and basic calendar time
 * (localtime/gmtime return a plain 9-tuple, strftime formats one). */
#include <errno.h>
#include <math.h>
#include <string.h>
#include <time.h>
#include "exec/interp.h"
#include "modules/mod_registry.h"
#include "objects/object.h"

static int64_t clock_ns(clockid_t id) {
    struct timespec ts;
    clock_gettime(id, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static double clock_s(clockid_t id) {
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

#define CLOCKFN(name, id) \
    static fy_obj *t_##name(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) { \
        if (fy_no_kwargs(#name, kw) < 0 || fy_check_nargs(#name, n, 0, 0) < 0) return NULL; \
        return fy_float_from(clock_s(id)); \
    } \
    static fy_obj *t_##name##_ns(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) { \
        if (fy_no_kwargs(#name "_ns", kw) < 0 || fy_check_nargs(#name "_ns", n, 0, 0) < 0) return NULL; \
        return fy_int_from(clock_ns(id)); \
    }
CLOCKFN(time, CLOCK_REALTIME)
CLOCKFN(perf_counter, CLOCK_MONOTONIC)
CLOCKFN(monotonic, CLOCK_MONOTONIC)
CLOCKFN(process_time, CLOCK_PROCESS_CPUTIME_ID)
CLOCKFN(thread_time, CLOCK_THREAD_CPUTIME_ID)

/* sleep(secs): waits in slices of at most 5 ms, checking the session's interrupt flag
 * between slices so Ctrl-C / a Jupyter interrupt raises KeyboardInterrupt promptly. */
static fy_obj *t_sleep(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("sleep", kw) < 0 || fy_check_nargs("sleep", n, 1, 1) < 0) return NULL;
    double secs;
    if (FY_FLOAT_CHECK(a[0])) secs = FY_FLOAT_VAL(a[0]);
    else {
        int64_t v;
        if (FY_INT_CHECK(a[0])) {
            if (fy_int_to_i64_msg(a[0], &v, "timestamp too large to convert to C _PyTime_t") < 0) return NULL;
        } else if (fy_index(a[0], &v) < 0) return NULL;
        secs = (double)v;
    }
    if (isnan(secs)) return fy_err_set(&fy_ValueError, "Invalid value NaN (not a number)");
    if (secs < 0) return fy_err_set(&fy_ValueError, "sleep length must be non-negative");
    int64_t end = clock_ns(CLOCK_MONOTONIC) + (int64_t)(secs * 1e9);
    if (fy_cur && fy_cur->interrupt && fy_check_interrupt() < 0) return NULL;
    if (secs == 0) fy_gil_yield();
    /* other Python threads run meanwhile (the interpreter lock is let go) */
    fy_gil_release();
    for (;;) {
        if (fy_cur && fy_cur->interrupt) break;
        int64_t left = end - clock_ns(CLOCK_MONOTONIC);
        if (left <= 0) break;
        if (left > 5000000) left = 5000000;
        struct timespec ts = {0, (long)left};
        nanosleep(&ts, NULL);
    }
    fy_gil_acquire();
    if (fy_cur && fy_cur->interrupt && fy_check_interrupt() < 0) return NULL;
    return fy_none();
}

/* ------------------------------------------------------------------ calendar time */

static int time_arg(fy_obj *const *a, size_t n, time_t *out) {
    if (n == 0 || a[0] == fy_None) {
        *out = time(NULL);
        return 0;
    }
    double d;
    if (fy_as_double(a[0], &d) < 0) return -1;
    if (!isfinite(d)) {
        fy_err_set(&fy_OverflowError, "timestamp out of range for platform time_t");
        return -1;
    }
    *out = (time_t)floor(d);
    return 0;
}

static fy_obj *tm_tuple(const struct tm *tm) {
    int v[9] = {tm->tm_year + 1900, tm->tm_mon + 1,        tm->tm_mday,     tm->tm_hour, tm->tm_min,
                tm->tm_sec,         (tm->tm_wday + 6) % 7, tm->tm_yday + 1, tm->tm_isdst};
    fy_obj *t = fy_tuple_new(9);
    if (!t) return NULL;
    for (int i = 0; i < 9; i++) fy_tuple_set_steal(t, (size_t)i, fy_int_from(v[i]));
    return t;
}

static int tuple_tm(fy_obj *t, struct tm *tm) {
    size_t n;
    fy_obj **it = fy_seq_items(t, &n);
    if (!it || n != 9) {
        fy_err_set(&fy_TypeError, "Tuple or struct_time argument required");
        return -1;
    }
    int64_t v[9];
    for (int i = 0; i < 9; i++)
        if (fy_index(it[i], &v[i]) < 0) return -1;
    memset(tm, 0, sizeof *tm);
    tm->tm_year = (int)(v[0] - 1900);
    tm->tm_mon = (int)(v[1] - 1);
    tm->tm_mday = (int)v[2];
    tm->tm_hour = (int)v[3];
    tm->tm_min = (int)v[4];
    tm->tm_sec = (int)v[5];
    tm->tm_wday = (int)((v[6] + 1) % 7);
    tm->tm_yday = (int)(v[7] - 1);
    tm->tm_isdst = (int)v[8];
    return 0;
}

static fy_obj *t_localtime(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    time_t t;
    struct tm tm;
    if (fy_no_kwargs("localtime", kw) < 0 || fy_check_nargs("localtime", n, 0, 1) < 0 || time_arg(a, n, &t) < 0)
        return NULL;
    if (!localtime_r(&t, &tm)) return fy_err_set(&fy_OverflowError, "timestamp out of range for platform time_t");
    return tm_tuple(&tm);
}

static fy_obj *t_gmtime(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    time_t t;
    struct tm tm;
    if (fy_no_kwargs("gmtime", kw) < 0 || fy_check_nargs("gmtime", n, 0, 1) < 0 || time_arg(a, n, &t) < 0) return NULL;
    if (!gmtime_r(&t, &tm)) return fy_err_set(&fy_OverflowError, "timestamp out of range for platform time_t");
    return tm_tuple(&tm);
}

static fy_obj *t_mktime(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    struct tm tm;
    if (fy_no_kwargs("mktime", kw) < 0 || fy_check_nargs("mktime", n, 1, 1) < 0 || tuple_tm(a[0], &tm) < 0) return NULL;
    time_t t = mktime(&tm);
    return fy_float_from((double)t);
}

static fy_obj *t_strftime(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    if (fy_no_kwargs("strftime", kw) < 0 || fy_check_nargs("strftime", n, 1, 2) < 0) return NULL;
    if (!FY_STR_CHECK(a[0])) return fy_err_format(&fy_TypeError, "strftime() argument 1 must be str, not %T", a[0]);
    struct tm tm;
    if (n == 2) {
        if (tuple_tm(a[1], &tm) < 0) return NULL;
    } else {
        time_t t = time(NULL);
        localtime_r(&t, &tm);
    }
    if (FY_STR_LEN(a[0]) == 0) return fy_str_from("", 0);
    size_t cap = 256 + 4 * (size_t)FY_STR_LEN(a[0]);
    for (int tries = 0; tries < 6; tries++, cap *= 4) {
        char *buf = fy_malloc(cap);
        if (!buf) return NULL;
        size_t k = strftime(buf, cap, FY_STR_DATA(a[0]), &tm);
        if (k > 0) {
            fy_obj *r = fy_str_from(buf, k);
            fy_free(buf);
            return r;
        }
        fy_free(buf);
    }
    return fy_str_from("", 0);
}

static fy_obj *t_ctime(fy_obj *s, fy_obj *const *a, size_t n, fy_obj *kw) {
    time_t t;
    struct tm tm;
    if (fy_no_kwargs("ctime", kw) < 0 || fy_check_nargs("ctime", n, 0, 1) < 0 || time_arg(a, n, &t) < 0) return NULL;
    localtime_r(&t, &tm);
    char buf[64];
    size_t k = strftime(buf, sizeof buf, "%a %b %e %H:%M:%S %Y", &tm);
    return fy_str_from(buf, k);
}

static fy_methoddef time_funcs[] = {
    {"time", t_time, 0, "time() -> floating point number\nSeconds since the Epoch."},
    {"time_ns", t_time_ns, 0, "time_ns() -> int\nNanoseconds since the Epoch."},
    {"perf_counter", t_perf_counter, 0, "perf_counter() -> float\nPerformance counter for benchmarking."},
    {"perf_counter_ns", t_perf_counter_ns, 0, "perf_counter_ns() -> int\nPerformance counter in nanoseconds."},
    {"monotonic", t_monotonic, 0, "monotonic() -> float\nMonotonic clock, cannot go backward."},
    {"monotonic_ns", t_monotonic_ns, 0, "monotonic_ns() -> int\nMonotonic clock in nanoseconds."},
    {"process_time", t_process_time, 0, "process_time() -> float\nProcess time for profiling."},
    {"process_time_ns", t_process_time_ns, 0, "process_time_ns() -> int\nProcess time in nanoseconds."},
    {"thread_time", t_thread_time, 0, "thread_time() -> float\nThread time for profiling."},
    {"thread_time_ns", t_thread_time_ns, 0, "thread_time_ns() -> int\nThread time in nanoseconds."},
    {"sleep", t_sleep, 0, "sleep(seconds)\nDelay execution for a given number of seconds."},
    {"localtime", t_localtime, 0, "localtime([seconds]) -> 9-tuple\nConvert seconds since the Epoch to local time."},
    {"gmtime", t_gmtime, 0, "gmtime([seconds]) -> 9-tuple\nConvert seconds since the Epoch to UTC."},
    {"mktime", t_mktime, 0, "mktime(tuple) -> floating point number\nConvert a local time tuple to seconds."},
    {"strftime", t_strftime, 0, "strftime(format[, tuple]) -> string\nFormat a time tuple."},
    {"ctime", t_ctime, 0, "ctime(seconds) -> string\nConvert a time in seconds to a string in local time."},
    {NULL, NULL, 0, NULL}};

fy_obj *fy_mod_time_init(void) {
    return fy_module_new_c("time", time_funcs, "This module provides various functions to manipulate time values.");
}
