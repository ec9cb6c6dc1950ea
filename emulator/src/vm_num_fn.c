/*
 * vm_num_fn.c: the functions of the F and K keys on vm_num (see vm_num.h
 * and docs/mk61.md for what each does and which results are exact).
 *
 * Exact where the machine is exact: sqrt is an integer square root of the
 * mantissa, 10^x of an integer and lg of a power of ten only move the
 * exponent, x^2 and 1/x are vm_num arithmetic, x^y with an integer y is
 * exact when the result has at most 8 digits, trigonometry in degrees and
 * grads reduces the angle exactly and knows the multiples of a right angle.
 * The rest is computed in double and kept to 8 digits by vm_num_from_double
 * (rounded to 15 digits, then truncated to 8).
 */
#include "vm_num.h"

#include <math.h>

#define PI_D 3.14159265358979323846

static vm_num num(int32_t mant, int exp, bool neg)
{
    vm_num r = {(uint32_t)mant, (int16_t)exp, neg, false};
    return r;
}

static vm_num one(void)
{
    return num(10000000, 0, false);
}

/* a is an integer (0 included). */
static bool is_integer(vm_num a)
{
    return vm_num_eq(vm_num_int(a), a);
}

/* --- square root ------------------------------------------------------------ */

/* floor(sqrt(n)) for n < 2^63, exactly. */
static uint64_t isqrt(uint64_t n)
{
    uint64_t r = (uint64_t)sqrt((double)n);
    while (r * r > n)
        r--;
    while ((r + 1) * (r + 1) <= n)
        r++;
    return r;
}

static vm_num_status fn_sqrt(vm_num x, vm_num *out)
{
    if (x.mant == 0) {
        *out = x;
        return VM_NUM_OK;
    }
    if (x.neg)
        return VM_NUM_DOMAIN;
    /* x = m * 10^e2 with e2 = exp - 7; make e2 even, keep 16-17 digits. */
    int e2 = x.exp - 7;
    uint64_t n = (uint64_t)x.mant * 100000000ULL; /* m * 10^8 */
    e2 -= 8;
    if (e2 % 2 != 0) {
        n *= 10;
        e2 -= 1;
    }
    uint64_t r = isqrt(n); /* 8 or 9 digits, truncated */
    /* r * 10^(e2/2): build through vm_num_from_int's truncation. */
    vm_num v = vm_num_from_int((int64_t)r);
    int exp = v.exp + e2 / 2;
    *out = num(v.mant, exp, false); /* |exp| stays well inside -99..99 */
    return VM_NUM_OK;
}

/* --- powers and logarithms ------------------------------------------------- */

static vm_num_status from_double(double d, vm_num *out)
{
    vm_num_status st = vm_num_from_double(d, out);
    return st == VM_NUM_OVERFLOW ? VM_NUM_DOMAIN : st;
}

/* 10^x. */
static vm_num_status fn_exp10(vm_num x, vm_num *out)
{
    if (is_integer(x)) {
        if (x.mant == 0) {
            *out = one();
            return VM_NUM_OK;
        }
        if (x.exp >= 2)
            return x.neg ? (*out = vm_num_zero(), VM_NUM_OK) : VM_NUM_DOMAIN;
        /* |x| <= 99: the mantissa's leading digits are the integer. */
        int k = x.exp == 0 ? x.mant / 10000000 : x.mant / 1000000;
        if (x.neg)
            k = -k;
        *out = num(10000000, k, false);
        return VM_NUM_OK;
    }
    double v = vm_num_to_double(x);
    if (v >= 100.0)
        return VM_NUM_DOMAIN;
    return from_double(pow(10.0, v), out);
}

static vm_num_status fn_exp(vm_num x, vm_num *out)
{
    double v = vm_num_to_double(x);
    if (v > 231.0)
        return VM_NUM_DOMAIN;
    if (v < -240.0) {
        *out = vm_num_zero();
        return VM_NUM_OK;
    }
    return from_double(exp(v), out);
}

static vm_num_status fn_log(vm_num x, bool decimal, vm_num *out)
{
    if (x.mant == 0 || x.neg)
        return VM_NUM_DOMAIN;
    if (decimal && x.mant == 10000000) {
        *out = vm_num_from_int(x.exp); /* lg 10^k = k */
        return VM_NUM_OK;
    }
    double v = vm_num_to_double(x);
    return from_double(decimal ? log10(v) : log(v), out);
}

/* m^n exactly when it stays below 10^8, for m > 0 without trailing zeros. */
static bool small_power(uint64_t m, uint64_t n, uint64_t *out)
{
    uint64_t r = 1;
    for (uint64_t i = 0; i < n; i++) {
        r *= m;
        if (r >= 100000000ULL)
            return false;
    }
    *out = r;
    return true;
}

/* F x^y: x (the X register) to the power y (the Y register); x > 0. */
static vm_num_status fn_pow(vm_num x, vm_num y, vm_num *out)
{
    if (x.mant == 0 || x.neg)
        return VM_NUM_DOMAIN;
    if (y.mant == 0) {
        *out = one();
        return VM_NUM_OK;
    }
    if (is_integer(y) && y.exp <= 2) {
        /* x = m * 10^k with m free of trailing zeros; x^n = m^n * 10^(kn),
         * exact when m^n has at most 8 digits (it has no trailing zeros). */
        uint64_t m = (uint64_t)x.mant;
        int k = x.exp - 7;
        while (m % 10 == 0) {
            m /= 10;
            k++;
        }
        int n = (int)(y.mant / (y.exp == 0 ? 10000000 : y.exp == 1 ? 1000000 : 100000));
        uint64_t p;
        if (small_power(m, (uint64_t)n, &p)) {
            vm_num v = vm_num_from_int((int64_t)p);
            long e = (long)k * n + v.exp; /* x^n = v.mant * 10^(e - 7) */
            if (e >= -99 && e <= 99) {
                v.exp = (int16_t)e;
                if (!y.neg) {
                    *out = v;
                    return VM_NUM_OK;
                }
                /* x^-n = 1 / x^n, exact when multiplying back gives 1. */
                vm_num q, back;
                if (vm_num_div(one(), v, &q) == VM_NUM_OK
                    && vm_num_mul(q, v, &back) == VM_NUM_OK && vm_num_eq(back, one())) {
                    *out = q;
                    return VM_NUM_OK;
                }
            }
        }
    }
    double r = pow(vm_num_to_double(x), vm_num_to_double(y));
    if (r >= 1e100)
        return VM_NUM_DOMAIN;
    return from_double(r, out);
}

/* --- trigonometry ----------------------------------------------------------- */

/* Arguments this large are refused (see docs/mk61.md). */
#define TRIG_LIMIT 1e10

/* |x| mod turn for a turn of 360 (degrees) or 400 (grads), exactly:
 * *n * 10^-*s with *s in 0..16, or false when |x| < 10^-10 (no reduction
 * needed, *n and *s untouched). */
static bool reduce(vm_num x, int64_t turn, int64_t *n, int *s)
{
    int e2 = x.exp - 7; /* |x| = mant * 10^e2 */
    if (e2 >= 0) {
        int64_t v = x.mant;
        for (int i = 0; i < e2; i++)
            v = v * 10 % turn;
        *n = v % turn;
        *s = 0;
        return true;
    }
    if (-e2 > 16)
        return false;
    int64_t unit = 1;
    for (int i = 0; i < -e2; i++)
        unit *= 10;
    *n = x.mant % (turn * unit);
    *s = -e2;
    return true;
}

/* sin, cos or tan (0, 1, 2) of x in the given unit. */
static vm_num_status fn_trig(int which, vm_num x, vm_angle angle, vm_num *out)
{
    double v = vm_num_to_double(x);
    if (fabs(v) >= TRIG_LIMIT)
        return VM_NUM_DOMAIN;
    if (x.mant == 0) {
        *out = which == 1 ? one() : vm_num_zero();
        return VM_NUM_OK;
    }
    double rad;
    if (angle == VM_RAD) {
        rad = v;
    } else {
        int64_t turn = angle == VM_DEG ? 360 : 400;
        int64_t n;
        int s;
        bool neg = x.neg;
        if (reduce(x, turn, &n, &s)) {
            int64_t unit = 1;
            for (int i = 0; i < s; i++)
                unit *= 10;
            int64_t quarter = turn / 4 * unit;
            if (n % quarter == 0) {
                /* 0, 90, 180, 270 degrees: exact values. */
                int q = (int)(n / quarter);
                static const int sinq[4] = {0, 1, 0, -1}, cosq[4] = {1, 0, -1, 0};
                int sv = neg ? -sinq[q] : sinq[q];
                int cv = cosq[q];
                if (which == 2 && cv == 0)
                    return VM_NUM_DOMAIN;
                int r = which == 0 ? sv : which == 1 ? cv : 0;
                *out = vm_num_from_int(r);
                return VM_NUM_OK;
            }
            double a = (double)n / (double)unit;
            rad = a * (2.0 * PI_D / (double)turn);
            if (neg)
                rad = -rad;
        } else {
            rad = v * (2.0 * PI_D / (double)turn);
        }
    }
    double r = which == 0 ? sin(rad) : which == 1 ? cos(rad) : tan(rad);
    return from_double(r, out);
}

/* An angle in radians, in the given unit. */
static vm_num_status angle_out(double rad, vm_angle angle, vm_num *out)
{
    if (angle == VM_DEG)
        rad = rad * (180.0 / PI_D);
    else if (angle == VM_GRAD)
        rad = rad * (200.0 / PI_D);
    return from_double(rad, out);
}

static vm_num_status fn_arc(int which, vm_num x, vm_angle angle, vm_num *out)
{
    double v = vm_num_to_double(x);
    if (which < 2 && fabs(v) > 1.0)
        return VM_NUM_DOMAIN;
    double r = which == 0 ? asin(v) : which == 1 ? acos(v) : atan(v);
    return angle_out(r, angle, out);
}

/* --- angle and time conversions -------------------------------------------- */

static vm_num small(int v)
{
    return vm_num_from_int(v);
}

/* Degrees and minutes (D.MM) or degrees, minutes and seconds (D.MMSS) to
 * decimal degrees; minutes or seconds of 60 or more are an error. */
static vm_num_status from_sexagesimal(vm_num x, bool seconds, vm_num *out)
{
    vm_num a = vm_num_abs(x), d = vm_num_int(a), f = vm_num_frac(a), t, r;
    vm_num_status st;
    if ((st = vm_num_mul(f, small(100), &t)) != VM_NUM_OK)
        return st;
    if (vm_num_cmp(t, small(60)) >= 0)
        return VM_NUM_DOMAIN;
    if (!seconds) {
        st = vm_num_div(t, small(60), &r); /* minutes / 60 */
    } else {
        vm_num m = vm_num_int(t), sec, total;
        if ((st = vm_num_mul(vm_num_frac(t), small(100), &sec)) != VM_NUM_OK)
            return st;
        if (vm_num_cmp(sec, small(60)) >= 0)
            return VM_NUM_DOMAIN;
        if ((st = vm_num_mul(m, small(60), &total)) != VM_NUM_OK
            || (st = vm_num_add(total, sec, &total)) != VM_NUM_OK)
            return st;
        st = vm_num_div(total, small(3600), &r); /* (60 M + S) / 3600 */
    }
    if (st != VM_NUM_OK || (st = vm_num_add(d, r, &r)) != VM_NUM_OK)
        return st;
    *out = x.neg ? vm_num_neg(r) : r;
    return VM_NUM_OK;
}

/* Decimal degrees to D.MM or D.MMSS. */
static vm_num_status to_sexagesimal(vm_num x, bool seconds, vm_num *out)
{
    vm_num a = vm_num_abs(x), d = vm_num_int(a), t, r;
    vm_num_status st;
    if ((st = vm_num_mul(vm_num_frac(a), small(60), &t)) != VM_NUM_OK)
        return st;
    if (!seconds) {
        st = vm_num_div(t, small(100), &r); /* minutes / 100 */
    } else {
        vm_num m, sec;
        if ((st = vm_num_mul(vm_num_frac(t), small(60), &sec)) != VM_NUM_OK
            || (st = vm_num_mul(vm_num_int(t), small(100), &m)) != VM_NUM_OK
            || (st = vm_num_add(m, sec, &m)) != VM_NUM_OK)
            return st;
        st = vm_num_div(m, small(10000), &r); /* (100 M + S) / 10000 */
    }
    if (st != VM_NUM_OK || (st = vm_num_add(d, r, &r)) != VM_NUM_OK)
        return st;
    *out = x.neg ? vm_num_neg(r) : r;
    return VM_NUM_OK;
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
    vm_num r = {0x80000000u | h, 0, false, false};
    for (int i = 0; i < 7; i++)
        if ((h >> (4 * i) & 0xF) > 9)
            r.hex = true;
    if (!r.hex) {
        uint32_t m = 8;
        for (int i = 6; i >= 0; i--)
            m = m * 10 + (h >> (4 * i) & 0xF);
        r.mant = m;
    }
    *out = r;
    return VM_NUM_OK;
}

/* --- dispatch ------------------------------------------------------------------ */

vm_num_status vm_num_fn1(uint8_t code, vm_num x, vm_angle angle, vm_num *out)
{
    switch (code) {
    case 0x15: return fn_exp10(x, out);
    case 0x16: return fn_exp(x, out);
    case 0x17: return fn_log(x, true, out);
    case 0x18: return fn_log(x, false, out);
    case 0x19: return fn_arc(0, x, angle, out);
    case 0x1A: return fn_arc(1, x, angle, out);
    case 0x1B: return fn_arc(2, x, angle, out);
    case 0x1C: return fn_trig(0, x, angle, out);
    case 0x1D: return fn_trig(1, x, angle, out);
    case 0x1E: return fn_trig(2, x, angle, out);
    case 0x20: *out = vm_num_pi(); return VM_NUM_OK;
    case 0x21: return fn_sqrt(x, out);
    case 0x22: return vm_num_mul(x, x, out);
    case 0x23: return vm_num_div(one(), x, out);
    case 0x26: return from_sexagesimal(x, false, out);
    case 0x2A: return from_sexagesimal(x, true, out);
    case 0x30: return to_sexagesimal(x, true, out);
    case 0x33: return to_sexagesimal(x, false, out);
    case 0x31: *out = vm_num_abs(x); return VM_NUM_OK;
    case 0x32: *out = vm_num_from_int(vm_num_sign(x)); return VM_NUM_OK;
    case 0x34: *out = vm_num_int(x); return VM_NUM_OK;
    case 0x35: *out = vm_num_frac(x); return VM_NUM_OK;
    case 0x3A: return from_nibbles(~nibbles(x) & 0x0FFFFFFFu, out);
    default: return VM_NUM_DOMAIN;
    }
}

vm_num_status vm_num_fn2(uint8_t code, vm_num x, vm_num y, vm_num *out)
{
    switch (code) {
    case 0x10: return vm_num_add(y, x, out);
    case 0x11: return vm_num_sub(y, x, out);
    case 0x12: return vm_num_mul(y, x, out);
    case 0x13: return vm_num_div(y, x, out);
    case 0x24: return fn_pow(x, y, out);
    case 0x36: *out = vm_num_max(x, y); return VM_NUM_OK;
    case 0x37: return from_nibbles(nibbles(x) & nibbles(y), out);
    case 0x38: return from_nibbles(nibbles(x) | nibbles(y), out);
    case 0x39: return from_nibbles(nibbles(x) ^ nibbles(y), out);
    default: return VM_NUM_DOMAIN;
    }
}
