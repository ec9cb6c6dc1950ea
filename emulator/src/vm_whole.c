/* A number read as a whole number, exactly (vm_whole.h). */
#include "vm_whole.h"

#define WHOLE_LIMIT 1000000000000000000 /* 10^18: the magnitudes read */

bool vm_whole(vm_num v, int64_t *out)
{
    /* value = mant * 10^(exp - 7), mant < 10^8 (vm_num). */
    if (v.hex)
        return false;
    if (v.mant == 0) {
        *out = 0;
        return true;
    }
    if (v.exp < 0)
        return false; /* 0 < |value| < 1 */
    uint32_t q; /* the integer part: by constant divisors (the cross-check reads
                   a number before every step of its runs) */
    uint32_t unit;
    switch (v.exp) {
    case 0: q = v.mant / 10000000u, unit = 10000000u; break;
    case 1: q = v.mant / 1000000u, unit = 1000000u; break;
    case 2: q = v.mant / 100000u, unit = 100000u; break;
    case 3: q = v.mant / 10000u, unit = 10000u; break;
    case 4: q = v.mant / 1000u, unit = 1000u; break;
    case 5: q = v.mant / 100u, unit = 100u; break;
    case 6: q = v.mant / 10u, unit = 10u; break;
    case 7: q = v.mant, unit = 1u; break;
    default: {
        /* exp 8 and up: mant times 10^(exp - 7), whole; read while it is
         * below 10^18. */
        int64_t r = v.mant;
        for (int e = 7; e < v.exp; e++) {
            if (r >= WHOLE_LIMIT / 10)
                return false;
            r *= 10;
        }
        *out = v.neg ? -r : r;
        return true;
    }
    }
    if (q * unit != v.mant)
        return false;
    *out = v.neg ? -(int64_t)q : (int64_t)q;
    return true;
}

int vm_whole_in(vm_num v, int lo, int hi, int bad)
{
    int64_t w;
    return vm_whole(v, &w) && w >= lo && w <= hi ? (int)w : bad;
}
