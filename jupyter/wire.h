/* wire.h - Jupyter messages on ZeroMQ sockets: multipart frames, signatures, JSON parts. */
#ifndef FK_WIRE_H
#define FK_WIRE_H

#include <jansson.h>
#include <stddef.h>

#include "sign.h"

#define FK_MAX_IDENTS 16

/* One received message. The four dict frames are kept as received (raw) and parsed. */
typedef struct fk_msg {
    int nidents;
    void *ident[FK_MAX_IDENTS]; /* routing identity frames, malloc'd copies */
    size_t ident_len[FK_MAX_IDENTS];
    char *raw_header;           /* header frame bytes (NUL added), reused as parent header */
    size_t raw_header_len;
    json_t *header, *parent, *metadata, *content; /* all JSON objects */
    const char *msg_type;       /* points into header */
} fk_msg;

/* Receive one multipart message (blocking, EINTR retried). Returns 0 with *m filled,
 * 1 when a message arrived but was dropped (bad frames/signature/JSON; logged), -1 when the
 * socket or context is gone (ETERM/other errors). */
int fk_wire_recv(void *sock, const fk_signer *sg, const char *chan, fk_msg *m);
/* Release what fk_wire_recv stored in m. */
void fk_msg_free(fk_msg *m);

/* Send one message: idents (may be 0 of them), optional topic (IOPub), then <IDS|MSG>, signature
 * and the four dicts. header/metadata/content are serialised here; parent is raw JSON bytes
 * ("{}" when NULL). Returns 0, or -1 (logged) when the message could not be built or sent. */
int fk_wire_send(void *sock, const fk_signer *sg, void *const *ident, const size_t *ident_len, int nidents,
                 const char *topic, json_t *header, const char *parent, size_t parent_len, json_t *metadata,
                 json_t *content);

/* A new header object {msg_id, session, username, date, msg_type, version "5.3"}. */
json_t *fk_header_new(const char *session, const char *username, const char *msg_type);

/* Content helpers: string/int/bool field of an object with a default. */
const char *fk_jget_str(json_t *obj, const char *key, const char *dflt);
long long fk_jget_int(json_t *obj, const char *key, long long dflt);
int fk_jget_bool(json_t *obj, const char *key, int dflt);

#endif
