/* The machine executing programs (vm.h), one test case per family of codes.
 *
 * Every expected value is worked out by hand from shared/reference/mk61.md,
 * docs/machine.md and docs/mk61.md; programs are byte arrays (no assembler). */
#include "vm_check.h"

#include <stdio.h>
#include <string.h>

/* Runs a loaded machine; it must stop at a С/П, at address at unless at
 * is -1. */
static void go(vm_machine *m, int at)
{
    vm_halt h = vm_run(m, 10000);
    ck_assert_msg(h == VM_HALT_STOP, "halt %d at %d (code %02X), want С/П", (int)h, m->halt_pc,
                  m->halt_code);
    ck_assert_msg(at < 0 || m->halt_pc == at, "С/П at %d, want %d", m->halt_pc, at);
}

/* Sets registers from "r=value r=value ...", r in decimal. */
static void set_regs(vm_machine *m, const char *spec)
{
    int r, used;
    char value[32];
    while (sscanf(spec, " %d=%31s%n", &r, value, &used) == 2) {
        m->reg[r] = vc_num(value);
        spec += used;
    }
}

/* Loads code at 0 (mk61), sets X Y Z T (NULL: as after power-on) and the
 * registers of regs (see set_regs; NULL: none), and runs it to its С/П. */
static vm_machine ran_on(const char *x, const char *y, const char *z, const char *t,
                         const char *regs, const uint8_t *code, int n)
{
    vm_machine m;
    vc_load(&m, VM_PROFILE_MK61, code, n, 0);
    vc_set_stack(&m, x, y, z, t);
    if (regs)
        set_regs(&m, regs);
    go(&m, -1);
    return m;
}
#define RAN(...) ran_on(NULL, NULL, NULL, NULL, NULL, VC_CODE(__VA_ARGS__))
#define RAN_ON(x, y, z, t, ...) ran_on(x, y, z, t, NULL, VC_CODE(__VA_ARGS__))
#define RAN_R(regs, x, ...) ran_on(x, NULL, NULL, NULL, regs, VC_CODE(__VA_ARGS__))

/* Executes n steps, none of which may halt. */
static void steps(vm_machine *m, int n)
{
    for (int i = 0; i < n; i++)
        ck_assert_msg(vm_step(m, NULL) == VM_HALT_NONE, "step at %d halted (%d)", m->halt_pc,
                      (int)m->halt);
}

/* ---- arithmetic ------------------------------------------------------------ */
START_TEST(two_operand_stack)
{
    /* X = Y op X; Y <- Z, Z <- T, T kept, X1 <- the old X. */
    static const struct { uint8_t code; const char *x; } ops[] = {
        {C_ADD, "16"}, {C_SUB, "8"}, {C_MUL, "48"}, {C_DIV, "3"}};
    for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) {
        vm_machine m = RAN_ON("4", "12", "20", "30", ops[i].code, C_STOP);
        ck_assert_stack(&m, ops[i].x, "20", "30", "30");
        ck_assert_num(m.x1, "4");
    }
}
END_TEST

START_TEST(decimal_results_cut_to_8_digits)
{
    /* Decimal arithmetic: 0.1 + 0.2 is exactly 0.3. */
    ck_assert_num(RAN(C_PT, 1, C_ENT, C_PT, 2, C_ADD, C_STOP).x, "0.3");
    ck_assert_num(RAN(1, C_ENT, C_PT, 9, C_SUB, C_STOP).x, "0.1");
    ck_assert_num(RAN(5, C_ENT, 7, C_SUB, C_STOP).x, "-2");
    ck_assert_num(RAN(2, C_PT, 5, C_ENT, 4, C_MUL, C_STOP).x, "10");
    ck_assert_num(RAN(1, C_ENT, 8, C_DIV, C_STOP).x, "0.125");
    ck_assert_num(RAN(1, 2, C_ENT, 4, C_DIV, C_STOP).x, "3");
    vm_machine m = RAN(1, C_ENT, 3, C_DIV, C_STOP);
    ck_assert_num(m.x, "0.33333333");
    ck_assert_num(m.x1, "3");
    /* Results are cut, not rounded, to 8 digits (docs/mk61.md). */
    ck_assert_num(RAN(2, C_ENT, 3, C_DIV, C_STOP).x, "0.66666666");
    ck_assert_num(RAN(2, C_CHS, C_ENT, 3, C_DIV, C_STOP).x, "-0.66666666");
    ck_assert_num(RAN(1, C_ENT, 1, C_EEX, C_CHS, 9, C_SUB, C_STOP).x, "0.99999999");
    ck_assert_num(RAN(9, 9, 9, 9, 9, 9, 9, 9, C_ENT, 9, C_ADD, C_STOP).x, "1e8");
    ck_assert_num(RAN(9, 9, 9, 9, 9, 9, 9, 9, C_ENT, 1, C_ADD, C_STOP).x, "100000000");
    /* 1e-50 * 1e-50 is too small: zero, not an error. */
    ck_assert(vm_num_is_zero(RAN(1, C_EEX, C_CHS, 5, 0, C_ENT, C_MUL, C_STOP).x));
}
END_TEST

/* ---- stack discipline ------------------------------------------------------ */
START_TEST(enter_and_clear)
{
    vm_machine m;
    /* В↑: T <- Z, Z <- Y, Y <- X, X stays; the next digit replaces X. */
    VC_LOAD(&m, C_ENT, 7, C_STOP);
    vc_set_stack(&m, "1", "2", "3", "4");
    steps(&m, 1);
    ck_assert_stack(&m, "1", "1", "2", "3");
    steps(&m, 1);
    ck_assert_stack(&m, "7", "1", "2", "3");
    /* Сx: X = 0, the rest stays, and the next digit replaces X. */
    VC_LOAD(&m, C_CX, 7, C_STOP);
    vc_set_stack(&m, "5", "6", "8", "9");
    steps(&m, 1);
    ck_assert_stack(&m, "0", "6", "8", "9");
    steps(&m, 1);
    ck_assert_stack(&m, "7", "6", "8", "9");
}
END_TEST

START_TEST(swap_rotate_lastx)
{
    /* ↔: X1 <- X, then X and Y change places. */
    vm_machine m = RAN_ON("1", "2", "3", "4", C_SWAP, C_STOP);
    ck_assert_stack(&m, "2", "1", "3", "4");
    ck_assert_num(m.x1, "1");
    /* F ⟳: X <- Y, Y <- Z, Z <- T, T <- old X; X1 unchanged. */
    VC_LOAD(&m, C_ROT, C_STOP);
    vc_set_stack(&m, "1", "2", "3", "4");
    m.x1 = vc_num("9");
    go(&m, -1);
    ck_assert_stack(&m, "2", "3", "4", "1");
    ck_assert_num(m.x1, "9");
    /* F Вx pushes and puts X1 in X, even right after В↑. */
    VC_LOAD(&m, C_LASTX, C_ENT, C_LASTX, C_STOP);
    vc_set_stack(&m, "1", "2", "3", "4");
    m.x1 = vc_num("9");
    steps(&m, 1);
    ck_assert_stack(&m, "9", "1", "2", "3");
    steps(&m, 2); /* В↑: 9 9 1 2, F Вx: 9 9 9 1 */
    ck_assert_stack(&m, "9", "9", "9", "1");
    /* /-/ on a finished number negates X and leaves X1. */
    VC_LOAD(&m, C_CHS, C_STOP);
    vc_set_stack(&m, "7", "2", NULL, NULL);
    m.x1 = vc_num("9");
    go(&m, -1);
    ck_assert_stack(&m, "-7", "2", NULL, NULL);
    ck_assert_num(m.x1, "9");
}
END_TEST

START_TEST(recall_like_steps_lift)
{
    /* ИП after В↑ lifts: 7 7 0 0 becomes 8 7 7 0. */
    vm_machine m = RAN_R("1=7 2=8", NULL, C_RCL(1), C_ENT, C_RCL(2), C_STOP);
    ck_assert_stack(&m, "8", "7", "7", "0");
    /* ИП after Сx lifts too: 0 2 3 4 becomes 8 0 2 3. */
    m = ran_on("1", "2", "3", "4", "2=8", VC_CODE(C_CX, C_RCL(2), C_STOP));
    ck_assert_stack(&m, "8", "0", "2", "3");
    /* Fπ after В↑: π is 3.1415926 (docs/mk61.md). */
    m = RAN_ON("1", "2", "3", "4", C_ENT, C_PI, C_STOP);
    ck_assert_stack(&m, "3.1415926", "1", "1", "2");
    /* КИП and КСЧ after В↑ lift as well; КСЧ gives 0 <= X < 1. */
    m = ran_on("1", "2", "3", "4", "7=5 5=55", VC_CODE(C_ENT, C_KRCL(7), C_STOP));
    ck_assert_stack(&m, "55", "1", "1", "2");
    m = RAN_ON("1", "2", "3", "4", C_ENT, 0x3B, C_STOP);
    ck_assert_stack(&m, NULL, "1", "1", "2");
    ck_assert(vm_num_sign(m.x) >= 0 && vm_num_cmp(m.x, vc_num("1")) < 0);
}
END_TEST

START_TEST(digit_after_operations_lifts)
{
    /* After + the stack is 3 3 4 4; a digit lifts: 5 3 3 4. */
    vm_machine m = RAN_ON("1", "2", "3", "4", C_ADD, 5, C_STOP);
    ck_assert_stack(&m, "5", "3", "3", "4");
    /* After ИП, x→П and ↔ as well. */
    m = RAN_R("1=7", NULL, C_RCL(1), 5, C_STOP);
    ck_assert_stack(&m, "5", "7", "0", NULL);
    m = RAN(1, C_STO(3), 2, C_STOP);
    ck_assert_stack(&m, "2", "1", "0", NULL);
    ck_assert_num(m.reg[3], "1");
    m = RAN(1, C_ENT, 2, C_SWAP, 3, C_STOP); /* 2 1 0 0, ↔ 1 2 0 0, 3 1 2 0 */
    ck_assert_stack(&m, "3", "1", "2", "0");
}
END_TEST

/* ---- number entry by program steps ---------------------------------------- */
START_TEST(entry_from_digit_steps)
{
    ck_assert_num(RAN(1, 4, C_STOP).x, "14");
    ck_assert_num(RAN(1, C_PT, 5, C_STOP).x, "1.5");
    ck_assert_num(RAN(2, C_EEX, 3, C_STOP).x, "2000");
    ck_assert_num(RAN(1, C_EEX, C_CHS, 2, C_STOP).x, "0.01");
    ck_assert_num(RAN(5, C_CHS, C_STOP).x, "-5");
    ck_assert_num(RAN(5, C_CHS, C_CHS, C_STOP).x, "5");
    ck_assert_num(RAN(C_PT, 5, C_STOP).x, "0.5");
    ck_assert_num(RAN(0, 0, 7, C_STOP).x, "7");
    ck_assert_num(RAN(C_EEX, 3, C_STOP).x, "1000"); /* ВП alone starts at 1 */
    ck_assert_num(RAN(1, C_PT, 5, C_EEX, C_CHS, 2, C_STOP).x, "0.015");
    ck_assert_num(RAN(2, C_EEX, 3, C_CHS, C_STOP).x, "0.002"); /* /-/ after ВП */
    ck_assert_num(RAN(1, 2, C_PT, 3, 4, C_CHS, C_STOP).x, "-12.34");
    ck_assert_num(RAN(1, 2, 3, 4, 5, 6, 7, 8, C_STOP).x, "12345678");
    /* The first digit of a program lifts (power-on state). */
    vm_machine m = RAN(1, 4, C_STOP);
    ck_assert_stack(&m, "14", "0", NULL, NULL);
    /* В↑ separates two numbers. */
    m = RAN(1, 2, C_ENT, 3, 4, C_STOP);
    ck_assert_stack(&m, "34", "12", "0", "0");
    ck_assert_num(RAN(1, 2, C_ENT, 3, 4, C_ADD, C_STOP).x, "46");
}
END_TEST

/* ---- registers -------------------------------------------------------------- */
START_TEST(store_and_recall_every_register)
{
    for (int r = 0; r < VM_REGISTERS; r++) {
        char x[8];
        snprintf(x, sizeof x, "%d", 100 + r);
        vm_machine m = RAN_R(NULL, x, (uint8_t)C_STO(r), C_CX, (uint8_t)C_RCL(r), C_STOP);
        ck_assert_msg(vm_num_eq(m.reg[r], vm_num_from_int(100 + r)), "register %d", r);
        ck_assert_msg(vm_num_eq(m.x, vm_num_from_int(100 + r)), "X after ИП%d", r);
        ck_assert(vm_num_is_zero(m.y));
        for (int q = 0; q < VM_MAX_REGS; q++)
            ck_assert_msg(q == r || vm_num_is_zero(m.reg[q]), "П%d touched %d", r, q);
    }
}
END_TEST

START_TEST(program_registers_loaded)
{
    /* Starting values from the program image: 2^r in register r, summed. */
    static vm_program p;
    vm_program_init(&p, VM_PROFILE_MK61);
    int n = 0;
    for (int r = 0; r < VM_REGISTERS; r++) {
        p.code[n++] = (uint8_t)C_RCL(r);
        if (r > 0)
            p.code[n++] = C_ADD;
        p.reg_set[r] = true;
        p.reg_init[r] = vm_num_from_int(1 << r);
    }
    p.code[n++] = C_STOP;
    p.length = n;
    vm_machine m;
    vm_init(&m, VM_PROFILE_MK61);
    m.x = vc_num("5"); /* vm_load clears what the machine held before */
    m.reg[3] = vc_num("7");
    m.rsp = 2;
    vm_load(&m, &p);
    ck_assert(m.pc == 0 && m.rsp == 0 && vm_num_is_zero(m.x));
    ck_assert_num(m.reg[3], "8");
    go(&m, -1);
    ck_assert_num(m.x, "32767");
    ck_assert_int_eq(m.halt_pc, n - 1);
    /* An mk61x image reaches registers above 14 and starts where it says. */
    vm_program_init(&p, VM_PROFILE_MK61X);
    p.code[120] = C_STOP;
    p.length = 121;
    p.start = 120;
    p.reg_set[42] = true;
    p.reg_init[42] = vc_num("4.2");
    vm_load(&m, &p);
    ck_assert(m.profile == VM_PROFILE_MK61X && m.steps == 1000 && m.regs == 100 && m.pc == 120);
    ck_assert_num(m.reg[42], "4.2");
    go(&m, 120);
}
END_TEST

/* ---- jumps and conditions --------------------------------------------------- */
START_TEST(goto_direct)
{
    vm_machine m = RAN(C_GOTO, 0x05, 1, 1, 1, 7, C_STOP);
    ck_assert_stack(&m, "7", "0", NULL, NULL);
    ck_assert(m.halt_pc == 6 && m.pc == 7);
    /* Address 104 is the byte A4; С/П there leaves pc at 105, and going
     * on runs off the end of program memory. */
    uint8_t code[105] = {C_GOTO, 0xA4};
    code[104] = C_STOP;
    vc_load(&m, VM_PROFILE_MK61, code, 105, 0);
    go(&m, 104);
    ck_assert(m.pc == 105);
    vm_clear_halt(&m);
    ck_assert_int_eq(vm_run(&m, 100), VM_HALT_BAD_ADDRESS);
}
END_TEST

START_TEST(direct_conditions_inverted)
{
    /* Fx?0 05 at 00, С/П at 02 and at 05: the condition holding stops at
     * 02 (goes on after the address), failing jumps and stops at 05. */
    static const struct { uint8_t code; const char *x; bool holds; } cases[] = {
        {C_XNE0, "-2", true},  {C_XNE0, "0", false}, {C_XNE0, "3", true},
        {C_XGE0, "-2", false}, {C_XGE0, "0", true},  {C_XGE0, "3", true},
        {C_XLT0, "-2", true},  {C_XLT0, "0", false}, {C_XLT0, "3", false},
        {C_XEQ0, "-2", false}, {C_XEQ0, "0", true},  {C_XEQ0, "3", false},
        {C_XGE0, "-0.0000001", false}, {C_XLT0, "1e-99", false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        vm_machine m =
            RAN_ON(cases[i].x, "4", NULL, NULL, cases[i].code, 0x05, C_STOP, C_NOP, C_NOP, C_STOP);
        ck_assert_msg(m.halt_pc == (cases[i].holds ? 2 : 5), "%02X with X=%s stops at %d",
                      cases[i].code, cases[i].x, m.halt_pc);
        ck_assert_stack(&m, cases[i].x, "4", NULL, NULL);
    }
}
END_TEST

START_TEST(indirect_conditions)
{
    /* K x?0 R at 00, С/П at 01 and 05. The pointer changes only when the
     * jump is taken: R0 6 -> 5, R4 4 -> 5, R7 5 stays. */
    static const struct { uint8_t high; const char *x; bool holds; } cases[] = {
        {0x7, "3", true}, {0x7, "0", false}, {0x9, "0", true}, {0x9, "-1", false},
        {0xC, "-1", true}, {0xC, "0", false}, {0xE, "0", true}, {0xE, "2", false},
    };
    static const struct { int reg; const char *before, *after; } ptr[] = {
        {0, "6", "5"}, {4, "4", "5"}, {7, "5", "5"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (size_t j = 0; j < 3; j++) {
            vm_machine m;
            uint8_t code = (uint8_t)(cases[i].high << 4 | ptr[j].reg);
            VC_LOAD(&m, code, C_STOP, C_NOP, C_NOP, C_NOP, C_STOP);
            m.reg[ptr[j].reg] = vc_num(ptr[j].before);
            m.x = vc_num(cases[i].x);
            go(&m, -1);
            ck_assert_msg(m.halt_pc == (cases[i].holds ? 1 : 5), "%02X with X=%s stops at %d",
                          code, cases[i].x, m.halt_pc);
            ck_assert_num(m.reg[ptr[j].reg], cases[i].holds ? ptr[j].before : ptr[j].after);
            ck_assert_num(m.x, cases[i].x);
        }
}
END_TEST

/* ---- loops ------------------------------------------------------------------ */
START_TEST(loops_count_and_end_at_one)
{
    /* 00 ИПa 01 1 02 + 03 Пa 04 FLn 05 00 06 С/П: counts the passes in a. */
    static const uint8_t code[4] = {C_L0, C_L1, C_L2, C_L3};
    static const struct { const char *start, *passes, *end; } cases[] = {
        {"10", "10", "1"}, {"2", "2", "1"}, {"1", "1", "1"}, {"0", "1", "0"}};
    for (int r = 0; r < 4; r++)
        for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
            char regs[16];
            snprintf(regs, sizeof regs, "%d=%s", r, cases[i].start);
            vm_machine m = RAN_R(regs, NULL, C_RCL(10), 1, C_ADD, C_STO(10), code[r], 0x00, C_STOP);
            ck_assert_num(m.reg[10], cases[i].passes);
            ck_assert_num(m.reg[r], cases[i].end);
            for (int q = 0; q < 4; q++)
                ck_assert(q == r || vm_num_is_zero(m.reg[q]));
        }
    /* Summing 1..10 with FL0: ИП0 ИПb + Пb FL0 00 gives 55. */
    vm_machine m = RAN_R("0=10", NULL, C_RCL(0), C_RCL(11), C_ADD, C_STO(11), C_L0, 0x00, C_STOP);
    ck_assert_num(m.reg[11], "55");
    ck_assert_num(m.x, "55");
    ck_assert_num(m.reg[0], "1");
}
END_TEST

/* ---- subroutines ------------------------------------------------------------ */
/* 00 ПП 10, 02 С/П; level k at 10k calls 10(k+1) and returns; the deepest
 * level types 1 and returns. */
static void nested_calls(vm_machine *m, int levels)
{
    uint8_t code[105] = {C_GSB, 0x10, C_STOP};
    for (int k = 1; k <= levels; k++) {
        uint8_t *at = code + 10 * k;
        if (k < levels)
            at[0] = C_GSB, at[1] = (uint8_t)((k + 1) << 4), at[2] = C_RTN;
        else
            at[0] = 1, at[1] = C_RTN;
    }
    vc_load(m, VM_PROFILE_MK61, code, 105, 0);
}

START_TEST(subroutines_nest_five_levels)
{
    vm_machine m;
    nested_calls(&m, 5); /* five nested ПП: 00, 10, 20, 30, 40 */
    go(&m, 2);
    ck_assert(m.rsp == 0);
    ck_assert_num(m.x, "1");
    nested_calls(&m, 6); /* the sixth, at 50, does not fit */
    ck_assert_int_eq(vm_run(&m, 1000), VM_HALT_RSTACK_FULL);
    ck_assert(m.halt_pc == 50 && m.halt_code == C_GSB && m.rsp == 5);
}
END_TEST

START_TEST(returns)
{
    /* 00 1, 01 2, 02 С/П, 05 В/О (started at 05): an empty return stack
     * goes to 01, giving X = 2 (00 would give 12). */
    vm_machine m;
    vc_load(&m, VM_PROFILE_MK61, VC_CODE(1, 2, C_STOP, C_NOP, C_NOP, C_RTN), 5);
    go(&m, 2);
    ck_assert_num(m.x, "2");
    /* 00 ПП 05, 02 3, 03 С/П, 05 2, 06 В/О: returns after the operand. */
    m = RAN(C_GSB, 0x05, 3, C_STOP, C_NOP, 2, C_RTN);
    ck_assert_stack(&m, "3", "2", NULL, NULL);
    ck_assert_int_eq(m.halt_pc, 3);
}
END_TEST

/* ---- indirect addressing ---------------------------------------------------- */
START_TEST(indirect_recall_and_store)
{
    for (int p = 0; p < VM_REGISTERS; p++) {
        /* 0..3 decremented, 4..6 incremented, 7..e unchanged. */
        const char *before = p <= 3 ? "6" : p <= 6 ? "8" : "5";
        const char *after = p <= 3 ? "5" : p <= 6 ? "9" : "5";
        int target = p <= 3 ? 5 : p <= 6 ? 9 : 5;
        char regs[32];
        snprintf(regs, sizeof regs, "%d=55 %d=%s", target, p, before);
        vm_machine m = RAN_R(regs, "3", (uint8_t)C_KRCL(p), C_STOP);
        ck_assert_msg(vm_num_eq(m.x, vc_num("55")), "КИП%X", p);
        ck_assert_num(m.y, "3");
        ck_assert_num(m.reg[p], after);
        m = RAN_R(regs + 5, "77", (uint8_t)C_KSTO(p), C_STOP); /* only "p=before" */
        ck_assert_msg(vm_num_eq(m.reg[target], vc_num("77")), "КП%X", p);
        ck_assert_num(m.reg[p], after);
        ck_assert_stack(&m, "77", "0", NULL, NULL);
    }
    /* The integer part names the register; mk61 takes its last two digits. */
    static const char *const names5[] = {"5=55 7=5.9", "5=55 7=105", "5=55 7=5"};
    for (int i = 0; i < 3; i++)
        ck_assert_msg(vm_num_eq(RAN_R(names5[i], NULL, C_KRCL(7), C_STOP).x, vc_num("55")), "%s",
                      names5[i]);
}
END_TEST

START_TEST(indirect_jumps_and_calls)
{
    /* The pointer is 21, 19 or 20 and becomes 20. K БП p: С/П at 20 stops.
     * K ПП p: 20 5, 21 В/О returns to 01 (the step after K ПП), С/П. */
    for (int p = 0; p < VM_REGISTERS; p++)
        for (int call = 0; call < 2; call++) {
            uint8_t code[30] = {(uint8_t)(call ? C_KGSB(p) : C_KGOTO(p)), C_STOP};
            code[20] = call ? 5 : C_STOP;
            code[21] = C_RTN;
            vm_machine m;
            vc_load(&m, VM_PROFILE_MK61, code, 30, 0);
            m.reg[p] = vc_num(p <= 3 ? "21" : p <= 6 ? "19" : "20");
            go(&m, -1);
            ck_assert_msg(m.halt_pc == (call ? 1 : 20), "%02X stops at %d", code[0], m.halt_pc);
            ck_assert_num(m.reg[p], "20");
            ck_assert_num(m.x, call ? "5" : "0");
        }
}
END_TEST

START_TEST(bad_pointers)
{
    /* mk61: no register 15, none negative; R0 = 0 becomes -1. */
    static const struct { uint8_t code; int reg; const char *value; vm_halt halt; } cases[] = {
        {C_KRCL(7), 7, "15", VM_HALT_BAD_REGISTER}, {C_KRCL(7), 7, "42", VM_HALT_BAD_REGISTER},
        {C_KSTO(8), 8, "-3", VM_HALT_BAD_REGISTER}, {C_KRCL(0), 0, "0", VM_HALT_BAD_REGISTER},
        {C_KGOTO(7), 7, "-1", VM_HALT_BAD_ADDRESS}, {C_KGSB(1), 1, "0", VM_HALT_BAD_ADDRESS},
        {C_KXEQ0(9), 9, "-5", VM_HALT_BAD_ADDRESS}, /* X = 1: it jumps */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        vm_machine m;
        VC_LOAD(&m, 1, cases[i].code, C_STOP);
        m.reg[cases[i].reg] = vc_num(cases[i].value);
        ck_assert_msg(vm_run(&m, 100) == cases[i].halt, "%02X with %s: halt %d", cases[i].code,
                      cases[i].value, (int)m.halt);
        ck_assert(m.halt_pc == 1 && m.halt_code == cases[i].code);
    }
    /* mk61 addresses: the last two digits, 99 being a step. */
    uint8_t code[105] = {C_KGOTO(7)};
    code[99] = C_STOP;
    vm_machine m;
    vc_load(&m, VM_PROFILE_MK61, code, 105, 0);
    m.reg[7] = vc_num("199");
    go(&m, 99);
}
END_TEST

START_TEST(mk61x_indirect_reaches_more)
{
    vm_machine m;
    /* КИП7 with R7 = 42 recalls R42; 142 names it too (modulo 100). */
    static const char *const ptrs[] = {"7=42 8=98 42=4.2", "7=142 8=98 42=4.2"};
    for (int i = 0; i < 2; i++) { /* R8 = 98: КП8 stores X in R98 */
        vc_load(&m, VM_PROFILE_MK61X, VC_CODE(C_KRCL(7), C_KSTO(8), C_STOP), 0);
        set_regs(&m, ptrs[i]);
        go(&m, -1);
        ck_assert_num(m.x, "4.2");
        ck_assert_num(m.reg[98], "4.2");
    }
    /* R5 = 14 is incremented to 15, a register on mk61x only. */
    vc_load(&m, VM_PROFILE_MK61X, VC_CODE(C_KRCL(5), C_STOP), 0);
    set_regs(&m, "5=14 15=15.5");
    go(&m, -1);
    ck_assert_num(m.x, "15.5");
    VC_LOAD(&m, C_KRCL(5), C_STOP);
    m.reg[5] = vc_num("14");
    ck_assert_int_eq(vm_run(&m, 100), VM_HALT_BAD_REGISTER);
    /* Addresses: the whole integer part, below 1000. */
    static uint8_t code[1000] = {C_KGOTO(7)};
    code[105] = code[159] = code[160] = code[999] = code[6] = C_STOP;
    code[5] = C_NOP;
    static const struct { const char *ptr; vm_halt halt; int at; } jumps[] = {
        {"105", VM_HALT_STOP, 105}, {"159", VM_HALT_STOP, 159}, {"160", VM_HALT_STOP, 160},
        {"999", VM_HALT_STOP, 999}, {"1000", VM_HALT_BAD_ADDRESS, 0},
        {"1700", VM_HALT_BAD_ADDRESS, 0}};
    for (int i = 0; i < 6; i++) {
        vc_load(&m, VM_PROFILE_MK61X, code, 1000, 0);
        m.reg[7] = vc_num(jumps[i].ptr);
        ck_assert_int_eq(vm_run(&m, 100), jumps[i].halt);
        ck_assert_int_eq(m.halt_pc, jumps[i].at);
    }
    /* The same 105 on mk61 is address 05 (then 06 stops). */
    vc_load(&m, VM_PROFILE_MK61, code, 105, 0);
    m.reg[7] = vc_num("105");
    go(&m, 6);
}
END_TEST

/* ---- K functions ------------------------------------------------------------ */
START_TEST(k_functions)
{
    static const struct { uint8_t code; const char *x, *want; } cases[] = {
        {C_INT, "3.7", "3"},        {C_INT, "-3.7", "-3"},     {C_INT, "0.5", "0"},
        {C_INT, "123456.78", "123456"}, {C_INT, "1e-5", "0"},  {C_INT, "42", "42"},
        {C_FRAC, "3.75", "0.75"},   {C_FRAC, "-3.75", "-0.75"}, {C_FRAC, "5", "0"},
        {C_FRAC, "12345.678", "0.678"}, {C_FRAC, "0.1", "0.1"},
        {C_ABS, "-2.5", "2.5"},     {C_ABS, "2.5", "2.5"},     {C_ABS, "0", "0"},
        {C_SIGN, "-4", "-1"},       {C_SIGN, "0", "0"},        {C_SIGN, "0.001", "1"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        vm_machine m = RAN_ON(cases[i].x, "6", "7", "8", cases[i].code, C_STOP);
        ck_assert_msg(vm_num_eq(m.x, vc_num(cases[i].want)), "%02X of %s", cases[i].code,
                      cases[i].x);
        ck_assert_stack(&m, cases[i].want, "6", "7", "8");
        ck_assert_num(m.x1, cases[i].x);
    }
    /* K max takes X and Y but does not drop the stack (docs/machine.md,
     * against the reference's table): X1 <- X, X <- max, Y Z T stay.
     * Zero counts as the greatest (docs/mk61.md). */
    static const struct { const char *x, *y, *want; } maxes[] = {
        {"3", "5", "5"}, {"5", "3", "5"}, {"-1", "-2", "-1"}, {"2.5", "2.4", "2.5"},
        {"0", "5", "0"}, {"5", "0", "0"}};
    for (size_t i = 0; i < sizeof maxes / sizeof maxes[0]; i++) {
        vm_machine m = RAN_ON(maxes[i].x, maxes[i].y, "7", "8", C_MAX, C_STOP);
        ck_assert_stack(&m, maxes[i].want, maxes[i].y, "7", "8");
        ck_assert_num(m.x1, maxes[i].x);
    }
    /* K НОП changes nothing. */
    vm_machine m = RAN_ON("1", "2", "3", "4", C_NOP, C_STOP);
    ck_assert_stack(&m, "1", "2", "3", "4");
}
END_TEST

/* ---- errors ----------------------------------------------------------------- */
START_TEST(division_by_zero)
{
    vm_machine m;
    VC_LOAD(&m, 1, C_ENT, 0, C_DIV, C_STOP);
    ck_assert_int_eq(vm_run(&m, 100), VM_HALT_ERROR);
    ck_assert_int_eq(m.num_error, VM_NUM_DIV_ZERO);
    ck_assert(m.halt_pc == 3 && m.halt_code == C_DIV);
    ck_assert_stack(&m, "0", "1", NULL, NULL); /* not carried out */
    vm_display d;
    vm_display_get(&m, &d);
    ck_assert_int_eq(d.glyph[0], ' ');
    ck_assert_mem_eq(d.glyph + 1, "EGG0G", 5);
    for (int i = 6; i < VM_DISPLAY_CELLS; i++)
        ck_assert_int_eq(d.glyph[i], ' ');
    /* A halted machine does nothing more. */
    uint64_t done = m.executed;
    ck_assert_int_eq(vm_step(&m, NULL), VM_HALT_ERROR);
    ck_assert_int_eq(vm_run(&m, 10), VM_HALT_ERROR);
    ck_assert_uint_eq(m.executed, done);
    ck_assert_stack(&m, "0", "1", NULL, NULL);
}
END_TEST

START_TEST(domain_and_overflow)
{
    vm_machine m;
    /* √ of -4: X stays -4; Сx pressed clears the error and X. */
    VC_LOAD(&m, 4, C_CHS, C_SQRT, C_STOP);
    ck_assert_int_eq(vm_run(&m, 100), VM_HALT_ERROR);
    ck_assert_int_eq(m.num_error, VM_NUM_DOMAIN);
    ck_assert_num(m.x, "-4");
    vm_press(&m, VM_KEY_CX);
    ck_assert_int_ne(m.halt, VM_HALT_ERROR);
    ck_assert_num(m.x, "0");
    ck_assert_display(&m, " 0.          ");
    VC_LOAD(&m, C_CX, C_LN, C_STOP);
    ck_assert_int_eq(vm_run(&m, 100), VM_HALT_ERROR);
    ck_assert_int_eq(m.num_error, VM_NUM_DOMAIN);
    /* 9e99 * 9e99 overflows; X and Y stay. */
    VC_LOAD(&m, 9, C_EEX, 9, 9, C_ENT, C_MUL, C_STOP);
    ck_assert_int_eq(vm_run(&m, 100), VM_HALT_ERROR);
    ck_assert_int_eq(m.num_error, VM_NUM_OVERFLOW);
    ck_assert_stack(&m, "9e99", "9e99", NULL, NULL);
    ck_assert_int_eq(m.halt_pc, 5);
}
END_TEST

/* ---- halts ------------------------------------------------------------------ */
START_TEST(undocumented_codes_halt)
{
    /* The reference's list: 1F, 27..29, 2B..2F, 3C..3F, 55, 56, xF, F0..FF. */
    int codes[64], n = 0;
    static const int ranges[][2] = {{0x1F, 0x1F}, {0x27, 0x29}, {0x2B, 0x2F}, {0x3C, 0x3F},
                                    {0x55, 0x56}, {0xF0, 0xFF}};
    for (int i = 0; i < 6; i++)
        for (int c = ranges[i][0]; c <= ranges[i][1]; c++)
            codes[n++] = c;
    for (int hi = 0x4; hi <= 0xE; hi++)
        codes[n++] = hi << 4 | 0xF;
    for (int i = 0; i < n; i++) {
        vm_machine m;
        VC_LOAD(&m, 1, 2, 3, (uint8_t)codes[i], C_STOP);
        ck_assert_msg(vm_run(&m, 100) == VM_HALT_BAD_OPCODE, "code %02X: halt %d", codes[i],
                      (int)m.halt);
        ck_assert(m.halt_pc == 3 && m.halt_code == codes[i] && m.pc == 3);
        ck_assert_uint_eq(m.executed, 3); /* it was not executed */
        ck_assert_stack(&m, "123", "0", NULL, NULL);
    }
    /* Opcodes are bytes: a wider cell (an mk61x address cell) at an opcode
     * position is undocumented too, on both profiles, traced or not. */
    static const uint16_t wide[] = {0x100, 0x151, 0x2D9, 0x639, 0xFFFF};
    for (int prof = 0; prof < 2; prof++) {
        for (size_t i = 0; i < sizeof wide / sizeof wide[0]; i++) {
            static vm_program p;
            vm_machine m;
            vm_program_init(&p, prof ? VM_PROFILE_MK61X : VM_PROFILE_MK61);
            p.code[0] = 0x01;
            p.code[1] = wide[i];
            p.code[2] = C_STOP;
            p.length = 3;
            vm_init(&m, p.profile);
            vm_load(&m, &p);
            ck_assert_int_eq(vm_run(&m, 100), VM_HALT_BAD_OPCODE);
            ck_assert(m.halt_pc == 1 && m.halt_code == wide[i] && m.pc == 1);
            ck_assert_uint_eq(m.executed, 1);
            ck_assert_num(m.x, "1");
            vm_trace t;
            vm_clear_halt(&m);
            ck_assert_int_eq(vm_step(&m, &t), VM_HALT_BAD_OPCODE);
            ck_assert(t.pc == 1 && t.code == wide[i] && t.length == 1);
        }
    }
}
END_TEST

START_TEST(bad_addresses_halt)
{
    static const struct { uint8_t code, addr; const char *x; } cases[] = {
        {C_GOTO, 0x5A, "0"}, {C_GOTO, 0xA5, "0"}, {C_GOTO, 0xF9, "0"}, {C_GSB, 0x5A, "0"},
        {C_GSB, 0xB0, "0"},  {C_XEQ0, 0x5A, "1"}, {C_XNE0, 0xAF, "0"}, {C_L0, 0x5A, "0"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        vm_machine m;
        VC_LOAD(&m, cases[i].code, cases[i].addr, C_STOP);
        m.x = vc_num(cases[i].x);
        m.reg[0] = vc_num("5");
        ck_assert_msg(vm_run(&m, 100) == VM_HALT_BAD_ADDRESS, "%02X %02X: halt %d",
                      cases[i].code, cases[i].addr, (int)m.halt);
        ck_assert_int_eq(m.halt_pc, 0);
    }
    /* A jump whose address byte would be past the last step. */
    uint8_t code[105] = {0};
    code[104] = C_GOTO;
    vm_machine m;
    vc_load(&m, VM_PROFILE_MK61, code, 105, 104);
    ck_assert_int_eq(vm_run(&m, 100), VM_HALT_BAD_ADDRESS);
    /* Running off the end: pc is left at 105, never beyond. */
    code[104] = C_NOP;
    vc_load(&m, VM_PROFILE_MK61, code, 105, 104);
    ck_assert_int_eq(vm_run(&m, 100), VM_HALT_BAD_ADDRESS);
    ck_assert_int_le(m.pc, 105);
}
END_TEST

START_TEST(stop_and_go_on)
{
    vm_machine m;
    VC_LOAD(&m, 1, C_STOP, 2, C_STOP);
    go(&m, 1);
    ck_assert(m.pc == 2 && !m.running);
    ck_assert_num(m.x, "1");
    ck_assert_int_eq(vm_run(&m, 100), VM_HALT_STOP); /* still stopped */
    ck_assert_int_eq(m.pc, 2);
    vm_clear_halt(&m);
    ck_assert_int_eq(m.halt, VM_HALT_NONE);
    go(&m, 3);
    ck_assert_stack(&m, "2", "1", NULL, NULL); /* after С/П a digit lifts */
}
END_TEST

START_TEST(budget_and_resume)
{
    /* 00 ИПa 01 1 02 + 03 Пa 04 БП 05 00: five steps a pass, forever. */
    vm_machine m;
    VC_LOAD(&m, C_RCL(10), 1, C_ADD, C_STO(10), C_GOTO, 0x00);
    vm_machine once = m, stepped = m;
    ck_assert_int_eq(vm_run(&m, 10), VM_HALT_BUDGET);
    ck_assert(m.executed == 10 && m.pc == 0);
    ck_assert_num(m.reg[10], "2");
    ck_assert_int_eq(vm_run(&m, 7), VM_HALT_BUDGET); /* 3 passes and ИПa 1 */
    ck_assert(m.executed == 17 && m.pc == 2);
    ck_assert_num(m.reg[10], "3");
    ck_assert_stack(&m, "1", "3", NULL, NULL);
    /* The same as 17 steps at once, and as 17 single steps. */
    ck_assert_int_eq(vm_run(&once, 17), VM_HALT_BUDGET);
    steps(&stepped, 17);
    for (const vm_machine *b = &once; b; b = b == &once ? &stepped : NULL)
        ck_assert(b->pc == m.pc && b->executed == m.executed && vm_num_eq(b->x, m.x) &&
                  vm_num_eq(b->y, m.y) && vm_num_eq(b->reg[10], m.reg[10]));
    /* The budget is no error: vm_step goes on. */
    ck_assert_int_eq(vm_step(&m, NULL), VM_HALT_NONE);
    ck_assert_uint_eq(m.executed, 18);
}
END_TEST

/* ---- snapshots, the counter, the trace ------------------------------------- */
START_TEST(snapshots_run_independently)
{
    /* ИП0 ИПb + Пb FL0 00 С/П with R0 = 30 sums 30..1 into b: 465. */
    vm_machine m;
    VC_LOAD(&m, C_RCL(0), C_RCL(11), C_ADD, C_STO(11), C_L0, 0x00, C_STOP);
    m.reg[0] = vc_num("30");
    ck_assert_int_eq(vm_run(&m, 40), VM_HALT_BUDGET); /* 8 passes: pc 0 */
    vm_machine copy = m, other = m;
    other.reg[11] = vm_num_from_int(1000);
    ck_assert_int_eq(vm_run(&m, 0), VM_HALT_STOP);
    ck_assert_int_eq(vm_run(&copy, 0), VM_HALT_STOP);
    ck_assert_int_eq(vm_run(&other, 0), VM_HALT_STOP);
    ck_assert_num(m.reg[11], "465");
    ck_assert_num(copy.reg[11], "465");
    ck_assert_num(other.reg[11], "1253"); /* 1000 replaced 30+...+23; 22+...+1 = 253 */
    ck_assert_uint_eq(m.executed, copy.executed);
    ck_assert_int_eq(m.pc, copy.pc);
    ck_assert(vm_num_eq(m.x, copy.x) && vm_num_eq(m.y, copy.y) && vm_num_eq(m.x1, copy.x1));
    /* Sixteen machines stepped in turn: R0 = n gives n(n+1)/2. */
    enum { N = 16 };
    vm_machine many[N];
    for (int i = 0; i < N; i++) {
        vm_init(&many[i], VM_PROFILE_MK61);
        memcpy(many[i].prog, m.prog, sizeof m.prog);
        many[i].reg[0] = vm_num_from_int(i + 1);
    }
    for (bool busy = true; busy;) {
        busy = false;
        for (int i = 0; i < N; i++)
            busy |= vm_step(&many[i], NULL) == VM_HALT_NONE;
    }
    for (int i = 0; i < N; i++) {
        ck_assert_int_eq(many[i].halt, VM_HALT_STOP);
        ck_assert_msg(vm_num_eq(many[i].reg[11], vm_num_from_int((i + 1) * (i + 2) / 2)),
                      "machine %d", i);
    }
}
END_TEST

START_TEST(executed_and_trace)
{
    /* 00 1 01 2 02 В↑ 03 3 04 × 05 БП 06 08 07 (skipped) 08 С/П */
    vm_machine m;
    VC_LOAD(&m, 1, 2, C_ENT, 3, C_MUL, C_GOTO, 0x08, 9, C_STOP);
    static const struct { int pc, code, length; const char *x, *y; } want[] = {
        {0, 0x01, 1, "1", "0"},  {1, 0x02, 1, "12", "0"}, {2, 0x0E, 1, "12", "12"},
        {3, 0x03, 1, "3", "12"}, {4, 0x12, 1, "36", "0"}, {5, 0x51, 2, "36", "0"},
        {8, 0x50, 1, "36", "0"},
    };
    for (int i = 0; i < 7; i++) {
        vm_trace tr;
        memset(&tr, 0xAA, sizeof tr);
        ck_assert_int_eq(vm_step(&m, &tr), i < 6 ? VM_HALT_NONE : VM_HALT_STOP);
        ck_assert_int_eq(tr.pc, want[i].pc);
        ck_assert_int_eq(tr.code, want[i].code);
        ck_assert_int_eq(tr.length, want[i].length);
        ck_assert_num(tr.x, want[i].x);
        ck_assert_num(tr.y, want[i].y);
        ck_assert_uint_eq(m.executed, (uint64_t)i + 1); /* С/П counts too */
    }
    ck_assert_int_eq(m.pc, 9);
}
END_TEST

/* ---- random programs -------------------------------------------------------- */
START_TEST(random_programs_stay_inside)
{
    /* Every byte value, random registers and start, a step budget: the run
     * ends in a halt with pc inside 0..steps and every number normalised
     * (the sanitizer build catches any access out of bounds). */
    static vm_program p;
    vc_seed(0x6b616c6168363131ull);
    for (int prog = 0; prog < 4000; prog++) {
        vm_profile_id prof = prog % 3 == 2 ? VM_PROFILE_MK61X : VM_PROFILE_MK61;
        vm_program_init(&p, prof);
        int nsteps = vm_profile_get(prof)->steps, regs = vm_profile_get(prof)->regs;
        bool documented_only = prog % 2 == 1; /* longer runs */
        for (int i = 0; i < nsteps; i++) {
            uint8_t c;
            do
                c = (uint8_t)vc_rand();
            while (documented_only && !vm_op(c));
            p.code[i] = c;
        }
        p.length = nsteps;
        p.start = (int)(vc_rand() % (uint32_t)nsteps);
        for (int r = 0; r < regs; r++) {
            p.reg_set[r] = true;
            p.reg_init[r] = vc_random_num();
        }
        vm_machine m;
        vm_init(&m, prof);
        vm_load(&m, &p);
        const uint64_t budget = 1500;
        for (int round = 0; round < 3; round++) {
            vm_halt h;
            if (prog % 4 == 0) { /* step by step, pc checked after each */
                uint64_t n = 0;
                do {
                    h = vm_step(&m, NULL);
                    ck_assert_int_eq(h, m.halt);
                    ck_assert_msg(m.pc >= 0 && m.pc <= nsteps, "program %d: pc %d", prog, m.pc);
                } while (h == VM_HALT_NONE && ++n < budget);
                if (h == VM_HALT_NONE)
                    h = VM_HALT_BUDGET;
            } else {
                h = vm_run(&m, budget);
                ck_assert_int_eq(h, m.halt);
            }
            ck_assert_msg(h != VM_HALT_NONE && h <= VM_HALT_BUDGET, "program %d: halt %d", prog,
                          (int)h);
            ck_assert_msg(m.pc >= 0 && m.pc <= nsteps, "program %d: pc %d", prog, m.pc);
            ck_assert(m.rsp >= 0 && m.rsp <= VM_RSTACK);
            ck_assert_uint_le(m.executed, (uint64_t)(round + 1) * budget);
            const vm_num stack[5] = {m.x, m.y, m.z, m.t, m.x1};
            static const char *const names[5] = {"X", "Y", "Z", "T", "X1"};
            for (int i = 0; i < 5; i++)
                vc_assert_normal(stack[i], names[i], prog);
            for (int r = 0; r < regs; r++)
                vc_assert_normal(m.reg[r], "a register", prog);
            if (h != VM_HALT_STOP && h != VM_HALT_BUDGET)
                break;
            vm_clear_halt(&m);
        }
        vm_display d;
        vm_display_get(&m, &d); /* any halted machine can be shown */
    }
}
END_TEST

Suite *vm_suite(void)
{
    Suite *s = suite_create("vm");
    struct { const char *name; const TTest *tests[8]; } cases[] = {
        {"arithmetic", {two_operand_stack, decimal_results_cut_to_8_digits}},
        {"stack", {enter_and_clear, swap_rotate_lastx, recall_like_steps_lift,
                   digit_after_operations_lifts}},
        {"entry", {entry_from_digit_steps}},
        {"registers", {store_and_recall_every_register, program_registers_loaded}},
        {"jumps", {goto_direct, direct_conditions_inverted, indirect_conditions}},
        {"loops", {loops_count_and_end_at_one}},
        {"subroutines", {subroutines_nest_five_levels, returns}},
        {"indirect", {indirect_recall_and_store, indirect_jumps_and_calls, bad_pointers,
                      mk61x_indirect_reaches_more}},
        {"k_functions", {k_functions}},
        {"errors", {division_by_zero, domain_and_overflow}},
        {"halts", {undocumented_codes_halt, bad_addresses_halt, stop_and_go_on,
                   budget_and_resume}},
        {"snapshots", {snapshots_run_independently, executed_and_trace}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        TCase *tc = tcase_create(cases[i].name);
        for (int j = 0; j < 8 && cases[i].tests[j]; j++)
            tcase_add_test(tc, cases[i].tests[j]);
        suite_add_tcase(s, tc);
    }
    TCase *tc = tcase_create("random");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, random_programs_stay_inside);
    suite_add_tcase(s, tc);
    return s;
}
