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
 */
#ifndef VM_NUM_H
#define VM_NUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct vm_num {
    int32_t mant; /* 0, or 10000000..99999999 */
    int16_t exp;  /* -99..99; 0 for zero */
    bool neg;
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
vm_num vm_num_from_int(int64_t v); /* exact when |v| < 10^8, else cut to 8 digits */
bool vm_num_is_zero(vm_num a);
/* -1, 0 or 1. */
int vm_num_sign(vm_num a);
/* -1, 0, 1 as a <, =, > b. */
int vm_num_cmp(vm_num a, vm_num b);
bool vm_num_eq(vm_num a, vm_num b);

/* From and to double (for the transcendental functions and display tests):
 * from_double keeps 8 significant digits; NaN or infinity is a domain error,
 * too large an overflow. */
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
vm_num vm_num_max(vm_num a, vm_num b);

/* The one-operand functions of the F and K keys, by opcode (0x15..0x1E,
 * 0x21..0x23, 0x26, 0x2A, 0x30, 0x33, 0x31, 0x32, 0x34, 0x35, 0x3A) and
 * the two-operand ones: F x^y (0x24), K max (0x36) and the bitwise K ∧ ∨ ⊕
 * (0x37..0x39), with x the X register and y the Y register (which power
 * F x^y computes is written down in docs/mk61.md). angle matters for the
 * trigonometric codes. Transcendental results are computed in double and
 * kept to 8 digits. VM_NUM_DOMAIN for a code that is not a function. */
vm_num_status vm_num_fn1(uint8_t code, vm_num x, vm_angle angle, vm_num *out);
vm_num_status vm_num_fn2(uint8_t code, vm_num x, vm_num y, vm_num *out);

/* Text, for assembler directives, tests and --json: "12.345", "-0.1",
 * "1.5e-12", "99999999", "1e99". Parse takes the whole string; format
 * writes the shortest exact form (no exponent for 1e-7 <= |a| < 1e8) and
 * returns the length (snprintf-style). */
bool vm_num_parse(const char *text, vm_num *out);
int vm_num_format(vm_num a, char *buf, size_t size);

#endif
