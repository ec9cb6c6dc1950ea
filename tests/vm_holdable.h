/* What a register of the real MK-61 can hold (vm_num.h), for the tests'
 * invariants: a decimal mantissa below 10^8 (a used counter's 00000001 and
 * a negative zero included) or one with a hex digit above 9 (a logic
 * operation's) or a sign nibble other than 0 and 9 (a pointer's carry),
 * and an exponent of three digits' tens complement, -500..499 (a result
 * kept past 1e99), or three nibbles one of which is above 9 (an
 * operation's code written into a register's exponent). Written apart from the emulator's code, so that the
 * tests do not take its word for it. */
#ifndef TESTS_VM_HOLDABLE_H
#define TESTS_VM_HOLDABLE_H

#include "vm_num.h"

#include <stdbool.h>

static inline bool vm_holdable(vm_num a)
{
    if (a.hex & 0x02) {
        /* the exponent's nibbles as they are (an operation's code written
         * there), one of them above 9; the mantissa as nibbles */
        if (a.exp < 0 || a.exp > 0xFFF || (a.hex & 0x0D) != 1 || (a.hex >> 4 == 9) ||
            (a.neg && a.hex >> 4))
            return false;
        return (a.exp >> 8) > 9 || (a.exp >> 4 & 0xF) > 9 || (a.exp & 0xF) > 9;
    }
    if (a.exp < -500 || a.exp > 499)
        return false;
    if (!a.hex)
        return a.mant <= 99999999u;
    if (a.hex >> 4) /* a sign nibble other than 0 and 9 (a pointer's carry
                       makes 1): any nibbles */
        return !a.neg && a.hex >> 4 != 9 && (a.hex & 0xF) == 1;
    if ((a.hex & 0xF) != 1)
        return false;
    for (int i = 0; i < 8; i++)
        if ((a.mant >> (4 * i) & 0xF) > 9)
            return true;
    return false; /* flagged hex, but every nibble a decimal digit */
}

#endif
