/*
 * The printed table and hex dumps (docs/asm.md): known dumps, the header,
 * the forms and errors of an import, round trips of random programs, and
 * mk61x's wide address cells through the listing, the table and the dump.
 */
#include "asm_check.h"
#include "vm_check.h"

#include <stdio.h>
#include <string.h>

START_TEST(table_known)
{
    vm_program p;
    ac_assemble(ac_golden_text("basics.mk61"), &p, NULL);
    asm_table(p.code, p.length, ac_text, sizeof ac_text);
    ck_assert_str_eq(ac_text, "00: 0D 40 60 01 10 40 5B 02 60 50\n10: 51 00\n");
    uint16_t code[101];
    for (int i = 0; i < 101; i++)
        code[i] = 0x54;
    asm_table(code, 101, ac_text, sizeof ac_text);
    ck_assert_str_eq(ac_text + 5 * 35, " 50: 54 54 54 54 54 54 54 54 54 54\n"
                                    " 60: 54 54 54 54 54 54 54 54 54 54\n"
                                    " 70: 54 54 54 54 54 54 54 54 54 54\n"
                                    " 80: 54 54 54 54 54 54 54 54 54 54\n"
                                    " 90: 54 54 54 54 54 54 54 54 54 54\n"
                                    "100: 54\n");
    ck_assert_int_eq(asm_table(code, 0, ac_text, sizeof ac_text), 0);
}
END_TEST

START_TEST(hex_export_known)
{
    vm_program p;
    ac_assemble(ac_golden_text("labels.mk61"), &p, NULL);
    asm_hex_export(&p, true, ac_text, sizeof ac_text);
    ck_assert_str_eq(ac_text, "# mk61: 14 steps, start 00\n"
                           "51 05 22 52 1F 02 53 02 5E 13\n"
                           "87 5D 05 50\n");
    asm_hex_export(&p, false, ac_text, sizeof ac_text);
    ck_assert_str_eq(ac_text, "51 05 22 52 1F 02 53 02 5E 13\n87 5D 05 50\n");
}
END_TEST

/* The header asm_hex_export writes is checked when it is there: a dump cut
 * short or read as the wrong profile is refused; the start is taken. Any
 * other comment on line 1, or the header's shape elsewhere, is a comment. */
START_TEST(hex_header_is_checked)
{
    static const struct {
        const char *dump;
        int length, start;   /* read (-1: refused) */
        const char *message; /* the refusal's */
    } cases[] = {
        {"# mk61: 3 steps, start 01\n51 05 50\n", 3, 1, NULL},
        {"# mk61: 12 steps, start 00\n51 05 50\n", -1, 0,
         "t.hex:2:1: the header (line 1) says 12 steps, but 3 codes were read"},
        {"# mk61x: 3 steps, start 00\n51 05 50\n", -1, 0, "the dump is for mk61x, not mk61"},
        {"# mk61: 1 steps, start 105\n50\n", -1, 0, "105"},
        {"# mk61: three steps\n51 05 50\n", 3, 0, NULL},
        {"51 05\n# mk61: 9 steps, start 00\n50\n", 3, 0, NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        vm_program p;
        asm_errors e;
        bool ok = asm_hex_import(cases[i].dump, "t.hex", VM_PROFILE_MK61, &p, NULL, &e);
        ck_assert_msg(ok == (cases[i].length >= 0), "%s", cases[i].dump);
        if (ok) {
            ck_assert_int_eq(p.length, cases[i].length);
            ck_assert_int_eq(p.start, cases[i].start);
            continue;
        }
        ck_assert_int_eq(e.count, 1);
        char msg[256];
        asm_error_format(&e.error[0], msg, sizeof msg);
        ck_assert_msg(strstr(msg, cases[i].message) != NULL, "%s: %s", cases[i].dump, msg);
    }
}
END_TEST

START_TEST(hex_round_trip_random)
{
    ac_seed(7);
    static vm_decl d;
    for (int i = 0; i < 2000; i++) {
        vm_program p, back;
        asm_errors e;
        ac_random_program(&p, &d, true);
        /* mk61x cells may be wider than a byte, up to 639 (address 999). */
        for (int a = 0; p.profile == VM_PROFILE_MK61X && a < p.length; a++)
            if (ac_rnd(8) == 0)
                p.code[a] = (uint16_t)ac_rnd(0x63A);
        asm_hex_export(&p, i % 2, ac_text, sizeof ac_text);
        ck_assert(asm_hex_import(ac_text, "t.hex", p.profile, &back, NULL, &e));
        ac_same_codes(&p, &back);
        asm_table(p.code, p.length, ac_text, sizeof ac_text);
        ck_assert(asm_hex_import(ac_text, "t.hex", p.profile, &back, NULL, &e));
        ac_same_codes(&p, &back);
    }
}
END_TEST

START_TEST(hex_import_forms_and_errors)
{
    vm_program p;
    static vm_decl d;
    ck_assert(asm_hex_import("# header\n\n00: 0d 40   # comment\r\n 02: 5B 02\n\n", NULL,
                             VM_PROFILE_MK61, &p, &d, NULL));
    const uint8_t want[] = {0x0D, 0x40, 0x5B, 0x02};
    ck_assert_int_eq(p.length, 4);
    ck_assert(vc_cells_are(p.code, want, 4));
    ck_assert_int_eq(d.line[2], 4); /* the source map: each code's line */
    char big[1024] = "";
    for (int i = 0; i < 11; i++)
        strcat(big, "00 00 00 00 00 00 00 00 00 00\n");
    ck_assert(asm_hex_import(big, NULL, VM_PROFILE_MK61X, &p, NULL, NULL));
    ck_assert_int_eq(p.length, 110);
    /* Three hex digits: mk61x's wide address cells, up to 639 only. */
    ck_assert(asm_hex_import("51 2D9 53 639 0A4\n", NULL, VM_PROFILE_MK61X, &p, NULL, NULL));
    const uint16_t wide[] = {0x51, 0x2D9, 0x53, 0x639, 0xA4};
    ck_assert_int_eq(p.length, 5);
    ck_assert_mem_eq(p.code, wide, sizeof wide);
    /* Refused, with the one message. */
    const struct { const char *dump; vm_profile_id profile; const char *msg; } bad[] = {
        {"0D 4G\n", VM_PROFILE_MK61, "d.hex:1:4: expected a code, two hex digits 00..FF, not '4G'"},
        {"0D 405\n", VM_PROFILE_MK61,
         "d.hex:1:4: expected a code, two hex digits 00..FF, not '405'"},
        {"00: 0D\n20: 0E\n", VM_PROFILE_MK61,
         "d.hex:2:1: expected the address 01 here (where the codes have reached), not 20"},
        {big, VM_PROFILE_MK61, "d.hex:11:16: too many codes: mk61 has 105 steps"},
        {"51 63A\n", VM_PROFILE_MK61X,
         "d.hex:1:4: expected a code, two hex digits 00..FF or three up to 639, not '63A'"},
        {"51 1000\n", VM_PROFILE_MK61X,
         "d.hex:1:4: expected a code, two hex digits 00..FF or three up to 639, not '1000'"},
        {"51 2D9\n", VM_PROFILE_MK61,
         "d.hex:1:4: expected a code, two hex digits 00..FF, not '2D9'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        asm_errors e;
        ck_assert(!asm_hex_import(bad[i].dump, "d.hex", bad[i].profile, &p, NULL, &e));
        ck_assert_int_eq(e.kept, 1);
        char msg[256];
        asm_error_format(&e.error[0], msg, sizeof msg);
        ck_assert_str_eq(msg, bad[i].msg);
    }
}
END_TEST

/* mk61x: jumps past 159 (БП 500, ПП 999) run, and come back the same from
 * the listing, the table and the hex dump. */
START_TEST(mk61x_far_jumps)
{
    vm_program p, back;
    static vm_decl d;
    static vm_machine m;
    static char src[16384];
    /* 000 БП 500, 002 С/П, КНОП up to 499; 500 ПП 999, 502 С/П, КНОП up
     * to 997; 998 С/П, 999 В/О. */
    strcpy(src, ".profile mk61x\n        БП 500\n        С/П\n");
    for (int a = 3; a < 500; a++)
        strcat(src, "КНОП\n");
    strcat(src, "        ПП 999\n        С/П\n");
    for (int a = 503; a < 998; a++)
        strcat(src, "КНОП\n");
    strcat(src, "        С/П\nsub:    В/О\n");
    ac_assemble(src, &p, &d);
    ck_assert_int_eq(p.length, 1000);
    ck_assert_int_eq(p.code[0], 0x51);
    ck_assert_int_eq(p.code[1], 0x320);
    ck_assert_int_eq(p.code[500], 0x53);
    ck_assert_int_eq(p.code[501], 0x639);
    /* It runs: БП 500, ПП 999, В/О back to 502, С/П there. */
    vm_init(&m, VM_PROFILE_MK61X);
    vm_load(&m, &p);
    ck_assert_int_eq(vm_run(&m, 100), VM_HALT_STOP);
    ck_assert_int_eq(m.halt_pc, 502);
    ck_assert_uint_eq(m.executed, 4);
    /* The listing. */
    int n = asm_listing(&p, &d, 0, ac_text, sizeof ac_text);
    ck_assert_int_lt(n, (int)sizeof ac_text);
    ck_assert_ptr_nonnull(strstr(ac_text, "; mk61x program: 1000 of 1000 steps\n"));
    ck_assert_ptr_nonnull(strstr(ac_text, "\n        БП L500                 ; 00  51 320\n"));
    ck_assert_ptr_nonnull(strstr(ac_text, "\n        ПП sub                  ; 500  53 639\n"));
    ac_assemble(ac_text, &back, NULL);
    ac_same_codes(&p, &back);
    /* The table: three digits for the wide cells. */
    asm_table(p.code, p.length, ac_text, sizeof ac_text);
    ck_assert_ptr_nonnull(strstr(ac_text, " 00: 51 320 50 54 54"));
    ck_assert_ptr_nonnull(strstr(ac_text, "\n500: 53 639 50 54"));
    ck_assert(asm_hex_import(ac_text, "t", VM_PROFILE_MK61X, &back, NULL, NULL));
    ac_same_codes(&p, &back);
    /* The hex dump. */
    asm_hex_export(&p, true, ac_text, sizeof ac_text);
    ck_assert_ptr_nonnull(strstr(ac_text, "# mk61x: 1000 steps, start 00\n51 320 50 54"));
    ck_assert(asm_hex_import(ac_text, "t", VM_PROFILE_MK61X, &back, NULL, NULL));
    ac_same_codes(&p, &back);
    /* The same cells are no mk61 program: 320 is no mk61 code. */
    ck_assert(!asm_hex_import(ac_text, "t", VM_PROFILE_MK61, &back, NULL, NULL));
}
END_TEST

Suite *hex_suite(void)
{
    Suite *s = suite_create("hex");
    TCase *tc = tcase_create("hex");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, table_known);
    tcase_add_test(tc, hex_export_known);
    tcase_add_test(tc, hex_header_is_checked);
    tcase_add_test(tc, hex_round_trip_random);
    tcase_add_test(tc, hex_import_forms_and_errors);
    tcase_add_test(tc, mk61x_far_jumps);
    suite_add_tcase(s, tc);
    return s;
}
