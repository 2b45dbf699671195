/* kernel.c - sockets of one kernel process and the publish/reply helpers. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "kernel.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zmq.h>

#include "util.h"

static void *bind_socket(fk_kernel *k, int type, int port, const char *name) {
    char ep[300];
    fk_conn_endpoint(&k->conn, port, ep, sizeof ep);
    void *s = zmq_socket(k->zctx, type);
    if (!s) {
        fk_log("%s: zmq_socket: %s", name, zmq_strerror(errno));
        return NULL;
    }
    int linger = 1000;
    zmq_setsockopt(s, ZMQ_LINGER, &linger, sizeof linger);
    if (type == ZMQ_ROUTER) {
        int one = 1; /* a client reconnecting with the same identity takes over its route */
        zmq_setsockopt(s, ZMQ_ROUTER_HANDOVER, &one, sizeof one);
    }
    if (zmq_bind(s, ep) != 0) {
        fk_log("%s: cannot bind %s: %s", name, ep, zmq_strerror(errno));
        zmq_close(s);
        return NULL;
    }
    return s;
}

int fk_kernel_open(fk_kernel *k, const char *conn_file) {
    char err[512];
    if (fk_conn_load(conn_file, &k->conn, err, sizeof err)) {
        fk_log("%s", err);
        return -1;
    }
    if (fk_signer_init(&k->signer, k->conn.key, k->conn.key_len)) {
        fk_log("cannot initialise HMAC signing");
        return -1;
    }
    fk_uuid4(k->session_id);
    const char *user = getenv("USER");
    snprintf(k->username, sizeof k->username, "%s", user && *user ? user : "kernel");
    pthread_mutex_init(&k->iopub_lock, NULL);
    k->wake_fd[0] = k->wake_fd[1] = -1;
    if (pipe2(k->wake_fd, O_NONBLOCK | O_CLOEXEC)) {
        fk_log("pipe: %s", strerror(errno));
        return -1;
    }
    k->zctx = zmq_ctx_new();
    if (!k->zctx) return -1;
    if (!(k->shell = bind_socket(k, ZMQ_ROUTER, k->conn.shell_port, "shell")) ||
        !(k->control = bind_socket(k, ZMQ_ROUTER, k->conn.control_port, "control")) ||
        !(k->stdin_sock = bind_socket(k, ZMQ_ROUTER, k->conn.stdin_port, "stdin")) ||
        !(k->iopub = bind_socket(k, ZMQ_PUB, k->conn.iopub_port, "iopub")) ||
        !(k->hb = bind_socket(k, ZMQ_REP, k->conn.hb_port, "heartbeat")))
        return -1;
    return 0;
}

void fk_kernel_close(fk_kernel *k) {
    void **socks[] = {&k->shell, &k->control, &k->stdin_sock, &k->iopub, &k->hb};
    for (size_t i = 0; i < sizeof socks / sizeof *socks; i++)
        if (*socks[i]) {
            zmq_close(*socks[i]);
            *socks[i] = NULL;
        }
    if (k->zctx) {
        int rc;
        do rc = zmq_ctx_term(k->zctx);
        while (rc < 0 && errno == EINTR);
        k->zctx = NULL;
    }
    for (int i = 0; i < 2; i++)
        if (k->wake_fd[i] >= 0) close(k->wake_fd[i]);
    k->wake_fd[0] = k->wake_fd[1] = -1;
    fk_signer_free(&k->signer);
    fk_conn_free(&k->conn);
    fk_history_free(&k->hist);
    pthread_mutex_destroy(&k->iopub_lock);
}

void fk_publish(fk_kernel *k, const char *msg_type, const char *parent, size_t parent_len, json_t *content) {
    json_t *header = fk_header_new(k->session_id, k->username, msg_type);
    char topic[128];
    snprintf(topic, sizeof topic, "kernel.%s.%s", k->session_id, msg_type);
    pthread_mutex_lock(&k->iopub_lock);
    if (k->iopub && content && header)
        fk_wire_send(k->iopub, &k->signer, NULL, NULL, 0, topic, header, parent, parent_len, NULL, content);
    pthread_mutex_unlock(&k->iopub_lock);
    json_decref(header);
    json_decref(content);
}

void fk_status(fk_kernel *k, const fk_msg *req, const char *state) {
    fk_publish(k, "status", req ? req->raw_header : NULL, req ? req->raw_header_len : 0,
               json_pack("{s:s}", "execution_state", state));
}

void fk_reply(fk_kernel *k, void *sock, const fk_msg *req, const char *msg_type, json_t *content) {
    json_t *header = fk_header_new(k->session_id, k->username, msg_type);
    if (header && content)
        fk_wire_send(sock, &k->signer, req->ident, req->ident_len, req->nidents, NULL, header, req->raw_header,
                     req->raw_header_len, NULL, content);
    else fk_log("out of memory building %s", msg_type);
    json_decref(header);
    json_decref(content);
}

void fk_wake(fk_kernel *k) {
    if (k->wake_fd[1] >= 0) {
        char c = 1;
        ssize_t w = write(k->wake_fd[1], &c, 1);
        (void)w;
    }
}

void fk_interrupt(fk_kernel *k) {
    atomic_store(&k->interrupted, 1);
    if (k->sess && atomic_load(&k->running)) {
        flyi_session_interrupt_next(k->sess, 1); /* the cell may not have started yet */
        flyi_session_interrupt(k->sess);
    }
}
