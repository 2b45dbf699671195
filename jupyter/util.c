/* util.c - the kernel's log, ISO 8601 dates and UUIDs. */
#include "util.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

static int log_fd = -1;

void fk_log_set_fd(int fd) { log_fd = fd; }

/* A flood of bad messages must not flood the server log: at most LOG_BURST lines per second. */
#define LOG_BURST 20
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;
static time_t log_second;
static int log_count, log_dropped;

void fk_log(const char *fmt, ...) {
    char buf[1024];
    int n = 0;
    pthread_mutex_lock(&log_lock);
    time_t now = time(NULL);
    if (now != log_second) {
        log_second = now;
        log_count = 0;
        if (log_dropped) n = snprintf(buf, sizeof buf, "flyi-kernel: (%d log lines suppressed)\n", log_dropped);
        log_dropped = 0;
    }
    if (++log_count > LOG_BURST) {
        log_dropped++;
        pthread_mutex_unlock(&log_lock);
        return;
    }
    pthread_mutex_unlock(&log_lock);
    n += snprintf(buf + n, sizeof buf - (size_t)n, "flyi-kernel: ");
    va_list ap;
    va_start(ap, fmt);
    int m = vsnprintf(buf + n, sizeof buf - (size_t)n - 1, fmt, ap);
    va_end(ap);
    if (m < 0) m = 0;
    size_t len = (size_t)n + (size_t)m;
    if (len > sizeof buf - 2) len = sizeof buf - 2;
    buf[len++] = '\n';
    int fd = log_fd >= 0 ? log_fd : 2;
    ssize_t w = write(fd, buf, len);
    (void)w;
}

void fk_iso_now(char out[32]) {
    struct timespec ts;
    struct tm tm;
    clock_gettime(CLOCK_REALTIME, &ts);
    gmtime_r(&ts.tv_sec, &tm);
    size_t n = strftime(out, 32, "%Y-%m-%dT%H:%M:%S", &tm);
    snprintf(out + n, 32 - n, ".%06ldZ", (long)(ts.tv_nsec / 1000));
}

void fk_uuid4(char out[37]) {
    static const char hex[] = "0123456789abcdef";
    uint8_t b[16];
    if (getrandom(b, sizeof b, 0) != (ssize_t)sizeof b) {
        /* no entropy source: mix time and a counter (uniqueness is all that matters here) */
        static unsigned long ctr;
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        uint64_t x = (uint64_t)ts.tv_sec * 1000000007u ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32);
        uint64_t y = ++ctr * 0x9e3779b97f4a7c15ull ^ x;
        memcpy(b, &x, 8);
        memcpy(b + 8, &y, 8);
    }
    b[6] = (uint8_t)((b[6] & 0x0f) | 0x40);
    b[8] = (uint8_t)((b[8] & 0x3f) | 0x80);
    char *p = out;
    for (int i = 0; i < 16; i++) {
        if (i == 4 || i == 6 || i == 8 || i == 10) *p++ = '-';
        *p++ = hex[b[i] >> 4];
        *p++ = hex[b[i] & 15];
    }
    *p = 0;
}

double fk_mono(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double fk_realtime(void) {
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int fk_parse_iso(const char *s, double *out) {
    struct tm tm = {0};
    int n = 0;
    if (!s || sscanf(s, "%4d-%2d-%2dT%2d:%2d:%2d%n", &tm.tm_year, &tm.tm_mon, &tm.tm_mday, &tm.tm_hour, &tm.tm_min,
                     &tm.tm_sec, &n) != 6)
        return -1;
    tm.tm_year -= 1900;
    tm.tm_mon -= 1;
    double t = (double)timegm(&tm);
    const char *p = s + n;
    if (*p == '.') {
        double scale = 0.1;
        for (p++; *p >= '0' && *p <= '9'; p++, scale /= 10) t += (*p - '0') * scale;
    }
    if (*p == '+' || *p == '-') {
        int hh = 0, mm = 0;
        if (sscanf(p + 1, "%2d:%2d", &hh, &mm) < 1 && sscanf(p + 1, "%2d%2d", &hh, &mm) < 1) return -1;
        t -= (*p == '+' ? 1 : -1) * (hh * 3600.0 + mm * 60.0);
    }
    *out = t;
    return 0;
}
