/* The opcode table, expanded from the one list in vm_isa.h. */
#include "vm_internal.h"

#include <stddef.h>
#include <stdio.h>

/* One entry per documented code; the zero entries (kind VM_KIND_NONE, no
 * names) are the undocumented codes. */
#define VM_ROW(c, r, f, cyr, lat, t_ms, k, family, in, eff, t, lp, p)                       \
    [(c)] = {.code = (uint8_t)(c), .reg = (uint8_t)(r), .kind = VM_KIND_##k,                 \
             .fn = VM_FN_##family, .operands = in, .effect = eff, .test = VM_TEST_##t,        \
             .loop = lp, .port = VM_PORT_##p, .format = VM_FMT_##f, .ms = t_ms, .cyrillic = cyr, \
             .latin = lat},
#define VM_TAB_OP(code, name, cyr, lat, fmt, ms, kind, fn, in, eff, test, loop, port)       \
    VM_ROW(code, 0, fmt, cyr, lat, ms, kind, fn, in, eff, test, loop, port)
#define VM_TAB_REG(high, r, cyr, lat, fmt, ms, kind, fn, in, eff, test, port)               \
    VM_ROW((high) << 4 | (r), r, fmt, cyr, lat, ms, kind, fn, in, eff, test, -1, port)
#define VM_TAB_FAM(high, name, ...)                                                         \
    VM_TAB_REG(high, 0, __VA_ARGS__) VM_TAB_REG(high, 1, __VA_ARGS__)                       \
    VM_TAB_REG(high, 2, __VA_ARGS__) VM_TAB_REG(high, 3, __VA_ARGS__)                       \
    VM_TAB_REG(high, 4, __VA_ARGS__) VM_TAB_REG(high, 5, __VA_ARGS__)                       \
    VM_TAB_REG(high, 6, __VA_ARGS__) VM_TAB_REG(high, 7, __VA_ARGS__)                       \
    VM_TAB_REG(high, 8, __VA_ARGS__) VM_TAB_REG(high, 9, __VA_ARGS__)                       \
    VM_TAB_REG(high, 10, __VA_ARGS__) VM_TAB_REG(high, 11, __VA_ARGS__)                     \
    VM_TAB_REG(high, 12, __VA_ARGS__) VM_TAB_REG(high, 13, __VA_ARGS__)                     \
    VM_TAB_REG(high, 14, __VA_ARGS__)

const vm_op_info vm_op_table[256] = {VM_ISA(VM_TAB_OP, VM_TAB_FAM)};

#define VM_COUNT_OP(...) +1
#define VM_COUNT_FAM(...) +VM_REGISTERS
static const int documented = 0 VM_ISA(VM_COUNT_OP, VM_COUNT_FAM);

int vm_op_count(void)
{
    return documented;
}

int vm_op_length(const vm_op_info *op)
{
    return op->format == VM_FMT_ADDR ? 2 : 1;
}

char vm_reg_name(int reg)
{
    return reg < 10 ? (char)('0' + reg) : (char)('a' + reg - 10);
}

const char *vm_reg_text(int reg, char buf[4])
{
    if (reg >= 0 && reg < VM_REGISTERS) {
        buf[0] = vm_reg_name(reg);
        buf[1] = '\0';
    } else {
        snprintf(buf, 4, "%d", (reg % 100 + 100) % 100);
    }
    return buf;
}
