/* Helpers shared by the assembler's tests (test_asm.c, test_disasm.c,
 * test_hex.c): assembling with readable failures, the golden files of
 * tests/emulator/asm/, and random programs for round trips.
 *
 * Expected codes in those tests are worked out by hand from the
 * reference's opcode table (shared/reference/mk61.md); the golden files
 * hold sources with their codes (*.mk61, *.hex) and bad sources with their
 * messages (*.bad, *.err). */
#ifndef ASM_CHECK_H
#define ASM_CHECK_H

#include "asm.h"
#include "emulator_tests.h"

#include <stdbool.h>
#include <stdint.h>

#ifndef ASM_GOLDEN_DIR
#error "ASM_GOLDEN_DIR: the folder of the golden files (tests/CMakeLists.txt)"
#endif

/* Room for listings and dumps. */
#define AC_TEXT_MAX (1 << 18)
extern char ac_text[AC_TEXT_MAX];

/* Assembles src into *p and *d (may be NULL), failing the test with the
 * first message on an error. */
void ac_assemble(const char *src, vm_program *p, vm_decl *d);

/* src assembles to exactly the n codes of want. */
void ac_expect_codes(const char *src, const uint8_t *want, int n);

/* The first error of src, formatted ("t:1:2: ..."); src must fail. */
const char *ac_first_error(const char *src);

/* A golden file's text (one of four buffers, reused in turn). */
const char *ac_golden_text(const char *name);
/* The golden files ending in ext, sorted (at most 64); returns how many,
 * failing the test when there are fewer than min. */
#define AC_GOLDEN_MAX 64
int ac_golden_names(const char *ext, int min, char names[AC_GOLDEN_MAX][128]);

/* A small generator of the tests' own (a seed a test). */
void ac_seed(uint32_t seed);
uint32_t ac_rnd(uint32_t n);

/* A random program: documented codes with valid addresses (or, with raw,
 * any bytes at all), registers, a start; names declared into *d. */
void ac_random_program(vm_program *p, vm_decl *d, bool raw);

/* got has want's length and codes. */
void ac_same_codes(const vm_program *want, const vm_program *got);

/* a and b are the same program with the same register names. */
void ac_same_program(const vm_program *a, const vm_decl *ad, const vm_program *b,
                     const vm_decl *bd);

#endif
