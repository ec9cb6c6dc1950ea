/*
 * vm_num_fn.c: the functions of the F and K keys on vm_num (vm_num.h),
 * digit for digit as the MK-61 computes them (docs/mk61.md, "Functions"):
 * sqrt, x^2, 1/x and the angle/time conversions here, the transcendental
 * functions in vm_num_trans.c, the bitwise ones at the end.
 *
 * sqrt, x^2 and the conversions work on the register's digits as they are,
 * so a loop counter's unnormalised 00000001 gives what the machine gives.
 */
#include "vm_num_internal.h"

#define UNIT 10000000u    /* 10^7 */
#define LIMIT 100000000u  /* 10^8 */

static const uint32_t p10[9] = {1u, 10u, 100u, 1000u, 10000u, 100000u, 1000000u, 10000000u,
                                100000000u};

/* A hex mantissa counts by its digits' values, as in the arithmetic. */
static vm_num decimal(vm_num x)
{
    return x.hex ? vm_num_normal(x) : x;
}

/* --- sqrt, x^2, 1/x ------------------------------------------------------------ */

/* floor(sqrt(n)) for n < 10^16, exactly. */
uint64_t vm_num_isqrt(uint64_t n)
{
    uint64_t lo = 0, hi = 100000000u;
    while (lo < hi) {
        uint64_t mid = (lo + hi + 1) / 2;
        if (mid * mid <= n)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

/* The truncated root of the raw mantissa (times 10^7 for an even exponent,
 * 10^8 for an odd one). The sign digit alone refuses: sqrt(-0) is ЕГГОГ. */
static vm_num_status fn_sqrt(vm_num x, vm_num *out)
{
    if (x.neg)
        return VM_NUM_DOMAIN;
    x = decimal(x);
    if (x.mant == 0) {
        *out = vm_num_zero();
        return VM_NUM_OK;
    }
    bool even = x.exp % 2 == 0;
    uint64_t r = vm_num_isqrt((uint64_t)x.mant * (even ? UNIT : LIMIT));
    return vm_num_kept(vm_num_make(false, r, even ? x.exp / 2 : (x.exp - 1) / 2), out);
}

/* The product rule of x on the raw mantissa: 16 digits are rounded half up
 * to 8, 15 are truncated. No range check: 1e60^2 stays in X. */
static vm_num_status fn_square(vm_num x, vm_num *out)
{
    x = decimal(x);
    uint64_t p = (uint64_t)x.mant * x.mant, m;
    int e = 2 * x.exp;
    if (p >= 1000000000000000u) {
        m = (p + 50000000u) / LIMIT;
        e++;
        if (m >= LIMIT) {
            m /= 10;
            e++;
        }
    } else {
        m = p / UNIT;
    }
    return vm_num_kept(vm_num_make(false, m, e), out);
}

/* 1 / x, truncated; 0 and an unnormalised mantissa are refused. */
static vm_num_status fn_recip(vm_num x, vm_num *out)
{
    x = decimal(x);
    if (x.mant == 0)
        return VM_NUM_DIV_ZERO;
    if (x.mant < UNIT)
        return VM_NUM_DOMAIN;
    return vm_num_div(vm_num_from_int(1), x, out);
}

/* --- angle and time conversions ---------------------------------------------- */

/* These work on the mantissa's decimal digits. Digit i (0 the first) weighs
 * 10^(e - i): the minutes start at digit e + 1, the seconds at e + 3. */

/* The integer formed by the digits from index k to the end. */
static uint32_t digits_from(uint32_t m, int k)
{
    if (k <= 0)
        return m;
    return k >= 8 ? 0 : m % p10[8 - k];
}

static int digit_at(uint32_t m, int k)
{
    return k >= 0 && k < 8 ? (int)(m / p10[7 - k] % 10) : 0;
}

/* A conversion's result: the digits as they fell (X holds them normalised;
 * the display shows them so), the status of the normalised number. */
static vm_num_status conv_result(bool neg, uint64_t m, int e, vm_num *out)
{
    vm_num n;
    vm_num_status st = vm_num_kept(vm_num_make(neg, m, e), &n);
    vm_num r = {(uint32_t)m, (int16_t)e, neg, false};
    *out = r;
    return st;
}

/* One field F (from digit k) of 60ths turned into 100ths: F + 2 floor(F/3)
 * (so 30 minutes become 0.5 and 20000 becomes 33332); false when the sum
 * is a negative number reaching 10^8 exactly (the machine then gives 0). */
static bool field_to_decimal(uint64_t *m, int *e, int k, bool neg)
{
    *m += 2 * (digits_from((uint32_t)*m, k) / 3);
    if (neg && *m == LIMIT)
        return false;
    if (*m >= LIMIT) {
        *m = (*m + 5) / 10;
        ++*e;
    }
    return true;
}

/* К°′→° (D.MM) and К°′″→° (D.MMSS) to degrees. A tens digit of 6 or more in
 * the minutes or the seconds is an error, unless it is the mantissa's last
 * digit. The seconds are turned first, then the minutes. */
static vm_num_status to_degrees(vm_num x, bool seconds, vm_num *out)
{
    x = decimal(x);
    uint64_t m = x.mant;
    int e = x.exp;
    if (m == 0) {
        *out = x; /* a zero as it is, -0 too */
        return VM_NUM_OK;
    }
    if ((e + 1 <= 6 && digit_at(x.mant, e + 1) >= 6)
        || (seconds && e + 3 <= 6 && digit_at(x.mant, e + 3) >= 6))
        return VM_NUM_DOMAIN;
    if ((seconds && !field_to_decimal(&m, &e, e + 3, x.neg)) || !field_to_decimal(&m, &e, e + 1, x.neg)) {
        *out = vm_num_zero();
        return VM_NUM_OK;
    }
    return conv_result(x.neg, m, e, out);
}

/* К°→°′ (to D.MM) and К°→°′″ (to D.MMSS): the field from digit k loses
 * round(0.4 F), so 0.5 becomes 30 minutes; the seconds are taken from the
 * unnormalised minutes. Never an error. */
static vm_num_status from_degrees(vm_num x, bool seconds, vm_num *out)
{
    x = decimal(x);
    uint32_t m = x.mant;
    int e = x.exp;
    if (m == 0) {
        *out = x; /* a zero as it is, -0 too */
        return VM_NUM_OK;
    }
    m -= (4 * digits_from(m, e + 1) + 5) / 10;
    if (seconds) {
        int k = e >= 98 ? e + 3 - 100 : e + 3; /* the position's two digits wrap */
        m -= (4 * digits_from(m, k) + 5) / 10;
    }
    return conv_result(x.neg, m, e, out);
}

/* --- bitwise ------------------------------------------------------------------ */

/* The 7 digits after the first of a's mantissa, as 4-bit nibbles (a hex
 * mantissa's own nibbles); sign and exponent play no part. */
static uint32_t nibbles(vm_num a)
{
    if (a.hex)
        return a.mant & 0x0FFFFFFFu;
    uint32_t m = a.mant, r = 0;
    for (int i = 0; i < 7; i++) {
        r |= (m % 10) << (4 * i);
        m /= 10;
    }
    return r;
}

/* 8.HHHHHHH from 7 nibbles: digits above 9 make a hex mantissa, which the
 * display shows with the glyphs of programming mode (measured: ИНВ of
 * 8.1234567 is 8.EDCBA98, shown 8.EGCL-98). */
static vm_num_status from_nibbles(uint32_t h, vm_num *out)
{
    (void)vm_num_from_raw(0x80000000u | h, out); /* exponent 0, sign + */
    return VM_NUM_OK;
}

/* --- what is modelled -------------------------------------------------------- */

/* A number whose digits every function reads as measured. */
static bool ordinary(vm_num a, bool raw_digits_ok)
{
    if (a.hex || a.exp < -99 || a.exp > 99)
        return false;
    return raw_digits_ok || a.mant == 0 || a.mant >= UNIT;
}

/* By the function's family (vm_isa.h's fn column). */
bool vm_num_modelled(uint8_t code, vm_num x, vm_num y, vm_angle angle)
{
    const vm_op_info *op = vm_op(code);
    if (vm_num_goes_far(code, x))
        return vm_num_far_modelled(code, x, angle);
    bool two = op && op->operands == 2;
    if (code == VM_OP_SQ) /* the digits' product, the exponent doubled */
        return !x.hex;
    switch (op ? (vm_fn)op->fn : VM_FN_NONE) {
    case VM_FN_RAW: return ordinary(x, true); /* they work on the raw digits */
    case VM_FN_TRANS: return ordinary(x, false) && (!two || ordinary(y, false));
    case VM_FN_ARITH: return !x.hex && (!two || !y.hex); /* the adders' carries on hex digits */
    default: return true;
    }
}

/* --- dispatch ------------------------------------------------------------------ */

vm_num_status vm_num_fn1(uint8_t code, vm_num x, vm_angle angle, vm_num *out)
{
    if (vm_num_goes_far(code, x))
        return vm_num_far(code, x, angle, out);
    return vm_num_fn1_near(code, x, angle, out);
}

vm_num_status vm_num_fn1_near(uint8_t code, vm_num x, vm_angle angle, vm_num *out)
{
    const vm_op_info *op = vm_op(code);
    if (op && op->fn == VM_FN_TRANS && op->operands == 1) /* the ИК1303's */
        return vm_num_transcendental(code, x, vm_num_zero(), angle, out);
    switch (code) {
    case VM_OP_PI: *out = vm_num_pi(); return VM_NUM_OK;
    case VM_OP_SQRT: return fn_sqrt(x, out);
    case VM_OP_SQ: return fn_square(x, out);
    case VM_OP_INV: return fn_recip(x, out);
    case VM_OP_DM2D: return to_degrees(x, false, out);
    case VM_OP_DMS2D: return to_degrees(x, true, out);
    case VM_OP_D2DMS: return from_degrees(x, true, out);
    case VM_OP_D2DM: return from_degrees(x, false, out);
    case VM_OP_ABS: *out = vm_num_abs(x); return VM_NUM_OK;
    case VM_OP_SIGN:
        if (x.hex >> 4) /* 1 with the sign nibble (measured: К ЗН of 1|4.3 is 1|1) */
            (void)vm_num_from_raw((uint64_t)(x.hex >> 4) << 32 | 0x10000000u, out);
        else
            *out = vm_num_from_int(vm_num_sign(x));
        return VM_NUM_OK;
    case VM_OP_INT: *out = vm_num_int(x); return VM_NUM_OK;
    case VM_OP_FRAC: *out = vm_num_frac(x); return VM_NUM_OK;
    case VM_OP_NOT: return from_nibbles(~nibbles(x) & 0x0FFFFFFFu, out);
    default: return VM_NUM_DOMAIN;
    }
}

vm_num_status vm_num_fn2(uint8_t code, vm_num x, vm_num y, vm_num *out)
{
    switch (code) {
    case VM_OP_ADD: return vm_num_add(y, x, out);
    case VM_OP_SUB: return vm_num_sub(y, x, out);
    case VM_OP_MUL: return vm_num_mul(y, x, out);
    case VM_OP_DIV: return vm_num_div(y, x, out);
    case VM_OP_POW: return vm_num_transcendental(code, x, y, VM_RAD, out);
    case VM_OP_MAX: *out = vm_num_max(x, y); return VM_NUM_OK;
    case VM_OP_AND: return from_nibbles(nibbles(x) & nibbles(y), out);
    case VM_OP_OR: return from_nibbles(nibbles(x) | nibbles(y), out);
    case VM_OP_XOR: return from_nibbles(nibbles(x) ^ nibbles(y), out);
    default: return VM_NUM_DOMAIN;
    }
}
