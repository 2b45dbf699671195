/* sign.c - HMAC-SHA256 from libsodium (or libcrypto), constant-time compare of hex digests. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#if !defined(FLYI_HMAC_LIBSODIUM) && !defined(FLYI_HMAC_LIBCRYPTO)
#define FLYI_HMAC_LIBSODIUM 1
#endif

#include "sign.h"

#include <stdlib.h>
#include <string.h>

#ifdef FLYI_HMAC_LIBSODIUM
#include <sodium.h>
#else
#include <openssl/crypto.h>
#include <openssl/evp.h>
#endif

int fk_signer_init(fk_signer *s, const char *key, size_t len) {
    s->key = malloc(len ? len : 1);
    s->key_len = len;
    if (!s->key) return -1;
    if (len) memcpy(s->key, key, len);
#ifdef FLYI_HMAC_LIBSODIUM
    if (sodium_init() < 0) return -1;
#endif
    return 0;
}

void fk_signer_free(fk_signer *s) {
    if (s->key) {
        volatile unsigned char *p = s->key;
        for (size_t i = 0; i < s->key_len; i++) p[i] = 0;
        free(s->key);
    }
    s->key = NULL;
    s->key_len = 0;
}

static void to_hex(const unsigned char *mac, size_t n, char *hex) {
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++) {
        hex[2 * i] = digits[mac[i] >> 4];
        hex[2 * i + 1] = digits[mac[i] & 15];
    }
    hex[2 * n] = 0;
}

void fk_sign(const fk_signer *s, const void *const *parts, const size_t *lens, int n, char hex[65]) {
    hex[0] = 0;
    if (!s->key_len) return;
    unsigned char mac[32];
#ifdef FLYI_HMAC_LIBSODIUM
    crypto_auth_hmacsha256_state st;
    crypto_auth_hmacsha256_init(&st, s->key, s->key_len);
    for (int i = 0; i < n; i++) crypto_auth_hmacsha256_update(&st, parts[i], lens[i]);
    crypto_auth_hmacsha256_final(&st, mac);
#else
    EVP_MAC *m = EVP_MAC_fetch(NULL, "HMAC", NULL);
    EVP_MAC_CTX *ctx = m ? EVP_MAC_CTX_new(m) : NULL;
    OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_string("digest", (char *)"SHA256", 0), OSSL_PARAM_construct_end()};
    size_t outl = 0;
    memset(mac, 0, sizeof mac);
    if (ctx && EVP_MAC_init(ctx, s->key, s->key_len, params)) {
        for (int i = 0; i < n; i++) EVP_MAC_update(ctx, parts[i], lens[i]);
        EVP_MAC_final(ctx, mac, &outl, sizeof mac);
    }
    EVP_MAC_CTX_free(ctx);
    EVP_MAC_free(m);
#endif
    to_hex(mac, sizeof mac, hex);
}

bool fk_verify(const fk_signer *s, const void *const *parts, const size_t *lens, int n, const void *sig,
               size_t sig_len) {
    if (!s->key_len) return true;
    if (sig_len != 64) return false;
    char hex[65];
    fk_sign(s, parts, lens, n, hex);
#ifdef FLYI_HMAC_LIBSODIUM
    return sodium_memcmp(hex, sig, 64) == 0;
#else
    return CRYPTO_memcmp(hex, sig, 64) == 0;
#endif
}
