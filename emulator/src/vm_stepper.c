/* Breakpoints, watches and stepping over calls, around vm_step. */
#include "vm_stepper.h"

#include <string.h>

void vm_stepper_init(vm_stepper *s)
{
    memset(s, 0, sizeof *s);
    s->watch_hit = -1;
}

bool vm_stepper_watch(vm_stepper *s, const vm_machine *m, int reg)
{
    if (s->watches == VM_WATCH_MAX || reg < 0 || reg >= m->regs)
        return false;
    s->watch_reg[s->watches] = reg;
    s->watch_last[s->watches++] = m->reg[reg];
    return true;
}

/* One step and what it means to the stepper. */
static vm_stop one(vm_stepper *s, vm_machine *m, bool *stopped)
{
    vm_trace t;
    vm_halt h = vm_step(m, &t);
    if (s->on_step)
        s->on_step(s->ctx, m, &t);
    *stopped = true;
    if (h != VM_HALT_NONE)
        return VM_STOP_HALT;
    for (int w = 0; w < s->watches; w++) {
        vm_num now = m->reg[s->watch_reg[w]];
        if (!vm_num_eq(now, s->watch_last[w])) {
            s->watch_last[w] = now;
            s->watch_hit = w;
            return VM_STOP_WATCH;
        }
    }
    *stopped = false;
    return VM_STOP_HALT;
}

static bool at_breakpoint(const vm_stepper *s, const vm_machine *m)
{
    return m->pc >= 0 && m->pc < VM_MAX_STEPS && s->breakpoint[m->pc];
}

/* Steps on from step n (a breakpoint stops every step of a run but the
 * first) until a stop, the budget, or, with depth >= 0, a return to it. */
static vm_stop steps(vm_stepper *s, vm_machine *m, uint64_t n, uint64_t budget, int depth)
{
    vm_stop why = VM_STOP_BUDGET;
    m->running = true;
    for (; budget == 0 || n < budget; n++) {
        if (n > 0 && at_breakpoint(s, m)) {
            why = VM_STOP_BREAK;
            break;
        }
        bool stopped;
        why = one(s, m, &stopped);
        if (stopped)
            break;
        why = VM_STOP_BUDGET;
        if (depth >= 0 && m->rsp <= depth) {
            why = VM_STOP_DONE;
            break;
        }
    }
    m->running = false;
    return why;
}

vm_stop vm_stepper_run(vm_stepper *s, vm_machine *m, uint64_t budget)
{
    s->watch_hit = -1;
    return steps(s, m, 0, budget, -1);
}

vm_stop vm_stepper_over(vm_stepper *s, vm_machine *m, uint64_t budget)
{
    s->watch_hit = -1;
    int depth = m->rsp;
    bool stopped;
    vm_stop why = one(s, m, &stopped);
    if (stopped || m->rsp <= depth)
        return stopped ? why : VM_STOP_DONE;
    return steps(s, m, 1, budget, depth); /* a call: run until it has returned */
}
