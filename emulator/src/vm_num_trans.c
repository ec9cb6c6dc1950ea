/*
 * vm_num_trans.c: lg, ln, 10^x, e^x, x^y and the trigonometric and inverse
 * trigonometric functions, digit for digit as the MK-61's ИК1303 computes
 * them. Written from measurements (traces of the intermediate values the
 * chips hold, then hundreds of random operands per function); docs/mk61.md
 * "Functions" gives the algorithms with examples.
 *
 * Everything is built from the machine's own + - x / sqrt (vm_num.c: the
 * same rounding as the keys) and a few fixed-point loops:
 * - one continued-fraction loop (cf) of ten terms, evaluated from the tail,
 *   that gives ln, atan, tanh and tan of a reciprocal;
 * - shift-and-add multiplications by ln 10 and by 57.29578;
 * - a non-restoring division by a quarter turn for the trigonometric
 *   argument.
 * The constants are the machine's 8-digit ones (ln 10 = 2.3025851, pi/2 =
 * 1.5707963); no double is used.
 *
 * Numbers inside are vm_num values whose exponent may leave -99..99 (the
 * machine's intermediate results do); the caller keeps the result.
 */
#include "vm_num_internal.h"

#define UNIT 10000000LL   /* 10^7: the mantissa's 1 */
#define LIMIT 100000000LL /* 10^8: one past the largest mantissa */
#define LN10_M 23025851   /* ln 10 = 2.3025851 */
#define HALFPI_M 15707963 /* pi/2 = 1.5707963 */
#define RADDEG_M 57295780 /* degrees per radian, 57.29578 */
#define LN_SPLIT 31975310 /* ln works on m (below 3.197531) or m/10 */

static const int64_t p10[19] = {1LL,
                                10LL,
                                100LL,
                                1000LL,
                                10000LL,
                                100000LL,
                                1000000LL,
                                10000000LL,
                                100000000LL,
                                1000000000LL,
                                10000000000LL,
                                100000000000LL,
                                1000000000000LL,
                                10000000000000LL,
                                100000000000000LL,
                                1000000000000000LL,
                                10000000000000000LL,
                                100000000000000000LL,
                                1000000000000000000LL};

/* --- numbers and the machine's arithmetic ----------------------------------- */

/* The fields as given (m is a normalised mantissa or 0). */
static vm_num raw(bool neg, int64_t m, int e)
{
    vm_num r = {(uint32_t)m, (int16_t)e, neg, false};
    return r;
}

static vm_num small(int v)
{
    return vm_num_from_int(v);
}

/* The machine's + - x / as the keys do them; the exponent is free. */
static vm_num fadd(vm_num a, vm_num b)
{
    vm_num r;
    (void)vm_num_add(a, b, &r); /* an exponent past 99 is kept, as inside the chip */
    return r;
}

static vm_num fsub(vm_num a, vm_num b)
{
    return fadd(a, vm_num_neg(b));
}

static vm_num fmul(vm_num a, vm_num b)
{
    vm_num r;
    (void)vm_num_mul(a, b, &r);
    return r;
}

/* The truncated quotient; callers never divide by zero (0 if they did). */
static vm_num fdiv(vm_num a, vm_num b)
{
    vm_num r = vm_num_zero();
    (void)vm_num_div(a, b, &r);
    return r;
}

/* The truncated square root of |a|: the mantissa (times 10^7 for an even
 * exponent, 10^8 for an odd one) through an integer square root. */
static vm_num fsqrt(vm_num a)
{
    a = vm_num_normal(a);
    if (a.mant == 0)
        return a;
    if (a.exp % 2 == 0)
        return raw(false, (int64_t)vm_num_isqrt((uint64_t)a.mant * UNIT), a.exp / 2);
    return raw(false, (int64_t)vm_num_isqrt((uint64_t)a.mant * LIMIT), (a.exp - 1) / 2);
}

/* floor(a / b) for b != 0. */
static int64_t floordiv(int64_t a, int64_t b)
{
    int64_t q = a / b;
    if (a % b != 0 && (a < 0) != (b < 0))
        q--;
    return q;
}

/* a mod b in 0..b-1 for b > 0. */
static int64_t floormod(int64_t a, int64_t b)
{
    return a - floordiv(a, b) * b;
}

/* floor(v / 10^k) for k >= 0 (any k). */
static int64_t floor_pow10(int64_t v, int k)
{
    if (k <= 18)
        return floordiv(v, p10[k]);
    return v < 0 ? -1 : 0;
}

static vm_num one(void)
{
    return small(1);
}

/* --- the continued fractions ---------------------------------------------- */

/* Which fraction the loop evaluates; with w the operand:
 *   LN   w - 1/(3w - 4/(5w - 9/(7w - ...)))  = 2 / ln y for w = (y+1)/(y-1)
 *   ATAN w + 1/(3w + 4/(5w + ...))           = 1 / atan(1/w)
 *   TANH w + 1/(3w + 1/(5w + ...))           = 1 / tanh(1/w)
 *   TAN  w - 1/(3w - 1/(5w - ...))           = 1 / tan(1/w)  */
typedef enum cf_kind { CF_LN, CF_ATAN, CF_TANH, CF_TAN } cf_kind;

/* One quotient of the loop: div / A, A shifted right n digits to adiv
 * (below 10^8); the machine forms digits down to 10^-9 of the fixed point.
 * Its digit counter starts at 8 + n + 2 ew in four bits: for w in
 * [10^7, 10^8) a division is done only when n = 2 (8 digits); otherwise it
 * is skipped (*skip). From 10^8 on the quotient is 0. */
static int64_t cf_quotient(int64_t div, int64_t adiv, int n, int ew, bool *skip)
{
    *skip = false;
    if (adiv == 0 || ew < -2)
        return 0; /* not reached: w is at least 0.8 and A is never 0 */
    if (ew <= 6)
        return floordiv(div * p10[14 - 2 * ew], adiv * p10[n]);
    if (ew == 7) {
        if (n == 2)
            return floordiv(div * p10[14], adiv);
        *skip = true;
        return 0;
    }
    return 0;
}

/* The fraction for w = W * 10^(ew - 7) (W its 8-digit mantissa), in the
 * loop's fixed point: W read as 0.0WWWWWWWW, nine decimals at the scale
 * 10^-(2 + ew) of w. Ten terms, always, from k = 10 down to 1. Returns the
 * fraction at that same scale. */
static int64_t cf(cf_kind kind, int64_t ws, int ew)
{
    int64_t d = 2 * ws, u = 0;
    bool skipped = false;
    for (int k = 10; k >= 2; k--) {
        int64_t a = k * d - ws; /* (2k - 1) w, the term's own part */
        if (kind == CF_TANH)
            a += u;
        else if (kind == CF_TAN)
            a -= u;
        int n = 0;
        int64_t adiv = a;
        while (adiv >= LIMIT) { /* the divider holds 8 digits: drop the last */
            adiv /= 10;
            n++;
        }
        bool skip;
        int64_t q = cf_quotient(kind == CF_LN || kind == CF_ATAN ? k - 1 : 1, adiv, n, ew, &skip);
        if (skip) {
            /* tan: the stored complement of u loses its top digit, once */
            if (kind == CF_TAN && !skipped && u != 0)
                u -= LIMIT;
            if (kind == CF_LN || kind == CF_ATAN)
                u = 0; /* the next term restarts from 2w */
            skipped = true;
        } else {
            u = q;
        }
        if (kind == CF_LN)
            d = 2 * ws - u; /* 2w - (k-1)^2 / (...): the next term's base */
        else if (kind == CF_ATAN)
            d = 2 * ws + u;
    }
    switch (kind) {
    case CF_TANH: return ws + u;
    case CF_TAN: return ws - u;
    default: return d - ws; /* the k = 1 step */
    }
}

/* The loop's result as a number: a ninth digit is rounded half up. */
static vm_num cf_value(int64_t rs, int ew)
{
    if (rs <= 0)
        return vm_num_zero(); /* not reached */
    if (rs >= LIMIT) {
        rs = (rs + 5) / 10;
        ew++;
    }
    return vm_num_make(false, (uint64_t)rs, ew);
}

/* The fraction of kind for the number w (its sign ignored). */
static vm_num cf_of(cf_kind kind, vm_num w)
{
    return cf_value(cf(kind, w.mant, w.exp), w.exp);
}

/* 0.d1..d8 * c by shift and add from the last digit, the partial sum
 * floored at each shift: an integer in units of c's last place / 10^0
 * (the digits' weight 10^-1 .. 10^-8 times c). */
static int64_t shift_add(const int d[8], int64_t c)
{
    int64_t acc = 0;
    for (int i = 7; i >= 1; i--)
        acc = (acc + d[i] * c) / 10;
    return acc + d[0] * c;
}

/* An integer in units of 10^-8 as a number (a ninth digit rounded). */
static vm_num fixed8(int64_t v)
{
    if (v == 0)
        return vm_num_zero();
    int e = -1;
    if (v >= LIMIT) {
        v = (v + 5) / 10;
        e = 0;
    }
    return vm_num_make(false, (uint64_t)v, e);
}

static void mant_digits(uint32_t m, int d[8])
{
    for (int i = 7; i >= 0; i--) {
        d[i] = (int)(m % 10);
        m /= 10;
    }
}

/* --- ln and lg ---------------------------------------------------------------- */

/* x + (e + recip) ln 10 in the machine's fixed point (units of 10^-7, l
 * floored): ln 10 is added |e| times to a 9-digit accumulator that drops a
 * digit (and the addend one) whenever it reaches 9 * 10^8. */
static vm_num ln_combine(int e, bool recip, vm_num l)
{
    int64_t v = l.neg ? -(int64_t)l.mant : (int64_t)l.mant;
    int64_t t0 = l.exp >= 0 ? v * p10[l.exp < 11 ? l.exp : 11] : floor_pow10(v, -l.exp);
    if (recip)
        t0 += LN10_M;
    int64_t acc = e >= 0 ? t0 : floormod(-t0, 1000000000);
    int64_t c = LN10_M;
    int scale = 0;
    for (int i = 0; i < (e < 0 ? -e : e); i++) {
        acc = floormod(acc + c, 1000000000);
        if (acc >= 900000000) {
            acc /= 10;
            c /= 10;
            scale++;
        }
    }
    if (acc == 0)
        return vm_num_zero();
    if (acc >= LIMIT) {
        acc = (acc + 5) / 10;
        scale++;
    }
    return vm_num_make(e < 0, (uint64_t)acc, scale);
}

/* ln x for x > 0, of x's normalised mantissa at the exponent e (the
 * exponent as the chip reads it: x.exp in range, docs/mk61.md for the
 * others): y = the mantissa as 1 <= y < 3.197531 (or a tenth of it),
 * ln y = 2 / CF-ln((y+1)/(y-1)) (Gauss), then the exponent's ln 10s. */
static bool f_ln_at(vm_num x, int e, vm_num *out)
{
    x.exp = (int16_t)e;
    if (x.neg || x.mant == 0)
        return false;
    bool recip = x.mant >= LN_SPLIT;
    vm_num y = raw(false, x.mant, recip ? -1 : 0);
    vm_num r0 = fsub(one(), y), l = vm_num_zero();
    if (r0.mant != 0) {
        vm_num w = fsub(one(), fdiv(small(2), r0)); /* (y+1)/(y-1) */
        vm_num r = cf_of(CF_LN, w);
        r.neg = w.neg;
        l = fdiv(small(2), r);
    }
    *out = x.exp == 0 && !recip ? l : ln_combine(x.exp, recip, l);
    return true;
}

static bool f_ln(vm_num x, vm_num *out)
{
    x = vm_num_normal(x);
    return f_ln_at(x, x.exp, out);
}

vm_num_status vm_num_ln_at(vm_num x, int e, bool lg, vm_num *out)
{
    vm_num r;
    x = vm_num_normal(x);
    if (!f_ln_at(x, e, &r))
        return VM_NUM_DOMAIN;
    if (lg)
        r = fdiv(r, raw(false, LN10_M, 0));
    *out = r;
    return VM_NUM_OK;
}

/* --- 10^x and e^x ------------------------------------------------------------- */

/* 10^t; rotate: e^x's quirk, the integer digits of t rotated into the end
 * of its fraction (10^x brings in zeros). False when |t| >= 100. */
static bool f_pow10(vm_num t, bool rotate, vm_num *out)
{
    t = vm_num_normal(t);
    if (t.mant == 0) {
        *out = one();
        return true;
    }
    int td[8], fd[8], n = 0, ez = 0;
    mant_digits(t.mant, td);
    if (t.exp < 0) {
        for (int i = 0; i < 8; i++)
            fd[i] = td[i];
        ez = t.exp + 1; /* a small t keeps all its digits */
    } else {
        int ni = t.exp + 1;
        if (ni >= 3)
            return false;
        for (int i = 0; i < ni; i++)
            n = n * 10 + td[i];
        for (int i = 0; i < 8; i++)
            fd[i] = i + ni < 8 ? td[i + ni] : rotate ? td[i + ni - 8] : 0;
    }
    vm_num z = fixed8(shift_add(fd, LN10_M)); /* the fraction times ln 10 */
    if (z.mant != 0)
        z.exp = (int16_t)(z.exp + ez);
    bool recip = false;
    if (z.mant != 0 && z.exp >= 0) { /* z >= 1: e^z = 10 / e^(ln10 - z) */
        z = fsub(raw(false, LN10_M, 0), z);
        recip = true;
    }
    vm_num e = one();
    if (z.mant != 0) {
        vm_num r = cf_of(CF_TANH, fdiv(small(2), z));           /* 1 / tanh(z/2) */
        e = fsub(one(), fdiv(small(2), fsub(one(), r))); /* (r+1)/(r-1) = e^z */
    }
    vm_num r;
    int k;
    if (!t.neg) {
        r = recip ? fdiv(one(), e) : e;
        k = recip ? n + 1 : n;
    } else {
        r = recip ? e : fdiv(one(), e);
        k = recip ? -(n + 1) : -n;
    }
    r.exp = (int16_t)(r.exp + k); /* only the exponent: no multiplication */
    *out = r;
    return true;
}

static bool f_exp(vm_num x, vm_num *out)
{
    return f_pow10(fdiv(x, raw(false, LN10_M, 0)), true, out);
}

/* --- sin, cos, tg -------------------------------------------------------------- */

/* The machine's remainder loop on the mantissa F (G a quarter turn, tau the
 * threshold, at the scale where 1 is 10^7) over npos digit positions: *q
 * quarter turns, returns the signed remainder. */
static int64_t nr_reduce(int64_t f, int64_t g, int npos, int64_t tau, int64_t *q)
{
    int64_t n = 0;
    for (int p = 0; p < npos; p++) {
        if (p == 0) {
            f -= g; /* always once at the first position */
            n++;
            while (f >= tau) {
                f -= g;
                n++;
            }
            continue;
        }
        f *= 10;
        n *= 10;
        if (f <= -UNIT) {
            f += g;
            n--;
            while (f < -tau) {
                f += g;
                n--;
            }
        } else if (f >= UNIT) {
            f -= g;
            n++;
            while (f >= tau) {
                f -= g;
                n++;
            }
        }
    }
    if (f < -tau) {
        f += g;
        n--;
    } else if (f >= tau) {
        f -= g;
        n++;
    }
    *q = n;
    return f;
}

/* |x| = q quarter turns + r (or - r when *comp), r in radians. Grads are
 * first turned into degrees (x 0.9); degrees and grads reduce by 90 with
 * the threshold 50, radians by 1.5707963 with the threshold 1. False for
 * an exponent past 9. */
static bool reduce_angle(vm_num x, vm_angle mode, int64_t *q, bool *comp, vm_num *r)
{
    x = vm_num_abs(x);
    if (x.exp > 9)
        return false;
    if (mode == VM_GRAD)
        x = fmul(x, raw(false, 90000000, -1));
    bool rad = mode == VM_RAD;
    int64_t g = rad ? HALFPI_M : 90000000, tau = rad ? UNIT : 5 * UNIT;
    int eg = rad ? 0 : 1;
    if (x.exp > 9)
        return false;
    int npos = x.exp - eg + 1;
    *q = 0;
    *comp = false;
    if (x.mant == 0 || npos <= 0 || (npos == 1 && x.mant < tau)) {
        *r = x;
    } else {
        int64_t f = nr_reduce(x.mant, g, npos, tau, q);
        *comp = f < 0;
        *r = vm_num_make(false, (uint64_t)(f < 0 ? -f : f), eg);
    }
    if (!rad && r->mant != 0)
        *r = fdiv(*r, raw(false, RADDEG_M, 1));
    return true;
}

/* cot r as the machine has it: CF-tan of 1/r. The loop reads two digits of
 * w's exponent: a w of 1e100 or more (r below 1e-99, from degrees, grads
 * or a tiny X in a run) runs at its exponent less 100, and the fraction
 * gets the 100 back (measured: sin 1e-101 rad is 0.10033466, tg 0.1). */
static vm_num cot_of(vm_num r)
{
    vm_num w = fdiv(one(), r);
    if (w.exp < 100)
        return cf_of(CF_TAN, w);
    w.exp = (int16_t)(w.exp - 100);
    vm_num c = cf_of(CF_TAN, w);
    c.exp = (int16_t)(c.exp + 100);
    return c;
}

static bool f_sincos(vm_num x, bool cosine, vm_angle mode, vm_num *out)
{
    x = vm_num_normal(x);
    if (x.mant == 0) {
        *out = cosine ? one() : vm_num_zero();
        return true;
    }
    int64_t q;
    bool comp, sign = x.neg;
    vm_num r, v;
    if (!reduce_angle(x, mode, &q, &comp, &r))
        return false;
    if (cosine) { /* cos x = sin(x + a quarter), of |x| */
        q++;
        sign = false;
    }
    int s = (int)floormod(q, 4);
    bool use_cos = s % 2 == 1;
    if (r.mant == 0) {
        v = use_cos ? one() : vm_num_zero();
    } else {
        vm_num c = cot_of(r), h = fsqrt(fadd(fmul(c, c), one()));
        v = use_cos ? fdiv(c, h) : fdiv(one(), h); /* cos r, sin r from cot r */
        /* An exponent below -99 loses its hundreds (measured: sin 1e-98
         * degrees, r = 1.7453292e-100, is 1.7453292; sin -1e-99 grads is
         * -0.15838444; sin 1e-120 radians in a run, 1e-20). */
        if (v.exp < -99)
            v.exp = (int16_t)(v.exp + 100);
    }
    if (use_cos)
        sign = s == 3 ? !sign : sign;
    else
        sign = (sign != comp) != (s == 2);
    if (v.mant != 0)
        v.neg = sign;
    *out = v;
    return true;
}

static bool f_tg(vm_num x, vm_angle mode, vm_num *out)
{
    bool neg = x.neg;
    x = vm_num_normal(x);
    if (x.mant == 0) {
        *out = raw(neg, 0, 0); /* tg -0 is -0 */
        return true;
    }
    x.neg = neg;
    int64_t q;
    bool comp;
    vm_num r, v;
    if (!reduce_angle(x, mode, &q, &comp, &r))
        return false;
    bool odd = floormod(q, 2) == 1;
    if (r.mant == 0) {
        *out = raw(x.neg, 0, 0);
        return !odd; /* tg of an odd number of quarter turns */
    }
    vm_num c = cot_of(r);
    if (c.mant == 0)
        return false; /* not reached: r is below a quarter turn */
    v = odd ? c : fdiv(one(), c);
    v.neg = odd ? x.neg == comp : x.neg != comp;
    *out = v;
    return true;
}

/* --- arcsin, arccos, arctg ------------------------------------------------------ */

/* atan t for t >= 0 in radians, or atan(1/t) when *big (t >= 1): 1 /
 * CF-atan(w) with w = t or 1/t. For w >= 10^8 the machine's fraction
 * comes out with the minus sign (kept in the result's sign). */
static vm_num atan_core(vm_num t, bool *big)
{
    *big = false;
    if (t.mant == 0)
        return vm_num_zero();
    *big = t.exp >= 0;
    vm_num w = *big ? t : fdiv(one(), t);
    vm_num a = fdiv(one(), cf_of(CF_ATAN, w));
    if (*big && w.exp >= 8)
        a.neg = true;
    return a;
}

/* Radians to the angle unit: x 57.29578 by shift and add (grads: / 9
 * first, then x 10); the sign flag is kept. */
static vm_num to_unit(vm_num a, vm_angle mode)
{
    if (mode == VM_RAD)
        return a;
    if (a.mant == 0)
        return raw(a.neg, 0, 1); /* a zero angle comes out with exponent 1 */
    if (mode == VM_GRAD)
        a = fdiv(a, small(9));
    int d[8];
    mant_digits(a.mant, d);
    vm_num z = fixed8(shift_add(d, RADDEG_M));
    return raw(a.neg, z.mant, z.exp + a.exp + 2 + (mode == VM_GRAD));
}

/* k quarter turns + a (a signed) in a 9-digit fixed point (radians: units
 * of 10^-7, degrees and grads 10^-6; a floored to the unit), rounded to 8
 * digits. */
static vm_num quarter_plus(int k, vm_num a, vm_angle mode)
{
    int64_t quarter = mode == VM_RAD ? HALFPI_M : mode == VM_DEG ? 90000000 : 100000000;
    int64_t unit = mode == VM_RAD ? 10000000 : 1000000;
    int64_t v = (a.neg ? -(int64_t)a.mant : (int64_t)a.mant) * unit;
    int64_t av = a.exp >= 7 ? v * p10[a.exp - 7 < 3 ? a.exp - 7 : 3] : floor_pow10(v, 7 - a.exp);
    int64_t t = k * quarter + av;
    bool neg = t < 0;
    if (neg)
        t = -t;
    int e = mode == VM_RAD ? 0 : 1;
    if (t == 0)
        return vm_num_zero();
    while (t >= LIMIT) {
        t = (t + 5) / 10;
        e++;
    }
    return vm_num_make(neg, (uint64_t)t, e);
}

/* arctg and arcsin from a' (in the unit) for the sign s of x. */
static vm_num finish(int s, vm_num a, bool big, vm_angle mode)
{
    if (big) {
        if (a.neg && mode != VM_GRAD) /* the w >= 10^8 quirk: minus in both */
            return quarter_plus(s, a, mode);
        a.neg = s > 0;
        return quarter_plus(s, a, mode); /* s * (quarter - a) */
    }
    if (s > 0)
        return a; /* a positive small angle keeps all its digits */
    a.neg = true;
    return quarter_plus(0, a, mode); /* -a, floored to the unit */
}

/* t = |x| / sqrt(1 - x^2), the tangent of arcsin x; false when |x| > 1,
 * *inf when |x| = 1. */
static bool asin_tangent(vm_num x, vm_num *t, bool *inf)
{
    vm_num s = fsub(one(), fmul(x, x));
    *inf = false;
    if (s.neg)
        return false;
    if (s.mant == 0) {
        *inf = true;
        return true;
    }
    *t = fdiv(vm_num_abs(x), fsqrt(s));
    return true;
}

/* F sin⁻¹, F cos⁻¹ and F tg⁻¹. */
static bool f_arc(uint8_t code, vm_num x, vm_angle mode, vm_num *out)
{
    x = vm_num_normal(x);
    int s = x.neg ? -1 : 1;
    if (x.mant == 0) {
        *out = code == VM_OP_ACOS ? quarter_plus(1, vm_num_zero(), mode) : to_unit(vm_num_zero(), mode);
        return true;
    }
    vm_num a = vm_num_zero(), t = vm_num_abs(x);
    bool big = true, inf = false;
    if (code != VM_OP_ATAN && !asin_tangent(x, &t, &inf))
        return false;
    if (!inf)
        a = atan_core(t, &big);
    a = to_unit(a, mode);
    if (code != VM_OP_ACOS) {
        *out = finish(s, a, big, mode);
    } else if (s > 0) {
        a.neg = !big; /* big: a itself; else a quarter - a */
        *out = big ? a : quarter_plus(1, a, mode);
    } else {
        a.neg = big; /* big: two quarters - a; else a quarter + a */
        *out = quarter_plus(big ? 2 : 1, a, mode);
    }
    return true;
}

/* --- dispatch ---------------------------------------------------------------------- */

vm_num_status vm_num_transcendental(uint8_t code, vm_num x, vm_num y, vm_angle angle,
                                    vm_num *out)
{
    vm_num r = vm_num_zero(), l;
    bool ok;
    switch (code) {
    case VM_OP_EXP10: ok = f_pow10(x, false, &r); break;
    case VM_OP_EXP: ok = f_exp(x, &r); break;
    case VM_OP_LG: ok = f_ln(x, &l) && (r = fdiv(l, raw(false, LN10_M, 0)), true); break;
    case VM_OP_LN: ok = f_ln(x, &r); break;
    case VM_OP_ASIN:
    case VM_OP_ACOS:
    case VM_OP_ATAN: ok = f_arc(code, x, angle, &r); break;
    case VM_OP_SIN: ok = f_sincos(x, false, angle, &r); break;
    case VM_OP_COS: ok = f_sincos(x, true, angle, &r); break;
    case VM_OP_TAN: ok = f_tg(x, angle, &r); break;
    case VM_OP_POW: /* X to the power Y: e^(Y ln X) */
        ok = f_ln(x, &l) && f_exp(fmul(l, y), &r);
        break;
    default: ok = false; break;
    }
    if (!ok)
        return VM_NUM_DOMAIN;
    return vm_num_kept(r, out);
}
