/*
 * vm.h: the MK-61 machine (prefix vm_).
 *
 * Contract (as in c-octo's core): no printing, no files, no globals, no
 * allocation. A machine is a plain struct; copying it (assignment or memcpy)
 * takes a complete snapshot that runs on independently, which the debugger
 * and the cross-check use for undo and for "what if". Every stop is recorded
 * as data in m->halt, never reported by the core itself.
 *
 * Semantics follow ../shared/reference/mk61.md; the project's decisions where
 * sources disagree are in docs/machine.md (the machine) and docs/mk61.md
 * (numbers and functions).
 */
#ifndef VM_H
#define VM_H

#include "vm_isa.h"
#include "vm_num.h"
#include "vm_program.h"

#include <stdbool.h>
#include <stdint.h>

#define VM_RSTACK 5 /* return stack levels */

/* Why the machine is not running. */
typedef enum vm_halt {
    VM_HALT_NONE = 0,   /* running, or ready and idle */
    VM_HALT_STOP,       /* С/П in the program: waiting for the user */
    VM_HALT_ERROR,      /* ЕГГОГ: an arithmetic error (num_error says which) */
    VM_HALT_BAD_OPCODE, /* an undocumented code */
    VM_HALT_BAD_ADDRESS,/* a jump or step past the profile's program memory */
    VM_HALT_BAD_REGISTER, /* an indirect pointer naming no register */
    VM_HALT_RSTACK_FULL,/* a sixth nested ПП */
    VM_HALT_BUDGET      /* vm_run's step budget ran out (not an error) */
} vm_halt;

/* Number entry (digits typed by hand or executed as program steps). */
typedef enum vm_entry {
    VM_ENTRY_NONE,     /* X is a finished value */
    VM_ENTRY_MANTISSA, /* digits going into the mantissa */
    VM_ENTRY_EXPONENT  /* after ВП: digits going into the exponent */
} vm_entry;

typedef enum vm_prefix { VM_PREFIX_NONE, VM_PREFIX_F, VM_PREFIX_K } vm_prefix;
typedef enum vm_mode { VM_MODE_AUTO, VM_MODE_PROG } vm_mode;

typedef struct vm_machine {
    vm_profile_id profile;
    int steps, regs;           /* the profile's limits, cached */
    uint16_t prog[VM_MAX_STEPS];  /* program cells (vm_program.h) */
    vm_num x, y, z, t, x1;     /* the stack and X1 ("Вx") */
    vm_num reg[VM_MAX_REGS];
    int pc;                    /* next step to execute (or to write, in
                                  programming mode) */
    int rstack[VM_RSTACK];     /* return addresses, rsp of them in use */
    int rsp;

    /* Number entry. While entry != NONE, x holds the value of the digits so
     * far and these describe how they were typed. */
    vm_entry entry;
    bool lift;                 /* the next digit lifts the stack first */
    char digits[9];            /* mantissa digits typed, NUL-terminated */
    int point;                 /* digits before the decimal point, -1: none */
    bool mant_neg;
    int exp_digits[2], exp_count;
    bool exp_neg;

    vm_prefix prefix;          /* F or K pressed, waiting for the next key */
    int pending;               /* a key that needs an operand (П, ИП, БП,
                                  ПП, K П, ...) waits: its code, else -1 */
    int pending_digits, pending_value; /* address digits typed so far */
    vm_mode mode;
    vm_angle angle;
    bool running;              /* С/П pressed: executing until a halt */

    vm_halt halt;              /* why it stopped (VM_HALT_NONE: it has not) */
    vm_num_status num_error;   /* with VM_HALT_ERROR */
    int halt_pc;               /* the address of the step that halted */
    uint16_t halt_code;        /* its code (a cell: may be above 0xFF) */

    uint64_t executed;         /* instructions executed since power-on */
    uint64_t rng;              /* K СЧ's generator state */
} vm_machine;

/* Power on: all zero, automatic mode, the given profile, angle in radians. */
void vm_init(vm_machine *m, vm_profile_id profile);

/* Loads a program: its codes, its registers' starting values, pc = start.
 * Stack, other registers and return stack are cleared. */
void vm_load(vm_machine *m, const vm_program *p);

/* What one executed step did, for tracers (filled when out is not NULL). */
typedef struct vm_trace {
    int pc;         /* address of the instruction */
    uint16_t code;  /* its first cell */
    int length;     /* 1 or 2 steps */
    vm_num x, y;    /* X and Y after it */
} vm_trace;

/* Executes the instruction at pc, in automatic mode. Returns m->halt after
 * it (VM_HALT_NONE when the program goes on). A halted machine does
 * nothing and returns its halt reason until vm_clear_halt or a key; a
 * machine halted by VM_HALT_BUDGET simply goes on. */
vm_halt vm_step(vm_machine *m, vm_trace *out);

/* The real calculator's duration of the instruction at pc, in ms (vm_isa.h);
 * 0 when pc holds no documented code. */
unsigned vm_next_ms(const vm_machine *m);

/* Runs from pc until the program stops, an error, or budget instructions
 * (VM_HALT_BUDGET; 0 means no budget). */
vm_halt vm_run(vm_machine *m, uint64_t budget);

/* Forgets a halt so that execution can go on (С/П pressed again). */
void vm_clear_halt(vm_machine *m);

/* Whether a halt is an error, shown as ЕГГОГ (every halt but a stop by С/П
 * and a spent budget). */
bool vm_halt_is_error(vm_halt h);

#endif
