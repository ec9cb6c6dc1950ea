/*
 * The disassembler (docs/asm.md): one instruction at a time, and whole
 * listings that assemble back to the same program with the same
 * declarations. The golden sources of tests/emulator/asm/ (*.mk61) come
 * back from their listings with their codes (*.hex).
 */
#include "asm_check.h"
#include "vm_isa.h"

#include <stdio.h>
#include <string.h>

/* Every documented code: disassembled alone, assembled again. */
START_TEST(every_code_disassembles_and_assembles)
{
    int seen = 0;
    for (int c = 0; c < 256; c++) {
        const vm_op_info *op = vm_op((uint8_t)c);
        if (!op)
            continue;
        uint8_t code[2] = {(uint8_t)c, 0x23};
        const uint16_t cells[2] = {code[0], code[1]};
        int len = vm_op_length(op);
        char src[64];
        ck_assert_int_eq(asm_disasm_one(cells, len, 0, VM_PROFILE_MK61X, NULL, src, sizeof src), len);
        ck_assert_msg(src[0] != '.', "code %02X disassembles to %s", c, src);
        ac_expect_codes(src, code, len);
        seen++;
    }
    ck_assert_int_eq(seen, vm_op_count());
}
END_TEST

START_TEST(disasm_one)
{
    char buf[64];
    const uint16_t c1[] = {0x68, 0x51, 0x23, 0x4A, 0xDE, 0x1F, 0x5D, 0x5A, 0x53, 0xA7, 0x51};
    /* Without a map, as mk61x (107 is an address there). */
    static const struct { int addr, next; const char *text; } cases[] = {
        {0, 1, "ИП 8"},         {1, 3, "БП 23"},  {3, 4, "П a"},   {4, 5, "КИП e"},
        {5, 6, ".code 1F"},
        {6, 8, ".code 5D 5A"},  /* 5A is no address */
        {8, 10, "ПП 107"},
        {10, 11, ".code 51"},   /* no address byte left */
        {11, -1, ""},           {-1, -1, ""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ck_assert_int_eq(asm_disasm_one(c1, 11, cases[i].addr, VM_PROFILE_MK61X, NULL, buf,
                                        sizeof buf),
                         cases[i].next);
        ck_assert_str_eq(buf, cases[i].text);
    }
    /* As mk61 (107 is past its end), with a map's labels. */
    static vm_decl map;
    vm_decl_init(&map);
    strcpy(map.label[23], "loop");
    ck_assert_int_eq(asm_disasm_one(c1, 11, 8, VM_PROFILE_MK61, &map, buf, sizeof buf), 10);
    ck_assert_str_eq(buf, ".code 53 A7");
    asm_disasm_one(c1, 11, 1, VM_PROFILE_MK61, &map, buf, sizeof buf);
    ck_assert_str_eq(buf, "БП loop");
    /* Cut to the buffer, snprintf-style. */
    char small[4];
    asm_disasm_one(c1, 11, 1, VM_PROFILE_MK61, NULL, small, sizeof small);
    ck_assert_str_eq(small, "Б"); /* never half a character */
}
END_TEST

START_TEST(golden_sources)
{
    char names[AC_GOLDEN_MAX][128];
    int n = ac_golden_names(".mk61", 5, names);
    for (int i = 0; i < n; i++) {
        vm_program p, hex, again;
        static vm_decl d;
        asm_errors e;
        const char *src = ac_golden_text(names[i]);
        bool ok = asm_assemble(src, names[i], &p, &d, &e);
        char msg[256] = "";
        if (e.kept)
            asm_error_format(&e.error[0], msg, sizeof msg);
        ck_assert_msg(ok, "%s", msg);
        char hexname[140];
        snprintf(hexname, sizeof hexname, "%.*s.hex", (int)strlen(names[i]) - 5, names[i]);
        ck_assert(asm_hex_import(ac_golden_text(hexname), hexname, p.profile, &hex, NULL, &e));
        ck_assert_msg(p.length == hex.length, "%s: %d steps, expected %d", names[i], p.length,
                      hex.length);
        for (int a = 0; a < p.length; a++)
            ck_assert_msg(p.code[a] == hex.code[a], "%s: step %d is %02X, expected %02X",
                          names[i], a, p.code[a], hex.code[a]);
        /* And back through the listing. */
        asm_listing(&p, &d, 0, ac_text, sizeof ac_text);
        ac_assemble(ac_text, &again, NULL);
        ac_same_codes(&p, &again);
    }
}
END_TEST

START_TEST(listing_known)
{
    vm_program p;
    static vm_decl d;
    ac_assemble(ac_golden_text("basics.mk61"), &p, &d);
    asm_listing(&p, &d, 0, ac_text, sizeof ac_text);
    ck_assert_str_eq(ac_text,
                     "; mk61 program: 12 of 105 steps\n"
                     ".profile mk61\n"
                     ".start begin\n"
                     ".name 1 counter\n"
                     ".reg 1 3\n"
                     "\n"
                     "begin:\n"
                     "        Сx                      ; 00  0D\n"
                     "        П 0                     ; 01  40\n"
                     "loop:\n"
                     "        ИП 0                    ; 02  60\n"
                     "        1                       ; 03  01\n"
                     "        +                       ; 04  10\n"
                     "        П 0                     ; 05  40\n"
                     "        FL1 loop                ; 06  5B 02\n"
                     "        ИП 0                    ; 08  60\n"
                     "        С/П                     ; 09  50\n"
                     "        БП begin                ; 10  51 00\n");
    asm_listing(&p, &d, ASM_LATIN, ac_text, sizeof ac_text);
    ck_assert_ptr_nonnull(strstr(ac_text, "\n        GOTO begin              ; 10  51 00\n"));
    ck_assert_ptr_nonnull(strstr(ac_text, "\n        RM 0                    ; 02  60\n"));
    /* Made-up labels: L<address>, kept clear of the map's; a jump into an
     * instruction keeps its number; a label at the end. */
    vm_program q;
    vm_program_init(&q, VM_PROFILE_MK61);
    const uint16_t code[] = {0x51, 0x04, 0x51, 0x01, 0x50, 0x5E, 0x07};
    memcpy(q.code, code, sizeof code);
    q.length = 7;
    vm_decl_init(&d);
    strcpy(d.label[0], "L04");
    asm_listing(&q, &d, 0, ac_text, sizeof ac_text);
    ck_assert_str_eq(ac_text,
                     "; mk61 program: 7 of 105 steps\n"
                     ".profile mk61\n"
                     ".start L04\n"
                     "\n"
                     "L04:\n"
                     "        БП L04_2                ; 00  51 04\n"
                     "        БП 01                   ; 02  51 01\n"
                     "L04_2:\n"
                     "        С/П                     ; 04  50\n"
                     "        Fx=0 L07                ; 05  5E 07\n"
                     "L07:\n");
    int need = asm_listing(&q, &d, 0, NULL, 0);
    ck_assert_int_eq(need, (int)strlen(ac_text));
    /* Nothing declared: no names, no labels of the map. */
    asm_listing(&q, NULL, 0, ac_text, sizeof ac_text);
    ck_assert_ptr_nonnull(strstr(ac_text, ".start 0\n\n        БП L04  "));
}
END_TEST

START_TEST(listing_round_trip_random)
{
    ac_seed(61);
    static vm_decl d, again_decl;
    for (int i = 0; i < 3000; i++) {
        vm_program p, again;
        ac_random_program(&p, &d, i % 4 == 3);
        int n = asm_listing(&p, &d, i % 2 ? ASM_LATIN : 0, ac_text, sizeof ac_text);
        ck_assert_int_lt(n, (int)sizeof ac_text);
        ac_assemble(ac_text, &again, &again_decl);
        ac_same_program(&p, &d, &again, &again_decl);
    }
}
END_TEST

START_TEST(listing_keeps_the_source_map)
{
    vm_program p, again;
    static vm_decl d, again_decl;
    ac_assemble("first: ИП 0\nsecond:\nx: FL0 first\nБП x\nend:", &p, &d);
    asm_listing(&p, &d, 0, ac_text, sizeof ac_text);
    ac_assemble(ac_text, &again, &again_decl);
    ac_same_program(&p, &d, &again, &again_decl);
    ck_assert_str_eq(again_decl.label[0], "first");
    ck_assert_str_eq(again_decl.label[1], "second");
    ck_assert_str_eq(again_decl.label[5], "end");
}
END_TEST

Suite *disasm_suite(void)
{
    Suite *s = suite_create("disasm");
    TCase *tc = tcase_create("disasm");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, every_code_disassembles_and_assembles);
    tcase_add_test(tc, disasm_one);
    tcase_add_test(tc, golden_sources);
    tcase_add_test(tc, listing_known);
    tcase_add_test(tc, listing_round_trip_random);
    tcase_add_test(tc, listing_keeps_the_source_map);
    suite_add_tcase(s, tc);
    return s;
}
