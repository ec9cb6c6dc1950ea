/* kalah_program.h: programs/kalah.mk61 for the Check tests that play it
 * (the tests' own file access; KALAH61_PROGRAM_DIR names the folder): its
 * text, and the program assembled from a text, failing the test with the
 * reason when either cannot be had; and a Check program's run. */
#ifndef KALAH_PROGRAM_H
#define KALAH_PROGRAM_H

#include "asm.h"
#include "check_run.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef KALAH61_PROGRAM_DIR
#error "KALAH61_PROGRAM_DIR: the folder of kalah.mk61 (tests/CMakeLists.txt)"
#endif

/* The text of programs/NAME, malloc'd: the caller frees it. */
static inline char *kalah61_program_file(const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", KALAH61_PROGRAM_DIR, name);
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open programs/%s", name);
    size_t cap = 1 << 17;
    char *text = malloc(cap);
    ck_assert_ptr_nonnull(text);
    size_t n = fread(text, 1, cap - 1, f);
    fclose(f);
    ck_assert_int_lt(n, cap - 1);
    text[n] = '\0';
    return text;
}

/* The Kalah program's text, malloc'd: the caller frees it. */
static inline char *kalah_program_text(void)
{
    return kalah61_program_file("kalah.mk61");
}

/* text assembled into *p, its declarations into *d (may be NULL). */
static inline void kalah_program_assemble(const char *text, vm_program *p, vm_decl *d)
{
    asm_errors errs;
    bool ok = asm_assemble(text, "kalah.mk61", p, d, &errs);
    char msg[256] = "";
    if (!ok)
        asm_error_format(&errs.error[0], msg, sizeof msg);
    ck_assert_msg(ok, "the program does not assemble: %s", msg);
}

#endif
