/* utf8.h - UTF-8 helpers: repair invalid bytes, code point <-> byte offsets, JSON strings. */
#ifndef FK_UTF8_H
#define FK_UTF8_H

#include <jansson.h>
#include <stddef.h>

/* Copy s[0..len) into a malloc'd NUL-terminated string, invalid sequences (and NUL bytes)
 * replaced by U+FFFD; *outlen (if not NULL) gets its length. NULL only on out of memory. */
char *fk_utf8_repair(const char *s, size_t len, size_t *outlen);
/* Length of the longest prefix of s[0..len) that does not end inside a possibly incomplete
 * multi-byte sequence (what can be sent now; the rest waits for more bytes). */
size_t fk_utf8_safe_prefix(const char *s, size_t len);
/* Byte offset of code point `cp` in the NUL-terminated UTF-8 string s (clamped to its end). */
size_t fk_utf8_cp_to_byte(const char *s, long cp);
/* Number of code points in the first `byte` bytes of s (clamped to its end). */
long fk_utf8_byte_to_cp(const char *s, size_t byte);
/* A JSON string from arbitrary bytes (repaired as above); never NULL unless out of memory. */
json_t *fk_json_strn(const char *s, size_t len);
/* Same for a NUL-terminated string; NULL s gives "". */
json_t *fk_json_str(const char *s);

#endif
