/* test_parse - the front end's suite:
 *  - tests/lang/parse/NAME.py: our AST dump must equal CPython 3.11's ast.dump (the .ast file);
 *  - tests/lang/syntax_errors/NAME.py: our error must equal CPython's (the .err file), or our
 *    documented deliberate difference (a .flyi.err file, see that folder's README);
 *  - unit tests of fy_parse_is_complete, error values and locations.
 * Sources are found under $FLYI_SRCDIR (default "."). Prints one line per failure and ends
 * with "N passed, N failed"; exits 1 on any failure. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse/parse.h"

static int passed, failed;

static void fail(const char *fmt, const char *a, const char *b, const char *c) {
    printf("FAIL ");
    printf(fmt, a, b, c);
    printf("\n");
    failed++;
}

static char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 4096, n = 0, got;
    char *buf = malloc(cap + 1);
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *nb = realloc(buf, (cap *= 2) + 1);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
        }
    }
    fclose(f);
    if (!buf) return NULL;
    buf[n] = 0;
    if (len) *len = n;
    return buf;
}

static void chomp(char *s) {
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r')) s[--n] = 0;
}

static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* sorted list of the *.py files in dir (malloc'd names) */
static char **list_py(const char *dir, int *n) {
    *n = 0;
    DIR *d = opendir(dir);
    if (!d) return NULL;
    int cap = 64;
    char **v = malloc((size_t)cap * sizeof *v);
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t l = strlen(e->d_name);
        if (l < 4 || strcmp(e->d_name + l - 3, ".py") != 0) continue;
        if (*n == cap) v = realloc(v, (size_t)(cap *= 2) * sizeof *v);
        v[(*n)++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(v, (size_t)*n, sizeof *v, cmp_str);
    return v;
}

static void run_parse_dir(const char *srcdir) {
    char dir[4096], path[4600];
    snprintf(dir, sizeof dir, "%s/tests/lang/parse", srcdir);
    int n;
    char **names = list_py(dir, &n);
    if (!names || n == 0) {
        fail("no parse tests found in %s%s%s", dir, "", "");
        free(names);
        return;
    }
    for (int i = 0; i < n; i++) {
        size_t len;
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        char *src = slurp(path, &len);
        snprintf(path + strlen(path) - 3, 8, ".ast");
        char *want = slurp(path, NULL);
        if (!src || !want) {
            fail("parse/%s: missing input or expected file%s%s", names[i], "", "");
        } else {
            chomp(want);
            fy_syntax_error err;
            fy_ast_module *m = fy_parse(src, len, names[i], FY_MODE_EXEC, &err);
            if (!m) {
                char got[400];
                snprintf(got, sizeof got, "%s: %s (line %d, offset %d)", fy_error_kind_name(err.kind), err.msg,
                         err.line, err.offset);
                fail("parse/%s: unexpected error: %s%s", names[i], got, "");
            } else {
                char *d = fy_ast_dump(m);
                if (d && strcmp(d, want) == 0) passed++;
                else fail("parse/%s:\n  want %s\n  got  %s", names[i], want, d ? d : "(null)");
                free(d);
                fy_ast_module_free(m);
            }
        }
        free(src);
        free(want);
        free(names[i]);
    }
    free(names);
}

static void run_error_dir(const char *srcdir) {
    char dir[4096], path[4600];
    snprintf(dir, sizeof dir, "%s/tests/lang/syntax_errors", srcdir);
    int n;
    char **names = list_py(dir, &n);
    if (!names || n == 0) {
        fail("no syntax error tests found in %s%s%s", dir, "", "");
        free(names);
        return;
    }
    for (int i = 0; i < n; i++) {
        size_t len;
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        char *src = slurp(path, &len);
        size_t base = strlen(path) - 3;
        snprintf(path + base, 16, ".flyi.err");
        char *want = slurp(path, NULL);
        if (!want) {
            snprintf(path + base, 16, ".err");
            want = slurp(path, NULL);
        }
        if (!src || !want) {
            fail("syntax_errors/%s: missing input or expected file%s%s", names[i], "", "");
        } else {
            chomp(want);
            fy_syntax_error err;
            fy_ast_module *m = fy_parse(src, len, names[i], FY_MODE_EXEC, &err);
            char got[400];
            if (m) snprintf(got, sizeof got, "OK");
            else
                snprintf(got, sizeof got, "%s: %s (line %d, offset %d)", fy_error_kind_name(err.kind), err.msg,
                         err.line, err.offset);
            fy_ast_module_free(m);
            if (strcmp(got, want) == 0) passed++;
            else fail("syntax_errors/%s:\n  want %s\n  got  %s", names[i], want, got);
        }
        free(src);
        free(want);
        free(names[i]);
    }
    free(names);
}

/* ------------------------------------------------------------------ unit tests */

static void check_complete(const char *text, fy_completeness want, const char *want_indent) {
    char indent[64];
    fy_completeness got = fy_parse_is_complete(text, indent, sizeof indent);
    static const char *names[] = {"complete", "incomplete", "invalid"};
    if (got != want) {
        fail("is_complete(%s): got %s, want %s", text, names[got], names[want]);
        return;
    }
    if (want == FY_INCOMPLETE && want_indent && strcmp(indent, want_indent) != 0) {
        fail("is_complete(%s): indent '%s', want '%s'", text, indent, want_indent);
        return;
    }
    passed++;
}

static void test_is_complete(void) {
    check_complete("", FY_COMPLETE, NULL);
    check_complete("   \n", FY_COMPLETE, NULL);
    check_complete("x = 1", FY_COMPLETE, NULL);
    check_complete("x = 1\n", FY_COMPLETE, NULL);
    check_complete("print('hi')", FY_COMPLETE, NULL);
    check_complete("x = (1,", FY_INCOMPLETE, "    ");
    check_complete("x = [1,\n  2,", FY_INCOMPLETE, "      ");
    check_complete("f(a,\n", FY_INCOMPLETE, "    ");
    check_complete("x = )", FY_INVALID, NULL);
    check_complete("x = (]", FY_INVALID, NULL);
    check_complete("def f(:", FY_INVALID, NULL);
    check_complete("x = 1 +", FY_INVALID, NULL);
    check_complete("1abc", FY_INVALID, NULL);
    check_complete("x = 'abc", FY_INVALID, NULL);
    check_complete("if x:", FY_INCOMPLETE, "    ");
    check_complete("if x:\n", FY_INCOMPLETE, "    ");
    check_complete("for i in range(3):  # loop", FY_INCOMPLETE, "    ");
    check_complete("if x:\n    y = 1", FY_INCOMPLETE, "    ");
    check_complete("if x:\n    y = 1\n", FY_INCOMPLETE, "    ");
    check_complete("if x:\n    y = 1\n\n", FY_COMPLETE, NULL);
    check_complete("if x:\n    y = 1\n    \n", FY_COMPLETE, NULL);
    check_complete("if x: y", FY_INCOMPLETE, "");
    check_complete("if x: y\n\n", FY_COMPLETE, NULL);
    check_complete("def f():\n    if x:", FY_INCOMPLETE, "        ");
    check_complete("def f():\n    if x:\n        return 1", FY_INCOMPLETE, "        ");
    check_complete("def f():\n    return 1\n\n", FY_COMPLETE, NULL);
    check_complete("class C:\n    def m(self):\n        pass\n", FY_INCOMPLETE, "        ");
    check_complete("@dec\n", FY_INCOMPLETE, "");
    check_complete("x = \"\"\"abc", FY_INCOMPLETE, NULL);
    check_complete("x = '''abc\ndef", FY_INCOMPLETE, NULL);
    check_complete("x = '''abc'''", FY_COMPLETE, NULL);
    check_complete("x = 1 + \\", FY_INCOMPLETE, "");
    check_complete("if a and \\", FY_INCOMPLETE, "");
    check_complete("try:\n    x\n", FY_INCOMPLETE, "    ");
    check_complete("try:\n    x\nexcept E:\n    y\n", FY_INCOMPLETE, "    ");
    check_complete("try:\n    x\nexcept E:\n    y\n\n", FY_COMPLETE, NULL);
    check_complete("if x:\n    y\nelse:", FY_INCOMPLETE, "    ");
    check_complete("if x:\n    a\n  b\n", FY_INVALID, NULL);
    check_complete("  x = 1", FY_INVALID, NULL);
    check_complete("x = 1\ny = 2", FY_COMPLETE, NULL);
    check_complete("# only a comment", FY_COMPLETE, NULL);
    check_complete("x = {", FY_INCOMPLETE, "    ");
    check_complete("    if x:", FY_INVALID, NULL);
    check_complete("f'{x'", FY_INVALID, NULL);
}

static void check_error(const char *src, fy_error_kind kind, const char *msg, int line, int offset) {
    fy_syntax_error err;
    fy_ast_module *m = fy_parse(src, strlen(src), "<t>", FY_MODE_EXEC, &err);
    char want[300], got[300];
    snprintf(want, sizeof want, "%s: %s (line %d, offset %d)", fy_error_kind_name(kind), msg, line, offset);
    if (m) snprintf(got, sizeof got, "OK");
    else
        snprintf(got, sizeof got, "%s: %s (line %d, offset %d)", fy_error_kind_name(err.kind), err.msg, err.line,
                 err.offset);
    fy_ast_module_free(m);
    if (strcmp(want, got) == 0) passed++;
    else fail("error(%s): got %s, want %s", src, got, want);
}

static void test_api(void) {
    /* locations */
    const char *src = "x = foo(a, b=1)\nif y:\n    z = 'é' + w\n";
    fy_syntax_error err;
    fy_ast_module *m = fy_parse_string(src, "<t>", &err);
    if (!m) {
        fail("api: parse failed: %s%s%s", err.msg, "", "");
        return;
    }
    fy_stmt *s0 = m->body[0];
    fy_expr *call = s0->v.assign.value;
    if (s0->line == 1 && s0->col == 0 && s0->end_line == 1 && s0->end_col == 15 && call->col == 4 &&
        call->end_col == 15 && call->v.call.keywords[0]->col == 11)
        passed++;
    else fail("api: locations of line 1 wrong%s%s%s", "", "", "");
    fy_stmt *s1 = m->body[1];
    fy_stmt *inner = s1->v.if_.body[0];
    fy_expr *w = inner->v.assign.value->v.binop.right;
    /* 'é' is two bytes: columns are UTF-8 byte offsets */
    if (s1->end_line == 3 && inner->line == 3 && inner->col == 4 && w->col == 15 && w->end_col == 16) passed++;
    else fail("api: locations of line 3 wrong%s%s%s", "", "", "");
    if (strcmp(m->source, src) == 0 && strcmp(m->filename, "<t>") == 0) passed++;
    else fail("api: source/filename not kept%s%s%s", "", "", "");
    fy_ast_module_free(m);

    /* a parenthesized operand makes its parent start/end at the parenthesis (as CPython) */
    m = fy_parse_string("(a + b) * c\nnot (x)\n", "<t>", &err);
    if (m) {
        fy_expr *mul = m->body[0]->v.expr.value, *add = mul->v.binop.left;
        fy_expr *nt = m->body[1]->v.expr.value;
        if (mul->col == 0 && mul->end_col == 11 && add->col == 1 && add->end_col == 6 && nt->end_col == 7 &&
            nt->v.unaryop.operand->col == 5)
            passed++;
        else fail("api: parenthesized spans wrong%s%s%s", "", "", "");
        fy_ast_module_free(m);
    } else fail("api: parse failed: %s%s%s", err.msg, "", "");

    /* eval mode */
    m = fy_parse("a + 1\n", 6, NULL, FY_MODE_EVAL, &err);
    char *d = m ? fy_ast_dump(m) : NULL;
    if (d && strcmp(d, "Expression(body=BinOp(left=Name(id='a', ctx=Load()), op=Add(), right=Constant(value=1)))") == 0)
        passed++;
    else fail("api: eval mode dump: %s%s%s", d ? d : err.msg, "", "");
    free(d);
    fy_ast_module_free(m);
    m = fy_parse("x = 1", 5, NULL, FY_MODE_EVAL, &err);
    if (!m) passed++;
    else fail("api: eval mode accepted a statement%s%s%s", "", "", "");
    fy_ast_module_free(m);

    /* big ints keep their decimal digits */
    m = fy_parse_string("0x10000000000000000", NULL, &err);
    fy_expr *c = m ? m->body[0]->v.expr.value : NULL;
    if (c && c->v.constant.kind == FY_CONST_BIGINT && strcmp(c->v.constant.s, "18446744073709551616") == 0) passed++;
    else fail("api: bigint%s%s%s", "", "", "");
    fy_ast_module_free(m);

    /* errors as values, nesting bounded */
    check_error("x = (1,\ny = 2", FY_ERR_SYNTAX, "'(' was never closed", 1, 5);
    check_error("if x:\npass", FY_ERR_INDENTATION, "expected an indented block after 'if' statement on line 1", 2, 1);
    check_error("if x:\n\tif y:\n        pass", FY_ERR_TAB, "inconsistent use of tabs and spaces in indentation", 3, 1);
    char deep[1200];
    memset(deep, '(', 250);
    deep[250] = 0;
    check_error(deep, FY_ERR_SYNTAX, "too many nested parentheses", 1, 201);
    char *big = malloc(200001);
    for (int i = 0; i < 100000; i++) {
        big[2 * i] = '-';
        big[2 * i + 1] = ' ';
    }
    big[200000] = 0;
    m = fy_parse_string(big, NULL, &err);
    if (!m && err.kind == FY_ERR_RECURSION) passed++;
    else fail("api: deep unary nesting not bounded: %s%s%s", m ? "parsed" : err.msg, "", "");
    fy_ast_module_free(m);
    for (int i = 0; i < 100000; i++) {
        big[2 * i] = '[';
        big[2 * i + 1] = 'x';
    }
    m = fy_parse_string(big, NULL, &err);
    if (!m) passed++;
    else fail("api: deep brackets accepted%s%s%s", "", "", "");
    fy_ast_module_free(m);
    free(big);
    m = fy_parse("a\0b", 3, NULL, FY_MODE_EXEC, &err);
    if (!m && strcmp(err.msg, "source code cannot contain null bytes") == 0) passed++;
    else fail("api: NUL byte accepted%s%s%s", "", "", "");
    fy_ast_module_free(m);
    m = fy_parse_file("/nonexistent/flyi/file.py", &err);
    if (!m && err.kind == FY_ERR_NONE && err.msg[0]) passed++;
    else fail("api: missing file%s%s%s", "", "", "");
}

int main(void) {
    const char *srcdir = getenv("FLYI_SRCDIR");
    if (!srcdir || !*srcdir) srcdir = ".";
    run_parse_dir(srcdir);
    run_error_dir(srcdir);
    test_is_complete();
    test_api();
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
