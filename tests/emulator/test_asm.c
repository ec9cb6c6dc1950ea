/*
 * The assembler (docs/asm.md): the program image, the instructions and
 * their spellings, numbers, labels and directives, and its messages.
 * Expected codes are worked out by hand from the reference's opcode table
 * (shared/reference/mk61.md); the golden files in tests/emulator/asm/ hold
 * bad sources with their messages (*.bad, *.err). The disassembler's and
 * the hex dumps' tests are test_disasm.c and test_hex.c.
 */
#include "asm_check.h"
#include "vm_check.h"
#include "vm_isa.h"

#include <stdio.h>
#include <string.h>

/* ---- the program image ------------------------------------------------- */

START_TEST(profiles)
{
    vm_profile_id id = VM_PROFILE_MK61;
    ck_assert_int_eq(vm_profile_get(VM_PROFILE_MK61)->steps, 105);
    ck_assert_int_eq(vm_profile_get(VM_PROFILE_MK61)->regs, 15);
    ck_assert_int_eq(vm_profile_get(VM_PROFILE_MK61X)->steps, 1000);
    ck_assert_int_eq(vm_profile_get(VM_PROFILE_MK61X)->regs, 100);
    ck_assert_ptr_eq(vm_profile_find("mk61x", &id), vm_profile_get(VM_PROFILE_MK61X));
    ck_assert_int_eq(id, VM_PROFILE_MK61X);
    ck_assert_str_eq(vm_profile_find("mk61", &id)->name, "mk61");
    ck_assert_int_eq(id, VM_PROFILE_MK61);
    ck_assert_ptr_null(vm_profile_find("mk52", &id));
}
END_TEST

START_TEST(address_bytes)
{
    /* The reference: address 45 is 0x45, 100..104 are 0xA0..0xA4; mk61x
     * goes on with (addr / 10) << 4 | addr % 10: 459 is 0x2D9, 999 0x639. */
    const struct { int addr; uint16_t byte; } want[] = {
        {0, 0x00}, {9, 0x09}, {10, 0x10}, {45, 0x45}, {99, 0x99},
        {100, 0xA0}, {104, 0xA4}, {107, 0xA7}, {110, 0xB0}, {159, 0xF9},
        {160, 0x100}, {459, 0x2D9}, {500, 0x320}, {999, 0x639},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        ck_assert_int_eq(vm_addr_encode(want[i].addr), want[i].byte);
        ck_assert_int_eq(vm_addr_decode(want[i].byte), want[i].addr);
    }
    ck_assert_int_eq(vm_addr_decode(0x5A), -1);
    ck_assert_int_eq(vm_addr_decode(0x0F), -1);
    ck_assert_int_eq(vm_addr_decode(0x2DA), -1);
    ck_assert_int_eq(vm_addr_decode(0xFFFF), -1);
    ck_assert_int_eq(vm_addr_encode(1000), 0xFFFF);
    ck_assert_int_eq(vm_addr_encode(-1), 0xFFFF);
    /* By hand, from the formula. */
    ck_assert_int_eq(vm_addr_encode(45), (4 << 4) | 5);
    ck_assert_int_eq(vm_addr_encode(104), (10 << 4) | 4);
    ck_assert_int_eq(vm_addr_encode(459), (45 << 4) | 9);
    ck_assert_int_eq(vm_addr_encode(999), (99 << 4) | 9);
    ck_assert_int_eq(vm_addr_decode((4 << 4) | 5), 45);
    ck_assert_int_eq(vm_addr_decode((10 << 4) | 4), 104);
    ck_assert_int_eq(vm_addr_decode((45 << 4) | 9), 459);
    ck_assert_int_eq(vm_addr_decode((99 << 4) | 9), 999);
    for (int a = 0; a < VM_MAX_STEPS; a++)
        ck_assert_int_eq(vm_addr_decode(vm_addr_encode(a)), a);
}
END_TEST

START_TEST(empty_program)
{
    vm_program p;
    memset(&p, 0x55, sizeof p);
    vm_program_init(&p, VM_PROFILE_MK61X);
    ck_assert_int_eq(p.profile, VM_PROFILE_MK61X);
    ck_assert_int_eq(p.length, 0);
    ck_assert_int_eq(p.start, 0);
    for (int r = 0; r < VM_MAX_REGS; r++) {
        ck_assert(!p.reg_set[r]);
        ck_assert(vm_num_is_zero(p.reg_init[r]));
    }
    /* Nothing declared: no names, no source map, no search. */
    static vm_decl d;
    memset(&d, 0x55, sizeof d);
    vm_decl_init(&d);
    for (int r = 0; r < VM_MAX_REGS; r++)
        ck_assert_str_eq(d.reg_name[r], "");
    ck_assert_int_eq(d.line[7], 0);
    ck_assert_str_eq(d.label[7], "");
    ck_assert(!d.search.declared);
    ck_assert_int_eq(d.search.node, -1);
    ck_assert_int_eq(d.search.mover, -1);
    ck_assert_int_eq(d.search.cut, -1);
    ck_assert_int_eq(d.search.ab_reg, -1);
    ck_assert_int_eq(d.search.alphabeta, VM_SEARCH_MINIMAX);
    ck_assert_int_eq(d.search.nbest, 0);
    /* The assembler asked for no declarations still reads them: .search
     * names registers by their .name. */
    ac_assemble(".name 3 L\n.search level L 0 L\n.search pit L\n.search mover L L\n"
                ".search side 1 2\n.search side 3 4\n.search node s\n.search done s\n"
                ".search final 1\ns: С/П\n", &p, NULL);
}
END_TEST

/* ---- instructions ------------------------------------------------------ */

START_TEST(spot_checks)
{
    /* By hand from the reference's table: the list itself is checked here. */
    const struct { const char *src; int n; uint8_t code[2]; } want[] = {
        {"0", 1, {0x00}}, {"9", 1, {0x09}}, {",", 1, {0x0A}}, {"/-/", 1, {0x0B}},
        {"ВП", 1, {0x0C}}, {"Сx", 1, {0x0D}}, {"В↑", 1, {0x0E}}, {"FВx", 1, {0x0F}},
        {"+", 1, {0x10}}, {"-", 1, {0x11}}, {"×", 1, {0x12}}, {"÷", 1, {0x13}},
        {"↔", 1, {0x14}}, {"F10ˣ", 1, {0x15}}, {"Feˣ", 1, {0x16}}, {"Flg", 1, {0x17}},
        {"Fln", 1, {0x18}}, {"Fsin⁻¹", 1, {0x19}}, {"Fcos⁻¹", 1, {0x1A}}, {"Ftg⁻¹", 1, {0x1B}},
        {"Fsin", 1, {0x1C}}, {"Fcos", 1, {0x1D}}, {"Ftg", 1, {0x1E}}, {"Fπ", 1, {0x20}},
        {"F√", 1, {0x21}}, {"Fx²", 1, {0x22}}, {"F1/x", 1, {0x23}}, {"Fxʸ", 1, {0x24}},
        {"F⟳", 1, {0x25}}, {"К|x|", 1, {0x31}}, {"КЗН", 1, {0x32}}, {"К[x]", 1, {0x34}},
        {"К{x}", 1, {0x35}}, {"Кmax", 1, {0x36}}, {"К∧", 1, {0x37}}, {"К∨", 1, {0x38}},
        {"К⊕", 1, {0x39}}, {"КИНВ", 1, {0x3A}}, {"КСЧ", 1, {0x3B}}, {"П 0", 1, {0x40}},
        {"x→П e", 1, {0x4E}}, {"С/П", 1, {0x50}}, {"БП 23", 2, {0x51, 0x23}},
        {"В/О", 1, {0x52}}, {"ПП 104", 2, {0x53, 0xA4}}, {"КНОП", 1, {0x54}},
        {"Fx≠0 10", 2, {0x57, 0x10}}, {"FL2 0", 2, {0x58, 0x00}}, {"Fx≥0 99", 2, {0x59, 0x99}},
        {"FL3 5", 2, {0x5A, 0x05}}, {"FL1 45", 2, {0x5B, 0x45}}, {"Fx<0 100", 2, {0x5C, 0xA0}},
        {"FL0 9", 2, {0x5D, 0x09}}, {"Fx=0 12", 2, {0x5E, 0x12}}, {"ИП 8", 1, {0x68}},
        {"Кx≠0 3", 1, {0x73}}, {"КБП a", 1, {0x8A}}, {"Кx≥0 1", 1, {0x91}},
        {"КПП e", 1, {0xAE}}, {"КП 0", 1, {0xB0}}, {"Кx<0 7", 1, {0xC7}},
        {"КИП 4", 1, {0xD4}}, {"Кx=0 d", 1, {0xED}},
        /* The Latin names of the reference's listings. */
        {"RM 8", 1, {0x68}}, {"M 8", 1, {0x48}}, {"GOTO 23", 2, {0x51, 0x23}},
        {"GSB 5", 2, {0x53, 0x05}}, {"RTN", 1, {0x52}}, {"R/S", 1, {0x50}},
        {"ENT", 1, {0x0E}}, {"CX", 1, {0x0D}}, {"EE", 1, {0x0C}},
        /* Variants people type. */
        {"ИП8", 1, {0x68}}, {"ИПА", 1, {0x6A}}, {"ИП В", 1, {0x6B}}, {"П С", 1, {0x4C}},
        {"П Д", 1, {0x4D}}, {"ИП Е", 1, {0x6E}}, {"ип 8", 1, {0x68}}, {"кип д", 1, {0xDD}},
        {"F x=0 7", 2, {0x5E, 0x07}}, {"f x=0 07", 2, {0x5E, 0x07}}, {"K [x]", 1, {0x34}},
        {"K{x}", 1, {0x35}}, {"x->П 3", 1, {0x43}}, {"Fx!=0 5", 2, {0x57, 0x05}},
        {"x>=0 5", 2, {0x59, 0x05}}, {"x^2", 1, {0x22}}, {"10^x", 1, {0x15}},
        {"e^x", 1, {0x16}}, {"sqrt", 1, {0x21}}, {"F sqrt", 1, {0x21}}, {"1/x", 1, {0x23}},
        {"pi", 1, {0x20}}, {"*", 1, {0x12}}, {"/", 1, {0x13}}, {"rm 8", 1, {0x68}},
        {"goto 5", 2, {0x51, 0x05}}, {"КИП4", 1, {0xD4}}, {"B/O", 1, {0x52}},
        {"C/П", 1, {0x50}}, {"Cx", 1, {0x0D}}, {"K max", 1, {0x36}}, {"KMA", 1, {0xBA}},
        {"max", 1, {0x36}}, {"F L0 3", 2, {0x5D, 0x03}}, {"KX=0 E", 1, {0xEE}},
        {"K x≠0 2", 1, {0x72}}, {"КП→x 5", 1, {0xD5}}, {"П→x 5", 1, {0x65}},
        {"Кx→П 5", 1, {0xB5}}, {"ПП 5", 2, {0x53, 0x05}}, {"КПП 5", 1, {0xA5}},
        {"КППА", 1, {0xAA}}, {"−", 1, {0x11}}, {"K INT", 1, {0x34}}, {"F SIN", 1, {0x1C}},
        {"  ИП 8  ", 1, {0x68}}, {"ИП 8\r", 1, {0x68}},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++)
        ac_expect_codes(want[i].src, want[i].code, want[i].n);
}
END_TEST

/* Every spelling of every documented code, with its operand written in every
 * accepted way, gives that code. */
START_TEST(every_spelling_assembles)
{
    static const char *const cyr_reg[] = {"А", "В", "С", "Д", "Е"};
    for (int c = 0; c < 256; c++) {
        const vm_op_info *op = vm_op((uint8_t)c);
        if (!op)
            continue;
        char names[ASM_SPELLINGS_MAX][ASM_SPELLING_MAX];
        int n = asm_spellings((uint8_t)c, names, ASM_SPELLINGS_MAX);
        ck_assert_int_ge(n, 1);
        ck_assert_str_eq(names[0], op->cyrillic);
        char src[ASM_SPELLINGS_MAX * ASM_SPELLING_MAX + 32];
        for (int k = 0; k < n; k++) {
            uint8_t want[2] = {(uint8_t)c, 0x23};
            if (op->format == VM_FMT_NONE) {
                ac_expect_codes(names[k], want, 1);
            } else if (op->format == VM_FMT_REG) {
                char r = vm_reg_name(op->reg);
                snprintf(src, sizeof src, "%s %c", names[k], r);
                ac_expect_codes(src, want, 1);
                snprintf(src, sizeof src, "%s%c", names[k], r);
                ac_expect_codes(src, want, 1);
                if (op->reg >= 10) {
                    snprintf(src, sizeof src, "%s %c", names[k], r - 'a' + 'A');
                    ac_expect_codes(src, want, 1);
                    snprintf(src, sizeof src, "%s %s", names[k], cyr_reg[op->reg - 10]);
                    ac_expect_codes(src, want, 1);
                }
            } else {
                snprintf(src, sizeof src, "%s 23", names[k]);
                ac_expect_codes(src, want, 2);
                snprintf(src, sizeof src, "top: %s top", names[k]);
                want[1] = 0x00;
                ac_expect_codes(src, want, 2);
            }
        }
    }
    /* The register family's spellings do not depend on the register. */
    char a[ASM_SPELLINGS_MAX][ASM_SPELLING_MAX], b[ASM_SPELLINGS_MAX][ASM_SPELLING_MAX];
    ck_assert_int_eq(asm_spellings(0x60, a, ASM_SPELLINGS_MAX), asm_spellings(0x6E, b, ASM_SPELLINGS_MAX));
    ck_assert_str_eq(a[1], "RM");
    ck_assert_int_eq(asm_spellings(0x1F, a, ASM_SPELLINGS_MAX), 0);
}
END_TEST

START_TEST(numbers)
{
    const uint8_t n12[] = {0x01, 0x02};
    const uint8_t n35[] = {0x03, 0x0A, 0x05};
    const uint8_t small[] = {0x01, 0x0A, 0x05, 0x0C, 0x03, 0x0B};
    const uint8_t point[] = {0x0A, 0x05};
    const uint8_t big[] = {0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x09, 0x0C, 0x09, 0x09};
    ac_expect_codes("12", n12, 2);
    ac_expect_codes("3,5", n35, 3);
    ac_expect_codes("3.5", n35, 3);
    ac_expect_codes("1.5e-3", small, 6);
    ac_expect_codes("1,5ВП-3", small, 6);
    ac_expect_codes(".5", point, 2);
    ac_expect_codes(",5", point, 2);
    ac_expect_codes("99999999e99", big, 11);
    const uint8_t two[] = {0x01, 0x02, 0x0E, 0x03, 0x04};
    ac_expect_codes("12\nВ↑\n34", two, 5);
}
END_TEST

/* ---- labels and directives --------------------------------------------- */

START_TEST(labels_and_source_map)
{
    vm_program p;
    static vm_decl d;
    ac_assemble("; a loop\n"
                  "        БП go      ; forward\n"
                  "top:\n"
                  "back:   ИП 1\n"
                  "        FL0 top    ; backward\n"
                  "go:     П 0\n"
                  "        Fx=0 end\n"
                  "        БП back\n"
                  "end:\n",
                  &p, &d);
    const uint8_t want[] = {0x51, 0x05, 0x61, 0x5D, 0x02, 0x40, 0x5E, 0x10, 0x51, 0x02};
    ck_assert_int_eq(p.length, 10);
    ck_assert(vc_cells_are(p.code, want, (int)sizeof want));
    const int lines[] = {2, 2, 4, 5, 5, 6, 7, 7, 8, 8};
    for (int a = 0; a < 10; a++)
        ck_assert_int_eq(d.line[a], lines[a]);
    ck_assert_str_eq(d.label[2], "top"); /* the first label of the address */
    ck_assert_str_eq(d.label[5], "go");
    ck_assert_str_eq(d.label[10], "end");
    ck_assert_str_eq(d.label[0], "");
}
END_TEST

START_TEST(directives)
{
    vm_program p;
    static vm_decl d;
    ac_assemble(".profile mk61x\n"
                  ".start main\n"
                  ".reg 1 1,5\n"
                  ".reg Д -2\n"
                  ".reg 57 0.5\n"
                  ".name 1 S1\n"
                  ".name 99 счёт\n"
                  ".code 5A 0f ff\n"
                  "main: .code 00\n",
                  &p, &d);
    ck_assert_int_eq(p.profile, VM_PROFILE_MK61X);
    ck_assert_int_eq(p.start, 3);
    ck_assert_int_eq(p.length, 4);
    const uint8_t want[] = {0x5A, 0x0F, 0xFF, 0x00};
    ck_assert(vc_cells_are(p.code, want, 4));
    /* value = mant * 10^(exp - 7) (vm_num.h). */
    ck_assert(p.reg_set[1] && p.reg_set[13] && p.reg_set[57] && !p.reg_set[0]);
    ck_assert(p.reg_init[1].mant == 15000000 && p.reg_init[1].exp == 0 && !p.reg_init[1].neg);
    ck_assert(p.reg_init[13].mant == 20000000 && p.reg_init[13].exp == 0 && p.reg_init[13].neg);
    ck_assert(p.reg_init[57].mant == 50000000 && p.reg_init[57].exp == -1);
    ck_assert_str_eq(d.reg_name[1], "S1");
    ck_assert_str_eq(d.reg_name[99], "счёт");
    /* The defaults. */
    ac_assemble("С/П\n", &p, NULL);
    ck_assert_int_eq(p.profile, VM_PROFILE_MK61);
    ck_assert_int_eq(p.start, 0);
    ac_assemble(".PROFILE\tMK61X # any case\n.Start 104\n", &p, NULL);
    ck_assert_int_eq(p.profile, VM_PROFILE_MK61X);
    ck_assert_int_eq(p.start, 104);
}
END_TEST

START_TEST(limits_of_the_profiles)
{
    vm_program p;
    /* mk61 holds 105 steps, 00..104: a jump to 104 is fine. */
    char src[2048] = "БП 104\n";
    for (int i = 0; i < 103; i++)
        strcat(src, "КНОП\n");
    ac_assemble(src, &p, NULL);
    ck_assert_int_eq(p.length, 105);
    ck_assert_int_eq(p.code[1], 0xA4);
    strcat(src, "КНОП\n");
    ck_assert_str_eq(ac_first_error(src),
                     "t:105:1: the program does not fit: mk61 has 105 steps, 00..104");
    /* mk61x holds 1000 steps, 000..999: jumps and labels up to 999. */
    ac_assemble(".profile mk61x\nБП 159\nПП 160\nFL0 459\nFx=0 999\n.reg 99 1\n", &p, NULL);
    ck_assert_int_eq(p.code[1], 0xF9);
    ck_assert_int_eq(p.code[3], 0x100);
    ck_assert_int_eq(p.code[5], 0x2D9);
    ck_assert_int_eq(p.code[7], 0x639);
    /* A label at 999 is the last one mk61x can reach; at 1000 it is past. */
    static char big[16384];
    strcpy(big, ".profile mk61x\nБП last\n");
    for (int i = 0; i < 997; i++)
        strcat(big, "КНОП\n");
    strcat(big, "last: С/П\n");
    ac_assemble(big, &p, NULL);
    ck_assert_int_eq(p.length, 1000);
    ck_assert_int_eq(p.code[1], 0x639);
    strcpy(big + strlen(big) - strlen("last: С/П\n"), "КНОП\nlast:\n");
    ck_assert_str_eq(ac_first_error(big),
                     "t:2:4: label 'last' is at 1000, past the last step (999)");
}
END_TEST

/* Sources past a profile's limits, and their first message. */
START_TEST(errors_at_the_limits)
{
    static const struct { const char *src, *msg; } cases[] = {
        {".profile mk61x\nБП 1000\n",
         "t:2:4: expected an address 0..999 (mk61x has 1000 steps), not 1000"},
        {".profile mk61x\n.start 1000\n",
         "t:2:8: expected an address 0..999 (mk61x has 1000 steps), not 1000"},
        {"БП 105\n", "t:1:4: expected an address 0..104 (mk61 has 105 steps), not 105"},
        {".reg 99 1\n",
         "t:1:6: expected a register: 0..9, a..e or a number 0..14 (mk61), not '99'"},
        {".profile mk61x\nИП 15\n", "t:2:4: expected a register 0..9 or a..e after ИП, not '15'"},
        {"-5", "t:1:2: unexpected '5' after -"},
        {"Top: БП top\n", "t:1:9: undefined label 'top'"}, /* labels are case-sensitive */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        ck_assert_str_eq(ac_first_error(cases[i].src), cases[i].msg);
}
END_TEST

START_TEST(errors_are_kept_in_order)
{
    char src[512] = "БП nowhere\n";
    for (int i = 0; i < 14; i++)
        strcat(src, "frobnicate\n");
    vm_program p;
    asm_errors e;
    ck_assert(!asm_assemble(src, NULL, &p, NULL, &e));
    ck_assert_int_eq(e.count, 15);
    ck_assert_int_eq(e.kept, ASM_ERRORS_MAX);
    ck_assert_int_eq(e.error[0].line, 1); /* found last, sorted first */
    for (int i = 1; i < e.kept; i++)
        ck_assert_int_eq(e.error[i].line, i + 1);
    char msg[256];
    asm_error_format(&e.error[0], msg, sizeof msg);
    ck_assert_str_eq(msg, "1:4: undefined label 'nowhere'");
    ck_assert(asm_assemble("", "empty", &p, NULL, NULL));
    ck_assert_int_eq(p.length, 0);
}
END_TEST

START_TEST(golden_errors)
{
    char names[AC_GOLDEN_MAX][128];
    int n = ac_golden_names(".bad", 8, names);
    for (int i = 0; i < n; i++) {
        vm_program p;
        asm_errors e;
        ck_assert_msg(!asm_assemble(ac_golden_text(names[i]), names[i], &p, NULL, &e),
                      "%s assembles", names[i]);
        char got[4096] = "", errname[140];
        ck_assert_int_eq(e.count, e.kept);
        for (int k = 0; k < e.kept; k++) {
            char line[256];
            asm_error_format(&e.error[k], line, sizeof line);
            strcat(got, line);
            strcat(got, "\n");
        }
        snprintf(errname, sizeof errname, "%.*s.err", (int)strlen(names[i]) - 4, names[i]);
        ck_assert_str_eq(got, ac_golden_text(errname));
    }
}
END_TEST

/* Sources stuck together from pieces, broken UTF-8 among them: no crash, a
 * place for every error, and what assembles comes back from its listing. */
START_TEST(garbage_in)
{
    static const char *const piece[] = {
        "ИП", "П", "БП", "FL0", "Fx=0", "К", "F", " ", "\t", "\n", "\r\n", ":", ".", ",",
        "1", "23", "104", "a", "e", "x", "lab", "lab:", ".code", " 5A", ".reg", ".name",
        ".start", ".profile mk61x", "#", ";", "\xFF", "\xD0", "\xE2\x82", "→", "≠", "−",
        "ВП", "А", "Д", "999999999", "e-", "К[x]", "GOTO", "RM", "x→П", "1.5e-3", "Сx",
        "a_label_that_is_much_too_long_to_keep",
    };
    ac_seed(5);
    for (int i = 0; i < 3000; i++) {
        char src[1024] = "";
        for (int k = (int)ac_rnd(40); k > 0; k--)
            strcat(src, piece[ac_rnd(sizeof piece / sizeof piece[0])]);
        vm_program p, again;
        static vm_decl d, again_decl;
        asm_errors e;
        bool ok = asm_assemble(src, "g", &p, &d, &e);
        ck_assert_int_eq(ok, e.count == 0);
        for (int k = 0; k < e.kept; k++)
            ck_assert(e.error[k].line >= 1 && e.error[k].col >= 1);
        if (ok) {
            asm_listing(&p, &d, i % 2 ? ASM_LATIN : 0, ac_text, sizeof ac_text);
            ac_assemble(ac_text, &again, &again_decl);
            ac_same_program(&p, &d, &again, &again_decl);
        }
        asm_hex_import(src, "g", VM_PROFILE_MK61, &p, &d, &e);
    }
}
END_TEST

Suite *asm_suite(void)
{
    Suite *s = suite_create("asm");
    TCase *tc = tcase_create("asm");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, profiles);
    tcase_add_test(tc, address_bytes);
    tcase_add_test(tc, empty_program);
    tcase_add_test(tc, spot_checks);
    tcase_add_test(tc, every_spelling_assembles);
    tcase_add_test(tc, numbers);
    tcase_add_test(tc, labels_and_source_map);
    tcase_add_test(tc, directives);
    tcase_add_test(tc, limits_of_the_profiles);
    tcase_add_test(tc, errors_at_the_limits);
    tcase_add_test(tc, errors_are_kept_in_order);
    tcase_add_test(tc, golden_errors);
    tcase_add_test(tc, garbage_in);
    suite_add_tcase(s, tc);
    return s;
}
