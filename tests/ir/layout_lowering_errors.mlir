// fly-layout-lowering reports what it cannot lower at the op, with the stage name.
// RUN: not flyi-opt %s --pass=fly-layout-lowering 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: error in stage 'fly-layout-lowering'
// ERR: :[[# @LINE + 2]]:{{[0-9]+}}: error: fly-layout-lowering: fly.get_scalar: a dynamic int tuple defined by a block argument cannot be lowered yet
func.func @unsupported(%t: !fly.int_tuple<?>) -> i32 {
  %r = "fly.get_scalar"(%t) : (!fly.int_tuple<?>) -> i32
  return %r : i32
}
