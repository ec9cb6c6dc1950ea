/* The promises of vm.h and vm_num.h about any machine, whatever ran on it:
 * shared by the fuzz targets that run machines (header only). */
#ifndef FUZZ_MACHINE_H
#define FUZZ_MACHINE_H

#include "../vm_holdable.h"
#include "vm.h"
#include "vm_keys.h"

#include <stdbool.h>
#include <stdint.h>
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

/* A register's value from 6 bytes of a fuzzer's input (fuzz_machine_load). */
static inline vm_num fuzz_num_from(const uint8_t *b)
{
    vm_num v = vm_num_zero();
    if (b[5] & 4) {
        /* 12 nibbles: the exponent's sign and digits, the mantissa's sign,
         * 8 digits (hex ones too). */
        uint64_t raw = (uint64_t)(b[4] % 10) << 44 | (uint64_t)(b[4] / 10 % 10) << 40 |
                       (uint64_t)((b[5] >> 4) % 10) << 36 | (uint64_t)(b[5] & 8 ? 9 : 0) << 32 |
                       ((uint64_t)b[0] | (uint64_t)b[1] << 8 | (uint64_t)b[2] << 16 |
                        (uint64_t)b[3] << 24);
        if (!vm_num_from_raw(raw, &v))
            abort(); /* every such pattern is a register's */
        return v;
    }
    if (b[5] & 2)
        return v;
    uint32_t mant = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 |
                    (uint32_t)b[3] << 24;
    v.mant = (int32_t)(10000000u + mant % 90000000u);
    v.exp = (int16_t)(b[4] % 199 - 99);
    v.neg = b[5] & 1;
    return v;
}

/* A machine from a fuzzer's input: the first byte picks the profile, the
 * angle unit, byte or 16-bit cells and how many registers get values; then
 * 7 bytes a register (a number, or any 12 nibbles a register of the real
 * machine holds: loop counters, pointers of every form, hex digits,
 * exponents past 99), then the program cells. size >= 1. Shared by the vm
 * target and the fast loop's differential test (tests/emulator). */
static inline void fuzz_machine_load(vm_machine *m, const uint8_t *data, size_t size)
{
    uint8_t flags = data[0];
    vm_profile_id id = flags & 1 ? VM_PROFILE_MK61X : VM_PROFILE_MK61;
    vm_init(m, id);
    m->angle = (vm_angle)((flags >> 1) & 3) == 3 ? VM_DEG : (vm_angle)((flags >> 1) & 3);
    bool wide = id == VM_PROFILE_MK61X && (flags & 8);
    size_t at = 1;
    for (int k = 0; k < flags >> 4 && at + 7 <= size; k++, at += 7)
        m->reg[data[at] % m->regs] = fuzz_num_from(data + at + 1);
    for (int a = 0; a < m->steps && at + (wide ? 2 : 1) <= size; a++) {
        m->prog[a] = wide ? (uint16_t)(data[at] | data[at + 1] << 8) : data[at];
        at += wide ? 2 : 1;
    }
}

#endif
