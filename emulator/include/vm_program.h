/*
 * vm_program.h: a program image, what the assembler produces and the
 * machine loads (prefix vm_): codes, where to start, registers' starting
 * values and meanings, and the source map the debugger uses.
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

/* A program's search as it declares it (the `.search` directives,
 * docs/asm.md), for a tracker to follow the search from the machine's state
 * alone (programs/xcheck/xcheck_tree.h). The search is a recursion over
 * levels, the root at level 1: a node's search begins when the machine
 * reaches `node`, with register level_reg holding level_root + (its level
 * - 1); register leaf_reg holds level_reg's value at the leaves; at level
 * L the register pit[L-1] holds the pit that level is trying (the mover's
 * own numbering 1..npits) and level_mover[L-1] the side that moves there;
 * register mover holds the side to move at the node being searched. A side
 * is the number of its store's register; side_store[s] names it, and
 * side_pit[s][k-1] is its pit k. A node is finished when the machine
 * reaches one of done[], with its value in X; a finished game is worth its
 * final margin times final_scale. Addresses and registers are -1 when not
 * declared. */
#define VM_SEARCH_LEVELS 16
#define VM_SEARCH_DONE 8
#define VM_SEARCH_PITS 12
typedef struct vm_search {
    bool declared;                   /* at least one .search directive */
    int node;
    int level_reg, level_root, leaf_reg;
    int levels;                      /* pit[] and level_mover[] in use */
    int pit[VM_SEARCH_LEVELS];
    int movers;
    int mover, level_mover[VM_SEARCH_LEVELS];
    int sides, npits;
    int side_store[2], side_pit[2][VM_SEARCH_PITS];
    int ndone, done[VM_SEARCH_DONE];
    int final_scale;                 /* 0: not declared */
} vm_search;

typedef struct vm_program {
    vm_profile_id profile;
    int length;                       /* steps in use: the highest one + 1 */
    uint16_t code[VM_MAX_STEPS];      /* cells: opcodes 00..FF, addresses */
    int start;                        /* the address a run starts from */
    bool reg_set[VM_MAX_REGS];        /* a starting value was given */
    vm_num reg_init[VM_MAX_REGS];
    char reg_name[VM_MAX_REGS][VM_LABEL_MAX]; /* declared meaning, "" none */
    /* Source map: for each address, its source line (0: none) and the label
     * defined there ("" none). */
    int line[VM_MAX_STEPS];
    char label[VM_MAX_STEPS][VM_LABEL_MAX];
    vm_search search;                 /* the declared search */
} vm_program;

/* An empty program of a profile: no code, start 0, nothing declared. */
void vm_program_init(vm_program *p, vm_profile_id profile);

#endif
