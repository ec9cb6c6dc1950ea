/* Shared inside the number code only (vm_num.c, vm_num_fn.c,
 * vm_num_trans.c): how a function's result is built and how the
 * transcendental functions are reached. */
#ifndef VM_NUM_INTERNAL_H
#define VM_NUM_INTERNAL_H

#include "vm_isa.h" /* the functions by their VM_OP_ names */
#include "vm_num.h"

/* (neg ? -1 : 1) * m * 10^(e - 7) with m < 10^8, leading zeros shifted out
 * (zeros come in, never new digits); m = 0 is +0. No range check: e may
 * leave -99..99, as inside the machine's functions. */
vm_num vm_num_make(bool neg, uint64_t m, int e);

/* The result of a function as X keeps it: VM_NUM_OK inside -99..99, else
 * VM_NUM_OVERFLOW with *out written (the exponent wrapped to its three
 * digits), as the machine keeps such results. */
vm_num_status vm_num_kept(vm_num r, vm_num *out);

/* floor(sqrt(n)), exactly, for n < 10^16: the machine's truncated root. */
uint64_t vm_num_isqrt(uint64_t n);

/* The functions of the ИК1303 (lg ln 10^x e^x x^y and the trigonometric
 * and inverse trigonometric ones: VM_OP_EXP10 to VM_OP_TAN, VM_OP_POW),
 * digit for digit as the machine computes them (docs/mk61.md,
 * "Functions").
 * VM_NUM_DOMAIN where the machine shows ЕГГОГ. */
vm_num_status vm_num_transcendental(uint8_t code, vm_num x, vm_num y, vm_angle angle,
                                    vm_num *out);

/* ln (or lg) of x's mantissa with the exponent e, whatever x's own: the
 * machine's fixed-point sum of e ln 10s (vm_num_far). */
vm_num_status vm_num_ln_at(vm_num x, int e, bool lg, vm_num *out);

/* vm_num_fn1 for an operand as in range (its exponent taken as the value). */
vm_num_status vm_num_fn1_near(uint8_t code, vm_num x, vm_angle angle, vm_num *out);

/* Whether vm_num_far takes code on x: a decimal x whose exponent is past
 * ±99, and a function whose reading of such an exponent vm_num_far holds
 * (√, the conversions, ln lg, 10ˣ eˣ, sin cos tg). */
bool vm_num_goes_far(uint8_t code, vm_num x);
/* The one-operand functions of an operand whose exponent is past ±99
 * (vm_num_far.c): as the chips read its exponent nibbles, where measured;
 * VM_NUM_KEPT_ERROR where ЕГГОГ shows but X takes *out. */
vm_num_status vm_num_far(uint8_t code, vm_num x, vm_angle angle, vm_num *out);
/* Whether vm_num_far's result for code and x is measured and modelled. */
bool vm_num_far_modelled(uint8_t code, vm_num x, vm_angle angle);

#endif
