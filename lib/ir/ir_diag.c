/* ir_diag.c - diagnostics as text. */
#include "ir/ir_diag.h"

#include <string.h>

static const char *severity_name(MlirDiagnosticSeverity s) {
    switch (s) {
    case MlirDiagnosticError: return "error";
    case MlirDiagnosticWarning: return "warning";
    case MlirDiagnosticNote: return "note";
    default: return "remark";
    }
}

/* Appends one diagnostic: location, severity, message (notes keep their first line only: MLIR's
 * "see current operation" notes carry a dump of the whole op). */
static void add_diag(fly_ir_diags *d, MlirDiagnostic diag, int indent) {
    char where[512];
    fly_ir_loc_str(mlirDiagnosticGetLocation(diag), where, sizeof where);
    MlirDiagnosticSeverity sev = mlirDiagnosticGetSeverity(diag);
    fly_ir_buf msg = {0};
    mlirDiagnosticPrint(diag, fly_ir_buf_callback, &msg);
    const char *m = msg.data ? msg.data : "";
    size_t n = strlen(m);
    if (indent) {
        const char *nl = strchr(m, '\n');
        if (nl) n = (size_t)(nl - m);
    }
    fly_ir_buf_printf(&d->text, "%*s%s: %s: %.*s\n", indent, "", where, severity_name(sev), (int)n, m);
    fly_ir_buf_free(&msg);
    if (sev == MlirDiagnosticError) d->nerrors++;
    intptr_t nn = mlirDiagnosticGetNumNotes(diag);
    for (intptr_t i = 0; i < nn; i++) add_diag(d, mlirDiagnosticGetNote(diag, i), indent + 2);
}

static MlirLogicalResult handler(MlirDiagnostic diag, void *user) {
    add_diag(user, diag, 0);
    return mlirLogicalResultSuccess();
}

void fly_ir_diags_attach(fly_ir_diags *d, MlirContext ctx) {
    memset(d, 0, sizeof *d);
    d->ctx = ctx;
    d->id = mlirContextAttachDiagnosticHandler(ctx, handler, d, NULL);
    d->attached = true;
}

void fly_ir_diags_detach(fly_ir_diags *d) {
    if (d->attached) mlirContextDetachDiagnosticHandler(d->ctx, d->id);
    d->attached = false;
    fly_ir_buf_free(&d->text);
}

const char *fly_ir_diags_text(const fly_ir_diags *d) { return d->text.data ? d->text.data : ""; }

void fly_ir_diags_clear(fly_ir_diags *d) {
    fly_ir_buf_free(&d->text);
    d->nerrors = 0;
}
