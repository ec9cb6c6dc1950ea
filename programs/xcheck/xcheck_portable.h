/*
 * xcheck_portable.h: whether a running program leans on a behaviour that
 * this emulator and the real MK-61 do not share (prefix xcheck_).
 *
 * The emulator is being made the real calculator in every observable way
 * (issue 16); until then, and after, the Kalah program must not depend on
 * the points where the two differ or where only the project's extended
 * profile gives a meaning. The watcher looks at every step before it is
 * executed and names the first such use:
 *
 *   - a digit, `,` or `ВП` as the first step of a run (the real machine
 *     goes on with the number the person typed), or right after `Сx` (the
 *     real machine lifts the stack there), or right after `/-/`;
 *   - `ВП` or `,` starting a number on a finished X;
 *   - FL0..FL3 with a counter that is not a whole number of 1 or more;
 *   - an indirect step whose pointer is not a whole number naming a
 *     register of the profile (0..14; on mk61x 0..99) or an address in the
 *     program, or would make R0..R3 go below 0;
 *   - a sixth nested call (the real return stack wraps);
 *   - running to an address outside the program;
 *   - + − × or x² on anything but whole numbers with a whole result below
 *     10^8 (the real machine rounds in the last digit), and the functions
 *     whose last digits the real machine computes its own way (10ˣ eˣ lg
 *     ln, the trigonometric ones, xʸ, angle conversions, logic, К СЧ).
 *
 * Contract: no printing; the finding is text in why.
 */
#ifndef XCHECK_PORTABLE_H
#define XCHECK_PORTABLE_H

#include "vm.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct xcheck_portable {
    int length;    /* the program's length: steps from here on are not it */
    int prev;      /* the code executed last in this run, -1 at its start */
    /* Two allowances a program's check may give (init leaves both off):
     * decimals, + − × and x² of decimal numbers whose result the real
     * machine gets exactly (no digit of an operand shifted out of the
     * sum's eight, no digit of the exact result past eight: then there is
     * no rounding to differ in; Pulúk's scores in tenths); random, К СЧ,
     * whose numbers the caller reads from the machine rather than
     * reproduces (Pulúk's throws). */
    bool decimals, random;
    /* vm_isa.h's port column, a byte a code (VM_PORT_SAME for the
     * undocumented ones), copied at init: it is read at every step, and
     * its 256 bytes stay in the cache where the list's wide rows do not
     * (measured: reading the rows instead makes `mk61 crosscheck` 5%
     * slower). */
    uint8_t port[256];
} xcheck_portable;

/* Watches runs of a program of `length` steps. */
void xcheck_portable_init(xcheck_portable *w, int length);

/* A run starts (С/П pressed, or the start-up's С/П). */
void xcheck_portable_run(xcheck_portable *w);

/* Looks at the step m is about to execute; false, with why, when it leans
 * on a difference. Call before every vm_step of a run. */
bool xcheck_portable_step(xcheck_portable *w, const vm_machine *m, char *why, size_t size);

#endif
