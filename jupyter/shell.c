/* shell.c - shell requests other than execute: kernel_info, complete, inspect, is_complete,
 * history, comms, connect, shutdown; plus the dispatcher that brackets each in busy/idle. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#include <stdlib.h>
#include <string.h>

#include "kernel.h"
#include "utf8.h"
#include "util.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.1"
#endif

json_t *fk_kernel_info(void) {
    return json_pack("{s:s, s:s, s:s, s:s, s:{s:s, s:s, s:s, s:s, s:s, s:s, s:{s:s, s:i}}, s:s, s:[{s:s, s:s}],"
                     " s:[]}",
                     "status", "ok", "protocol_version", "5.3", "implementation", "flyi", "implementation_version",
                     PACKAGE_VERSION, "language_info", "name", "python", "version", "3.11", "mimetype", "text/x-python",
                     "file_extension", ".py", "pygments_lexer", "ipython3", "nbconvert_exporter", "python",
                     "codemirror_mode", "name", "ipython", "version", 3, "banner",
                     "flyi " PACKAGE_VERSION " -- GPU kernels in the FlyDSL style, Python syntax.\n"
                     "Layouts, kernels, IR and ISA display inline; device printf lands in the cell.\n",
                     "help_links", "text", "FlyDSL", "url", "https://github.com/ROCm/FlyDSL", "supported_features");
}

static json_t *complete_reply(fk_kernel *k, json_t *c) {
    const char *code = fk_jget_str(c, "code", "");
    long long cp = fk_jget_int(c, "cursor_pos", -1);
    size_t cur = cp < 0 ? strlen(code) : fk_utf8_cp_to_byte(code, (long)cp);
    long cp_at = fk_utf8_byte_to_cp(code, cur);
    flyi_completions comp = {0};
    flyi_session_complete(k->sess, code, cur, &comp);
    json_t *matches = json_array();
    for (size_t i = 0; i < comp.n; i++) json_array_append_new(matches, fk_json_str(comp.items[i]));
    long start = cp_at, end = cp_at;
    if (comp.n) {
        size_t s = comp.start <= cur ? comp.start : cur;
        size_t e = comp.end >= s && comp.end <= strlen(code) ? comp.end : cur;
        start = fk_utf8_byte_to_cp(code, s);
        end = fk_utf8_byte_to_cp(code, e);
    }
    flyi_completions_free(&comp);
    return json_pack("{s:s, s:o, s:i, s:i, s:{}}", "status", "ok", "matches", matches, "cursor_start", (int)start,
                     "cursor_end", (int)end, "metadata");
}

static json_t *inspect_reply(fk_kernel *k, json_t *c) {
    const char *code = fk_jget_str(c, "code", "");
    long long cp = fk_jget_int(c, "cursor_pos", -1);
    size_t cur = cp < 0 ? strlen(code) : fk_utf8_cp_to_byte(code, (long)cp);
    char *text = flyi_session_inspect(k->sess, code, cur);
    json_t *r;
    if (text)
        r = json_pack("{s:s, s:b, s:{s:o}, s:{}}", "status", "ok", "found", 1, "data", "text/plain", fk_json_str(text),
                      "metadata");
    else r = json_pack("{s:s, s:b, s:{}, s:{}}", "status", "ok", "found", 0, "data", "metadata");
    free(text);
    return r;
}

static json_t *is_complete_reply(fk_kernel *k, json_t *c) {
    char indent[64] = "";
    flyi_completeness v = flyi_session_is_complete(k->sess, fk_jget_str(c, "code", ""), indent, sizeof indent);
    if (v == FLYI_INCOMPLETE) return json_pack("{s:s, s:o}", "status", "incomplete", "indent", fk_json_str(indent));
    return json_pack("{s:s}", "status", v == FLYI_COMPLETE ? "complete" : "invalid");
}

static json_t *connect_reply(fk_kernel *k) {
    return json_pack("{s:s, s:i, s:i, s:i, s:i, s:i}", "status", "ok", "shell_port", k->conn.shell_port, "iopub_port",
                     k->conn.iopub_port, "stdin_port", k->conn.stdin_port, "control_port", k->conn.control_port,
                     "hb_port", k->conn.hb_port);
}

/* After a failed cell (stop_on_error): abort execute_requests that were already queued and
 * those arriving within the abort window -- unless the request is dated after the failure went
 * out, i.e. the client sent it having seen the error (a script's next cell, not "Run All"). */
static bool should_abort(fk_kernel *k, const fk_msg *req) {
    if (!k->draining && fk_mono() >= k->abort_until) return false;
    double date;
    const char *d = fk_jget_str(req->header, "date", NULL);
    if (d && !fk_parse_iso(d, &date) && date > k->failed_at) return false;
    return true;
}

void fk_shell_dispatch(fk_kernel *k, fk_msg *req) {
    const char *t = req->msg_type;
    json_t *c = req->content;
    bool execute = !strcmp(t, "execute_request");
    if (execute) {
        /* running before "busy" goes out: an interrupt sent by a client that has seen this
         * request busy stops it, even before the session starts the cell; one sent earlier,
         * while the kernel was idle, is dropped (as ipykernel does) */
        atomic_store(&k->interrupted, 0);
        atomic_store(&k->running, 1);
    }
    fk_status(k, req, "busy");
    if (execute) {
        if (should_abort(k, req)) fk_abort_execute(k, req);
        else fk_handle_execute(k, req);
        atomic_store(&k->running, 0);
        flyi_session_interrupt_next(k->sess, 0);
    } else if (!strcmp(t, "kernel_info_request")) {
        fk_reply(k, k->shell, req, "kernel_info_reply", fk_kernel_info());
    } else if (!strcmp(t, "complete_request")) {
        fk_reply(k, k->shell, req, "complete_reply", complete_reply(k, c));
    } else if (!strcmp(t, "inspect_request")) {
        fk_reply(k, k->shell, req, "inspect_reply", inspect_reply(k, c));
    } else if (!strcmp(t, "is_complete_request")) {
        fk_reply(k, k->shell, req, "is_complete_reply", is_complete_reply(k, c));
    } else if (!strcmp(t, "history_request")) {
        json_t *h = fk_history_query(&k->hist, c);
        fk_reply(k, k->shell, req, "history_reply",
                 json_pack("{s:s, s:o}", "status", "ok", "history", h ? h : json_array()));
    } else if (!strcmp(t, "comm_info_request")) {
        fk_reply(k, k->shell, req, "comm_info_reply", json_pack("{s:s, s:{}}", "status", "ok", "comms"));
    } else if (!strcmp(t, "comm_open")) {
        /* no comm targets exist: close the comm at once, as ipykernel does */
        fk_publish(k, "comm_close", req->raw_header, req->raw_header_len,
                   json_pack("{s:o, s:{}}", "comm_id", fk_json_str(fk_jget_str(c, "comm_id", "")), "data"));
    } else if (!strcmp(t, "comm_msg") || !strcmp(t, "comm_close")) {
        /* nothing is open: ignore */
    } else if (!strcmp(t, "connect_request")) {
        fk_reply(k, k->shell, req, "connect_reply", connect_reply(k));
    } else if (!strcmp(t, "shutdown_request")) {
        int restart = fk_jget_bool(c, "restart", 0);
        fk_reply(k, k->shell, req, "shutdown_reply", json_pack("{s:s, s:b}", "status", "ok", "restart", restart));
        fk_publish(k, "shutdown_reply", req->raw_header, req->raw_header_len,
                   json_pack("{s:s, s:b}", "status", "ok", "restart", restart));
        atomic_store(&k->restart, restart);
        atomic_store(&k->shutdown, 1);
    } else {
        fk_log("shell: no handler for %s", t);
    }
    fk_status(k, req, "idle");
}
