/* ast.c - names of AST kinds and operators (CPython's class names and Python spellings). */
#include "parse/ast.h"

const char *fy_expr_kind_name(fy_expr_kind k) {
    static const char *n[] = {
        "?",         "BoolOp",    "NamedExpr", "BinOp",   "UnaryOp",        "Lambda",       "IfExp",
        "Dict",      "Set",       "ListComp",  "SetComp", "DictComp",       "GeneratorExp", "Await",
        "Yield",     "YieldFrom", "Compare",   "Call",    "FormattedValue", "JoinedStr",    "Constant",
        "Attribute", "Subscript", "Starred",   "Name",    "List",           "Tuple",        "Slice",
    };
    return (unsigned)k < sizeof n / sizeof n[0] ? n[k] : "?";
}

const char *fy_stmt_kind_name(fy_stmt_kind k) {
    static const char *n[] = {
        "?",          "FunctionDef", "ClassDef", "Return", "Delete", "Assign", "AugAssign", "AnnAssign",
        "For",        "While",       "If",       "With",   "Raise",  "Try",    "Assert",    "Import",
        "ImportFrom", "Global",      "Nonlocal", "Expr",   "Pass",   "Break",  "Continue",
    };
    return (unsigned)k < sizeof n / sizeof n[0] ? n[k] : "?";
}

const char *fy_operator_name(fy_operator op) {
    static const char *n[] = {"Add",    "Sub",    "Mult",  "MatMult", "Div",    "Mod",     "Pow",
                              "LShift", "RShift", "BitOr", "BitXor",  "BitAnd", "FloorDiv"};
    return (unsigned)op < sizeof n / sizeof n[0] ? n[op] : "?";
}

const char *fy_operator_symbol(fy_operator op) {
    static const char *n[] = {"+", "-", "*", "@", "/", "%", "**", "<<", ">>", "|", "^", "&", "//"};
    return (unsigned)op < sizeof n / sizeof n[0] ? n[op] : "?";
}

const char *fy_unaryop_name(fy_unaryop op) {
    static const char *n[] = {"Invert", "Not", "UAdd", "USub"};
    return (unsigned)op < sizeof n / sizeof n[0] ? n[op] : "?";
}

const char *fy_unaryop_symbol(fy_unaryop op) {
    static const char *n[] = {"~", "not", "+", "-"};
    return (unsigned)op < sizeof n / sizeof n[0] ? n[op] : "?";
}

const char *fy_cmpop_name(fy_cmpop op) {
    static const char *n[] = {"Eq", "NotEq", "Lt", "LtE", "Gt", "GtE", "Is", "IsNot", "In", "NotIn"};
    return (unsigned)op < sizeof n / sizeof n[0] ? n[op] : "?";
}

const char *fy_cmpop_symbol(fy_cmpop op) {
    static const char *n[] = {"==", "!=", "<", "<=", ">", ">=", "is", "is not", "in", "not in"};
    return (unsigned)op < sizeof n / sizeof n[0] ? n[op] : "?";
}

const char *fy_boolop_name(fy_boolop op) { return op == FY_AND ? "And" : "Or"; }
