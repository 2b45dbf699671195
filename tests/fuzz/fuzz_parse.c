/* fuzz_parse - libFuzzer target over the front end: fy_parse in all three modes, the AST dump
 * and the REPL completeness check. Build (clang-22):
 *   clang-22 -g -O1 -fsanitize=fuzzer,address,undefined -Isrc $(ls src/parse/[a-z]*.c) \
 *     tests/fuzz/fuzz_parse.c -o fuzz_parse
 *   ./fuzz_parse -max_len=4096 tests/lang/parse tests/lang/syntax_errors */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "parse/parse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fy_syntax_error err;
    for (int mode = 0; mode < 3; mode++) {
        fy_ast_module *m = fy_parse((const char *)data, size, "<fuzz>", (fy_parse_mode)mode, &err);
        if (m) {
            char *d = fy_ast_dump(m);
            free(d);
            fy_ast_module_free(m);
        } else if (err.kind == FY_ERR_NONE) {
            abort(); /* a failed parse must say why */
        }
    }
    char *text = malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = 0;
    char indent[64];
    (void)fy_parse_is_complete(text, indent, sizeof indent);
    free(text);
    return 0;
}
