/* Helpers shared by the emulator's tests: the machine (test_vm*.c), the
 * keypad and display (test_keys.c), numbers (test_num.c), the machine as
 * text (test_state.c), the assembler (test_asm.c) and the stepper
 * (test_stepper.c).
 *
 * Expected values in those tests are facts of the real MK-61: a case of
 * ../shared/reference/mk61-vectors, or measured on a cycle-level emulator
 * of the calculator's chips running their ROM (the instrument the vectors
 * were made with, outside the project: each test says "measured: keys").
 * What the real machine cannot show (the project's text formats, mk61x's
 * wider limits, the diagnostics in m->warn) is written by hand from the
 * headers. These helpers only build machines, run keys as the
 * measurements did and compare with readable messages. */
#ifndef VM_CHECK_H
#define VM_CHECK_H

#include "emulator_tests.h"
#include "vm.h"
#include "vm_keys.h"

#include <stddef.h>
#include <stdint.h>

/* Short names for the codes of the reference's table. */
enum {
    C_PT = 0x0A, C_CHS = 0x0B, C_EEX = 0x0C, C_CX = 0x0D, C_ENT = 0x0E, C_LASTX = 0x0F,
    C_ADD = 0x10, C_SUB = 0x11, C_MUL = 0x12, C_DIV = 0x13, C_SWAP = 0x14,
    C_LN = 0x18, C_PI = 0x20, C_SQRT = 0x21, C_SQ = 0x22, C_ROT = 0x25,
    C_ABS = 0x31, C_SIGN = 0x32, C_INT = 0x34, C_FRAC = 0x35, C_MAX = 0x36,
    C_STOP = 0x50, C_GOTO = 0x51, C_RTN = 0x52, C_GSB = 0x53, C_NOP = 0x54,
    C_XNE0 = 0x57, C_L2 = 0x58, C_XGE0 = 0x59, C_L3 = 0x5A, C_L1 = 0x5B,
    C_XLT0 = 0x5C, C_L0 = 0x5D, C_XEQ0 = 0x5E
};
#define C_STO(r) (0x40 | (r))
#define C_RCL(r) (0x60 | (r))
#define C_KXNE0(r) (0x70 | (r))
#define C_KGOTO(r) (0x80 | (r))
#define C_KXGE0(r) (0x90 | (r))
#define C_KGSB(r) (0xA0 | (r))
#define C_KSTO(r) (0xB0 | (r))
#define C_KXLT0(r) (0xC0 | (r))
#define C_KRCL(r) (0xD0 | (r))
#define C_KXEQ0(r) (0xE0 | (r))

/* Presses the keys named in seq, separated by spaces (names as
 * vm_key_find takes them); fails the test on an unknown name. */
void vc_press(vm_machine *m, const char *seq);

/* A number from text ("0.1", "-2.5e-3"); fails the test when it does not
 * parse. */
vm_num vc_num(const char *text);

/* got equals the number written in want. */
void vc_assert_num(vm_num got, const char *want, const char *expr, const char *file, int line);
#define ck_assert_num(got, want) vc_assert_num((got), (want), #got, __FILE__, __LINE__)

/* X, Y, Z and T are the numbers written (NULL: not checked). */
void vc_assert_stack(const vm_machine *m, const char *x, const char *y, const char *z,
                     const char *t, const char *file, int line);
#define ck_assert_stack(m, x, y, z, t) vc_assert_stack((m), (x), (y), (z), (t), __FILE__, __LINE__)

/* Sets the stack to finished numbers (NULL: left as it is). */
void vc_set_stack(vm_machine *m, const char *x, const char *y, const char *z, const char *t);

/* Loads codes at address 0 of an otherwise empty program and starts at
 * start: pc = start, everything else as after power-on. */
void vc_load(vm_machine *m, vm_profile_id profile, const uint8_t *code, int n, int start);
/* Whether n program cells hold these bytes (cells are 16 bits wide). */
bool vc_cells_are(const uint16_t *cells, const void *bytes, int n);
#define VC_CODE(...) (const uint8_t[]){__VA_ARGS__}, (int)sizeof((const uint8_t[]){__VA_ARGS__})
/* VC_LOAD(m, code, ...): an mk61 program starting at 0. */
#define VC_LOAD(m, ...) vc_load((m), VM_PROFILE_MK61, VC_CODE(__VA_ARGS__), 0)

/* got equals want; else the first line that differs (Check's messages are
 * short: whole texts do not fit); what names the text. */
void vc_assert_text(const char *got, const char *want, const char *what);

/* The display as text (vm_display_get then vm_display_text). */
const char *vc_display(const vm_machine *m, char *buf, size_t size);
void vc_assert_display(const vm_machine *m, const char *want, const char *file, int line);
#define ck_assert_display(m, want) vc_assert_display((m), (want), __FILE__, __LINE__)

/* ---- measured cases --------------------------------------------------------
 *
 * A case as the instrument runs one (and as the vectors are written): an
 * mk61 after power-on, the program's bytes from step 00, then the keys,
 * each followed by a run until the machine waits again (a С/П that starts
 * the program runs it to its stop). Values are written as the vectors
 * write them and compared by value ("12.5", "-0" a negative zero, "1E-9"),
 * or, written "raw:" and 12 hex digits, nibble for nibble as the real
 * register holds them (vm_num.h, vm_num_to_raw). The display is the
 * vectors' ASCII form: 12 cells, G for Г, '.' after a lit point. */
typedef struct vc_case {
    const char *program; /* hex bytes from 00 ("" none); "deg:" or "grd:"
                            first sets the angle switch */
    const char *keys;    /* the vectors' key names (0-9 . CHS EE CX ENT + -
                            * / XY F K STO RCL GOTO GSB RTN R/S SST BST) */
    const char *x, *y, *z, *t, *x1; /* NULL: not compared */
    const char *display;            /* NULL: not compared */
    const char *regs;    /* "r=value ...", r 0..9 a..e (NULL: none compared) */
} vc_case;
/* One row of a table of cases, on one line (a string macro may stand for a
 * long program or key prefix): a script outside the project reads every
 * row back and runs it on the instrument, so that each stays a
 * measurement; by hand, the instrument's q.py takes "PROG:program|keys"
 * (qr.py for the raw registers) and "F EE" at the end of the keys shows
 * the program counter. */
#define VC_CASE(prog, keys, x, y, z, t, x1, disp, regs) {prog, keys, x, y, z, t, x1, disp, regs}

/* Runs the case on m (a fresh mk61); fails the test on an unknown key or
 * a run that does not stop. */
void vc_case_run(vm_machine *m, const vc_case *c);
/* A case run (program and keys only), for the checks a table cannot make. */
vm_machine vc_ran(const char *program, const char *keys);
/* Runs a loaded machine; it must stop at a С/П, at address at unless at
 * is -1. */
void vc_go(vm_machine *m, int at);
/* Runs it and compares every field it gives: true, and the first field
 * that differs written to why, when the machine does not do as measured. */
bool vc_case_differs(const vc_case *c, char *why, size_t size);
/* Runs it and fails the test where it differs; where says which case. */
void vc_case_check(const vc_case *c, const char *where);
/* Every case of a table. */
void vc_case_table(const vc_case *cases, size_t n, const char *name);
#define VC_TABLE(cases) vc_case_table((cases), sizeof(cases) / sizeof((cases)[0]), #cases)

/* got is the value written (by value, or "raw:" nibble for nibble). */
bool vc_value_is(vm_num got, const char *want);
void vc_assert_value(vm_num got, const char *want, const char *expr, const char *file, int line);
#define ck_assert_value(got, want) vc_assert_value((got), (want), #got, __FILE__, __LINE__)

/* The display in the vectors' ASCII form (buf of at least 32). */
const char *vc_display_ascii(const vm_machine *m, char *buf, size_t size);
void vc_assert_display_ascii(const vm_machine *m, const char *want, const char *file, int line);
#define ck_assert_shown(m, want) vc_assert_display_ascii((m), (want), __FILE__, __LINE__)

/* Test cases of a suite by name, each with its tests (up to 8, the rest
 * NULL); timeout: Check's limit for each, 0 for the default. */
typedef struct vc_tcase {
    const char *name;
    const TTest *tests[8];
} vc_tcase;
void vc_add_tcases(Suite *s, const vc_tcase *cases, size_t n, double timeout);
#define VC_ADD_TCASES(s, cases, timeout) \
    vc_add_tcases((s), (cases), sizeof(cases) / sizeof((cases)[0]), (timeout))

/* A fixed-seed generator for the randomized tests. */
void vc_seed(uint64_t seed);
uint32_t vc_rand(void);
/* A random number: a small or medium integer, zero, or any mantissa and
 * exponent. */
vm_num vc_random_num(void);
/* Fails unless a is a number a register can hold (tests/vm_holdable.h). */
void vc_assert_holdable(vm_num a, const char *what, int round);

#endif
