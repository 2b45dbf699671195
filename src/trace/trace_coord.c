/* trace_coord.c - coordinate tensors inside traced kernels (make_view((0,0), make_identity_layout(...)),
 * FlyDSL surface §2.6). Coordinate tensors built from static pieces stay eager (static layout algebra:
 * logical_divide / zipped_divide / static element access work as at the prompt). Using them with traced
 * values - idC[None, bid], coord[i] with a traced i, elem_less(coord, (M, N)) with traced leaves - is not
 * implemented yet: the hook below reports that clearly instead of a confusing conversion error. */
#include "dsl/dsl.h"
#include "dsl/dsl_numeric.h"
#include "trace/trace_int.h"

/* True when x (a DSL numeric, or a tuple/list holding one) carries a traced (dynamic) value. */
static int has_traced(fy_obj *x, int depth) {
    if (!x || depth > 16) return 0;
    if (FY_DSL_NUM_CHECK(x)) return !((fy_dsl_num *)x)->is_static;
    if (FY_TUPLE_CHECK(x)) {
        for (int64_t i = 0; i < (int64_t)FY_TUPLE_N(x); i++)
            if (has_traced(FY_TUPLE_ITEMS(x)[i], depth + 1)) return 1;
    }
    if (FY_LIST_CHECK(x)) {
        for (int64_t i = 0; i < (int64_t)FY_LIST_N(x); i++)
            if (has_traced(FY_LIST_ITEMS(x)[i], depth + 1)) return 1;
    }
    return 0;
}

int fy_trace_coord_check(const char *op, fy_obj *const *a, size_t na) {
    if (!fy_trace_cur()) return 0;
    for (size_t i = 0; i < na; i++)
        if (has_traced(a[i], 0)) {
            fy_err_format(&fy_NotImplementedError,
                          "%s: coordinate tensors / coordinates with traced values inside a kernel "
                          "(idC[None, bid], coord[i] with a traced i, elem_less with traced leaves) are not "
                          "supported yet; use static coordinates, or compare traced indices with '<' directly",
                          op);
            return -1;
        }
    return 0;
}
