/* Decimal numbers: arithmetic, the machine's register form, text,
 * functions. Every result of an operation is a fact of the real MK-61
 * (vm_check.h): VC_OP("a", op, "b", want) is a ВП-typed a, В↑, b and the
 * operation, as the instrument ran it, X compared by value or nibble for
 * nibble ("raw:"); the functions are cases of keys. The text forms and the
 * representation follow vm_num.h. */
#include "vm_check.h"
#include "vm_num.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static vm_num r; /* the result of the operation under test */

static vm_num add(const char *a, const char *b)
{
    vm_num s;
    ck_assert_int_eq(vm_num_add(vc_num(a), vc_num(b), &s), VM_NUM_OK);
    return s;
}

static vm_num_status f1(uint8_t code, const char *x, vm_angle angle)
{
    return vm_num_fn1(code, vc_num(x), angle, &r);
}

static vm_num_status f2(uint8_t code, const char *x, const char *y)
{
    return vm_num_fn2(code, vc_num(x), vc_num(y), &r);
}

START_TEST(fields_are_normalised)
{
    vm_num one = vm_num_from_int(1);
    ck_assert_int_eq(one.mant, 10000000);
    ck_assert_int_eq(one.exp, 0);
    ck_assert(!one.neg);
    vm_num v = vc_num("12.345");
    ck_assert_int_eq(v.mant, 12345000);
    ck_assert_int_eq(v.exp, 1);
    v = vc_num("0.1");
    ck_assert_int_eq(v.mant, 10000000);
    ck_assert_int_eq(v.exp, -1);
    v = vc_num("-0.00500");
    ck_assert_int_eq(v.mant, 50000000);
    ck_assert_int_eq(v.exp, -3);
    ck_assert(v.neg);
    v = vm_num_zero();
    ck_assert(v.mant == 0 && v.exp == 0 && !v.neg);
}
END_TEST

/* a op b as the machine computes it: a in Y, b in X. */
typedef struct vc_op {
    const char *a;
    char op;
    const char *b, *want;
} vc_op;
#define VC_OP(a, op, b, want) {a, op, b, want}

static vm_num_status apply(const vc_op *o, vm_num *out)
{
    vm_num a = vc_num(o->a), b = vc_num(o->b);
    switch (o->op) {
    case '+': return vm_num_add(a, b, out);
    case '-': return vm_num_sub(a, b, out);
    case '*': return vm_num_mul(a, b, out);
    default: return vm_num_div(a, b, out);
    }
}

static void op_table(const vc_op *ops, size_t n, vm_num_status want_status)
{
    for (size_t i = 0; i < n; i++) {
        vm_num out = vc_num("7");
        vm_num_status st = apply(&ops[i], &out);
        ck_assert_msg(st == want_status, "%s %c %s: status %d, want %d", ops[i].a, ops[i].op,
                      ops[i].b, (int)st, (int)want_status);
        ck_assert_msg(vc_value_is(out, ops[i].want), "%s %c %s is raw:%012llX, want %s", ops[i].a,
                      ops[i].op, ops[i].b, (unsigned long long)vm_num_to_raw(out), ops[i].want);
    }
}
#define OP_TABLE(ops, status) op_table((ops), sizeof(ops) / sizeof((ops)[0]), (status))

START_TEST(decimal_arithmetic)
{
    /* Decimal, not binary: 0.1 + 0.2 is 0.3 (measured). */
    static const vc_op ops[] = {
        VC_OP("0.1", '+', "0.2", "0.3"),
        VC_OP("99999999", '+', "1", "100000000"),
        VC_OP("10", '/', "4", "2.5"),
        VC_OP("12", '+', "5", "17"),
        VC_OP("123", '-', "456", "-333"),
        VC_OP("0.1", '*', "0.1", "0.01"),
        VC_OP("1.5", '*', "1.5", "2.25"),
        VC_OP("1234.5678", '+', "0.0001", "1234.5679"),
        VC_OP("-2", '*', "3", "-6"),
        VC_OP("-2", '*', "-3", "6"),
        VC_OP("-6", '/', "3", "-2"),
        VC_OP("-6", '/', "-3", "2"),
        VC_OP("5", '+', "-7", "-2"),
        VC_OP("-5", '+', "7", "2"),
        VC_OP("99999999", '-', "99999998", "1"),
        VC_OP("1.0000001", '-', "1", "0.0000001"),
        VC_OP("1.2345678", '-', "1.2345677", "0.0000001"),
        VC_OP("1e50", '*', "1e49", "1e99"),
        VC_OP("1e-50", '*', "1e-49", "1e-99"),
        VC_OP("1e99", '/', "1", "1e99"),
        VC_OP("1e-20", '/', "1e70", "1e-90"),
    };
    OP_TABLE(ops, VM_NUM_OK);
    /* 0.1 added ten times is exactly 1 (each sum is one of the rows'
     * kind: two decimal fractions of few digits). */
    vm_num s = vm_num_zero();
    for (int i = 0; i < 10; i++)
        ck_assert_int_eq(vm_num_add(s, vc_num("0.1"), &s), VM_NUM_OK);
    ck_assert_num(s, "1");
}
END_TEST

START_TEST(results_rounded_as_measured)
{
    /* + − × round to 8 digits as the machine's adder does; ÷ truncates.
     * 1 − 1e-9 is 1, 1e8 − 1 is 1e8, 99999999 + 9 is 1.0000001e8, 3 ×
     * 0.33333333 is 0.99999999 (measured). */
    static const vc_op ops[] = {
        VC_OP("1", '/', "3", "0.33333333"),
        VC_OP("2", '/', "3", "0.66666666"),
        VC_OP("-2", '/', "3", "-0.66666666"),
        VC_OP("20", '/', "3", "6.6666666"),
        VC_OP("1e8", '-', "1", "100000000"),
        VC_OP("3", '*', "3.3333333e-1", "0.99999999"),
        VC_OP("1", '-', "3.3333333e-1", "0.6666667"),
        VC_OP("99999999", '*', "99999999", "9.9999998e15"),
        VC_OP("12345678", '+', "0.9", "12345679"),
        VC_OP("-12345678", '+', "-0.9", "-12345679"),
        VC_OP("99999999", '+', "9", "100000010"),
        VC_OP("99999999", '+', "5", "100000000"),
        VC_OP("1", '-', "1e-9", "1"),
        VC_OP("1", '+', "1e-20", "1"),
        VC_OP("1", '-', "1e-20", "1"),
        VC_OP("5", '-', "1e-60", "5"),
        VC_OP("-5", '-', "-1e-60", "-5"),
        VC_OP("12345678", '-', "0.5", "12345678"),
        VC_OP("12345678", '+', "0.5", "12345679"),
        VC_OP("1.2345678e20", '+', "12345678", "1.2345678e20"),
        VC_OP("1e8", '-', "0.5", "100000000"),
        VC_OP("1", '-', "6e-8", "0.9999999"),
        VC_OP("1", '-', "5.1e-8", "1"),
        VC_OP("1", '+', "4.5e-8", "1.0000001"),
        VC_OP("1", '+', "4.9999999e-8", "1.0000001"),
        VC_OP("2", '+', "8.1234567", "10.123457"),
        VC_OP("0.5", '*', "8.1234567", "4.0617284"),
        VC_OP("1e50", '-', "1", "1e50"),
        /* A cancellation keeps what the rounding left. */
        VC_OP("1e50", '-', "9.9999999e49", "0"),
        VC_OP("-3.0000001e-1", '+', "3e-1", "-1e-8"),
        VC_OP("1e-92", '-', "9.9999999e-93", "0"),
    };
    OP_TABLE(ops, VM_NUM_OK);
}
END_TEST

START_TEST(signs_and_zero)
{
    /* Zero results have no sign (measured: each shows " 0." and its
     * register holds 000000000000). */
    static const vc_op zeros[] = {
        VC_OP("5", '-', "5", "raw:000000000000"),
        VC_OP("-3", '+', "3", "raw:000000000000"),
        VC_OP("1.5", '-', "1.5", "raw:000000000000"),
        VC_OP("0", '*', "-5", "raw:000000000000"),
        VC_OP("-5", '*', "0", "raw:000000000000"),
        VC_OP("0", '/', "-5", "raw:000000000000"),
        VC_OP("0", '/', "5", "raw:000000000000"),
    };
    OP_TABLE(zeros, VM_NUM_OK);
    vm_num z = vm_num_neg(vm_num_zero());
    /* /-/ on a zero shows -0 but the register keeps +0 (measured: Сx /-/
     * leaves X 000000000000): vm_num_neg of zero is zero. */
    ck_assert(z.mant == 0 && z.exp == 0 && !z.neg);
    ck_assert(vm_num_is_zero(vm_num_from_int(0)) && !vm_num_from_int(0).neg);
    ck_assert(!vc_num("-0.000e5").neg);
    /* A negative zero can be held (vm_num.h): "-0" is its text. */
    vm_num nz = vc_num("-0");
    ck_assert(nz.mant == 0 && nz.neg);
    ck_assert(vm_num_is_zero(nz));
    ck_assert_int_eq(vm_num_sign(nz), 0);
    ck_assert(!vm_num_same_value(nz, vm_num_zero()));
    ck_assert(!vm_num_is_plain(nz));
    char buf[8];
    vm_num_format(nz, buf, sizeof buf);
    ck_assert_str_eq(buf, "-0");
    ck_assert_int_eq(vm_num_sign(vc_num("-0.001")), -1);
    ck_assert_int_eq(vm_num_sign(vc_num("1e-99")), 1);
    ck_assert_num(vm_num_neg(vc_num("2.5")), "-2.5");
    ck_assert_num(vm_num_abs(vc_num("-2.5")), "2.5");
    ck_assert_num(vm_num_from_int(-5), "-5");
    ck_assert_num(vm_num_from_int(99999999), "99999999");
    /* vm_num.h: exact below 10^8, else cut to 8 digits. */
    ck_assert_num(vm_num_from_int(123456789), "1.2345678e8");
    ck_assert_num(vm_num_from_int(INT64_MIN), "-9.2233720e18");
    ck_assert_num(vm_num_from_int(INT64_MAX), "9.2233720e18");
}
END_TEST

START_TEST(results_past_the_exponent_are_kept)
{
    /* Past 9.9999999e99 the machine keeps the result with a 3-digit
     * exponent (the display shows ЕГГОГ): vm_num returns it with
     * VM_NUM_OVERFLOW (measured, nibble for nibble). */
    static const vc_op over[] = {
        VC_OP("9e99", '*', "10", "raw:100090000000"),
        VC_OP("1e50", '*', "1e50", "raw:100010000000"),
        VC_OP("9e99", '+', "9e99", "raw:100018000000"),
        VC_OP("9.9999999e99", '+', "1e92", "raw:100010000000"),
        VC_OP("9.9999999e99", '+', "9e91", "raw:100010000000"),
        VC_OP("-9.9999999e99", '-', "1e92", "raw:100910000000"),
        VC_OP("1e99", '/', "0.1", "raw:100010000000"),
    };
    OP_TABLE(over, VM_NUM_OVERFLOW);
    /* Below 1e-99 as well, inside a run (measured: program 1 ВП 99 /-/ В↑
     * 10 ÷ В↑ С/П leaves 1e-100 in Y, raw 900010000000; 1 ВП 99 /-/ В↑ 1
     * ВП 99 ÷ В↑ leaves raw 802010000000); at rest X shows 0 (vm.c,
     * vm_settle). */
    vm_num out;
    vm_num_div(vc_num("1e-99"), vc_num("10"), &out);
    ck_assert_value(out, "raw:900010000000");
    vm_num_div(vc_num("1e-99"), vc_num("1e99"), &out);
    ck_assert_value(out, "raw:802010000000");
    vm_num_mul(vc_num("1e-50"), vc_num("1e-50"), &out);
    ck_assert_value(out, "raw:900010000000");
    /* And the kept number computes on: 1e-198 × 1e99 is 1e-99 (measured:
     * the same program, then 1 ВП 99 ×). */
    ck_assert_int_eq(vm_num_mul(vc_num("1e99"), (vm_num){10000000, -198, false, false}, &out),
                     VM_NUM_OK);
    ck_assert_num(out, "1e-99");
}
END_TEST

START_TEST(division_by_zero)
{
    /* ÷ 0 and 1/x of 0 are ЕГГОГ (measured: 5 В↑ 0 ÷, 0 В↑ 0 ÷, 0 F 1/x). */
    vm_num out;
    ck_assert_int_eq(vm_num_div(vc_num("5"), vm_num_zero(), &out), VM_NUM_DIV_ZERO);
    ck_assert_int_eq(vm_num_div(vm_num_zero(), vm_num_zero(), &out), VM_NUM_DIV_ZERO);
    ck_assert_int_eq(vm_num_fn1(0x23, vm_num_zero(), VM_DEG, &out), VM_NUM_DIV_ZERO);
    ck_assert_int_eq(vm_num_fn2(0x13, vm_num_zero(), vc_num("1"), &out), VM_NUM_DIV_ZERO);
}
END_TEST

START_TEST(integer_and_fractional_parts)
{
    /* K [x] truncates towards zero and K {x} keeps the sign; {-8} is +0
     * (measured, each by its keys: 2 , 5 /-/ В↑ K [x] ...). */
    ck_assert_num(vm_num_int(vc_num("-2.5")), "-2");
    ck_assert_num(vm_num_frac(vc_num("-2.5")), "-0.5");
    ck_assert_num(vm_num_int(vc_num("2.5")), "2");
    ck_assert_num(vm_num_frac(vc_num("2.5")), "0.5");
    ck_assert_num(vm_num_int(vc_num("0.3")), "0");
    ck_assert_num(vm_num_frac(vc_num("0.3")), "0.3");
    ck_assert_num(vm_num_int(vc_num("-0.3")), "0");
    ck_assert_num(vm_num_frac(vc_num("-0.3")), "-0.3");
    ck_assert_num(vm_num_int(vc_num("123.456")), "123");
    ck_assert_num(vm_num_frac(vc_num("123.456")), "0.456");
    ck_assert_num(vm_num_int(vc_num("1234567.8")), "1234567");
    ck_assert_num(vm_num_frac(vc_num("1234567.8")), "0.8");
    ck_assert_num(vm_num_frac(vc_num("1.0000001")), "1e-7");
    ck_assert_num(vm_num_int(vc_num("1e10")), "1e10");
    ck_assert_num(vm_num_frac(vc_num("1e10")), "0");
    ck_assert_num(vm_num_int(vc_num("99999999")), "99999999");
    /* {x} of a negative whole number is -0: the real machine shows "-0."
     * (its X holds +0 once at rest: test_vm's second_look). */
    ck_assert_num(vm_num_frac(vc_num("-8")), "-0");
    ck_assert(vm_num_frac(vc_num("-8")).neg);
    ck_assert_num(vm_num_frac(vc_num("-8e20")), "-0");
    ck_assert_num(vm_num_int(vm_num_zero()), "0");
    ck_assert_num(vm_num_frac(vm_num_zero()), "0");
    /* Hex digits (ИНВ of 1.234567 is 8.DCBA98F): the parts are cut from
     * the nibbles, and the fractional ones move up past leading zeros
     * (measured by keys: 1,234567 К ИНВ К [x] gives 8, К {x} gives
     * 0.DCBA98F shown "G.CL-98 -01"; with /-/ before К [x], -8). */
    ck_assert_num(vm_num_int(vc_num("raw:00008DCBA98F")), "8");
    ck_assert(!vm_num_int(vc_num("raw:00008DCBA98F")).hex);
    ck_assert_num(vm_num_frac(vc_num("raw:00008DCBA98F")), "raw:9990DCBA98F0");
    ck_assert_num(vm_num_int(vc_num("raw:00098DCBA98F")), "-8");
    ck_assert_num(vm_num_frac(vc_num("raw:00098DCBA98F")), "raw:9999DCBA98F0");
    ck_assert_num(vm_num_frac(vc_num("raw:9990DCBA98F0")), "raw:9990DCBA98F0");
    ck_assert_num(vm_num_int(vc_num("raw:9990DCBA98F0")), "0");
    /* 1,234567 К ИНВ В↑ ВП 2 holds 8DC.BA98F (measured, as the parts). */
    ck_assert_num(vm_num_int(vc_num("raw:00208DCBA98F")), "raw:00208DC00000");
    ck_assert_num(vm_num_frac(vc_num("raw:00208DCBA98F")), "raw:9990BA98F000");
    /* [x] + {x} = x. */
    const char *xs[] = {"-2.5", "123.456", "0.001", "-98765.432", "7"};
    for (size_t i = 0; i < sizeof xs / sizeof xs[0]; i++) {
        vm_num x = vc_num(xs[i]), s;
        ck_assert_int_eq(vm_num_add(vm_num_int(x), vm_num_frac(x), &s), VM_NUM_OK);
        ck_assert(vm_num_eq(s, x));
    }
    ck_assert_int_eq(f1(0x34, "-7.9", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "-7");
    ck_assert_int_eq(f1(0x35, "-7.9", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "-0.9");
}
END_TEST

START_TEST(max_treats_zero_as_largest)
{
    /* K max of X and Y; zero counts as the greatest (measured: 3 В↑ 5 K
     * max is 5, 0 В↑ 5 /-/ and 5 /-/ В↑ 0 give 0, 9 /-/ ВП 99 В↑ 1 ВП 99 /-/
     * gives 1e-99, 0 В↑ 7 gives 0). */
    ck_assert_num(vm_num_max(vc_num("3"), vc_num("5")), "5");
    ck_assert_num(vm_num_max(vc_num("5"), vc_num("3")), "5");
    ck_assert_num(vm_num_max(vc_num("-3"), vc_num("-5")), "-3");
    ck_assert_num(vm_num_max(vc_num("-0.5"), vc_num("0.25")), "0.25");
    ck_assert_num(vm_num_max(vc_num("1e-99"), vc_num("-9e99")), "1e-99");
    /* The machine's quirk (docs/mk61.md): zero wins. */
    ck_assert_num(vm_num_max(vc_num("5"), vc_num("0")), "0");
    ck_assert_num(vm_num_max(vc_num("0"), vc_num("-5")), "0");
    ck_assert_int_eq(f2(0x36, "7", "2"), VM_NUM_OK);
    ck_assert_num(r, "7");
    ck_assert_int_eq(f2(0x36, "7", "0"), VM_NUM_OK);
    ck_assert_num(r, "0");
}
END_TEST

START_TEST(comparisons)
{
    ck_assert_int_eq(vm_num_cmp(vc_num("1"), vc_num("2")), -1);
    ck_assert_int_eq(vm_num_cmp(vc_num("2"), vc_num("1")), 1);
    ck_assert_int_eq(vm_num_cmp(vc_num("-1"), vc_num("-2")), 1);
    ck_assert_int_eq(vm_num_cmp(vc_num("-1"), vc_num("0")), -1);
    ck_assert_int_eq(vm_num_cmp(vc_num("0"), vc_num("1e-99")), -1);
    ck_assert_int_eq(vm_num_cmp(vc_num("0"), vc_num("-1e-99")), 1);
    ck_assert_int_eq(vm_num_cmp(vc_num("1e-5"), vc_num("1e5")), -1);
    ck_assert_int_eq(vm_num_cmp(vc_num("-1e-5"), vc_num("-1e5")), 1);
    ck_assert_int_eq(vm_num_cmp(vc_num("0.5"), vc_num("0.05")), 1);
    ck_assert_int_eq(vm_num_cmp(vc_num("12.5"), vc_num("12.50")), 0);
    ck_assert_int_eq(vm_num_cmp(vc_num("99999999"), vc_num("1e8")), -1);
    ck_assert_int_eq(vm_num_cmp(vm_num_zero(), vm_num_zero()), 0);
    ck_assert(vm_num_eq(vc_num("0.3"), add("0.1", "0.2")));
    ck_assert(!vm_num_eq(vc_num("0.3"), vc_num("-0.3")));
}
END_TEST

START_TEST(text_forms)
{
    static const struct {
        const char *in, *out;
    } cases[] = {
        {"0.1", "0.1"},         {"-12.345", "-12.345"},   {"99999999", "99999999"},
        {"100000000", "1e8"},   {"1e8", "1e8"},           {"1.5e-12", "1.5e-12"},
        {"0.0000001", "0.0000001"}, {"1e-8", "1e-8"},     {"0.00000001", "1e-8"},
        {"123456789", "1.2345678e8"}, {"-0.000", "0"},    {"+5", "5"},
        {"5.", "5"},            {".5", "0.5"},            {"1E+05", "100000"},
        {"007", "7"},           {"1.2345678912", "1.2345678"}, {"9.9999999e99", "9.9999999e99"},
        {"1e99", "1e99"},       {"1e-99", "1e-99"},       {"-2.5e-12", "-2.5e-12"},
        {"12345.678e3", "12345678"}, {"0.000123e-3", "0.000000123"}, {"1e-100", "0"},
        {"99999999.9", "99999999"}, {"1e00009", "1e9"},   {"3.1415926", "3.1415926"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[40];
        int n = vm_num_format(vc_num(cases[i].in), buf, sizeof buf);
        ck_assert_str_eq(buf, cases[i].out);
        ck_assert_int_eq(n, (int)strlen(cases[i].out));
    }
    const char *bad[] = {"", "-", "+", ".", "1e", "1e+", "1.2.3", "abc", "1e100",
                         "-1e100", " 5", "5 ", "e5", "1,5", "0x10", "--1", "1e5.5"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        vm_num v = vm_num_from_int(42);
        ck_assert_msg(!vm_num_parse(bad[i], &v), "'%s' parsed", bad[i]);
        ck_assert_num(v, "42");
    }
    /* snprintf-style: the length even when the buffer is short. */
    char small[4];
    ck_assert_int_eq(vm_num_format(vc_num("-12.345"), small, sizeof small), 7);
    ck_assert_str_eq(small, "-12");
    ck_assert_int_eq(vm_num_format(vc_num("-1.2345678e-99"), NULL, 0), 14);
    ck_assert_int_eq(vm_num_format(vc_num("-0.12345678"), NULL, 0), 11);

    /* For panels: a used counter's 00000001 (exponent 7) reads 1, one of
     * -00000003 reads -3; what has no decimal text stays raw. */
    static const struct {
        vm_num n;
        const char *out;
    } shown[] = {
        {{1, 7, false, false}, "1"},
        {{3, 7, true, false}, "-3"},
        {{5, 0, false, false}, "0.0000005"},
        {{0x8EDCBA98u, 0, false, true}, "raw:00008EDCBA98"},
        {{10000000, 120, false, false}, "raw:120010000000"},
        {{0, 0, true, false}, "-0"},
        {{12500000, 1, false, false}, "12.5"},
    };
    for (size_t i = 0; i < sizeof shown / sizeof shown[0]; i++) {
        char buf[40];
        vm_num_format_value(shown[i].n, buf, sizeof buf);
        ck_assert_str_eq(buf, shown[i].out);
    }
}
END_TEST

/* A small deterministic generator for the round trips. */
static uint64_t rng_state = 0x9E3779B97F4A7C15ULL;
static uint32_t rnd(void)
{
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(rng_state >> 33);
}

START_TEST(random_round_trips)
{
    for (int i = 0; i < 20000; i++) {
        vm_num v;
        v.mant = (int32_t)(10000000 + rnd() % 90000000);
        if (i % 3 == 0)
            v.mant -= v.mant % 1000; /* some with trailing zeros */
        v.exp = (int16_t)((int)(rnd() % 199) - 99);
        v.neg = rnd() % 2;
        char buf[40];
        int n = vm_num_format(v, buf, sizeof buf);
        ck_assert_int_lt(n, 18);
        ck_assert_int_eq(n, (int)strlen(buf));
        vm_num back;
        ck_assert_msg(vm_num_parse(buf, &back), "'%s' does not parse", buf);
        ck_assert_msg(vm_num_eq(back, v), "'%s' does not round-trip", buf);
        /* through double as well */
        vm_num d;
        ck_assert_int_eq(vm_num_from_double(vm_num_to_double(v), &d), VM_NUM_OK);
        ck_assert_msg(vm_num_eq(d, v), "'%s' does not round-trip through double", buf);
        /* and the integers of the fast path */
        int64_t k = (int64_t)(rnd() % 200000000) - 100000000;
        vm_num a = vm_num_from_int(k), b = vm_num_from_int(k % 1000), s;
        ck_assert_int_eq(vm_num_add(a, b, &s), VM_NUM_OK);
        int64_t sum = k + k % 1000;
        if (sum > -100000000 && sum < 100000000)
            ck_assert(vm_num_eq(s, vm_num_from_int(sum)));
    }
}
END_TEST

START_TEST(double_conversions)
{
    vm_num v = vm_num_from_int(3);
    ck_assert_int_eq(vm_num_from_double(0.1, &v), VM_NUM_OK);
    ck_assert_num(v, "0.1");
    ck_assert_int_eq(vm_num_from_double(2.9999999999999996, &v), VM_NUM_OK);
    ck_assert_num(v, "3");
    ck_assert_int_eq(vm_num_from_double(0.123456789, &v), VM_NUM_OK);
    ck_assert_num(v, "0.12345678");
    ck_assert_int_eq(vm_num_from_double(-2.5, &v), VM_NUM_OK);
    ck_assert_num(v, "-2.5");
    ck_assert_int_eq(vm_num_from_double(1e-200, &v), VM_NUM_OK);
    ck_assert_num(v, "0");
    ck_assert_int_eq(vm_num_from_double(-0.0, &v), VM_NUM_OK);
    ck_assert(!v.neg);
    ck_assert_int_eq(vm_num_from_double(9.99999999e99, &v), VM_NUM_OK);
    ck_assert_num(v, "9.9999999e99");
    ck_assert_int_eq(vm_num_from_double(1e100, &v), VM_NUM_OVERFLOW);
    ck_assert_int_eq(vm_num_from_double(-1e200, &v), VM_NUM_OVERFLOW);
    ck_assert_int_eq(vm_num_from_double(NAN, &v), VM_NUM_DOMAIN);
    ck_assert_int_eq(vm_num_from_double(INFINITY, &v), VM_NUM_DOMAIN);
    ck_assert(vm_num_to_double(vc_num("2.5")) == 2.5);
    ck_assert(vm_num_to_double(vc_num("-0.125")) == -0.125);
    ck_assert(vm_num_to_double(vc_num("1e22")) == 1e22);
    ck_assert(vm_num_to_double(vm_num_zero()) == 0.0);
    ck_assert(fabs(vm_num_to_double(vc_num("1.2345678e-99")) / 1.2345678e-99 - 1) < 1e-15);
}
END_TEST

START_TEST(roots_squares_reciprocals)
{
    /* √ and 1/x truncate, x² rounds as ×; √ of a negative and 1/0 have no
     * result (measured by keys: 1 6 F √, 2 F √, ...). */
    static const struct { uint8_t code; const char *x, *want; } cases[] = {
        {0x21, "16", "4"}, {0x21, "2", "1.4142135"}, {0x21, "0.01", "0.1"},
        {0x21, "1e-99", "3.1622776e-50"}, {0x21, "9.9999999e99", "9.9999999e49"},
        {0x21, "0", "0"}, {0x22, "-12", "144"}, {0x22, "2", "4"}, {0x22, "7", "49"},
        {0x23, "4", "0.25"}, {0x23, "-3", "-0.33333333"}, {0x23, "3", "0.33333333"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ck_assert_msg(f1(cases[i].code, cases[i].x, VM_RAD) == VM_NUM_OK, "%02X of %s",
                      cases[i].code, cases[i].x);
        ck_assert_msg(vc_value_is(r, cases[i].want), "%02X of %s", cases[i].code, cases[i].x);
    }
    ck_assert_int_eq(f1(0x21, "-1", VM_RAD), VM_NUM_DOMAIN);
    ck_assert_int_eq(f1(0x23, "0", VM_RAD), VM_NUM_DIV_ZERO);
    /* x² of 1e50 is kept past the exponent (measured: raw 100010000000). */
    ck_assert_int_eq(f1(0x22, "1e50", VM_RAD), VM_NUM_OVERFLOW);
    ck_assert_value(r, "raw:100010000000");
}
END_TEST

/* ---- the functions' digits ------------------------------------------------------
 *
 * 10ˣ eˣ lg ln, the trigonometric functions and their inverses, xʸ and the
 * angle conversions, by keys as the real machine computes them with its own
 * digit-by-digit algorithms (measured; the examples: 2 xʸ 2 =
 * 3.9999996, sin 1 = 0.84147103, sin 30° = 0.50000002, sin π = 0). X, X1
 * and the display are compared. Until the machine runs those algorithms
 * (issue 16) many of these fail: they are all in the test case
 * "functions_as_measured", one test a row. */
static const vc_case functions[] = {
    VC_CASE("", "1 0 0 F 2", "2", NULL, NULL, NULL, "100", " 2.          ", NULL),
    VC_CASE("", "1 0 0 0 F 2", "3", NULL, NULL, NULL, "1000", " 3.          ", NULL),
    VC_CASE("", "1 EE 5 CHS F 2", "-5.0000002", NULL, NULL, NULL, "0.00001", "-5.0000002   ", NULL),
    VC_CASE("", "2 F 2", "0.30102999", NULL, NULL, NULL, "2", " 3.0102999-01", NULL),
    VC_CASE("", "1 F 3", "0", NULL, NULL, NULL, "1", " 0.          ", NULL),
    VC_CASE("", "1 F 1", "2.7182818", NULL, NULL, NULL, "1", " 2.7182818   ", NULL),
    VC_CASE("", "1 F 1 F 3", "1", NULL, NULL, NULL, "2.7182818", " 1.          ", NULL),
    VC_CASE("", "0 F 1", "1", NULL, NULL, NULL, "0", " 1.          ", NULL),
    VC_CASE("", "3 0 0 F 1", "300", NULL, NULL, NULL, "300", " EGG0G      ", NULL),
    VC_CASE("", "3 0 0 CHS F 1", "-300", NULL, NULL, NULL, "-300", " EGG0G      ", NULL),
    VC_CASE("", "0 F 3", "0", NULL, NULL, NULL, "0", " EGG0G      ", NULL),
    VC_CASE("", "1 CHS F 2", "-1", NULL, NULL, NULL, "-1", " EGG0G      ", NULL),
    VC_CASE("", "2 F 0", "100", NULL, NULL, NULL, "2", " 100.        ", NULL),
    VC_CASE("", "3 CHS F 0", "0.001", NULL, NULL, NULL, "-3", " 1.       -03", NULL),
    VC_CASE("", "9 9 F 0", "1E99", NULL, NULL, NULL, "99", " 1.        99", NULL),
    VC_CASE("", "0 . 5 F 0", "3.1622775", NULL, NULL, NULL, "0.5", " 3.1622775   ", NULL),
    VC_CASE("", "1 0 0 F 0", "100", NULL, NULL, NULL, "100", " EGG0G      ", NULL),
    VC_CASE("", "1 0 0 CHS F 0", "-100", NULL, NULL, NULL, "-100", " EGG0G      ", NULL),
    VC_CASE("", "1 2 3 4 5 6 7 8 CHS F 0", "-12345678", NULL, NULL, NULL, "-12345678", " EGG0G      ", NULL),
    VC_CASE("", "1 2 3 4 5 6 7 8 CHS F 1", "-12345678", NULL, NULL, NULL, "-12345678", " EGG0G      ", NULL),
    VC_CASE("", "3 F 0", "1000", NULL, NULL, NULL, "3", " 1000.       ", NULL),
    VC_CASE("", "2 ENT F XY", "3.9999996", NULL, NULL, NULL, "2", " 3.9999996   ", NULL),
    VC_CASE("", "2 ENT 3 F XY", "8.9999984", NULL, NULL, NULL, "3", " 8.9999984   ", NULL),
    VC_CASE("", "1 0 ENT 2 F XY", "1023.9999", NULL, NULL, NULL, "2", " 1023.9999   ", NULL),
    VC_CASE("", "3 CHS ENT 2 F XY", "0.12500001", NULL, NULL, NULL, "2", " 1.2500001-01", NULL),
    VC_CASE("", "2 ENT 1 . 5 F XY", "2.2499999", NULL, NULL, NULL, "1.5", " 2.2499999   ", NULL),
    VC_CASE("", "9 ENT 7 F XY", "40353591", NULL, NULL, NULL, "7", " 40353591.   ", NULL),
    VC_CASE("", "3 ENT 0 . 1 F XY", "0.0009999999", NULL, NULL, NULL, "0.1", " 9.999999 -04", NULL),
    VC_CASE("", "0 . 5 ENT 4 F XY", "2", NULL, NULL, NULL, "4", " 2.          ", NULL),
    VC_CASE("", "0 . 5 ENT 2 F XY", "1.4142135", NULL, NULL, NULL, "2", " 1.4142135   ", NULL),
    VC_CASE("", "1 CHS ENT 3 F XY", "0.3333334", NULL, NULL, NULL, "3", " 3.333334 -01", NULL),
    VC_CASE("", "0 ENT 5 F XY", "1", NULL, NULL, NULL, "5", " 1.          ", NULL),
    VC_CASE("", "1 0 0 ENT 1 0 F XY", "10", NULL, NULL, NULL, "10", " EGG0G      ", NULL),
    VC_CASE("", "1 0 0 CHS ENT 1 0 F XY", "10", NULL, NULL, NULL, "10", " EGG0G      ", NULL),
    VC_CASE("", "2 ENT 2 CHS F XY", "-2", NULL, NULL, NULL, "-2", " EGG0G      ", NULL),
    VC_CASE("", "2 ENT 0 F XY", "0", NULL, NULL, NULL, "0", " EGG0G      ", NULL),
    VC_CASE("", "2 ENT 1 EE 9 9 CHS F XY", "1E-99", NULL, NULL, NULL, "1E-99", " EGG0G      ", NULL),
    VC_CASE("", "2 ENT 1 EE 5 0 F XY", "9.999908E99", NULL, NULL, NULL, "1E50", " 9.999908  99", NULL),
    VC_CASE("", "2 F 3", "0.69314717", NULL, NULL, NULL, "2", " 6.9314717-01", NULL),
    VC_CASE("", "1 0 F 3", "2.3025851", NULL, NULL, NULL, "10", " 2.3025851   ", NULL),
    VC_CASE("", "2 F 1", "7.3890557", NULL, NULL, NULL, "2", " 7.3890557   ", NULL),
    VC_CASE("", "1 CHS F 1", "0.36787944", NULL, NULL, NULL, "-1", " 3.6787944-01", NULL),
    VC_CASE("", "0 . 3 F 0", "1.9952624", NULL, NULL, NULL, "0.3", " 1.9952624   ", NULL),
    VC_CASE("", "1 EE 9 9 F 2", "98.999997", NULL, NULL, NULL, "1E99", " 98.999997   ", NULL),
    VC_CASE("deg:", "3 0 F 7", "0.50000002", NULL, NULL, NULL, "30", " 5.0000002-01", NULL),
    VC_CASE("deg:", "3 9 0 F 7", "0.50000002", NULL, NULL, NULL, "390", " 5.0000002-01", NULL),
    VC_CASE("deg:", "3 0 CHS F 7", "-0.50000002", NULL, NULL, NULL, "-30", "-5.0000002-01", NULL),
    VC_CASE("deg:", "6 0 F 8", "0.50000002", NULL, NULL, NULL, "60", " 5.0000002-01", NULL),
    VC_CASE("deg:", "9 0 F 8", "0", NULL, NULL, NULL, "90", " 0.          ", NULL),
    VC_CASE("deg:", "1 8 0 F 8", "-1", NULL, NULL, NULL, "180", "-1.          ", NULL),
    VC_CASE("deg:", "9 0 F 7", "1", NULL, NULL, NULL, "90", " 1.          ", NULL),
    VC_CASE("deg:", "9 0 CHS F 7", "-1", NULL, NULL, NULL, "-90", "-1.          ", NULL),
    VC_CASE("deg:", "1 8 0 F 7", "0", NULL, NULL, NULL, "180", " 0.          ", NULL),
    VC_CASE("deg:", "7 2 0 CHS F 7", "0", NULL, NULL, NULL, "-720", " 0.          ", NULL),
    VC_CASE("deg:", "4 5 F 9", "1", NULL, NULL, NULL, "45", " 1.          ", NULL),
    VC_CASE("deg:", "1 3 5 CHS F 9", "1", NULL, NULL, NULL, "-135", " 1.          ", NULL),
    VC_CASE("deg:", "9 0 F 9", "90", NULL, NULL, NULL, "90", " EGG0G      ", NULL),
    VC_CASE("deg:", "2 7 0 CHS F 9", "-270", NULL, NULL, NULL, "-270", " EGG0G      ", NULL),
    VC_CASE("deg:", "1 8 0 F 9", "0", NULL, NULL, NULL, "180", " 0.          ", NULL),
    VC_CASE("grd:", "1 0 0 F 7", "1", NULL, NULL, NULL, "100", " 1.          ", NULL),
    VC_CASE("grd:", "2 0 0 F 8", "-1", NULL, NULL, NULL, "200", "-1.          ", NULL),
    VC_CASE("grd:", "5 0 F 9", "1", NULL, NULL, NULL, "50", " 1.          ", NULL),
    VC_CASE("", "0 F 7", "0", NULL, NULL, NULL, "0", " 0.          ", NULL),
    VC_CASE("", "0 F 8", "1", NULL, NULL, NULL, "0", " 1.          ", NULL),
    VC_CASE("", "1 F 7", "0.84147103", NULL, NULL, NULL, "1", " 8.4147103-01", NULL),
    VC_CASE("", "F + F 7", "0", NULL, NULL, NULL, "3.1415926", " 0.          ", NULL),
    VC_CASE("", "F + F 8", "-1", NULL, NULL, NULL, "3.1415926", "-1.          ", NULL),
    VC_CASE("", "1 EE 1 0 F 7", "1E10", NULL, NULL, NULL, "1E10", " EGG0G      ", NULL),
    VC_CASE("deg:", "1 EE 1 2 CHS F 8", "1", NULL, NULL, NULL, "1E-12", " 1.          ", NULL),
    VC_CASE("deg:", "1 F 6", "45.000002", NULL, NULL, NULL, "1", " 45.000002   ", NULL),
    VC_CASE("", "1 F 6", "0.7853981", NULL, NULL, NULL, "1", " 7.853981 -01", NULL),
    VC_CASE("grd:", "1 F 6", "50.000003", NULL, NULL, NULL, "1", " 50.000003   ", NULL),
    VC_CASE("deg:", "1 CHS EE 9 9 F 6", "-90.000001", NULL, NULL, NULL, "-1E99", "-90.000001   ", NULL),
    VC_CASE("deg:", "0 . 5 F 4", "30.000001", NULL, NULL, NULL, "0.5", " 30.000001   ", NULL),
    VC_CASE("deg:", "1 CHS F 4", "-90", NULL, NULL, NULL, "-1", "-90.         ", NULL),
    VC_CASE("deg:", "0 F 5", "90", NULL, NULL, NULL, "0", " 90.         ", NULL),
    VC_CASE("deg:", "1 F 5", "0", NULL, NULL, NULL, "1", " 00.         ", NULL),
    VC_CASE("deg:", "1 CHS F 5", "180", NULL, NULL, NULL, "-1", " 180.        ", NULL),
    VC_CASE("deg:", "2 F 4", "2", NULL, NULL, NULL, "2", " EGG0G      ", NULL),
    VC_CASE("", "1 . 0 0 0 0 0 0 1 CHS F 5", "-1.0000001", NULL, NULL, NULL, "-1.0000001", " EGG0G      ", NULL),
    VC_CASE("", "2 F 9", "-2.1850397", NULL, NULL, NULL, "2", "-2.1850397   ", NULL),
    VC_CASE("", "0 . 5 F 5", "1.0471975", NULL, NULL, NULL, "0.5", " 1.0471975   ", NULL),
    VC_CASE("deg:", "1 2 . 3 0 4 5 K XY", "12.5125", NULL, NULL, NULL, "12.3045", " 12.5125     ", NULL),
    VC_CASE("deg:", "1 2 . 5 1 2 5 K 3", "12.3045", NULL, NULL, NULL, "12.5125", " 12.3045     ", NULL),
    VC_CASE("deg:", "1 2 . 3 0 K +", "12.5", NULL, NULL, NULL, "12.3", " 12.5        ", NULL),
    VC_CASE("deg:", "1 2 . 4 5 K +", "12.75", NULL, NULL, NULL, "12.45", " 12.75       ", NULL),
    VC_CASE("deg:", "1 2 . 7 5 K 6", "12.45", NULL, NULL, NULL, "12.75", " 12.45       ", NULL),
    VC_CASE("deg:", "1 2 . 5 CHS K 6", "-12.3", NULL, NULL, NULL, "-12.5", "-12.3        ", NULL),
    VC_CASE("", "0 . 2 5 K 3", "0.15", NULL, NULL, NULL, "0.25", " 1.5      -01", NULL),
    VC_CASE("deg:", "0 . 0 0 0 1 K XY", "0.00027777776", NULL, NULL, NULL, "0.0001", " 2.7777776-04", NULL),
    VC_CASE("deg:", "2 . 1 5 3 0 5 K XY", "2.258472", NULL, NULL, NULL, "2.15305", " 2.258472    ", NULL),
    VC_CASE("deg:", "1 . 6 K +", "1.6", NULL, NULL, NULL, "1.6", " EGG0G      ", NULL),
    VC_CASE("deg:", "1 . 6 K XY", "1.6", NULL, NULL, NULL, "1.6", " EGG0G      ", NULL),
    VC_CASE("deg:", "1 . 0 0 6 0 K XY", "1.006", NULL, NULL, NULL, "1.006", " EGG0G      ", NULL),
    VC_CASE("", "9 EE 9 9 ENT * K +", "raw:199081000000", NULL, NULL, NULL, "raw:199081000000", " EGG0G      ", NULL),
    VC_CASE("", "9 EE 9 9 ENT * K 6", "raw:199081000000", NULL, NULL, NULL, NULL, " EGG0G      ", NULL),
    VC_CASE("", "9 EE 9 9 ENT * K XY", "raw:199081000000", NULL, NULL, NULL, NULL, " EGG0G      ", NULL),
    VC_CASE("", "9 EE 9 9 ENT * K 3", "raw:199081000000", NULL, NULL, NULL, NULL, " EGG0G      ", NULL),
    VC_CASE("deg:", "1 . 5 9 9 9 K +", "1.9998332", NULL, NULL, NULL, "1.5999", " 1.9998332   ", NULL),
};

START_TEST(functions_as_measured)
{
    char where[32];
    snprintf(where, sizeof where, "functions[%d]", _i);
    vc_case_check(&functions[_i], where);
}
END_TEST

START_TEST(function_results_without_a_number)
{
    /* What has no result is an error of vm_num (the machine shows ЕГГОГ and
     * keeps X; measured in functions[]): ln 0, lg -1, √ -1, xʸ of a
     * negative or zero x, tg 90°, arcsin 2, a minute of 60. Which status
     * says it is the project's (vm_num.h). */
    ck_assert_int_eq(f1(0x18, "0", VM_RAD), VM_NUM_DOMAIN);
    ck_assert_int_eq(f1(0x17, "-1", VM_RAD), VM_NUM_DOMAIN);
    ck_assert_int_eq(f2(0x24, "-2", "2"), VM_NUM_DOMAIN);
    ck_assert_int_eq(f2(0x24, "0", "2"), VM_NUM_DOMAIN);
    ck_assert_int_eq(f1(0x1E, "90", VM_DEG), VM_NUM_DOMAIN);
    ck_assert_int_eq(f1(0x19, "2", VM_DEG), VM_NUM_DOMAIN);
    ck_assert_int_eq(f1(0x26, "1.6", VM_DEG), VM_NUM_DOMAIN);
    ck_assert_int_eq(f1(0x2A, "1.006", VM_DEG), VM_NUM_DOMAIN);
    /* F π: 3.1415926 (measured). */
    ck_assert_int_eq(f1(0x20, "0", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "3.1415926");
    ck_assert_num(vm_num_pi(), "3.1415926");
}
END_TEST

START_TEST(bitwise_operations)
{
    /* Digit by digit on the 7 digits after the first, as 4-bit values;
     * digits above 9 are kept as hex digits (measured:
     * 8,1234567 В↑ 8,7654321 K ∧ is 8.1214121, ...; 8,2 В↑ 8,8 K ∨ is
     * 8.A; ИНВ of 8,1234567 is 8.EDCBA98). */
    ck_assert_int_eq(f2(0x37, "8.1234567", "8.7654321"), VM_NUM_OK);
    ck_assert_value(r, "raw:000081214121");
    ck_assert_int_eq(f2(0x38, "8.1234567", "8.7654321"), VM_NUM_OK);
    ck_assert_value(r, "raw:000087674767");
    ck_assert_int_eq(f2(0x39, "8.1234567", "8.7654321"), VM_NUM_OK);
    ck_assert_value(r, "raw:000086460646");
    ck_assert_int_eq(f2(0x37, "8.0000001", "8.0000003"), VM_NUM_OK);
    ck_assert_value(r, "raw:000080000001");
    ck_assert_int_eq(f2(0x37, "8.1234567", "0"), VM_NUM_OK);
    ck_assert_value(r, "raw:000080000000");
    ck_assert_int_eq(f2(0x37, "3", "8.1234567"), VM_NUM_OK);
    ck_assert_value(r, "raw:000080000000");
    ck_assert_int_eq(f1(0x3A, "8.9876699", VM_RAD), VM_NUM_OK);
    ck_assert_value(r, "raw:000086789966");
    ck_assert_int_eq(f2(0x38, "8.8", "8.2"), VM_NUM_OK);
    ck_assert_value(r, "raw:00008A000000");
    ck_assert(r.hex);
    ck_assert_int_eq(f1(0x3A, "8.1234567", VM_RAD), VM_NUM_OK);
    ck_assert_value(r, "raw:00008EDCBA98");
    /* Other numbers: the 7 mantissa digits after the first (0.5123456 has
     * 1234560). */
    ck_assert_int_eq(f2(0x38, "0.5123456", "3"), VM_NUM_OK);
    ck_assert_value(r, "raw:000081234560");
}
END_TEST

START_TEST(register_form)
{
    /* vm_num_to_raw and vm_num_from_raw: the 12 nibbles of a register as
     * the vectors' README writes them, against registers the instrument
     * read (qr.py): 0.5 is 999050000000, -5 000950000000, 8.1e199
     * 199081000000, a loop counter's 1 007000000001, R0 = 0 after FL0
     * 007999999999, 8.EDCBA98 00008EDCBA98. */
    static const struct { const char *text; uint64_t raw; } cases[] = {
        {"0.5", 0x999050000000ull}, {"-5", 0x000950000000ull}, {"1e-100", 0x900010000000ull},
        {"0", 0x000000000000ull}, {"99999999", 0x007099999999ull},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        vm_num n;
        if (strcmp(cases[i].text, "1e-100") == 0)
            n = (vm_num){10000000, -100, false, false};
        else
            n = vc_num(cases[i].text);
        ck_assert_msg(vm_num_to_raw(n) == cases[i].raw, "%s", cases[i].text);
        vm_num back;
        ck_assert(vm_num_from_raw(cases[i].raw, &back));
        ck_assert(vm_num_same_value(back, n));
    }
    static const uint64_t raws[] = {0x199081000000ull, 0x007000000001ull, 0x007999999999ull,
                                    0x00008EDCBA98ull, 0x999049999999ull, 0x027000000004ull,
                                    0x802010000000ull};
    for (size_t i = 0; i < sizeof raws / sizeof raws[0]; i++) {
        vm_num n;
        ck_assert(vm_num_from_raw(raws[i], &n));
        ck_assert_msg(vm_num_to_raw(n) == raws[i], "%012llX", (unsigned long long)raws[i]);
        /* Written and read as text: the same fields (vm_num.h). */
        char buf[40];
        vm_num_format(n, buf, sizeof buf);
        vm_num back;
        ck_assert_msg(vm_num_parse(buf, &back), "%s", buf);
        ck_assert_msg(back.mant == n.mant && back.exp == n.exp && back.neg == n.neg &&
                          back.hex == n.hex, "%s", buf);
    }
    vm_num n;
    ck_assert(vm_num_from_raw(0x007000000001ull, &n));
    ck_assert(!vm_num_is_plain(n));
    ck_assert(vm_num_same_value(n, vc_num("1")));
    ck_assert_num(vm_num_normal(n), "1");
    ck_assert(vm_num_from_raw(0x007999999999ull, &n));
    ck_assert(n.neg && vm_num_same_value(n, vc_num("-99999999")));
    ck_assert(vm_num_from_raw(0x00008EDCBA98ull, &n));
    ck_assert(n.hex && !vm_num_is_plain(n));
    ck_assert(!vm_num_same_value(n, vc_num("8")));
    ck_assert(vm_num_is_plain(vc_num("-12.5")) && vm_num_is_plain(vm_num_zero()));
    /* A sign nibble of 1 is held (a pointer in R4..R6 carried past
     * 99999999: measured raw 007100000000) and written back; not a
     * register: a sign nibble or an exponent nibble above 9. */
    ck_assert(vm_num_from_raw(0x007100000000ull, &n));
    ck_assert(!n.neg && vm_num_sign_nibble(n) == 1 && !vm_num_is_plain(n));
    ck_assert(vm_num_to_raw(n) == 0x007100000000ull);
    ck_assert(!vm_num_same_value(n, vc_num("0")));
    ck_assert(!vm_num_from_raw(0x000A00000000ull, &n));
    ck_assert(!vm_num_from_raw(0x0A0050000000ull, &n));
    char buf[40];
    ck_assert(vm_num_parse("raw:007000000001", &n));
    vm_num_format(n, buf, sizeof buf);
    ck_assert_str_eq(buf, "raw:007000000001");
    ck_assert(!vm_num_parse("raw:0070000000", &n));
    ck_assert(!vm_num_parse("raw:00700000000G", &n));
}
END_TEST

START_TEST(codes_that_are_not_functions)
{
    vm_num out;
    const uint8_t one[] = {0x00, 0x10, 0x14, 0x1F, 0x24, 0x25, 0x27, 0x36, 0x37, 0x3B, 0x50};
    for (size_t i = 0; i < sizeof one; i++)
        ck_assert_int_eq(vm_num_fn1(one[i], vc_num("1"), VM_RAD, &out), VM_NUM_DOMAIN);
    const uint8_t two[] = {0x00, 0x14, 0x15, 0x21, 0x3A, 0x3B};
    for (size_t i = 0; i < sizeof two; i++)
        ck_assert_int_eq(vm_num_fn2(two[i], vc_num("1"), vc_num("2"), &out), VM_NUM_DOMAIN);
    /* fn2's arithmetic: y op x, as the stack does it. */
    ck_assert_int_eq(f2(0x11, "2", "5"), VM_NUM_OK);
    ck_assert_num(r, "3");
    ck_assert_int_eq(f2(0x13, "4", "10"), VM_NUM_OK);
    ck_assert_num(r, "2.5");
    ck_assert_int_eq(f1(0x31, "-3", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "3");
    ck_assert_int_eq(f1(0x32, "-3", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "-1");
    ck_assert_int_eq(f1(0x32, "0", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "0");
    ck_assert_int_eq(f1(0x32, "2e-50", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "1");
}
END_TEST

Suite *num_suite(void)
{
    Suite *s = suite_create("num");
    TCase *tc = tcase_create("num");
    tcase_add_test(tc, fields_are_normalised);
    tcase_add_test(tc, decimal_arithmetic);
    tcase_add_test(tc, results_rounded_as_measured);
    tcase_add_test(tc, signs_and_zero);
    tcase_add_test(tc, results_past_the_exponent_are_kept);
    tcase_add_test(tc, division_by_zero);
    tcase_add_test(tc, integer_and_fractional_parts);
    tcase_add_test(tc, max_treats_zero_as_largest);
    tcase_add_test(tc, comparisons);
    tcase_add_test(tc, text_forms);
    tcase_add_test(tc, random_round_trips);
    tcase_add_test(tc, double_conversions);
    tcase_add_test(tc, roots_squares_reciprocals);
    tcase_add_test(tc, function_results_without_a_number);
    tcase_add_test(tc, bitwise_operations);
    tcase_add_test(tc, register_form);
    tcase_add_test(tc, codes_that_are_not_functions);
    suite_add_tcase(s, tc);
    /* The functions' measured digits: failing rows wait for the machine's
     * own algorithms (issue 16). */
    tc = tcase_create("functions_as_measured");
    tcase_add_loop_test(tc, functions_as_measured, 0,
                        (int)(sizeof functions / sizeof functions[0]));
    suite_add_tcase(s, tc);
    return s;
}
