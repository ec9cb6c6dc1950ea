/* Helpers shared by asm.c, disasm.c and vm_hex.c; not part of the API. */
#ifndef ASM_INTERNAL_H
#define ASM_INTERNAL_H

#include "asm.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

/* Records an error, keeping errs->error sorted by line and column. */
void asm_err_add(asm_errors *errs, const char *file, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* The code point at s (its length in *len, at least 1 unless *s is NUL);
 * a byte that does not start valid UTF-8 is U+FFFD of length 1. */
int asm_utf8(const char *s, int *len);

/* Characters (code points) in [from, to). */
int asm_cols(const char *from, const char *to);

/* A label: a Latin letter or '_', then letters, digits, '_'; at most
 * VM_LABEL_MAX - 1 characters. */
bool asm_label_ok(const char *s);

/* The value of a hex digit (either case), or -1. */
int asm_hex_digit(char ch);

/* A mnemonic folded for matching (see fold() in asm_lex.c): spaces dropped,
 * Latin letters in lower case, Cyrillic look-alikes as Latin letters, the
 * signs as ASCII (≠ as !=, → as ->, × as *, ² as ^2, ...). src[i] is the
 * offset in the original text of the character that gave s[i]; src[len] is
 * where the folding stopped. */
#define ASM_NORM_MAX 128
typedef struct asm_norm {
    char s[ASM_NORM_MAX];
    int src[ASM_NORM_MAX];
    int len;
    bool truncated; /* the text was too long to fold whole */
} asm_norm;

/* Folds text[0..n) (or up to a NUL). */
void asm_normalize(const char *text, int n, asm_norm *out);

/* The next word of [*p, end), separated by spaces (*w its start); its
 * length, 0 at the end. */
int asm_word(const char **p, const char *end, const char **w);

/* For the directives' readers (asm_search.c, asm_board.c): the index of
 * the word w[0..n) in names[0..count), -1 when it is none of them. */
int asm_word_index(const char *w, int n, const char *const *names, int count);

/* An error of a directive, recorded at `at` through err(ctx, ...): "what",
 * and ", not 'WORD'" with the word w[0..n) when n > 0. */
typedef void (*asm_err_fn)(void *ctx, const char *at, const char *message);
void asm_word_error(asm_err_fn err, void *ctx, const char *at, const char *what, const char *w,
                    int n);

/* Whether [p, end) holds no more words; when it does, the first is
 * reported as unexpected. */
bool asm_no_more(asm_err_fn err, void *ctx, const char *p, const char *end);

/* ---- the .search directive (asm_search.c) ------------------------------ */

/* What the .search directive needs from the assembler: ctx is the
 * assembler's own. reg reads a register word (a number, 0..9, a..e, or a
 * name declared by .name), -1 when it is none; address takes an address
 * word (a label or a number) to be resolved at the end into done[k], or
 * the node's start when `done` is ASM_SEARCH_NODE, the cut's address when
 * it is ASM_SEARCH_CUT; err records an error at `at`. Every kind but
 * `side` may be given once. */
#define ASM_SEARCH_NODE (-1)
#define ASM_SEARCH_CUT (-2)
typedef struct asm_search_io {
    void *ctx;
    vm_search *out;
    unsigned *seen; /* the kinds given so far (1 << kind), kept by the caller */
    int (*reg)(void *ctx, const char *w, int n);
    void (*address)(void *ctx, const char *w, int n, int done);
    void (*err)(void *ctx, const char *at, const char *message);
} asm_search_io;

/* One `.search KIND ...` line: p..end is what follows ".search". */
void asm_search_directive(const asm_search_io *io, const char *p, const char *end);

/* ---- the .board directive (asm_board.c) -------------------------------- */

/* What the .board directive needs from the assembler, as asm_search_io:
 * reg reads a register word (a number, 0..9, a..e, or a name given by
 * .name), err records an error at `at`. Each kind may be given once. */
typedef struct asm_board_io {
    void *ctx;
    vm_board *out;
    unsigned *seen; /* the kinds given so far (1 << kind), kept by the caller */
    int (*reg)(void *ctx, const char *w, int n);
    void (*err)(void *ctx, const char *at, const char *message);
} asm_board_io;

/* One `.board KIND ...` line: p..end is what follows ".board". */
void asm_board_directive(const asm_board_io *io, const char *p, const char *end);

/* Why a declared board is incomplete ("" when it is not). */
void asm_board_check(const vm_board *b, char *why, size_t size);

/* The .board directives of a declared board (nothing when none), registers
 * as numbers: assembled again they declare the same (asm_board.c). */
struct asm_out;
void asm_board_listing(struct asm_out *o, const vm_board *b);

/* An snprintf-style text being written. */
typedef struct asm_out {
    char *buf;
    size_t size;
    size_t len;     /* what the whole text needs, may exceed size */
    size_t written; /* what is in buf */
    int col;    /* characters since the last newline */
} asm_out;

void asm_out_init(asm_out *o, char *buf, size_t size);
void asm_out_printf(asm_out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Pads with spaces to the given column (in characters) counted from the
 * start of the current line. */
void asm_out_pad(asm_out *o, int col);
int asm_out_end(asm_out *o);

/* The .search directives of a declared search (nothing when none),
 * registers and addresses as numbers: assembled again they declare the
 * same (asm_search.c). */
void asm_search_listing(asm_out *o, const vm_search *s);

#endif
