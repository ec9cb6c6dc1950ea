/* Loop counters and indirect pointers holding nibbles (vm_counter.h). */
#include "vm_counter.h"

/* The nine nibbles as decimal digits (each by its value), mod 10^9. */
static uint64_t nibbles_value(uint64_t nib)
{
    uint64_t v = 0;
    for (int i = 8; i >= 0; i--)
        v = v * 10 + (nib >> (4 * i) & 0xF);
    return v % 1000000000u;
}

/* A counter of nibbles that are all decimal digits becomes a decimal one. */
static counter settled(counter c)
{
    for (int i = 0; i < 9; i++)
        if ((c.value >> (4 * i) & 0xF) > 9)
            return c;
    c.hex = false;
    c.value = nibbles_value(c.value);
    return c;
}

counter counter_of_nibbles(vm_num r, int low)
{
    counter c = {0, r.exp, true, false};
    uint32_t sign = (uint32_t)vm_num_sign_nibble(r), mant = r.mant;
    if (low < 7) {
        int shift = 7 - low;
        c.cut = (mant & ((1u << (4 * shift)) - 1)) != 0;
        mant >>= 4 * shift;
        for (int i = 0; i < shift; i++)
            mant |= sign << (4 * (7 - i));
        c.exp += shift;
    }
    c.value = (uint64_t)sign << 32 | mant;
    return settled(c);
}

vm_num counter_num_nibbles(counter c)
{
    uint32_t sign, nib = 0;
    if (c.hex) {
        sign = (uint32_t)(c.value >> 32);
        nib = (uint32_t)c.value;
    } else {
        sign = (uint32_t)(c.value / counter_pow10[8]);
        uint32_t m = (uint32_t)(c.value % counter_pow10[8]);
        for (int i = 0; i < 8; i++, m /= 10)
            nib |= (m % 10) << (4 * i);
    }
    vm_num r = {nib, (int16_t)c.exp, sign == 9, 1};
    if (sign != 0 && sign != 9)
        r.hex = (uint8_t)(sign << 4 | 1); /* a carry into the sign nibble: kept */
    return r;
}

counter counter_add_nibbles(counter c, int d)
{
    if (d > 0) { /* every digit of 10 or more carries on */
        c.hex = false;
        c.value = (nibbles_value(c.value) + 1) % 1000000000u;
        return c;
    }
    for (int i = 0; i < 9; i++) { /* the borrow passes zeros only */
        uint64_t n = c.value >> (4 * i) & 0xF;
        c.value = (c.value & ~((uint64_t)0xF << (4 * i))) | (uint64_t)(n ? n - 1 : 9) << (4 * i);
        if (n)
            break;
    }
    return settled(c);
}

int counter_low_nibbles(counter c, uint32_t span)
{
    int a = 0;
    for (int i = span == 100 ? 1 : 2; i >= 0; i--)
        a = a * 10 + (int)(c.value >> (4 * i) & 0xF);
    return a;
}
