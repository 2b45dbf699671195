/* heartbeat.c - the heartbeat thread: echo every message on the REP socket, unchanged. */
#include <errno.h>
#include <zmq.h>

#include "kernel.h"
#include "util.h"

void *fk_heartbeat_thread(void *arg) {
    fk_kernel *k = arg;
    for (;;) {
        zmq_msg_t m;
        zmq_msg_init(&m);
        int rc = zmq_msg_recv(&m, k->hb, 0);
        if (rc < 0) {
            zmq_msg_close(&m);
            if (errno == EINTR) continue;
            break; /* ETERM: the kernel is shutting down */
        }
        int more = zmq_msg_more(&m);
        do rc = zmq_msg_send(&m, k->hb, more ? ZMQ_SNDMORE : 0);
        while (rc < 0 && errno == EINTR);
        if (rc < 0) {
            zmq_msg_close(&m);
            if (errno == ETERM) break;
        }
    }
    zmq_close(k->hb);
    k->hb = NULL;
    return NULL;
}
