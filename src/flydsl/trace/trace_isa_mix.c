/* trace_isa_mix.c - the instruction mix of a compiled kernel, read from its AMDGPU assembly: how many
 * VALU, SALU, VMEM (loads, stores, atomics, with the bytes a lane moves), SMEM, LDS (reads, writes, lane
 * exchanges), MFMA (by name), branch, s_waitcnt and barrier instructions, for the whole kernel and for
 * each loop (a backward branch to a label: the instructions from the label to the branch). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "flydsl/trace/trace_int.h"

enum {
    K_VALU,
    K_SALU,
    K_VMEM_LOAD,
    K_VMEM_STORE,
    K_VMEM_ATOMIC,
    K_SMEM,
    K_LDS_READ,
    K_LDS_WRITE,
    K_LDS_LANE,
    K_MFMA,
    K_BRANCH,
    K_WAITCNT,
    K_BARRIER,
    K_OTHER,
    NKINDS
};
static const char *const kind_names[NKINDS] = {"valu",   "salu",     "vmem_load", "vmem_store", "vmem_atomic",
                                               "smem",   "lds_read", "lds_write", "lds_lane",   "mfma",
                                               "branch", "waitcnt",  "barrier",   "other"};

typedef struct mix {
    int64_t n[NKINDS];
    int64_t vmem_bytes, lds_bytes; /* bytes a lane loads + stores (VMEM), reads + writes (LDS) */
    char mfma[4][48];              /* the MFMA instructions met, by name (the first four) */
    int nmfma;
} mix;

static int starts(const char *s, const char *p) { return !strncmp(s, p, strlen(p)); }

/* Bytes a lane moves for a memory mnemonic, from its width suffix (dwordx4, b128, u16, ...). */
static int width_of(const char *op) {
    static const struct {
        const char *suffix;
        int bytes;
    } w[] = {{"dwordx4", 16}, {"dwordx3", 12}, {"dwordx2", 8}, {"dword", 4}, {"b128", 16}, {"b96", 12},
             {"b64", 8},      {"b32", 4},      {"b16", 2},     {"b8", 1},    {"short", 2}, {"ushort", 2},
             {"u16", 2},      {"i16", 2},      {"ubyte", 1},   {"sbyte", 1}, {"byte", 1},  {"u8", 1},
             {"i8", 1},       {"f32", 4},      {"f64", 8},     {"x4", 16},   {"x2", 8}};
    for (size_t i = 0; i < sizeof w / sizeof *w; i++) {
        const char *p = strstr(op, w[i].suffix);
        if (p && (p[strlen(w[i].suffix)] == 0 || p[strlen(w[i].suffix)] == '_')) return w[i].bytes;
    }
    return 4;
}

static int classify(const char *op, int *bytes) {
    *bytes = 0;
    if (starts(op, "v_mfma") || starts(op, "v_smfmac")) return K_MFMA;
    if (starts(op, "global_") || starts(op, "buffer_") || starts(op, "flat_") || starts(op, "scratch_")) {
        *bytes = width_of(op);
        if (strstr(op, "atomic")) return K_VMEM_ATOMIC;
        return strstr(op, "load") ? K_VMEM_LOAD : K_VMEM_STORE;
    }
    if (starts(op, "ds_")) {
        if (starts(op, "ds_bpermute") || starts(op, "ds_permute") || starts(op, "ds_swizzle")) return K_LDS_LANE;
        *bytes = width_of(op);
        return strstr(op, "read") || strstr(op, "load") ? K_LDS_READ : K_LDS_WRITE;
    }
    if (starts(op, "s_load") || starts(op, "s_buffer_load") || starts(op, "s_store")) return K_SMEM;
    if (starts(op, "s_waitcnt")) return K_WAITCNT;
    if (starts(op, "s_barrier")) return K_BARRIER;
    if (starts(op, "s_branch") || starts(op, "s_cbranch") || starts(op, "s_setpc") || starts(op, "s_endpgm"))
        return K_BRANCH;
    if (starts(op, "v_")) return K_VALU;
    if (starts(op, "s_")) return K_SALU;
    return K_OTHER;
}

static void add_op(mix *m, const char *op) {
    int bytes, k = classify(op, &bytes);
    m->n[k]++;
    if (k == K_VMEM_LOAD || k == K_VMEM_STORE || k == K_VMEM_ATOMIC) m->vmem_bytes += bytes;
    if (k == K_LDS_READ || k == K_LDS_WRITE) m->lds_bytes += bytes;
    if (k == K_MFMA) {
        for (int i = 0; i < m->nmfma; i++)
            if (!strcmp(m->mfma[i], op)) return;
        if (m->nmfma < 4) snprintf(m->mfma[m->nmfma++], sizeof m->mfma[0], "%s", op);
    }
}

/* One line of the assembly: a label (its name in label), an instruction (its mnemonic in op, a branch
 * target in target) or nothing. */
static void parse_line(const char *s, const char *e, char *label, char *op, char *target) {
    label[0] = op[0] = target[0] = 0;
    while (s < e && (*s == ' ' || *s == '\t')) s++;
    if (s >= e || *s == ';' || *s == '/' || *s == '#') return;
    const char *w = s;
    while (w < e && *w != ' ' && *w != '\t' && *w != ';') w++;
    size_t n = (size_t)(w - s);
    if (n >= 64) return;
    if (n > 1 && s[n - 1] == ':') { /* a label (not a directive) */
        if (*s != '.' || starts(s, ".LBB")) snprintf(label, 64, "%.*s", (int)n - 1, s);
        return;
    }
    if (*s == '.') return; /* a directive */
    snprintf(op, 64, "%.*s", (int)n, s);
    if (starts(op, "s_branch") || starts(op, "s_cbranch")) {
        while (w < e && (*w == ' ' || *w == '\t')) w++;
        const char *t = w;
        while (w < e && *w != ' ' && *w != '\t' && *w != ';' && *w != ',') w++;
        if (w > t && (size_t)(w - t) < 64) snprintf(target, 64, "%.*s", (int)(w - t), t);
    }
}

static fy_obj *mix_dict(const mix *m) {
    fy_obj *d = fy_dict_new();
    if (!d) return NULL;
    int bad = 0;
    for (int k = 0; k < NKINDS && !bad; k++) {
        fy_obj *v = fy_int_from(m->n[k]);
        bad = !v || fy_dict_set_cstr(d, kind_names[k], v) < 0;
        FY_XDECREF(v);
    }
    fy_obj *vb = bad ? NULL : fy_int_from(m->vmem_bytes), *lb = vb ? fy_int_from(m->lds_bytes) : NULL,
           *names = lb ? fy_list_new(0) : NULL;
    for (int i = 0; names && i < m->nmfma && !bad; i++) {
        fy_obj *s = fy_str_from_cstr(m->mfma[i]);
        bad = !s || fy_list_append(names, s) < 0;
        FY_XDECREF(s);
    }
    bad = bad || !names || fy_dict_set_cstr(d, "vmem_bytes_per_lane", vb) < 0 ||
          fy_dict_set_cstr(d, "lds_bytes_per_lane", lb) < 0 || fy_dict_set_cstr(d, "mfma_ops", names) < 0;
    FY_XDECREF(vb);
    FY_XDECREF(lb);
    FY_XDECREF(names);
    if (bad) {
        FY_DECREF(d);
        return NULL;
    }
    return d;
}

int fy_trace_isa_mix(const char *isa, fy_obj *stats) {
    if (!isa) return 0;
    /* the instructions in order, with the labels in front of them */
    size_t cap = 1024, n = 0, nl = 0, capl = 64;
    char (*ops)[64] = malloc(cap * sizeof *ops);
    struct lab {
        char name[64];
        size_t at;
    } *labels = malloc(capl * sizeof *labels);
    struct br {
        char target[64];
        size_t at;
    } *brs = malloc(capl * sizeof *brs);
    size_t nb = 0, capb = capl;
    int rc = -1;
    if (!ops || !labels || !brs) goto out;
    for (const char *s = isa; *s;) {
        const char *e = strchr(s, '\n');
        if (!e) e = s + strlen(s);
        char label[64], op[64], target[64];
        parse_line(s, e, label, op, target);
        if (label[0]) {
            if (nl == capl) {
                void *p = realloc(labels, (capl *= 2) * sizeof *labels);
                if (!p) goto out;
                labels = p;
            }
            snprintf(labels[nl].name, sizeof labels[nl].name, "%s", label);
            labels[nl++].at = n;
        } else if (op[0]) {
            if (n == cap) {
                void *p = realloc(ops, (cap *= 2) * sizeof *ops);
                if (!p) goto out;
                ops = p;
            }
            if (target[0]) {
                if (nb == capb) {
                    void *p = realloc(brs, (capb *= 2) * sizeof *brs);
                    if (!p) goto out;
                    brs = p;
                }
                snprintf(brs[nb].target, sizeof brs[nb].target, "%s", target);
                brs[nb++].at = n;
            }
            snprintf(ops[n++], sizeof ops[0], "%s", op);
        }
        s = *e ? e + 1 : e;
    }
    mix all = {0};
    for (size_t i = 0; i < n; i++) add_op(&all, ops[i]);
    fy_obj *d = mix_dict(&all), *loops = d ? fy_list_new(0) : NULL;
    int bad = !loops || fy_dict_set_cstr(stats, "mix", d) < 0;
    FY_XDECREF(d);
    /* loops: a branch back to a label before it */
    for (size_t b = 0; b < nb && !bad; b++)
        for (size_t l = 0; l < nl && !bad; l++) {
            if (strcmp(labels[l].name, brs[b].target) || labels[l].at > brs[b].at) continue;
            mix lm = {0};
            for (size_t i = labels[l].at; i <= brs[b].at; i++) add_op(&lm, ops[i]);
            fy_obj *ld = mix_dict(&lm), *name = ld ? fy_str_from_cstr(labels[l].name) : NULL,
                   *len = name ? fy_int_from((int64_t)(brs[b].at - labels[l].at + 1)) : NULL;
            bad = !len || fy_dict_set_cstr(ld, "label", name) < 0 || fy_dict_set_cstr(ld, "instructions", len) < 0 ||
                  fy_list_append(loops, ld) < 0;
            FY_XDECREF(ld);
            FY_XDECREF(name);
            FY_XDECREF(len);
        }
    bad = bad || fy_dict_set_cstr(stats, "loops", loops) < 0;
    FY_XDECREF(loops);
    rc = bad ? -1 : 0;
out:
    free(ops);
    free(labels);
    free(brs);
    if (rc < 0 && !fy_err_occurred()) fy_err_nomem();
    return rc;
}
