/* kernel.h - the state of one flyi-kernel process and the helpers every handler uses. */
#ifndef FK_KERNEL_H
#define FK_KERNEL_H

#include <jansson.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>

#include "conn.h"
#include "history.h"
#include "flyi/session.h"
#include "sign.h"
#include "wire.h"

struct fk_capture;

typedef struct fk_kernel {
    fk_conn conn;
    fk_signer signer;
    char session_id[37];           /* new per process: clients detect restarts by it */
    char username[64];
    void *zctx;
    void *shell, *stdin_sock, *iopub; /* used by the main thread (iopub: under iopub_lock) */
    void *control, *hb;               /* owned by their threads */
    pthread_mutex_t iopub_lock;
    flyi_session *sess;               /* only the main thread calls into it (plus interrupt) */
    struct fk_capture *cap;           /* fd-level stdout/stderr capture, NULL if unavailable */
    int exec_count;                   /* Jupyter execution counter, starts at 0 */
    fk_history hist;
    atomic_int shutdown;              /* 1: leave the shell loop */
    atomic_int restart;               /* the shutdown asked for a restart */
    atomic_int main_done;             /* the shell loop has ended */
    atomic_int interrupted;           /* an interrupt arrived since the current execute began */
    atomic_int running;               /* an execute_request is in hand (set before its "busy") */
    int wake_fd[2];                   /* self-pipe that wakes the shell loop (control, SIGTERM) */
    double abort_until;               /* abort execute_requests until this monotonic time */
    double failed_at;                 /* wall-clock time the failed cell's reply went out */
    bool draining;                    /* abort everything already queued on shell */
} fk_kernel;

/* Read the connection file, create the context and bind all five sockets; -1 on failure. */
int fk_kernel_open(fk_kernel *k, const char *conn_file);
/* Close sockets and the context, free everything fk_kernel_open made. */
void fk_kernel_close(fk_kernel *k);

/* Publish one IOPub message (thread-safe); parent is raw header JSON (NULL = {}).
 * content is consumed (decref'd). */
void fk_publish(fk_kernel *k, const char *msg_type, const char *parent, size_t parent_len, json_t *content);
/* Publish status {execution_state: state} with req's header as parent (req may be NULL). */
void fk_status(fk_kernel *k, const fk_msg *req, const char *state);
/* Send `<x>_reply` for req on sock (same identities, parent = req header); content consumed.
 * Call only from the thread that owns sock. */
void fk_reply(fk_kernel *k, void *sock, const fk_msg *req, const char *msg_type, json_t *content);
/* Wake the shell loop (async-signal-safe). */
void fk_wake(fk_kernel *k);

/* Handle one request that arrived on shell (main thread): busy, handler, reply, idle. */
void fk_shell_dispatch(fk_kernel *k, fk_msg *req);
/* Control channel thread body (arg: fk_kernel*): kernel_info, interrupt, shutdown. */
void *fk_control_thread(void *arg);
/* Heartbeat thread body (arg: fk_kernel*): echo every message on the hb socket. */
void *fk_heartbeat_thread(void *arg);
/* The kernel_info_reply content (shared by shell and control). */
json_t *fk_kernel_info(void);
/* Interrupt the running cell (flag + flyi_session_interrupt while a cell runs; an interrupt
 * while idle is ignored so that it cannot hit the next cell). Async-signal-safe. */
void fk_interrupt(fk_kernel *k);

/* execute_request handler (execute.c); replies itself. */
void fk_handle_execute(fk_kernel *k, fk_msg *req);
/* Answer an execute_request with status "aborted" without running it. */
void fk_abort_execute(fk_kernel *k, fk_msg *req);

#endif
