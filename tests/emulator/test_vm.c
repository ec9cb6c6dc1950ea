/* The machine executing programs (vm.h), one test case per family of codes.
 *
 * Every expected value is a fact of the real MK-61 (vm_check.h). The tables
 * are cases as the instrument ran them: the program's bytes from step 00,
 * then the keys, each key followed by a run until the machine waits again.
 * Keys ending in "R/S F EE" switch to programming mode after the run, so
 * that the display shows the program counter (its last two cells, A5 shown
 * "-5") and the codes of the three steps before it. The other checks say
 * in their comments what was measured. What the real machine cannot show
 * (m->warn, halt reasons, the step budget, mk61x) follows vm.h. Programs
 * are byte arrays or hex text (no assembler). */
#include "vm_check.h"
#include "vm_stepper.h"

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

/* Executes n steps, none of which may halt. */
static void steps(vm_machine *m, int n)
{
    for (int i = 0; i < n; i++)
        ck_assert_msg(vm_step(m, NULL) == VM_HALT_NONE, "step at %d halted (%d)", m->halt_pc,
                      (int)m->halt);
}

/* A case run, for the checks a table cannot make. */
static vm_machine ran(const char *program, const char *keys)
{
    vc_case c = {program, keys, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
    vm_machine m;
    vc_case_run(&m, &c);
    return m;
}

/* ---- arithmetic ------------------------------------------------------------ */
START_TEST(two_operand_stack)
{
    /* X = Y op X; Y <- Z, Z <- T, T kept, X1 <- the old X. */
    static const vc_case cases[] = {
        VC_CASE("10 50", "3 0 ENT 2 0 ENT 1 2 ENT 4 R/S", "16", "20", "30", "30", "4", NULL, NULL),
        VC_CASE("11 50", "3 0 ENT 2 0 ENT 1 2 ENT 4 R/S", "8", "20", "30", "30", "4", NULL, NULL),
        VC_CASE("12 50", "3 0 ENT 2 0 ENT 1 2 ENT 4 R/S", "48", "20", "30", "30", "4", NULL, NULL),
        VC_CASE("13 50", "3 0 ENT 2 0 ENT 1 2 ENT 4 R/S", "3", "20", "30", "30", "4", NULL, NULL),
    };
    VC_TABLE(cases);
}
END_TEST

START_TEST(results_rounded_as_measured)
{
    /* + − × round to 8 digits as the machine's adder does, ÷ truncates
     * (measured; the examples are 2 + 8.1234567 = 10.123457 and
     * 0.5 × 8.1234567 = 4.0617284). A leading comma is ignored: ", 1" is 1,
     * so 0.1 is typed "0 , 1". */
    static const vc_case cases[] = {
        VC_CASE("00 0A 01 0E 00 0A 02 10 50", "R/S", "0.3", NULL, NULL, NULL, NULL, " 3.       -01", NULL),
        VC_CASE("0A 01 0E 0A 02 10 50", "R/S", "3", NULL, NULL, NULL, NULL, NULL, NULL),
        VC_CASE("01 0E 00 0A 09 11 50", "R/S", "0.1", NULL, NULL, NULL, NULL, NULL, NULL),
        VC_CASE("05 0E 07 11 50", "R/S", "-2", NULL, NULL, NULL, NULL, NULL, NULL),
        VC_CASE("02 0A 05 0E 04 12 50", "R/S", "10", NULL, NULL, NULL, NULL, NULL, NULL),
        VC_CASE("01 0E 08 13 50", "R/S", "0.125", NULL, NULL, NULL, NULL, " 1.25     -01", NULL),
        VC_CASE("01 02 0E 04 13 50", "R/S", "3", NULL, NULL, NULL, NULL, NULL, NULL),
        VC_CASE("01 0E 03 13 50", "R/S", "0.33333333", NULL, NULL, NULL, "3", " 3.3333333-01", NULL),
        VC_CASE("02 0E 03 13 50", "R/S", "0.66666666", NULL, NULL, NULL, NULL, NULL, NULL),
        VC_CASE("02 0B 0E 03 13 50", "R/S", "-0.66666666", NULL, NULL, NULL, NULL, NULL, NULL),
        /* 1 − 1e-9 is 1; 1 − 6e-8 is 0.9999999; 1 − 5.1e-8 is 1; 1 + 4.5e-8
         * is 1.0000001: the smaller operand is rounded digit by digit. */
        VC_CASE("01 0E 01 0C 0B 09 11 50", "R/S", "1", NULL, NULL, NULL, NULL, NULL, NULL),
        VC_CASE("01 0E 06 0C 0B 08 11 50", "R/S", "0.9999999", NULL, NULL, NULL, NULL, NULL, NULL),
        VC_CASE("01 0E 05 0A 01 0C 0B 08 11 50", "R/S", "1", NULL, NULL, NULL, NULL, NULL, NULL),
        VC_CASE("01 0E 04 0A 05 0C 0B 08 10 50", "R/S", "1.0000001", NULL, NULL, NULL, NULL, NULL, NULL),
        /* 99999999 + 9 = 100000008 shows 1.0000001 08; + 5 gives 1e8. */
        VC_CASE("09 09 09 09 09 09 09 09 0E 09 10 50", "R/S", "100000010", NULL, NULL, NULL, NULL, " 1.0000001 08", NULL),
        VC_CASE("09 09 09 09 09 09 09 09 0E 05 10 50", "R/S", "100000000", NULL, NULL, NULL, NULL, NULL, NULL),
        VC_CASE("02 0E 08 0A 01 02 03 04 05 06 07 10 50", "R/S", "10.123457", NULL, NULL, NULL, NULL, NULL, NULL),
        VC_CASE("00 0A 05 0E 08 0A 01 02 03 04 05 06 07 12 50", "R/S", "4.0617284", NULL, NULL, NULL, NULL, NULL, NULL),
        /* 1e50 − 1 = 1e50. */
        VC_CASE("01 0C 05 00 0E 01 11 50", "R/S", "1E50", NULL, NULL, NULL, NULL, " 1.        50", NULL),
    };
    VC_TABLE(cases);
}
END_TEST

START_TEST(results_out_of_range_are_kept)
{
    /* 9e99 × 9e99 = 8.1e199: the product is kept in X (a 3-digit
     * exponent), the stack dropped, the display shows ЕГГОГ, and a program
     * goes on (measured). В↑ passes X through the display routine, which
     * stops a program after the В↑ (pc 07, the С/П at 07 not done); С/П
     * goes on from there. /-/ leaves such an X as it is (see the
     * disagreements). */
    static const vc_case cases[] = {
        VC_CASE("09 0C 09 09 0E 12 50", "R/S", "raw:199081000000", "0", NULL, NULL, "9E99", " EGG0G      ", NULL),
        VC_CASE("09 0C 09 09 0E 12 50", "R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 12 0E 07", NULL),
        VC_CASE("09 0C 09 09 0E 12 0E 50", "R/S", "raw:199081000000", "raw:199081000000", NULL, NULL, "9E99", " EGG0G      ", NULL),
        VC_CASE("09 0C 09 09 0E 12 0E 50", "R/S F EE", NULL, NULL, NULL, NULL, NULL, " 0E 12 0E 07", NULL),
        VC_CASE("09 0C 09 09 0E 12 0E 50", "R/S R/S F EE", "raw:199081000000", "raw:199081000000", NULL, NULL, NULL, " 50 0E 12 08", NULL),
        VC_CASE("09 0C 09 09 0E 12 01 10 50", "R/S", "raw:199081000000", "0", NULL, NULL, NULL, " EGG0G      ", NULL),
        VC_CASE("09 0C 09 09 0E 12 50", "R/S ENT", "raw:199081000000", "raw:199081000000", NULL, NULL, NULL, " EGG0G      ", NULL),
        VC_CASE("09 0C 09 09 0E 12 50", "R/S CX", "0", "0", NULL, NULL, NULL, " 0.          ", NULL),
        VC_CASE("09 0C 09 09 0E 12 50", "R/S 5", "5", "raw:199081000000", NULL, NULL, NULL, " 5.          ", NULL),
        VC_CASE("", "9 EE 9 9 ENT *", "raw:199081000000", "0", NULL, NULL, "9E99", " EGG0G      ", NULL),
        VC_CASE("", "9 EE 9 9 ENT * STO 1 RCL 1", "raw:199081000000", "raw:199081000000", NULL, NULL, NULL, " EGG0G      ", "1=raw:199081000000"),
        VC_CASE("", "9 EE 9 9 ENT * 1 EE 5 0 CHS *", "raw:149081000000", "0", NULL, NULL, NULL, " EGG0G      ", NULL),
        /* A condition that holds passes X through the display routine too:
         * Fx≥0 and Fx≠0 at 06 stop after their step (counter 08); Fx=0 and
         * Fx<0 jump to 10 and go on. ИП and КИП of such a register stop
         * after their step (counter 01). */
        VC_CASE("09 0C 09 09 0E 12 59 0A 01 50 50 50 50 50 50 50 50", "R/S F EE", "raw:199081000000", NULL, NULL, NULL, NULL, " 0- 59 12 08", NULL),
        VC_CASE("09 0C 09 09 0E 12 57 0A 01 50 50 50 50 50 50 50 50", "R/S F EE", "raw:199081000000", NULL, NULL, NULL, NULL, " 0- 57 12 08", NULL),
        VC_CASE("09 0C 09 09 0E 12 5E 0A 01 50 50 50 50 50 50 50 50", "R/S F EE", "raw:199081000000", NULL, NULL, NULL, NULL, " 50 50 01 11", NULL),
        VC_CASE("09 0C 09 09 0E 12 5C 0A 01 50 50 50 50 50 50 50 50", "R/S F EE", "raw:199081000000", NULL, NULL, NULL, NULL, " 50 50 01 11", NULL),
        VC_CASE("61 02 50", "9 EE 9 9 ENT * STO 1 CX R/S F EE", "raw:199081000000", "0", NULL, NULL, NULL, " 61       01", NULL),
        VC_CASE("D7 02 50", "9 EE 9 9 ENT * STO 1 1 STO 7 CX R/S F EE", "raw:199081000000", "0", NULL, NULL, NULL, " G7       01", NULL),
    };
    VC_TABLE(cases);
    /* Nothing halts: the program reached its С/П; the diagnostic says so. */
    vm_machine m = ran("09 0C 09 09 0E 12 50", "R/S");
    ck_assert_int_eq(m.halt, VM_HALT_STOP);
    ck_assert_int_eq(m.halt_pc, 6);
    ck_assert_int_eq(m.warn, VM_WARN_RANGE);
    ck_assert_int_eq(m.warn_pc, 5);
    /* By hand as well. */
    m = ran("", "9 EE 9 9 ENT *");
    ck_assert_int_eq(m.halt, VM_HALT_NONE);
    ck_assert_int_eq(m.warn, VM_WARN_RANGE);
}
END_TEST

START_TEST(tiny_results_kept_inside_a_run)
{
    /* 1e-50 × 1e-50 is shown as 0 once the machine rests, but inside a run
     * X holds 1e-100: a В↑ after it pushes the kept value into Y while X
     * passes the display routine and becomes 0 (measured). */
    static const vc_case cases[] = {
        VC_CASE("01 0C 0B 05 00 0E 12 50", "R/S", "0", NULL, NULL, NULL, NULL, " 0.          ", NULL),
        VC_CASE("01 0C 0B 05 00 0E 12 0E 50", "R/S", "0", "raw:900010000000", NULL, NULL, NULL, NULL, NULL),
    };
    VC_TABLE(cases);
}
END_TEST

/* ---- stack discipline ------------------------------------------------------ */
START_TEST(enter_and_clear)
{
    static const vc_case cases[] = {
        /* В↑: T <- Z, Z <- Y, Y <- X, X stays; the next digit replaces X. */
        VC_CASE("0E 50", "4 ENT 3 ENT 2 ENT 1 R/S", "1", "1", "2", "3", NULL, NULL, NULL),
        VC_CASE("0E 07 50", "4 ENT 3 ENT 2 ENT 1 R/S", "7", "1", "2", "3", NULL, NULL, NULL),
        /* Сx: X = 0 and the lift stays as the step before left it: after
         * digits the next digit replaces X, after + or ИП it lifts, after
         * В↑ it replaces. */
        VC_CASE("0D 50", "9 ENT 8 ENT 6 ENT 5 R/S", "0", "6", "8", "9", NULL, NULL, NULL),
        VC_CASE("0D 07 50", "9 ENT 8 ENT 6 ENT 5 R/S", "7", "6", "8", "9", NULL, NULL, NULL),
        VC_CASE("10 0D 07 50", "9 ENT 8 ENT 6 ENT 5 R/S", "7", "0", "8", "9", "5", NULL, NULL),
        VC_CASE("0E 0D 07 50", "9 ENT 8 ENT 6 ENT 5 R/S", "7", "5", "6", "8", NULL, NULL, NULL),
        VC_CASE("67 0D 03 50", "5 STO 7 R/S", "3", "0", "5", "0", NULL, NULL, NULL),
        VC_CASE("", "5 ENT 2 XY CX 3", "3", "0", "2", "0", NULL, NULL, NULL),
        /* ВП on a finished number types it again: after Сx the next
         * digit replaces X, by keys and in a program, after ИП or П
         * (measured on fresh cases; /-/ on a finished number keeps the
         * lift). */
        VC_CASE("0C 0D 05 50", "6 RCL 2 RTN R/S", "5", "6", "0", NULL, NULL, " 5.          ", NULL),
        VC_CASE("", "6 ENT 7 RCL 2 EE CX 5", "5", "7", "6", "0", NULL, NULL, NULL),
        VC_CASE("", "6 ENT 7 RCL 2 EE 3 CX 5", "5", "7", "6", "0", NULL, NULL, NULL),
        VC_CASE("42 0C 02 0D 05 50", "6 ENT 7 RTN R/S", "5", "6", "0", "0", NULL, NULL, NULL),
        VC_CASE("", "6 ENT 7 RCL 2 CHS CX 5", "5", "0", "7", "6", NULL, NULL, NULL),
    };
    VC_TABLE(cases);
}
END_TEST

START_TEST(swap_rotate_lastx)
{
    static const vc_case cases[] = {
        /* ↔: X1 <- X, then X and Y change places. */
        VC_CASE("14 50", "4 ENT 3 ENT 2 ENT 1 R/S", "2", "1", "3", "4", "1", NULL, NULL),
        /* F ⟳: X <- Y, Y <- Z, Z <- T, T <- the old X, and X1 <- the old X. */
        VC_CASE("25 50", "4 ENT 3 ENT 2 ENT 1 R/S", "2", "3", "4", "1", "1", NULL, NULL),
        VC_CASE("", "4 ENT 3 ENT 2 ENT 1 F .", "2", "3", "4", "1", "1", NULL, NULL),
        /* F Вx pushes X1 into X, even right after В↑. */
        VC_CASE("0F 50", "4 ENT 3 ENT 2 ENT 9 * R/S", "9", "18", "3", "4", "9", NULL, NULL),
        VC_CASE("0F 0E 0F 50", "4 ENT 3 ENT 2 ENT 9 * R/S", "9", "9", "9", "18", "9", NULL, NULL),
        /* /-/ on a finished number negates X and leaves X1; Fπ sets X1 to
         * the old X. */
        VC_CASE("0B 50", "2 ENT 7 ENT 9 * R/S", "-63", "2", NULL, NULL, "9", NULL, NULL),
        VC_CASE("20 50", "2 ENT 7 ENT 9 * R/S", "3.1415926", "63", "2", NULL, "63", NULL, NULL),
    };
    VC_TABLE(cases);
}
END_TEST

START_TEST(recall_like_steps_lift)
{
    static const vc_case cases[] = {
        /* ИП after В↑ lifts, and so does ИП after Сx. */
        VC_CASE("61 0E 62 50", "7 STO 1 8 STO 2 R/S", "8", "7", "7", "8", NULL, NULL, NULL),
        VC_CASE("0D 62 50", "8 STO 2 4 ENT 3 ENT 2 ENT 1 R/S", "8", "0", "2", "3", NULL, NULL, NULL),
        /* Fπ and КИП after В↑ lift as well (R7 = 5 names R5, and is left as
         * the machine's integer 00000005). */
        VC_CASE("0E 20 50", "4 ENT 3 ENT 2 ENT 1 R/S", "3.1415926", "1", "1", "2", "1", NULL, NULL),
        VC_CASE("0E D7 50", "5 STO 7 5 5 STO 5 4 ENT 3 ENT 2 ENT 1 R/S", "55", "1", "1", "2", NULL, NULL, "7=raw:007000000005"),
        /* К СЧ replaces X without a lift, and sets X1 (its digits come from
         * the machine's generator: not compared). */
        VC_CASE("0E 3B 50", "4 ENT 3 ENT 2 ENT 1 R/S", NULL, "1", "2", "3", "1", NULL, NULL),
    };
    VC_TABLE(cases);
    vm_machine m = ran("0E 3B 50", "4 ENT 3 ENT 2 ENT 1 R/S");
    ck_assert(vm_num_sign(m.x) >= 0 && vm_num_cmp(m.x, vc_num("1")) < 0);
}
END_TEST

START_TEST(digit_after_operations_lifts)
{
    static const vc_case cases[] = {
        /* After + the stack is 3 3 4 4; a digit lifts. */
        VC_CASE("10 05 50", "4 ENT 3 ENT 2 ENT 1 R/S", "5", "3", "3", "4", NULL, NULL, NULL),
        /* After ИП, x→П and ↔ as well. */
        VC_CASE("61 05 50", "7 STO 1 R/S", "5", "7", "7", NULL, NULL, NULL, NULL),
        VC_CASE("01 43 02 50", "R/S", "2", "1", "0", NULL, NULL, NULL, "3=1"),
        VC_CASE("01 0E 02 14 03 50", "R/S", "3", "1", "2", "0", NULL, NULL, NULL),
    };
    VC_TABLE(cases);
}
END_TEST

/* ---- number entry by program steps ---------------------------------------- */
START_TEST(exponent_after_a_store)
{
    /* ВП right after П in a program: the mantissa is the shown number's
     * sign nibble, 0 or 9, with no lift; a shown 0 gives 1 as "0 ВП"
     * does (measured, R4 = 2 unless the keys say otherwise). */
    static const vc_case cases[] = {
        VC_CASE("64 40 0C 50", "2 STO 4 RTN R/S", "0", "2", NULL, NULL, NULL, " 0.          ", "0=2"),
        VC_CASE("64 40 0C 50", "5 CHS STO 4 RTN R/S", "-9", "-5", NULL, NULL, NULL, "-9.          ", "0=-5"),
        VC_CASE("64 40 0C 50", "1 EE 5 CHS STO 4 RTN R/S", "0", "0.00001", NULL, NULL, NULL, " 0.          ", NULL),
        VC_CASE("64 40 0C 50", "0 STO 4 RTN R/S", "1", "0", NULL, NULL, NULL, " 1.          ", NULL),
        VC_CASE("64 40 0C 03 50", "2 STO 4 RTN R/S", "0", "2", NULL, NULL, NULL, " 0.          ", NULL),
        VC_CASE("64 0E 40 0C 50", "2 STO 4 RTN R/S", "0", "2", "2", NULL, NULL, " 0.          ", NULL),
        VC_CASE("0D 01 10 40 0C 50", "2 STO 4 RTN R/S", "0", "0", NULL, NULL, "1", " 0.          ", "0=1"),
        VC_CASE("0D 40 0C 03 50", "2 STO 4 RTN R/S", "1000", "0", NULL, NULL, NULL, " 1000.       ", NULL),
        VC_CASE("64 0D 40 0C 50", "2 STO 4 RTN R/S", "1", "2", NULL, NULL, NULL, " 1.          ", NULL),
        VC_CASE("64 40 0B 50", "2 STO 4 RTN R/S", "-2", "2", NULL, NULL, NULL, "-2.          ", NULL),
        VC_CASE("64 40 0A 50", "2 STO 4 RTN R/S", "2", "2", NULL, NULL, NULL, " 2.          ", NULL),
    };
    VC_TABLE(cases);
}
END_TEST

START_TEST(an_exponent_left_open)
{
    /* In a program, an operation that leaves the display register (+, x²,
     * П, БП, НОП, ↔) ends a number whose exponent was being typed, but
     * not the exponent: /-/ still negates it, X taken from the display
     * register, and a comma is ЕГГОГ; В↑, ИП, Сx and F Вx load the
     * register and close it; a digit starts a new number (measured, with
     * 4 in X and Y). */
    static const vc_case cases[] = {
        VC_CASE("0C 02 41 0B 50", "4 ENT RTN R/S", "0.04", "4", NULL, NULL, NULL, " 4.       -02", "1=400"),
        VC_CASE("0C 02 10 0B 50", "4 ENT RTN R/S", "0.04", "0", NULL, NULL, "400", " 4.       -02", NULL),
        VC_CASE("0C 41 0A 50", "4 ENT RTN R/S", "4", "4", NULL, NULL, NULL, " EGG0G      ", "1=4"),
        VC_CASE("0C 10 0A 50", "4 ENT RTN R/S", "8", "0", NULL, NULL, "4", " EGG0G      ", NULL),
        VC_CASE("0C 22 0A 50", "4 ENT RTN R/S", "16", "4", NULL, NULL, "4", " EGG0G      ", NULL),
        VC_CASE("0C 54 0A 50", "4 ENT RTN R/S", "4", "4", NULL, NULL, NULL, " EGG0G      ", NULL),
        VC_CASE("0C 51 03 0A 50", "4 ENT RTN R/S", "4", "4", NULL, NULL, NULL, " EGG0G      ", NULL),
        VC_CASE("0C 14 0A 50", "4 ENT RTN R/S", "4", "4", NULL, NULL, "4", " EGG0G      ", NULL),
        VC_CASE("0C 0E 0A 50", "4 ENT RTN R/S", "4", "4", "4", NULL, NULL, " 4.          ", NULL),
        VC_CASE("0C 61 0A 50", "4 ENT RTN R/S", "0", "4", "4", NULL, NULL, " 0.          ", NULL),
        VC_CASE("0C 0D 0A 50", "4 ENT RTN R/S", "0", "4", NULL, NULL, NULL, " 0.          ", NULL),
        VC_CASE("0C 0F 0A 50", "4 ENT RTN R/S", "0", "4", "4", NULL, NULL, " 0.          ", NULL),
        VC_CASE("0C 41 05 50", "4 ENT RTN R/S", "5", "4", "4", NULL, NULL, " 5.          ", "1=4"),
        VC_CASE("05 41 0A 06 50", "4 ENT RTN R/S", "6", "5", "4", NULL, NULL, " 6.          ", "1=5"),
    };
    VC_TABLE(cases);
}
END_TEST

START_TEST(entry_from_digit_steps)
{
    static const vc_case cases[] = {
        VC_CASE("01 04 50", "R/S", "14", "0", NULL, NULL, NULL, " 14.         ", NULL),
        VC_CASE("01 0A 05 50", "R/S", "1.5", NULL, NULL, NULL, NULL, NULL, NULL),
        VC_CASE("02 0C 03 50", "R/S", "2000", NULL, NULL, NULL, NULL, " 2000.       ", NULL),
        VC_CASE("01 0C 0B 02 50", "R/S", "0.01", NULL, NULL, NULL, NULL, " 1.       -02", NULL),
        VC_CASE("05 0B 50", "R/S", "-5", NULL, NULL, NULL, NULL, NULL, NULL),
        /* /-/ ends the mantissa: a second /-/ negates the finished number,
         * a digit after it starts a new one without a lift. */
        VC_CASE("05 0B 0B 50", "R/S", "5", NULL, NULL, NULL, NULL, NULL, NULL),
        VC_CASE("01 0B 02 50", "R/S", "2", "0", NULL, NULL, NULL, NULL, NULL),
        VC_CASE("01 02 0B 0B 03 50", "R/S", "3", "0", NULL, NULL, NULL, NULL, NULL),
        VC_CASE("01 0B 02 50", "3 ENT R/S", "2", "3", NULL, NULL, NULL, NULL, NULL),
        /* A leading comma is ignored; leading zeros are replaced. */
        VC_CASE("0A 05 50", "R/S", "5", NULL, NULL, NULL, NULL, NULL, NULL),
        VC_CASE("00 00 07 50", "R/S", "7", NULL, NULL, NULL, NULL, NULL, NULL),
        /* ВП alone starts at 1; 0,0 ВП 5 is 1e5. */
        VC_CASE("0C 03 50", "R/S", "1000", NULL, NULL, NULL, NULL, NULL, NULL),
        VC_CASE("00 0A 00 0C 05 50", "R/S", "100000", NULL, NULL, NULL, NULL, " 100000.     ", NULL),
        VC_CASE("01 0A 05 0C 0B 02 50", "R/S", "0.015", NULL, NULL, NULL, NULL, NULL, NULL),
        VC_CASE("02 0C 03 0B 50", "R/S", "0.002", NULL, NULL, NULL, NULL, NULL, NULL),
        VC_CASE("01 02 0A 03 04 0B 50", "R/S", "-12.34", NULL, NULL, NULL, NULL, NULL, NULL),
        VC_CASE("01 02 03 04 05 06 07 08 50", "R/S", "12345678", NULL, NULL, NULL, NULL, NULL, NULL),
        VC_CASE("01 02 03 04 05 06 07 08 09 50", "R/S", "12345678", NULL, NULL, NULL, NULL, NULL, NULL),
        /* В↑ separates two numbers; ВП after it applies to X. */
        VC_CASE("01 02 0E 03 04 50", "R/S", "34", "12", "0", "0", NULL, NULL, NULL),
        VC_CASE("01 02 0E 0C 03 50", "R/S", "12000", "12", NULL, NULL, NULL, " 12000.      ", NULL),
        /* A comma in the exponent is an error: the program stops after it
         * (pc 05) with 12000 in X; С/П goes on, and the 4 replaces X. */
        VC_CASE("01 02 0C 03 0A 04 50", "R/S", "12000", "0", NULL, NULL, NULL, " EGG0G      ", NULL),
        VC_CASE("01 02 0C 03 0A 04 50", "R/S F EE", NULL, NULL, NULL, NULL, NULL, " 0- 03 0C 05", NULL),
        VC_CASE("01 02 0C 03 0A 04 50", "R/S R/S", "4", "0", NULL, NULL, NULL, " 4.          ", NULL),
        /* Digits keyed before С/П go on into the program's digit steps. */
        VC_CASE("01 02 0A 05 50", "7 RTN R/S", "712.5", "0", NULL, NULL, NULL, " 712.5       ", NULL),
    };
    VC_TABLE(cases);
}
END_TEST

/* ---- registers -------------------------------------------------------------- */
START_TEST(store_and_recall_every_register)
{
    /* x→П r, Сx, П→x r with 100 + r typed: X and the register hold it, Y
     * is the cleared X (measured for every register). */
    static const vc_case cases[] = {
        VC_CASE("40 0D 60 50", "1 0 0 R/S", "100", "0", NULL, NULL, NULL, NULL, "0=100"),
        VC_CASE("41 0D 61 50", "1 0 1 R/S", "101", "0", NULL, NULL, NULL, NULL, "1=101"),
        VC_CASE("42 0D 62 50", "1 0 2 R/S", "102", "0", NULL, NULL, NULL, NULL, "2=102"),
        VC_CASE("43 0D 63 50", "1 0 3 R/S", "103", "0", NULL, NULL, NULL, NULL, "3=103"),
        VC_CASE("44 0D 64 50", "1 0 4 R/S", "104", "0", NULL, NULL, NULL, NULL, "4=104"),
        VC_CASE("45 0D 65 50", "1 0 5 R/S", "105", "0", NULL, NULL, NULL, NULL, "5=105"),
        VC_CASE("46 0D 66 50", "1 0 6 R/S", "106", "0", NULL, NULL, NULL, NULL, "6=106"),
        VC_CASE("47 0D 67 50", "1 0 7 R/S", "107", "0", NULL, NULL, NULL, NULL, "7=107"),
        VC_CASE("48 0D 68 50", "1 0 8 R/S", "108", "0", NULL, NULL, NULL, NULL, "8=108"),
        VC_CASE("49 0D 69 50", "1 0 9 R/S", "109", "0", NULL, NULL, NULL, NULL, "9=109"),
        VC_CASE("4A 0D 6A 50", "1 1 0 R/S", "110", "0", NULL, NULL, NULL, NULL, "a=110"),
        VC_CASE("4B 0D 6B 50", "1 1 1 R/S", "111", "0", NULL, NULL, NULL, NULL, "b=111"),
        VC_CASE("4C 0D 6C 50", "1 1 2 R/S", "112", "0", NULL, NULL, NULL, NULL, "c=112"),
        VC_CASE("4D 0D 6D 50", "1 1 3 R/S", "113", "0", NULL, NULL, NULL, NULL, "d=113"),
        VC_CASE("4E 0D 6E 50", "1 1 4 R/S", "114", "0", NULL, NULL, NULL, NULL, "e=114"),
    };
    VC_TABLE(cases);
    /* No other register is touched. */
    for (int r = 0; r < VM_REGISTERS; r++) {
        vm_machine m;
        vc_case_run(&m, &cases[r]);
        for (int q = 0; q < VM_MAX_REGS; q++)
            ck_assert_msg(q == r || vm_num_is_zero(m.reg[q]), "П%d touched %d", r, q);
    }
}
END_TEST

START_TEST(program_registers_loaded)
{
    /* Starting values from the program image: 2^r in register r, summed
     * (whole numbers below 10^8: the sum is exact on the machine). */
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

/* 105 steps: 00 БП A4, С/П at 104. */
#define GOTO_A4 "51 A4 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 50"

START_TEST(goto_direct)
{
    static const vc_case cases[] = {
        /* БП 05 skips 02..04: С/П at 06, the counter on 07. */
        VC_CASE("51 05 01 01 01 07 50", "R/S", "7", "0", NULL, NULL, NULL, NULL, NULL),
        VC_CASE("51 05 01 01 01 07 50", "R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 07 01 07", NULL),
        /* Address 104 is the byte A4; С/П there leaves the counter at A5,
         * and going on runs cell 0 again (БП A4): the same stop. */
        VC_CASE(GOTO_A4, "R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 00 00 -5", NULL),
        VC_CASE(GOTO_A4, "R/S R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 00 00 -5", NULL),
        VC_CASE(GOTO_A4, "1 R/S 2 R/S", "2", "1", NULL, NULL, NULL, NULL, NULL),
    };
    VC_TABLE(cases);
    vm_machine m = ran(GOTO_A4, "R/S R/S");
    ck_assert(m.halt == VM_HALT_STOP && m.halt_pc == 104 && m.pc == 105);
    /* 105 names cell 0 (vm.h): running on past 104 is a wrap. */
    ck_assert_int_eq(vm_cell(&m, 105), 0);
    ck_assert_int_eq(m.warn, VM_WARN_WRAP);
}
END_TEST

/* 105 steps: С/П at 0 3 5 10 47 60, the jump (two cells) at 20, started
 * there: where it lands shows as the counter after the С/П. */
#define JUMP_FF "50 00 00 50 00 50 00 00 00 00 50 00 00 00 00 00 00 00 00 00 51 FF 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 50 00 00 00 00 00 00 00 00 00 00 00 00 50"
#define JUMP_FA "50 00 00 50 00 50 00 00 00 00 50 00 00 00 00 00 00 00 00 00 51 FA 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 50 00 00 00 00 00 00 00 00 00 00 00 00 50"
#define JUMP_5A "50 00 00 50 00 50 00 00 00 00 50 00 00 00 00 00 00 00 00 00 51 5A 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 50 00 00 00 00 00 00 00 00 00 00 00 00 50"
#define JUMP_A5 "50 00 00 50 00 50 00 00 00 00 50 00 00 00 00 00 00 00 00 00 51 A5"
#define JUMP_F9 "50 00 00 50 00 50 00 00 00 00 50 00 00 00 00 00 00 00 00 00 51 F9 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 50"
#define CALL_5A "50 00 00 50 00 50 00 00 00 00 50 00 00 00 00 00 00 00 00 00 53 5A 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 50 00 00 00 00 00 00 00 00 00 00 00 00 50"
#define CALL_B0 "50 00 00 50 00 50 00 00 00 00 50 00 00 00 00 00 00 00 00 00 53 B0"
#define GOTO_0A "50 00 00 50 00 50 00 00 00 00 50 00 00 00 00 00 00 00 00 00 51 0A"
#define XNE0_AF "50 00 00 50 00 50 00 00 00 00 50 00 00 00 00 00 00 00 00 00 57 AF"
#define CALL_A5 "50 00 00 50 00 50 00 00 00 00 50 00 00 00 00 00 00 00 00 00 53 A5"
#define GOTO_A4_AT_20 "50 00 00 50 00 50 00 00 00 00 50 00 00 00 00 00 00 00 00 00 51 A4"
#define XEQ0_5A "50 00 00 50 00 50 00 00 00 00 50 00 00 00 00 00 00 00 00 00 5E 5A 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 50 00 00 00 00 00 00 00 00 00 00 00 00 50"
#define L0_5A "50 00 00 50 00 50 00 00 00 00 50 00 00 00 00 00 00 00 00 00 5D 5A 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 50 00 00 00 00 00 00 00 00 00 00 00 00 50"

START_TEST(jumps_past_the_end_wrap)
{
    /* The counter runs 0..159 and 105..111 name cells 0..6 again, 112..159
     * cells 0..47; an address byte's units nibble A..F counts 10..15, so
     * 5A is 60, A5 105, B0 110, AF 115. Nothing halts (measured). */
    static const vc_case cases[] = {
        VC_CASE(JUMP_5A, "GOTO 2 0 R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 00 00 61", NULL),
        VC_CASE(JUMP_A5, "GOTO 2 0 R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 00 00 -6", NULL),
        VC_CASE(JUMP_F9, "GOTO 2 0 R/S F EE", NULL, NULL, NULL, NULL, NULL, "          00", NULL),
        VC_CASE(CALL_5A, "GOTO 2 0 R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 00 00 61", NULL),
        VC_CASE(CALL_B0, "GOTO 2 0 R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 00 50 L1", NULL),
        VC_CASE(GOTO_0A, "GOTO 2 0 R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 00 00 11", NULL),
        VC_CASE(XNE0_AF, "GOTO 2 0 R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 00 00 L6", NULL),
        VC_CASE(CALL_A5, "GOTO 2 0 R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 00 00 -6", NULL),
        /* Running past 104: 105 is cell 0. */
        VC_CASE(GOTO_A4_AT_20, "GOTO 2 0 R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 00 00 -6", NULL),
        VC_CASE(XEQ0_5A, "1 GOTO 2 0 R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 00 00 61", NULL),
        VC_CASE(L0_5A, "5 STO 0 GOTO 2 0 R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 00 00 61", "0=raw:007000000004"),
    };
    VC_TABLE(cases);
    /* The machine goes on; m->warn says it wrapped, with where and at
     * which step (vm.h): БП A5 at 20 goes on at cell 0 (the counter 105). */
    vm_machine m = ran(JUMP_A5, "GOTO 2 0 R/S");
    ck_assert_int_eq(m.halt, VM_HALT_STOP);
    ck_assert_int_eq(m.halt_pc, 105);
    ck_assert_int_eq(m.pc, 106);
    ck_assert_int_eq(m.warn, VM_WARN_WRAP);
    ck_assert_int_eq(m.warn_value, 105);
    ck_assert_int_eq(m.warn_arg, 0);
    /* A jump to 60 (5A) is inside the memory: no diagnostic. */
    m = ran(JUMP_5A, "GOTO 2 0 R/S");
    ck_assert_int_eq(m.warn, VM_WARN_NONE);
    /* Running off the end goes on at cell 0, as the real machine. */
    m = ran(GOTO_A4_AT_20, "GOTO 2 0 R/S");
    ck_assert_int_eq(m.warn, VM_WARN_WRAP);
    ck_assert_int_eq(m.halt_pc, 105);
    /* vm_cell: the aliasing of the counter's 105..159 (the table above). */
    static const int cell_of[][2] = {{0, 0}, {104, 104}, {105, 0}, {110, 5}, {111, 6},
                                     {112, 0}, {115, 3}, {159, 47}};
    for (size_t i = 0; i < sizeof cell_of / sizeof cell_of[0]; i++)
        ck_assert_int_eq(vm_cell(&m, cell_of[i][0]), cell_of[i][1]);
    ck_assert_int_eq(vm_pc_limit(&m), 160);
    /* vm_cell_address: the address bytes of the table above. */
    static const int address_of[][2] = {{0x5A, 60}, {0xA5, 105}, {0xB0, 110}, {0x0A, 10},
                                        {0xAF, 115}, {0xF9, 159}, {0xA4, 104}, {0x45, 45}};
    for (size_t i = 0; i < sizeof address_of / sizeof address_of[0]; i++)
        ck_assert_int_eq(vm_cell_address(&m, (uint16_t)address_of[i][0]), address_of[i][1]);
}
END_TEST

START_TEST(direct_conditions_inverted)
{
    /* Fx?0 05 at 00, С/П at 02 and at 05: the condition holding stops at
     * 02 (goes on after the address), failing jumps and stops at 05; X
     * and Y stay (measured, the counter after the stop). */
    static const vc_case cases[] = {
        VC_CASE("57 05 50 54 54 50", "4 ENT 2 CHS R/S F EE", "-2", "4", NULL, NULL, NULL, " 50 05 57 03", NULL),
        VC_CASE("57 05 50 54 54 50", "4 ENT 0 R/S F EE", "0", "4", NULL, NULL, NULL, " 50 54 54 06", NULL),
        VC_CASE("57 05 50 54 54 50", "4 ENT 3 R/S F EE", "3", "4", NULL, NULL, NULL, " 50 05 57 03", NULL),
        VC_CASE("57 05 50 54 54 50", "4 ENT 1 EE 9 9 CHS R/S F EE", "1E-99", "4", NULL, NULL, NULL, " 50 05 57 03", NULL),
        VC_CASE("59 05 50 54 54 50", "4 ENT 2 CHS R/S F EE", "-2", "4", NULL, NULL, NULL, " 50 54 54 06", NULL),
        VC_CASE("59 05 50 54 54 50", "4 ENT 0 R/S F EE", "0", "4", NULL, NULL, NULL, " 50 05 59 03", NULL),
        VC_CASE("59 05 50 54 54 50", "4 ENT 3 R/S F EE", "3", "4", NULL, NULL, NULL, " 50 05 59 03", NULL),
        VC_CASE("59 05 50 54 54 50", "4 ENT 1 CHS EE 7 CHS R/S F EE", "-1E-7", "4", NULL, NULL, NULL, " 50 54 54 06", NULL),
        VC_CASE("5C 05 50 54 54 50", "4 ENT 2 CHS R/S F EE", "-2", "4", NULL, NULL, NULL, " 50 05 5C 03", NULL),
        VC_CASE("5C 05 50 54 54 50", "4 ENT 0 R/S F EE", "0", "4", NULL, NULL, NULL, " 50 54 54 06", NULL),
        VC_CASE("5C 05 50 54 54 50", "4 ENT 3 R/S F EE", "3", "4", NULL, NULL, NULL, " 50 54 54 06", NULL),
        VC_CASE("5C 05 50 54 54 50", "4 ENT 1 EE 9 9 CHS R/S F EE", "1E-99", "4", NULL, NULL, NULL, " 50 54 54 06", NULL),
        VC_CASE("5E 05 50 54 54 50", "4 ENT 2 CHS R/S F EE", "-2", "4", NULL, NULL, NULL, " 50 54 54 06", NULL),
        VC_CASE("5E 05 50 54 54 50", "4 ENT 0 R/S F EE", "0", "4", NULL, NULL, NULL, " 50 05 5E 03", NULL),
        VC_CASE("5E 05 50 54 54 50", "4 ENT 3 R/S F EE", "3", "4", NULL, NULL, NULL, " 50 54 54 06", NULL),
    };
    VC_TABLE(cases);
}
END_TEST

START_TEST(indirect_conditions)
{
    /* K x?0 R at 00, С/П at 01 and 05. The pointer changes only when the
     * jump is taken: R0 6 and R4 4 become 5, R7 5 stays 5; each becomes
     * the machine's integer 00000005 (measured). */
    static const vc_case cases[] = {
        VC_CASE("70 50 54 54 54 50", "6 STO 0 3 R/S F EE", "3", NULL, NULL, NULL, NULL, " 50 70    02", "0=raw:000060000000"),
        VC_CASE("74 50 54 54 54 50", "4 STO 4 3 R/S F EE", "3", NULL, NULL, NULL, NULL, " 50 74    02", "4=raw:000040000000"),
        VC_CASE("77 50 54 54 54 50", "5 STO 7 3 R/S F EE", "3", NULL, NULL, NULL, NULL, " 50 77    02", "7=raw:000050000000"),
        VC_CASE("70 50 54 54 54 50", "6 STO 0 0 R/S F EE", "0", NULL, NULL, NULL, NULL, " 50 54 54 06", "0=raw:007000000005"),
        VC_CASE("74 50 54 54 54 50", "4 STO 4 0 R/S F EE", "0", NULL, NULL, NULL, NULL, " 50 54 54 06", "4=raw:007000000005"),
        VC_CASE("77 50 54 54 54 50", "5 STO 7 0 R/S F EE", "0", NULL, NULL, NULL, NULL, " 50 54 54 06", "7=raw:007000000005"),
        VC_CASE("90 50 54 54 54 50", "6 STO 0 0 R/S F EE", "0", NULL, NULL, NULL, NULL, " 50 90    02", "0=6"),
        VC_CASE("94 50 54 54 54 50", "4 STO 4 1 CHS R/S F EE", "-1", NULL, NULL, NULL, NULL, " 50 54 54 06", "4=raw:007000000005"),
        VC_CASE("C0 50 54 54 54 50", "6 STO 0 1 CHS R/S F EE", "-1", NULL, NULL, NULL, NULL, " 50 C0    02", "0=6"),
        VC_CASE("C7 50 54 54 54 50", "5 STO 7 0 R/S F EE", "0", NULL, NULL, NULL, NULL, " 50 54 54 06", "7=raw:007000000005"),
        VC_CASE("E4 50 54 54 54 50", "4 STO 4 0 R/S F EE", "0", NULL, NULL, NULL, NULL, " 50 E4    02", "4=4"),
        VC_CASE("E0 50 54 54 54 50", "6 STO 0 2 R/S F EE", "2", NULL, NULL, NULL, NULL, " 50 54 54 06", "0=raw:007000000005"),
    };
    VC_TABLE(cases);
}
END_TEST

/* ---- loops ------------------------------------------------------------------ */
START_TEST(loops_count_and_end_at_one)
{
    /* 00 ИПa 01 1 02 + 03 Пa 04 FLn 05 00 06 С/П: a counts the passes. The
     * counter ends as the machine's integer 00000001; 1 and 1.5 fall
     * through at once and stay as they were; 2.5 is cut to 2 and makes two
     * passes (measured). */
    static const vc_case cases[] = {
        VC_CASE("6A 01 10 4A 5D 00 50", "1 0 STO 0 R/S", "10", NULL, NULL, NULL, NULL, NULL, "0=raw:007000000001 a=10"),
        VC_CASE("6A 01 10 4A 5D 00 50", "2 STO 0 R/S", "2", NULL, NULL, NULL, NULL, NULL, "0=raw:007000000001 a=2"),
        VC_CASE("6A 01 10 4A 5D 00 50", "1 STO 0 R/S", "1", NULL, NULL, NULL, NULL, NULL, "0=raw:000010000000 a=1"),
        VC_CASE("6A 01 10 4A 5D 00 50", "1 . 5 STO 0 R/S", "1", NULL, NULL, NULL, NULL, NULL, "0=raw:000015000000 a=1"),
        VC_CASE("6A 01 10 4A 5D 00 50", "2 . 5 STO 0 R/S", "2", NULL, NULL, NULL, NULL, NULL, "0=raw:007000000001 a=2"),
        VC_CASE("6A 01 10 4A 5B 00 50", "1 0 STO 1 R/S", "10", NULL, NULL, NULL, NULL, NULL, "1=raw:007000000001 a=10"),
        VC_CASE("6A 01 10 4A 5B 00 50", "1 . 5 STO 1 R/S", "1", NULL, NULL, NULL, NULL, NULL, "1=raw:000015000000 a=1"),
        VC_CASE("6A 01 10 4A 58 00 50", "2 STO 2 R/S", "2", NULL, NULL, NULL, NULL, NULL, "2=raw:007000000001 a=2"),
        VC_CASE("6A 01 10 4A 58 00 50", "2 . 5 STO 2 R/S", "2", NULL, NULL, NULL, NULL, NULL, "2=raw:007000000001 a=2"),
        VC_CASE("6A 01 10 4A 5A 00 50", "1 0 STO 3 R/S", "10", NULL, NULL, NULL, NULL, NULL, "3=raw:007000000001 a=10"),
        VC_CASE("6A 01 10 4A 5A 00 50", "1 STO 3 R/S", "1", NULL, NULL, NULL, NULL, NULL, "3=raw:000010000000 a=1"),
        /* Summing 10..1 with FL0: ИП0 ИПb + Пb FL0 00 gives 55. */
        VC_CASE("60 6B 10 4B 5D 00 50", "1 0 STO 0 R/S", "55", NULL, NULL, NULL, NULL, NULL, "b=55 0=raw:007000000001"),
        VC_CASE("60 6B 10 4B 5D 00 50", "3 0 STO 0 R/S", "465", "464", NULL, NULL, "464", NULL, "b=465 0=raw:007000000001"),
        VC_CASE("60 6B 10 4B 5D 00 50", "3 0 STO 0 R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 00 5G 07", NULL),
    };
    VC_TABLE(cases);
}
END_TEST

START_TEST(loop_counters_that_used_to_halt)
{
    /* FL0 03 at 00, С/П at 02 (falls through: counter 03) and at 03 (jumps:
     * counter 04). A counter of 0, a negative one, 0 < R < 1 and 1e-8 jump
     * and take 1 off the machine's integer form: 0 becomes -99999999
     * (99999999 with the sign nibble 9); 1e8 becomes 99999990; 5e20 is
     * 00000005 with exponent 27, then 4 (measured). */
    static const vc_case cases[] = {
        VC_CASE("5D 03 50 50", "0 STO 0 R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 50 03 04", "0=raw:007999999999"),
        VC_CASE("5D 03 50 50", "3 CHS STO 0 R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 50 03 04", "0=raw:007999999992"),
        VC_CASE("5D 03 50 50", "0 . 5 STO 0 R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 50 03 04", "0=raw:999049999999"),
        VC_CASE("5D 03 50 50", "1 EE 8 STO 0 R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 50 03 04", "0=raw:008009999999"),
        VC_CASE("5D 03 50 50", "1 EE 8 CHS STO 0 R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 50 03 04", "0=raw:997000000099"),
        VC_CASE("5D 03 50 50", "5 EE 2 0 STO 0 R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 50 03 04", "0=raw:027000000004"),
        VC_CASE("5D 03 50 50", "1 . 5 STO 0 R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 03 5G 03", "0=1.5"),
        VC_CASE("5D 03 50 50", "1 STO 0 R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 03 5G 03", "0=1"),
        VC_CASE("5D 03 50 50", "2 STO 0 R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 50 03 04", "0=raw:007000000001"),
        VC_CASE("5A 03 50 50", "0 STO 3 R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 50 03 04", "3=raw:007999999999"),
    };
    VC_TABLE(cases);
    /* The value -99999999: X holds it after ИП0 (measured: R0 = 0, FL0,
     * then ИП0 shows -99999999). */
    static const vc_case recalled[] = {
        VC_CASE("5D 03 50 60 50", "0 STO 0 R/S", "-99999999", NULL, NULL, NULL, NULL, "-99999999.   ", NULL),
    };
    VC_TABLE(recalled);
}
END_TEST

/* ---- subroutines ------------------------------------------------------------ */

/* 00 ПП 20, 02 С/П, 03 В/О; level k at 10k (k = 2..5) calls 10(k+1) and
 * returns; 60 types 1 and returns: five nested calls. */
#define NEST5 "53 20 50 52 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 53 30 52 00 00 00 00 00 00 00 53 40 52 00 00 00 00 00 00 00 53 50 52 00 00 00 00 00 00 00 53 60 52 00 00 00 00 00 00 00 01 52"
/* Six: 00 ПП 10, 02 9, 03 С/П; level k at 10k (k = 1..5) calls 10(k+1),
 * then types k and returns (level 1 stops at 13 before its В/О at 14); 60
 * types 6 and returns. The sixth call loses the oldest return address
 * (02), so the run ends at 13. */
#define NEST6 "53 10 09 50 00 00 00 00 00 00 53 20 01 50 52 00 00 00 00 00 53 30 02 52 00 00 00 00 00 00 53 40 03 52 00 00 00 00 00 00 53 50 04 52 00 00 00 00 00 00 53 60 05 52 00 00 00 00 00 00 06 52"

START_TEST(subroutines_nest_five_levels)
{
    static const vc_case cases[] = {
        VC_CASE(NEST5, "R/S F EE", "1", "0", NULL, NULL, NULL, " 50 20 53 03", NULL),
        /* A sixth nested ПП keeps running, as the real return stack does:
         * the digits 6 5 4 3 2 1 are typed on the way back, and the oldest
         * return (to 02, which would type 9) is gone. */
        VC_CASE(NEST6, "R/S F EE", "1", "2", "3", "4", NULL, " 50 01 20 14", NULL),
    };
    VC_TABLE(cases);
    vm_machine m = ran(NEST5, "R/S");
    ck_assert_int_eq(m.rsp, 0);
    ck_assert_int_eq(m.warn, VM_WARN_NONE);
    /* The sixth: m->warn says which return address was lost (02), at
     * which ПП (50) and where that called (60). */
    m = ran(NEST6, "R/S");
    ck_assert_int_eq(m.halt, VM_HALT_STOP);
    ck_assert_int_eq(m.halt_pc, 13);
    ck_assert_int_eq(m.warn, VM_WARN_RSTACK);
    ck_assert_int_eq(m.warn_pc, 50);
    ck_assert_int_eq(m.warn_arg, 2);
    ck_assert_int_eq(m.warn_value, 60);
}
END_TEST

START_TEST(returns)
{
    static const vc_case cases[] = {
        /* 00 1, 01 2, 02 С/П, 05 В/О (started at 05): an empty return stack
         * goes to 01, giving X = 2 (00 would give 12). */
        VC_CASE("01 02 50 54 54 52", "GOTO 0 5 R/S", "2", "0", NULL, NULL, NULL, NULL, NULL),
        VC_CASE("01 02 50 54 54 52", "GOTO 0 5 R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 02 01 03", NULL),
        /* 00 ПП 05, 02 3, 03 С/П, 05 2, 06 В/О: returns after the operand. */
        VC_CASE("53 05 03 50 54 02 52", "R/S F EE", "3", "2", NULL, NULL, NULL, " 50 03 05 04", NULL),
        /* One call, two returns: the second goes to 01 (the operand 05 is
         * typed as a digit, then 7). */
        VC_CASE("53 05 07 50 52 52", "R/S R/S", "57", "7", NULL, NULL, NULL, NULL, NULL),
        VC_CASE("53 05 07 50 52 52", "R/S R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 07 05 04", NULL),
    };
    VC_TABLE(cases);
}
END_TEST

/* ---- indirect addressing ---------------------------------------------------- */
START_TEST(indirect_recall_and_store)
{
    /* КИП and КП through every register: 0..3 are decremented, 4..6
     * incremented, 7..e unchanged, and each is left as the machine's
     * integer (measured). */
    static const vc_case cases[] = {
        VC_CASE("D0 50", "5 5 STO 5 6 STO 0 3 R/S", "55", "3", NULL, NULL, NULL, NULL, "0=raw:007000000005"),
        VC_CASE("B0 50", "6 STO 0 7 7 R/S", "77", "6", NULL, NULL, NULL, NULL, "0=raw:007000000005 5=77"),
        VC_CASE("D1 50", "5 5 STO 5 6 STO 1 3 R/S", "55", "3", NULL, NULL, NULL, NULL, "1=raw:007000000005"),
        VC_CASE("B1 50", "6 STO 1 7 7 R/S", "77", "6", NULL, NULL, NULL, NULL, "1=raw:007000000005 5=77"),
        VC_CASE("D2 50", "5 5 STO 5 6 STO 2 3 R/S", "55", "3", NULL, NULL, NULL, NULL, "2=raw:007000000005"),
        VC_CASE("B2 50", "6 STO 2 7 7 R/S", "77", "6", NULL, NULL, NULL, NULL, "2=raw:007000000005 5=77"),
        VC_CASE("D3 50", "5 5 STO 5 6 STO 3 3 R/S", "55", "3", NULL, NULL, NULL, NULL, "3=raw:007000000005"),
        VC_CASE("B3 50", "6 STO 3 7 7 R/S", "77", "6", NULL, NULL, NULL, NULL, "3=raw:007000000005 5=77"),
        VC_CASE("D4 50", "5 5 STO 9 8 STO 4 3 R/S", "55", "3", NULL, NULL, NULL, NULL, "4=raw:007000000009"),
        VC_CASE("B4 50", "8 STO 4 7 7 R/S", "77", "8", NULL, NULL, NULL, NULL, "4=raw:007000000009 9=77"),
        VC_CASE("D5 50", "5 5 STO 9 8 STO 5 3 R/S", "55", "3", NULL, NULL, NULL, NULL, "5=raw:007000000009"),
        VC_CASE("B5 50", "8 STO 5 7 7 R/S", "77", "8", NULL, NULL, NULL, NULL, "5=raw:007000000009 9=77"),
        VC_CASE("D6 50", "5 5 STO 9 8 STO 6 3 R/S", "55", "3", NULL, NULL, NULL, NULL, "6=raw:007000000009"),
        VC_CASE("B6 50", "8 STO 6 7 7 R/S", "77", "8", NULL, NULL, NULL, NULL, "6=raw:007000000009 9=77"),
        VC_CASE("D7 50", "5 5 STO 5 5 STO 7 3 R/S", "55", "3", NULL, NULL, NULL, NULL, "7=raw:007000000005"),
        VC_CASE("B7 50", "5 STO 7 7 7 R/S", "77", "5", NULL, NULL, NULL, NULL, "7=raw:007000000005 5=77"),
        VC_CASE("D8 50", "5 5 STO 5 5 STO 8 3 R/S", "55", "3", NULL, NULL, NULL, NULL, "8=raw:007000000005"),
        VC_CASE("B8 50", "5 STO 8 7 7 R/S", "77", "5", NULL, NULL, NULL, NULL, "8=raw:007000000005 5=77"),
        VC_CASE("D9 50", "5 5 STO 5 5 STO 9 3 R/S", "55", "3", NULL, NULL, NULL, NULL, "9=raw:007000000005"),
        VC_CASE("B9 50", "5 STO 9 7 7 R/S", "77", "5", NULL, NULL, NULL, NULL, "9=raw:007000000005 5=77"),
        VC_CASE("DA 50", "5 5 STO 5 5 STO . 3 R/S", "55", "3", NULL, NULL, NULL, NULL, "a=raw:007000000005"),
        VC_CASE("BA 50", "5 STO . 7 7 R/S", "77", "5", NULL, NULL, NULL, NULL, "a=raw:007000000005 5=77"),
        VC_CASE("DB 50", "5 5 STO 5 5 STO CHS 3 R/S", "55", "3", NULL, NULL, NULL, NULL, "b=raw:007000000005"),
        VC_CASE("BB 50", "5 STO CHS 7 7 R/S", "77", "5", NULL, NULL, NULL, NULL, "b=raw:007000000005 5=77"),
        VC_CASE("DC 50", "5 5 STO 5 5 STO EE 3 R/S", "55", "3", NULL, NULL, NULL, NULL, "c=raw:007000000005"),
        VC_CASE("BC 50", "5 STO EE 7 7 R/S", "77", "5", NULL, NULL, NULL, NULL, "c=raw:007000000005 5=77"),
        VC_CASE("DD 50", "5 5 STO 5 5 STO CX 3 R/S", "55", "3", NULL, NULL, NULL, NULL, "d=raw:007000000005"),
        VC_CASE("BD 50", "5 STO CX 7 7 R/S", "77", "5", NULL, NULL, NULL, NULL, "d=raw:007000000005 5=77"),
        VC_CASE("DE 50", "5 5 STO 5 5 STO ENT 3 R/S", "55", "3", NULL, NULL, NULL, NULL, "e=raw:007000000005"),
        VC_CASE("BE 50", "5 STO ENT 7 7 R/S", "77", "5", NULL, NULL, NULL, NULL, "e=raw:007000000005 5=77"),
    };
    VC_TABLE(cases);
}
END_TEST

/* Registers 0..e hold 100..114, but for the pointer (7, 0 or 4). */
#define FILL7 "1 0 0 STO 0 1 0 1 STO 1 1 0 2 STO 2 1 0 3 STO 3 1 0 4 STO 4 1 0 5 STO 5 1 0 6 STO 6 1 0 8 STO 8 1 0 9 STO 9 1 1 0 STO . 1 1 1 STO CHS 1 1 2 STO EE 1 1 3 STO CX 1 1 4 STO ENT "
#define FILL0 "1 0 1 STO 1 1 0 2 STO 2 1 0 3 STO 3 1 0 4 STO 4 1 0 5 STO 5 1 0 6 STO 6 1 0 7 STO 7 1 0 8 STO 8 1 0 9 STO 9 1 1 0 STO . 1 1 1 STO CHS 1 1 2 STO EE 1 1 3 STO CX 1 1 4 STO ENT "
#define FILL4 "1 0 0 STO 0 1 0 1 STO 1 1 0 2 STO 2 1 0 3 STO 3 1 0 5 STO 5 1 0 6 STO 6 1 0 7 STO 7 1 0 8 STO 8 1 0 9 STO 9 1 1 0 STO . 1 1 1 STO CHS 1 1 2 STO EE 1 1 3 STO CX 1 1 4 STO ENT "

START_TEST(pointers_name_registers)
{
    /* Which register a pointer names, by the value recalled (100 + r); the
     * pointer is left as the machine's integer (measured). A fraction of 1
     * or more is cut (5.9 names R5, 3.7 R3); of the integer form's last two
     * digits, 00..14 name 0..e, and from 15 on the units digit: 0..4 a..e,
     * 5 and 6 R0, 7..9 R1..R3. Negative pointers count from 99999999 (-3
     * is 99999993: d), 0 < R < 1 and large pointers name registers too. */
    static const vc_case cases[] = {
        VC_CASE("D7 50", FILL7 "5 . 9 STO 7 R/S", "105", NULL, NULL, NULL, NULL, NULL, "7=raw:007000000005"),
        VC_CASE("D7 50", FILL7 "1 0 5 STO 7 R/S", "105", NULL, NULL, NULL, NULL, NULL, "7=raw:007000000105"),
        VC_CASE("D7 50", FILL7 "5 STO 7 R/S", "105", NULL, NULL, NULL, NULL, NULL, "7=raw:007000000005"),
        VC_CASE("D7 50", FILL7 "1 5 STO 7 R/S", "100", NULL, NULL, NULL, NULL, NULL, "7=raw:007000000015"),
        VC_CASE("D7 50", FILL7 "1 6 STO 7 R/S", "100", NULL, NULL, NULL, NULL, NULL, "7=raw:007000000016"),
        VC_CASE("D7 50", FILL7 "1 7 STO 7 R/S", "101", NULL, NULL, NULL, NULL, NULL, "7=raw:007000000017"),
        VC_CASE("D7 50", FILL7 "1 9 STO 7 R/S", "103", NULL, NULL, NULL, NULL, NULL, "7=raw:007000000019"),
        VC_CASE("D7 50", FILL7 "2 0 STO 7 R/S", "110", NULL, NULL, NULL, NULL, NULL, "7=raw:007000000020"),
        VC_CASE("D7 50", FILL7 "2 4 STO 7 R/S", "114", NULL, NULL, NULL, NULL, NULL, "7=raw:007000000024"),
        VC_CASE("D7 50", FILL7 "2 5 STO 7 R/S", "100", NULL, NULL, NULL, NULL, NULL, "7=raw:007000000025"),
        VC_CASE("D7 50", FILL7 "4 2 STO 7 R/S", "112", NULL, NULL, NULL, NULL, NULL, "7=raw:007000000042"),
        VC_CASE("D7 50", FILL7 "9 9 STO 7 R/S", "103", NULL, NULL, NULL, NULL, NULL, "7=raw:007000000099"),
        VC_CASE("D7 50", FILL7 "3 CHS STO 7 R/S", "113", NULL, NULL, NULL, NULL, NULL, "7=raw:007999999993"),
        VC_CASE("D7 50", FILL7 "1 CHS STO 7 R/S", "111", NULL, NULL, NULL, NULL, NULL, "7=raw:007999999991"),
        VC_CASE("D7 50", FILL7 "0 . 5 STO 7 R/S", "100", NULL, NULL, NULL, NULL, NULL, "7=raw:999050000000"),
        VC_CASE("D7 50", FILL7 "1 . 5 EE 9 STO 7 R/S", "100", NULL, NULL, NULL, NULL, NULL, "7=raw:009015000000"),
        VC_CASE("D7 50", FILL7 "1 2 3 4 5 6 7 8 9 STO 7 R/S", "102", NULL, NULL, NULL, NULL, NULL, "7=raw:007012345678"),
        VC_CASE("D7 50", FILL7 "3 . 7 STO 7 R/S", "103", NULL, NULL, NULL, NULL, NULL, "7=raw:007000000003"),
        VC_CASE("D7 50", FILL7 "1 EE 2 0 STO 7 R/S", "101", NULL, NULL, NULL, NULL, NULL, "7=raw:027000000001"),
        /* R0 = 0 becomes -99999999 and names R3; -3 becomes -4 and names c;
         * 16 becomes 15 and names R0 itself, which then holds 15. */
        VC_CASE("D0 50", FILL0 "0 STO 0 R/S", "103", NULL, NULL, NULL, NULL, NULL, "0=raw:007999999999"),
        VC_CASE("D0 50", FILL0 "3 CHS STO 0 R/S", "112", NULL, NULL, NULL, NULL, NULL, "0=raw:007999999992"),
        VC_CASE("D0 50", FILL0 "1 6 STO 0 R/S", "15", NULL, NULL, NULL, NULL, NULL, "0=raw:007000000015"),
        VC_CASE("D0 50", FILL0 "1 STO 0 R/S", "0", NULL, NULL, NULL, NULL, NULL, "0=raw:007000000000"),
        /* R4 = 14 becomes 15 and names R0; 0.5 becomes 0.50000001. */
        VC_CASE("D4 50", FILL4 "1 4 STO 4 R/S", "100", NULL, NULL, NULL, NULL, NULL, "4=raw:007000000015"),
        VC_CASE("D4 50", FILL4 "0 . 5 STO 4 R/S", "101", NULL, NULL, NULL, NULL, NULL, "4=raw:999050000001"),
        VC_CASE("D4 50", FILL4 "9 9 STO 4 R/S", "100", NULL, NULL, NULL, NULL, NULL, "4=raw:007000000100"),
    };
    VC_TABLE(cases);
    /* Nothing halts; m->warn names the register a pointer past 14 or not
     * a whole number chose, and the step (vm.h). */
    vm_machine m = ran("D7 50", FILL7 "4 2 STO 7 R/S");
    ck_assert_int_eq(m.halt, VM_HALT_STOP);
    ck_assert_int_eq(m.warn, VM_WARN_POINTER);
    ck_assert_int_eq(m.warn_pc, 0);
    ck_assert_int_eq(m.warn_value, 12);
    m = ran("D0 50", FILL0 "0 STO 0 R/S");
    ck_assert_int_eq(m.warn, VM_WARN_POINTER);
    ck_assert_int_eq(m.warn_value, 3);
    /* A whole pointer 0..14 is no news. */
    m = ran("D7 50", FILL7 "5 STO 7 R/S");
    ck_assert_int_eq(m.warn, VM_WARN_NONE);
}
END_TEST

START_TEST(indirect_jumps_and_calls)
{
    /* K БП R at 00 and K ПП R at 00, С/П at 01 and 05, 05 5 06 В/О for the
     * call: the pointer (6, 4 or 5) becomes 5; the jump stops at 05, the
     * call types 5 and returns to 01 (measured). */
    static const vc_case cases[] = {
        VC_CASE("80 50 54 54 54 50", "6 STO 0 R/S F EE", "6", NULL, NULL, NULL, NULL, " 50 54 54 06", "0=raw:007000000005"),
        VC_CASE("A0 50 54 54 54 05 52", "6 STO 0 R/S F EE", "5", NULL, NULL, NULL, NULL, " 50 -0    02", "0=raw:007000000005"),
        VC_CASE("83 50 54 54 54 50", "6 STO 3 R/S F EE", "6", NULL, NULL, NULL, NULL, " 50 54 54 06", "3=raw:007000000005"),
        VC_CASE("A3 50 54 54 54 05 52", "6 STO 3 R/S F EE", "5", NULL, NULL, NULL, NULL, " 50 -3    02", "3=raw:007000000005"),
        VC_CASE("84 50 54 54 54 50", "4 STO 4 R/S F EE", "4", NULL, NULL, NULL, NULL, " 50 54 54 06", "4=raw:007000000005"),
        VC_CASE("A6 50 54 54 54 05 52", "4 STO 6 R/S F EE", "5", NULL, NULL, NULL, NULL, " 50 -6    02", "6=raw:007000000005"),
        VC_CASE("87 50 54 54 54 50", "5 STO 7 R/S F EE", "5", NULL, NULL, NULL, NULL, " 50 54 54 06", "7=raw:007000000005"),
        VC_CASE("AE 50 54 54 54 05 52", "5 STO ENT R/S F EE", "5", NULL, NULL, NULL, NULL, " 50 -E    02", "e=raw:007000000005"),
        /* Addresses: the integer form's last two digits (105 is 05, 199 is
         * 99, -1 is 99999999: 99). */
        VC_CASE("87 50 54 54 54 50", "1 0 5 STO 7 R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 54 54 06", "7=raw:007000000105"),
    };
    VC_TABLE(cases);
    /* A pointer to 99: С/П there. */
    uint8_t code[105] = {C_KGOTO(7)};
    code[99] = C_STOP;
    static const char *const to99[] = {"199", "99", "-1"};
    for (int i = 0; i < 3; i++) {
        vm_machine m;
        vc_load(&m, VM_PROFILE_MK61, code, 105, 0);
        m.reg[7] = vc_num(to99[i]);
        go(&m, 99);
        ck_assert_int_eq(m.warn, i == 1 ? VM_WARN_NONE : VM_WARN_POINTER);
    }
}
END_TEST

START_TEST(mk61x_indirect_reaches_more)
{
    /* mk61x is the project's extension (vm_program.h, vm.h): a pointer's
     * last two digits 15..99 name its registers 15..99, and its jumps take
     * the last three digits. The real machine has no such profile, so
     * these follow the headers. */
    vm_machine m;
    /* КИП7 with R7 = 42 recalls R42; 142 names it too. R8 = 98: КП8 stores
     * X in R98. */
    static const char *const ptr7[] = {"42", "142"};
    for (int i = 0; i < 2; i++) {
        vc_load(&m, VM_PROFILE_MK61X, VC_CODE(C_KRCL(7), C_KSTO(8), C_STOP), 0);
        m.reg[7] = vc_num(ptr7[i]);
        m.reg[8] = vc_num("98");
        m.reg[42] = vc_num("4.2");
        go(&m, -1);
        ck_assert_num(m.x, "4.2");
        ck_assert_num(m.reg[98], "4.2");
    }
    /* R5 = 14 is incremented to 15, a register on mk61x; on mk61 15 names
     * R0 (measured above: pointers_name_registers). */
    vc_load(&m, VM_PROFILE_MK61X, VC_CODE(C_KRCL(5), C_STOP), 0);
    m.reg[5] = vc_num("14");
    m.reg[15] = vc_num("15.5");
    go(&m, -1);
    ck_assert_num(m.x, "15.5");
    VC_LOAD(&m, C_KRCL(5), C_STOP);
    m.reg[5] = vc_num("14");
    m.reg[0] = vc_num("0.5");
    go(&m, -1);
    ck_assert_num(m.x, "0.5");
    /* Addresses: the last three digits. */
    static uint8_t code[1000] = {C_KGOTO(7)};
    code[105] = code[159] = code[160] = code[999] = code[6] = C_STOP;
    code[5] = C_NOP;
    static const struct { const char *ptr; int at; } jumps[] = {
        {"105", 105}, {"159", 159}, {"160", 160}, {"999", 999}, {"1005", 6}};
    for (int i = 0; i < 5; i++) {
        vc_load(&m, VM_PROFILE_MK61X, code, 1000, 0);
        m.reg[7] = vc_num(jumps[i].ptr);
        go(&m, jumps[i].at);
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
    /* [x] {x} |x| ЗН: X1 <- X, the stack stays (measured). */
    static const vc_case cases[] = {
        VC_CASE("34 50", "8 ENT 7 ENT 6 ENT 3 . 7 R/S", "3", "6", "7", "8", "3.7", NULL, NULL),
        VC_CASE("34 50", "8 ENT 7 ENT 6 ENT 3 . 7 CHS R/S", "-3", "6", "7", "8", "-3.7", NULL, NULL),
        VC_CASE("34 50", "8 ENT 7 ENT 6 ENT 0 . 5 R/S", "0", "6", "7", "8", "0.5", NULL, NULL),
        VC_CASE("34 50", "8 ENT 7 ENT 6 ENT 1 2 3 4 5 6 . 7 8 R/S", "123456", "6", "7", "8", "123456.78", NULL, NULL),
        VC_CASE("34 50", "8 ENT 7 ENT 6 ENT 1 EE 5 CHS R/S", "0", "6", "7", "8", "0.00001", NULL, NULL),
        VC_CASE("34 50", "8 ENT 7 ENT 6 ENT 4 2 R/S", "42", "6", "7", "8", "42", NULL, NULL),
        VC_CASE("34 50", "8 ENT 7 ENT 6 ENT 1 EE 1 0 R/S", "1E10", "6", "7", "8", "1E10", NULL, NULL),
        VC_CASE("34 50", "8 ENT 7 ENT 6 ENT 1 EE 2 0 CHS R/S", "0", "6", "7", "8", "1E-20", NULL, NULL),
        VC_CASE("35 50", "8 ENT 7 ENT 6 ENT 3 . 7 5 R/S", "0.75", "6", "7", "8", "3.75", NULL, NULL),
        VC_CASE("35 50", "8 ENT 7 ENT 6 ENT 3 . 7 5 CHS R/S", "-0.75", "6", "7", "8", "-3.75", NULL, NULL),
        VC_CASE("35 50", "8 ENT 7 ENT 6 ENT 5 R/S", "0", "6", "7", "8", "5", NULL, NULL),
        VC_CASE("35 50", "8 ENT 7 ENT 6 ENT 1 2 3 4 5 . 6 7 8 R/S", "0.678", "6", "7", "8", "12345.678", NULL, NULL),
        VC_CASE("35 50", "8 ENT 7 ENT 6 ENT 0 . 1 R/S", "0.1", "6", "7", "8", "0.1", NULL, NULL),
        VC_CASE("35 50", "8 ENT 7 ENT 6 ENT 1 EE 1 0 R/S", "0", "6", "7", "8", "1E10", NULL, NULL),
        VC_CASE("35 50", "8 ENT 7 ENT 6 ENT 8 CHS R/S", "0", "6", "7", "8", "-8", NULL, NULL),
        VC_CASE("31 50", "8 ENT 7 ENT 6 ENT 2 . 5 CHS R/S", "2.5", "6", "7", "8", "-2.5", NULL, NULL),
        VC_CASE("31 50", "8 ENT 7 ENT 6 ENT 2 . 5 R/S", "2.5", "6", "7", "8", "2.5", NULL, NULL),
        VC_CASE("31 50", "8 ENT 7 ENT 6 ENT 0 R/S", "0", "6", "7", "8", "0", NULL, NULL),
        VC_CASE("32 50", "8 ENT 7 ENT 6 ENT 4 CHS R/S", "-1", "6", "7", "8", "-4", NULL, NULL),
        VC_CASE("32 50", "8 ENT 7 ENT 6 ENT 0 R/S", "0", "6", "7", "8", "0", NULL, NULL),
        VC_CASE("32 50", "8 ENT 7 ENT 6 ENT 0 . 0 0 1 R/S", "1", "6", "7", "8", "0.001", NULL, NULL),
        /* K max takes X and Y and does not drop the stack; zero counts as
         * the greatest. */
        VC_CASE("36 50", "8 ENT 7 ENT 5 ENT 3 R/S", "5", "5", "7", "8", "3", NULL, NULL),
        VC_CASE("36 50", "8 ENT 7 ENT 3 ENT 5 R/S", "5", "3", "7", "8", "5", NULL, NULL),
        VC_CASE("36 50", "8 ENT 7 ENT 2 CHS ENT 1 CHS R/S", "-1", "-2", "7", "8", "-1", NULL, NULL),
        VC_CASE("36 50", "8 ENT 7 ENT 2 . 4 ENT 2 . 5 R/S", "2.5", "2.4", "7", "8", "2.5", NULL, NULL),
        VC_CASE("36 50", "8 ENT 7 ENT 5 ENT 0 R/S", "0", "5", "7", "8", "0", NULL, NULL),
        VC_CASE("36 50", "8 ENT 7 ENT 0 ENT 5 R/S", "0", "0", "7", "8", "5", NULL, NULL),
        VC_CASE("36 50", "8 ENT 7 ENT 0 . 2 5 ENT 0 . 5 CHS R/S", "0.25", "0.25", "7", "8", "-0.5", NULL, NULL),
        VC_CASE("36 50", "8 ENT 7 ENT 9 EE 9 9 CHS ENT 1 EE 9 9 CHS R/S", "9E-99", "9E-99", "7", "8", "1E-99", NULL, NULL),
        /* K НОП changes nothing. */
        VC_CASE("54 50", "4 ENT 3 ENT 2 ENT 1 R/S", "1", "2", "3", "4", "0", NULL, NULL),
    };
    VC_TABLE(cases);
}
END_TEST

START_TEST(logic_operations_give_hex_digits)
{
    /* K ∧ ∨ ⊕ ИНВ work on the 7 digits after the first as nibbles and give
     * 8.ddddddd; digits above 9 are kept and shown as the display's
     * glyphs; X1 takes X; arithmetic carries them on (measured). */
    static const vc_case cases[] = {
        VC_CASE("3A 50", "8 . 1 2 3 4 5 6 7 R/S", "raw:00008EDCBA98", NULL, NULL, NULL, "8.1234567", " 8.EGCL-98   ", NULL),
        VC_CASE("", "8 . 8 ENT 8 . 2 K CHS", "raw:00008A000000", "8.8", NULL, NULL, "8.2", " 8.-         ", NULL),
        VC_CASE("", "8 . 1 2 3 4 5 6 7 ENT 8 . 7 6 5 4 3 2 1 K .", "raw:000081214121", NULL, NULL, NULL, NULL, " 8.1214121   ", NULL),
        VC_CASE("", "8 . 1 2 3 4 5 6 7 ENT 8 . 7 6 5 4 3 2 1 K CHS", "raw:000087674767", NULL, NULL, NULL, NULL, " 8.7674767   ", NULL),
        VC_CASE("", "8 . 1 2 3 4 5 6 7 ENT 8 . 7 6 5 4 3 2 1 K EE", "raw:000086460646", NULL, NULL, NULL, NULL, " 8.6460646   ", NULL),
        VC_CASE("", "8 . 9 8 7 6 6 9 9 K CX", "raw:000086789966", NULL, NULL, NULL, NULL, " 8.6789966   ", NULL),
        VC_CASE("", "0 . 5 1 2 3 4 5 6 7 ENT 3 K CHS", "raw:000081234560", NULL, NULL, NULL, NULL, " 8.123456    ", NULL),
        VC_CASE("", "8 . 1 2 3 4 5 6 7 K CX 1 +", "raw:001010543210", NULL, NULL, NULL, NULL, " 10.54321    ", NULL),
        VC_CASE("", "8 . 1 2 3 4 5 6 7 K CX ENT", "raw:00008EDCBA98", "raw:00008EDCBA98", NULL, NULL, NULL, " 8.EGCL-98   ", NULL),
        VC_CASE("", "8 . 1 2 3 4 5 6 7 K CX CHS", "raw:00098EDCBA98", NULL, NULL, NULL, NULL, "-8.EGCL-98   ", NULL),
    };
    VC_TABLE(cases);
}
END_TEST

/* ---- errors ----------------------------------------------------------------- */
START_TEST(division_by_zero)
{
    /* 1 В↑ 0 ÷ at 03: ЕГГОГ, the stack not dropped, X1 the old X, and the
     * program stopped with the counter two steps on (05), so the step after
     * ÷ is skipped; С/П goes on from 05 (measured). */
    static const vc_case cases[] = {
        VC_CASE("01 0E 00 13 50", "R/S", "0", "1", "0", "0", "0", " EGG0G      ", NULL),
        VC_CASE("01 0E 00 13 50", "R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 13 00 05", NULL),
        VC_CASE("01 0E 00 13 02 50 50", "R/S R/S F EE", "0", "1", NULL, NULL, NULL, " 50 02 13 06", NULL),
        VC_CASE("", "1 ENT 0 /", "0", "1", NULL, NULL, "0", " EGG0G      ", NULL),
        VC_CASE("", "1 ENT 0 / CX", "0", "1", NULL, NULL, "0", " 0.          ", NULL),
        VC_CASE("", "1 ENT 0 / 5", "5", "0", NULL, NULL, "0", " 5.          ", NULL),
    };
    VC_TABLE(cases);
    vm_machine m = ran("01 0E 00 13 50", "R/S");
    ck_assert_int_eq(m.halt, VM_HALT_ERROR);
    ck_assert_int_eq(m.num_error, VM_NUM_DIV_ZERO);
    ck_assert(m.halt_pc == 3 && m.halt_code == C_DIV && m.pc == 5);
    /* A halted machine does nothing more until a key or vm_clear_halt. */
    uint64_t done = m.executed;
    ck_assert_int_eq(vm_step(&m, NULL), VM_HALT_ERROR);
    ck_assert_int_eq(vm_run(&m, 10), VM_HALT_ERROR);
    ck_assert_uint_eq(m.executed, done);
    ck_assert_num(m.y, "1");
}
END_TEST

START_TEST(domain_errors)
{
    /* √ of a negative, ln and lg of 0, 1/0: ЕГГОГ, X as it was, X1 the
     * old X, the counter two steps on (measured). */
    static const vc_case cases[] = {
        VC_CASE("04 0B 21 50", "R/S", "-4", "0", NULL, NULL, "-4", " EGG0G      ", NULL),
        VC_CASE("04 0B 21 50", "R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 21 0L 04", NULL),
        VC_CASE("04 0B 21 50", "R/S CX", "0", "0", NULL, NULL, "-4", " 0.          ", NULL),
        VC_CASE("0D 18 50", "R/S", "0", NULL, NULL, NULL, "0", " EGG0G      ", NULL),
        VC_CASE("0D 18 50 50 50 50", "R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 18 0G 03", NULL),
        VC_CASE("0D 17 50", "R/S", "0", NULL, NULL, NULL, "0", " EGG0G      ", NULL),
        VC_CASE("0D 23 50", "R/S", "0", NULL, NULL, NULL, "0", " EGG0G      ", NULL),
        VC_CASE("", "5 CHS F -", "-5", "0", NULL, NULL, "-5", " EGG0G      ", NULL),
        VC_CASE("", "4 ENT 3 ENT 2 ENT 5 CHS F -", "-5", "2", "3", "4", "-5", " EGG0G      ", NULL),
    };
    VC_TABLE(cases);
    vm_machine m = ran("04 0B 21 50", "R/S");
    ck_assert_int_eq(m.halt, VM_HALT_ERROR);
    ck_assert_int_eq(m.num_error, VM_NUM_DOMAIN);
    ck_assert(m.halt_pc == 2 && m.pc == 4);
    /* Сx pressed clears the error. */
    vc_press(&m, "Cx");
    ck_assert_int_ne(m.halt, VM_HALT_ERROR);
}
END_TEST

/* ---- halts ------------------------------------------------------------------ */
START_TEST(undocumented_codes_halt)
{
    /* The project does not emulate what the real machine does with the
     * undocumented codes (vm.h, VM_HALT_BAD_OPCODE): 1F, 27..29, 2B..2F,
     * 3C..3F, 55, 56, xF, F0..FF stop on their step, unexecuted. */
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
    /* After С/П a digit lifts (measured: program 01 50 02 50, R/S R/S
     * gives X 2, Y 1). */
    static const vc_case measured[] = {
        VC_CASE("01 50 02 50", "R/S R/S", "2", "1", NULL, NULL, NULL, NULL, NULL),
    };
    VC_TABLE(measured);
    ck_assert_stack(&m, "2", "1", NULL, NULL);
}
END_TEST

START_TEST(budget_and_resume)
{
    /* 00 ИПa 01 1 02 + 03 Пa 04 БП 05 00: five steps a pass, forever. The
     * states after 10 and 17 steps are the real machine's after 10 and 17
     * presses of ПП (one step each, measured): a = 2 at 00; a = 3, X 1,
     * Y 3 at 02. */
    static const vc_case measured[] = {
        VC_CASE("6A 01 10 4A 51 00", "GSB GSB GSB GSB GSB GSB GSB GSB GSB GSB F EE", "2", "1", NULL, NULL, NULL, "          00", "a=2"),
        VC_CASE("6A 01 10 4A 51 00", "GSB GSB GSB GSB GSB GSB GSB GSB GSB GSB GSB GSB GSB GSB GSB GSB GSB F EE", "1", "3", NULL, NULL, NULL, " 01 6-    02", "a=3"),
    };
    VC_TABLE(measured);
    vm_machine m;
    VC_LOAD(&m, C_RCL(10), 1, C_ADD, C_STO(10), C_GOTO, 0x00);
    vm_machine once = m, stepped = m;
    ck_assert_int_eq(vm_run(&m, 10), VM_HALT_BUDGET);
    ck_assert(m.executed == 10 && m.pc == 0);
    ck_assert_num(m.reg[10], "2");
    ck_assert_int_eq(vm_run(&m, 7), VM_HALT_BUDGET);
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
    /* ИП0 ИПb + Пb FL0 00 С/П with R0 = 30 sums 30..1 into b: 465 (measured
     * in loops_count_and_end_at_one). */
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
    /* 00 1 01 2 02 В↑ 03 3 04 × 05 БП 06 08 07 (skipped) 08 С/П. X and Y
     * after each step as ПП pressed 1..7 times shows them (measured). */
    static const vc_case measured[] = {
        VC_CASE("01 02 0E 03 12 51 08 09 50", "GSB", "1", "0", NULL, NULL, NULL, NULL, NULL),
        VC_CASE("01 02 0E 03 12 51 08 09 50", "GSB GSB", "12", "0", NULL, NULL, NULL, NULL, NULL),
        VC_CASE("01 02 0E 03 12 51 08 09 50", "GSB GSB GSB", "12", "12", NULL, NULL, NULL, NULL, NULL),
        VC_CASE("01 02 0E 03 12 51 08 09 50", "GSB GSB GSB GSB", "3", "12", NULL, NULL, NULL, NULL, NULL),
        VC_CASE("01 02 0E 03 12 51 08 09 50", "GSB GSB GSB GSB GSB", "36", "0", NULL, NULL, NULL, NULL, NULL),
        VC_CASE("01 02 0E 03 12 51 08 09 50", "GSB GSB GSB GSB GSB GSB F EE", "36", "0", NULL, NULL, NULL, " 09 08 51 08", NULL),
        VC_CASE("01 02 0E 03 12 51 08 09 50", "GSB GSB GSB GSB GSB GSB GSB F EE", "36", "0", NULL, NULL, NULL, " 50 09 08 09", NULL),
    };
    VC_TABLE(measured);
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

/* ---- diagnostics ------------------------------------------------------------ */
START_TEST(warnings_are_only_words)
{
    /* Each diagnostic of vm.h on a run that the real machine finishes as
     * it would without it (the runs are measured in the cases above). The
     * machine never clears m->warn: the latest stays until the caller
     * does. */
    vm_machine m = ran(NEST6, "R/S");
    ck_assert_int_eq(m.warn, VM_WARN_RSTACK);
    m.warn = VM_WARN_NONE;
    vc_press(&m, "1 ENT 2 +");
    ck_assert_int_eq(m.warn, VM_WARN_NONE);
    /* The latest wins: a range result after a wrap. */
    m = ran(JUMP_A5, "GOTO 2 0 R/S 9 EE 9 9 ENT *");
    ck_assert_int_eq(m.warn, VM_WARN_RANGE);
    /* A pointer in a condition: only when the jump is taken (X = 1 for
     * Kx=0 7: measured, 105 in R7 jumps to 05). */
    static const vc_case measured[] = {
        VC_CASE("E7 50 54 54 54 50", "1 0 5 STO 7 0 R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 E7    02", "7=105"),
        VC_CASE("E7 50 54 54 54 50", "1 0 5 STO 7 1 R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 54 54 06", "7=raw:007000000105"),
    };
    VC_TABLE(measured);
    m = ran("E7 50 54 54 54 50", "1 0 5 STO 7 0 R/S");
    ck_assert_int_eq(m.warn, VM_WARN_NONE);
    m = ran("E7 50 54 54 54 50", "1 0 5 STO 7 1 R/S");
    ck_assert_int_eq(m.warn, VM_WARN_POINTER);
    ck_assert_int_eq(m.warn_pc, 0);
    ck_assert_int_eq(m.warn_value, 5);
}
END_TEST

/* ---- what the machine does not do as the real one yet ---------------------- */

/* Measured facts that took a second look: /-/ past 1e99 and on -0, ИНВ on
 * hex digits, ИП of them and their integer and fractional parts, the
 * return stack's levels after all five were used, jumps to FA..FF. */
static const vc_case second_look[] = {
    /* /-/ on an X past 1e99 leaves it as it is (and shows ЕГГОГ). */
    VC_CASE("", "9 EE 9 9 ENT * CHS", "raw:199081000000", "0", NULL, NULL, NULL, " EGG0G      ", NULL),
    VC_CASE("09 0C 09 09 0E 12 0B 50", "R/S F EE", "raw:199081000000", NULL, NULL, NULL, NULL, " 0L 12 0E 07", NULL),
    VC_CASE("", "8 . 1 2 3 4 5 6 7 K CX F -", "3.0892086", NULL, NULL, NULL, NULL, NULL, NULL),
    /* A return with nothing pushed after the five levels were once all
     * used goes to 12, not 01: the bottom level takes its own units
     * digit twice (the stored 01 of ПП at 00 becomes 11). */
    VC_CASE(NEST5, "R/S GSB F EE", NULL, NULL, NULL, NULL, NULL, " 00 00 00 12", NULL),
    /* The same in NEST6: the return at 14 goes to 12 again, and the
     * run stops at 13 a second time. */
    VC_CASE(NEST6, "R/S R/S", "1", "1", "2", "3", "0", " 1.          ", NULL),
    /* ИП of a register holding hex digits keeps them. */
    VC_CASE("", "8 . 1 2 3 4 5 6 7 K CX STO 7 RCL 7", "raw:00008EDCBA98", NULL, NULL, NULL, NULL, " 8.EGCL-98   ", "7=raw:00008EDCBA98"),
    VC_CASE("3A 47 0D 67 50", "8 . 1 2 3 4 5 6 7 R/S", "raw:00008EDCBA98", NULL, NULL, NULL, NULL, " 8.EGCL-98   ", NULL),
    /* БП FF from 20 with С/П at 0 3 5 10 47 60 stops with the counter on
     * 11, БП FA on 04: the counter 160..165 names cells 48..53 (zeros
     * here) and counts on to 1..6. */
    VC_CASE(JUMP_FF, "GOTO 2 0 R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 00 00 11", NULL),
    VC_CASE(JUMP_FA, "GOTO 2 0 R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 00 00 04", NULL),
    /* К [x] and К {x} of hex digits cut the nibbles: the integer part
     * keeps the 8, the fractional one moves up to E.DCBA98 at -01. */
    VC_CASE("", "8 . 1 2 3 4 5 6 7 K CX K 7", "8", NULL, NULL, NULL, NULL, " 8.          ", NULL),
    VC_CASE("", "8 . 1 2 3 4 5 6 7 K CX K 8", "raw:9990EDCBA980", NULL, NULL, NULL, NULL, " E.GCL-98 -01", NULL),
    /* {x} of -8 shows -0 while X holds +0. */
    VC_CASE("", "8 CHS K 8", "raw:000000000000", NULL, NULL, NULL, "-8", "-0.          ", NULL),
    /* A second /-/ on a zero shown as -0 keeps showing -0. */
    VC_CASE("", "CX CHS CHS", "0", NULL, NULL, NULL, NULL, "-0.          ", NULL),
    VC_CASE("", "1 ENT 1 - CHS CHS", "0", NULL, NULL, NULL, NULL, "-0.          ", NULL),
};

START_TEST(measured_at_a_second_look)
{
    VC_TABLE(second_look);
}
END_TEST

/* Facts of the real machine that the emulator does not reproduce (docs/
 * mk61.md, "Known differences"): the arithmetic of an X with hex digits. Each must still differ: one that
 * comes to agree fails here, to be moved to the measured cases above. */
static const vc_case disagreements[] = {
    /* Arithmetic and functions of an X with hex digits (8.EDCBA98). */
    VC_CASE("", "8 . 1 2 3 4 5 6 7 K CX F *", "61.344077", NULL, NULL, NULL, NULL, NULL, NULL),
    VC_CASE("", "8 . 1 2 3 4 5 6 7 K CX F /", "0.17891324", NULL, NULL, NULL, NULL, NULL, NULL),
    VC_CASE("", "8 . 1 2 3 4 5 6 7 K CX ENT +", "17.30866", NULL, NULL, NULL, NULL, " 17.30866    ", NULL),
    VC_CASE("", "8 . 1 2 3 4 5 6 7 K CX 2 *", "17.30866", NULL, NULL, NULL, NULL, NULL, NULL),
    VC_CASE("", "8 . 1 2 3 4 5 6 7 K CX K 3", "raw:00008C7A0867", NULL, NULL, NULL, NULL, " 8.C7-0867   ", NULL),
    /* × of a sign nibble of 1 (a pointer's carry, test_edges.c) reads it
     * as positive. */
    VC_CASE("", "1 . 2 3 4 5 6 K CX K 8 STO 4 K RCL 4 RCL 4 3 *", "1.2963195", NULL, NULL, NULL, NULL, " 1.2963195   ", NULL),
};

START_TEST(known_disagreements)
{
    char why[600];
    ck_assert_msg(vc_case_differs(&disagreements[_i], why, sizeof why),
                  "disagreements[%d] now does as measured (%s): move it to second_look", _i,
                  why);
}
END_TEST

/* Promises of vm.h on the diagnostics. */
START_TEST(warn_operand_outside_the_model)
{
    /* VM_WARN_OPERAND: 10ˣ (F 0) of an X kept past 1e99 (9.9999999e99 +
     * itself), with the function's code as the value; the shared vectors'
     * errors-p-0136 is that case (the real machine gives -1). The same 10ˣ
     * of an ordinary X records nothing; x² of ИНВ's hex digits does (the
     * real machine's 61.344077 is one of the disagreements below). */
    vm_machine m = ran("", "9 . 9 9 9 9 9 9 9 EE 9 9 ENT + F 0");
    ck_assert_int_eq(m.warn, VM_WARN_OPERAND);
    ck_assert_int_eq(m.warn_value, 0x15);
    char text[160];
    ck_assert_ptr_nonnull(strstr(vm_warn_text(&m, text, sizeof text), "not modelled"));
    m = ran("", "2 F 0");
    ck_assert_int_eq(m.warn, VM_WARN_NONE);
    ck_assert_num(m.x, "100");
    m = ran("", "8 . 1 2 3 4 5 6 7 K CX F *");
    ck_assert_int_eq(m.warn, VM_WARN_OPERAND);
    ck_assert_int_eq(m.warn_value, 0x22);
    /* × of hex digits records it too (the real 17.30866 is a disagreement
     * below); + of two ordinary numbers does not, and a hex X in Y counts
     * (8.DCBA98F ENT 2 ×: measured 17.086597, here 18.864199). */
    m = ran("", "8 . 1 2 3 4 5 6 7 K CX 2 *");
    ck_assert_int_eq(m.warn, VM_WARN_OPERAND);
    ck_assert_int_eq(m.warn_value, 0x12);
    m = ran("", "1 . 2 3 4 5 6 7 K CX ENT 2 *");
    ck_assert_int_eq(m.warn, VM_WARN_OPERAND);
    m = ran("", "2 ENT 3 +");
    ck_assert_int_eq(m.warn, VM_WARN_NONE);
    m = ran("", "8 . 1 2 3 4 5 6 7 K CX F /");
    ck_assert_int_eq(m.warn, VM_WARN_OPERAND);
    ck_assert_int_eq(m.warn_value, 0x23);
    /* sin (F 7) of 1e60 × 1e60, kept as 1e120. */
    m = ran("", "1 EE 6 0 ENT * F 7");
    ck_assert_int_eq(m.warn, VM_WARN_OPERAND);
    ck_assert_int_eq(m.warn_value, 0x1C);
}
END_TEST

START_TEST(warn_hex_is_raised)
{
    /* VM_WARN_HEX: X holds hex digits after a logic operation. */
    vm_machine m = ran("", "8 . 1 2 3 4 5 6 7 K CX");
    ck_assert_int_eq(m.warn, VM_WARN_HEX);
}
END_TEST

START_TEST(warn_pointer_not_whole)
{
    /* VM_WARN_POINTER also for a pointer that is not a whole number 0..14:
     * 3.7 (which names R3, measured) gives none. */
    vm_machine m = ran("D7 50", FILL7 "3 . 7 STO 7 R/S");
    ck_assert_int_eq(m.warn, VM_WARN_POINTER);
    ck_assert_int_eq(m.warn_value, 3);
}
END_TEST

/* ---- random programs -------------------------------------------------------- */
START_TEST(random_programs_stay_inside)
{
    /* Every byte value, random registers (any 12 nibbles a register holds,
     * pointers and counters among them) and start, a step budget: the run
     * ends in a halt or the budget with the counter inside 0..159 (mk61)
     * or 0..999, the return stack inside its 5 levels, and every number
     * one a register can hold (the sanitizer build catches any access out
     * of bounds). */
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
        const int limit = vm_pc_end(&m);
        const uint64_t budget = 1500;
        for (int round = 0; round < 3; round++) {
            vm_halt h;
            if (prog % 4 == 0) { /* step by step, pc checked after each */
                uint64_t n = 0;
                do {
                    h = vm_step(&m, NULL);
                    ck_assert_int_eq(h, m.halt);
                    ck_assert_msg(m.pc >= 0 && m.pc < limit, "program %d: pc %d", prog, m.pc);
                } while (h == VM_HALT_NONE && ++n < budget);
                if (h == VM_HALT_NONE)
                    h = VM_HALT_BUDGET;
            } else {
                h = vm_run(&m, budget);
                ck_assert_int_eq(h, m.halt);
            }
            ck_assert_msg(h != VM_HALT_NONE && h <= VM_HALT_BUDGET, "program %d: halt %d", prog,
                          (int)h);
            ck_assert_msg(m.pc >= 0 && m.pc < limit, "program %d: pc %d", prog, m.pc);
            ck_assert(m.rsp >= 0 && m.rsp <= VM_RSTACK);
            for (int i = 0; i < m.rsp; i++)
                ck_assert_msg(m.rstack[i] >= 0 && m.rstack[i] < limit, "program %d: return %d",
                              prog, m.rstack[i]);
            ck_assert(m.warn >= VM_WARN_NONE && m.warn <= VM_WARN_OPERAND);
            ck_assert_uint_le(m.executed, (uint64_t)(round + 1) * budget);
            const vm_num stack[5] = {m.x, m.y, m.z, m.t, m.x1};
            static const char *const names[5] = {"X", "Y", "Z", "T", "X1"};
            for (int i = 0; i < 5; i++)
                vc_assert_holdable(stack[i], names[i], prog);
            for (int r = 0; r < regs; r++)
                vc_assert_holdable(m.reg[r], "a register", prog);
            if (h != VM_HALT_STOP && h != VM_HALT_BUDGET)
                break;
            vm_clear_halt(&m);
        }
        vm_display d;
        vm_display_get(&m, &d); /* any halted machine can be shown */
        for (int i = 0; i < VM_DISPLAY_CELLS; i++)
            ck_assert_msg(d.glyph[i] && strchr("0123456789- LCGE", d.glyph[i]),
                          "program %d: glyph %d", prog, d.glyph[i]);
    }
}
END_TEST

Suite *vm_suite(void)
{
    Suite *s = suite_create("vm");
    struct { const char *name; const TTest *tests[10]; } cases[] = {
        {"arithmetic", {two_operand_stack, results_rounded_as_measured,
                        results_out_of_range_are_kept, tiny_results_kept_inside_a_run}},
        {"stack", {enter_and_clear, swap_rotate_lastx, recall_like_steps_lift,
                   digit_after_operations_lifts}},
        {"entry", {entry_from_digit_steps, exponent_after_a_store, an_exponent_left_open}},
        {"registers", {store_and_recall_every_register, program_registers_loaded}},
        {"jumps", {goto_direct, jumps_past_the_end_wrap, direct_conditions_inverted,
                   indirect_conditions}},
        {"loops", {loops_count_and_end_at_one, loop_counters_that_used_to_halt}},
        {"subroutines", {subroutines_nest_five_levels, returns}},
        {"indirect", {indirect_recall_and_store, pointers_name_registers, indirect_jumps_and_calls,
                      mk61x_indirect_reaches_more}},
        {"k_functions", {k_functions, logic_operations_give_hex_digits}},
        {"errors", {division_by_zero, domain_errors}},
        {"halts", {undocumented_codes_halt, stop_and_go_on, budget_and_resume}},
        {"snapshots", {snapshots_run_independently, executed_and_trace}},
        {"diagnostics", {warnings_are_only_words}},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        TCase *tc = tcase_create(cases[i].name);
        for (int j = 0; j < 10 && cases[i].tests[j]; j++)
            tcase_add_test(tc, cases[i].tests[j]);
        suite_add_tcase(s, tc);
    }
    /* What the machine does not do as the real one (see above). */
    TCase *tc = tcase_create("known_disagreements");
    tcase_add_loop_test(tc, known_disagreements, 0,
                        (int)(sizeof disagreements / sizeof disagreements[0]));
    tcase_add_test(tc, measured_at_a_second_look);
    tcase_add_test(tc, warn_hex_is_raised);
    tcase_add_test(tc, warn_operand_outside_the_model);
    tcase_add_test(tc, warn_pointer_not_whole);
    suite_add_tcase(s, tc);
    tc = tcase_create("random");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, random_programs_stay_inside);
    suite_add_tcase(s, tc);
    return s;
}
