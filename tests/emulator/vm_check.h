/* Helpers shared by the emulator's tests: the machine (test_vm.c), the
 * keypad and display (test_keys.c), numbers (test_num.c), the machine as
 * text (test_state.c), the assembler (test_asm.c) and the stepper
 * (test_stepper.c).
 *
 * Expected values in those tests are worked out by hand from
 * shared/reference/mk61.md and docs/machine.md; these helpers only build
 * machines and compare numbers and displays with readable messages. */
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

/* The display as text (vm_display_get then vm_display_text). */
const char *vc_display(const vm_machine *m, char *buf, size_t size);
void vc_assert_display(const vm_machine *m, const char *want, const char *file, int line);
#define ck_assert_display(m, want) vc_assert_display((m), (want), __FILE__, __LINE__)

/* A fixed-seed generator for the randomized tests. */
void vc_seed(uint64_t seed);
uint32_t vc_rand(void);
/* A random number: a small or medium integer, zero, or any mantissa and
 * exponent. */
vm_num vc_random_num(void);
/* a is kept as vm_num.h says: normalised, or the one zero. */
void vc_assert_normal(vm_num a, const char *what, int round);

#endif
