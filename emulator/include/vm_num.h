/*
 * vm_num.h: the MK-61's numbers (prefix vm_num_): decimal floating point
 * with an 8-digit mantissa and a 2-digit exponent.
 *
 * A vm_num is a value: copy it freely. Its fields are kept normalised:
 *   value = (neg ? -1 : 1) * mant * 10^(exp - 7)
 *   mant in 10000000..99999999 and exp in -99..99, or
 *   mant = 0, exp = 0, neg = false for zero (there is no negative zero).
 * So 1 is {10000000, 0}, 0.1 is {10000000, -1}, 12.345 is {12345000, 1}.
 * Integers up to 99 999 999 and decimal fractions such as 0.1 are exact.
 *
 * Results are cut to 8 digits as docs/mk61.md says the real machine does
 * (see there: rounding or truncation). A result too large for the exponent
 * is an overflow (the machine's ЕГГОГ); one too small becomes zero.
 *
 * The rule chosen (docs/mk61.md, "Numbers"): every result is TRUNCATED
 * towards zero to 8 significant digits, never rounded: 2/3 is 0.66666666,
 * 1 - 1e-9 is 0.99999999, -2/3 is -0.66666666. + - x / are exact before
 * the cut (integer arithmetic, no double). Results computed in double are
 * first rounded to 15 significant digits, then truncated to 8, so that
 * noise in the last bits of a double does not show (lg 1000 = 3, sin 30° =
 * 0.5); see vm_num_from_double.
 */
#ifndef VM_NUM_H
#define VM_NUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct vm_num {
    uint32_t mant; /* the 8 mantissa digits: 0..99999999 as an integer, or,
                      when hex is set, as 8 nibbles (the first digit in bits
                      28..31) because one of them is above 9 */
    int16_t exp;   /* value = (neg ? -1 : 1) * mant * 10^(exp - 7) */
    bool neg;      /* the mantissa's sign */
    bool hex;      /* mant holds nibbles (a logic operation's A..F digits) */
} vm_num;

/* Why an operation has no result: the calculator shows ЕГГОГ. */
typedef enum vm_num_status {
    VM_NUM_OK = 0,
    VM_NUM_OVERFLOW, /* |result| >= 10^100 */
    VM_NUM_DIV_ZERO, /* division by zero, 1/0 */
    VM_NUM_DOMAIN    /* sqrt of a negative, log of 0 or less, arcsin(2), ... */
} vm_num_status;

typedef enum vm_angle { VM_RAD, VM_GRAD, VM_DEG } vm_angle;

vm_num vm_num_zero(void);
/* The same value with leading zeros of the mantissa moved into the
 * exponent (what X holds after ИП of a loop counter's 00000001). */
vm_num vm_num_normal(vm_num a);
vm_num vm_num_from_int(int64_t v); /* exact when |v| < 10^8, else cut to 8 digits */
bool vm_num_is_zero(vm_num a);
/* -1, 0 or 1. */
int vm_num_sign(vm_num a);
/* -1, 0, 1 as a <, =, > b. */
int vm_num_cmp(vm_num a, vm_num b);
bool vm_num_eq(vm_num a, vm_num b);

/* From and to double (for the transcendental functions and display tests):
 * from_double keeps 8 significant digits; NaN or infinity is a domain error,
 * too large an overflow. It rounds d to 15 significant digits, then
 * truncates to 8: from_double(2.9999999999999996) is 3, from_double(
 * 0.123456789) is 0.12345678. from_double(to_double(a)) == a for every a. */
vm_num_status vm_num_from_double(double d, vm_num *out);
double vm_num_to_double(vm_num a);

/* Arithmetic, exact to 8 digits (integer and decimal arithmetic, not double). */
vm_num_status vm_num_add(vm_num a, vm_num b, vm_num *out);
vm_num_status vm_num_sub(vm_num a, vm_num b, vm_num *out);
vm_num_status vm_num_mul(vm_num a, vm_num b, vm_num *out);
vm_num_status vm_num_div(vm_num a, vm_num b, vm_num *out);
vm_num vm_num_neg(vm_num a);
vm_num vm_num_abs(vm_num a);
vm_num vm_num_int(vm_num a);  /* K [x]: the integer part, towards zero */
vm_num vm_num_frac(vm_num a); /* K {x}: a - [a], same sign as a */
/* K max: the larger of a and b, except that zero counts as larger than
 * everything (the machine's quirk, docs/mk61.md): max(5, 0) is 0. */
vm_num vm_num_max(vm_num a, vm_num b);
/* F π: 3.1415926 (the machine's constant, truncated). */
vm_num vm_num_pi(void);

/* The one-operand functions of the F and K keys, by opcode (0x15..0x1E,
 * 0x21..0x23, 0x26, 0x2A, 0x30, 0x33, 0x31, 0x32, 0x34, 0x35, 0x3A) and
 * the two-operand ones: F x^y (0x24), K max (0x36) and the bitwise K ∧ ∨ ⊕
 * (0x37..0x39), with x the X register and y the Y register (which power
 * F x^y computes is written down in docs/mk61.md). angle matters for the
 * trigonometric codes. Transcendental results are computed in double and
 * kept to 8 digits. VM_NUM_DOMAIN for a code that is not a function.
 *
 * Details (docs/mk61.md has the reasons):
 * - fn1 also takes F π (0x20), which ignores x; fn2 also takes + - x /
 *   (0x10..0x13), giving y + x, y - x, y * x, y / x.
 * - F x^y (0x24) is x to the power y: with 3 in X and 2 in Y it gives 9.
 *   x must be > 0 (VM_NUM_DOMAIN otherwise, as on the machine). With an
 *   integer y the result is exact when it has at most 8 digits (2^10 =
 *   1024, 2^-3 = 0.125); otherwise pow() in double.
 * - Exact: sqrt (integer square root: √2 = 1.4142135), x², 1/x, 10^x of an
 *   integer, lg of a power of ten, sin/cos/tg of multiples of 90° (100
 *   grads); tg 90° is VM_NUM_DOMAIN. Trigonometric arguments with
 *   |x| >= 1e10 are VM_NUM_DOMAIN.
 * - 0x26: D.MM -> degrees; 0x2A: D.MMSS -> degrees; 0x30: degrees ->
 *   D.MMSS; 0x33: degrees -> D.MM (12.3045 is 12°30'45"). Minutes or
 *   seconds of 60 or more in the input of 0x26/0x2A are VM_NUM_DOMAIN. The
 *   sign is kept: the conversion works on |x|.
 * - K ∧ ∨ ⊕ (0x37..0x39) and К ИНВ (0x3A) work on the 7 mantissa digits
 *   after the first (of 8.1234567: 1234567; of any other number likewise,
 *   ignoring sign and exponent) as 4-bit nibbles, and give 8.ddddddd.
 *   A result nibble above 9 (A..F) cannot be held by a vm_num:
 *   VM_NUM_DOMAIN. So ИНВ works only on digits 6..9. */
vm_num_status vm_num_fn1(uint8_t code, vm_num x, vm_angle angle, vm_num *out);
vm_num_status vm_num_fn2(uint8_t code, vm_num x, vm_num y, vm_num *out);

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

/* The real machine's register: 12 nibbles, as shared/reference/mk61-vectors
 * writes them after "raw:" (the first nibble in bits 44..47): the
 * exponent's sign (0, or 9 when negative), its two digits (a negative
 * exponent is the tens complement of the three: -1 is 999), the mantissa's
 * sign (0 or 9) and the 8 mantissa digits. to_raw writes any vm_num whose
 * exponent is -500..499; from_raw reads any pattern whose exponent nibbles
 * are decimal digits and whose sign nibbles are 0 or 9 (mantissa nibbles
 * may be hex digits), false otherwise. */
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

#endif
