/* control.c - the control channel on its own thread: kernel_info, interrupt and shutdown are
 * answered even while a cell runs on the main thread. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zmq.h>

#include "kernel.h"
#include "util.h"

/* After a shutdown request, give the main thread this long to finish before exiting hard
 * (a cell stuck in code that never polls the interrupt flag). */
#define FK_SHUTDOWN_GRACE_S 2.0

static void handle(fk_kernel *k, fk_msg *req) {
    const char *t = req->msg_type;
    fk_status(k, req, "busy");
    if (!strcmp(t, "kernel_info_request")) {
        fk_reply(k, k->control, req, "kernel_info_reply", fk_kernel_info());
    } else if (!strcmp(t, "interrupt_request")) {
        fk_interrupt(k);
        fk_reply(k, k->control, req, "interrupt_reply", json_pack("{s:s}", "status", "ok"));
    } else if (!strcmp(t, "shutdown_request")) {
        int restart = fk_jget_bool(req->content, "restart", 0);
        fk_reply(k, k->control, req, "shutdown_reply", json_pack("{s:s, s:b}", "status", "ok", "restart", restart));
        /* ipykernel also broadcasts the reply on IOPub */
        fk_publish(k, "shutdown_reply", req->raw_header, req->raw_header_len,
                   json_pack("{s:s, s:b}", "status", "ok", "restart", restart));
        atomic_store(&k->restart, restart);
        atomic_store(&k->shutdown, 1);
        fk_interrupt(k); /* stop a running cell */
        fk_wake(k);
    } else {
        fk_log("control: no handler for %s", t);
    }
    fk_status(k, req, "idle");
}

void *fk_control_thread(void *arg) {
    fk_kernel *k = arg;
    double shutdown_at = 0;
    for (;;) {
        zmq_pollitem_t it = {k->control, 0, ZMQ_POLLIN, 0};
        int rc = zmq_poll(&it, 1, 100);
        if (rc < 0) {
            if (errno == EINTR) continue;
            break; /* ETERM */
        }
        if (atomic_load(&k->shutdown)) {
            if (!shutdown_at) shutdown_at = fk_mono();
            if (!atomic_load(&k->main_done) && fk_mono() - shutdown_at > FK_SHUTDOWN_GRACE_S) {
                fk_log("the running cell did not stop; exiting");
                _exit(0);
            }
        }
        if (rc == 0) continue;
        fk_msg req;
        int r = fk_wire_recv(k->control, &k->signer, "control", &req);
        if (r < 0) break;
        if (r > 0) continue;
        handle(k, &req);
        fk_msg_free(&req);
    }
    zmq_close(k->control);
    k->control = NULL;
    return NULL;
}
