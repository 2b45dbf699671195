// lld_shim.cpp - the one C++ file of flyi: lld has no C API, so this wraps lld::lldMain to link
// an AMDGPU object into a shared code object (HSACO) inside the process (about 1 ms, against
// about 60 ms for spawning ld.lld, which loads the whole of libLLVM again).
#include <cstring>
#include <string>

#include "lld/Common/Driver.h"
#include "pipeline/lld_shim.h"
#include "llvm/Support/raw_ostream.h"

LLD_HAS_DRIVER(elf)

// Links `in` (an object file) into the shared object `out`. Returns 0 on success, else a non-zero
// status with lld's messages in err (cap bytes, NUL-terminated). `reusable` is cleared when lld
// says it cannot safely run again in this process.
int fly_pipeline_lld_link(const char *in, const char *out, char *err, size_t cap, int *reusable) {
    std::string errs;
    llvm::raw_string_ostream es(errs);
    const char *args[] = {"ld.lld", "-shared", in, "-o", out};
    lld::Result r = lld::lldMain(args, llvm::nulls(), es, {{lld::Gnu, &lld::elf::link}});
    es.flush();
    if (err && cap) {
        std::strncpy(err, errs.c_str(), cap - 1);
        err[cap - 1] = 0;
    }
    if (reusable) *reusable = r.canRunAgain ? 1 : 0;
    return r.retCode;
}
