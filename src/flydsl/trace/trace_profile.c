/* trace_profile.c - _flyi_profile: the emulator's counters for the session (start / stop), the
 * raw records that flyi.profile (src/modules/stdlib/flyi__profile.py) turns into a report. */
#include <stdlib.h>
#include <string.h>

#include "flydsl/trace/trace_int.h"
#include "objects/object.h"

static int set_u64(fy_obj *d, const char *k, uint64_t v) {
    fy_obj *o = fy_int_from_u64(v);
    int r = o ? fy_dict_set_cstr(d, k, o) : -1;
    FY_XDECREF(o);
    return r;
}

static int set_str(fy_obj *d, const char *k, const char *v) {
    fy_obj *o = fy_str_from_cstr(v ? v : "");
    int r = o ? fy_dict_set_cstr(d, k, o) : -1;
    FY_XDECREF(o);
    return r;
}

static fy_obj *site_dict(const fly_rt_api *R, const fly_prof_site *s) {
    fy_obj *d = fy_dict_new();
    if (!d) return NULL;
    if (set_str(d, "kernel", s->kernel) < 0 || set_str(d, "loc", s->loc) < 0 ||
        set_str(d, "kind", R->prof_kind_name(s->kind)) < 0 || set_u64(d, "bytes", (uint64_t)s->bytes) < 0 ||
        set_u64(d, "executions", s->executions) < 0 || set_u64(d, "waves", s->waves) < 0 ||
        set_u64(d, "bytes_requested", s->bytes_requested) < 0 || set_u64(d, "segments", s->segments) < 0 ||
        set_u64(d, "lds_cycles", s->lds_cycles) < 0 || set_u64(d, "lds_phases", s->lds_phases) < 0 ||
        set_u64(d, "lds_max_ways", s->lds_max_ways) < 0 || set_u64(d, "flops", s->flops) < 0 ||
        set_u64(d, "atomic_addresses", s->atomic_addresses) < 0 ||
        set_u64(d, "atomic_max_per_address", s->atomic_max_per_address) < 0 ||
        set_u64(d, "wait_blocks", s->wait_blocks) < 0 || set_u64(d, "untracked", (uint64_t)s->untracked) < 0) {
        FY_DECREF(d);
        return NULL;
    }
    return d;
}

static fy_obj *totals_dict(const fly_prof_totals *t) {
    fy_obj *d = fy_dict_new();
    if (!d) return NULL;
    if (set_u64(d, "launches", t->launches) < 0 || set_u64(d, "blocks", t->blocks) < 0 ||
        set_u64(d, "threads", t->threads) < 0 || set_u64(d, "global_bytes", t->global_bytes) < 0 ||
        set_u64(d, "global_traffic", t->global_traffic) < 0 || set_u64(d, "lds_bytes", t->lds_bytes) < 0 ||
        set_u64(d, "flops", t->flops) < 0 || set_u64(d, "mfma_bits", (uint64_t)t->mfma_bits) < 0 ||
        set_str(d, "target", t->target) < 0) {
        FY_DECREF(d);
        return NULL;
    }
    return d;
}

static fy_obj *p_start(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    (void)self, (void)a;
    if (fy_no_kwargs("start", kw) < 0 || fy_check_nargs("start", n, 0, 0) < 0) return NULL;
    const fly_rt_api *R;
    fly_rt *rt;
    if (fy_trace_session_rt(&R, &rt) < 0) return NULL;
    if (R->profile_start(rt) < 0) return fy_err_format(&fy_RuntimeError, "%s", R->last_error(rt));
    return fy_none();
}

/* stop() -> ([site dict, ...], totals dict); ([], None) when profiling was not on. */
static fy_obj *p_stop(fy_obj *self, fy_obj *const *a, size_t n, fy_obj *kw) {
    (void)self, (void)a;
    if (fy_no_kwargs("stop", kw) < 0 || fy_check_nargs("stop", n, 0, 0) < 0) return NULL;
    const fly_rt_api *R;
    fly_rt *rt;
    if (fy_trace_session_rt(&R, &rt) < 0) return NULL;
    fly_prof *p = R->profile_stop(rt);
    fy_obj *list = fy_list_new(0), *tot = NULL, *res = NULL;
    if (!list) goto out;
    for (int i = 0; p && i < R->prof_count(p); i++) {
        fy_obj *d = site_dict(R, R->prof_site_at(p, i));
        if (!d || fy_list_append(list, d) < 0) {
            FY_XDECREF(d);
            goto out;
        }
        FY_DECREF(d);
    }
    if (p) {
        fly_prof_totals t;
        R->prof_get_totals(p, &t);
        tot = totals_dict(&t);
        if (!tot) goto out;
    }
    res = fy_tuple_pack(2, list, tot ? tot : fy_None);
out:
    FY_XDECREF(list);
    FY_XDECREF(tot);
    if (p) R->prof_free(p);
    return res;
}

static fy_methoddef prof_funcs[] = {
    {"start", p_start, 0, "start() -> None: launches from now on run on the emulator with counters"},
    {"stop", p_stop, 0, "stop() -> (sites, totals): the counts since start(), and profiling off"},
    {NULL, NULL, 0, NULL}};

static fy_obj *init_profile(void) {
    return fy_module_new_c("_flyi_profile", prof_funcs, "The emulator's counters (internal; see flyi.profile).");
}

void fy_trace_profile_register(void) { fy_register_builtin_module("_flyi_profile", init_profile); }
