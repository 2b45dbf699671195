/* ir_diag.h - collect every diagnostic of a context as text ("file:3:5: error: message"). */
#ifndef FLY_IR_DIAG_H
#define FLY_IR_DIAG_H

#include "ir/ir_util.h"
#include "mlir-c/Diagnostics.h"

typedef struct fly_ir_diags {
    fly_ir_buf text; /* one line per diagnostic, notes indented, NUL-terminated */
    int nerrors;
    MlirContext ctx;
    MlirDiagnosticHandlerID id;
    bool attached;
} fly_ir_diags;

/* Routes ctx's diagnostics into d (nothing reaches stderr) until fly_ir_diags_detach. */
void fly_ir_diags_attach(fly_ir_diags *d, MlirContext ctx);
/* Stops collecting and frees the text. */
void fly_ir_diags_detach(fly_ir_diags *d);
/* The collected text so far ("" when none). */
const char *fly_ir_diags_text(const fly_ir_diags *d);
/* Forgets what was collected so far. */
void fly_ir_diags_clear(fly_ir_diags *d);

#endif
