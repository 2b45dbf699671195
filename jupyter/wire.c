/* wire.c - receive/verify/parse and build/sign/send Jupyter wire messages over libzmq. */
#include "wire.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zmq.h>

#include "util.h"

#define DELIM "<IDS|MSG>"
#define DELIM_LEN 9
/* Frames beyond this many are read and discarded (raw buffers are not used by this kernel). */
#define MAX_FRAMES 64

void fk_msg_free(fk_msg *m) {
    for (int i = 0; i < m->nidents; i++) free(m->ident[i]);
    free(m->raw_header);
    json_decref(m->header);
    json_decref(m->parent);
    json_decref(m->metadata);
    json_decref(m->content);
    memset(m, 0, sizeof *m);
}

static json_t *parse_dict(const zmq_msg_t *f, const char *chan, const char *what) {
    json_error_t err;
    json_t *j = json_loadb(zmq_msg_data((zmq_msg_t *)f), zmq_msg_size((zmq_msg_t *)f), JSON_ALLOW_NUL, &err);
    if (!j) {
        fk_log("%s: dropped message: %s is not valid JSON (%s)", chan, what, err.text);
        return NULL;
    }
    if (!json_is_object(j)) {
        fk_log("%s: dropped message: %s is not a JSON object", chan, what);
        json_decref(j);
        return NULL;
    }
    return j;
}

int fk_wire_recv(void *sock, const fk_signer *sg, const char *chan, fk_msg *m) {
    memset(m, 0, sizeof *m);
    zmq_msg_t fr[MAX_FRAMES];
    int n = 0, more = 1, failed = 0;
    while (more) {
        zmq_msg_t tmp;
        zmq_msg_init(&tmp);
        int rc;
        do rc = zmq_msg_recv(&tmp, sock, 0);
        while (rc < 0 && errno == EINTR);
        if (rc < 0) {
            int e = errno;
            zmq_msg_close(&tmp);
            for (int i = 0; i < n; i++) zmq_msg_close(&fr[i]);
            if (e != ETERM && e != ENOTSOCK) fk_log("%s: receive failed: %s", chan, zmq_strerror(e));
            /* after a partial message, the rest (if any) is still ours to drain next time */
            return -1;
        }
        more = zmq_msg_more(&tmp);
        if (n < MAX_FRAMES) fr[n++] = tmp;
        else {
            zmq_msg_close(&tmp);
            failed = 1;
        }
    }
    int rc = 1, d = -1;
    if (failed) {
        fk_log("%s: dropped message with more than %d frames", chan, MAX_FRAMES);
        goto out;
    }
    for (int i = 0; i < n; i++)
        if (zmq_msg_size(&fr[i]) == DELIM_LEN && !memcmp(zmq_msg_data(&fr[i]), DELIM, DELIM_LEN)) {
            d = i;
            break;
        }
    if (d < 0 || n - d < 6) {
        fk_log("%s: dropped malformed message (%d frames, %s)", chan, n,
               d < 0 ? "no <IDS|MSG> delimiter" : "fewer than 4 dicts after it");
        goto out;
    }
    if (d > FK_MAX_IDENTS) {
        fk_log("%s: dropped message with %d routing identities", chan, d);
        goto out;
    }
    const void *parts[4];
    size_t lens[4];
    for (int i = 0; i < 4; i++) {
        parts[i] = zmq_msg_data(&fr[d + 2 + i]);
        lens[i] = zmq_msg_size(&fr[d + 2 + i]);
    }
    if (!fk_verify(sg, parts, lens, 4, zmq_msg_data(&fr[d + 1]), zmq_msg_size(&fr[d + 1]))) {
        fk_log("%s: dropped message with a bad or missing signature", chan);
        goto out;
    }
    if (!(m->header = parse_dict(&fr[d + 2], chan, "header")) ||
        !(m->parent = parse_dict(&fr[d + 3], chan, "parent_header")) ||
        !(m->metadata = parse_dict(&fr[d + 4], chan, "metadata")) ||
        !(m->content = parse_dict(&fr[d + 5], chan, "content")))
        goto bad;
    m->msg_type = json_string_value(json_object_get(m->header, "msg_type"));
    if (!m->msg_type) {
        fk_log("%s: dropped message without header.msg_type", chan);
        goto bad;
    }
    m->raw_header_len = lens[0];
    m->raw_header = malloc(lens[0] + 1);
    if (!m->raw_header) goto bad;
    memcpy(m->raw_header, parts[0], lens[0]);
    m->raw_header[lens[0]] = 0;
    for (int i = 0; i < d; i++) {
        size_t l = zmq_msg_size(&fr[i]);
        m->ident[i] = malloc(l ? l : 1);
        if (!m->ident[i]) goto bad;
        memcpy(m->ident[i], zmq_msg_data(&fr[i]), l);
        m->ident_len[i] = l;
        m->nidents = i + 1;
    }
    rc = 0;
    goto out;
bad:
    fk_msg_free(m);
out:
    for (int i = 0; i < n; i++) zmq_msg_close(&fr[i]);
    return rc;
}

static int send_frame(void *sock, const void *data, size_t len, int more) {
    int rc;
    do rc = zmq_send(sock, data, len, more ? ZMQ_SNDMORE : 0);
    while (rc < 0 && errno == EINTR);
    return rc < 0 ? -1 : 0;
}

int fk_wire_send(void *sock, const fk_signer *sg, void *const *ident, const size_t *ident_len, int nidents,
                 const char *topic, json_t *header, const char *parent, size_t parent_len, json_t *metadata,
                 json_t *content) {
    if (!parent) {
        parent = "{}";
        parent_len = 2;
    }
    char *h = header ? json_dumps(header, JSON_COMPACT) : NULL;
    char *md = metadata ? json_dumps(metadata, JSON_COMPACT) : strdup("{}");
    char *c = content ? json_dumps(content, JSON_COMPACT) : NULL;
    int rc = -1;
    if (!h || !md || !c) {
        fk_log("could not serialise a %s message",
               header ? json_string_value(json_object_get(header, "msg_type")) : "?");
        goto out;
    }
    const void *parts[4] = {h, parent, md, c};
    size_t lens[4] = {strlen(h), parent_len, strlen(md), strlen(c)};
    char sig[65];
    fk_sign(sg, parts, lens, 4, sig);
    int bad = 0;
    for (int i = 0; i < nidents && !bad; i++) bad |= send_frame(sock, ident[i], ident_len[i], 1);
    if (topic && !bad) bad |= send_frame(sock, topic, strlen(topic), 1);
    if (!bad) bad |= send_frame(sock, DELIM, DELIM_LEN, 1);
    if (!bad) bad |= send_frame(sock, sig, strlen(sig), 1);
    for (int i = 0; i < 4 && !bad; i++) bad |= send_frame(sock, parts[i], lens[i], i < 3);
    if (bad) {
        if (errno != ETERM) fk_log("send failed: %s", zmq_strerror(errno));
        goto out;
    }
    rc = 0;
out:
    free(h);
    free(md);
    free(c);
    return rc;
}

json_t *fk_header_new(const char *session, const char *username, const char *msg_type) {
    char id[37], date[32];
    fk_uuid4(id);
    fk_iso_now(date);
    return json_pack("{s:s, s:s, s:s, s:s, s:s, s:s}", "msg_id", id, "session", session, "username", username, "date",
                     date, "msg_type", msg_type, "version", "5.3");
}

const char *fk_jget_str(json_t *obj, const char *key, const char *dflt) {
    const char *s = json_string_value(json_object_get(obj, key));
    return s ? s : dflt;
}

long long fk_jget_int(json_t *obj, const char *key, long long dflt) {
    json_t *v = json_object_get(obj, key);
    if (json_is_integer(v)) return json_integer_value(v);
    if (json_is_real(v)) return (long long)json_real_value(v);
    return dflt;
}

int fk_jget_bool(json_t *obj, const char *key, int dflt) {
    json_t *v = json_object_get(obj, key);
    if (json_is_boolean(v)) return json_is_true(v);
    if (json_is_integer(v)) return json_integer_value(v) != 0;
    return dflt;
}
