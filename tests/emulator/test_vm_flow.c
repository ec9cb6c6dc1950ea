/* The machine executing programs (vm.h): where the counter goes. Direct
 * and indirect jumps and conditions, loops, subroutines, and the registers
 * and addresses pointers name.
 *
 Every expected value is a fact of the real MK-61, as in test_vm.c
 * (vm_check.h): tables of cases as the instrument ran them, "R/S F EE"
 * showing the counter; what the real machine cannot show follows vm.h. */
#include "vm_check.h"
#include "vm_programs.h"

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
    vm_machine m = vc_ran(GOTO_A4, "R/S R/S");
    ck_assert(m.halt == VM_HALT_STOP && m.halt_pc == 104 && m.pc == 105);
    /* 105 names cell 0 (vm.h): running on past 104 is a wrap. */
    ck_assert_int_eq(vm_cell(&m, 105), 0);
    ck_assert_int_eq(m.warn, VM_WARN_WRAP);
}
END_TEST


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
    vm_machine m = vc_ran(JUMP_A5, "GOTO 2 0 R/S");
    ck_assert_int_eq(m.halt, VM_HALT_STOP);
    ck_assert_int_eq(m.halt_pc, 105);
    ck_assert_int_eq(m.pc, 106);
    ck_assert_int_eq(m.warn, VM_WARN_WRAP);
    ck_assert_int_eq(m.warn_value, 105);
    ck_assert_int_eq(m.warn_arg, 0);
    /* A jump to 60 (5A) is inside the memory: no diagnostic. */
    m = vc_ran(JUMP_5A, "GOTO 2 0 R/S");
    ck_assert_int_eq(m.warn, VM_WARN_NONE);
    /* Running off the end goes on at cell 0, as the real machine. */
    m = vc_ran(GOTO_A4_AT_20, "GOTO 2 0 R/S");
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
    vm_machine m = vc_ran(NEST5, "R/S");
    ck_assert_int_eq(m.rsp, 0);
    ck_assert_int_eq(m.warn, VM_WARN_NONE);
    /* The sixth: m->warn says which return address was lost (02), at
     * which ПП (50) and where that called (60). */
    m = vc_ran(NEST6, "R/S");
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
    vm_machine m = vc_ran("D7 50", FILL7 "4 2 STO 7 R/S");
    ck_assert_int_eq(m.halt, VM_HALT_STOP);
    ck_assert_int_eq(m.warn, VM_WARN_POINTER);
    ck_assert_int_eq(m.warn_pc, 0);
    ck_assert_int_eq(m.warn_value, 12);
    m = vc_ran("D0 50", FILL0 "0 STO 0 R/S");
    ck_assert_int_eq(m.warn, VM_WARN_POINTER);
    ck_assert_int_eq(m.warn_value, 3);
    /* A whole pointer 0..14 is no news. */
    m = vc_ran("D7 50", FILL7 "5 STO 7 R/S");
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
        vc_go(&m, 99);
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
        vc_go(&m, -1);
        ck_assert_num(m.x, "4.2");
        ck_assert_num(m.reg[98], "4.2");
    }
    /* R5 = 14 is incremented to 15, a register on mk61x; on mk61 15 names
     * R0 (measured above: pointers_name_registers). */
    vc_load(&m, VM_PROFILE_MK61X, VC_CODE(C_KRCL(5), C_STOP), 0);
    m.reg[5] = vc_num("14");
    m.reg[15] = vc_num("15.5");
    vc_go(&m, -1);
    ck_assert_num(m.x, "15.5");
    VC_LOAD(&m, C_KRCL(5), C_STOP);
    m.reg[5] = vc_num("14");
    m.reg[0] = vc_num("0.5");
    vc_go(&m, -1);
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
        vc_go(&m, jumps[i].at);
    }
    /* The same 105 on mk61 is address 05 (then 06 stops). */
    vc_load(&m, VM_PROFILE_MK61, code, 105, 0);
    m.reg[7] = vc_num("105");
    vc_go(&m, 6);
}
END_TEST

Suite *vm_flow_suite(void)
{
    Suite *s = suite_create("vm_flow");
    const vc_tcase cases[] = {
        {"jumps", {goto_direct, jumps_past_the_end_wrap, direct_conditions_inverted,
                   indirect_conditions}},
        {"loops", {loops_count_and_end_at_one, loop_counters_that_used_to_halt}},
        {"subroutines", {subroutines_nest_five_levels, returns}},
        {"indirect", {indirect_recall_and_store, pointers_name_registers, indirect_jumps_and_calls,
                      mk61x_indirect_reaches_more}},
    };
    VC_ADD_TCASES(s, cases, 0);
    return s;
}
