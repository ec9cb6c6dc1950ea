/* The keypad (vm_press, vm_key_find) and the display (vm_display_get,
 * vm_display_text).
 *
 * Expected values are facts of the real MK-61 (vm_check.h): the tables are
 * keys as the instrument pressed them, with X, Y, ... and the display it
 * showed, in the vectors' ASCII form (12 cells, G for Г, '.' after a lit
 * point); "F EE" at the end shows the counter in programming mode. What the
 * real machine cannot show (mk61x, the key table) follows vm_keys.h. */
#include "vm_check.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>


/* ---- number entry and the display ------------------------------------------ */
START_TEST(typing_numbers)
{
    /* What the display shows while digits are typed, and X (measured). */
    static const vc_case cases[] = {
        VC_CASE("", "", "0", "0", NULL, NULL, NULL, " 0.          ", NULL),
        VC_CASE("", "1 2", "12", NULL, NULL, NULL, NULL, " 12.         ", NULL),
        VC_CASE("", "1 2 . 5", "12.5", NULL, NULL, NULL, NULL, " 12.5        ", NULL),
        VC_CASE("", "5 CHS", "-5", NULL, NULL, NULL, NULL, "-5.          ", NULL),
        VC_CASE("", "1 2 . 3 4 CHS", "-12.34", NULL, NULL, NULL, NULL, "-12.34       ", NULL),
        /* Leading zeros are shown while typed; a leading comma is ignored. */
        VC_CASE("", "0 5", "5", NULL, NULL, NULL, NULL, " 05.         ", NULL),
        VC_CASE("", "0 0 0 5", "5", NULL, NULL, NULL, NULL, " 0005.       ", NULL),
        VC_CASE("", ". 0 5", "5", NULL, NULL, NULL, NULL, " 05.         ", NULL),
        VC_CASE("", ". 5", "5", NULL, NULL, NULL, NULL, " 5.          ", NULL),
        VC_CASE("", "0 . 0 5", "0.05", NULL, NULL, NULL, NULL, " 0.05        ", NULL),
        VC_CASE("", "1 . 2 . 3", "1.23", NULL, NULL, NULL, NULL, " 1.23        ", NULL),
        VC_CASE("", "1 2 3 4 5 6 7 8 9", "12345678", NULL, NULL, NULL, NULL, " 12345678.   ", NULL),
        /* /-/ alone shows -0; during the mantissa it ends the number. */
        VC_CASE("", "CHS", "0", NULL, NULL, NULL, NULL, "-0.          ", NULL),
        VC_CASE("", "1 CHS 2", "2", "0", NULL, NULL, NULL, " 2.          ", NULL),
        /* The exponent. */
        VC_CASE("", "2 EE 3", "2000", NULL, NULL, NULL, NULL, " 2.        03", NULL),
        VC_CASE("", "2 EE CHS 3", "0.002", NULL, NULL, NULL, NULL, " 2.       -03", NULL),
        VC_CASE("", "1 . 5 EE 1 2", "1.5E12", NULL, NULL, NULL, NULL, " 1.5       12", NULL),
        VC_CASE("", "1 . 5 CHS EE CHS 3", "-0.0015", NULL, NULL, NULL, NULL, "-1.5      -03", NULL),
        VC_CASE("", "1 EE 2 3 4", "1E34", NULL, NULL, NULL, NULL, " 1.        34", NULL),
        VC_CASE("", "1 EE 5 CHS CHS", "100000", NULL, NULL, NULL, NULL, " 1.        05", NULL),
        VC_CASE("", "0 0 1 EE 9 7", "1E97", NULL, NULL, NULL, NULL, " 001.      97", NULL),
        /* ВП on a zero mantissa makes its first digit 1. */
        VC_CASE("", "0 . 0 EE 5", "100000", NULL, NULL, NULL, NULL, " 1.0       05", NULL),
        VC_CASE("", "0 0 EE", "10", NULL, NULL, NULL, NULL, " 1.0       00", NULL),
        VC_CASE("", "0 0 EE 5", "1000000", NULL, NULL, NULL, NULL, " 1.0       05", NULL),
        /* An exponent typed past 99 and a comma in the exponent show ЕГГОГ
         * at once; the next digit starts a new number. */
        VC_CASE("", "1 0 EE 9 9", "1E10", NULL, NULL, NULL, NULL, " EGG0G      ", NULL),
        VC_CASE("", "9 9 9 9 9 9 9 9 EE 9 9", "9.9999999E16", NULL, NULL, NULL, NULL, " EGG0G      ", NULL),
        VC_CASE("", "9 9 9 9 9 9 9 9 EE 9 9 5", "5", "0", NULL, NULL, NULL, " 5.          ", NULL),
        VC_CASE("", "9 9 9 9 9 9 9 9 EE 9 9 CHS", "-9.9999999E16", NULL, NULL, NULL, NULL, "-9.9999999 16", NULL),
        VC_CASE("", "1 2 EE 3 .", "12000", NULL, NULL, NULL, NULL, " EGG0G      ", NULL),
        VC_CASE("", "1 2 EE 3 . 4", "4", NULL, NULL, NULL, NULL, " 4.          ", NULL),
        VC_CASE("", "1 2 EE 3 . 4 5", "45", NULL, NULL, NULL, NULL, " 45.         ", NULL),
        /* В↑ then a new number; ВП after В↑ applies to the finished X. */
        VC_CASE("", "1 2 ENT 3 4", "34", "12", "0", NULL, NULL, " 34.         ", NULL),
        VC_CASE("", "1 2 ENT EE 3", "12000", "12", NULL, NULL, NULL, " 12.       03", NULL),
        VC_CASE("", "1 2 ENT 3 4 +", "46", NULL, NULL, NULL, NULL, " 46.         ", NULL),
    };
    VC_TABLE(cases);
}
END_TEST

START_TEST(finished_numbers)
{
    /* A finished number: fixed notation for 1 <= |x| < 10^8, else the
     * exponent form, 0.5 shown "5.  -01" (measured). */
    static const vc_case cases[] = {
        VC_CASE("", "1 2 ENT", "12", NULL, NULL, NULL, NULL, " 12.         ", NULL),
        VC_CASE("", "0 . 5 ENT", "0.5", NULL, NULL, NULL, NULL, " 5.       -01", NULL),
        VC_CASE("", "1 ENT 2 /", "0.5", NULL, NULL, NULL, NULL, " 5.       -01", NULL),
        VC_CASE("", "1 ENT 1 EE 3 /", "0.001", NULL, NULL, NULL, NULL, " 1.       -03", NULL),
        VC_CASE("", "5 CHS ENT", "-5", NULL, NULL, NULL, NULL, "-5.          ", NULL),
        VC_CASE("", "F +", "3.1415926", NULL, NULL, NULL, NULL, " 3.1415926   ", NULL),
        VC_CASE("", "1 ENT 3 /", "0.33333333", NULL, NULL, NULL, NULL, " 3.3333333-01", NULL),
        VC_CASE("", "2 ENT 3 /", "0.66666666", NULL, NULL, NULL, NULL, " 6.6666666-01", NULL),
        VC_CASE("", "1 EE 7 ENT", "10000000", NULL, NULL, NULL, NULL, " 10000000.   ", NULL),
        VC_CASE("", "1 EE 8 ENT", "100000000", NULL, NULL, NULL, NULL, " 1.        08", NULL),
        VC_CASE("", "9 9 9 9 9 9 9 9 ENT", "99999999", NULL, NULL, NULL, NULL, " 99999999.   ", NULL),
        VC_CASE("", "9 9 9 9 9 9 9 9 ENT 1 +", "100000000", NULL, NULL, NULL, NULL, " 1.        08", NULL),
        VC_CASE("", "0 . 0 0 2 5 CHS ENT", "-0.0025", NULL, NULL, NULL, NULL, "-2.5      -03", NULL),
        VC_CASE("", "0 . 0 0 0 0 0 0 1 ENT", "0.0000001", NULL, NULL, NULL, NULL, " 1.       -07", NULL),
        VC_CASE("", "0 . 1 2 3 4 5 6 7 8 ENT", "0.1234567", NULL, NULL, NULL, NULL, " 1.234567 -01", NULL),
        VC_CASE("", "1 EE CHS 8 ENT", "1E-8", NULL, NULL, NULL, NULL, " 1.       -08", NULL),
        VC_CASE("", "1 2 3 4 5 . 6 7 8 ENT", "12345.678", NULL, NULL, NULL, NULL, " 12345.678   ", NULL),
        VC_CASE("", "1 2 3 4 5 6 7 . 8 ENT", "1234567.8", NULL, NULL, NULL, NULL, " 1234567.8   ", NULL),
        VC_CASE("", "2 . 5 CHS EE 2 0 ENT", "-2.5E20", NULL, NULL, NULL, NULL, "-2.5       20", NULL),
        VC_CASE("", "1 . 5 EE 1 2 ENT", "1.5E12", NULL, NULL, NULL, NULL, " 1.5       12", NULL),
        VC_CASE("", "CX", "0", NULL, NULL, NULL, NULL, " 0.          ", NULL),
        VC_CASE("", "5 ENT 0 *", "0", NULL, NULL, NULL, NULL, " 0.          ", NULL),
        /* Past 1e99: X holds it, the display shows ЕГГОГ. */
        VC_CASE("", "1 EE 9 9 ENT 1 0 *", "raw:100010000000", NULL, NULL, NULL, NULL, " EGG0G      ", NULL),
        VC_CASE("", "1 EE 9 9 ENT 1 0 * ENT", "raw:100010000000", "raw:100010000000", NULL, NULL, NULL, " EGG0G      ", NULL),
        /* П→x and K П→x by hand show the register as it holds it: a used
         * pointer's 00000005, while X holds 5. */
        VC_CASE("", "RCL 0", "0", NULL, NULL, NULL, NULL, " 0.          ", NULL),
        VC_CASE("", "1 2 STO 0 RCL 0", "12", NULL, NULL, NULL, NULL, " 12.         ", NULL),
        VC_CASE("", "6 STO 0 K RCL 0 RCL 0", "5", NULL, NULL, NULL, NULL, " 00000005.   ", NULL),
        VC_CASE("", "1 EE 2 0 STO 5 1 STO 7 K RCL 7 K RCL 7 RCL 7", "1", NULL, NULL, NULL, NULL, " 00000001.   ", NULL),
    };
    VC_TABLE(cases);
    vm_machine m;
    vc_case_run(&m, &cases[sizeof cases / sizeof cases[0] - 1]);
    ck_assert_str_eq(m.digits, "00000001"); /* the display register, not X's 1 */
}
END_TEST

START_TEST(an_exponent_typed_below_the_range)
{
    /* An exponent typed to below -99 makes the number a finished 0, shown
     * "0.", without ЕГГОГ; ВП then starts from 1 (measured). */
    static const vc_case cases[] = {
        VC_CASE("", "1 EE 5 0 CHS EE 5 0 CHS", "0", "0", NULL, NULL, NULL, " 0.          ", NULL),
        VC_CASE("", "1 EE 9 9 CHS EE 9 9 CHS EE 9 9 CHS", "1E-99", NULL, NULL, NULL, NULL, " 1.       -99", NULL),
        VC_CASE("", "1 EE 9 9 CHS EE 9 9 CHS EE 5", "100000", NULL, NULL, NULL, NULL, " 1.        05", NULL),
        VC_CASE("", "1 EE 9 9 CHS EE 9 9 CHS 5", "5", "0", NULL, NULL, NULL, " 5.          ", NULL),
        VC_CASE("", "1 EE 9 9 CHS EE 9 9 CHS CHS", "0", NULL, NULL, NULL, NULL, "-0.          ", NULL),
        VC_CASE("", "1 EE 9 9 CHS EE 9 CHS 9", "9", "0", NULL, NULL, NULL, " 9.          ", NULL),
        VC_CASE("", "1 EE 9 9 CHS EE 9 9 CHS .", "0", NULL, NULL, NULL, NULL, " 0.          ", NULL),
        VC_CASE("", "5 ENT 1 EE 9 9 CHS EE 9 9 CHS +", "5", "0", NULL, NULL, NULL, " 5.          ", NULL),
    };
    VC_TABLE(cases);
}
END_TEST

START_TEST(error_while_typing_an_exponent)
{
    /* A function that fails (ln of a negative, tg of 1e99) on a number
     * whose exponent is being typed: ЕГГОГ, but the exponent stays typed.
     * /-/ negates it, in X too, and shows it after the glyphs, the point
     * where the typed one was; a digit starts a new number, lifting; "."
     * changes nothing; ВП works on the glyphs (measured). */
    static const vc_case cases[] = {
        VC_CASE("1E 07 50", "1 EE 9 9 RTN R/S CHS", "1E-99", NULL, NULL, NULL, "1E+99", " E.GG0G   -99", NULL),
        VC_CASE("1E 07 50", "1 EE 9 9 RTN R/S CHS CHS", "1E+99", NULL, NULL, NULL, NULL, " E.GG0G    99", NULL),
        VC_CASE("1E 07 50", "1 EE 9 9 RTN R/S CHS 5", "5", "1E-99", NULL, NULL, NULL, " 5.          ", NULL),
        VC_CASE("18 50", "2 CHS EE 5 RTN R/S CHS", "-0.00002", NULL, NULL, NULL, "-200000", "-E.GG0G   -05", NULL),
        VC_CASE("18 50", "2 CHS EE 5 CHS RTN R/S CHS", "-200000", NULL, NULL, NULL, NULL, "-E.GG0G    05", NULL),
        VC_CASE("18 50", "2 CHS EE RTN R/S CHS", "-2", NULL, NULL, NULL, NULL, "-E.GG0G   -00", NULL),
        VC_CASE("18 50", "1 2 CHS EE 5 RTN R/S CHS", "-0.00012", NULL, NULL, NULL, NULL, "-EG.G0G   -05", NULL),
        VC_CASE("18 50", "1 2 3 4 5 CHS EE 5 RTN R/S CHS", "-0.12345", NULL, NULL, NULL, NULL, "-EGG0G.   -05", NULL),
        VC_CASE("18 50", "1 2 CHS EE 5 RTN R/S CHS .", "-0.00012", NULL, NULL, NULL, NULL, "-EG.G0G   -05", NULL),
        VC_CASE("18 50", "1 2 CHS EE 5 RTN R/S CHS EE", "raw:9969E2000000", NULL, NULL, NULL, NULL, "-EG.G0G    00", NULL),
        VC_CASE("18 50", "2 CHS EE 5 RTN R/S CHS ENT", "-0.00002", "-0.00002", NULL, NULL, NULL, "-2.       -05", NULL),
        VC_CASE("18 50", "2 CHS EE 5 RTN R/S CHS R/S", "0", "-0.00002", NULL, NULL, NULL, " EGG0G      ", NULL),
        VC_CASE("", "1 2 CHS EE 5 F 2 CHS", "-0.00012", NULL, NULL, NULL, "-1200000", "-EG.G0G   -05", NULL),
        /* Not after a finished number, nor after a function that works. */
        VC_CASE("1E 07 50", "1 EE 9 9 ENT RTN R/S CHS", "-1E+99", NULL, NULL, NULL, NULL, "-1.        99", NULL),
        VC_CASE("", "2 EE 5 F 7 CHS", "0.068048574", NULL, NULL, NULL, "200000", " 6.8048574-02", NULL),
    };
    VC_TABLE(cases);
}
END_TEST

START_TEST(error_display)
{
    /* ЕГГОГ: ÷ by 0 leaves the stack, √ of -4 leaves X; X1 takes the old
     * X; Сx clears; a digit after ÷ by 0 lifts (measured). */
    static const vc_case cases[] = {
        VC_CASE("", "1 ENT 0 /", "0", "1", NULL, NULL, "0", " EGG0G      ", NULL),
        VC_CASE("", "1 ENT 0 / CX", "0", NULL, NULL, NULL, NULL, " 0.          ", NULL),
        VC_CASE("", "1 ENT 0 / 2", "2", "0", NULL, NULL, NULL, " 2.          ", NULL),
        VC_CASE("", "1 ENT 0 / ENT", "0", "0", NULL, NULL, NULL, " 0.          ", NULL),
        VC_CASE("", "4 CHS F -", "-4", NULL, NULL, NULL, "-4", " EGG0G      ", NULL),
        VC_CASE("", "4 CHS F - CX", "0", NULL, NULL, NULL, NULL, " 0.          ", NULL),
    };
    VC_TABLE(cases);
    vm_machine m;
    vc_case_run(&m, &cases[0]);
    ck_assert_int_eq(m.halt, VM_HALT_ERROR);
    ck_assert_int_eq(m.num_error, VM_NUM_DIV_ZERO);
    ck_assert_display(&m, " EГГ0Г      ");
    vm_display d;
    vm_display_get(&m, &d);
    ck_assert_mem_eq(d.glyph, " EGG0G      ", VM_DISPLAY_CELLS);
    for (int i = 0; i < VM_DISPLAY_CELLS; i++)
        ck_assert(!d.point[i]);
    vc_press(&m, "Cx");
    ck_assert_int_ne(m.halt, VM_HALT_ERROR);
    vc_case_run(&m, &cases[4]);
    ck_assert_int_eq(m.num_error, VM_NUM_DOMAIN);
}
END_TEST

/* ---- prefixes and registers ------------------------------------------------ */
START_TEST(f_and_k_functions)
{
    /* The F and K keys by hand (the digits of the transcendental functions
     * are in test_num.c, functions_as_measured); after each the prefix is
     * gone and nothing halted (measured). */
    static const vc_case cases[] = {
        VC_CASE("", "3 . 7 K 7", "3", "0", NULL, NULL, NULL, NULL, NULL),
        VC_CASE("", "3 . 2 5 K 8", "0.25", "0", NULL, NULL, NULL, NULL, NULL),
        VC_CASE("", "5 CHS K 4", "5", "0", NULL, NULL, NULL, NULL, NULL),
        VC_CASE("", "5 CHS K 5", "-1", "0", NULL, NULL, NULL, NULL, NULL),
        VC_CASE("", "3 ENT 5 K 9", "5", "3", NULL, NULL, NULL, NULL, NULL),
        VC_CASE("", "F CX 7", "7", "0", NULL, NULL, NULL, NULL, NULL),
        VC_CASE("", "7 F *", "49", "0", NULL, NULL, "7", NULL, NULL),
        VC_CASE("", "2 F *", "4", NULL, NULL, NULL, NULL, NULL, NULL),
        VC_CASE("", "4 F /", "0.25", "0", NULL, NULL, NULL, NULL, NULL),
        VC_CASE("", "3 F /", "0.33333333", NULL, NULL, NULL, NULL, NULL, NULL),
        VC_CASE("", "1 6 F -", "4", "0", NULL, NULL, NULL, NULL, NULL),
        VC_CASE("", "2 F -", "1.4142135", NULL, NULL, NULL, NULL, " 1.4142135   ", NULL),
        VC_CASE("", "2 ENT 3 + F ENT", "3", "5", NULL, NULL, NULL, NULL, NULL),
        VC_CASE("", "1 ENT 2 ENT 3 F .", "2", "1", "0", "3", "3", NULL, NULL),
        VC_CASE("", "F +", "3.1415926", "0", NULL, NULL, NULL, NULL, NULL),
        VC_CASE("", "7 K 0", "7", "0", NULL, NULL, NULL, NULL, NULL),
        /* x² past 1e99 is kept: ЕГГОГ shows. */
        VC_CASE("", "1 EE 5 0 F *", "raw:100010000000", NULL, NULL, NULL, NULL, " EGG0G      ", NULL),
    };
    VC_TABLE(cases);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        vm_machine m;
        vc_case_run(&m, &cases[i]);
        ck_assert_int_eq(m.prefix, VM_PREFIX_NONE);
        ck_assert_int_eq(m.halt, VM_HALT_NONE);
    }
}
END_TEST

START_TEST(register_keys)
{
    /* x→П and П→x with 0..9 and , /-/ ВП Cx В↑ naming a b c d e; a
     * register key names the register only (measured). */
    static const vc_case cases[] = {
        VC_CASE("", "1 1 STO . 1 2 STO CHS 1 3 STO EE 1 4 STO CX 1 5 STO ENT 9 STO 9", "9", "15", "14", "13", NULL, NULL, "a=11 b=12 c=13 d=14 e=15 9=9"),
        VC_CASE("", "4 2 STO EE CX RCL EE", "42", "0", "0", NULL, NULL, NULL, NULL),
        VC_CASE("", "7 RCL ENT ENT RCL ENT", "0", "0", "0", "7", NULL, NULL, NULL),
        VC_CASE("", "2 . 5 STO ENT 7 RCL ENT ENT RCL ENT", "2.5", "2.5", "2.5", "7", NULL, NULL, NULL),
        /* K П→x and K x→П by hand: R4 = 2 becomes 3 and names R3; R0 = 6
         * becomes 5 and names R5. */
        VC_CASE("", "2 STO 4 3 3 STO 3 6 STO 0 K RCL 4", "33", NULL, NULL, NULL, NULL, NULL, "4=raw:007000000003"),
        VC_CASE("", "2 STO 4 3 3 STO 3 6 STO 0 K RCL 4 7 7 K STO 0", "77", NULL, NULL, NULL, NULL, NULL, "0=raw:007000000005 5=77"),
    };
    VC_TABLE(cases);
    vm_machine m;
    vc_case_run(&m, &cases[5]);
    ck_assert_int_eq(m.pc, 0);
}
END_TEST

/* ---- automatic mode --------------------------------------------------------- */
START_TEST(addresses_by_hand)
{
    /* БП nn, ШГ→, ШГ←, В/О move the counter; programming mode then shows
     * it (measured). Conditions, loops and indirect jumps typed by hand
     * are ignored; БП ends a number being typed, and the next digit lifts. */
    static const vc_case cases[] = {
        VC_CASE("", "GOTO 2 3 F EE", NULL, NULL, NULL, NULL, NULL, " 00 00 00 23", NULL),
        VC_CASE("", "GOTO 2 3 SST F EE", NULL, NULL, NULL, NULL, NULL, " 00 00 00 24", NULL),
        VC_CASE("", "GOTO 2 3 SST BST BST F EE", NULL, NULL, NULL, NULL, NULL, " 00 00 00 22", NULL),
        VC_CASE("", "GOTO . 4 F EE", NULL, NULL, NULL, NULL, NULL, " 00 00 00 -4", NULL),
        VC_CASE("", "GOTO . 4 SST F EE", NULL, NULL, NULL, NULL, NULL, " 00 00 00 -5", NULL),
        VC_CASE("", "GOTO . 4 RTN F EE", NULL, NULL, NULL, NULL, NULL, "          00", NULL),
        VC_CASE("", "GOTO ENT 9 F EE", NULL, NULL, NULL, NULL, NULL, "          E9", NULL),
        /* ШГ← at 00 goes to F9 (159), whose codes the display does not
         * show. */
        VC_CASE("", "BST F EE", NULL, NULL, NULL, NULL, NULL, "           9", NULL),
        VC_CASE("", "GOTO 1 0 5 F BST F RCL K GOTO F EE", "5", NULL, NULL, NULL, NULL, " 00 00 00 10", NULL),
        VC_CASE("", "GOTO 1 0 5 F BST F RCL K GOTO", "5", "0", NULL, NULL, NULL, " 5.          ", NULL),
        VC_CASE("", "GOTO 1 2 3", "3", "0", NULL, NULL, NULL, " 3.          ", NULL),
        VC_CASE("", "5 GOTO 1 2 3", "3", "5", NULL, NULL, NULL, " 3.          ", NULL),
    };
    VC_TABLE(cases);
    vm_machine m;
    vc_case_run(&m, &cases[7]);
    ck_assert_int_eq(m.pc, 159);
    vc_case_run(&m, &cases[9]);
    ck_assert_int_eq(m.pc, 10);
    ck_assert_int_eq(m.halt, VM_HALT_NONE);
    ck_assert(!m.running);
}
END_TEST

START_TEST(run_and_stop)
{
    /* 00 2, 01 ×, 02 С/П: 21 typed and С/П go on into the program's digit
     * 2 (212 × 0); ended by В↑ first, 21 × 2 = 42 (measured). */
    static const vc_case cases[] = {
        VC_CASE("02 12 50", "2 1 RTN R/S", "0", "0", NULL, NULL, NULL, " 0.          ", NULL),
        VC_CASE("02 12 50", "2 1 ENT RTN R/S", "42", "0", NULL, NULL, NULL, " 42.         ", NULL),
        VC_CASE("02 12 50", "2 1 ENT RTN R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 12 02 03", NULL),
        /* Data typed at a С/П in the program: 00 1 01 С/П 02 + 03 С/П. */
        VC_CASE("01 50 10 50", "R/S", "1", NULL, NULL, NULL, NULL, " 1.          ", NULL),
        VC_CASE("01 50 10 50", "R/S 5 R/S", "6", "0", NULL, NULL, NULL, " 6.          ", NULL),
        VC_CASE("01 50 10 50", "R/S 5 R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 10 50 04", NULL),
    };
    VC_TABLE(cases);

    /* While a program runs the display is dark and only С/П does
     * anything (vm_keys.h): a started run, pressed but not yet run. */
    vm_machine m;
    VC_LOAD(&m, 2, C_MUL, C_STOP);
    vc_press(&m, "2 1 В↑ В/О С/П");
    ck_assert(m.running);
    vm_display d;
    vm_display_get(&m, &d);
    ck_assert(d.dark);
    vc_press(&m, "7");
    ck_assert_num(m.x, "21");
    ck_assert_int_eq(m.pc, 0);
    ck_assert_int_eq(vm_run(&m, 0), VM_HALT_STOP);
    ck_assert(!m.running);
    ck_assert_num(m.x, "42");

    /* Stopping a running program: 00 БП 00 forever. */
    VC_LOAD(&m, C_GOTO, 0x00);
    vc_press(&m, "С/П");
    ck_assert_int_eq(vm_run(&m, 50), VM_HALT_BUDGET);
    ck_assert(m.running);
    vc_press(&m, "С/П");
    ck_assert(!m.running);
    vm_display_get(&m, &d);
    ck_assert(!d.dark);
    vc_press(&m, "5");
    ck_assert_num(m.x, "5");
}
END_TEST

START_TEST(single_step)
{
    /* ПП by hand executes one step, as the program would: 1 2 В↑ 3 +
     * stepped five times gives 15, like the run; a jump takes its operand
     * (measured). */
    static const vc_case cases[] = {
        VC_CASE("01 02 0E 03 10 50", "GSB GSB GSB GSB GSB F EE", "15", "0", NULL, NULL, NULL, " 10 03 0E 05", NULL),
        VC_CASE("01 02 0E 03 10 50", "R/S", "15", "0", NULL, NULL, NULL, NULL, NULL),
        VC_CASE("51 05", "GSB F EE", NULL, NULL, NULL, NULL, NULL, " 00 00 00 05", NULL),
    };
    VC_TABLE(cases);
    vm_machine m;
    VC_LOAD(&m, 1, 2, C_ENT, 3, C_ADD, C_STOP);
    for (int i = 1; i <= 5; i++) {
        vc_press(&m, "ПП");
        ck_assert_int_eq(m.pc, i);
        ck_assert(!m.running);
    }
}
END_TEST

/* ---- programming mode ------------------------------------------------------- */
START_TEST(programming_display)
{
    /* The codes of the three steps before the address, newest first; hex
     * digits A..F as - L C Г E and blank; A4 shown -4; from 120 on the
     * codes stay blank (measured). */
    static const vc_case cases[] = {
        VC_CASE("", "F EE", NULL, NULL, NULL, NULL, NULL, "          00", NULL),
        VC_CASE("", "F EE RCL 8", NULL, NULL, NULL, NULL, NULL, " 68       01", NULL),
        VC_CASE("", "F EE RCL 8 F BST 1 2", NULL, NULL, NULL, NULL, NULL, " 12 5E 68 03", NULL),
        VC_CASE("", "F EE RCL 8 F BST 1 2 K RCL 4", NULL, NULL, NULL, NULL, NULL, " G4 12 5E 04", NULL),
        VC_CASE("", "F EE RCL 8 F BST 1 2 K RCL 4 BST", NULL, NULL, NULL, NULL, NULL, " 12 5E 68 03", NULL),
        VC_CASE("", "F EE RCL 8 F BST 1 2 K RCL 4 BST SST", NULL, NULL, NULL, NULL, NULL, " G4 12 5E 04", NULL),
        VC_CASE("", "F EE RCL 8 F BST 1 2 K RCL 4 BST SST F CHS", "0", NULL, NULL, NULL, NULL, " 0.          ", NULL),
        VC_CASE("", "F EE . CHS EE CX ENT F ENT", NULL, NULL, NULL, NULL, NULL, " 0  0E 0G 06", NULL),
        VC_CASE("", "F EE . CHS EE CX ENT F ENT BST BST BST", NULL, NULL, NULL, NULL, NULL, " 0C 0L 0- 03", NULL),
        VC_CASE("", "GOTO . 4 F EE", NULL, NULL, NULL, NULL, NULL, " 00 00 00 -4", NULL),
        /* Keying past 104 goes on at A5, A6, ... naming cells 0, 1, ... */
        VC_CASE("", "GOTO . 3 F EE 1 2 3", NULL, NULL, NULL, NULL, NULL, " 03 02 01 -6", NULL),
        VC_CASE("", "GOTO . 3 F EE 1 2 3 4 5 6 7", NULL, NULL, NULL, NULL, NULL, " 07 06 05 L0", NULL),
        VC_CASE("", "GOTO ENT 9 F EE 1 2", NULL, NULL, NULL, NULL, NULL, "           1", NULL),
        VC_CASE("", "F EE BST", NULL, NULL, NULL, NULL, NULL, "           9", NULL),
        VC_CASE("", "F EE BST 5", NULL, NULL, NULL, NULL, NULL, "          00", NULL),
    };
    VC_TABLE(cases);
    vm_machine m;
    vc_case_run(&m, &cases[6]);
    ck_assert_int_eq(m.mode, VM_MODE_AUTO);
    ck_assert(m.prog[0] == 0x68 && m.prog[1] == 0x5E && m.prog[2] == 0x12 && m.prog[3] == 0xD4 &&
              m.prog[4] == 0); /* moving stores nothing */
    vc_case_run(&m, &cases[11]);
    ck_assert(vc_cells_are(m.prog, "\x03\x04\x05\x06\x07", 5) && m.prog[103] == 1 &&
              m.prog[104] == 2);
    vc_case_run(&m, &cases[14]);
    ck_assert_int_eq(m.prog[47], 5); /* F9 is cell 47 */

    /* mk61x past 159 (the project's extension, vm_display_get): two cells
     * show a cell's low two hex digits (ПП 999 is 53 639, address 502 is
     * 322), and two address keys (the first at most E, В↑) reach 149. */
    vm_init(&m, VM_PROFILE_MK61X);
    vc_press(&m, "F ВП");
    m.prog[500] = 0x53;
    m.prog[501] = 0x639;
    m.pc = 502;
    ck_assert_display(&m, " 39 53 00 22");
    vc_press(&m, "F /-/ БП В↑ 9");
    ck_assert_int_eq(m.pc, 149);
}
END_TEST

START_TEST(programming_codes)
{
    /* Each key sequence typed at address 00 stores the code the display
     * shows (measured; K 1 K 2 K − K × K ÷ store 55 56 27 28 29), and the
     * codes themselves, read from those displays, are in the program's
     * cells, the counter past them, the machine in programming mode. */
    static const struct { vc_case c; const char *codes; int n; } cases[] = {
        {VC_CASE("", "F EE 7", NULL, NULL, NULL, NULL, NULL, " 07       01", NULL), "\x07", 1},
        {VC_CASE("", "F EE F 7", NULL, NULL, NULL, NULL, NULL, " 1C       01", NULL), "\x1C", 1},
        {VC_CASE("", "F EE K 7", NULL, NULL, NULL, NULL, NULL, " 34       01", NULL), "\x34", 1},
        {VC_CASE("", "F EE F 8", NULL, NULL, NULL, NULL, NULL, " 1G       01", NULL), "\x1D", 1},
        {VC_CASE("", "F EE K 8", NULL, NULL, NULL, NULL, NULL, " 35       01", NULL), "\x35", 1},
        {VC_CASE("", "F EE F 9", NULL, NULL, NULL, NULL, NULL, " 1E       01", NULL), "\x1E", 1},
        {VC_CASE("", "F EE K 9", NULL, NULL, NULL, NULL, NULL, " 36       01", NULL), "\x36", 1},
        {VC_CASE("", "F EE -", NULL, NULL, NULL, NULL, NULL, " 11       01", NULL), "\x11", 1},
        {VC_CASE("", "F EE F -", NULL, NULL, NULL, NULL, NULL, " 21       01", NULL), "\x21", 1},
        {VC_CASE("", "F EE /", NULL, NULL, NULL, NULL, NULL, " 13       01", NULL), "\x13", 1},
        {VC_CASE("", "F EE F /", NULL, NULL, NULL, NULL, NULL, " 23       01", NULL), "\x23", 1},
        {VC_CASE("", "F EE F 4", NULL, NULL, NULL, NULL, NULL, " 19       01", NULL), "\x19", 1},
        {VC_CASE("", "F EE K 4", NULL, NULL, NULL, NULL, NULL, " 31       01", NULL), "\x31", 1},
        {VC_CASE("", "F EE F 5", NULL, NULL, NULL, NULL, NULL, " 1-       01", NULL), "\x1A", 1},
        {VC_CASE("", "F EE K 5", NULL, NULL, NULL, NULL, NULL, " 32       01", NULL), "\x32", 1},
        {VC_CASE("", "F EE F 6", NULL, NULL, NULL, NULL, NULL, " 1L       01", NULL), "\x1B", 1},
        {VC_CASE("", "F EE K 6", NULL, NULL, NULL, NULL, NULL, " 33       01", NULL), "\x33", 1},
        {VC_CASE("", "F EE +", NULL, NULL, NULL, NULL, NULL, " 10       01", NULL), "\x10", 1},
        {VC_CASE("", "F EE F +", NULL, NULL, NULL, NULL, NULL, " 20       01", NULL), "\x20", 1},
        {VC_CASE("", "F EE K +", NULL, NULL, NULL, NULL, NULL, " 26       01", NULL), "\x26", 1},
        {VC_CASE("", "F EE *", NULL, NULL, NULL, NULL, NULL, " 12       01", NULL), "\x12", 1},
        {VC_CASE("", "F EE F *", NULL, NULL, NULL, NULL, NULL, " 22       01", NULL), "\x22", 1},
        {VC_CASE("", "F EE F 1", NULL, NULL, NULL, NULL, NULL, " 16       01", NULL), "\x16", 1},
        {VC_CASE("", "F EE F 2", NULL, NULL, NULL, NULL, NULL, " 17       01", NULL), "\x17", 1},
        {VC_CASE("", "F EE F 3", NULL, NULL, NULL, NULL, NULL, " 18       01", NULL), "\x18", 1},
        {VC_CASE("", "F EE K 3", NULL, NULL, NULL, NULL, NULL, " 30       01", NULL), "\x30", 1},
        {VC_CASE("", "F EE XY", NULL, NULL, NULL, NULL, NULL, " 14       01", NULL), "\x14", 1},
        {VC_CASE("", "F EE F XY", NULL, NULL, NULL, NULL, NULL, " 24       01", NULL), "\x24", 1},
        {VC_CASE("", "F EE K XY", NULL, NULL, NULL, NULL, NULL, " 2-       01", NULL), "\x2A", 1},
        {VC_CASE("", "F EE ENT", NULL, NULL, NULL, NULL, NULL, " 0E       01", NULL), "\x0E", 1},
        {VC_CASE("", "F EE F ENT", NULL, NULL, NULL, NULL, NULL, " 0        01", NULL), "\x0F", 1},
        {VC_CASE("", "F EE K ENT", NULL, NULL, NULL, NULL, NULL, " 3L       01", NULL), "\x3B", 1},
        {VC_CASE("", "F EE 0", NULL, NULL, NULL, NULL, NULL, " 00       01", NULL), "\x00", 1},
        {VC_CASE("", "F EE F 0", NULL, NULL, NULL, NULL, NULL, " 15       01", NULL), "\x15", 1},
        {VC_CASE("", "F EE K 0", NULL, NULL, NULL, NULL, NULL, " 54       01", NULL), "\x54", 1},
        {VC_CASE("", "F EE .", NULL, NULL, NULL, NULL, NULL, " 0-       01", NULL), "\x0A", 1},
        {VC_CASE("", "F EE F .", NULL, NULL, NULL, NULL, NULL, " 25       01", NULL), "\x25", 1},
        {VC_CASE("", "F EE K .", NULL, NULL, NULL, NULL, NULL, " 37       01", NULL), "\x37", 1},
        {VC_CASE("", "F EE CHS", NULL, NULL, NULL, NULL, NULL, " 0L       01", NULL), "\x0B", 1},
        {VC_CASE("", "F EE K CHS", NULL, NULL, NULL, NULL, NULL, " 38       01", NULL), "\x38", 1},
        {VC_CASE("", "F EE EE", NULL, NULL, NULL, NULL, NULL, " 0C       01", NULL), "\x0C", 1},
        {VC_CASE("", "F EE K EE", NULL, NULL, NULL, NULL, NULL, " 39       01", NULL), "\x39", 1},
        {VC_CASE("", "F EE CX", NULL, NULL, NULL, NULL, NULL, " 0G       01", NULL), "\x0D", 1},
        {VC_CASE("", "F EE K CX", NULL, NULL, NULL, NULL, NULL, " 3-       01", NULL), "\x3A", 1},
        {VC_CASE("", "F EE R/S", NULL, NULL, NULL, NULL, NULL, " 50       01", NULL), "\x50", 1},
        {VC_CASE("", "F EE RTN", NULL, NULL, NULL, NULL, NULL, " 52       01", NULL), "\x52", 1},
        {VC_CASE("", "F EE GOTO 1 2", NULL, NULL, NULL, NULL, NULL, " 12 51    02", NULL), "\x51\x12", 2},
        {VC_CASE("", "F EE GSB . 3", NULL, NULL, NULL, NULL, NULL, " -3 53    02", NULL), "\x53\xA3", 2},
        {VC_CASE("", "F EE F SST 0 5", NULL, NULL, NULL, NULL, NULL, " 05 5C    02", NULL), "\x5C\x05", 2},
        {VC_CASE("", "F EE F BST 0 5", NULL, NULL, NULL, NULL, NULL, " 05 5E    02", NULL), "\x5E\x05", 2},
        {VC_CASE("", "F EE F RTN 0 5", NULL, NULL, NULL, NULL, NULL, " 05 59    02", NULL), "\x59\x05", 2},
        {VC_CASE("", "F EE F R/S 0 5", NULL, NULL, NULL, NULL, NULL, " 05 57    02", NULL), "\x57\x05", 2},
        {VC_CASE("", "F EE F RCL 0 0", NULL, NULL, NULL, NULL, NULL, " 00 5G    02", NULL), "\x5D\x00", 2},
        {VC_CASE("", "F EE F STO 0 0", NULL, NULL, NULL, NULL, NULL, " 00 5L    02", NULL), "\x5B\x00", 2},
        {VC_CASE("", "F EE F GOTO 0 0", NULL, NULL, NULL, NULL, NULL, " 00 58    02", NULL), "\x58\x00", 2},
        {VC_CASE("", "F EE F GSB 0 0", NULL, NULL, NULL, NULL, NULL, " 00 5-    02", NULL), "\x5A\x00", 2},
        {VC_CASE("", "F EE RCL 8", NULL, NULL, NULL, NULL, NULL, " 68       01", NULL), "\x68", 1},
        {VC_CASE("", "F EE STO CX", NULL, NULL, NULL, NULL, NULL, " 4G       01", NULL), "\x4D", 1},
        {VC_CASE("", "F EE RCL ENT", NULL, NULL, NULL, NULL, NULL, " 6E       01", NULL), "\x6E", 1},
        {VC_CASE("", "F EE K RCL 4", NULL, NULL, NULL, NULL, NULL, " G4       01", NULL), "\xD4", 1},
        {VC_CASE("", "F EE K STO .", NULL, NULL, NULL, NULL, NULL, " L-       01", NULL), "\xBA", 1},
        {VC_CASE("", "F EE K GOTO 7", NULL, NULL, NULL, NULL, NULL, " 87       01", NULL), "\x87", 1},
        {VC_CASE("", "F EE K GSB CHS", NULL, NULL, NULL, NULL, NULL, " -L       01", NULL), "\xAB", 1},
        {VC_CASE("", "F EE K SST 1", NULL, NULL, NULL, NULL, NULL, " C1       01", NULL), "\xC1", 1},
        {VC_CASE("", "F EE K BST 2", NULL, NULL, NULL, NULL, NULL, " E2       01", NULL), "\xE2", 1},
        {VC_CASE("", "F EE K RTN 3", NULL, NULL, NULL, NULL, NULL, " 93       01", NULL), "\x93", 1},
        {VC_CASE("", "F EE K R/S EE", NULL, NULL, NULL, NULL, NULL, " 7C       01", NULL), "\x7C", 1},
        {VC_CASE("", "F EE K 1", NULL, NULL, NULL, NULL, NULL, " 55       01", NULL), "\x55", 1},
        {VC_CASE("", "F EE K 2", NULL, NULL, NULL, NULL, NULL, " 56       01", NULL), "\x56", 1},
        {VC_CASE("", "F EE K -", NULL, NULL, NULL, NULL, NULL, " 27       01", NULL), "\x27", 1},
        {VC_CASE("", "F EE K *", NULL, NULL, NULL, NULL, NULL, " 28       01", NULL), "\x28", 1},
        {VC_CASE("", "F EE K /", NULL, NULL, NULL, NULL, NULL, " 29       01", NULL), "\x29", 1},
    };
    char where[32];
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        snprintf(where, sizeof where, "cases[%zu]", i);
        vc_case_check(&cases[i].c, where);
        vm_machine m;
        vc_case_run(&m, &cases[i].c);
        ck_assert_msg(vc_cells_are(m.prog, cases[i].codes, cases[i].n) && m.pc == cases[i].n,
                      "keys \"%s\": %02X %02X, pc %d", cases[i].c.keys, m.prog[0], m.prog[1],
                      m.pc);
        ck_assert_int_eq(m.mode, VM_MODE_PROG);
    }
}
END_TEST

/* ---- whole programs typed on the keypad ------------------------------------- */

/* Sum 10..1: 00 ИП0 01 ИПa 02 + 03 Пa 04 FL0 05 00 06 С/П. */
#define SUM_PROGRAM "RTN F EE RCL 0 RCL . + STO . F RCL 0 0 R/S F CHS "
/* A subroutine, skipping two steps: 00 ПП 05, 02 С/П, 05 Fx², 06 В/О. */
#define SQUARE_PROGRAM "F EE GSB 0 5 R/S SST SST F * RTN F CHS "
/* max(X, 0) with Fx≥0: 00 Fx≥0 03, 02 С/П, 03 Сx, 04 С/П. */
#define MAX0_PROGRAM "F EE F RTN 0 3 R/S CX R/S F CHS "

START_TEST(keypad_programs)
{
    static const vc_case cases[] = {
        VC_CASE("", SUM_PROGRAM "F EE", NULL, NULL, NULL, NULL, NULL, " 50 00 5G 07", NULL),
        VC_CASE("", SUM_PROGRAM "1 0 STO 0 CX STO . RTN R/S", "55", NULL, NULL, NULL, NULL, " 55.         ", "0=raw:007000000001 a=55"),
        VC_CASE("", SUM_PROGRAM "1 0 STO 0 CX STO . RTN R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 00 5G 07", NULL),
        VC_CASE("", SQUARE_PROGRAM "7 RTN R/S", "49", NULL, NULL, NULL, NULL, " 49.         ", NULL),
        VC_CASE("", SQUARE_PROGRAM "7 RTN R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 05 53 03", NULL),
        VC_CASE("", MAX0_PROGRAM "5 CHS RTN R/S", "0", NULL, NULL, NULL, NULL, " 0.          ", NULL),
        VC_CASE("", MAX0_PROGRAM "5 CHS RTN R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 0G 50 05", NULL),
        VC_CASE("", MAX0_PROGRAM "7 RTN R/S", "7", NULL, NULL, NULL, NULL, " 7.          ", NULL),
        VC_CASE("", MAX0_PROGRAM "7 RTN R/S F EE", NULL, NULL, NULL, NULL, NULL, " 50 03 59 03", NULL),
    };
    VC_TABLE(cases);
    vm_machine m;
    vc_case_run(&m, &cases[1]);
    ck_assert(vc_cells_are(m.prog, "\x60\x6A\x10\x4A\x5D\x00\x50", 7));
    vc_case_run(&m, &cases[3]);
    ck_assert(vc_cells_are(m.prog, "\x53\x05\x50\x00\x00\x22\x52", 7));
    vc_case_run(&m, &cases[5]);
    ck_assert(vc_cells_are(m.prog, "\x59\x03\x50\x0D\x50", 5));
}
END_TEST

/* ---- the key table and names -------------------------------------------------- */
START_TEST(key_table)
{
    bool seat[6][5] = {{false}};
    ck_assert_int_eq(VM_KEY_COUNT, 30);
    for (int k = 0; k < VM_KEY_COUNT; k++) {
        const vm_key_info *a = vm_key_get((vm_key)k);
        ck_assert_ptr_nonnull(a);
        ck_assert_msg(a->row >= 0 && a->row < 6 && a->col >= 0 && a->col < 5, "key %s", a->name);
        ck_assert_msg(!seat[a->row][a->col], "two keys at %d,%d", a->row, a->col);
        seat[a->row][a->col] = true;
        for (int j = 0; j < k; j++) {
            const vm_key_info *b = vm_key_get((vm_key)j);
            ck_assert_msg(strcmp(a->name, b->name) != 0, "name %s twice", a->name);
            ck_assert_msg(strcmp(a->latin, b->latin) != 0, "alias %s twice", a->latin);
        }
        /* Found by its name, its alias in any case. */
        char lower[16], upper[16];
        size_t n = strlen(a->latin);
        ck_assert_uint_lt(n, sizeof lower);
        for (size_t i = 0; i <= n; i++) {
            unsigned char c = (unsigned char)a->latin[i];
            lower[i] = (char)tolower(c);
            upper[i] = (char)toupper(c);
        }
        ck_assert_int_eq(vm_key_find(a->name), k);
        ck_assert_int_eq(vm_key_find(a->latin), k);
        ck_assert_int_eq(vm_key_find(lower), k);
        ck_assert_int_eq(vm_key_find(upper), k);
    }
    ck_assert_ptr_null(vm_key_get(VM_KEY_COUNT));
    /* The reference's layout: F and K head rows 1 and 2, Cx ends row 6. */
    static const struct { vm_key key; int row, col; } seats[] = {
        {VM_KEY_F, 0, 0}, {VM_KEY_K, 1, 0}, {VM_KEY_CX, 5, 4}, {VM_KEY_D7, 2, 0},
        {VM_KEY_ENTER, 4, 4},
    };
    for (size_t i = 0; i < sizeof seats / sizeof seats[0]; i++) {
        const vm_key_info *k = vm_key_get(seats[i].key);
        ck_assert_msg(k->row == seats[i].row && k->col == seats[i].col, "%s at %d,%d, want %d,%d",
                      k->name, k->row, k->col, seats[i].row, seats[i].col);
    }
}
END_TEST

START_TEST(key_names)
{
    static const struct { const char *name; vm_key key; } cases[] = {
        {"П→x", VM_KEY_RCL}, {"x→П", VM_KEY_STO}, {"БП", VM_KEY_GOTO}, {"ПП", VM_KEY_GSB},
        {"В/О", VM_KEY_RTN}, {"С/П", VM_KEY_RS},  {"ШГ→", VM_KEY_SST}, {"ШГ←", VM_KEY_BST},
        {"В↑", VM_KEY_ENTER}, {"ВП", VM_KEY_EEX}, {"↔", VM_KEY_SWAP}, {"÷", VM_KEY_DIV},
        {"×", VM_KEY_MUL}, {"/-/", VM_KEY_CHS}, {",", VM_KEY_POINT}, {"F", VM_KEY_F},
        {"K", VM_KEY_K}, {"7", VM_KEY_D7}, {"0", VM_KEY_D0},
        {"rcl", VM_KEY_RCL}, {"STO", VM_KEY_STO}, {"goto", VM_KEY_GOTO}, {"Gsb", VM_KEY_GSB},
        {"rtn", VM_KEY_RTN}, {"r/s", VM_KEY_RS}, {"sst", VM_KEY_SST}, {"BST", VM_KEY_BST},
        {"ent", VM_KEY_ENTER}, {"ee", VM_KEY_EEX}, {"chs", VM_KEY_CHS}, {"cx", VM_KEY_CX},
        {"xy", VM_KEY_SWAP}, {"/", VM_KEY_DIV}, {"*", VM_KEY_MUL}, {".", VM_KEY_POINT},
        {"f", VM_KEY_F}, {"k", VM_KEY_K},
        /* Register letters: a..e under , /-/ ВП Cx and beside В↑. */
        {"a", VM_KEY_POINT}, {"b", VM_KEY_CHS}, {"c", VM_KEY_EEX}, {"d", VM_KEY_CX},
        {"e", VM_KEY_ENTER}, {"A", VM_KEY_POINT}, {"E", VM_KEY_ENTER}, {"А", VM_KEY_POINT},
        {"В", VM_KEY_CHS}, {"С", VM_KEY_EEX}, {"Д", VM_KEY_CX}, {"Е", VM_KEY_ENTER},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        ck_assert_msg(vm_key_find(cases[i].name) == (int)cases[i].key, "\"%s\" finds %d, want %d",
                      cases[i].name, vm_key_find(cases[i].name), (int)cases[i].key);
    ck_assert_int_eq(vm_key_find("foo"), -1);
    ck_assert_int_eq(vm_key_find(""), -1);
    ck_assert_int_eq(vm_key_find("f"), VM_KEY_F);
    /* The keys that name registers say which. */
    static const vm_key regkeys[15] = {VM_KEY_D0, VM_KEY_D1, VM_KEY_D2, VM_KEY_D3, VM_KEY_D4,
                                       VM_KEY_D5, VM_KEY_D6, VM_KEY_D7, VM_KEY_D8, VM_KEY_D9,
                                       VM_KEY_POINT, VM_KEY_CHS, VM_KEY_EEX, VM_KEY_CX,
                                       VM_KEY_ENTER};
    for (int r = 0; r < 15; r++)
        ck_assert_int_eq(vm_key_get(regkeys[r])->reg, r);
}
END_TEST

/* ---- random key presses --------------------------------------------------- */
START_TEST(random_keys)
{
    /* Random presses, with a run whenever С/П started one, on registers
     * holding any number a register can (counters, hex digits, past 1e99):
     * nothing breaks, the counter stays in 0..159 (0..999), every number
     * stays one a register can hold, the display is 12 cells. */
    vc_seed(0x6d6b3631u);
    for (int round = 0; round < 200; round++) {
        vm_machine m;
        vm_init(&m, round % 4 == 3 ? VM_PROFILE_MK61X : VM_PROFILE_MK61);
        for (int r = 0; r < m.regs; r++)
            m.reg[r] = vc_random_num();
        for (int i = 0; i < 300; i++) {
            vm_press(&m, (vm_key)(vc_rand() % VM_KEY_COUNT));
            if (m.running && vc_rand() % 2)
                vm_run(&m, 200);
            ck_assert_msg(m.pc >= 0 && m.pc < vm_pc_end(&m), "round %d: pc %d", round, m.pc);
            ck_assert(m.rsp >= 0 && m.rsp <= VM_RSTACK);
            const vm_num stack[5] = {m.x, m.y, m.z, m.t, m.x1};
            for (int k = 0; k < 5; k++)
                vc_assert_holdable(stack[k], "the stack", round);
            for (int r = 0; r < m.regs; r++)
                vc_assert_holdable(m.reg[r], "a register", round);
            char text[96];
            vm_display d;
            vm_display_get(&m, &d);
            int n = vm_display_text(&d, text, sizeof text);
            ck_assert(n >= VM_DISPLAY_CELLS && n < (int)sizeof text);
        }
    }
}
END_TEST

Suite *keys_suite(void)
{
    Suite *s = suite_create("keys");
    const vc_tcase cases[] = {
        {"display", {typing_numbers, finished_numbers, error_display, error_while_typing_an_exponent,
                     an_exponent_typed_below_the_range}},
        {"prefixes", {f_and_k_functions, register_keys}},
        {"automatic", {addresses_by_hand, run_and_stop, single_step}},
        {"programming", {programming_display, programming_codes}},
        {"programs", {keypad_programs}},
        {"names", {key_table, key_names}},
        {"random", {random_keys}},
    };
    VC_ADD_TCASES(s, cases, 60);
    return s;
}
