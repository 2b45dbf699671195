/* lazy.c - snapshots printed on first use, and the contexts compile_text reuses (lazy.h). */
#include "pipeline/lazy.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "ir/ir_context.h"
#include "ir/ir_util.h"
#include "mlir-c/Pass.h"

/* ---- contexts ---- */

#define CONTEXT_REUSES 64

struct fly_pctx {
    MlirContext ctx;
    pthread_mutex_t lock;
    int refs; /* the shared slot, compiles in progress, results holding clones */
    int uses;
    fly_pm_slot pms[FLY_PM_SLOTS];
};

static pthread_mutex_t pool_lock = PTHREAD_MUTEX_INITIALIZER;
static fly_pctx *shared;

static fly_pctx *pctx_new(void) {
    fly_pctx *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->ctx = fly_ir_context_create();
    if (mlirContextIsNull(c->ctx)) {
        free(c);
        return NULL;
    }
    pthread_mutex_init(&c->lock, NULL);
    return c;
}

/* pool_lock held */
static void unref_locked(fly_pctx *c) {
    if (--c->refs > 0) return;
    for (int i = 0; i < FLY_PM_SLOTS; i++)
        if (c->pms[i].pm.ptr) {
            mlirPassManagerDestroy(c->pms[i].pm);
            free(c->pms[i].key);
            free(c->pms[i].state);
        }
    fly_ir_context_destroy(c->ctx);
    pthread_mutex_destroy(&c->lock);
    free(c);
}

fly_pctx *fly_pctx_acquire(void) {
    pthread_mutex_lock(&pool_lock);
    if (shared && shared->uses >= CONTEXT_REUSES) {
        fly_pctx *old = shared;
        shared = NULL;
        unref_locked(old); /* lives on while results hold clones in it */
    }
    if (!shared && (shared = pctx_new()) != NULL) shared->refs = 1;
    fly_pctx *c = shared;
    if (c && pthread_mutex_trylock(&c->lock) != 0) c = NULL; /* another thread compiles in it */
    if (!c && (c = pctx_new()) != NULL) pthread_mutex_lock(&c->lock);
    if (c) {
        c->refs++;
        c->uses++;
    }
    pthread_mutex_unlock(&pool_lock);
    return c;
}

MlirContext fly_pctx_context(const fly_pctx *c) { return c->ctx; }
fly_pm_slot *fly_pctx_pm_slots(fly_pctx *c) { return c->pms; }
void fly_pctx_lock(fly_pctx *c) { pthread_mutex_lock(&c->lock); }
void fly_pctx_unlock(fly_pctx *c) { pthread_mutex_unlock(&c->lock); }

void fly_pctx_retain(fly_pctx *c) {
    pthread_mutex_lock(&pool_lock);
    c->refs++;
    pthread_mutex_unlock(&pool_lock);
}

void fly_pctx_release(fly_pctx *c) {
    if (!c) return;
    pthread_mutex_lock(&pool_lock);
    unref_locked(c);
    pthread_mutex_unlock(&pool_lock);
}

/* ---- snapshots ---- */

bool fly_lazy_put(fly_lazy *lz, int i, MlirOperation clone) {
    if (i >= lz->cap) {
        int cap = i + 16;
        MlirOperation *v = realloc(lz->snap, sizeof *v * (size_t)cap);
        if (!v) {
            mlirOperationDestroy(clone);
            return false;
        }
        for (int k = lz->cap; k < cap; k++) v[k] = (MlirOperation){NULL};
        lz->snap = v;
        lz->cap = cap;
    }
    if (!mlirOperationIsNull(lz->snap[i]) && i != lz->prebin_stage) mlirOperationDestroy(lz->snap[i]);
    lz->snap[i] = clone;
    return true;
}

char *fly_lazy_print_verified(MlirOperation op, bool debuginfo) {
    fly_ir_buf b = {0};
    MlirOpPrintingFlags f = mlirOpPrintingFlagsCreate();
    if (debuginfo) mlirOpPrintingFlagsEnableDebugInfo(f, true, false);
    mlirOpPrintingFlagsAssumeVerified(f);
    mlirOperationPrintWithFlags(op, f, fly_ir_buf_callback, &b);
    mlirOpPrintingFlagsDestroy(f);
    return fly_ir_buf_take(&b);
}

void fly_lazy_print(fly_lazy *lz, fly_pipeline_result *r) {
    for (int i = 0; i < r->nstages && i < lz->cap; i++) {
        MlirOperation op = lz->snap[i];
        if (mlirOperationIsNull(op)) continue;
        fly_pipeline_stage *s = &r->stages[i];
        free(s->ir);
        /* the origin was not verified when captured: print it the way the verifier wants */
        s->ir = s->number == 0 ? fly_ir_op_print(op, lz->debuginfo, false) : fly_lazy_print_verified(op, lz->debuginfo);
        if (i != lz->prebin_stage) mlirOperationDestroy(op);
        lz->snap[i] = (MlirOperation){NULL};
    }
    for (int i = 0; i < r->nstages; i++) {
        const char *prev = i ? r->stages[i - 1].ir : NULL, *ir = r->stages[i].ir;
        r->stages[i].changed = !prev || !ir || strcmp(prev, ir) != 0;
    }
    if (!lz->want_isa && !r->final_ir && lz->final_stage >= 0 && lz->final_stage < r->nstages &&
        r->stages[lz->final_stage].ir)
        r->final_ir = strdup(r->stages[lz->final_stage].ir);
}

fly_pctx *fly_lazy_free(fly_lazy *lz) {
    if (!lz) return NULL;
    for (int i = 0; i < lz->cap; i++)
        if (!mlirOperationIsNull(lz->snap[i]) && i != lz->prebin_stage) mlirOperationDestroy(lz->snap[i]);
    if (!mlirOperationIsNull(lz->prebin)) mlirOperationDestroy(lz->prebin);
    free(lz->snap);
    free(lz->origin);
    fly_pctx *c = lz->ctx;
    free(lz);
    return c;
}
