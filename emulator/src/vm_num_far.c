/*
 * vm_num_far.c: the functions of an operand whose exponent is past ±99 (a
 * result kept past 1e99 or below 1e-99, fed back: in a run, or by keys
 * while ЕГГОГ shows). The chips read the register's three exponent nibbles
 * S (000..999, the tens complement: 120 is +120, 880 is -120) each its own
 * way, not as the value. Measured on the instrument (docs/mk61.md, "Past
 * 1e99"); what was not found to follow a rule stays outside the model
 * (vm_num_far_modelled) and is computed as before.
 */
#include "vm_num_internal.h"

bool vm_num_goes_far(uint8_t code, vm_num x)
{
    if (x.hex || !vm_num_exp_far(x))
        return false;
    switch (code) {
    case VM_OP_SQRT: case VM_OP_DM2D: case VM_OP_DMS2D: case VM_OP_D2DMS:
    case VM_OP_D2DM: case VM_OP_LN: case VM_OP_LG: case VM_OP_EXP10: case VM_OP_EXP:
    case VM_OP_SIN: case VM_OP_COS: case VM_OP_TAN:
        return true;
    default:
        return false;
    }
}

/* m * 10^e with the mantissa of x (its sign too). No range check. */
static vm_num at(vm_num x, int e)
{
    x.exp = (int16_t)e;
    return x;
}

/* √ reads the two low digits, the sign from the low bit of the top one:
 * ((e + 100) mod 200) - 100, so 1e100 is 1e-100 and 2e-101 is 2e99
 * (measured: 104 probes). The root is of the digits as held. */
static int sqrt_exponent(int e)
{
    return (e + 100 + 1000) % 200 - 100;
}

/* sin of an operand whose digits are 100..199, in radians: the argument
 * r = m * 10^(S - 200), and 1/(w - 1/(3w)) for w = 1/r, two terms of the
 * continued fraction, which for r below 1e-3 is r itself (measured: sin
 * of 2e120 is 2e-80, of 2e198 is 0.020002667, of 2e100 is 2, the
 * exponent's hundreds lost as below 1e-99 in range). */
static vm_num small_sin(vm_num r)
{
    vm_num one = vm_num_from_int(1), three = vm_num_from_int(3), w, t, d, q;
    (void)vm_num_div(one, r, &w);
    (void)vm_num_mul(three, w, &t);
    (void)vm_num_div(one, t, &q);
    (void)vm_num_sub(w, q, &d);
    vm_num out;
    (void)vm_num_div(one, d, &out);
    if (out.exp < -99 && out.mant != 0)
        out.exp = (int16_t)(out.exp + 100);
    out.neg = r.neg && out.mant != 0;
    return out;
}

bool vm_num_far_modelled(uint8_t code, vm_num x, vm_angle angle)
{
    if (x.hex)
        return false;
    int s = vm_num_exp_digits(x.exp);
    switch (code) {
    case VM_OP_SQRT:
    case VM_OP_DM2D:
    case VM_OP_DMS2D:
    case VM_OP_D2DMS:
    case VM_OP_D2DM:
        return true;
    case VM_OP_LN:
    case VM_OP_LG:
        return s != 900; /* ln 10 times 900 in fixed point: see below */
    case VM_OP_EXP10:
    case VM_OP_EXP:
        return (s >= 100 && s <= 199) || (s >= 800 && s <= 900);
    case VM_OP_SIN:
    case VM_OP_COS:
        return angle == VM_RAD && s >= 100 && s <= 199;
    default:
        return false;
    }
}

vm_num_status vm_num_far(uint8_t code, vm_num x, vm_angle angle, vm_num *out)
{
    int s = vm_num_exp_digits(x.exp);
    switch (code) {
    case VM_OP_SQRT:
        return vm_num_fn1_near(code, at(x, sqrt_exponent(x.exp)), angle, out);
    case VM_OP_DM2D:
    case VM_OP_DMS2D:
    case VM_OP_D2DMS:
    case VM_OP_D2DM: {
        /* The integer part is found from the two low digits only, the
         * digits then keep the exponent (measured: К°→°′ of 1.4e100 is
         * 1.24e100, of 1.2345678e102 the digits of 123.27407 at 102); an
         * exponent below -99 gives 0. */
        if (s >= 500) {
            *out = vm_num_zero();
            return VM_NUM_OK;
        }
        vm_num r;
        vm_num_status st = vm_num_fn1_near(code, at(x, s % 100), angle, &r);
        if (st != VM_NUM_OK && st != VM_NUM_OVERFLOW)
            return st;
        r.exp = (int16_t)(r.exp + x.exp - s % 100);
        return vm_num_kept(r, out);
    }
    case VM_OP_LN:
    case VM_OP_LG: {
        /* For S = 900 as in range; otherwise the exponent read as S - 1000
         * and the result's sign flipped (measured: ln 9e-102 = 232.66645,
         * ln 1e120 = 2026.2724, ln 2e100 = 2071.6308). */
        if (s == 900)
            return vm_num_fn1_near(code, x, angle, out);
        if (x.neg || x.mant == 0)
            return VM_NUM_DOMAIN;
        vm_num r;
        if (vm_num_ln_at(x, s - 1000, code == VM_OP_LG, &r) != VM_NUM_OK)
            return VM_NUM_DOMAIN;
        return vm_num_kept(vm_num_neg(r), out);
    }
    case VM_OP_EXP10:
    case VM_OP_EXP:
        /* -1 for the digits 100..199 (eˣ: 101..199; 100 has no result),
         * 1 for 800..900 (measured; the others have no result here). */
        if (s >= 800 && s <= 900) {
            *out = vm_num_from_int(1);
            return VM_NUM_OK;
        }
        if (s >= 100 && s <= 199 && !(code == VM_OP_EXP && s == 100)) {
            *out = vm_num_from_int(-1);
            return VM_NUM_OK;
        }
        return VM_NUM_DOMAIN;
    case VM_OP_SIN:
    case VM_OP_COS:
    case VM_OP_TAN:
        /* Digits 100..199: ЕГГОГ, the program stops, but X takes a result:
         * of r = m * 10^(S - 200) (measured; tg's keeps the 200). */
        if (s < 100 || s > 199 || angle != VM_RAD)
            break;
        if (code == VM_OP_COS) {
            *out = vm_num_from_int(1);
        } else if (code == VM_OP_SIN) {
            *out = small_sin(at(x, s - 200));
        } else {
            vm_num r = vm_num_zero();
            (void)vm_num_fn1_near(code, at(x, s - 200), angle, &r);
            if (r.mant != 0)
                r.exp = (int16_t)(r.exp + 200);
            *out = r;
        }
        return VM_NUM_KEPT_ERROR;
    default:
        break;
    }
    return vm_num_fn1_near(code, x, angle, out);
}
