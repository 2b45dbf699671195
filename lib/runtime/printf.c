/* printf.c - decoding printf records with Python-style format specs. */
#include "runtime/printf.h"

#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct spec {
    char fill, align, sign, type, group;
    bool alt, zero;
    int width, prec;
} spec;

static void parse_spec(const char *s, size_t n, spec *p) {
    memset(p, 0, sizeof *p);
    p->fill = ' ';
    p->prec = -1;
    size_t i = 0;
    if (n >= 2 && strchr("<>^=", s[1])) {
        p->fill = s[0];
        p->align = s[1];
        i = 2;
    } else if (n >= 1 && strchr("<>^=", s[0])) {
        p->align = s[0];
        i = 1;
    }
    if (i < n && strchr("+- ", s[i])) p->sign = s[i++];
    if (i < n && s[i] == '#') {
        p->alt = true;
        i++;
    }
    if (i < n && s[i] == '0') {
        p->zero = true;
        i++;
    }
    while (i < n && s[i] >= '0' && s[i] <= '9') p->width = p->width * 10 + (s[i++] - '0');
    if (i < n && (s[i] == ',' || s[i] == '_')) p->group = s[i++];
    if (i < n && s[i] == '.') {
        p->prec = 0;
        i++;
        while (i < n && s[i] >= '0' && s[i] <= '9') p->prec = p->prec * 10 + (s[i++] - '0');
    }
    if (i < n) p->type = s[i];
}

/* Inserts group separators every `every` digits into the digit run starting at body. */
static void group_digits(char *body, char sep, int every) {
    char *end = body;
    while (*end >= '0' && *end <= '9') end++;
    size_t nd = (size_t)(end - body);
    if (nd <= (size_t)every) return;
    char tmp[160];
    size_t o = 0;
    for (size_t i = 0; i < nd && o + 2 < sizeof tmp; i++) {
        if (i && (nd - i) % (size_t)every == 0) tmp[o++] = sep;
        tmp[o++] = body[i];
    }
    snprintf(tmp + o, sizeof tmp - o, "%s", end);
    strcpy(body, tmp);
}

/* Pads sign+body to the width per the spec and appends it. */
static void emit(fly_ir_buf *out, const spec *p, const char *sign, const char *body, bool numeric) {
    size_t len = strlen(sign) + strlen(body);
    size_t pad = p->width > 0 && (size_t)p->width > len ? (size_t)p->width - len : 0;
    char align = p->align ? p->align : (p->zero && numeric) ? '=' : numeric ? '>' : '<';
    char fill = p->align ? p->fill : (p->zero && numeric) ? '0' : p->fill;
    size_t left = align == '>' ? pad : align == '^' ? pad / 2 : 0;
    size_t right = align == '<' ? pad : align == '^' ? pad - pad / 2 : 0;
    for (size_t i = 0; i < left; i++) fly_ir_buf_add(out, &fill, 1);
    fly_ir_buf_puts(out, sign);
    if (align == '=')
        for (size_t i = 0; i < pad; i++) fly_ir_buf_add(out, &fill, 1);
    fly_ir_buf_puts(out, body);
    for (size_t i = 0; i < right; i++) fly_ir_buf_add(out, &fill, 1);
}

static void fmt_float(fly_ir_buf *out, const spec *p, double v) {
    char body[160], cfmt[16];
    const char *sign = v < 0 || (v == 0 && 1 / v < 0) ? "-" : p->sign == '+' ? "+" : p->sign == ' ' ? " " : "";
    double a = fabs(v); /* not v < 0 ? -v : v, which keeps -0.0 negative: "--0.00" */
    char t = p->type;
    int prec = p->prec;
    if (a != a || a == 1.0 / 0.0) {
        snprintf(body, sizeof body, "%s", a != a ? "nan" : "inf");
        if (t == 'E' || t == 'F' || t == 'G')
            for (char *c = body; *c; c++) *c = (char)(*c - 32);
        emit(out, p, a != a ? "" : sign, body, true);
        return;
    }
    if (t == '%') {
        a *= 100;
        t = 'f';
    }
    if (!t) {
        t = prec < 0 ? 'f' : 'g';
        if (prec < 0) prec = 2; /* FlyDSL's device printf: two decimals */
    }
    if (prec < 0) prec = 6;
    if (t == 'n') t = 'g';
    snprintf(cfmt, sizeof cfmt, "%%%s.%d%c", p->alt ? "#" : "", prec, strchr("eEfFgG", t) ? t : 'f');
    snprintf(body, sizeof body, cfmt, a);
    if (p->group && (t == 'f' || t == 'F')) group_digits(body, p->group, 3);
    if (p->type == '%') strncat(body, "%", sizeof body - strlen(body) - 1);
    emit(out, p, sign, body, true);
}

static void fmt_int(fly_ir_buf *out, const spec *p, int64_t sv, uint64_t uv, bool neg) {
    char body[160], digits[80];
    const char *sign = neg ? "-" : p->sign == '+' ? "+" : p->sign == ' ' ? " " : "";
    uint64_t a = neg ? (uint64_t)0 - (uint64_t)sv : uv;
    const char *prefix = "";
    int every = 3;
    switch (p->type) {
    case 'x':
        snprintf(digits, sizeof digits, "%" PRIx64, a);
        prefix = p->alt ? "0x" : "";
        every = 4;
        break;
    case 'X':
        snprintf(digits, sizeof digits, "%" PRIX64, a);
        prefix = p->alt ? "0X" : "";
        every = 4;
        break;
    case 'o':
        snprintf(digits, sizeof digits, "%" PRIo64, a);
        prefix = p->alt ? "0o" : "";
        every = 4;
        break;
    case 'b': {
        char tmp[70];
        int n = 0;
        do {
            tmp[n++] = (char)('0' + (a & 1));
            a >>= 1;
        } while (a && n < 64);
        for (int i = 0; i < n; i++) digits[i] = tmp[n - 1 - i];
        digits[n] = '\0';
        prefix = p->alt ? "0b" : "";
        every = 4;
        break;
    }
    case 'c': {
        char ch[2] = {(char)uv, 0};
        emit(out, p, "", ch, false);
        return;
    }
    default: snprintf(digits, sizeof digits, "%" PRIu64, a); break;
    }
    if (p->group) group_digits(digits, p->group, every);
    snprintf(body, sizeof body, "%s", digits);
    char sp[8];
    snprintf(sp, sizeof sp, "%s%s", sign, prefix);
    emit(out, p, sp, body, true);
}

void fly_rt_printf_format_value(fly_ir_buf *out, char kind, uint64_t bits, const char *s, size_t n) {
    spec p;
    parse_spec(s, n, &p);
    double d;
    memcpy(&d, &bits, sizeof d);
    if (kind == 'f') {
        if (p.type && strchr("dxXobc", p.type)) {
            int64_t iv = (int64_t)d;
            fmt_int(out, &p, iv, (uint64_t)iv, iv < 0);
        } else {
            fmt_float(out, &p, d);
        }
        return;
    }
    if (kind == 'b' && !p.type && !n) {
        fly_ir_buf_puts(out, bits ? "True" : "False");
        return;
    }
    if (p.type && strchr("eEfFgG%n", p.type)) {
        fmt_float(out, &p, kind == 'u' ? (double)bits : (double)(int64_t)bits);
        return;
    }
    if (kind == 'u' || kind == 'b') fmt_int(out, &p, (int64_t)bits, bits, false);
    else fmt_int(out, &p, (int64_t)bits, bits, (int64_t)bits < 0);
}

/* Formats one record's text. */
static void format_record(const char *entry, const uint64_t *slots, int nslots, fly_ir_buf *out) {
    const char *colon = strchr(entry, ':');
    if (!colon) {
        fly_ir_buf_puts(out, entry);
        return;
    }
    const char *kinds = entry;
    int nk = (int)(colon - entry), next = 0;
    for (const char *t = colon + 1; *t; t++) {
        if ((t[0] == '{' && t[1] == '{') || (t[0] == '}' && t[1] == '}')) {
            fly_ir_buf_add(out, t, 1);
            t++;
        } else if (t[0] == '{') {
            const char *e = strchr(t, '}');
            if (!e) {
                fly_ir_buf_puts(out, t);
                break;
            }
            const char *sp = t + 1;
            if (*sp == ':') sp++;
            if (next < nk && next < nslots)
                fly_rt_printf_format_value(out, kinds[next], slots[next], sp, (size_t)(e - sp));
            else fly_ir_buf_puts(out, "?");
            next++;
            t = e;
        } else {
            fly_ir_buf_add(out, t, 1);
        }
    }
}

size_t fly_rt_printf_decode(const unsigned char *rec, size_t len, char *const *formats, int nformats, fly_ir_buf *out) {
    size_t off = 0, n = 0;
    uint64_t slots[64];
    while (off + 8 <= len) {
        uint32_t id, sz;
        memcpy(&id, rec + off, 4);
        memcpy(&sz, rec + off + 4, 4);
        if (sz < 8 || off + sz > len) break;
        int ns = (int)((sz - 8) / 8);
        if (ns > 64) ns = 64;
        memcpy(slots, rec + off + 8, (size_t)ns * 8);
        if ((int)id < nformats && formats[id]) format_record(formats[id], slots, ns, out);
        else fly_ir_buf_printf(out, "<printf record with unknown format %u>", id);
        fly_ir_buf_puts(out, "\n");
        off += sz;
        n++;
    }
    return n;
}

size_t fly_rt_printf_buffer_size(void) {
    const char *e = getenv("FLYI_PRINTF_BUFFER");
    if (!e || !*e) return FLY_RT_PRINTF_DEFAULT;
    char *end;
    unsigned long long v = strtoull(e, &end, 10);
    if (*end == 'k' || *end == 'K') v <<= 10;
    else if (*end == 'm' || *end == 'M') v <<= 20;
    if (v < 64) v = 64;
    if (v > (1ull << 30)) v = 1ull << 30;
    return (size_t)v & ~(size_t)7;
}
