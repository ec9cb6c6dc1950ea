/* The instruction set table against the reference (shared/reference/mk61.md). */
#include "emulator_tests.h"
#include "vm_isa.h"

#include <string.h>

START_TEST(documented_count)
{
    /* Counted by hand from the reference table: 16 codes 00..0F, 15 in
     * 10..1E, 20 in 20..3B, 13 in 50..5E, and 10 register families of 15. */
    ck_assert_int_eq(vm_op_count(), 16 + 15 + 20 + 13 + 10 * 15);
}
END_TEST

START_TEST(undocumented_codes_are_absent)
{
    const int holes[] = {0x1F, 0x27, 0x28, 0x29, 0x2B, 0x2C, 0x2D, 0x2E, 0x2F,
                         0x3C, 0x3D, 0x3E, 0x3F, 0x55, 0x56};
    for (size_t i = 0; i < sizeof holes / sizeof holes[0]; i++)
        ck_assert_msg(vm_op((uint8_t)holes[i]) == NULL, "code %02X", holes[i]);
    for (int hi = 0x4; hi <= 0xE; hi++)
        ck_assert_msg(vm_op((uint8_t)(hi << 4 | 0xF)) == NULL, "code %XF", hi);
    for (int c = 0xF0; c <= 0xFF; c++)
        ck_assert_msg(vm_op((uint8_t)c) == NULL, "code %02X", c);
}
END_TEST

START_TEST(known_codes)
{
    /* A sample of the reference table: code, format, Cyrillic name. */
    const struct { int code; vm_format fmt; const char *cyr; int reg; } want[] = {
        {0x00, VM_FMT_NONE, "0", 0},     {0x0E, VM_FMT_NONE, "В↑", 0},
        {0x0D, VM_FMT_NONE, "Сx", 0},    {0x10, VM_FMT_NONE, "+", 0},
        {0x14, VM_FMT_NONE, "↔", 0},     {0x34, VM_FMT_NONE, "К[x]", 0},
        {0x35, VM_FMT_NONE, "К{x}", 0},  {0x4E, VM_FMT_REG, "П", 14},
        {0x50, VM_FMT_NONE, "С/П", 0},   {0x51, VM_FMT_ADDR, "БП", 0},
        {0x52, VM_FMT_NONE, "В/О", 0},   {0x53, VM_FMT_ADDR, "ПП", 0},
        {0x5D, VM_FMT_ADDR, "FL0", 0},   {0x5E, VM_FMT_ADDR, "Fx=0", 0},
        {0x68, VM_FMT_REG, "ИП", 8},     {0xD4, VM_FMT_REG, "КИП", 4},
        {0xB0, VM_FMT_REG, "КП", 0},     {0x8A, VM_FMT_REG, "КБП", 10},
    };
    for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
        const vm_op_info *op = vm_op((uint8_t)want[i].code);
        ck_assert_msg(op != NULL, "code %02X missing", want[i].code);
        ck_assert_int_eq(op->code, want[i].code);
        ck_assert_int_eq(op->format, want[i].fmt);
        ck_assert_str_eq(op->cyrillic, want[i].cyr);
        ck_assert_int_eq(op->reg, want[i].reg);
        ck_assert_int_eq(vm_op_length(op), want[i].fmt == VM_FMT_ADDR ? 2 : 1);
    }
    /* x^y is the slow one: about 3 s against about 0.2 s for a digit. */
    ck_assert_uint_ge(vm_op(0x24)->ms, 10 * vm_op(0x01)->ms);
}
END_TEST

START_TEST(enum_matches_codes)
{
    ck_assert_int_eq(VM_OP_STOP, 0x50);
    ck_assert_int_eq(VM_OP_RCL, 0x60);
    ck_assert_int_eq(VM_OP_IXEQ0, 0xE0);
    ck_assert_int_eq(VM_OP_ENTER, 0x0E);
}
END_TEST

START_TEST(register_names)
{
    const char *names = "0123456789abcde";
    for (int r = 0; r < VM_REGISTERS; r++)
        ck_assert_int_eq(vm_reg_name(r), names[r]);
}
END_TEST

Suite *isa_suite(void)
{
    Suite *s = suite_create("isa");
    TCase *tc = tcase_create("isa");
    tcase_add_test(tc, documented_count);
    tcase_add_test(tc, undocumented_codes_are_absent);
    tcase_add_test(tc, known_codes);
    tcase_add_test(tc, enum_matches_codes);
    tcase_add_test(tc, register_names);
    suite_add_tcase(s, tc);
    return s;
}
