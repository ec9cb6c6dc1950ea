/*
 * vm_state.h: the whole MK-61 machine as text (prefix vm_state_), for saved
 * sessions and for tests that want to see a machine at a glance.
 *
 * The text is one field a line, "name value ...", in this order (parse takes
 * the fields in any order after the first line, each once):
 *
 *   profile mk61                  first: the profile fixes steps and regs
 *   x 12.5                        x y z t x1: numbers (below)
 *   y 0  ...  x1 0
 *   reg 3 -1.5                    one line a register that is not zero, its
 *                                 number in decimal (0..14, or 0..99 for
 *                                 mk61x); a register without a line is 0
 *   pc 12                         the counter: 0..165 for mk61, 0..999 mk61x
 *   rstack 5 0 0 0 0              all 5 levels, each a counter value (levels
 *   rsp 1                         from rsp on are stale but kept); rsp 0..5
 *   rstack_fill 0                 what the levels not in use hold (vm.h;
 *                                 absent in earlier versions: 0)
 *   entry mantissa                none | mantissa | exponent
 *   lift 1                        booleans are 0 or 1
 *   digits 125                    the display register's mantissa: 1..8 of
 *                                 0..9 and A..F (glyphs), "-" for none
 *   point 2                       -1, or 0..the number of digits
 *   mant_neg 0
 *   mant_sign 0                   0..15, a sign nibble other than 9 (absent
 *                                 in earlier versions: 0)
 *   exp_digits 0 3                two digits 0..9 (both kept, even stale)
 *   exp_count 0                   0..2
 *   exp_neg 0
 *   exp_base 0                    -999..999
 *   exp_form 0                    0 | 1 (absent in earlier versions: 0)
 *   exp_open 0                    0 | 1 (absent in earlier versions: 0)
 *   show number                   number | error | one_point | error_one |
 *                                 error_comma | error_exponent |
 *                                 error_typed | error_marked |
 *                                 error_marked_exponent | error_range |
 *                                 error_entry | error_range_zero (vm_show)
 *   lead digits                   digits | operand | x | sign | r0..r14
 *                                 (vm_lead; absent in earlier
 *                                 versions: digits; their "stored 1" reads
 *                                 as sign)
 *   eex_base 0                    -999..999 (absent in earlier versions: 0)
 *   eex_point 0                   0 | 1 (absent in earlier versions: 0)
 *   prefix none                   none | f | k
 *   pending none                  none | goto | an opcode in hex (60)
 *   pending_digits 0              0..2
 *   pending_value 0               0..255, decimal
 *   mode auto                     auto | prog
 *   angle rad                     rad | grad | deg
 *   running 0
 *   halt none                     none | stop | error | bad_opcode | budget
 *                                 (bad_address, bad_register, rstack_full
 *                                 of earlier versions read as none)
 *   num_error ok                  ok | overflow | div_zero | domain
 *   halt_pc 0                     a counter value
 *   halt_code 00                  a cell, in hex (below)
 *   warn none                     none | rstack | pointer | wrap | hex |
 *   warn_pc 0                     range | operand (vm_warn), where, and the
 *   warn_value 0                  values, 0..999 (warn_arg absent in
 *   warn_arg 0                    earlier versions: 0)
 *   executed 0                    decimal, 64 bits
 *   rng 0000000000000061          hexadecimal, 64 bits
 *   prog 00: 63 0E 50 00 ...      the program cells, 10 a row as asm_table
 *   ...                           prints them: every row of the profile,
 *   prog 100: 00 00 00 00 00      in order, the row's first address in
 *                                 decimal, a cell as 2 hex digits (up to 4)
 *   end                           the last line: a text without it is
 *                                 truncated
 *
 * Numbers are written as vm_num_format writes them ("12.5", "-1e-12", "-0",
 * "raw:00008EDCBA98" for what a decimal text cannot say: a used loop
 * counter's unnormalised digits, hex digits, an exponent past 99), which
 * vm_num_parse reads back to the very same fields. The form
 * "raw:MANT:EXP:SIGN" of earlier versions (MANT 0..99999999, EXP -99..99,
 * SIGN + or -) is still read.
 *
 * Cells: 00..FF for mk61, any 16-bit value for mk61x (vm_program.h), and
 * halt_code likewise. What the text does not carry: the cells past the
 * profile's steps, the registers past its regs and the bytes after digits'
 * NUL, which mean nothing to the machine; parse sets them to zero.
 *
 * Blank lines and lines whose first non-blank character is '#' are skipped,
 * and a '\r' before a line's end is ignored.
 */
#ifndef VM_STATE_H
#define VM_STATE_H

#include "vm.h"

#include <stdbool.h>
#include <stddef.h>

#define VM_STATE_MESSAGE_MAX 160

/* Why a text was refused: its 1-based line (for a missing field, the line of
 * "end"; for a text without "end", the line after its last) and what was
 * expected there. */
typedef struct vm_state_error {
    int line;
    char message[VM_STATE_MESSAGE_MAX];
} vm_state_error;

/* Writes every field of m as the text above; snprintf-style: returns the
 * length the whole text needs and writes at most size bytes, NUL-terminated
 * when size > 0 (buf may be NULL when size is 0). */
int vm_state_format(const vm_machine *m, char *buf, size_t size);

/* Reads such a text. All or nothing: *m is written only on success. An
 * unknown name, a field given twice or missing, a value out of its range
 * (as listed above), a program row out of order or of the wrong length, or
 * text after "end" is refused with the line and what was expected in *err
 * (err may be NULL). */
bool vm_state_parse(const char *text, vm_machine *m, vm_state_error *err);

#endif
