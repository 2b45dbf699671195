/* trace_disk.c - the on-disk compile cache: one file per compiled kernel under $FLYI_CACHE_DIR (default
 * ~/.cache/flyi), named by a hash of its key; FLYDSL_RUNTIME_ENABLE_CACHE=0 turns it off. A file holds
 * the full key (compared on load, so a hash collision is a miss), everything a CompiledKernel needs to
 * show its stages and launch (the traced module text the emulator loads, the parameter map, the
 * pipeline result with IR, LLVM IR, ISA or the text it is made from, code object, stats), the stdout
 * text its trace printed (replayed on a hit), and a checksum last: a truncated or corrupt file is a miss.
 * Writes go to a temporary file renamed into place. Numbers and plain structs are stored as raw bytes:
 * the key names the build (executable and compiler core), so a file is only read by the build that
 * wrote it. The folder is capped ($FLYI_CACHE_MAX_MB, default 512 MiB): the least recently used files go. */
#define _GNU_SOURCE /* dladdr */
#include "config.h"

#include <dirent.h>
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <utime.h>

#include "core/core_load.h"
#include "exec/interp.h"
#include "flydsl/trace/trace_int.h"

#define MAGIC "FLYIKC02"
#define MAX_FILE ((size_t)1 << 30)

int fy_trace_disk_enabled(void) {
    const char *v = getenv("FLYDSL_RUNTIME_ENABLE_CACHE");
    return !(v && (!strcmp(v, "0") || !strcasecmp(v, "false") || !strcasecmp(v, "no") || !strcasecmp(v, "off")));
}

static uint64_t fnv(const void *p, size_t n, uint64_t h) {
    const unsigned char *s = p;
    for (size_t i = 0; i < n; i++) h = (h ^ s[i]) * 0x100000001b3ULL;
    return h;
}

uint64_t fy_trace_disk_hash(const void *p, size_t n) { return fnv(p, n, 0xcbf29ce484222325ULL); }

/* The cache folder (made when mk) and the file of key; 0 or -1. */
static int paths(const char *key, int mk, char *dir, size_t dcap, char *file, size_t fcap) {
    const char *d = getenv("FLYI_CACHE_DIR"), *home = getenv("HOME");
    if (d && *d) snprintf(dir, dcap, "%s", d);
    else if (home && *home) snprintf(dir, dcap, "%s/.cache/flyi", home);
    else return -1;
    if (mk && fy_trace_mkdirs(dir) < 0) return -1;
    size_t n = strlen(key);
    snprintf(file, fcap, "%s/%016llx%016llx.fkc", dir, (unsigned long long)fnv(key, n, 0xcbf29ce484222325ULL),
             (unsigned long long)fnv(key, n, 0x84222325cbf29ce4ULL));
    return 0;
}

/* ------------------------------------------------------------------ writing */

/* The file is built in an fy_sbuf (binary is fine: it keeps its length); out of memory only means
 * the kernel is not saved, so the MemoryError it sets is dropped (fy_trace_disk_store). */
static void put(fy_sbuf *b, const void *s, size_t n) { fy_sbuf_add(b, (const char *)s, n); }
static void put_field(fy_sbuf *b, const void *s, size_t n) {
    uint64_t len = s ? (uint64_t)n : UINT64_MAX;
    put(b, &len, sizeof len);
    if (s) put(b, s, n);
}
static void put_str(fy_sbuf *b, const char *s) { put_field(b, s, s ? strlen(s) : 0); }
#define PUT_RAW(b, v) put_field(b, &(v), sizeof(v))

/* Keeps the folder under $FLYI_CACHE_MAX_MB (default 512) MiB of cache files by removing the least recently
 * used (a hit refreshes a file's time); also removes temporary files a crashed writer left an hour ago. */
typedef struct entry {
    char name[64];
    time_t t;
    off_t size;
} entry;
static int by_time(const void *a, const void *b) {
    time_t x = ((const entry *)a)->t, y = ((const entry *)b)->t;
    return x < y ? -1 : x > y;
}
static void prune(const char *dir) {
    const char *cap_s = getenv("FLYI_CACHE_MAX_MB");
    long long cap = cap_s && *cap_s ? atoll(cap_s) : 512;
    DIR *d = opendir(dir);
    if (!d || cap <= 0) {
        if (d) closedir(d);
        return;
    }
    entry *e = NULL;
    size_t n = 0, ecap = 0;
    long long total = 0;
    time_t now = time(NULL);
    char path[4400];
    for (struct dirent *de; (de = readdir(d));) {
        size_t l = strlen(de->d_name);
        int fkc = l > 4 && l < sizeof e->name && !strcmp(de->d_name + l - 4, ".fkc");
        int tmp = l > 4 && !strcmp(de->d_name + l - 4, ".tmp");
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        if ((!fkc && !tmp) || stat(path, &st) < 0) continue;
        if (tmp) {
            if (now - st.st_mtime > 3600) unlink(path);
            continue;
        }
        if (n == ecap) {
            entry *q = realloc(e, (ecap = ecap ? ecap * 2 : 64) * sizeof *e);
            if (!q) break;
            e = q;
        }
        snprintf(e[n].name, sizeof e[n].name, "%s", de->d_name);
        e[n].t = st.st_mtime;
        e[n].size = st.st_size;
        total += st.st_size;
        n++;
    }
    closedir(d);
    if (total > cap << 20) {
        qsort(e, n, sizeof *e, by_time);
        for (size_t i = 0; i + 1 < n && total > cap << 20; i++) { /* never the newest: the one just written */
            snprintf(path, sizeof path, "%s/%s", dir, e[i].name);
            if (unlink(path) == 0) total -= e[i].size;
        }
    }
    free(e);
}

void fy_trace_disk_store(const char *key, fy_ckernel *k, const char *prints, size_t plen) {
    char dir[4096], file[4200], tmp[4300];
    if (!key || paths(key, 1, dir, sizeof dir, file, sizeof file) < 0) return;
    fly_pipeline_result *r = &k->r;
    /* the stages' IR is printed on first use (pipeline/result.h): print it now; an ISA not made yet stays
     * as the text it is made from (isa_pending), which a restored result makes it from */
    if (r->lazy && k->api && k->api->result_stages) k->api->result_stages(r);
    if (r->lazy) return;
    fy_sbuf b = {0};
    put(&b, MAGIC, 8);
    put_str(&b, key);
    put_str(&b, FY_STR_DATA(k->name));
    put_str(&b, k->origin);
    put_field(&b, prints ? prints : "", prints ? plen : 0);
    uint64_t nargs = k->nargs, dyn = k->dyn_smem;
    int32_t np = k->nparams;
    PUT_RAW(&b, nargs);
    PUT_RAW(&b, dyn);
    PUT_RAW(&b, np);
    for (int i = 0; i < k->nparams; i++) {
        fy_trace_param p = k->pmap[i];
        put_str(&b, p.t ? p.t->name : NULL);
        p.t = NULL;
        PUT_RAW(&b, p);
    }
    PUT_RAW(&b, r->ok);
    put_field(&b, r->target, sizeof r->target);
    PUT_RAW(&b, r->nstages);
    for (int i = 0; i < r->nstages; i++) {
        fly_pipeline_stage *s = &r->stages[i];
        PUT_RAW(&b, s->number);
        PUT_RAW(&b, s->changed);
        PUT_RAW(&b, s->ms);
        put_str(&b, s->name);
        put_str(&b, s->label);
        put_str(&b, s->ir);
    }
    put_str(&b, r->final_ir);
    put_str(&b, r->llvm_ir);
    put_str(&b, r->isa);
    put_field(&b, r->hsaco, r->hsaco_size);
    put_str(&b, r->isa_pending);
    PUT_RAW(&b, r->isa_debuginfo);
    PUT_RAW(&b, r->stats);
    PUT_RAW(&b, r->t);
    uint64_t sum = fnv(b.p, b.len, 0xcbf29ce484222325ULL);
    put(&b, "END!", 4);
    put(&b, &sum, sizeof sum);
    if (!b.oom) {
        snprintf(tmp, sizeof tmp, "%s.%ld.tmp", file, (long)getpid());
        FILE *f = fopen(tmp, "wb");
        int ok = f && fwrite(b.p, 1, b.len, f) == b.len;
        if (f && fclose(f) != 0) ok = 0;
        if (!ok || rename(tmp, file) != 0) unlink(tmp);
        else prune(dir);
    } else {
        fy_err_clear();
    }
    fy_sbuf_free(&b);
}

/* ------------------------------------------------------------------ reading */

typedef struct rbuf {
    const char *p;
    size_t n, at;
    int bad;
} rbuf;

/* The next field (pointer into the buffer) and its length; NULL when absent or bad. */
static const char *get_field(rbuf *b, size_t *n) {
    uint64_t len;
    *n = 0;
    if (b->bad || b->n - b->at < sizeof len) {
        b->bad = 1;
        return NULL;
    }
    memcpy(&len, b->p + b->at, sizeof len);
    b->at += sizeof len;
    if (len == UINT64_MAX) return NULL;
    if (len > b->n - b->at) {
        b->bad = 1;
        return NULL;
    }
    const char *s = b->p + b->at;
    b->at += (size_t)len;
    *n = (size_t)len;
    return s;
}
/* A field as a malloc'd NUL-terminated copy (NULL when absent; sets bad on failure). */
static char *get_str(rbuf *b) {
    size_t n;
    const char *s = get_field(b, &n);
    if (!s) return NULL;
    char *c = malloc(n + 1);
    if (!c) {
        b->bad = 1;
        return NULL;
    }
    memcpy(c, s, n);
    c[n] = 0;
    return c;
}
static void get_raw(rbuf *b, void *out, size_t sz) {
    size_t n;
    const char *s = get_field(b, &n);
    if (!s || n != sz) {
        b->bad = 1;
        return;
    }
    memcpy(out, s, sz);
}
#define GET_RAW(b, v) get_raw(b, &(v), sizeof(v))

static char *read_all(const char *file, size_t *n) {
    FILE *f = fopen(file, "rb");
    if (!f) return NULL;
    struct stat st;
    char *p = NULL;
    if (fstat(fileno(f), &st) == 0 && st.st_size > 12 && (size_t)st.st_size < MAX_FILE &&
        (p = malloc((size_t)st.st_size)) && fread(p, 1, (size_t)st.st_size, f) != (size_t)st.st_size) {
        free(p);
        p = NULL;
    }
    fclose(f);
    if (p) *n = (size_t)st.st_size;
    return p;
}

fy_obj *fy_trace_disk_load(const char *key, char **prints) {
    char dir[4096], file[4200], err[512];
    *prints = NULL;
    size_t n = 0;
    char *data = key && paths(key, 0, dir, sizeof dir, file, sizeof file) == 0 ? read_all(file, &n) : NULL;
    if (!data) return NULL;
    uint64_t sum;
    fy_ckernel *k = NULL;
    rbuf b = {data, n - 12, 8, 0};
    memcpy(&sum, data + n - 8, sizeof sum);
    if (memcmp(data, MAGIC, 8) || memcmp(data + n - 12, "END!", 4) || fnv(data, n - 12, 0xcbf29ce484222325ULL) != sum)
        goto miss;
    size_t kl;
    const char *kf = get_field(&b, &kl);
    if (!kf || kl != strlen(key) || memcmp(kf, key, kl)) goto miss;
    const fly_core_api *api = fly_core_load(err, sizeof err);
    if (!api || !(k = fy_trace_ckernel_alloc())) goto miss;
    k->api = api;
    char *name = get_str(&b);
    k->name = name ? fy_str_from_cstr(name) : NULL;
    free(name);
    k->origin = get_str(&b);
    *prints = get_str(&b);
    uint64_t nargs = 0, dyn = 0;
    int32_t np = -1;
    GET_RAW(&b, nargs);
    GET_RAW(&b, dyn);
    k->dyn_smem = (size_t)dyn;
    GET_RAW(&b, np);
    if (b.bad || !k->name || !k->origin || np < 0 || np > 4096) goto miss;
    k->nargs = (size_t)nargs;
    if (!(k->pmap = calloc((size_t)np + 1, sizeof *k->pmap))) goto miss;
    k->nparams = np;
    for (int i = 0; i < np; i++) {
        char *t = get_str(&b);
        GET_RAW(&b, k->pmap[i]);
        k->pmap[i].t = t ? fy_dsl_numeric_by_name(t) : NULL;
        fy_trace_param *p = &k->pmap[i];
        int lost = (t && !p->t) || (p->kind != FY_TP_NUM && p->kind != FY_TP_TENSOR && p->kind != FY_TP_PTR) ||
                   (p->kind != FY_TP_TENSOR && !p->t) || p->argi < 0 || (uint64_t)p->argi >= nargs || p->ndim < 0 ||
                   p->ndim > FY_TP_MAXDIM;
        free(t);
        if (lost || b.bad) goto miss;
    }
    fly_pipeline_result *r = &k->r;
    GET_RAW(&b, r->ok);
    GET_RAW(&b, r->target);
    r->target[sizeof r->target - 1] = 0;
    int ns = -1;
    GET_RAW(&b, ns);
    if (b.bad || ns < 0 || ns > 4096 || !(r->stages = calloc((size_t)ns + 1, sizeof *r->stages))) goto miss;
    for (int i = 0; i < ns && !b.bad; i++, r->nstages++) {
        fly_pipeline_stage *s = &r->stages[i];
        GET_RAW(&b, s->number);
        GET_RAW(&b, s->changed);
        GET_RAW(&b, s->ms);
        s->name = get_str(&b);
        s->label = get_str(&b);
        s->ir = get_str(&b);
        if (!s->name || !s->label) b.bad = 1;
    }
    r->final_ir = get_str(&b);
    r->llvm_ir = get_str(&b);
    r->isa = get_str(&b);
    size_t hn;
    const char *h = get_field(&b, &hn);
    if (h && (r->hsaco = malloc(hn ? hn : 1))) {
        memcpy(r->hsaco, h, hn);
        r->hsaco_size = hn;
    }
    r->isa_pending = get_str(&b);
    GET_RAW(&b, r->isa_debuginfo);
    GET_RAW(&b, r->stats);
    GET_RAW(&b, r->t);
    r->stats.kernel[sizeof r->stats.kernel - 1] = 0;
    r->stats.limiter[sizeof r->stats.limiter - 1] = 0;
    r->link_method = "disk cache";
    if (b.bad || b.at != b.n || !r->ok || (h && !r->hsaco)) goto miss;
    utime(file, NULL); /* recently used: kept longest when the folder is pruned */
    free(data);
    return &k->h;
miss:
    free(data);
    free(*prints);
    *prints = NULL;
    FY_XDECREF(k);
    return NULL;
}

/* The build's identity for the key: size and time of the executable and of the compiler core. */
int fy_trace_disk_build_id(char *buf, size_t cap) {
    struct stat a, c;
    char err[256];
    Dl_info di;
    const fly_core_api *api = fly_core_load(err, sizeof err);
    if (!api || stat("/proc/self/exe", &a) < 0 || !dladdr((const void *)api, &di) || !di.dli_fname ||
        stat(di.dli_fname, &c) < 0)
        return -1;
    snprintf(buf, cap, "flyi %s abi %d llvm %s exe %lld.%ld/%lld core %lld.%ld/%lld", PACKAGE_VERSION, api->abi,
             api->llvm_version ? api->llvm_version : "?", (long long)a.st_mtim.tv_sec, (long)a.st_mtim.tv_nsec,
             (long long)a.st_size, (long long)c.st_mtim.tv_sec, (long)c.st_mtim.tv_nsec, (long long)c.st_size);
    return 0;
}
