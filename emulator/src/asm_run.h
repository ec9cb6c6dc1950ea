/*
 * asm_run.h: one run of the assembler, shared by its three files (not part
 * of the API; asm.h is):
 *   - asm.c reads the source line by line, defines the labels, and at the
 *     end fills in every address a label names (the fixups);
 *   - asm_instr.c reads an instruction (its spelling folded and matched
 *     against every spelling of the instruction list) or a number typed as
 *     its keys;
 *   - asm_directive.c reads the directives (.profile, .start, .reg, .name,
 *     .code, and .search through asm_search.c).
 * Every mistake is recorded in the run's errors and the run goes on with
 * the next line, so that one run reports every line that is wrong.
 */
#ifndef ASM_RUN_H
#define ASM_RUN_H

#include "asm_internal.h"
#include "vm_isa.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A listing names at most every step and the end. */
#define ASM_LABELS_MAX (VM_MAX_STEPS + 1)

typedef struct asm_label {
    char name[VM_LABEL_MAX];
    int addr;
    int line; /* where it is defined, for "already defined at line N" */
} asm_label;

/* Where an address the source names goes. */
typedef enum asm_fix_kind {
    ASM_FIX_JUMP,  /* the address cell of a jump, at step `i` */
    ASM_FIX_START, /* .start */
    ASM_FIX_NODE,  /* .search node */
    ASM_FIX_DONE,  /* .search done: done[i] */
    ASM_FIX_CUT    /* .search cut */
} asm_fix_kind;

/* A jump operand, .start or .search naming a label: labels may be defined
 * after their use, so the address is filled in at the end of the run. */
typedef struct asm_fixup {
    asm_fix_kind kind;
    int i;
    char name[VM_LABEL_MAX];
    int line, col; /* the use, for "undefined label" */
} asm_fixup;

/* A spelling folded for matching (asm_normalize), and its code (a register
 * family's first). */
typedef struct asm_key {
    char s[32];
    int len;
    const vm_op_info *op;
} asm_key;

#define ASM_KEYS_MAX 512

typedef struct asm_run {
    const char *file;
    asm_errors *errs;
    vm_program *p;
    vm_decl *d;           /* the caller's declarations, or scratch: .search
                             reads the .name's even when the caller wants
                             no declarations */
    vm_decl scratch;
    const vm_profile *prof;
    int addr;             /* the next step */
    int line;             /* the current line, 1-based */
    const char *ls;       /* its start: columns count from here */
    bool seen;            /* a label, instruction or directive other than
                             .profile (which must come first) */
    bool overflow;        /* the program went past the last step (said once) */
    int profile_line, start_line, search_line; /* where each was given, 0: not */
    unsigned search_seen; /* the .search kinds given (1 << kind) */
    int reg_line[VM_MAX_REGS], name_line[VM_MAX_REGS]; /* .reg and .name, by register */
    int nlabels;
    asm_label labels[ASM_LABELS_MAX];
    int nfix;
    asm_fixup fix[VM_MAX_STEPS + 2 + VM_SEARCH_DONE]; /* every jump, .start, .search */
    int nkeys;            /* the spellings, folded once per run */
    asm_key keys[ASM_KEYS_MAX];
} asm_run;

/* The column (1-based, in characters) of ptr on the current line. */
#define ASM_COL(c, ptr) (asm_cols((c)->ls, (ptr)) + 1)

static inline bool asm_is_space(char ch)
{
    return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\v' || ch == '\f';
}

static inline bool asm_is_digit(char ch)
{
    return ch >= '0' && ch <= '9';
}

/* A letter of a label: Latin letters and '_', and digits after the first. */
static inline bool asm_is_ident(char ch, bool first)
{
    return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || ch == '_' ||
           (!first && asm_is_digit(ch));
}

/* ---- asm.c ------------------------------------------------------------- */

/* A piece of the source quoted in a message: at most 24 characters (whole
 * UTF-8 characters), "..." when cut. Returns buf. */
const char *asm_quote(const char *s, int n, char *buf, size_t size);

/* The number of digits at s[0..n) (all of them when it is a number). */
int asm_digits(const char *s, int n);

/* The decimal value of s[0..n), all digits; -1 when it is too large to
 * matter (above 99999: no address, register or count is). */
int asm_decimal(const char *s, int n);

/* An identifier of any length at s[0..n) (too long for a label is the
 * caller's message). */
bool asm_ident(const char *s, int n);

/* Drops the spaces around *t[0..*n). */
void asm_trim(const char **t, int *n);

/* Writes one cell at the next step, with its source line in the map; past
 * the profile's last step it says so once (at col) and only counts. */
void asm_emit(asm_run *c, uint16_t cell, int col);

/* An address operand at t[0..n), digits or an identifier: an address in
 * decimal (checked against the profile), or a label, filled in at the end.
 * It goes where kind and i say (asm_fix_kind). */
void asm_target(asm_run *c, const char *t, int n, asm_fix_kind kind, int i);

/* ---- asm_instr.c ------------------------------------------------------- */

/* A register after a folded mnemonic: one of 0..9, a..e (the Cyrillic
 * А В С Д Е fold to these); -1 otherwise. */
int asm_reg_char(const char *s, int len);

/* One instruction or number at t[0..n) (the line without its label and
 * comment). */
void asm_instruction(asm_run *c, const char *t, int n);

/* ---- asm_directive.c --------------------------------------------------- */

/* One directive at t[0..n): t[0] is '.'. */
void asm_directive(asm_run *c, const char *t, int n);

#endif
