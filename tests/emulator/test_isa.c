/* The instruction set table against the reference (shared/reference/mk61.md),
 * and its behaviour columns against what the machine does. */
#include "vm_check.h"
#include "vm_isa.h"

#include <string.h>

/* The list as the test walks it: each row's first code and how many codes
 * it stands for. */
typedef struct row {
    int code, codes;
    const char *cyrillic;
} row;
#define ROW_OP(code, name, cyr, ...) {code, 1, cyr},
#define ROW_FAM(high, name, cyr, ...) {(high) << 4, VM_REGISTERS, cyr},
static const row rows[] = {VM_ISA(ROW_OP, ROW_FAM)};
#define ROWS ((int)(sizeof rows / sizeof rows[0]))

START_TEST(documented_count)
{
    /* Every code the list names is documented, under its row's name, and
     * no two rows name the same code: vm_op answers for as many codes as
     * the rows stand for, and vm_op_count says so. */
    int listed = 0, answered = 0;
    for (int i = 0; i < ROWS; i++) {
        for (int r = 0; r < rows[i].codes; r++) {
            const vm_op_info *op = vm_op((uint8_t)(rows[i].code + r));
            ck_assert_msg(op != NULL, "code %02X of the list is undocumented", rows[i].code + r);
            ck_assert_str_eq(op->cyrillic, rows[i].cyrillic);
        }
        listed += rows[i].codes;
    }
    for (int c = 0; c < 256; c++)
        answered += vm_op((uint8_t)c) != NULL;
    ck_assert_int_eq(answered, listed);
    ck_assert_int_eq(vm_op_count(), listed);
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

/* A register family in a set of codes: all 15 codes of the high nibble. */
#define FAMILY(high) (0x100 | (high) << 4)

/* Whether code is one of the n codes of set. */
static bool in_set(int code, const int *set, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (code == set[i] || (set[i] & 0x100 && code >> 4 == (set[i] >> 4 & 0xF)))
            return true;
    return false;
}
#define IN(code, ...) \
    in_set((code), (const int[]){__VA_ARGS__}, sizeof((const int[]){__VA_ARGS__}) / sizeof(int))

START_TEST(columns_as_the_reference_says)
{
    /* Every documented code's columns against the reference's table:
     * which take X and Y, which drop or lift the stack, the condition each
     * conditional jump tests, the register each loop counts in, the
     * functions' families, and where the real machine may differ. */
    for (int c = 0; c < 256; c++) {
        const vm_op_info *op = vm_op((uint8_t)c);
        if (!op)
            continue;
        /* + - × ÷ x^y max ∧ ∨ ⊕ */
        int operands = IN(c, C_ADD, C_SUB, C_MUL, C_DIV, 0x24, C_MAX, 0x37, 0x38, 0x39) ? 2
                     : IN(c, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1A, 0x1B, 0x1C, 0x1D, 0x1E, C_SQRT,
                          C_SQ, 0x23, 0x26, 0x2A, 0x30, C_ABS, C_SIGN, 0x33, C_INT, C_FRAC, 0x3A)
                         ? 1
                         : 0;
        ck_assert_msg(op->operands == operands, "%02X takes %d operands, want %d", c,
                      op->operands, operands);
        int effect = IN(c, C_ADD, C_SUB, C_MUL, C_DIV) ? -1
                   : IN(c, C_ENT, C_LASTX, C_PI, FAMILY(0x6), FAMILY(0xD)) ? 1 : 0;
        ck_assert_msg(op->effect == effect, "%02X moves the stack by %d, want %d", c, op->effect,
                      effect);
        vm_test test = IN(c, C_XNE0, FAMILY(0x7)) ? VM_TEST_NE0 : IN(c, C_XGE0, FAMILY(0x9)) ? VM_TEST_GE0
                     : IN(c, C_XLT0, FAMILY(0xC)) ? VM_TEST_LT0 : IN(c, C_XEQ0, FAMILY(0xE)) ? VM_TEST_EQ0
                     : VM_TEST_NONE;
        ck_assert_msg(op->test == test, "%02X tests %d, want %d", c, op->test, test);
        int loop = c == C_L0 ? 0 : c == C_L1 ? 1 : c == C_L2 ? 2 : c == C_L3 ? 3 : -1;
        ck_assert_msg(op->loop == loop, "%02X loops on %d, want %d", c, op->loop, loop);
        /* The functions' families, as docs/mk61.md ("Functions") says the
         * machine computes them: the adder's + − × ÷ 1/x max, the ИК1303's
         * transcendental ones, those on the register's digits as they are. */
        vm_fn fn = IN(c, C_ADD, C_SUB, C_MUL, C_DIV, 0x23, C_MAX) ? VM_FN_ARITH
                 : IN(c, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1A, 0x1B, 0x1C, 0x1D, 0x1E, 0x24)
                     ? VM_FN_TRANS
                 : IN(c, C_SQRT, C_SQ, 0x26, 0x2A, 0x30, 0x33) ? VM_FN_RAW
                 : IN(c, C_ABS, C_SIGN, C_INT, C_FRAC) ? VM_FN_PARTS
                 : IN(c, 0x37, 0x38, 0x39, 0x3A) ? VM_FN_BITS
                 : c == C_PI ? VM_FN_CONST
                 : VM_FN_NONE;
        ck_assert_msg(op->fn == fn, "%02X is function family %d, want %d", c, op->fn, fn);
        /* Where a program may part from the real machine, as
         * xcheck_portable.h lists the cases. */
        vm_port port =
            c <= C_EEX ? VM_PORT_ENTRY
            : IN(c, C_ADD, C_SUB, C_MUL, C_SQ) ? VM_PORT_WHOLE
            : IN(c, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1A, 0x1B, 0x1C, 0x1D, 0x1E, 0x24, 0x26, 0x2A,
                 0x30, 0x33, 0x37, 0x38, 0x39, 0x3A, 0x3B) ? VM_PORT_DIGITS
            : IN(c, C_L0, C_L1, C_L2, C_L3) ? VM_PORT_LOOP
            : c == C_GSB ? VM_PORT_CALL
            : IN(c, FAMILY(0x7), FAMILY(0x8), FAMILY(0x9), FAMILY(0xA), FAMILY(0xB), FAMILY(0xC),
                 FAMILY(0xD), FAMILY(0xE)) ? VM_PORT_POINTER
            : VM_PORT_SAME;
        ck_assert_msg(op->port == port, "%02X is portability class %d, want %d", c, op->port,
                      port);
    }
}
END_TEST

START_TEST(stack_effect_is_what_the_machine_does)
{
    /* Each step that is no jump, on X = 0.5, Y = 2, Z = 3, T = 4 (every
     * function has a result there): a drop leaves Z and T both the old T,
     * a lift puts the old Z in T, neither keeps Z and T (but F⟳, which
     * turns the stack, and number entry, whose lift the step before
     * decides). */
    for (int c = 0; c < 256; c++) {
        const vm_op_info *op = vm_op((uint8_t)c);
        if (!op || op->format == VM_FMT_ADDR || c <= C_EEX || c == C_ROT || c == C_STOP ||
            c == C_RTN || IN(c, FAMILY(0x7), FAMILY(0x8), FAMILY(0x9), FAMILY(0xA), FAMILY(0xB),
                   FAMILY(0xC), FAMILY(0xD), FAMILY(0xE)))
            continue;
        vm_machine m;
        vc_load(&m, VM_PROFILE_MK61, (const uint8_t[]){(uint8_t)c}, 1, 0);
        vc_set_stack(&m, "0.5", "2", "3", "4");
        ck_assert_msg(vm_step(&m, NULL) == VM_HALT_NONE, "%02X halted", c);
        const char *z = op->effect < 0 ? "4" : op->effect > 0 ? "2" : "3";
        const char *t = op->effect < 0 ? "4" : op->effect > 0 ? "3" : "4";
        ck_assert_msg(vm_num_eq(m.z, vc_num(z)) && vm_num_eq(m.t, vc_num(t)),
                      "%02X (effect %d): Z %g T %g, want %s %s", c, op->effect,
                      vm_num_to_double(m.z), vm_num_to_double(m.t), z, t);
    }
}
END_TEST

START_TEST(loop_register_is_the_one_counted)
{
    /* FL0..FL3 on counters 5 in every register: only the loop's own
     * register counts down, to 4 (in the integer form the loop writes). */
    const int loops[] = {C_L0, C_L1, C_L2, C_L3};
    for (int i = 0; i < 4; i++) {
        vm_machine m;
        vc_load(&m, VM_PROFILE_MK61, (const uint8_t[]){(uint8_t)loops[i], 0x00}, 2, 0);
        for (int r = 0; r < VM_REGISTERS; r++)
            m.reg[r] = vm_num_from_int(5);
        ck_assert_int_eq(vm_step(&m, NULL), VM_HALT_NONE);
        for (int r = 0; r < VM_REGISTERS; r++)
            ck_assert_msg(vm_num_to_double(m.reg[r]) == (r == i ? 4 : 5),
                          "FL%d: register %d is %g", i, r, vm_num_to_double(m.reg[r]));
    }
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
    tcase_add_test(tc, columns_as_the_reference_says);
    tcase_add_test(tc, stack_effect_is_what_the_machine_does);
    tcase_add_test(tc, loop_register_is_the_one_counted);
    suite_add_tcase(s, tc);
    return s;
}
