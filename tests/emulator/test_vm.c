/* The machine executing programs (vm.h): what steps do to numbers, the
 * stack and the registers: arithmetic, the stack's moves, number entry by
 * program steps, registers, the K functions and the errors of functions.
 * Jumps, loops, subroutines and indirect steps are in test_vm_flow.c;
 * halts, budgets, traces, diagnostics and random programs in
 * test_vm_run.c.
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

#include <string.h>

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
    vm_machine m = vc_ran("09 0C 09 09 0E 12 50", "R/S");
    ck_assert_int_eq(m.halt, VM_HALT_STOP);
    ck_assert_int_eq(m.halt_pc, 6);
    ck_assert_int_eq(m.warn, VM_WARN_RANGE);
    ck_assert_int_eq(m.warn_pc, 5);
    /* By hand as well. */
    m = vc_ran("", "9 EE 9 9 ENT *");
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
    vm_machine m = vc_ran("0E 3B 50", "4 ENT 3 ENT 2 ENT 1 R/S");
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
    vc_go(&m, -1);
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
    vc_go(&m, 120);
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
    vm_machine m = vc_ran("01 0E 00 13 50", "R/S");
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
    vm_machine m = vc_ran("04 0B 21 50", "R/S");
    ck_assert_int_eq(m.halt, VM_HALT_ERROR);
    ck_assert_int_eq(m.num_error, VM_NUM_DOMAIN);
    ck_assert(m.halt_pc == 2 && m.pc == 4);
    /* Сx pressed clears the error. */
    vc_press(&m, "Cx");
    ck_assert_int_ne(m.halt, VM_HALT_ERROR);
}
END_TEST

Suite *vm_suite(void)
{
    Suite *s = suite_create("vm");
    const vc_tcase cases[] = {
        {"arithmetic", {two_operand_stack, results_rounded_as_measured,
                        results_out_of_range_are_kept, tiny_results_kept_inside_a_run}},
        {"stack", {enter_and_clear, swap_rotate_lastx, recall_like_steps_lift,
                   digit_after_operations_lifts}},
        {"entry", {entry_from_digit_steps, exponent_after_a_store, an_exponent_left_open}},
        {"registers", {store_and_recall_every_register, program_registers_loaded}},
        {"k_functions", {k_functions, logic_operations_give_hex_digits}},
        {"errors", {division_by_zero, domain_errors}},
    };
    VC_ADD_TCASES(s, cases, 0);
    return s;
}
