/*
 * vm_num.h: the MK-61's numbers (prefix vm_num_): decimal floating point
 * with an 8-digit mantissa and a 2-digit exponent, as the machine's
 * registers hold them.
 *
 * A vm_num is a value: copy it freely.
 *   value = (neg ? -1 : 1) * mant * 10^(exp - 7)
 * A plain number (vm_num_is_plain) has mant in 10000000..99999999 and exp
 * in -99..99, or is zero (mant = 0, exp = 0, neg = false). So 1 is
 * {10000000, 0}, 0.1 is {10000000, -1}, 12.345 is {12345000, 1}. The
 * machine also holds what is not plain, and so does vm_num: a negative
 * zero, a used loop counter's unnormalised 00000001, hex digits from the
 * logic operations, and a result whose exponent left -99..99 (kept in X;
 * the display shows ЕГГОГ).
 *
 * Arithmetic rounds as the real machine does (measured; docs/mk61.md,
 * "Numbers"): + and - round the shifted operand digit by digit and a
 * ninth digit of the sum half up, x rounds a 16-digit product half up and
 * truncates a 15-digit one, / and sqrt truncate. Everything is integer
 * arithmetic on the digits; doubles only convert for display and tests.
 */
#ifndef VM_NUM_H
#define VM_NUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct vm_num {
    uint32_t mant; /* the 8 mantissa digits: 0..99999999 as an integer, or,
                      when hex is set, as 8 nibbles (the first digit in bits
                      28..31) because one of them is above 9 */
    int16_t exp;   /* value = (neg ? -1 : 1) * mant * 10^(exp - 7) */
    bool neg;      /* the mantissa's sign */
    uint8_t hex;   /* 0: mant is decimal. Else mant holds nibbles
                      (VM_NUM_NIBBLES): a logic operation's A..F digits
                      (hex 1), or, with a sign nibble other than 0 and 9
                      (neg false), that nibble times 16 plus 1: a pointer
                      in R4..R6 carried into it (99999999 + 1 is
                      1|00000000, hex 0x11; measured). With VM_NUM_RAW_EXP
                      too, exp holds the exponent's three nibbles as they
                      are (0x000..0xFFF, one of them above 9: an
                      operation's code written there, docs/mk61.md "A
                      first digit F") instead of a value */
} vm_num;

#define VM_NUM_NIBBLES 0x01 /* vm_num.hex: mant is 8 nibbles */
#define VM_NUM_RAW_EXP 0x02 /* vm_num.hex: exp is 3 nibbles, not a value */

/* The sign nibble of a register: 0, 9 (neg), or another (vm_num.hex). */
static inline int vm_num_sign_nibble(vm_num a)
{
    return a.hex >> 4 ? a.hex >> 4 : a.neg ? 9 : 0;
}

/* Why an operation has no result: the calculator shows ЕГГОГ. */
typedef enum vm_num_status {
    VM_NUM_OK = 0,
    VM_NUM_OVERFLOW, /* |result| >= 10^100 */
    VM_NUM_DIV_ZERO, /* division by zero, 1/0 */
    VM_NUM_DOMAIN,   /* sqrt of a negative, log of 0 or less, arcsin(2), ... */
    VM_NUM_KEPT_ERROR /* ЕГГОГ, but X takes the result written (sin cos tg
                         of an exponent past 99: measured, docs/mk61.md) */
} vm_num_status;

typedef enum vm_angle { VM_RAD, VM_GRAD, VM_DEG } vm_angle;

vm_num vm_num_zero(void);
/* The same value with leading zeros of the mantissa moved into the
 * exponent (what X holds after ИП of a loop counter's 00000001). */
vm_num vm_num_normal(vm_num a);
/* *out = {mant, exp, neg, no hex digits}, in one 8-byte store where the
 * layout allows: a vm_num written field by field and then read whole at
 * once stalls the read (the instruction loop reads X whole on every
 * step). */
static inline void vm_num_store(vm_num *out, uint32_t mant, int exp, bool neg)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    _Static_assert(sizeof(vm_num) == 8 && offsetof(vm_num, exp) == 4 &&
                       offsetof(vm_num, neg) == 6 && offsetof(vm_num, hex) == 7,
                   "vm_num's layout");
    uint64_t w = (uint64_t)mant | (uint64_t)(uint16_t)exp << 32 | (uint64_t)neg << 48;
    memcpy(out, &w, sizeof w);
#else
    vm_num r = {mant, (int16_t)exp, neg, false};
    *out = r;
#endif
}

/* Whether a's exponent is outside -99..99 (a result kept past 1e99 or
 * below 1e-99). Inline, for the instruction loop. */
static inline bool vm_num_exp_far(vm_num a)
{
    return (unsigned)(a.exp + 99) > 198u;
}

/* An exponent's three digits as a register holds them: the tens
 * complement, 0..999 (-1 is 999, 120 is 120). */
static inline int vm_num_exp_digits(int e)
{
    return (e % 1000 + 1000) % 1000;
}

/* Whether a is normal already (vm_num_normal gives it back as it is): a
 * decimal mantissa of 8 digits, an exponent in -99..99. Inline, for the
 * instruction loop. */
static inline bool vm_num_is_normal(vm_num a)
{
    return !vm_num_exp_far(a) && a.mant >= 10000000u && !a.hex;
}
vm_num vm_num_from_int(int64_t v); /* exact when |v| < 10^8, else cut to 8 digits */
bool vm_num_is_zero(vm_num a);
/* -1, 0 or 1. */
int vm_num_sign(vm_num a);
/* -1, 0, 1 as a <, =, > b. */
int vm_num_cmp(vm_num a, vm_num b);
bool vm_num_eq(vm_num a, vm_num b);

/* From and to double (for tests and for showing a number): from_double
 * keeps 8 significant digits; NaN or infinity is a domain error, too large
 * an overflow. It rounds d to 15 significant digits, then truncates to 8:
 * from_double(2.9999999999999996) is 3, from_double(0.123456789) is
 * 0.12345678. from_double(to_double(a)) == a for every plain a. */
vm_num_status vm_num_from_double(double d, vm_num *out);
double vm_num_to_double(vm_num a);

/* The four operations as the machine rounds them (above); a result whose
 * exponent leaves -99..99 is VM_NUM_OVERFLOW with *out written. */
vm_num_status vm_num_add(vm_num a, vm_num b, vm_num *out);
vm_num_status vm_num_sub(vm_num a, vm_num b, vm_num *out);
vm_num_status vm_num_mul(vm_num a, vm_num b, vm_num *out);
vm_num_status vm_num_div(vm_num a, vm_num b, vm_num *out);
vm_num vm_num_neg(vm_num a);
vm_num vm_num_abs(vm_num a);
vm_num vm_num_int(vm_num a);  /* K [x]: the integer part, towards zero */
vm_num vm_num_frac(vm_num a); /* K {x}: a - [a], same sign as a: {x} of
                                 -2 is -0, as on the machine */
/* K max: the larger of a and b, except that zero counts as larger than
 * everything (the machine's quirk, docs/mk61.md): max(5, 0) is 0. */
vm_num vm_num_max(vm_num a, vm_num b);
/* F π: 3.1415926 (the machine's constant, truncated). */
vm_num vm_num_pi(void);

/* The functions of the F and K keys, by their code (VM_OP_ names): fn1
 * takes the rows of vm_isa.h's list whose in column is 1 (f(X): 10ˣ eˣ lg
 * ln, the trigonometric functions and their inverses, √ x² 1/x, the angle
 * and time conversions, |x| ЗН [x] {x}, ИНВ) and F π (in 0, fn CONST, which
 * ignores x); fn2 those whose in column is 2 (f(X, Y): + − × ÷, xʸ, max,
 * ∧ ∨ ⊕), with x the X register and y the Y register. Which family of
 * vm_num computes each is the list's fn column. angle matters for the
 * trigonometric codes. VM_NUM_DOMAIN for a code that is not such a
 * function, and where the machine shows ЕГГОГ (VM_NUM_DIV_ZERO for 1/0).
 *
 * Every result is the machine's own, digit for digit (docs/mk61.md,
 * "Functions", says how each is computed and what was measured): the
 * functions are built from the machine's + - x / and its 8-digit
 * constants (ln 10 = 2.3025851, pi/2 = 1.5707963), so e^1 is 2.7182818,
 * sin 30° is 0.50000002 and 2 x^y 3 (x = 3, y = 2) is 8.9999984. A result
 * whose exponent leaves -99..99 is VM_NUM_OVERFLOW with *out written (the
 * machine keeps it). No double is used.
 *
 * Details:
 * - fn2 of VM_OP_ADD, SUB, MUL, DIV gives y + x, y - x, y * x, y / x.
 * - F x^y (VM_OP_POW) is x (the X register) to the power y (the Y
 *   register): e^(y ln x); x must be > 0.
 * - sqrt, x^2 and the conversions (fn RAW) work on the digits as the
 *   register holds them: a loop counter's unnormalised 00000001 gives what
 *   the machine gives; sqrt of a negative zero is an error.
 * - VM_OP_DM2D: D.MM -> degrees; VM_OP_DMS2D: D.MMSS -> degrees;
 *   VM_OP_D2DMS: degrees -> D.MMSS; VM_OP_D2DM: degrees -> D.MM (12.3045
 *   is 12°30'45"), on the decimal digits. A tens digit of 6 or more in the
 *   minutes or seconds of DM2D and DMS2D is VM_NUM_DOMAIN. These four
 *   return the digits as they fell, perhaps unnormalised (0.1 by D2DM is
 *   0.06 as 06000000 with exponent -1), and a zero as it came (-0 stays
 *   -0). So do tg of -0 (-0) and arcsin and arctg of 0 in degrees and
 *   grads (0 with exponent 1, shown "00."). The machine shows such a
 *   result as it is, and normalises X when it comes to rest.
 * - K ∧ ∨ ⊕ and К ИНВ (fn BITS) work on the 7 mantissa digits after the
 *   first (of 8.1234567: 1234567; of any other number likewise, ignoring
 *   sign and exponent) as 4-bit nibbles, and give 8.ddddddd, with hex
 *   digits where a nibble is above 9 (vm_num's hex). */
vm_num_status vm_num_fn1(uint8_t code, vm_num x, vm_angle angle, vm_num *out);
vm_num_status vm_num_fn2(uint8_t code, vm_num x, vm_num y, vm_num *out);

/* Whether the function code's result for these operands is the machine's
 * (measured and modelled), by the code's family (vm_isa.h's fn column):
 * false for the ИК1303's functions (fn TRANS: 10ˣ eˣ lg ln, the
 * trigonometric ones and their inverses, xʸ) and those on the raw digits
 * (fn RAW: √ x² and the conversions) of a number with hex digits, and of an
 * exponent outside -99..99 but where docs/mk61.md ("Past 1e99") gives the
 * chips' reading in `angle` (√ x² ln lg and the conversions always, 10ˣ eˣ
 * for the digits 100..199 and 800..900, sin cos tg in radians for
 * 100..199); for the TRANS ones of an unnormalised mantissa too; and for
 * the adder's (fn ARITH: + − × ÷, 1/x, K max) when an operand has hex
 * digits, whose arithmetic is modelled only as each digit's value (which
 * is what the machine gives in some cases: 8.DCBA98F + 2 = 11.4321, but
 * not in all: 8.DCBA98F x 2 = 17.086597). The machine's chips read such
 * digits in ways not modelled (docs/mk61.md, "Known differences"): fn1 and
 * fn2 still give a result, computed as if the operand were normalised.
 * True for every other code and operand. */
bool vm_num_modelled(uint8_t code, vm_num x, vm_num y, vm_angle angle);

/* Text, for assembler directives, tests and --json: "12.345", "-0.1",
 * "1.5e-12", "99999999", "1e99". Parse takes the whole string; format
 * writes the shortest exact form (no exponent for 1e-7 <= |a| < 1e8) and
 * returns the length (snprintf-style).
 *
 * Format's exponent form: one digit, then '.' and the other significant
 * digits if any, 'e', '-' for a negative exponent (never '+'), and the
 * exponent without leading zeros: "1e8", "-2.5e-12", "9.9999999e99". At
 * most 17 characters plus '\0'. Parse accepts: optional '+' or '-', digits
 * with at most one '.' (at least one digit: "5", "5.", ".5"), then
 * optionally 'e' or 'E', an optional sign and digits. Digits past the 8th
 * significant one are truncated; a value too small becomes 0; one of
 * 1e100 or more, or any other text, is refused (false, *out untouched).
 *
 * What is not plain (vm_num_is_plain) is written "-0" for a negative zero
 * and otherwise "raw:" and the 12 hex digits of vm_num_to_raw
 * ("raw:00008EDCBA98"); parse reads both back to the same fields. A
 * decimal but unnormalised number (a loop counter's 00000001) is written
 * raw too, so that every number reads back exactly. */
bool vm_num_parse(const char *text, vm_num *out);
int vm_num_format(vm_num a, char *buf, size_t size);
/* The value as a person reads it in a panel: like vm_num_format, but an
 * unnormalised decimal mantissa (a used counter's 00000001) is written as
 * the number it stands for ("1"); hex digits and exponents past 99 are
 * still written raw. Not read back exactly: use vm_num_format to save. */
int vm_num_format_value(vm_num a, char *buf, size_t size);

/* The real machine's register: 12 nibbles, as shared/reference/mk61-vectors
 * writes them after "raw:" (the first nibble in bits 44..47): the
 * exponent's sign (0, or 9 when negative), its two digits (a negative
 * exponent is the tens complement of the three: -1 is 999), the mantissa's
 * sign (0 or 9) and the 8 mantissa digits. to_raw writes any vm_num whose
 * exponent is -500..499 (or held as nibbles, VM_NUM_RAW_EXP); from_raw
 * reads any 12 nibbles: mantissa nibbles above 9 are kept as nibbles, a
 * sign nibble other than 0 and 9 in hex, exponent nibbles above 9 as
 * nibbles (VM_NUM_RAW_EXP). It returns false for no pattern (kept for
 * callers that test it). */
uint64_t vm_num_to_raw(vm_num a);
bool vm_num_from_raw(uint64_t raw, vm_num *out);

/* A number as the machine can hold it but the decimal text cannot say:
 * normalised (first digit 1..9, or zero with exponent 0), exponent
 * -99..99, no hex digit. A negative zero is not plain. */
bool vm_num_is_plain(vm_num a);

/* The same value: numbers whose digits differ only by normalisation
 * (00000001 with exponent 7 is 1) are equal; a negative zero is not 0;
 * hex mantissas are equal when their nibbles and exponents are. */
bool vm_num_same_value(vm_num a, vm_num b);

/* Whether a decimal text can say a's value (vm_num_format of its
 * normalised form): no nibble above 9, a sign nibble of 0 or 9, and, once
 * leading zeros are shifted out, an exponent in -99..99 (or zero). A
 * register that is not so (hex digits, a kept 1e120, a pointer's carry)
 * can only be compared digit by digit. */
bool vm_num_decimal(vm_num a);

/* The exponent as its three nibbles read as decimal digits, tens
 * complement (a value for any vm_num: the nibbles of VM_NUM_RAW_EXP count
 * by their values, 0x2F0 as 2*100 + 15*10, wrapped to -500..499). */
int vm_num_exp_value(vm_num a);

#endif
