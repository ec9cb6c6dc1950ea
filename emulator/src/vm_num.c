/*
 * vm_num.c: the MK-61's decimal numbers: normalisation, comparison, the
 * four operations as the real machine rounds them (+ - x rounded by its own
 * rule, / truncated: docs/mk61.md "Arithmetic"), the register's 12
 * nibbles, text, and conversions to and from double for the front ends.
 * No double is used in the arithmetic. The functions of the F and K keys
 * are in vm_num_fn.c and vm_num_trans.c.
 */
#include "vm_num_internal.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define MANT_MIN 10000000    /* 10^7 */
#define MANT_LIMIT 100000000 /* 10^8 */
#define EXP_MAX 99
#define EXP_MIN (-99)

/* 10^0 .. 10^19 (10^19 < 2^64). */
static const uint64_t pow10_u64[20] = {
    1ULL,
    10ULL,
    100ULL,
    1000ULL,
    10000ULL,
    100000ULL,
    1000000ULL,
    10000000ULL,
    100000000ULL,
    1000000000ULL,
    10000000000ULL,
    100000000000ULL,
    1000000000000ULL,
    10000000000000ULL,
    100000000000000ULL,
    1000000000000000ULL,
    10000000000000000ULL,
    100000000000000000ULL,
    1000000000000000000ULL,
    10000000000000000000ULL,
};

/* How many decimal digits v has (1 for 0). */
static int digits_u64(uint64_t v)
{
    int n = v >= pow10_u64[16] ? 17 : v >= pow10_u64[12] ? 13 : v >= pow10_u64[8] ? 9 : 1;
    while (n < 20 && v >= pow10_u64[n])
        n++;
    return n;
}

/* v / 10^k, k in 1..12, by constants the compiler turns into multiplies. */
static uint64_t div_pow10(uint64_t v, int k)
{
    switch (k) {
    case 1: return v / 10ULL;
    case 2: return v / 100ULL;
    case 3: return v / 1000ULL;
    case 4: return v / 10000ULL;
    case 5: return v / 100000ULL;
    case 6: return v / 1000000ULL;
    case 7: return v / 10000000ULL;
    case 8: return v / 100000000ULL;
    case 9: return v / 1000000000ULL;
    case 10: return v / 10000000000ULL;
    case 11: return v / 100000000000ULL;
    case 12: return v / 1000000000000ULL;
    default: return v / pow10_u64[k];
    }
}

vm_num vm_num_zero(void)
{
    vm_num z = {0, 0, false, false};
    return z;
}

/* The number (neg ? -1 : 1) * n * 10^scale, truncated to 8 digits.
 * n may have any number of digits up to 20. */
static vm_num_status make(bool neg, uint64_t n, int scale, vm_num *out)
{
    if (n == 0) {
        *out = vm_num_zero();
        return VM_NUM_OK;
    }
    int nd = digits_u64(n);
    uint64_t m;
    if (nd > 8)
        m = div_pow10(n, nd - 8);
    else
        m = n * pow10_u64[8 - nd];
    /* value = m * 10^(nd - 8 + scale) = m * 10^(exp - 7) */
    int exp = nd - 1 + scale;
    if (exp > EXP_MAX)
        return VM_NUM_OVERFLOW;
    if (exp < EXP_MIN) {
        *out = vm_num_zero();
        return VM_NUM_OK;
    }
    vm_num_store(out, (uint32_t)m, exp, neg);
    return VM_NUM_OK;
}

vm_num vm_num_from_int(int64_t v)
{
    bool neg = v < 0;
    uint64_t mag = neg ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
    vm_num r;
    (void)make(neg, mag, 0, &r); /* |v| < 10^19: never overflows */
    return r;
}

vm_num vm_num_pi(void)
{
    vm_num p = {31415926, 0, false, false};
    return p;
}

bool vm_num_is_zero(vm_num a)
{
    return a.mant == 0;
}

int vm_num_sign(vm_num a)
{
    return a.mant == 0 ? 0 : a.neg ? -1 : 1;
}

/* Compares magnitudes. */
static int cmp_abs(vm_num a, vm_num b)
{
    if (a.mant == 0 || b.mant == 0)
        return (a.mant != 0) - (b.mant != 0);
    if (a.exp != b.exp)
        return a.exp < b.exp ? -1 : 1;
    return (a.mant > b.mant) - (a.mant < b.mant);
}

int vm_num_cmp(vm_num a, vm_num b)
{
    a = vm_num_normal(a); /* a conversion's unnormalised digits */
    b = vm_num_normal(b);
    int sa = vm_num_sign(a), sb = vm_num_sign(b);
    if (sa != sb)
        return sa < sb ? -1 : 1;
    int c = cmp_abs(a, b);
    return sa < 0 ? -c : c;
}

bool vm_num_eq(vm_num a, vm_num b)
{
    return a.mant == b.mant && a.exp == b.exp && a.neg == b.neg;
}

vm_num vm_num_neg(vm_num a)
{
    if (a.hex >> 4) /* the sign nibble's nines' complement: 1 and 8 (measured);
                       a nibble above 9 modulo 16 (not measured); the flags
                       kept, so an exponent of nibbles stays one */
        a.hex = (uint8_t)(((9 - (a.hex >> 4)) & 0xF) << 4 | (a.hex & 0x0F));
    else if (a.mant != 0)
        a.neg = !a.neg;
    return a;
}

vm_num vm_num_abs(vm_num a)
{
    if (a.hex >> 4) /* the sign nibble becomes 0 (measured: |1|4.3210651 at
                       -01| is 0.43210651) */
        (void)vm_num_from_raw(vm_num_to_raw(a) & ~(0xFull << 32), &a);
    a.neg = false;
    return a;
}

/* --- results ------------------------------------------------------------- */

/* The machine keeps a result whose exponent left -99..99 (an overflow, or
 * an underflow): X holds it and the display shows ЕГГОГ (docs/mk61.md).
 * Its exponent is a 3-digit tens complement: it wraps past 499 / -500. */
static int wrap_exp(int e)
{
    if (e >= -500 && e < 500)
        return e; /* the common case, without the divisions */
    e = ((e + 500) % 1000 + 1000) % 1000 - 500;
    return e;
}

static vm_num_status range(vm_num *r)
{
    if (r->exp >= EXP_MIN && r->exp <= EXP_MAX)
        return VM_NUM_OK;
    r->exp = (int16_t)wrap_exp(r->exp);
    return VM_NUM_OVERFLOW;
}

vm_num_status vm_num_kept(vm_num r, vm_num *out)
{
    *out = r;
    return range(out);
}

vm_num vm_num_make(bool neg, uint64_t m, int e)
{
    if (m == 0)
        return vm_num_zero();
    while (m < MANT_MIN) {
        m *= 10;
        e--;
    }
    vm_num r = {(uint32_t)m, (int16_t)e, neg, false};
    return r;
}

/* vm_num_normal of a number that is not normal already. */
static vm_num normalise(vm_num a)
{
    if (a.hex & VM_NUM_RAW_EXP) {
        /* Nibbles in the exponent (not measured): by their values. */
        a.exp = (int16_t)vm_num_exp_value(a);
        a.hex = (uint8_t)(a.hex & ~VM_NUM_RAW_EXP);
    }
    if (a.hex) {
        /* Arithmetic on hex digits: the machine's decimal adders carry a
         * digit of 10 or more on, so a mantissa counts as the sum of its
         * digits' values (8.DCBA98F + 1 is 10.4321, measured). */
        uint64_t v = 0;
        for (int i = 7; i >= 0; i--)
            v = v * 10 + (a.mant >> (4 * i) & 0xF);
        /* A sign nibble other than 0 adds as a minus (measured: 2 +
         * 1|0.43210651 is 1.5678935, 3 - it, 3 + 8|0.43210651, 2.5678935). */
        a.neg = a.neg || a.hex >> 4;
        a.hex = false;
        while (v >= MANT_LIMIT) {
            v /= 10;
            a.exp++;
        }
        a.mant = (uint32_t)v;
    }
    if (a.mant == 0)
        return vm_num_zero(); /* a used pointer's 00000000: X holds 0 */
    while (a.mant < MANT_MIN) {
        a.mant *= 10;
        a.exp--;
    }
    a.exp = (int16_t)wrap_exp(a.exp); /* the register's 3 exponent digits */
    return a;
}

vm_num vm_num_normal(vm_num a)
{
    return vm_num_is_normal(a) ? a : normalise(a); /* the common case inline */
}

/* The result (neg, mag, e): mag < 10^8 is the mantissa at exponent e,
 * perhaps with leading zeros, which normalisation shifts out (bringing in
 * zeros, never new digits). */
static vm_num_status result(bool neg, uint32_t mag, int e, vm_num *out)
{
    if (mag == 0) {
        *out = vm_num_zero();
        return VM_NUM_OK;
    }
    while (mag < MANT_MIN) {
        mag *= 10;
        e--;
    }
    vm_num_store(out, mag, wrap_exp(e), neg);
    return e >= EXP_MIN && e <= EXP_MAX ? VM_NUM_OK : VM_NUM_OVERFLOW;
}

/* --- addition and subtraction ------------------------------------------ */

/*
 * As the real machine adds (measured, docs/mk61.md "Arithmetic and rounding"): the operand
 * with the smaller exponent is shifted right to the other's, one digit at a
 * time, its SIGNED mantissa rounded at each step (B = floor((B + 5) / 10),
 * so halves go towards +infinity); the two are added exactly; a sum of nine
 * digits is shifted right once more, its magnitude rounded half up. So
 * 2 + 8.1234567 = 10.123457, 1 + 4.5e-8 = 1.0000001 (4.5 -> 5 -> 1),
 * 1 - 5.1e-8 = 1 and 1 - 6e-8 = 0.9999999 (a cancellation keeps the
 * larger operand's last place).
 */
/* u < 10^8 shifted right d >= 0 places, rounded at each: floor((u + h) /
 * 10) d times, which is floor((u + hh..h) / 10^d) with d digits h (nested
 * floors of integer quotients nest so), by constants; 0 from 9 on. */
static uint32_t shift_rounded(uint32_t u, int d, uint32_t h)
{
    switch (d) {
    case 0: return u;
    case 1: return (u + h) / 10u;
    case 2: return (u + h * 11u) / 100u;
    case 3: return (u + h * 111u) / 1000u;
    case 4: return (u + h * 1111u) / 10000u;
    case 5: return (u + h * 11111u) / 100000u;
    case 6: return (u + h * 111111u) / 1000000u;
    case 7: return (u + h * 1111111u) / 10000000u;
    case 8: return (u + h * 11111111u) / 100000000u;
    default: return 0;
    }
}

vm_num_status vm_num_add(vm_num a, vm_num b, vm_num *out)
{
    a = vm_num_is_normal(a) ? a : normalise(a);
    b = vm_num_is_normal(b) ? b : normalise(b);
    if (b.mant == 0) {
        *out = a.mant == 0 ? vm_num_zero() : a;
        return range(out);
    }
    if (a.mant == 0) {
        *out = b;
        return range(out);
    }
    if (a.exp < b.exp) {
        vm_num t = a;
        a = b;
        b = t;
    }
    /* floor((B + 5) / 10) keeps B's sign: for B = -u it is
     * -floor((u + 4) / 10), so the magnitude is shifted in 32 bits. */
    uint32_t ub = shift_rounded(b.mant, a.exp - b.exp, b.neg ? 4 : 5);
    int64_t sb = b.neg ? -(int64_t)ub : (int64_t)ub;
    int64_t sum = (a.neg ? -(int64_t)a.mant : (int64_t)a.mant) + sb;
    bool neg = sum < 0;
    uint64_t mag = (uint64_t)(neg ? -sum : sum);
    int e = a.exp;
    if (mag >= MANT_LIMIT) {
        mag = (mag + 5) / 10;
        e++;
        if (mag >= MANT_LIMIT) {
            mag /= 10;
            e++;
        }
    }
    return result(neg, (uint32_t)mag, e, out);
}

vm_num_status vm_num_sub(vm_num a, vm_num b, vm_num *out)
{
    return vm_num_add(a, vm_num_neg(b), out);
}

/* --- multiplication and division --------------------------------------- */

/* The product of the mantissas has 15 or 16 digits. Measured: with 16 the
 * first 8 are kept rounded half up by the 9th; with 15 the first 8 are
 * kept as they are (the machine's product window holds 9 digits from the
 * tens place down). So 0.5 x 8.1234567 = 4.0617284 (40617283.5 -> ...4)
 * and 8.8994693|97 stays 8.8994693. */
vm_num_status vm_num_mul(vm_num a, vm_num b, vm_num *out)
{
    a = vm_num_is_normal(a) ? a : normalise(a);
    b = vm_num_is_normal(b) ? b : normalise(b);
    if (a.mant == 0 || b.mant == 0) {
        *out = vm_num_zero();
        return VM_NUM_OK;
    }
    uint64_t p = (uint64_t)a.mant * (uint64_t)b.mant;
    int e = a.exp + b.exp;
    uint64_t m;
    if (p >= 1000000000000000ULL) {
        m = (p + 50000000ULL) / 100000000ULL;
        e++;
        if (m >= MANT_LIMIT) {
            m /= 10;
            e++;
        }
    } else {
        m = p / 10000000ULL;
    }
    return result(a.neg != b.neg, (uint32_t)m, e, out);
}

/* The quotient truncated to 8 digits (measured). */
vm_num_status vm_num_div(vm_num a, vm_num b, vm_num *out)
{
    a = vm_num_is_normal(a) ? a : normalise(a);
    b = vm_num_is_normal(b) ? b : normalise(b);
    if (b.mant == 0)
        return VM_NUM_DIV_ZERO;
    if (a.mant == 0) {
        *out = vm_num_zero();
        return VM_NUM_OK;
    }
    uint64_t q = (uint64_t)a.mant * pow10_u64[8] / (uint64_t)b.mant; /* 8 or 9 digits */
    int e = a.exp - b.exp - 1;
    if (q >= MANT_LIMIT) {
        q /= 10;
        e++;
    }
    return result(a.neg != b.neg, (uint32_t)q, e, out);
}

/* --- integer and fractional parts, max ------------------------------------ */

/* a with the mantissa whose 8 digits are the nibbles nib (the first in bits
 * 28..31): hex when one is above 9, else the decimal integer they spell. */
static vm_num with_nibbles(vm_num a, uint32_t nib)
{
    uint32_t m = 0;
    a.hex = false;
    for (int i = 7; i >= 0; i--) {
        uint32_t d = nib >> (4 * i) & 0xF;
        a.hex = a.hex || d > 9;
        m = m * 10 + d;
    }
    a.mant = a.hex ? nib : m;
    return a;
}

/* A hex mantissa's parts are cut from its nibbles, as a decimal one's from
 * its digits (measured: К[x] of 8.DCBA98F is 8, К{x} is 0.DCBA98F, shown
 * G.CL-98 -01; the fractional nibbles move up past leading zeros). */
vm_num vm_num_int(vm_num a)
{
    if (a.mant == 0 || a.exp >= 7)
        return a;
    if (a.exp < 0)
        return vm_num_zero();
    if (a.hex)
        return with_nibbles(a, a.mant & (0xFFFFFFFFu << (4 * (7 - a.exp))));
    uint32_t p = (uint32_t)pow10_u64[7 - a.exp];
    a.mant = (int32_t)((uint32_t)a.mant / p * p);
    return a;
}

vm_num vm_num_frac(vm_num a)
{
    if (a.mant == 0 || a.exp < 0)
        return a;
    vm_num r = vm_num_zero();
    r.neg = a.neg; /* {x} of -2 is -0 (measured) */
    if (a.exp >= 7)
        return r;
    if (a.hex) {
        uint32_t rem = a.mant & ((1u << (4 * (7 - a.exp))) - 1);
        if (rem == 0)
            return r;
        for (r.exp = a.exp; rem >> 28 == 0; r.exp--)
            rem <<= 4;
        return with_nibbles(r, rem);
    }
    uint32_t p = (uint32_t)pow10_u64[7 - a.exp];
    uint32_t rem = (uint32_t)a.mant % p;
    if (rem != 0)
        (void)make(a.neg, rem, a.exp - 7, &r); /* exact: rem < 10^7 */
    return r;
}

vm_num vm_num_max(vm_num a, vm_num b)
{
    /* K max: zero counts as the largest number (see docs/mk61.md). */
    if (a.mant == 0 || b.mant == 0)
        return vm_num_zero();
    return vm_num_cmp(a, b) >= 0 ? a : b;
}

/* --- double ---------------------------------------------------------------- */

/* 10^k as a double, k in about -330..330; exact for |k| <= 22. */
static double pow10_d(int k)
{
    static const double t[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                 1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    if (k >= 0 && k <= 22)
        return t[k];
    if (k < 0 && k >= -22)
        return 1.0 / t[-k];
    return pow(10.0, (double)k);
}

/* v * 10^k for v > 0, dividing by exact powers where that is more exact. */
static double scale10(double v, int k)
{
    if (k >= 0 && k <= 22)
        return v * pow10_d(k);
    if (k < 0 && k >= -22)
        return v / pow10_d(-k);
    if (k > 22)
        return scale10(v * 1e22, k - 22);
    return scale10(v / 1e22, k + 22);
}

double vm_num_to_double(vm_num a)
{
    if (a.mant == 0)
        return 0.0;
    double v = scale10((double)a.mant, a.exp - 7);
    return a.neg ? -v : v;
}

vm_num_status vm_num_from_double(double d, vm_num *out)
{
    if (isnan(d) || isinf(d))
        return VM_NUM_DOMAIN;
    if (d == 0.0) {
        *out = vm_num_zero();
        return VM_NUM_OK;
    }
    bool neg = d < 0;
    double v = fabs(d);
    if (v >= 1e101)
        return VM_NUM_OVERFLOW;
    if (v < 1e-101) {
        *out = vm_num_zero();
        return VM_NUM_OK;
    }
    /* Round to 15 significant digits (what a double holds reliably), then
     * truncate those to 8: 2.9999999999999996 becomes 3, 0.123456789 becomes
     * 0.12345678. */
    int e10 = (int)floor(log10(v));
    double s = scale10(v, 14 - e10);
    if (s >= 999999999999999.5) {
        e10++;
        s = scale10(v, 14 - e10);
    } else if (s < 99999999999999.5) {
        e10--;
        s = scale10(v, 14 - e10);
    }
    uint64_t n = (uint64_t)llround(s);
    if (n >= pow10_u64[15]) {
        n /= 10;
        e10++;
    }
    return make(neg, n, e10 - 14, out);
}

/* --- text ------------------------------------------------------------------- */

/* "raw:" and 12 hex digits (vm_num_to_raw's layout). */
static bool parse_raw(const char *text, vm_num *out)
{
    uint64_t raw = 0;
    for (int i = 0; i < 12; i++) {
        char c = text[i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10
              : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        if (d < 0)
            return false;
        raw = raw << 4 | (uint64_t)d;
    }
    return text[12] == '\0' && vm_num_from_raw(raw, out);
}

bool vm_num_parse(const char *text, vm_num *out)
{
    if (strncmp(text, "raw:", 4) == 0)
        return parse_raw(text + 4, out);
    if (strcmp(text, "-0") == 0) {
        *out = vm_num_zero();
        out->neg = true;
        return true;
    }
    const char *p = text;
    bool neg = false;
    if (*p == '+' || *p == '-')
        neg = *p++ == '-';
    uint64_t n = 0;  /* the first 8 significant digits */
    int kept = 0;    /* how many of them */
    int scale = 0;   /* value = n * 10^scale, before the exponent part */
    bool any = false, point = false;
    for (;; p++) {
        if (*p == '.' && !point) {
            point = true;
            continue;
        }
        if (*p < '0' || *p > '9')
            break;
        any = true;
        int digit = *p - '0';
        if (kept == 0 && digit == 0) {
            if (point)
                scale--;
            continue;
        }
        if (kept < 8) {
            n = n * 10 + (uint64_t)digit;
            kept++;
            if (point)
                scale--;
        } else if (!point) {
            scale++; /* a digit cut off before the point */
        }
    }
    if (!any)
        return false;
    if (*p == 'e' || *p == 'E') {
        p++;
        bool eneg = false;
        if (*p == '+' || *p == '-')
            eneg = *p++ == '-';
        if (*p < '0' || *p > '9')
            return false;
        int e = 0;
        for (; *p >= '0' && *p <= '9'; p++)
            if (e < 10000)
                e = e * 10 + (*p - '0');
        scale += eneg ? -e : e;
    }
    if (*p != '\0')
        return false;
    if (scale > 1000)
        scale = 1000; /* overflows below unless n is 0 */
    vm_num r;
    if (make(neg, n, scale, &r) != VM_NUM_OK)
        return false;
    *out = r;
    return true;
}

/* Appends c at position *len when there is room (leaving room for '\0'). */
static void put(char *buf, size_t size, int *len, char c)
{
    if (buf != NULL && (size_t)*len + 1 < size)
        buf[*len] = c;
    (*len)++;
}

int vm_num_format_value(vm_num a, char *buf, size_t size)
{
    if (!a.hex && a.mant != 0 && a.mant < MANT_MIN) {
        vm_num n = vm_num_normal(a);
        if (n.exp >= EXP_MIN && n.exp <= EXP_MAX)
            a = n;
    }
    return vm_num_format(a, buf, size);
}

int vm_num_format(vm_num a, char *buf, size_t size)
{
    if (!vm_num_is_plain(a)) {
        if (a.mant == 0 && a.exp == 0 && !a.hex)
            return snprintf(buf, size, "-0");
        return snprintf(buf, size, "raw:%012llX", (unsigned long long)vm_num_to_raw(a));
    }
    int len = 0;
    char dig[8];
    int nd = 8;
    int32_t m = a.mant;
    for (int i = 7; i >= 0; i--) {
        dig[i] = (char)('0' + m % 10);
        m /= 10;
    }
    while (nd > 1 && dig[nd - 1] == '0')
        nd--; /* significant digits, trailing zeros dropped */
    if (a.mant == 0) {
        put(buf, size, &len, '0');
    } else {
        if (a.neg)
            put(buf, size, &len, '-');
        int e = a.exp;
        if (e >= -7 && e <= 7) {
            /* Fixed: the point goes after digit e (counting from 0). */
            if (e < 0) {
                put(buf, size, &len, '0');
                put(buf, size, &len, '.');
                for (int i = -1; i > e; i--)
                    put(buf, size, &len, '0');
                for (int i = 0; i < nd; i++)
                    put(buf, size, &len, dig[i]);
            } else {
                for (int i = 0; i <= e; i++)
                    put(buf, size, &len, dig[i]);
                if (nd > e + 1) {
                    put(buf, size, &len, '.');
                    for (int i = e + 1; i < nd; i++)
                        put(buf, size, &len, dig[i]);
                }
            }
        } else {
            put(buf, size, &len, dig[0]);
            if (nd > 1) {
                put(buf, size, &len, '.');
                for (int i = 1; i < nd; i++)
                    put(buf, size, &len, dig[i]);
            }
            put(buf, size, &len, 'e');
            if (e < 0) {
                put(buf, size, &len, '-');
                e = -e;
            }
            if (e >= 10)
                put(buf, size, &len, (char)('0' + e / 10));
            put(buf, size, &len, (char)('0' + e % 10));
        }
    }
    if (buf != NULL && size > 0)
        buf[(size_t)len < size ? (size_t)len : size - 1] = '\0';
    return len;
}

/* --- the machine's registers ---------------------------------------------- */

/* The 8 mantissa digits as nibbles, the first in bits 28..31. */
static uint32_t mant_nibbles(vm_num a)
{
    if (a.hex)
        return a.mant;
    uint32_t m = a.mant, r = 0;
    for (int i = 0; i < 8; i++, m /= 10)
        r |= (m % 10) << (4 * i);
    return r;
}

uint64_t vm_num_to_raw(vm_num a)
{
    uint64_t r;
    if (a.hex & VM_NUM_RAW_EXP) {
        r = (uint64_t)(a.exp & 0xFFF) << 36;
    } else {
        unsigned e = (unsigned)vm_num_exp_digits(a.exp);
        r = (uint64_t)(e / 100) << 44 | (uint64_t)(e / 10 % 10) << 40 | (uint64_t)(e % 10) << 36;
    }
    return r | (uint64_t)vm_num_sign_nibble(a) << 32 | mant_nibbles(a);
}

bool vm_num_from_raw(uint64_t raw, vm_num *out)
{
    int e2 = (int)(raw >> 44 & 0xF), e1 = (int)(raw >> 40 & 0xF), e0 = (int)(raw >> 36 & 0xF);
    int ms = (int)(raw >> 32 & 0xF);
    int e = e2 * 100 + e1 * 10 + e0;
    vm_num r;
    r.exp = (int16_t)(e >= 500 ? e - 1000 : e);
    r.neg = ms == 9;
    r = with_nibbles(r, (uint32_t)raw);
    if (ms != 0 && ms != 9) {
        r.mant = (uint32_t)raw;
        r.hex = (uint8_t)(ms << 4 | VM_NUM_NIBBLES);
    }
    if (e2 > 9 || e1 > 9 || e0 > 9) {
        /* An operation's code in the exponent's nibbles (docs/mk61.md):
         * kept as nibbles, the mantissa too. */
        r.mant = (uint32_t)raw;
        r.exp = (int16_t)(raw >> 36 & 0xFFF);
        r.hex = (uint8_t)(r.hex | VM_NUM_NIBBLES | VM_NUM_RAW_EXP);
    }
    *out = r;
    return true;
}

int vm_num_exp_value(vm_num a)
{
    if (!(a.hex & VM_NUM_RAW_EXP))
        return a.exp;
    int e = (a.exp >> 8 & 0xF) * 100 + (a.exp >> 4 & 0xF) * 10 + (a.exp & 0xF);
    return wrap_exp(e >= 500 ? e - 1000 : e);
}

bool vm_num_decimal(vm_num a)
{
    if (a.hex)
        return false;
    if (a.mant == 0)
        return true;
    vm_num n = normalise(a);
    return n.exp >= EXP_MIN && n.exp <= EXP_MAX;
}

bool vm_num_is_plain(vm_num a)
{
    if (a.hex)
        return false;
    if (a.mant == 0)
        return a.exp == 0 && !a.neg;
    return a.mant >= MANT_MIN && a.mant < MANT_LIMIT && a.exp >= EXP_MIN && a.exp <= EXP_MAX;
}

bool vm_num_same_value(vm_num a, vm_num b)
{
    if (a.hex || b.hex)
        return a.hex == b.hex && a.mant == b.mant && a.exp == b.exp && a.neg == b.neg;
    if (a.mant == 0 || b.mant == 0)
        return a.mant == b.mant && a.neg == b.neg;
    /* Normalise both: leading zeros move into the exponent. */
    uint32_t ma = a.mant, mb = b.mant;
    int ea = a.exp, eb = b.exp;
    while (ma < MANT_MIN) {
        ma *= 10;
        ea--;
    }
    while (mb < MANT_MIN) {
        mb *= 10;
        eb--;
    }
    return ma == mb && ea == eb && a.neg == b.neg;
}
