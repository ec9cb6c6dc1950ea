/* What several fuzz targets share (header only: each target is one
 * program). */
#ifndef FUZZ_UTIL_H
#define FUZZ_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The whole text of an snprintf-style writer in a malloc'd buffer, checking
 * its promise: the length returned is the length written. call_null sizes
 * it, call_buf writes into buf (of size_ bytes); out gets buf. */
#define WHOLE(call_null, call_buf, out)                                                       \
    do {                                                                                      \
        int need_ = (call_null);                                                              \
        if (need_ < 0)                                                                        \
            abort();                                                                          \
        size_t size_ = (size_t)need_ + 1;                                                     \
        char *buf = malloc(size_);                                                            \
        if (!buf)                                                                             \
            abort();                                                                          \
        if ((call_buf) != need_ || strlen(buf) != (size_t)need_)                              \
            abort();                                                                          \
        (out) = buf;                                                                          \
    } while (0)

/* The input as a string: a malloc'd copy with a NUL after it (the input
 * may hold NULs of its own). */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *text = malloc(size + 1);
    if (!text)
        abort();
    memcpy(text, data, size);
    text[size] = '\0';
    return text;
}

#ifdef KALAH61_PROGRAM_DIR
#include "asm.h"

/* programs/kalah.mk61, assembled into *out and *decl (may be NULL);
 * aborts (naming who) when it cannot be. */
static inline void fuzz_load_kalah(const char *who, vm_program *out, vm_decl *decl)
{
    FILE *f = fopen(KALAH61_PROGRAM_DIR "/kalah.mk61", "rb");
    static char text[1 << 17];
    size_t n = f ? fread(text, 1, sizeof text - 1, f) : 0;
    if (f)
        fclose(f);
    text[n] = '\0';
    if (!asm_assemble(text, "kalah.mk61", out, decl, NULL)) {
        fprintf(stderr, "%s: cannot assemble " KALAH61_PROGRAM_DIR "/kalah.mk61\n", who);
        abort();
    }
}
#endif

#endif
