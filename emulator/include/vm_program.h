/*
 * vm_program.h: a program image, what the machine loads (prefix vm_):
 * codes, where to start, registers' starting values. What a program
 * declares beside its image (its registers' names, the source map, its
 * search) is not the machine's: it is vm_decl.h's.
 *
 * Profiles: "mk61" is the real calculator (105 steps, registers 0..e). The
 * project's extended profile "mk61x" keeps every opcode, meaning and
 * instruction length and the MK-61's address encoding, and only widens the
 * limits (docs/machine.md, "Profiles"):
 *   - steps 000..999: a program cell holds 16 bits. An address cell is
 *     written as on the MK-61, the units in the low nibble and the tens in
 *     the bits above it: (addr / 10) << 4 | addr % 10, so 45 is 0x45 and
 *     A0..A4 are 100..104 on both profiles; mk61x goes on past F9 = 159 to
 *     0x2D9 = 459 and 0x639 = 999. Opcodes stay bytes: a cell above 0xFF at
 *     an opcode position is an undocumented code. For mk61 every cell is a
 *     byte (00..A4 for an address);
 *   - registers 0..99: the direct forms (П, ИП, ...) still name 0..e by the
 *     code's low nibble; indirect addressing reaches every register, by the
 *     pointer's integer part modulo 100.
 */
#ifndef VM_PROGRAM_H
#define VM_PROGRAM_H

#include "vm_num.h"

#include <stdbool.h>
#include <stdint.h>

#define VM_MAX_STEPS 1000 /* the largest profile's program memory */
#define VM_MAX_REGS 100  /* the largest profile's registers */
#define VM_LABEL_MAX 24  /* label and register-name length, with the NUL */

typedef enum vm_profile_id { VM_PROFILE_MK61, VM_PROFILE_MK61X } vm_profile_id;

typedef struct vm_profile {
    const char *name; /* "mk61", "mk61x" */
    int steps;        /* program steps: 105, 1000 */
    int regs;         /* registers: 15, 100 */
} vm_profile;

const vm_profile *vm_profile_get(vm_profile_id id);
/* By name; NULL when unknown. */
const vm_profile *vm_profile_find(const char *name, vm_profile_id *id);

/* Address <-> the cell that holds it in a jump: 45 <-> 0x45, 104 <-> 0xA4,
 * 459 <-> 0x2D9, 999 <-> 0x639 (the tens in cell >> 4, the units in the low
 * nibble). vm_addr_encode gives 0xFFFF for an address outside 0..999;
 * vm_addr_decode returns -1 for a cell whose low nibble is above 9. Whether
 * the address fits a profile is the caller's check. */
uint16_t vm_addr_encode(int addr);
int vm_addr_decode(uint16_t cell);

/* About 3 KB: small enough to hold on the stack. */
typedef struct vm_program {
    vm_profile_id profile;
    int length;                       /* steps in use: the highest one + 1 */
    uint16_t code[VM_MAX_STEPS];      /* cells: opcodes 00..FF, addresses */
    int start;                        /* the address a run starts from */
    bool reg_set[VM_MAX_REGS];        /* a starting value was given */
    vm_num reg_init[VM_MAX_REGS];
} vm_program;

/* An empty program of a profile: no code, start 0, no starting values. */
void vm_program_init(vm_program *p, vm_profile_id profile);

#endif
