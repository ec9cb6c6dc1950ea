/* The promises of vm.h and vm_num.h about any machine, whatever ran on it:
 * shared by the fuzz targets that run machines (header only). */
#ifndef FUZZ_MACHINE_H
#define FUZZ_MACHINE_H

#include "vm.h"
#include "vm_keys.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

/* A normalised number: zero is +0e0, else 8 significant digits. */
static inline bool fuzz_num_ok(vm_num a)
{
    if (a.mant == 0)
        return a.exp == 0 && !a.neg;
    return a.mant >= 10000000 && a.mant <= 99999999 && a.exp >= -99 && a.exp <= 99;
}

/* Aborts unless pc, the return stack, the halt reason, every number and
 * the display's glyphs are what the headers promise; returns the display. */
static inline vm_display fuzz_check_machine(const vm_machine *m)
{
    if (m->pc < 0 || m->pc > m->steps || m->rsp < 0 || m->rsp > VM_RSTACK ||
        m->halt < VM_HALT_NONE || m->halt > VM_HALT_BUDGET)
        abort();
    for (int i = 0; i < m->rsp; i++)
        if (m->rstack[i] < 0 || m->rstack[i] > m->steps)
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
