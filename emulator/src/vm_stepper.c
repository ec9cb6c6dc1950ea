/* Breakpoints, watches and stepping over calls, around vm_step. */
#include "vm_stepper.h"

#include <stdio.h>
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
    if (s->strict)
        m->warn = VM_WARN_NONE;
    vm_halt h = vm_step(m, &t);
    if (s->on_step)
        s->on_step(s->ctx, m, &t);
    *stopped = true;
    if (h != VM_HALT_NONE)
        return VM_STOP_HALT;
    if (s->strict && m->warn != VM_WARN_NONE)
        return VM_STOP_WARN;
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
    vm_stop_run(m); /* a stop by the program shows what it left */
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
    /* A sixth nested call leaves the depth at 5 and says so in m->warn
     * (the oldest return lost): then the call has returned at depth 4.
     * The caller's diagnostic stays unless the step makes a new one. */
    vm_warn before = m->warn;
    m->warn = VM_WARN_NONE;
    vm_stop why = one(s, m, &stopped);
    bool sixth = m->warn == VM_WARN_RSTACK;
    if (m->warn == VM_WARN_NONE)
        m->warn = before;
    if (sixth && !stopped)
        return steps(s, m, 1, budget, depth - 1);
    if (stopped || m->rsp <= depth)
        return stopped ? why : VM_STOP_DONE;
    return steps(s, m, 1, budget, depth); /* a call: run until it has returned */
}

/* ---- diagnostics as text ---------------------------------------------------- */

const char *vm_addr_text(const vm_machine *m, int addr, char buf[8])
{
    static const char tens[16] = "0123456789ABCDEF";
    if (m->profile == VM_PROFILE_MK61 && addr >= 0 && addr < 160)
        snprintf(buf, 8, "%c%d", tens[addr / 10], addr % 10);
    else
        snprintf(buf, 8, "%03d", addr);
    return buf;
}

const char *vm_warn_text(const vm_machine *m, char *buf, size_t size)
{
    char at[8], a[8], b[8];
    vm_addr_text(m, m->warn_pc, at);
    switch (m->warn) {
    case VM_WARN_NONE:
        snprintf(buf, size, "%s", "");
        break;
    case VM_WARN_RSTACK:
        snprintf(buf, size, "return stack wrapped at %s: the return to %s is lost", at,
                 vm_addr_text(m, m->warn_arg, a));
        break;
    case VM_WARN_POINTER:
        snprintf(buf, size, "pointer %02d at %s names %s %d", m->warn_arg, at,
                 m->warn_value == m->warn_arg && m->warn_value >= VM_REGISTERS ? "address"
                                                                                : "register",
                 m->warn_value);
        break;
    case VM_WARN_WRAP:
        snprintf(buf, size, "ran past step %d to %s (cell %s) at %s", m->steps - 1,
                 vm_addr_text(m, m->warn_value, a), vm_addr_text(m, m->warn_arg, b), at);
        break;
    case VM_WARN_HEX:
        snprintf(buf, size, "hex digits in X at %s", at);
        break;
    case VM_WARN_RANGE:
        snprintf(buf, size, "X out of range (ЕГГОГ shown, the value kept) at %s", at);
        break;
    case VM_WARN_OPERAND: {
        const vm_op_info *op = vm_op((uint8_t)m->warn_value);
        snprintf(buf, size, "%s at %s: an operand whose result is not modelled (hex or unnormalised "
                 "digits, an exponent past 99); the real MK-61 may show other digits", op ? op->cyrillic : "?", at);
        break;
    }
    }
    return buf;
}
