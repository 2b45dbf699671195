/* conn.c - parse a Jupyter connection file with Jansson. */
#include "conn.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int get_port(json_t *root, const char *name, int *out, char *err, size_t cap) {
    json_t *v = json_object_get(root, name);
    if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > 65535) {
        snprintf(err, cap, "connection file: missing or bad \"%s\"", name);
        return -1;
    }
    *out = (int)json_integer_value(v);
    return 0;
}

int fk_conn_load(const char *path, fk_conn *c, char *err, size_t cap) {
    memset(c, 0, sizeof *c);
    json_error_t jerr;
    json_t *root = json_load_file(path, 0, &jerr);
    if (!root) {
        snprintf(err, cap, "connection file %s: %s (line %d)", path, jerr.text, jerr.line);
        return -1;
    }
    int rc = -1;
    if (!json_is_object(root)) {
        snprintf(err, cap, "connection file %s: not a JSON object", path);
        goto out;
    }
    const char *transport = json_string_value(json_object_get(root, "transport"));
    if (!transport) transport = "tcp";
    if (strcmp(transport, "tcp") && strcmp(transport, "ipc")) {
        snprintf(err, cap, "connection file: unsupported transport \"%s\"", transport);
        goto out;
    }
    snprintf(c->transport, sizeof c->transport, "%s", transport);
    const char *ip = json_string_value(json_object_get(root, "ip"));
    if (!ip) ip = "127.0.0.1";
    if (strlen(ip) >= sizeof c->ip) {
        snprintf(err, cap, "connection file: \"ip\" too long");
        goto out;
    }
    snprintf(c->ip, sizeof c->ip, "%s", ip);
    if (get_port(root, "shell_port", &c->shell_port, err, cap) ||
        get_port(root, "iopub_port", &c->iopub_port, err, cap) ||
        get_port(root, "stdin_port", &c->stdin_port, err, cap) ||
        get_port(root, "control_port", &c->control_port, err, cap) || get_port(root, "hb_port", &c->hb_port, err, cap))
        goto out;
    const char *scheme = json_string_value(json_object_get(root, "signature_scheme"));
    if (scheme && strcmp(scheme, "hmac-sha256")) {
        snprintf(err, cap, "connection file: unsupported signature_scheme \"%s\" (only hmac-sha256)", scheme);
        goto out;
    }
    json_t *key = json_object_get(root, "key");
    const char *ks = json_string_value(key);
    size_t kl = ks ? json_string_length(key) : 0;
    c->key = malloc(kl + 1);
    if (!c->key) {
        snprintf(err, cap, "out of memory");
        goto out;
    }
    if (kl) memcpy(c->key, ks, kl);
    c->key[kl] = 0;
    c->key_len = kl;
    rc = 0;
out:
    json_decref(root);
    return rc;
}

void fk_conn_endpoint(const fk_conn *c, int port, char *out, size_t cap) {
    if (!strcmp(c->transport, "ipc")) snprintf(out, cap, "ipc://%s-%d", c->ip, port);
    else snprintf(out, cap, "tcp://%s:%d", c->ip, port);
}

void fk_conn_free(fk_conn *c) {
    free(c->key);
    c->key = NULL;
}
