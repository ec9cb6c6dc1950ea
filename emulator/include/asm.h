/*
 * asm.h: the MK-61 assembler, disassembler and hex dumps (prefix asm_).
 *
 * Contract: nothing here prints, exits or touches files. Sources and dumps
 * come in as strings; programs come out as a vm_program (the image the
 * machine loads) and, where the caller wants them, the declarations beside
 * it (vm_decl: register names, source map, search); mistakes come back
 * as data (file, line, column, what was expected there). Text output is
 * snprintf-style: the functions return the length the whole text needs and
 * write as much of it as fits, always NUL-terminated when size > 0.
 *
 * Every mnemonic, alias and format is derived from the one instruction list
 * in vm_isa.h. The source format is described in docs/asm.md.
 */
#ifndef ASM_H
#define ASM_H

#include "vm_decl.h"
#include "vm_program.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ---- errors ------------------------------------------------------------ */

#define ASM_MESSAGE_MAX 160 /* one message, with the NUL */
#define ASM_ERRORS_MAX 10   /* errors kept from one run */
#define ASM_LINE_MAX 1024   /* bytes in one source or dump line, without its
                               end: a longer line is an error (and is not read) */

/* One mistake: where, and what was expected there. line and col are
 * 1-based; col counts characters (UTF-8 code points, a tab is one), so a
 * caret can be drawn under it. message is one sentence without the place
 * and without a newline. file is the name the caller passed, not a copy. */
typedef struct asm_error {
    const char *file;
    int line;
    int col;
    char message[ASM_MESSAGE_MAX];
} asm_error;

/* The errors of one run: count is how many were found; the first
 * ASM_ERRORS_MAX of them in source order are in error[0..kept-1]. */
typedef struct asm_errors {
    int count;
    int kept;
    asm_error error[ASM_ERRORS_MAX];
} asm_errors;

/* "file:line:col: message" (a file given as NULL or "" is left out). */
int asm_error_format(const asm_error *e, char *buf, size_t size);

/* ---- assembler --------------------------------------------------------- */

/* Assembles source (UTF-8 text, docs/asm.md) into *out, and what it
 * declares into *decl (NULL: not wanted). file names the source in
 * messages only (NULL for none). Every line is checked; true when there is
 * no error. *out and *decl are always written, but are a usable program
 * only on success. errs may be NULL. */
bool asm_assemble(const char *source, const char *file, vm_program *out, vm_decl *decl,
                  asm_errors *errs);

/* What a declared search (.search, vm_search) lacks, as a message; "" when
 * it is complete or not declared. The assembler refuses an incomplete one. */
void asm_search_check(const vm_search *s, char *buf, size_t size);

#define ASM_SPELLING_MAX 24 /* one spelling, with the NUL */
#define ASM_SPELLINGS_MAX 12

/* The spellings the assembler accepts for a documented code, the listing's
 * (Cyrillic) first and the Latin alias second, without the register or the
 * address: for 0x68 "ИП", "RM", "П→x", "RCL". Beyond these the assembler
 * ignores spaces inside a name, letters' case and the Latin/Cyrillic
 * look-alikes, and takes ASCII for the signs (docs/asm.md). Returns how many
 * were written to names (0 for an undocumented code). */
int asm_spellings(uint8_t code, char names[][ASM_SPELLING_MAX], int max);

/* ---- disassembler ------------------------------------------------------ */

/* Flags of asm_listing. */
#define ASM_LATIN 1u /* mnemonics by their Latin aliases (RM 8, GOTO L05) */

/* Writes the instruction at addr as assembler source ("ИП 8", "FL0 05",
 * "БП loop" when map names the target, ".code 1F" for an undocumented code
 * or a jump without a valid address) and returns the address of the next
 * instruction; -1, with an empty buf, when addr is outside 0..length-1.
 * profile bounds the jumps' addresses; map (may be NULL) gives the labels
 * of the source map. */
int asm_disasm_one(const uint16_t *code, int length, int addr, vm_profile_id profile,
                   const vm_decl *map, char *buf, size_t size);

/* The whole program as assembler source: .profile, .start, the registers'
 * .name and .reg, the .search, then one instruction a line with its
 * address and codes in a comment. Jump targets are named by the source
 * map's labels, else by labels made up as L<address> (L05); a target
 * inside an instruction is written as a number. decl (may be NULL: nothing
 * declared) gives the names, labels and search. Assembling the text gives
 * the same codes, profile, start, registers and declarations. flags: 0 or
 * ASM_LATIN. */
int asm_listing(const vm_program *p, const vm_decl *decl, unsigned flags, char *buf,
                size_t size);

/* The cells as a printed table: 10 a row, each row led by the address of its
 * first step ("00: 63 0E 50 ...", "10: ...", "100: ..."), a cell as two hex
 * digits, three when it is above FF (mk61x's address cells from 160 on:
 * "51 2D9" is БП 459). Readable by asm_hex_import. */
int asm_table(const uint16_t *code, int length, char *buf, size_t size);

/* ---- hex dumps (vm_hex.c) ---------------------------------------------- */

/* The cells as a hex dump: two hex digits a cell (three above FF), 10 a
 * line, separated by spaces. With header, a first comment line names the profile, the length
 * and the start ("# mk61: 23 steps, start 00"). */
int asm_hex_export(const vm_program *p, bool header, char *buf, size_t size);

/* Reads a hex dump into *out as a program of the given profile (start 0,
 * no registers), and into *decl (may be NULL) the source map: each code's
 * line of the dump. A cell is two hex digits; for mk61x also three, up to
 * 639 (address 999). Blank lines and '#' comments are skipped; a line may
 * begin with the decimal address of its first code and ':' ("10:"), which
 * must be the address the codes have reached. Stops at the first error. */
bool asm_hex_import(const char *text, const char *file, vm_profile_id profile,
                    vm_program *out, vm_decl *decl, asm_errors *errs);

#endif
