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

vm_stop vm_stepper_run(vm_stepper *s, vm_machine *m, uint64_t budget)
{
    s->watch_hit = -1;
    m->running = true;
    for (uint64_t n = 0; budget == 0 || n < budget; n++) {
        if (n > 0 && m->pc >= 0 && m->pc < VM_MAX_STEPS && s->breakpoint[m->pc]) {
            m->running = false;
            return VM_STOP_BREAK;
        }
        bool stopped;
        vm_stop why = one(s, m, &stopped);
        if (stopped) {
            m->running = false;
            return why;
        }
    }
    m->running = false;
    return VM_STOP_BUDGET;
}

vm_stop vm_stepper_over(vm_stepper *s, vm_machine *m, uint64_t budget)
{
    s->watch_hit = -1;
    int depth = m->rsp;
    bool stopped;
    vm_stop why = one(s, m, &stopped);
    if (stopped || m->rsp <= depth)
        return stopped ? why : VM_STOP_DONE;
    /* A call: run until it has returned. */
    m->running = true;
    for (uint64_t n = 1; budget == 0 || n < budget; n++) {
        if (m->pc >= 0 && m->pc < VM_MAX_STEPS && s->breakpoint[m->pc]) {
            m->running = false;
            return VM_STOP_BREAK;
        }
        why = one(s, m, &stopped);
        if (stopped) {
            m->running = false;
            return why;
        }
        if (m->rsp <= depth) {
            m->running = false;
            return VM_STOP_DONE;
        }
    }
    m->running = false;
    return VM_STOP_BUDGET;
}
