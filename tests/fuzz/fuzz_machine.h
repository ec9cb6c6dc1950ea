/* The promises of vm.h and vm_num.h about any machine, whatever ran on it:
 * shared by the fuzz targets that run machines (header only). */
#ifndef FUZZ_MACHINE_H
#define FUZZ_MACHINE_H

#include "vm.h"
#include "vm_keys.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* A number a register of the real machine can hold (vm_num.h): 12 nibbles,
 * that is a decimal mantissa below 10^8 (leading zeros, as in a loop
 * counter's 00000001, and a negative zero allowed) or one with a hex digit
 * above 9 (a logic operation's), and an exponent of three digits' tens
 * complement, -500..499 (a result kept past 1e99). */
static inline bool fuzz_num_ok(vm_num a)
{
    if (a.exp < -500 || a.exp > 499)
        return false;
    if (!a.hex)
        return a.mant <= 99999999u;
    for (int i = 0; i < 8; i++)
        if ((a.mant >> (4 * i) & 0xF) > 9)
            return true;
    return false; /* flagged hex, but every nibble a decimal digit */
}

/* Aborts unless the counter, the return stack, the halt reason and the
 * diagnostic, every number and the display's glyphs are what the headers
 * promise; returns the display. The counter holds 0..165 on mk61 (vm.h,
 * vm_pc_end), 0..999 on mk61x. */
static inline vm_display fuzz_check_machine(const vm_machine *m)
{
    int limit = vm_pc_end(m);
    if (m->pc < 0 || m->pc >= limit || m->rsp < 0 || m->rsp > VM_RSTACK ||
        m->halt < VM_HALT_NONE || m->halt > VM_HALT_BUDGET || m->warn < VM_WARN_NONE ||
        m->warn > VM_WARN_OPERAND)
        abort();
    for (int i = 0; i < m->rsp; i++)
        if (m->rstack[i] < 0 || m->rstack[i] >= limit)
            abort();
    if (!fuzz_num_ok(m->x) || !fuzz_num_ok(m->y) || !fuzz_num_ok(m->z) || !fuzz_num_ok(m->t) ||
        !fuzz_num_ok(m->x1))
        abort();
    for (int r = 0; r < VM_MAX_REGS; r++)
        if (!fuzz_num_ok(m->reg[r]))
            abort();
    vm_display d;
    vm_display_get(m, &d);
    for (int i = 0; i < VM_DISPLAY_CELLS; i++)
        if (d.glyph[i] == '\0' || !strchr("0123456789- LCGE", d.glyph[i]))
            abort();
    return d;
}

#endif
