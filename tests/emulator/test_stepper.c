/* The stepper: breakpoints, watches, step over (vm_stepper.h). The
 * programs' results are the real machine's (measured in test_vm.c). */
#include "vm_check.h"
#include "vm_stepper.h"

/* 00 ПП 05 | 02 П 2 | 03 С/П | 04 (unused) | 05 ИП 1 | 06 1 | 07 + | 08 П 1 |
 * 09 В/О: a call that adds 1 to R1, then stores X in R2 and stops. */
static void load_call(vm_machine *m)
{
    VC_LOAD(m, C_GSB, 0x05, C_STO(2), C_STOP, C_NOP, C_RCL(1), 0x01, C_ADD, C_STO(1), C_RTN);
}

START_TEST(breakpoint_stops_before_the_step)
{
    vm_machine m;
    vm_stepper s;
    load_call(&m);
    vm_stepper_init(&s);
    s.breakpoint[7] = true;
    ck_assert_int_eq(vm_stepper_run(&s, &m, 0), VM_STOP_BREAK);
    ck_assert_int_eq(m.pc, 7);
    /* ПП, ИП 1, 1: three steps done, + not yet. */
    ck_assert_uint_eq(m.executed, 3);
    /* Going on leaves the breakpoint and runs to С/П. */
    ck_assert_int_eq(vm_stepper_run(&s, &m, 0), VM_STOP_HALT);
    ck_assert_int_eq(m.halt, VM_HALT_STOP);
    ck_assert_num(m.reg[1], "1");
    ck_assert_num(m.reg[2], "1");
}
END_TEST

START_TEST(watch_stops_after_the_change)
{
    vm_machine m;
    vm_stepper s;
    load_call(&m);
    vm_stepper_init(&s);
    ck_assert(vm_stepper_watch(&s, &m, 2));
    ck_assert(vm_stepper_watch(&s, &m, 1));
    ck_assert(!vm_stepper_watch(&s, &m, 15)); /* mk61 has registers 0..14 */
    ck_assert_int_eq(vm_stepper_run(&s, &m, 0), VM_STOP_WATCH);
    ck_assert_int_eq(s.watch_reg[s.watch_hit], 1);
    ck_assert_int_eq(m.pc, 9); /* after П 1, before В/О */
    ck_assert_int_eq(vm_stepper_run(&s, &m, 0), VM_STOP_WATCH);
    ck_assert_int_eq(s.watch_reg[s.watch_hit], 2);
    ck_assert_int_eq(m.pc, 3);
}
END_TEST

START_TEST(step_over_runs_the_call_through)
{
    vm_machine m;
    vm_stepper s;
    load_call(&m);
    vm_stepper_init(&s);
    ck_assert_int_eq(vm_stepper_over(&s, &m, 0), VM_STOP_DONE);
    ck_assert_int_eq(m.pc, 2);
    ck_assert_int_eq(m.rsp, 0);
    ck_assert_uint_eq(m.executed, 6); /* ПП and the five steps of the call */
    ck_assert_num(m.reg[1], "1");
    /* A plain step is one instruction. */
    ck_assert_int_eq(vm_stepper_over(&s, &m, 0), VM_STOP_DONE);
    ck_assert_int_eq(m.pc, 3);
    ck_assert_int_eq(vm_stepper_over(&s, &m, 0), VM_STOP_HALT);
    ck_assert_int_eq(m.halt, VM_HALT_STOP);
}
END_TEST

/* The trace callback sees every step, in order. */
typedef struct seen {
    int pc[16];
    int n;
} seen;

static void record(void *ctx, const vm_machine *m, const vm_trace *t)
{
    seen *s = ctx;
    (void)m;
    if (s->n < 16)
        s->pc[s->n] = t->pc;
    s->n++;
}

START_TEST(budget_and_trace_callback)
{
    vm_machine m;
    vm_stepper s;
    seen log = {{0}, 0};
    load_call(&m);
    vm_stepper_init(&s);
    s.ctx = &log;
    s.on_step = record;
    /* ПП (0), ИП 1 (5), 1 (6), + (7): four steps, then the budget. */
    ck_assert_int_eq(vm_stepper_run(&s, &m, 4), VM_STOP_BUDGET);
    ck_assert_uint_eq(m.executed, 4);
    ck_assert_int_eq(m.pc, 8);
    ck_assert_int_eq(log.n, 4);
    const int want[4] = {0, 5, 6, 7};
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(log.pc[i], want[i]);
}
END_TEST

/* 00 ПП 10, 02 9, 03 С/П; level k at 10k (k = 1..5) calls 10(k+1), then
 * types k and returns (level 1 stops at 13); 60 types 6 and returns: six
 * nested calls, run by the real machine to the stop at 13 with X 1, Y 2,
 * Z 3, T 4 (measured, test_vm.c NEST6). */
static void load_six(vm_machine *m)
{
    uint8_t code[105] = {C_GSB, 0x10, 0x09, C_STOP};
    for (int k = 1; k <= 5; k++) {
        uint8_t *at = code + 10 * k;
        at[0] = C_GSB;
        at[1] = (uint8_t)((k + 1) << 4);
        at[2] = (uint8_t)k;
        at[3] = k == 1 ? C_STOP : C_RTN;
    }
    code[14] = C_RTN;
    code[60] = 6;
    code[61] = C_RTN;
    vc_load(m, VM_PROFILE_MK61, code, 105, 0);
}

START_TEST(diagnostics_do_not_stop_a_run)
{
    /* The machine goes on as the real one: a stepper run stops at the С/П,
     * with the diagnostic in m->warn. */
    vm_machine m;
    vm_stepper s;
    load_six(&m);
    vm_stepper_init(&s);
    ck_assert_int_eq(vm_stepper_run(&s, &m, 0), VM_STOP_HALT);
    ck_assert_int_eq(m.halt, VM_HALT_STOP);
    ck_assert_int_eq(m.halt_pc, 13);
    ck_assert_stack(&m, "1", "2", "3", "4");
    ck_assert_int_eq(m.warn, VM_WARN_RSTACK);
}
END_TEST

START_TEST(step_over_a_sixth_call)
{
    /* vm_stepper_over runs a call through until it returns. With five
     * levels in use, the sixth ПП (at 50) must run on to the step after it
     * (52): the return stack's depth stays 5, and the stepper knows the
     * call by its diagnostic (the oldest return lost). */
    vm_machine m;
    vm_stepper s;
    load_six(&m);
    vm_stepper_init(&s);
    for (int i = 0; i < 5; i++)
        vm_step(&m, NULL);
    ck_assert_int_eq(m.pc, 50);
    ck_assert_int_eq(m.rsp, 5);
    ck_assert_int_eq(vm_stepper_over(&s, &m, 0), VM_STOP_DONE);
    ck_assert_int_eq(m.pc, 52);
    ck_assert_num(m.x, "6");
}
END_TEST

Suite *stepper_suite(void)
{
    Suite *s = suite_create("stepper");
    TCase *tc = tcase_create("stepper");
    tcase_add_test(tc, breakpoint_stops_before_the_step);
    tcase_add_test(tc, watch_stops_after_the_change);
    tcase_add_test(tc, step_over_runs_the_call_through);
    tcase_add_test(tc, budget_and_trace_callback);
    tcase_add_test(tc, diagnostics_do_not_stop_a_run);
    suite_add_tcase(s, tc);
    tc = tcase_create("known_disagreements");
    tcase_add_test(tc, step_over_a_sixth_call);
    suite_add_tcase(s, tc);
    return s;
}
