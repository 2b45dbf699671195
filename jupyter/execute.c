/* execute.c - execute_request: counts, execute_input, the output sink (streams, displays,
 * errors, input through the stdin channel), user_expressions, the reply, stop_on_error. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zmq.h>

#include "capture.h"
#include "kernel.h"
#include "traceback.h"
#include "utf8.h"
#include "util.h"

/* After a failed cell with stop_on_error, execute_requests arriving this soon are aborted too
 * (a frontend's "Run All" may still be sending them) unless dated after the failure. */
#define FK_ABORT_WINDOW_S 0.5

typedef struct exec_ctx {
    fk_kernel *k;
    fk_msg *req;
    bool silent, allow_stdin;
    int count;
    bool failed;
    json_t *error;      /* {ename, evalue, traceback} of the uncaught exception */
    char *result_text;  /* text/plain of execute_result (history output) */
    json_t *payload;    /* the execute_reply's payload list */
} exec_ctx;

/* A MIME bundle as a Jupyter data dict; JSON types are embedded as JSON, not strings. */
static json_t *bundle_data(const flyi_display *d) {
    json_t *data = json_object();
    for (size_t i = 0; i < d->n; i++) {
        const char *mime = d->mime[i], *val = d->data[i] ? d->data[i] : "";
        if (!mime) continue;
        json_t *v = NULL;
        size_t ml = strlen(mime);
        if (!strcmp(mime, "application/json") || (ml > 5 && !strcmp(mime + ml - 5, "+json")))
            v = json_loads(val, JSON_DECODE_ANY, NULL);
        if (!v) v = fk_json_str(val);
        json_object_set_new(data, mime, v);
    }
    return data;
}

static const char *bundle_plain(const flyi_display *d) {
    for (size_t i = 0; i < d->n; i++)
        if (d->mime[i] && !strcmp(d->mime[i], "text/plain")) return d->data[i];
    return NULL;
}

static void flush_output(fk_kernel *k) {
    if (k->cap) fk_capture_flush(k->cap);
}

static void sink_stream(void *u, flyi_stream which, const char *text, size_t len) {
    exec_ctx *x = u;
    if (x->silent) return;
    if (x->k->cap) {
        fk_capture_write(x->k->cap, which == FLYI_STDERR ? 2 : 1, text, len);
        return;
    }
    fk_publish(
        x->k, "stream", x->req->raw_header, x->req->raw_header_len,
        json_pack("{s:s, s:o}", "name", which == FLYI_STDERR ? "stderr" : "stdout", "text", fk_json_strn(text, len)));
}

static void sink_display(void *u, const flyi_display *d, bool is_result) {
    exec_ctx *x = u;
    if (x->silent || !d) return;
    flush_output(x->k);
    json_t *data = bundle_data(d);
    if (is_result) {
        const char *plain = bundle_plain(d);
        free(x->result_text);
        x->result_text = plain ? strdup(plain) : NULL;
        fk_publish(x->k, "execute_result", x->req->raw_header, x->req->raw_header_len,
                   json_pack("{s:i, s:o, s:{}}", "execution_count", x->count, "data", data, "metadata"));
    } else {
        /* transient.display_id names the output for later update_display_data messages */
        json_t *transient =
            d->display_id ? json_pack("{s:o}", "display_id", fk_json_str(d->display_id)) : json_object();
        fk_publish(x->k, d->update && d->display_id ? "update_display_data" : "display_data", x->req->raw_header,
                   x->req->raw_header_len,
                   json_pack("{s:o, s:{}, s:o}", "data", data, "metadata", "transient", transient));
    }
}

static void sink_clear_output(void *u, bool wait) {
    exec_ctx *x = u;
    if (x->silent) return;
    flush_output(x->k);
    fk_publish(x->k, "clear_output", x->req->raw_header, x->req->raw_header_len, json_pack("{s:b}", "wait", wait));
}

static json_t *error_fields(const flyi_error *err) {
    return json_pack("{s:o, s:o, s:o}", "ename", fk_json_str(err && err->type ? err->type : "Error"), "evalue",
                     fk_json_str(err && err->message ? err->message : ""), "traceback", fk_traceback(err));
}

static void sink_error(void *u, const flyi_error *err) {
    exec_ctx *x = u;
    x->failed = true;
    json_decref(x->error);
    x->error = error_fields(err);
    if (x->silent || !x->error) return;
    flush_output(x->k);
    fk_publish(x->k, "error", x->req->raw_header, x->req->raw_header_len, json_deep_copy(x->error));
}

/* input(): ask the frontend on the stdin channel, addressed like the execute_request. */
static char *sink_input(void *u, const char *prompt, bool password) {
    exec_ctx *x = u;
    fk_kernel *k = x->k;
    if (!x->allow_stdin) return NULL;
    flush_output(k);
    /* drop stale replies (e.g. to an input_request of an interrupted cell) */
    for (;;) {
        zmq_pollitem_t it = {k->stdin_sock, 0, ZMQ_POLLIN, 0};
        if (zmq_poll(&it, 1, 0) <= 0) break;
        fk_msg m;
        int r = fk_wire_recv(k->stdin_sock, &k->signer, "stdin", &m);
        if (r < 0) return NULL;
        if (r == 0) fk_msg_free(&m);
    }
    fk_reply(k, k->stdin_sock, x->req, "input_request",
             json_pack("{s:o, s:b}", "prompt", fk_json_str(prompt), "password", password));
    for (;;) {
        if (atomic_load(&k->interrupted) || atomic_load(&k->shutdown)) return NULL;
        zmq_pollitem_t it = {k->stdin_sock, 0, ZMQ_POLLIN, 0};
        int rc = zmq_poll(&it, 1, 50);
        if (rc < 0 && errno != EINTR) return NULL;
        if (rc <= 0) continue;
        fk_msg m;
        int r = fk_wire_recv(k->stdin_sock, &k->signer, "stdin", &m);
        if (r < 0) return NULL;
        if (r > 0) continue;
        char *value = NULL;
        /* jupyter_client sends input_reply with an empty parent: take the next one */
        if (!strcmp(m.msg_type, "input_reply")) value = strdup(fk_jget_str(m.content, "value", ""));
        else fk_log("stdin: unexpected %s", m.msg_type);
        fk_msg_free(&m);
        if (value) return value;
    }
}

/* %load: the frontend puts text in a new cell below (IPython's set_next_input payload). */
static void sink_set_next_input(void *u, const char *text) {
    exec_ctx *x = u;
    if (!text || !x->payload) return;
    json_array_append_new(
        x->payload, json_pack("{s:s, s:o, s:b}", "source", "set_next_input", "text", fk_json_str(text), "replace", 0));
}

/* user_expressions: evaluate each with a sink that keeps the result or the error. */
typedef struct uexpr_ctx {
    json_t *value;
} uexpr_ctx;

static void ux_display(void *u, const flyi_display *d, bool is_result) {
    uexpr_ctx *x = u;
    if (!is_result || !d) return;
    json_decref(x->value);
    x->value = json_pack("{s:s, s:o, s:{}}", "status", "ok", "data", bundle_data(d), "metadata");
}

static void ux_error(void *u, const flyi_error *err) {
    uexpr_ctx *x = u;
    json_decref(x->value);
    x->value = error_fields(err);
    if (x->value) json_object_set_new(x->value, "status", json_string("error"));
}

static json_t *user_expressions(fk_kernel *k, json_t *exprs) {
    json_t *out = json_object();
    const char *name;
    json_t *v;
    json_object_foreach(exprs, name, v) {
        const char *code = json_string_value(v);
        uexpr_ctx x = {0};
        if (code) {
            flyi_sink sink = {.user = &x, .display = ux_display, .error = ux_error};
            atomic_store(&k->running, 1);
            flyi_session_eval(k->sess, code, "<user_expression>", &sink);
            atomic_store(&k->running, 0);
        }
        if (!x.value) /* None, or not a string */
            x.value =
                json_pack("{s:s, s:{s:s}, s:{}}", "status", "ok", "data", "text/plain", code ? "None" : "", "metadata");
        json_object_set_new(out, name, x.value);
    }
    return out;
}

static bool blank(const char *s) {
    for (; *s; s++)
        if (!isspace((unsigned char)*s)) return false;
    return true;
}

void fk_abort_execute(fk_kernel *k, fk_msg *req) {
    fk_reply(k, k->shell, req, "execute_reply", json_pack("{s:s}", "status", "aborted"));
}

void fk_handle_execute(fk_kernel *k, fk_msg *req) {
    json_t *c = req->content;
    const char *code = fk_jget_str(c, "code", "");
    bool silent = fk_jget_bool(c, "silent", 0);
    bool store = fk_jget_bool(c, "store_history", !silent) && !silent;
    bool stop_on_error = fk_jget_bool(c, "stop_on_error", 1);
    exec_ctx x = {.k = k,
                  .req = req,
                  .silent = silent,
                  .allow_stdin = fk_jget_bool(c, "allow_stdin", 0),
                  .payload = json_array()};
    bool empty = blank(code);
    if (store && !empty) k->exec_count++;
    x.count = k->exec_count;
    if (!silent)
        fk_publish(k, "execute_input", req->raw_header, req->raw_header_len,
                   json_pack("{s:o, s:i}", "code", fk_json_str(code), "execution_count", x.count));
    if (k->cap) {
        fk_capture_flush(k->cap); /* whatever came before belongs to the previous parent */
        fk_capture_set_parent(k->cap, req->raw_header, req->raw_header_len);
        fk_capture_set_discard(k->cap, silent);
    }
    flyi_status st = FLYI_OK;
    if (!empty) {
        char fname[48];
        if (store) snprintf(fname, sizeof fname, "<cell %d>", x.count);
        else snprintf(fname, sizeof fname, "<cell>");
        flyi_sink sink = {.user = &x,
                          .stream = sink_stream,
                          .display = sink_display,
                          .error = sink_error,
                          .input = sink_input,
                          .set_next_input = sink_set_next_input,
                          .clear_output = sink_clear_output};
        st = flyi_session_eval(k->sess, code, fname, &sink);
        if (store) fk_history_add(&k->hist, x.count, code);
    }
    atomic_store(&k->running, 0); /* fk_shell_dispatch set it before "busy" */
    flyi_session_interrupt_next(k->sess, 0);
    if (st == FLYI_ERROR && !x.failed) /* the engine reported no error: make one up */
        sink_error(&x, &(flyi_error){.type = "Error", .message = "the cell failed"});
    json_t *uexpr = json_object_get(c, "user_expressions");
    json_t *ue =
        (!x.failed && json_is_object(uexpr) && json_object_size(uexpr)) ? user_expressions(k, uexpr) : json_object();
    if (k->cap) {
        fk_capture_flush(k->cap);
        fk_capture_set_discard(k->cap, false);
    }
    if (store && x.result_text) fk_history_set_output(&k->hist, x.count, x.result_text);
    json_t *reply;
    if (x.failed) {
        reply = x.error ? json_deep_copy(x.error) : json_object();
        json_object_set_new(reply, "status", json_string("error"));
    } else {
        reply = json_pack("{s:s}", "status", "ok");
    }
    json_object_set_new(reply, "execution_count", json_integer(x.count));
    json_t *payload = x.payload ? x.payload : json_array();
    if (st == FLYI_EXIT) /* exit()/quit(): ask the frontend to close (jupyter console does) */
        json_array_append_new(payload, json_pack("{s:s, s:b}", "source", "ask_exit", "keepkernel", 0));
    json_object_set_new(reply, "payload", payload);
    json_object_set_new(reply, "user_expressions", ue);
    if (x.failed && stop_on_error) k->failed_at = fk_realtime();
    fk_reply(k, k->shell, req, "execute_reply", reply);
    if (x.failed && stop_on_error) {
        k->draining = true;
        k->abort_until = fk_mono() + FK_ABORT_WINDOW_S;
    }
    json_decref(x.error);
    free(x.result_text);
}
