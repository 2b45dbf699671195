/* util.h - small helpers of flyi-kernel: the kernel's own log, time stamps, ids. */
#ifndef FK_UTIL_H
#define FK_UTIL_H

#include <stddef.h>

/* Send the kernel's own log lines to fd (a dup of the original stderr); -1 = stderr (fd 2). */
void fk_log_set_fd(int fd);
/* Write one "flyi-kernel: ..." line to the log fd (a newline is added). */
void fk_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Current UTC time as ISO 8601 with microseconds and zone, e.g. 2026-11-29T08:41:06.545083Z. */
void fk_iso_now(char out[32]);
/* A fresh random UUID v4 in canonical lowercase form (36 chars + NUL). */
void fk_uuid4(char out[37]);
/* Current UTC time in seconds since the epoch. */
double fk_realtime(void);
/* Parse an ISO 8601 date with an optional zone (none = UTC) into seconds since the epoch;
 * -1 when it does not parse. */
int fk_parse_iso(const char *s, double *out);
/* Monotonic clock in seconds. */
double fk_mono(void);

#endif
