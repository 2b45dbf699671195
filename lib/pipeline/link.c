/* link.c - object file to HSACO: in-process lld through lld_shim.cpp when it is built
 * (FLYI_WITH_LLD), otherwise (or once lld says it cannot run again) a spawned ld.lld. */
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "pipeline/codegen.h"
#include "pipeline/lld_shim.h"

#ifndef FLYI_LLVM_BINDIR
#define FLYI_LLVM_BINDIR "/usr/lib/llvm-22/bin"
#endif

extern char **environ;

static unsigned char *read_all(const char *path, size_t *n) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *buf = len > 0 ? malloc((size_t)len) : NULL;
    if (buf && fread(buf, 1, (size_t)len, f) != (size_t)len) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (buf) *n = (size_t)len;
    return buf;
}

static bool spawn_lld(const char *in, const char *out, fly_ir_buf *err) {
    static const char *const cands[] = {FLYI_LLVM_BINDIR "/ld.lld", "/usr/bin/ld.lld-22", "/usr/bin/ld.lld"};
    for (size_t i = 0; i < sizeof cands / sizeof cands[0]; i++) {
        if (access(cands[i], X_OK) != 0) continue;
        char *argv[] = {"ld.lld", "-shared", (char *)in, "-o", (char *)out, NULL};
        pid_t pid;
        int st = -1;
        if (posix_spawn(&pid, cands[i], NULL, NULL, argv, environ) != 0) continue;
        waitpid(pid, &st, 0);
        if (WIFEXITED(st) && WEXITSTATUS(st) == 0) return true;
        fly_ir_buf_printf(err, "%s failed (status %d)", cands[i], st);
        return false;
    }
    fly_ir_buf_puts(err, "no ld.lld found to link the code object");
    return false;
}

bool fly_codegen_link(fly_codegen *cg, unsigned char **out, size_t *out_size, const char **method, fly_ir_buf *err) {
    if (!cg->obj) {
        fly_ir_buf_puts(err, "no object to link");
        return false;
    }
    const char *tmp = getenv("TMPDIR");
    char in[512], so[540];
    snprintf(in, sizeof in, "%s/flyi-objXXXXXX", tmp && *tmp ? tmp : "/tmp");
    int fd = mkstemp(in);
    if (fd < 0) {
        fly_ir_buf_printf(err, "cannot create a temporary file in %s", tmp && *tmp ? tmp : "/tmp");
        return false;
    }
    bool ok = write(fd, cg->obj, cg->obj_size) == (ssize_t)cg->obj_size;
    close(fd);
    snprintf(so, sizeof so, "%s.hsaco", in);
    bool linked = false;
#ifdef FLYI_WITH_LLD
    static int lld_reusable = 1;
    if (ok && lld_reusable) {
        char msg[1024] = "";
        int reusable = 1;
        linked = fly_pipeline_lld_link(in, so, msg, sizeof msg, &reusable) == 0;
        lld_reusable = reusable;
        if (linked) *method = "lld (in process)";
        else if (reusable) {
            fly_ir_buf_printf(err, "lld: %s", msg);
            ok = false;
        }
    }
#endif
    if (ok && !linked) {
        linked = spawn_lld(in, so, err);
        if (linked) *method = "ld.lld (spawned)";
    }
    unlink(in);
    if (linked) {
        *out = read_all(so, out_size);
        if (!*out) {
            fly_ir_buf_puts(err, "cannot read the linked code object");
            linked = false;
        }
    }
    unlink(so);
    return ok && linked;
}
