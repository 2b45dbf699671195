// llvm_opts.cpp - LLVM's cl::opt options changed while the process runs (FlyDSL's set_llvm_option_*,
// compile hints' llvm_options). cl::Option has no C API. LLVM is built without RTTI, so an option's C++ type is
// told by whether it takes a value: bool options have an optional or no value, int and string ones require one.
// The new value goes through addOccurrence, as a command-line occurrence would, so options that check
// getNumOccurrences() see it.
#include <cstdio>
#include <cstring>
#include <string>

#include "pipeline/llvm_opts.h"
#include "llvm/Support/CommandLine.h"

namespace {

void put(char *out, size_t cap, const std::string &s) {
    if (!out || !cap) return;
    std::snprintf(out, cap, "%s", s.c_str());
}

} // namespace

int fly_llvm_option_set(const char *name, int kind, const char *value, char *old, size_t cap) {
    auto opts = llvm::cl::getRegisteredOptions(); // a copy of the registry (LLVM 22: a DenseMap)
    auto it = opts.find(name);
    if (it == opts.end()) return 1;
    llvm::cl::Option *o = it->second;
    bool is_bool = o->getValueExpectedFlag() != llvm::cl::ValueRequired;
    if (is_bool != (kind == FLY_LLVM_OPT_BOOL)) return 2;
    if (kind == FLY_LLVM_OPT_BOOL) put(old, cap, static_cast<llvm::cl::opt<bool> *>(o)->getValue() ? "true" : "false");
    else if (kind == FLY_LLVM_OPT_INT) put(old, cap, std::to_string(static_cast<llvm::cl::opt<int> *>(o)->getValue()));
    else put(old, cap, static_cast<llvm::cl::opt<std::string> *>(o)->getValue());
    return o->addOccurrence(1, name, value) ? 3 : 0;
}
