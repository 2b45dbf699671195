/* conn.h - the connection file a Jupyter client hands the kernel (-f FILE). */
#ifndef FK_CONN_H
#define FK_CONN_H

#include <stddef.h>

typedef struct fk_conn {
    char transport[8];    /* "tcp" or "ipc" */
    char ip[256];
    int shell_port, iopub_port, stdin_port, control_port, hb_port;
    char *key;            /* malloc'd HMAC key (raw ASCII bytes of the string); "" = no signing */
    size_t key_len;
} fk_conn;

/* Read and check a connection file; on failure returns -1 with a message in err. */
int fk_conn_load(const char *path, fk_conn *c, char *err, size_t errcap);
/* Endpoint string for one port: "tcp://IP:PORT" or "ipc://IP-PORT". */
void fk_conn_endpoint(const fk_conn *c, int port, char *out, size_t cap);
/* Free what fk_conn_load allocated. */
void fk_conn_free(fk_conn *c);

#endif
