/* The opcode table, expanded from the one list in vm_isa.h. */
#include "vm_internal.h"

#include <stddef.h>
#include <stdio.h>

/* One entry per documented code; a zero .cyrillic marks an undocumented one. */
#define VM_ROW(c, r, fmt, cyr, lat, ms) \
    [(c)] = {(uint8_t)(c), (uint8_t)(r), fmt, cyr, lat, ms},
#define VM_TAB_OP(code, name, cyr, lat, fmt, ms) VM_ROW(code, 0, fmt, cyr, lat, ms)
#define VM_TAB_FAM(high, name, cyr, lat, fmt, ms)                               \
    VM_ROW((high) << 4 | 0x0, 0, fmt, cyr, lat, ms)                             \
    VM_ROW((high) << 4 | 0x1, 1, fmt, cyr, lat, ms)                             \
    VM_ROW((high) << 4 | 0x2, 2, fmt, cyr, lat, ms)                             \
    VM_ROW((high) << 4 | 0x3, 3, fmt, cyr, lat, ms)                             \
    VM_ROW((high) << 4 | 0x4, 4, fmt, cyr, lat, ms)                             \
    VM_ROW((high) << 4 | 0x5, 5, fmt, cyr, lat, ms)                             \
    VM_ROW((high) << 4 | 0x6, 6, fmt, cyr, lat, ms)                             \
    VM_ROW((high) << 4 | 0x7, 7, fmt, cyr, lat, ms)                             \
    VM_ROW((high) << 4 | 0x8, 8, fmt, cyr, lat, ms)                             \
    VM_ROW((high) << 4 | 0x9, 9, fmt, cyr, lat, ms)                             \
    VM_ROW((high) << 4 | 0xA, 10, fmt, cyr, lat, ms)                            \
    VM_ROW((high) << 4 | 0xB, 11, fmt, cyr, lat, ms)                            \
    VM_ROW((high) << 4 | 0xC, 12, fmt, cyr, lat, ms)                            \
    VM_ROW((high) << 4 | 0xD, 13, fmt, cyr, lat, ms)                            \
    VM_ROW((high) << 4 | 0xE, 14, fmt, cyr, lat, ms)

const vm_op_info vm_op_table[256] = {VM_ISA(VM_TAB_OP, VM_TAB_FAM)};

#define VM_COUNT_OP(...) +1
#define VM_COUNT_FAM(...) +VM_REGISTERS
static const int documented = 0 VM_ISA(VM_COUNT_OP, VM_COUNT_FAM);

const vm_op_info *vm_op(uint8_t code)
{
    return vm_op_documented(code) ? &vm_op_table[code] : NULL;
}

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
