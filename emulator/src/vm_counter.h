/* Loop counters and indirect pointers in the machine's integer form
 * (prefix counter_, internal to the emulator: vm.c uses them). */
#ifndef VM_COUNTER_H
#define VM_COUNTER_H

#include "vm_num.h"

#include <stdbool.h>
#include <stdint.h>

/*
 * A pointer or loop counter as the machine uses it (measured, docs/machine.md
 * "Indirect addressing"): when its exponent's last digit is below 7, the
 * mantissa is shifted right until it is 7, the vacated digits taking the
 * sign's nibble (so 3.7 becomes 00000003, -3 becomes 99999993, 7e20
 * becomes 00000007 with exponent 27, 1e-5 00100000 with exponent -3); then
 * the sign nibble and the 8 digits, as one 9-digit decimal number, get 1
 * added or taken away. value is that number (sign nibble first).
 *
 * Hex digits (a logic operation's) are shifted as nibbles (8.FFFFFFF
 * becomes 00000008); adding 1 carries every digit of 10 or more on, so the
 * sum is the nibbles' values as decimal digits plus 1 (DCBA98F0 at -01 in
 * R4 becomes 1|43209951, a sign nibble of 1); taking 1 away borrows only
 * through zeros (DCBA98F0 becomes DCBA98E9) (measured). A sign nibble
 * that the carry made 1 (99999999 + 1 in R4..R6) is kept (1|00000000).
 */
typedef struct counter {
    uint64_t value; /* sign nibble * 10^8 + the 8 digits; with hex the 9
                       nibbles, the sign's in bits 32..35 */
    int exp;        /* the exponent after the shift */
    bool hex;       /* a nibble above 9 is left */
    bool cut;       /* the shift dropped digits that were not 0 (3.7) */
} counter;

/* The paths for nibbles (vm_counter.c): a register with hex digits or a
 * sign nibble other than 0 and 9, and what becomes of it. */
counter counter_of_nibbles(vm_num r, int low);
vm_num counter_num_nibbles(counter c);
counter counter_add_nibbles(counter c, int d);
int counter_low_nibbles(counter c, uint32_t span);

/* The decimal paths inline: loops and pointers run them on every step. */
static const uint32_t counter_pow10[9] = {1,      10,      100,      1000,     10000,
                                          100000, 1000000, 10000000, 100000000};

/* v / 10^k for k = 1..7, by constants (a division by a variable power is
 * slow, and a loop counter is shifted on every FL). */
static inline uint32_t counter_div_pow10(uint32_t v, int k)
{
    switch (k) {
    case 1: return v / 10u;
    case 2: return v / 100u;
    case 3: return v / 1000u;
    case 4: return v / 10000u;
    case 5: return v / 100000u;
    case 6: return v / 1000000u;
    default: return v / 10000000u;
    }
}

/* The register r put in integer form (the shift above). */
static inline counter counter_of(vm_num r)
{
    int low = r.exp % 10; /* the exponent's last digit (of its tens
                             complement: -5 is 995) */
    if (low < 0)
        low += 10;
    if (r.hex)
        return counter_of_nibbles(r, low);
    counter c = {0, r.exp, false, false};
    uint32_t mant = r.mant;
    if (low < 7) {
        int shift = 7 - low;
        uint32_t q = counter_div_pow10(mant, shift);
        c.cut = q * counter_pow10[shift] != mant;
        mant = q;
        if (r.neg)
            mant += counter_pow10[8] - counter_pow10[8 - shift];
        c.exp += shift;
    }
    c.value = (r.neg ? 900000000u : 0u) + mant;
    return c;
}

/* The counter as the register holds it again. */
static inline vm_num counter_num(counter c)
{
    uint64_t sign = c.value / counter_pow10[8];
    if (c.hex || (sign != 0 && sign != 9))
        return counter_num_nibbles(c);
    vm_num r = {(uint32_t)(c.value % counter_pow10[8]), (int16_t)c.exp, sign == 9, 0};
    return r;
}

/* d = +1 or -1, as the machine adds or takes it away. */
static inline counter counter_add(counter c, int d)
{
    if (c.hex)
        return counter_add_nibbles(c, d);
    if (d < 0)
        c.value = c.value ? c.value - 1 : 999999999u;
    else
        c.value = c.value < 999999999u ? c.value + 1 : 0;
    return c;
}

/* The last digits, span 100 or 1000 (a hex digit counts by its value: ..E9
 * is 149, measured); *more when anything is above them, or a hex digit. */
static inline int counter_low(counter c, uint32_t span, bool *more)
{
    *more = c.hex || c.value >= span;
    return c.hex ? counter_low_nibbles(c, span) : (int)(c.value % span);
}

#endif
