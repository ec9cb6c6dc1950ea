/* The promises of vm.h and vm_num.h about any machine, whatever ran on it:
 * shared by the fuzz targets that run machines (header only). */
#ifndef FUZZ_MACHINE_H
#define FUZZ_MACHINE_H

#include "../vm_holdable.h"
#include "vm.h"
#include "vm_keys.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

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
    if (!vm_holdable(m->x) || !vm_holdable(m->y) || !vm_holdable(m->z) || !vm_holdable(m->t) ||
        !vm_holdable(m->x1))
        abort();
    for (int r = 0; r < VM_MAX_REGS; r++)
        if (!vm_holdable(m->reg[r]))
            abort();
    vm_display d;
    vm_display_get(m, &d);
    for (int i = 0; i < VM_DISPLAY_CELLS; i++)
        if (d.glyph[i] == '\0' || !strchr("0123456789- LCGE", d.glyph[i]))
            abort();
    return d;
}

#endif
