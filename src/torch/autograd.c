/* autograd.c - torch.autograd: the Function base class, enough to define and call custom autograd
 * functions (Function.apply(*args) runs forward(ctx, *args) with a context that keeps
 * save_for_backward's tensors and any attributes). flyi's tensors record no graph, so backward is
 * never called by flyi; calling it directly still works. Written as a few lines of Python source run
 * into the module's namespace. */
#include <string.h>

#include "compile/code.h"
#include "exec/interp.h"
#include "torch/torch.h"
#include "exec/vm.h"

static const char autograd_src[] =
    "class FunctionCtx:\n"
    "    def save_for_backward(self, *tensors):\n"
    "        self.saved_tensors = tensors\n"
    "    def mark_non_differentiable(self, *args):\n"
    "        pass\n"
    "    def mark_dirty(self, *args):\n"
    "        pass\n"
    "    def set_materialize_grads(self, value):\n"
    "        pass\n"
    "\n"
    "class Function:\n"
    "    @staticmethod\n"
    "    def forward(ctx, *args, **kwargs):\n"
    "        raise NotImplementedError('You must implement the forward function for custom autograd.Function.')\n"
    "    @staticmethod\n"
    "    def backward(ctx, *grad_outputs):\n"
    "        raise NotImplementedError('You must implement either the backward or vjp method for your custom "
    "autograd.Function to use it with backward mode AD.')\n"
    "    @classmethod\n"
    "    def apply(cls, *args, **kwargs):\n"
    "        ctx = FunctionCtx()\n"
    "        ctx.saved_tensors = ()\n"
    "        ctx.needs_input_grad = tuple(bool(getattr(a, 'requires_grad', False)) for a in args)\n"
    "        return cls.forward(ctx, *args, **kwargs)\n";

fy_obj *fy_torch_autograd_module(void) {
    fy_obj *m = fy_module_new("torch.autograd");
    if (!m) return NULL;
    fy_obj *d = FY_MODULE_DICT(m);
    if (fy_cur->builtins_mod && fy_dict_set_cstr(d, "__builtins__", fy_cur->builtins_mod) < 0) goto fail;
    fy_obj *code = fy_compile_source(autograd_src, sizeof autograd_src - 1, "<torch.autograd>", 0);
    if (!code) goto fail;
    fy_obj *r = fy_eval_code((fy_code *)code, d, d);
    FY_DECREF(code);
    if (!r) goto fail;
    FY_DECREF(r);
    return m;
fail:
    FY_DECREF(m);
    return NULL;
}
