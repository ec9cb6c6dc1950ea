/* What a register of the real MK-61 can hold (vm_num.h), for the tests'
 * invariants: a decimal mantissa below 10^8 (a used counter's 00000001 and
 * a negative zero included) or one with a hex digit above 9 (a logic
 * operation's) or a sign nibble other than 0 and 9 (a pointer's carry),
 * and an exponent of three digits' tens complement, -500..499 (a result
 * kept past 1e99). Written apart from the emulator's code, so that the
 * tests do not take its word for it. */
#ifndef TESTS_VM_HOLDABLE_H
#define TESTS_VM_HOLDABLE_H

#include "vm_num.h"

#include <stdbool.h>

static inline bool vm_holdable(vm_num a)
{
    if (a.exp < -500 || a.exp > 499)
        return false;
    if (!a.hex)
        return a.mant <= 99999999u;
    if (a.hex >> 4) /* a sign nibble 1..8 (a pointer's carry): any nibbles */
        return !a.neg && a.hex >> 4 <= 8 && (a.hex & 0xF) == 1;
    for (int i = 0; i < 8; i++)
        if ((a.mant >> (4 * i) & 0xF) > 9)
            return true;
    return false; /* flagged hex, but every nibble a decimal digit */
}

#endif
