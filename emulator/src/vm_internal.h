/* Shared inside mk61_vm only: number entry and the stack, used by the
 * instruction loop (vm.c) and the keypad (vm_keys.c). */
#ifndef VM_INTERNAL_H
#define VM_INTERNAL_H

#include "vm.h"

/* T <- Z, Z <- Y, Y <- X. */
void vm_push(vm_machine *m);

/* A number-entry step: a digit 0..9, 0x0A point, 0x0B /-/, 0x0C ВП.
 * True when it ends in an error (a comma in the exponent, an exponent past
 * 99): the display shows ЕГГОГ, and a program stops there. */
bool vm_entry_key(vm_machine *m, uint8_t code);

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

/* The display register shows ЕГГОГ. */
void vm_display_error(vm_machine *m);

/* K СЧ: the next number 0.ddddddd of the machine's fixed sequence. */
vm_num vm_random(vm_machine *m);

#endif
