/* sign.h - HMAC-SHA256 message signatures (Jupyter's hmac-sha256 scheme). */
#ifndef FK_SIGN_H
#define FK_SIGN_H

#include <stdbool.h>
#include <stddef.h>

typedef struct fk_signer {
    unsigned char *key; /* raw key bytes (malloc'd copy) */
    size_t key_len;     /* 0 = signing disabled: empty signatures, nothing verified */
} fk_signer;

/* Keep a copy of the key; returns -1 on out of memory. */
int fk_signer_init(fk_signer *s, const char *key, size_t len);
/* Forget the key (wiped). */
void fk_signer_free(fk_signer *s);
/* Lowercase hex HMAC of the concatenation of n byte ranges into hex[65] ("" when no key). */
void fk_sign(const fk_signer *s, const void *const *parts, const size_t *lens, int n, char hex[65]);
/* Check a received signature against the parts in constant time; always true without a key. */
bool fk_verify(const fk_signer *s, const void *const *parts, const size_t *lens, int n, const void *sig,
               size_t sig_len);

#endif
