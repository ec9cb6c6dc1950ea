/* Shared inside mk61_vm only: number entry and the stack, used by the
 * instruction loop (vm.c) and the keypad (vm_keys.c). */
#ifndef VM_INTERNAL_H
#define VM_INTERNAL_H

#include "vm.h"

/* T <- Z, Z <- Y, Y <- X. */
void vm_push(vm_machine *m);

/* A number-entry step (kind ENTRY): a digit VM_OP_D0..D9, VM_OP_POINT,
 * VM_OP_CHS (/-/), VM_OP_EEX (ВП).
 * True when it ends in an error (a comma in the exponent, an exponent past
 * 99): the display shows ЕГГОГ, and a program stops there. */
bool vm_entry_key(vm_machine *m, uint8_t code);

/* ВП (vm_entry_key's 0x0C); zero_stays: a mantissa of zeros stays 0
 * (the digits came from the display register's first cell in a run:
 * "7 П1 ВП 5" gives 0), else its first digit becomes 1 ("0 ВП 5"). */
bool vm_entry_eex(vm_machine *m, bool zero_stays);

/* An operation on the glyphs of an error that kept an exponent being
 * typed (VM_SHOW_ERROR_EXPONENT): the exponent joins the number under
 * them ("3170 ВП 46 F sin⁻¹ F sin ВП" types E17 at 49: measured). */
void vm_entry_fold(vm_machine *m);

/* Ends number entry before any other operation. */
void vm_entry_end(vm_machine *m);

/* Executes code as the instruction at address pc (vm_step's body; the
 * keypad uses it for the operations a key performs in automatic mode); the
 * caller counts it in m->executed. */
void vm_exec(vm_machine *m, uint8_t code, int pc);

/* The display routine's check of X (В↑, ИП, КИП, /-/, a condition that
 * holds): an X below 1e-99 becomes 0, any other is normalised (-0 becomes
 * +0); true when X is past 9.9999999e99 (ЕГГОГ). */
bool vm_check_x(vm_machine *m);

/* The machine at rest (after a key, or a program's stop): an X below
 * 1e-99 is shown, and becomes, 0. */
void vm_settle(vm_machine *m);

/* The display register shows v as the display routine writes it (fixed
 * notation for exponents 0..7, else d.ddddddd and the exponent; an
 * exponent past 99 is ЕГГОГ), digits as v holds them (leading zeros too). */
void vm_display_load(vm_machine *m, vm_num v);

/* The display register shows ЕГГОГ over the digits it holds (an
 * operation with no result). */
void vm_display_error(vm_machine *m);

/* Records a diagnostic (vm.h's warn fields: data, never a halt). */
static inline void vm_set_warn(vm_machine *m, vm_warn what, int pc, int value, int arg)
{
    m->warn = what;
    m->warn_pc = pc;
    m->warn_value = value;
    m->warn_arg = arg;
}

/* A nibble as the display's cells write it: '0'..'9', 'A'..'F'. */
static inline char vm_nibble_char(unsigned n)
{
    return "0123456789ABCDEF"[n & 0xF];
}

/* Whether the display register shows the glyphs ЕГГОГ (vm_show). */
static inline bool vm_show_error(vm_show s)
{
    return s != VM_SHOW_NUMBER && s != VM_SHOW_ONE_POINT;
}

/* Whether vm_display_load shows v as a number (an exponent past 99, or hex
 * digits past -99, is ЕГГОГ: hex digits there were not measured). */
static inline bool vm_display_shows(vm_num v)
{
    return v.exp <= 99 && !(v.hex && v.exp < -99);
}

/* A load of the display register from v: in a run deferred
 * (vm_machine's display_pending) when v shows as a number, else done. */
static inline void vm_display_defer(vm_machine *m, vm_num v)
{
    if (m->running && vm_display_shows(v)) {
        m->display_pending = true;
        m->display_value = v;
    } else {
        vm_display_load(m, v);
    }
}

/* Does the deferred load, if one waits (before the display register is
 * read, and before a vm_ call returns). */
void vm_display_flush(vm_machine *m);

/* Whether a code is documented (vm_isa.h's vm_op_table). */
static inline bool vm_op_documented(uint8_t code)
{
    return vm_op_table[code].kind != VM_KIND_NONE;
}

/* The first digit of v as the display register would hold it normalised:
 * '0'..'9', 'A'..'F' ('0' for a zero). */
char vm_first_digit(vm_num v);

/* ВП on a finished number in a run, the step before having left lead
 * (vm_lead) in the display register's first cell: the digit register's
 * first cell becomes that, plus 1 on a mantissa of zeros (as ВП makes "0"
 * into 1), so that vm_entry_eex must then leave a zero as it is. */
void vm_lead_cell(vm_machine *m, uint8_t lead);

/* A mantissa whose first digit is F (vm_ffirst.c, docs/mk61.md "A first
 * digit F"): whether v is one; К {x}'s copy of such a result to T; a
 * function step by keys with one in X or Y (0: not this case; 1: done, the
 * display keeps what it shows; 2: done, the display shows X); В↑ by keys
 * (old: X before it); /-/ by keys (true: done). */
bool vm_f_first(vm_num v);
void vm_f_first_frac(vm_machine *m);
int vm_f_first_fn(vm_machine *m, const vm_op_info *op, int pc);
void vm_f_first_push(vm_machine *m, vm_num old);
bool vm_f_first_chs(vm_machine *m);

/* K СЧ: the next number 0.ddddddd of the machine's fixed sequence. */
vm_num vm_random(vm_machine *m);

#endif
