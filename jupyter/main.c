/* main.c - flyi-kernel: the Jupyter kernel process (protocol 5.3). Parses arguments, sets up
 * signals, capture and threads, and runs the shell loop on the main thread. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zmq.h>

#include "capture.h"
#include "kernel.h"
#include "kernelspec.h"
#include "util.h"

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.1"
#endif

/* The signal handlers' only way to reach the kernel and the log. */
static fk_kernel *volatile g_kernel;
static volatile int g_log_fd = -1;

static void on_sigint(int sig) {
    (void)sig;
    int e = errno;
    if (g_kernel) fk_interrupt(g_kernel);
    errno = e;
}

static void on_sigterm(int sig) {
    (void)sig;
    int e = errno;
    if (g_kernel) {
        atomic_store(&g_kernel->shutdown, 1);
        fk_interrupt(g_kernel);
        fk_wake(g_kernel);
    }
    errno = e;
}

/* A crash in a cell kills the kernel (the client restarts it): say so in the server log first. */
static void on_fatal(int sig) {
    static const char msg[] = "flyi-kernel: fatal signal while running; the kernel dies (state is lost)\n";
    int fd = g_log_fd >= 0 ? g_log_fd : 2;
    ssize_t w = write(fd, msg, sizeof msg - 1);
    (void)w;
    signal(sig, SIG_DFL);
    raise(sig);
}

static void emit_stream(void *user, const char *name, const char *text, size_t len, const char *parent,
                        size_t parent_len) {
    fk_kernel *k = user;
    fk_publish(k, "stream", parent, parent_len, json_pack("{s:s, s:s%}", "name", name, "text", text, len));
}

static void usage(FILE *f) {
    fprintf(f, "usage: flyi-kernel -f CONNECTION_FILE     run as a Jupyter kernel\n"
               "       flyi-kernel install [--user | --prefix DIR | --sys-prefix] [--name NAME]\n"
               "                           [--display-name TEXT] [--interrupt-mode signal|message]\n"
               "       flyi-kernel logos DIR                write the kernelspec logos into DIR\n"
               "       flyi-kernel --version | --help\n"
               "Jupyter starts the kernel itself from its kernelspec (see `install`).\n"
               "Environment: FLYI_KERNEL_NO_CAPTURE=1 leaves stdout/stderr file descriptors alone.\n");
}

static void shell_loop(fk_kernel *k) {
    const char *ppid_env = getenv("JPY_PARENT_PID");
    pid_t ppid = getppid();
    while (!atomic_load(&k->shutdown)) {
        zmq_pollitem_t it[2] = {{k->shell, 0, ZMQ_POLLIN, 0}, {NULL, k->wake_fd[0], ZMQ_POLLIN, 0}};
        int rc = zmq_poll(it, 2, k->draining ? 0 : 1000);
        if (rc < 0) {
            if (errno == EINTR) continue;
            fk_log("shell: poll failed: %s", zmq_strerror(errno));
            break;
        }
        if (rc == 0) {
            k->draining = false; /* everything queued after a failed cell has been aborted */
            if (ppid_env && getppid() != ppid) {
                fk_log("parent process is gone; exiting");
                break;
            }
            continue;
        }
        if (it[1].revents) {
            char buf[64];
            while (read(k->wake_fd[0], buf, sizeof buf) > 0) {}
        }
        if (it[0].revents) {
            fk_msg req;
            int r = fk_wire_recv(k->shell, &k->signer, "shell", &req);
            if (r < 0) break;
            if (r == 0) {
                fk_shell_dispatch(k, &req);
                fk_msg_free(&req);
            }
        }
    }
}

int main(int argc, char **argv) {
    const char *conn_file = NULL;
    if (argc > 1 && !strcmp(argv[1], "install")) return fk_kernelspec_install(argc - 1, argv + 1);
    if (argc > 1 && !strcmp(argv[1], "logos")) return fk_kernelspec_logos(argc - 1, argv + 1);
    for (int i = 1; i < argc; i++) {
        if ((!strcmp(argv[i], "-f") || !strcmp(argv[i], "--connection-file")) && i + 1 < argc) conn_file = argv[++i];
        else if (!strncmp(argv[i], "--f=", 4)) conn_file = argv[i] + 4;
        else if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(argv[i], "--version")) {
            printf("flyi-kernel %s (Jupyter protocol 5.3)\n", PACKAGE_VERSION);
            return 0;
        } else {
            usage(stderr);
            return 2;
        }
    }
    if (!conn_file) {
        usage(stderr);
        return 2;
    }
    /* the kernel's own log keeps going to the original stderr (the server log) */
    int log_fd = fcntl(2, F_DUPFD_CLOEXEC, 3);
    fk_log_set_fd(log_fd);
    g_log_fd = log_fd;

    static fk_kernel kernel;
    fk_kernel *k = &kernel;
    k->wake_fd[0] = k->wake_fd[1] = -1;
    signal(SIGPIPE, SIG_IGN);
    /* handlers first: the client may send SIGINT at any time, also during start-up */
    struct sigaction sa = {0};
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, NULL);
    sa.sa_handler = on_sigterm;
    sigaction(SIGTERM, &sa, NULL);
    sa.sa_handler = on_fatal;
    sa.sa_flags = SA_RESETHAND;
    int fatal[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
    for (size_t i = 0; i < sizeof fatal / sizeof *fatal; i++) sigaction(fatal[i], &sa, NULL);

    int status = 1;
    pthread_t hb_thread, ctl_thread;
    int have_hb = 0, have_ctl = 0;
    if (fk_kernel_open(k, conn_file)) goto out;
    char *sargv[] = {(char *)"flyi-kernel", NULL};
    k->sess = flyi_session_new(1, sargv);
    if (!k->sess) {
        fk_log("cannot create the session");
        goto out;
    }
    g_kernel = k;

    /* helper threads take no signals: SIGINT/SIGTERM land on the main thread */
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &block, &old);
    const char *nocap = getenv("FLYI_KERNEL_NO_CAPTURE");
    if (!nocap || !*nocap || !strcmp(nocap, "0")) k->cap = fk_capture_start(emit_stream, k);
    have_hb = !pthread_create(&hb_thread, NULL, fk_heartbeat_thread, k);
    have_ctl = !pthread_create(&ctl_thread, NULL, fk_control_thread, k);
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    if (!have_hb || !have_ctl) {
        fk_log("cannot start threads");
        atomic_store(&k->shutdown, 1);
    }

    fk_publish(k, "status", NULL, 0, json_pack("{s:s}", "execution_state", "starting"));
    shell_loop(k);
    atomic_store(&k->main_done, 1);
    status = 0;

out:
    fk_capture_stop(k->cap);
    k->cap = NULL;
    if (k->zctx) zmq_ctx_shutdown(k->zctx); /* wakes the control and heartbeat threads */
    if (have_ctl) pthread_join(ctl_thread, NULL);
    if (have_hb) pthread_join(hb_thread, NULL);
    g_kernel = NULL;
    fk_kernel_close(k);
    if (k->sess) flyi_session_free(k->sess);
    if (log_fd >= 0) close(log_fd);
    return status;
}
