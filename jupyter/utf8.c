/* utf8.c - UTF-8 validation and repair, offsets in code points, safe Jansson strings. */
#include "utf8.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* Length of the valid UTF-8 sequence at s (1..4), or 0 if invalid/truncated. */
static size_t seq_len(const unsigned char *s, size_t avail) {
    unsigned c = s[0];
    if (c < 0x80) return c ? 1 : 0;
    size_t n;
    uint32_t min, cp;
    if ((c & 0xe0) == 0xc0) {
        n = 2;
        min = 0x80;
        cp = c & 0x1f;
    } else if ((c & 0xf0) == 0xe0) {
        n = 3;
        min = 0x800;
        cp = c & 0x0f;
    } else if ((c & 0xf8) == 0xf0) {
        n = 4;
        min = 0x10000;
        cp = c & 0x07;
    } else return 0;
    if (avail < n) return 0;
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80) return 0;
        cp = (cp << 6) | (s[i] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return 0;
    return n;
}

char *fk_utf8_repair(const char *s, size_t len, size_t *outlen) {
    char *out = malloc(len * 3 + 1);
    if (!out) return NULL;
    const unsigned char *u = (const unsigned char *)s;
    size_t o = 0;
    for (size_t i = 0; i < len;) {
        size_t n = seq_len(u + i, len - i);
        if (n) {
            memcpy(out + o, u + i, n);
            o += n;
            i += n;
        } else {
            memcpy(out + o, "\xef\xbf\xbd", 3);
            o += 3;
            i++;
        }
    }
    out[o] = 0;
    if (outlen) *outlen = o;
    return out;
}

size_t fk_utf8_safe_prefix(const char *s, size_t len) {
    const unsigned char *u = (const unsigned char *)s;
    /* look back at most 3 bytes for the start of a multi-byte sequence */
    for (size_t back = 1; back <= 3 && back <= len; back++) {
        unsigned c = u[len - back];
        if ((c & 0xc0) == 0x80) continue; /* continuation byte: keep looking */
        size_t need = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
        if (c >= 0xf8) need = 1; /* invalid lead: repaired later, nothing to wait for */
        return need > back ? len - back : len;
    }
    return len;
}

size_t fk_utf8_cp_to_byte(const char *s, long cp) {
    const unsigned char *u = (const unsigned char *)s;
    size_t i = 0;
    for (long k = 0; k < cp && u[i]; k++) {
        i++;
        while (u[i] && (u[i] & 0xc0) == 0x80) i++;
    }
    return i;
}

long fk_utf8_byte_to_cp(const char *s, size_t byte) {
    const unsigned char *u = (const unsigned char *)s;
    long cp = 0;
    for (size_t i = 0; i < byte && u[i]; i++)
        if ((u[i] & 0xc0) != 0x80) cp++;
    return cp;
}

json_t *fk_json_strn(const char *s, size_t len) {
    if (!s) return json_string("");
    json_t *j = json_stringn(s, len);
    if (j) return j;
    size_t n;
    char *r = fk_utf8_repair(s, len, &n);
    if (!r) return NULL;
    j = json_stringn(r, n);
    free(r);
    return j;
}

json_t *fk_json_str(const char *s) { return fk_json_strn(s, s ? strlen(s) : 0); }
