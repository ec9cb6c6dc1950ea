/*
 * vm_stepper.h: breakpoints, watches and stepping over calls (prefix vm_).
 *
 * These live outside the instruction loop: vm_run stays a tight loop, and a
 * front end that wants to stop at an address, notice a register change or
 * see every step runs the machine through a stepper, which calls vm_step
 * once per instruction and looks after each one. `mk61 run --break/--watch`
 * uses it; the window's debugger paces single vm_steps across frames
 * instead (docs/machine.md).
 */
#ifndef VM_STEPPER_H
#define VM_STEPPER_H

#include "vm.h"

#define VM_WATCH_MAX 8

/* Why a stepper run came back. */
typedef enum vm_stop {
    VM_STOP_HALT,   /* the machine halted: m->halt says why */
    VM_STOP_BREAK,  /* the next instruction is at a breakpoint */
    VM_STOP_WATCH,  /* a watched register changed (watch_hit says which) */
    VM_STOP_BUDGET, /* the step budget ran out */
    VM_STOP_DONE,   /* vm_stepper_over: the call came back */
    VM_STOP_WARN    /* strict: a step made a diagnostic (m->warn) */
} vm_stop;

typedef struct vm_stepper {
    bool breakpoint[VM_MAX_STEPS];
    int watches;
    int watch_reg[VM_WATCH_MAX]; /* register numbers */
    vm_num watch_last[VM_WATCH_MAX];
    int watch_hit;               /* index of the watch that stopped a run */
    /* Stop after any step that makes a diagnostic (vm_warn: a wrapped
     * return stack, a pointer outside 0..14, a run past the end, hex
     * digits, an X out of range), as `mk61 run --strict` does; the
     * machine itself goes on as the real one would. */
    bool strict;
    /* Called after every step when not NULL (a tracer). */
    void (*on_step)(void *ctx, const vm_machine *m, const vm_trace *t);
    void *ctx;
} vm_stepper;

/* No breakpoints, no watches, no callback. */
void vm_stepper_init(vm_stepper *s);

/* Watches register reg (0..regs-1) of m from its present value; false when
 * there is no room or no such register. */
bool vm_stepper_watch(vm_stepper *s, const vm_machine *m, int reg);

/* Runs m (which must not be halted, other than by a budget) until a halt, a
 * breakpoint (checked before each instruction but the first, so a run can
 * leave a breakpoint), a watch, or budget steps (0: no budget). */
vm_stop vm_stepper_run(vm_stepper *s, vm_machine *m, uint64_t budget);

/* One instruction; a call (ПП, КПП) is run through until it returns, as a
 * debugger's "step over". */
vm_stop vm_stepper_over(vm_stepper *s, vm_machine *m, uint64_t budget);

#endif
