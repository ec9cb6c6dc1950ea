/*
 * The assembler, disassembler and hex dumps (docs/asm.md). Expected codes
 * are worked out by hand from the reference's opcode table
 * (shared/reference/mk61.md); the golden files in tests/emulator/asm/ hold
 * sources with their codes (*.mk61, *.hex) and bad sources with their
 * messages (*.bad, *.err).
 */
#define _POSIX_C_SOURCE 200809L
#include "asm.h"
#include "vm_check.h"
#include "vm_isa.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef ASM_GOLDEN_DIR
#error "ASM_GOLDEN_DIR: the folder of the golden files (tests/CMakeLists.txt)"
#endif

static char text[1 << 18]; /* listings and dumps */

/* Assembles src, failing the test with the first message on an error. */
static void must_assemble(const char *src, vm_program *p)
{
    asm_errors e;
    bool ok = asm_assemble(src, "t", p, &e);
    char msg[256] = "";
    if (e.kept)
        asm_error_format(&e.error[0], msg, sizeof msg);
    ck_assert_msg(ok, "%s\nin:\n%s", msg, src);
    ck_assert_int_eq(e.count, 0);
}

static void expect_codes(const char *src, const uint8_t *want, int n)
{
    vm_program p;
    must_assemble(src, &p);
    ck_assert_msg(p.length == n, "'%s': %d steps, expected %d", src, p.length, n);
    for (int i = 0; i < n; i++)
        ck_assert_msg(p.code[i] == want[i], "'%s': step %d is %02X, expected %02X", src, i,
                      p.code[i], want[i]);
}

/* The first error of src, formatted. */
static const char *first_error(const char *src)
{
    static char msg[256];
    vm_program p;
    asm_errors e;
    ck_assert(!asm_assemble(src, "t", &p, &e));
    ck_assert_int_ge(e.kept, 1);
    asm_error_format(&e.error[0], msg, sizeof msg);
    return msg;
}

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
        ck_assert_str_eq(p.reg_name[r], "");
    }
    ck_assert_int_eq(p.line[7], 0);
    ck_assert_str_eq(p.label[7], "");
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
        expect_codes(want[i].src, want[i].code, want[i].n);
}
END_TEST

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
        ck_assert_int_eq(asm_disasm_one(cells, len, 0, NULL, src, sizeof src), len);
        ck_assert_msg(src[0] != '.', "code %02X disassembles to %s", c, src);
        expect_codes(src, code, len);
        seen++;
    }
    ck_assert_int_eq(seen, vm_op_count());
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
                expect_codes(names[k], want, 1);
            } else if (op->format == VM_FMT_REG) {
                char r = vm_reg_name(op->reg);
                snprintf(src, sizeof src, "%s %c", names[k], r);
                expect_codes(src, want, 1);
                snprintf(src, sizeof src, "%s%c", names[k], r);
                expect_codes(src, want, 1);
                if (op->reg >= 10) {
                    snprintf(src, sizeof src, "%s %c", names[k], r - 'a' + 'A');
                    expect_codes(src, want, 1);
                    snprintf(src, sizeof src, "%s %s", names[k], cyr_reg[op->reg - 10]);
                    expect_codes(src, want, 1);
                }
            } else {
                snprintf(src, sizeof src, "%s 23", names[k]);
                expect_codes(src, want, 2);
                snprintf(src, sizeof src, "top: %s top", names[k]);
                want[1] = 0x00;
                expect_codes(src, want, 2);
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
    expect_codes("12", n12, 2);
    expect_codes("3,5", n35, 3);
    expect_codes("3.5", n35, 3);
    expect_codes("1.5e-3", small, 6);
    expect_codes("1,5ВП-3", small, 6);
    expect_codes(".5", point, 2);
    expect_codes(",5", point, 2);
    expect_codes("99999999e99", big, 11);
    const uint8_t two[] = {0x01, 0x02, 0x0E, 0x03, 0x04};
    expect_codes("12\nВ↑\n34", two, 5);
    ck_assert_str_eq(first_error("-5"), "t:1:2: unexpected '5' after -");
}
END_TEST

/* ---- labels and directives --------------------------------------------- */

START_TEST(labels_and_source_map)
{
    vm_program p;
    must_assemble("; a loop\n"
                  "        БП go      ; forward\n"
                  "top:\n"
                  "back:   ИП 1\n"
                  "        FL0 top    ; backward\n"
                  "go:     П 0\n"
                  "        Fx=0 end\n"
                  "        БП back\n"
                  "end:\n",
                  &p);
    const uint8_t want[] = {0x51, 0x05, 0x61, 0x5D, 0x02, 0x40, 0x5E, 0x10, 0x51, 0x02};
    ck_assert_int_eq(p.length, 10);
    ck_assert(vc_cells_are(p.code, want, (int)sizeof want));
    const int lines[] = {2, 2, 4, 5, 5, 6, 7, 7, 8, 8};
    for (int a = 0; a < 10; a++)
        ck_assert_int_eq(p.line[a], lines[a]);
    ck_assert_str_eq(p.label[2], "top"); /* the first label of the address */
    ck_assert_str_eq(p.label[5], "go");
    ck_assert_str_eq(p.label[10], "end");
    ck_assert_str_eq(p.label[0], "");
    /* Labels are case-sensitive. */
    ck_assert_str_eq(first_error("Top: БП top\n"), "t:1:9: undefined label 'top'");
}
END_TEST

START_TEST(directives)
{
    vm_program p;
    must_assemble(".profile mk61x\n"
                  ".start main\n"
                  ".reg 1 1,5\n"
                  ".reg Д -2\n"
                  ".reg 57 0.5\n"
                  ".name 1 S1\n"
                  ".name 99 счёт\n"
                  ".code 5A 0f ff\n"
                  "main: .code 00\n",
                  &p);
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
    ck_assert_str_eq(p.reg_name[1], "S1");
    ck_assert_str_eq(p.reg_name[99], "счёт");
    /* The defaults. */
    must_assemble("С/П\n", &p);
    ck_assert_int_eq(p.profile, VM_PROFILE_MK61);
    ck_assert_int_eq(p.start, 0);
    must_assemble(".PROFILE\tMK61X # any case\n.Start 104\n", &p);
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
    must_assemble(src, &p);
    ck_assert_int_eq(p.length, 105);
    ck_assert_int_eq(p.code[1], 0xA4);
    strcat(src, "КНОП\n");
    ck_assert_str_eq(first_error(src), "t:105:1: the program does not fit: mk61 has 105 steps, 00..104");
    /* mk61x holds 1000 steps, 000..999: jumps and labels up to 999. */
    ck_assert_str_eq(first_error(".profile mk61x\nБП 1000\n"),
                     "t:2:4: expected an address 0..999 (mk61x has 1000 steps), not 1000");
    ck_assert_str_eq(first_error(".profile mk61x\n.start 1000\n"),
                     "t:2:8: expected an address 0..999 (mk61x has 1000 steps), not 1000");
    ck_assert_str_eq(first_error("БП 105\n"),
                     "t:1:4: expected an address 0..104 (mk61 has 105 steps), not 105");
    must_assemble(".profile mk61x\nБП 159\nПП 160\nFL0 459\nFx=0 999\n.reg 99 1\n", &p);
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
    must_assemble(big, &p);
    ck_assert_int_eq(p.length, 1000);
    ck_assert_int_eq(p.code[1], 0x639);
    strcpy(big + strlen(big) - strlen("last: С/П\n"), "КНОП\nlast:\n");
    ck_assert_str_eq(first_error(big), "t:2:4: label 'last' is at 1000, past the last step (999)");
    ck_assert_str_eq(first_error(".reg 99 1\n"),
                     "t:1:6: expected a register: 0..9, a..e or a number 0..14 (mk61), not '99'");
    ck_assert_str_eq(first_error(".profile mk61x\nИП 15\n"),
                     "t:2:4: expected a register 0..9 or a..e after ИП, not '15'");
}
END_TEST

START_TEST(errors_are_kept_in_order)
{
    char src[512] = "БП nowhere\n";
    for (int i = 0; i < 14; i++)
        strcat(src, "frobnicate\n");
    vm_program p;
    asm_errors e;
    ck_assert(!asm_assemble(src, NULL, &p, &e));
    ck_assert_int_eq(e.count, 15);
    ck_assert_int_eq(e.kept, ASM_ERRORS_MAX);
    ck_assert_int_eq(e.error[0].line, 1); /* found last, sorted first */
    for (int i = 1; i < e.kept; i++)
        ck_assert_int_eq(e.error[i].line, i + 1);
    char msg[256];
    asm_error_format(&e.error[0], msg, sizeof msg);
    ck_assert_str_eq(msg, "1:4: undefined label 'nowhere'");
    ck_assert(asm_assemble("", "empty", &p, NULL));
    ck_assert_int_eq(p.length, 0);
}
END_TEST

/* ---- golden files ------------------------------------------------------ */

static char *read_file(const char *dir, const char *name)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    static char buf[4][1 << 15];
    static int which;
    char *b = buf[which++ % 4];
    size_t n = fread(b, 1, sizeof buf[0] - 1, f);
    b[n] = '\0';
    fclose(f);
    return b;
}

/* The golden files with this extension, sorted; returns how many. */
static int golden(const char *ext, char names[][128], int max)
{
    DIR *d = opendir(ASM_GOLDEN_DIR);
    ck_assert_msg(d != NULL, "cannot open %s", ASM_GOLDEN_DIR);
    int n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t len = strlen(e->d_name), el = strlen(ext);
        if (len > el && len < 100 && strcmp(e->d_name + len - el, ext) == 0 && n < max)
            memcpy(names[n++], e->d_name, len + 1);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], (int (*)(const void *, const void *))strcmp);
    return n;
}

START_TEST(golden_sources)
{
    char names[64][128];
    int n = golden(".mk61", names, 64);
    ck_assert_int_ge(n, 5);
    for (int i = 0; i < n; i++) {
        vm_program p, hex, again;
        asm_errors e;
        const char *src = read_file(ASM_GOLDEN_DIR, names[i]);
        bool ok = asm_assemble(src, names[i], &p, &e);
        char msg[256] = "";
        if (e.kept)
            asm_error_format(&e.error[0], msg, sizeof msg);
        ck_assert_msg(ok, "%s", msg);
        char hexname[140];
        snprintf(hexname, sizeof hexname, "%.*s.hex", (int)strlen(names[i]) - 5, names[i]);
        ck_assert(asm_hex_import(read_file(ASM_GOLDEN_DIR, hexname), hexname, p.profile, &hex, &e));
        ck_assert_msg(p.length == hex.length, "%s: %d steps, expected %d", names[i], p.length,
                      hex.length);
        for (int a = 0; a < p.length; a++)
            ck_assert_msg(p.code[a] == hex.code[a], "%s: step %d is %02X, expected %02X",
                          names[i], a, p.code[a], hex.code[a]);
        /* And back through the listing. */
        asm_listing(&p, 0, text, sizeof text);
        must_assemble(text, &again);
        ck_assert_int_eq(again.length, p.length);
        ck_assert_mem_eq(again.code, p.code, (size_t)p.length * sizeof p.code[0]);
    }
}
END_TEST

START_TEST(golden_errors)
{
    char names[64][128];
    int n = golden(".bad", names, 64);
    ck_assert_int_ge(n, 8);
    for (int i = 0; i < n; i++) {
        vm_program p;
        asm_errors e;
        ck_assert_msg(!asm_assemble(read_file(ASM_GOLDEN_DIR, names[i]), names[i], &p, &e),
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
        ck_assert_str_eq(got, read_file(ASM_GOLDEN_DIR, errname));
    }
}
END_TEST

/* ---- disassembler ------------------------------------------------------ */

START_TEST(disasm_one)
{
    char buf[64];
    const uint16_t c1[] = {0x68, 0x51, 0x23, 0x4A, 0xDE, 0x1F, 0x5D, 0x5A, 0x53, 0xA7, 0x51};
    ck_assert_int_eq(asm_disasm_one(c1, 11, 0, NULL, buf, sizeof buf), 1);
    ck_assert_str_eq(buf, "ИП 8");
    ck_assert_int_eq(asm_disasm_one(c1, 11, 1, NULL, buf, sizeof buf), 3);
    ck_assert_str_eq(buf, "БП 23");
    ck_assert_int_eq(asm_disasm_one(c1, 11, 3, NULL, buf, sizeof buf), 4);
    ck_assert_str_eq(buf, "П a");
    ck_assert_int_eq(asm_disasm_one(c1, 11, 4, NULL, buf, sizeof buf), 5);
    ck_assert_str_eq(buf, "КИП e");
    ck_assert_int_eq(asm_disasm_one(c1, 11, 5, NULL, buf, sizeof buf), 6);
    ck_assert_str_eq(buf, ".code 1F");
    ck_assert_int_eq(asm_disasm_one(c1, 11, 6, NULL, buf, sizeof buf), 8);
    ck_assert_str_eq(buf, ".code 5D 5A"); /* 5A is no address */
    ck_assert_int_eq(asm_disasm_one(c1, 11, 8, NULL, buf, sizeof buf), 10);
    ck_assert_str_eq(buf, "ПП 107");
    ck_assert_int_eq(asm_disasm_one(c1, 11, 10, NULL, buf, sizeof buf), 11);
    ck_assert_str_eq(buf, ".code 51"); /* no address byte left */
    ck_assert_int_eq(asm_disasm_one(c1, 11, 11, NULL, buf, sizeof buf), -1);
    ck_assert_str_eq(buf, "");
    ck_assert_int_eq(asm_disasm_one(c1, 11, -1, NULL, buf, sizeof buf), -1);
    /* With a map: the profile (107 is past mk61's end) and the labels. */
    vm_program map;
    vm_program_init(&map, VM_PROFILE_MK61);
    strcpy(map.label[23], "loop");
    ck_assert_int_eq(asm_disasm_one(c1, 11, 8, &map, buf, sizeof buf), 10);
    ck_assert_str_eq(buf, ".code 53 A7");
    asm_disasm_one(c1, 11, 1, &map, buf, sizeof buf);
    ck_assert_str_eq(buf, "БП loop");
    /* Cut to the buffer, snprintf-style. */
    char small[4];
    asm_disasm_one(c1, 11, 1, NULL, small, sizeof small);
    ck_assert_str_eq(small, "Б"); /* never half a character */
}
END_TEST

START_TEST(listing_known)
{
    vm_program p;
    must_assemble(read_file(ASM_GOLDEN_DIR, "basics.mk61"), &p);
    asm_listing(&p, 0, text, sizeof text);
    ck_assert_str_eq(text,
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
    asm_listing(&p, ASM_LATIN, text, sizeof text);
    ck_assert_ptr_nonnull(strstr(text, "\n        GOTO begin              ; 10  51 00\n"));
    ck_assert_ptr_nonnull(strstr(text, "\n        RM 0                    ; 02  60\n"));
    /* Made-up labels: L<address>, kept clear of the map's; a jump into an
     * instruction keeps its number; a label at the end. */
    vm_program q;
    vm_program_init(&q, VM_PROFILE_MK61);
    const uint16_t code[] = {0x51, 0x04, 0x51, 0x01, 0x50, 0x5E, 0x07};
    memcpy(q.code, code, sizeof code);
    q.length = 7;
    strcpy(q.label[0], "L04");
    asm_listing(&q, 0, text, sizeof text);
    ck_assert_str_eq(text,
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
    int need = asm_listing(&q, 0, NULL, 0);
    ck_assert_int_eq(need, (int)strlen(text));
}
END_TEST

static uint32_t seed;
static uint32_t rnd(uint32_t n)
{
    seed = seed * 1664525u + 1013904223u;
    return (seed >> 8) % n;
}

/* A random program: documented codes with valid addresses (or, with raw,
 * any bytes at all), registers, names and a start. */
static void random_program(vm_program *p, bool raw)
{
    static uint8_t documented[256];
    int ndoc = 0;
    for (int c = 0; c < 256; c++)
        if (vm_op((uint8_t)c))
            documented[ndoc++] = (uint8_t)c;
    vm_program_init(p, rnd(2) ? VM_PROFILE_MK61X : VM_PROFILE_MK61);
    const vm_profile *prof = vm_profile_get(p->profile);
    int len = (int)rnd((uint32_t)prof->steps + 1);
    for (int a = 0; a < len;) {
        if (raw) {
            p->code[a++] = (uint8_t)rnd(256);
            continue;
        }
        const vm_op_info *op = vm_op(documented[rnd((uint32_t)ndoc)]);
        if (op->format == VM_FMT_ADDR && a + 1 >= len)
            continue;
        p->code[a++] = op->code;
        if (op->format == VM_FMT_ADDR)
            p->code[a++] = vm_addr_encode((int)rnd((uint32_t)prof->steps));
    }
    p->length = len;
    p->start = (int)rnd((uint32_t)prof->steps);
    for (int k = (int)rnd(6); k > 0; k--) {
        int r = (int)rnd((uint32_t)prof->regs);
        p->reg_set[r] = true;
        p->reg_init[r] = (vm_num){(uint32_t)(10000000 + rnd(90000000)), (int16_t)((int)rnd(199) - 99),
                                  rnd(2) == 1, false};
        if (rnd(2))
            snprintf(p->reg_name[r], VM_LABEL_MAX, "r%u_%u", (unsigned)rnd(1000), (unsigned)r);
    }
}

static void same_program(const vm_program *a, const vm_program *b)
{
    ck_assert_int_eq(a->profile, b->profile);
    ck_assert_int_eq(a->length, b->length);
    ck_assert_mem_eq(a->code, b->code, (size_t)a->length * sizeof a->code[0]);
    ck_assert_int_eq(a->start, b->start);
    for (int r = 0; r < VM_MAX_REGS; r++) {
        ck_assert_int_eq(a->reg_set[r], b->reg_set[r]);
        ck_assert(vm_num_eq(a->reg_init[r], b->reg_init[r]));
        ck_assert_str_eq(a->reg_name[r], b->reg_name[r]);
    }
}

START_TEST(listing_round_trip_random)
{
    seed = 61;
    for (int i = 0; i < 3000; i++) {
        vm_program p, again;
        random_program(&p, i % 4 == 3);
        int n = asm_listing(&p, i % 2 ? ASM_LATIN : 0, text, sizeof text);
        ck_assert_int_lt(n, (int)sizeof text);
        must_assemble(text, &again);
        same_program(&p, &again);
    }
}
END_TEST

START_TEST(listing_keeps_the_source_map)
{
    vm_program p, again;
    must_assemble("first: ИП 0\nsecond:\nx: FL0 first\nБП x\nend:", &p);
    asm_listing(&p, 0, text, sizeof text);
    must_assemble(text, &again);
    same_program(&p, &again);
    ck_assert_str_eq(again.label[0], "first");
    ck_assert_str_eq(again.label[1], "second");
    ck_assert_str_eq(again.label[5], "end");
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
    seed = 5;
    for (int i = 0; i < 3000; i++) {
        char src[1024] = "";
        for (int k = (int)rnd(40); k > 0; k--)
            strcat(src, piece[rnd(sizeof piece / sizeof piece[0])]);
        vm_program p, again;
        asm_errors e;
        bool ok = asm_assemble(src, "g", &p, &e);
        ck_assert_int_eq(ok, e.count == 0);
        for (int k = 0; k < e.kept; k++)
            ck_assert(e.error[k].line >= 1 && e.error[k].col >= 1);
        if (ok) {
            asm_listing(&p, i % 2 ? ASM_LATIN : 0, text, sizeof text);
            must_assemble(text, &again);
            same_program(&p, &again);
        }
        asm_hex_import(src, "g", VM_PROFILE_MK61, &p, &e);
    }
}
END_TEST

/* ---- the table and hex dumps ------------------------------------------- */

START_TEST(table_known)
{
    vm_program p;
    must_assemble(read_file(ASM_GOLDEN_DIR, "basics.mk61"), &p);
    asm_table(p.code, p.length, text, sizeof text);
    ck_assert_str_eq(text, "00: 0D 40 60 01 10 40 5B 02 60 50\n10: 51 00\n");
    uint16_t code[101];
    for (int i = 0; i < 101; i++)
        code[i] = 0x54;
    asm_table(code, 101, text, sizeof text);
    ck_assert_str_eq(text + 5 * 35, " 50: 54 54 54 54 54 54 54 54 54 54\n"
                                    " 60: 54 54 54 54 54 54 54 54 54 54\n"
                                    " 70: 54 54 54 54 54 54 54 54 54 54\n"
                                    " 80: 54 54 54 54 54 54 54 54 54 54\n"
                                    " 90: 54 54 54 54 54 54 54 54 54 54\n"
                                    "100: 54\n");
    ck_assert_int_eq(asm_table(code, 0, text, sizeof text), 0);
}
END_TEST

START_TEST(hex_export_known)
{
    vm_program p;
    must_assemble(read_file(ASM_GOLDEN_DIR, "labels.mk61"), &p);
    asm_hex_export(&p, true, text, sizeof text);
    ck_assert_str_eq(text, "# mk61: 14 steps, start 00\n"
                           "51 05 22 52 1F 02 53 02 5E 13\n"
                           "87 5D 05 50\n");
    asm_hex_export(&p, false, text, sizeof text);
    ck_assert_str_eq(text, "51 05 22 52 1F 02 53 02 5E 13\n87 5D 05 50\n");
}
END_TEST

/* The header asm_hex_export writes is checked when it is there: a dump cut
 * short or read as the wrong profile is refused; the start is taken. */
START_TEST(hex_header_is_checked)
{
    vm_program p;
    asm_errors e;
    ck_assert(asm_hex_import("# mk61: 3 steps, start 01\n51 05 50\n", "t.hex", VM_PROFILE_MK61,
                             &p, &e));
    ck_assert_int_eq(p.length, 3);
    ck_assert_int_eq(p.start, 1);
    ck_assert(!asm_hex_import("# mk61: 12 steps, start 00\n51 05 50\n", "t.hex",
                              VM_PROFILE_MK61, &p, &e));
    ck_assert_int_eq(e.count, 1);
    ck_assert_int_eq(e.error[0].line, 2);
    ck_assert_msg(strstr(e.error[0].message, "says 12 steps, but 3 codes were read") != NULL,
                  "%s", e.error[0].message);
    ck_assert(!asm_hex_import("# mk61x: 3 steps, start 00\n51 05 50\n", "t.hex",
                              VM_PROFILE_MK61, &p, &e));
    ck_assert_msg(strstr(e.error[0].message, "the dump is for mk61x, not mk61") != NULL, "%s",
                  e.error[0].message);
    ck_assert(!asm_hex_import("# mk61: 1 steps, start 105\n50\n", "t.hex", VM_PROFILE_MK61,
                              &p, &e));
    /* Any other comment on line 1, or the header's shape elsewhere, is a
     * comment as before. */
    ck_assert(asm_hex_import("# mk61: three steps\n51 05 50\n", "t.hex", VM_PROFILE_MK61, &p,
                             &e));
    ck_assert(asm_hex_import("51 05\n# mk61: 9 steps, start 00\n50\n", "t.hex",
                             VM_PROFILE_MK61, &p, &e));
    ck_assert_int_eq(p.length, 3);
}
END_TEST

START_TEST(hex_round_trip_random)
{
    seed = 7;
    for (int i = 0; i < 2000; i++) {
        vm_program p, back;
        asm_errors e;
        random_program(&p, true);
        /* mk61x cells may be wider than a byte, up to 639 (address 999). */
        for (int a = 0; p.profile == VM_PROFILE_MK61X && a < p.length; a++)
            if (rnd(8) == 0)
                p.code[a] = (uint16_t)rnd(0x63A);
        asm_hex_export(&p, i % 2, text, sizeof text);
        ck_assert(asm_hex_import(text, "t.hex", p.profile, &back, &e));
        ck_assert_int_eq(back.length, p.length);
        ck_assert_mem_eq(back.code, p.code, (size_t)p.length * sizeof p.code[0]);
        asm_table(p.code, p.length, text, sizeof text);
        ck_assert(asm_hex_import(text, "t.hex", p.profile, &back, &e));
        ck_assert_int_eq(back.length, p.length);
        ck_assert_mem_eq(back.code, p.code, (size_t)p.length * sizeof p.code[0]);
    }
}
END_TEST

static const char *hex_error(const char *dump, vm_profile_id profile)
{
    static char msg[256];
    vm_program p;
    asm_errors e;
    ck_assert(!asm_hex_import(dump, "d.hex", profile, &p, &e));
    ck_assert_int_eq(e.kept, 1);
    asm_error_format(&e.error[0], msg, sizeof msg);
    return msg;
}

START_TEST(hex_import_forms_and_errors)
{
    vm_program p;
    ck_assert(asm_hex_import("# header\n\n00: 0d 40   # comment\r\n 02: 5B 02\n\n", NULL,
                             VM_PROFILE_MK61, &p, NULL));
    const uint8_t want[] = {0x0D, 0x40, 0x5B, 0x02};
    ck_assert_int_eq(p.length, 4);
    ck_assert(vc_cells_are(p.code, want, 4));
    ck_assert_int_eq(p.line[2], 4);
    ck_assert_str_eq(hex_error("0D 4G\n", VM_PROFILE_MK61),
                     "d.hex:1:4: expected a code, two hex digits 00..FF, not '4G'");
    ck_assert_str_eq(hex_error("0D 405\n", VM_PROFILE_MK61),
                     "d.hex:1:4: expected a code, two hex digits 00..FF, not '405'");
    ck_assert_str_eq(hex_error("00: 0D\n20: 0E\n", VM_PROFILE_MK61),
                     "d.hex:2:1: expected the address 01 here (where the codes have reached), not 20");
    char big[1024] = "";
    for (int i = 0; i < 11; i++)
        strcat(big, "00 00 00 00 00 00 00 00 00 00\n");
    ck_assert_str_eq(hex_error(big, VM_PROFILE_MK61),
                     "d.hex:11:16: too many codes: mk61 has 105 steps");
    ck_assert(asm_hex_import(big, NULL, VM_PROFILE_MK61X, &p, NULL));
    ck_assert_int_eq(p.length, 110);
    /* Three hex digits: mk61x's wide address cells, up to 639 only. */
    ck_assert(asm_hex_import("51 2D9 53 639 0A4\n", NULL, VM_PROFILE_MK61X, &p, NULL));
    const uint16_t wide[] = {0x51, 0x2D9, 0x53, 0x639, 0xA4};
    ck_assert_int_eq(p.length, 5);
    ck_assert_mem_eq(p.code, wide, sizeof wide);
    ck_assert_str_eq(hex_error("51 63A\n", VM_PROFILE_MK61X),
                     "d.hex:1:4: expected a code, two hex digits 00..FF or three up to 639, not '63A'");
    ck_assert_str_eq(hex_error("51 1000\n", VM_PROFILE_MK61X),
                     "d.hex:1:4: expected a code, two hex digits 00..FF or three up to 639, not '1000'");
    ck_assert_str_eq(hex_error("51 2D9\n", VM_PROFILE_MK61),
                     "d.hex:1:4: expected a code, two hex digits 00..FF, not '2D9'");
}
END_TEST

/* mk61x: jumps past 159 (БП 500, ПП 999) run, and come back the same from
 * the listing, the table and the hex dump. */
START_TEST(mk61x_far_jumps)
{
    static vm_program p, back;
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
    must_assemble(src, &p);
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
    int n = asm_listing(&p, 0, text, sizeof text);
    ck_assert_int_lt(n, (int)sizeof text);
    ck_assert_ptr_nonnull(strstr(text, "; mk61x program: 1000 of 1000 steps\n"));
    ck_assert_ptr_nonnull(strstr(text, "\n        БП L500                 ; 00  51 320\n"));
    ck_assert_ptr_nonnull(strstr(text, "\n        ПП sub                  ; 500  53 639\n"));
    must_assemble(text, &back);
    ck_assert_int_eq(back.length, 1000);
    ck_assert_mem_eq(back.code, p.code, sizeof p.code);
    /* The table: three digits for the wide cells. */
    asm_table(p.code, p.length, text, sizeof text);
    ck_assert_ptr_nonnull(strstr(text, " 00: 51 320 50 54 54"));
    ck_assert_ptr_nonnull(strstr(text, "\n500: 53 639 50 54"));
    ck_assert(asm_hex_import(text, "t", VM_PROFILE_MK61X, &back, NULL));
    ck_assert_int_eq(back.length, 1000);
    ck_assert_mem_eq(back.code, p.code, sizeof p.code);
    /* The hex dump. */
    asm_hex_export(&p, true, text, sizeof text);
    ck_assert_ptr_nonnull(strstr(text, "# mk61x: 1000 steps, start 00\n51 320 50 54"));
    ck_assert(asm_hex_import(text, "t", VM_PROFILE_MK61X, &back, NULL));
    ck_assert_int_eq(back.length, 1000);
    ck_assert_mem_eq(back.code, p.code, sizeof p.code);
    /* The same cells are no mk61 program: 320 is no mk61 code. */
    ck_assert(!asm_hex_import(text, "t", VM_PROFILE_MK61, &back, NULL));
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
    tcase_add_test(tc, every_code_disassembles_and_assembles);
    tcase_add_test(tc, every_spelling_assembles);
    tcase_add_test(tc, numbers);
    tcase_add_test(tc, labels_and_source_map);
    tcase_add_test(tc, directives);
    tcase_add_test(tc, limits_of_the_profiles);
    tcase_add_test(tc, errors_are_kept_in_order);
    tcase_add_test(tc, golden_sources);
    tcase_add_test(tc, golden_errors);
    tcase_add_test(tc, disasm_one);
    tcase_add_test(tc, listing_known);
    tcase_add_test(tc, listing_round_trip_random);
    tcase_add_test(tc, listing_keeps_the_source_map);
    tcase_add_test(tc, garbage_in);
    tcase_add_test(tc, table_known);
    tcase_add_test(tc, hex_export_known);
    tcase_add_test(tc, hex_round_trip_random);
    tcase_add_test(tc, hex_header_is_checked);
    tcase_add_test(tc, hex_import_forms_and_errors);
    tcase_add_test(tc, mk61x_far_jumps);
    suite_add_tcase(s, tc);
    return s;
}
