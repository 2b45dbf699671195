/* gc.c - trial-deletion cycle collector over container objects. */
#include <stdlib.h>
#include "objects/gc.h"
#include "exec/interp.h"

#define REACHABLE INTPTR_MIN

static bool tracked(fy_obj *o) {
    return (o->type->flags & FY_TPF_GC) && o->rc < FY_IMMORTAL_RC / 2 &&
           !(o->type == &fy_type_type && !(((fy_type *)o)->flags & FY_TPF_HEAP));
}

static int visit_decref(fy_obj *o, void *arg) {
    if (o && tracked(o)) FY_AS_GC(o)->refs--;
    return 0;
}

typedef struct {
    fy_obj **v;
    size_t n, cap;
    bool oom;
} objvec;
static void vec_push(objvec *w, fy_obj *o) {
    if (w->n == w->cap) {
        size_t nc = w->cap ? w->cap * 2 : 1024;
        fy_obj **p = realloc(w->v, nc * sizeof *p);
        if (!p) {
            w->oom = true;
            return;
        }
        w->v = p;
        w->cap = nc;
    }
    w->v[w->n++] = o;
}

static int visit_reach(fy_obj *o, void *arg) {
    if (o && tracked(o)) {
        fy_gchead *g = FY_AS_GC(o);
        if (g->refs != REACHABLE) {
            g->refs = REACHABLE;
            vec_push(arg, o);
        }
    }
    return 0;
}

static int64_t gc_threshold = 20000;

/* Visit what o holds: its type's traverse, plus for instances of classes the __dict__ the class
 * added to its built-in base's layout and the class itself (each instance holds a reference). */
static void traverse(fy_obj *o, fy_visitfn fn, void *arg) {
    fy_type *t = o->type;
    if (t->flags & FY_TPF_HEAP) {
        fy_obj **dp = fy_heap_dict_ptr(o);
        if (dp && *dp) fn(*dp, arg);
        fn((fy_obj *)t, arg);
    }
    if (t->traverse) t->traverse(o, fn, arg);
}

int64_t fy_gc_collect(void) {
    fy_gchead *g;
    int64_t count = 0;
    for (g = fy_gc_list.next; g != &fy_gc_list; g = g->next) {
        g->refs = FY_FROM_GC(g)->rc;
        count++;
    }
    for (g = fy_gc_list.next; g != &fy_gc_list; g = g->next) {
        fy_obj *o = FY_FROM_GC(g);
        traverse(o, visit_decref, NULL);
    }
    objvec w = {0};
    for (g = fy_gc_list.next; g != &fy_gc_list; g = g->next)
        if (g->refs > 0) {
            g->refs = REACHABLE;
            vec_push(&w, FY_FROM_GC(g));
        }
    while (w.n && !w.oom) {
        fy_obj *o = w.v[--w.n];
        traverse(o, visit_reach, &w);
    }
    if (w.oom) {
        free(w.v);
        return 0;
    }
    w.n = 0;
    for (g = fy_gc_list.next; g != &fy_gc_list; g = g->next)
        if (g->refs != REACHABLE) vec_push(&w, FY_FROM_GC(g));
    if (w.oom) {
        free(w.v);
        return 0;
    }
    size_t n = w.n;
    for (size_t i = 0; i < n; i++) FY_INCREF(w.v[i]);
    for (size_t i = 0; i < n; i++) {
        fy_obj *o = w.v[i];
        fy_type *t = o->type;
        if (t->flags & FY_TPF_HEAP) {
            fy_obj **dp = fy_instance_dict_ptr(o);
            if (dp && *dp) FY_CLEAR(*dp);
            while (t && (t->flags & FY_TPF_HEAP) && o->type != &fy_type_type) t = t->base;
        }
        if (t && t->clear) t->clear(o);
    }
    for (size_t i = 0; i < n; i++) FY_DECREF(w.v[i]);
    free(w.v);
    if (fy_cur) fy_cur->gc_allocs = 0;
    /* the next collection after as many net new containers as survived this one (at least
     * 20000): a full collection costs the live containers, so its cost per allocation stays
     * below one visit however large the heap grows */
    gc_threshold = 20000 + (count - (int64_t)n);
    return (int64_t)n;
}

void fy_gc_maybe_collect(void) {
    if (fy_cur && fy_cur->gc_allocs > gc_threshold) fy_gc_collect();
}
