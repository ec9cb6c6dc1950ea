/*
 * vm_whole.h: a number the machine holds, read as a whole number (prefix
 * vm_whole). The one reader of "a register as a whole number": the board's
 * counts, a program's state and levels, a pit keyed as a move, a loop
 * counter or an indirect pointer the cross-check looks at all go through
 * it. Exact: the value is taken from the decimal digits (vm_num), never
 * through a double, so it is the number the machine shows, digit for digit.
 *
 * A number is whole when it has no fractional digits: 12, -3, 4.0 (an
 * entry with its point), 1200 (1.2 ВП 3); 0 of either sign is 0. A
 * register with hexadecimal digits (vm_num.hex: a logic operation's A..F,
 * or a pointer carried into the sign nibble, 1|00000000) is not one, even
 * where its mantissa is all zeros: it is no decimal number. Unnormalised
 * mantissas (a loop counter's 00000001) read as their value.
 *
 * Contract: pure functions of the number; no state, no printing.
 */
#ifndef VM_WHOLE_H
#define VM_WHOLE_H

#include "vm_num.h"

#include <stdbool.h>
#include <stdint.h>

/* Whether v is a whole number of magnitude below 10^18 (every whole number
 * the machine can hold below that); its value in *out (untouched when
 * false). */
bool vm_whole(vm_num v, int64_t *out);

/* v as a whole number lo..hi; `bad` when it is not one, or is outside. */
int vm_whole_in(vm_num v, int lo, int hi, int bad);

#endif
