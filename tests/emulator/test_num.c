/* Decimal numbers: exact arithmetic, the truncation rule, text, functions.
 * Every expected value is worked out by hand (in the comments) or taken
 * from docs/mk61.md, never from running the code. */
#include "vm_check.h"
#include "vm_num.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

static vm_num r; /* the result of the operation under test */

static vm_num add(const char *a, const char *b)
{
    vm_num s;
    ck_assert_int_eq(vm_num_add(vc_num(a), vc_num(b), &s), VM_NUM_OK);
    return s;
}

static vm_num sub(const char *a, const char *b)
{
    vm_num s;
    ck_assert_int_eq(vm_num_sub(vc_num(a), vc_num(b), &s), VM_NUM_OK);
    return s;
}

static vm_num mul(const char *a, const char *b)
{
    vm_num s;
    ck_assert_int_eq(vm_num_mul(vc_num(a), vc_num(b), &s), VM_NUM_OK);
    return s;
}

static vm_num dvd(const char *a, const char *b)
{
    vm_num s;
    ck_assert_int_eq(vm_num_div(vc_num(a), vc_num(b), &s), VM_NUM_OK);
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

START_TEST(decimal_fractions_are_exact)
{
    ck_assert_num(add("0.1", "0.2"), "0.3");
    ck_assert_num(add("99999999", "1"), "1e8");
    ck_assert_num(dvd("10", "4"), "2.5");
    ck_assert_num(add("12", "5"), "17");
    ck_assert_num(sub("123", "456"), "-333");
    ck_assert_num(sub("1e8", "1"), "99999999");
    ck_assert_num(mul("0.1", "0.1"), "0.01");
    ck_assert_num(mul("1.5", "1.5"), "2.25");
    ck_assert_num(add("1234.5678", "0.0001"), "1234.5679");
    /* 0.1 added ten times is exactly 1. */
    vm_num s = vm_num_zero();
    for (int i = 0; i < 10; i++)
        ck_assert_int_eq(vm_num_add(s, vc_num("0.1"), &s), VM_NUM_OK);
    ck_assert_num(s, "1");
}
END_TEST

START_TEST(results_are_truncated_to_8_digits)
{
    /* 1/3 = 0.333..., 2/3 = 0.666...: truncated, not rounded. */
    ck_assert_num(dvd("1", "3"), "0.33333333");
    ck_assert_num(dvd("2", "3"), "0.66666666");
    ck_assert_num(dvd("-2", "3"), "-0.66666666");
    ck_assert_num(dvd("20", "3"), "6.6666666");
    /* 3 * 0.33333333 = 0.99999999 exactly. */
    ck_assert_num(mul("3", "0.33333333"), "0.99999999");
    /* 99999999^2 = 9999999800000001: the first 8 digits. */
    ck_assert_num(mul("99999999", "99999999"), "9.9999998e15");
    /* 12345678 + 0.9 = 12345678.9 -> 12345678. */
    ck_assert_num(add("12345678", "0.9"), "12345678");
    ck_assert_num(add("-12345678", "-0.9"), "-12345678");
    /* 99999999 + 9 = 100000008 -> 1.0000000e8 (the 8 is cut). */
    ck_assert_num(add("99999999", "9"), "1e8");
    /* 1 - 1e-9 = 0.999999999 -> 0.99999999. */
    ck_assert_num(sub("1", "1e-9"), "0.99999999");
    /* Far below the last digit: 1 + 1e-20 stays 1, 1 - 1e-20 is one unit
     * of the 8th digit less: 0.99999999. */
    ck_assert_num(add("1", "1e-20"), "1");
    ck_assert_num(sub("1", "1e-20"), "0.99999999");
    ck_assert_num(sub("5", "1e-60"), "4.9999999");
    ck_assert_num(sub("-5", "-1e-60"), "-4.9999999");
    /* 12345678 - 0.5 = 12345677.5 -> 12345677. */
    ck_assert_num(sub("12345678", "0.5"), "12345677");
    /* 1.2345678e20 + 1.2345678e7: 123456780000012345678 -> 1.2345678e20. */
    ck_assert_num(add("1.2345678e20", "12345678"), "1.2345678e20");
    /* 1e8 - 0.5 = 99999999.5 -> 99999999. */
    ck_assert_num(sub("1e8", "0.5"), "99999999");
}
END_TEST

START_TEST(signs_and_zero)
{
    ck_assert_num(mul("-2", "3"), "-6");
    ck_assert_num(mul("-2", "-3"), "6");
    ck_assert_num(dvd("-6", "3"), "-2");
    ck_assert_num(dvd("-6", "-3"), "2");
    ck_assert_num(add("5", "-7"), "-2");
    ck_assert_num(add("-5", "7"), "2");
    /* No negative zero, whatever the route. */
    vm_num zeros[] = {sub("5", "5"), add("-3", "3"), mul("0", "-5"), mul("-5", "0"),
                      dvd("0", "-5"), sub("-1e-20", "-1e-20"), vm_num_neg(vm_num_zero()),
                      vc_num("-0"), vc_num("-0.000e5"), vm_num_from_int(0)};
    for (size_t i = 0; i < sizeof zeros / sizeof zeros[0]; i++) {
        ck_assert_msg(zeros[i].mant == 0 && zeros[i].exp == 0 && !zeros[i].neg,
                      "zero %zu is not the canonical zero", i);
        ck_assert(vm_num_is_zero(zeros[i]));
        ck_assert_int_eq(vm_num_sign(zeros[i]), 0);
    }
    ck_assert_int_eq(vm_num_sign(vc_num("-0.001")), -1);
    ck_assert_int_eq(vm_num_sign(vc_num("1e-99")), 1);
    ck_assert_num(vm_num_neg(vc_num("2.5")), "-2.5");
    ck_assert_num(vm_num_abs(vc_num("-2.5")), "2.5");
    ck_assert_num(vm_num_from_int(-5), "-5");
    ck_assert_num(vm_num_from_int(99999999), "99999999");
    /* 123456789 -> 1.2345678e8; INT64_MIN = -9223372036854775808. */
    ck_assert_num(vm_num_from_int(123456789), "1.2345678e8");
    ck_assert_num(vm_num_from_int(INT64_MIN), "-9.2233720e18");
    ck_assert_num(vm_num_from_int(INT64_MAX), "9.2233720e18");
}
END_TEST

START_TEST(cancellation_keeps_all_digits)
{
    ck_assert_num(sub("1.0000001", "1"), "1e-7");
    ck_assert_num(sub("1.2345678", "1.2345677"), "1e-7");
    ck_assert_num(sub("99999999", "99999998"), "1");
    ck_assert_num(sub("1e50", "9.9999999e49"), "1e42");
    ck_assert_num(add("-0.30000001", "0.3"), "-1e-8");
    /* 1e-92 - 9.9999999e-93 = 1e-100: too small, zero. */
    ck_assert_num(sub("1e-92", "9.9999999e-93"), "0");
}
END_TEST

START_TEST(exponent_limits)
{
    vm_num out = vm_num_from_int(7);
    ck_assert_int_eq(vm_num_mul(vc_num("9e99"), vc_num("10"), &out), VM_NUM_OVERFLOW);
    ck_assert_int_eq(vm_num_mul(vc_num("1e50"), vc_num("1e50"), &out), VM_NUM_OVERFLOW);
    ck_assert_int_eq(vm_num_add(vc_num("9e99"), vc_num("9e99"), &out), VM_NUM_OVERFLOW);
    ck_assert_int_eq(vm_num_add(vc_num("9.9999999e99"), vc_num("1e92"), &out), VM_NUM_OVERFLOW);
    ck_assert_int_eq(vm_num_sub(vc_num("-9.9999999e99"), vc_num("1e92"), &out), VM_NUM_OVERFLOW);
    ck_assert_int_eq(vm_num_div(vc_num("1e99"), vc_num("0.1"), &out), VM_NUM_OVERFLOW);
    ck_assert_num(out, "7"); /* untouched by the failures */
    ck_assert_num(mul("1e50", "1e49"), "1e99");
    ck_assert_num(add("9.9999999e99", "9e91"), "9.9999999e99");
    ck_assert_num(mul("1e-50", "1e-49"), "1e-99");
    /* Underflow is zero, not an error. */
    ck_assert_num(dvd("1e-99", "10"), "0");
    ck_assert_num(mul("1e-50", "1e-50"), "0");
    ck_assert_num(mul("-1e-50", "1e-50"), "0");
    ck_assert_num(dvd("1e-99", "1e99"), "0");
    ck_assert_num(dvd("1e99", "1e-0"), "1e99");
    ck_assert_num(dvd("1e-20", "1e70"), "1e-90");
}
END_TEST

START_TEST(division_by_zero)
{
    vm_num out;
    ck_assert_int_eq(vm_num_div(vc_num("5"), vm_num_zero(), &out), VM_NUM_DIV_ZERO);
    ck_assert_int_eq(vm_num_div(vm_num_zero(), vm_num_zero(), &out), VM_NUM_DIV_ZERO);
    ck_assert_int_eq(vm_num_fn1(0x23, vm_num_zero(), VM_DEG, &out), VM_NUM_DIV_ZERO);
    ck_assert_int_eq(vm_num_fn2(0x13, vm_num_zero(), vc_num("1"), &out), VM_NUM_DIV_ZERO);
    ck_assert_num(dvd("0", "5"), "0");
}
END_TEST

START_TEST(integer_and_fractional_parts)
{
    /* K [x] truncates towards zero and K {x} keeps the sign. */
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
    ck_assert_num(vm_num_frac(vc_num("-8")), "0");
    ck_assert(!vm_num_frac(vc_num("-8")).neg);
    ck_assert_num(vm_num_frac(vc_num("-8e20")), "0");
    ck_assert_num(vm_num_int(vm_num_zero()), "0");
    ck_assert_num(vm_num_frac(vm_num_zero()), "0");
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

START_TEST(logarithms_and_powers)
{
    ck_assert_int_eq(f1(0x17, "100", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "2");
    ck_assert_int_eq(f1(0x17, "1000", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "3");
    ck_assert_int_eq(f1(0x17, "1e-5", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "-5");
    ck_assert_int_eq(f1(0x17, "2", VM_RAD), VM_NUM_OK); /* 0.30102999566 */
    ck_assert_num(r, "0.30102999");
    ck_assert_int_eq(f1(0x18, "1", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "0");
    /* e^1 = 2.718281828 -> 2.7182818; ln 2.7182818 = 1 + ln(1 - 2.8459045e-8
     * / 2.7182818) = 1 - 1.0469e-8 = 0.99999998953 -> 0.99999998. */
    ck_assert_int_eq(f1(0x16, "1", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "2.7182818");
    ck_assert_int_eq(vm_num_fn1(0x18, r, VM_RAD, &r), VM_NUM_OK);
    ck_assert_num(r, "0.99999998");
    ck_assert_int_eq(f1(0x16, "0", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "1");
    ck_assert_int_eq(f1(0x16, "300", VM_RAD), VM_NUM_OVERFLOW);
    ck_assert_int_eq(f1(0x16, "-300", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "0");
    ck_assert_int_eq(f1(0x18, "0", VM_RAD), VM_NUM_DOMAIN);
    ck_assert_int_eq(f1(0x17, "-1", VM_RAD), VM_NUM_DOMAIN);
    /* 10^x: exact for integers. */
    ck_assert_int_eq(f1(0x15, "2", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "100");
    ck_assert_int_eq(f1(0x15, "-3", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "0.001");
    ck_assert_int_eq(f1(0x15, "99", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "1e99");
    ck_assert_int_eq(f1(0x15, "0.5", VM_RAD), VM_NUM_OK); /* 3.16227766 */
    ck_assert_num(r, "3.1622776");
    ck_assert_int_eq(f1(0x15, "100", VM_RAD), VM_NUM_OVERFLOW);
    ck_assert_int_eq(f1(0x15, "-100", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "0");
    /* Square root: exact integer root, truncated. */
    ck_assert_int_eq(f1(0x21, "16", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "4");
    ck_assert_int_eq(f1(0x21, "2", VM_RAD), VM_NUM_OK); /* 1.41421356 */
    ck_assert_num(r, "1.4142135");
    ck_assert_int_eq(f1(0x21, "0.01", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "0.1");
    ck_assert_int_eq(f1(0x21, "1e-99", VM_RAD), VM_NUM_OK); /* sqrt(10) * 1e-50 */
    ck_assert_num(r, "3.1622776e-50");
    ck_assert_int_eq(f1(0x21, "9.9999999e99", VM_RAD), VM_NUM_OK); /* 9.99999995e49 */
    ck_assert_num(r, "9.9999999e49");
    ck_assert_int_eq(f1(0x21, "0", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "0");
    ck_assert_int_eq(f1(0x21, "-1", VM_RAD), VM_NUM_DOMAIN);
    /* x^2 and 1/x */
    ck_assert_int_eq(f1(0x22, "-12", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "144");
    ck_assert_int_eq(f1(0x22, "1e50", VM_RAD), VM_NUM_OVERFLOW);
    ck_assert_int_eq(f1(0x23, "4", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "0.25");
    ck_assert_int_eq(f1(0x23, "-3", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "-0.33333333");
    /* F x^y: x (the X register) to the power y (the Y register). */
    ck_assert_int_eq(f2(0x24, "3", "2"), VM_NUM_OK); /* 3 in X, 2 in Y: 3^2 */
    ck_assert_num(r, "9");
    ck_assert_int_eq(f2(0x24, "2", "10"), VM_NUM_OK);
    ck_assert_num(r, "1024");
    ck_assert_int_eq(f2(0x24, "2", "-3"), VM_NUM_OK);
    ck_assert_num(r, "0.125");
    ck_assert_int_eq(f2(0x24, "1.5", "2"), VM_NUM_OK);
    ck_assert_num(r, "2.25");
    ck_assert_int_eq(f2(0x24, "7", "9"), VM_NUM_OK); /* 40353607 */
    ck_assert_num(r, "40353607");
    ck_assert_int_eq(f2(0x24, "0.1", "3"), VM_NUM_OK);
    ck_assert_num(r, "0.001");
    ck_assert_int_eq(f2(0x24, "4", "0.5"), VM_NUM_OK);
    ck_assert_num(r, "2");
    ck_assert_int_eq(f2(0x24, "2", "0.5"), VM_NUM_OK);
    ck_assert_num(r, "1.4142135");
    ck_assert_int_eq(f2(0x24, "3", "-1"), VM_NUM_OK);
    ck_assert_num(r, "0.33333333");
    ck_assert_int_eq(f2(0x24, "5", "0"), VM_NUM_OK);
    ck_assert_num(r, "1");
    ck_assert_int_eq(f2(0x24, "10", "100"), VM_NUM_OVERFLOW);
    ck_assert_int_eq(f2(0x24, "10", "-100"), VM_NUM_OK);
    ck_assert_num(r, "0");
    ck_assert_int_eq(f2(0x24, "-2", "2"), VM_NUM_DOMAIN);
    ck_assert_int_eq(f2(0x24, "0", "2"), VM_NUM_DOMAIN);
}
END_TEST

START_TEST(trigonometry)
{
    /* Degrees. */
    ck_assert_int_eq(f1(0x1C, "30", VM_DEG), VM_NUM_OK);
    ck_assert_num(r, "0.5");
    ck_assert_int_eq(f1(0x1C, "390", VM_DEG), VM_NUM_OK);
    ck_assert_num(r, "0.5");
    ck_assert_int_eq(f1(0x1C, "-30", VM_DEG), VM_NUM_OK);
    ck_assert_num(r, "-0.5");
    ck_assert_int_eq(f1(0x1D, "60", VM_DEG), VM_NUM_OK);
    ck_assert_num(r, "0.5");
    ck_assert_int_eq(f1(0x1D, "90", VM_DEG), VM_NUM_OK); /* exactly 0 */
    ck_assert_num(r, "0");
    ck_assert_int_eq(f1(0x1D, "180", VM_DEG), VM_NUM_OK);
    ck_assert_num(r, "-1");
    ck_assert_int_eq(f1(0x1C, "90", VM_DEG), VM_NUM_OK);
    ck_assert_num(r, "1");
    ck_assert_int_eq(f1(0x1C, "-90", VM_DEG), VM_NUM_OK);
    ck_assert_num(r, "-1");
    ck_assert_int_eq(f1(0x1C, "180", VM_DEG), VM_NUM_OK);
    ck_assert_num(r, "0");
    ck_assert_int_eq(f1(0x1C, "-720", VM_DEG), VM_NUM_OK);
    ck_assert_num(r, "0");
    ck_assert_int_eq(f1(0x1E, "45", VM_DEG), VM_NUM_OK);
    ck_assert_num(r, "1");
    ck_assert_int_eq(f1(0x1E, "-135", VM_DEG), VM_NUM_OK); /* tan(-135°) = 1 */
    ck_assert_num(r, "1");
    ck_assert_int_eq(f1(0x1E, "90", VM_DEG), VM_NUM_DOMAIN);
    ck_assert_int_eq(f1(0x1E, "-270", VM_DEG), VM_NUM_DOMAIN);
    ck_assert_int_eq(f1(0x1E, "180", VM_DEG), VM_NUM_OK);
    ck_assert_num(r, "0");
    /* Grads: 100 grads is a right angle. */
    ck_assert_int_eq(f1(0x1C, "100", VM_GRAD), VM_NUM_OK);
    ck_assert_num(r, "1");
    ck_assert_int_eq(f1(0x1D, "200", VM_GRAD), VM_NUM_OK);
    ck_assert_num(r, "-1");
    ck_assert_int_eq(f1(0x1E, "50", VM_GRAD), VM_NUM_OK);
    ck_assert_num(r, "1");
    /* Radians: sin 0 = 0, cos 0 = 1, sin 1 = 0.8414709848, sin 3.1415926 =
     * sin(pi - 5.358979e-8) = 5.3589793e-8. */
    ck_assert_int_eq(f1(0x1C, "0", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "0");
    ck_assert_int_eq(f1(0x1D, "0", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "1");
    ck_assert_int_eq(f1(0x1C, "1", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "0.84147098");
    ck_assert_int_eq(f1(0x1C, "3.1415926", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "5.3589793e-8");
    ck_assert_int_eq(f1(0x1C, "1e10", VM_RAD), VM_NUM_DOMAIN);
    ck_assert_int_eq(f1(0x1D, "-1e12", VM_DEG), VM_NUM_DOMAIN);
    /* Inverse functions. */
    ck_assert_int_eq(f1(0x1B, "1", VM_DEG), VM_NUM_OK);
    ck_assert_num(r, "45");
    ck_assert_int_eq(f1(0x1B, "1", VM_RAD), VM_NUM_OK); /* 0.785398163 */
    ck_assert_num(r, "0.78539816");
    ck_assert_int_eq(f1(0x1B, "1", VM_GRAD), VM_NUM_OK);
    ck_assert_num(r, "50");
    ck_assert_int_eq(f1(0x1B, "-1e99", VM_DEG), VM_NUM_OK);
    ck_assert_num(r, "-90");
    ck_assert_int_eq(f1(0x19, "0.5", VM_DEG), VM_NUM_OK);
    ck_assert_num(r, "30");
    ck_assert_int_eq(f1(0x19, "-1", VM_DEG), VM_NUM_OK);
    ck_assert_num(r, "-90");
    ck_assert_int_eq(f1(0x1A, "0", VM_DEG), VM_NUM_OK);
    ck_assert_num(r, "90");
    ck_assert_int_eq(f1(0x1A, "1", VM_DEG), VM_NUM_OK);
    ck_assert_num(r, "0");
    ck_assert_int_eq(f1(0x1A, "-1", VM_DEG), VM_NUM_OK);
    ck_assert_num(r, "180");
    ck_assert_int_eq(f1(0x19, "2", VM_DEG), VM_NUM_DOMAIN);
    ck_assert_int_eq(f1(0x1A, "-1.0000001", VM_RAD), VM_NUM_DOMAIN);
    /* F π */
    ck_assert_int_eq(f1(0x20, "0", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "3.1415926");
    ck_assert_num(vm_num_pi(), "3.1415926");
}
END_TEST

START_TEST(angle_and_time_conversions)
{
    /* 0x2A: D.MMSS -> degrees: 12°30'45" = 12 + 0.5 + 0.0125 = 12.5125. */
    ck_assert_int_eq(f1(0x2A, "12.3045", VM_DEG), VM_NUM_OK);
    ck_assert_num(r, "12.5125");
    /* 0x30: degrees -> D.MMSS, the way back. */
    ck_assert_int_eq(f1(0x30, "12.5125", VM_DEG), VM_NUM_OK);
    ck_assert_num(r, "12.3045");
    /* 0x26: D.MM -> degrees: 12°30' = 12.5, 12°45' = 12.75. */
    ck_assert_int_eq(f1(0x26, "12.30", VM_DEG), VM_NUM_OK);
    ck_assert_num(r, "12.5");
    ck_assert_int_eq(f1(0x26, "12.45", VM_DEG), VM_NUM_OK);
    ck_assert_num(r, "12.75");
    /* 0x33: degrees -> D.MM. */
    ck_assert_int_eq(f1(0x33, "12.75", VM_DEG), VM_NUM_OK);
    ck_assert_num(r, "12.45");
    ck_assert_int_eq(f1(0x33, "-12.5", VM_DEG), VM_NUM_OK);
    ck_assert_num(r, "-12.3");
    ck_assert_int_eq(f1(0x30, "0.25", VM_RAD), VM_NUM_OK); /* 15 minutes */
    ck_assert_num(r, "0.15");
    /* 1 second = 1/3600 degree = 0.000277777... -> 2.7777777e-4. */
    ck_assert_int_eq(f1(0x2A, "0.0001", VM_DEG), VM_NUM_OK);
    ck_assert_num(r, "2.7777777e-4");
    /* 2°15'30.5" = 2 + (900 + 30.5) / 3600 = 2 + 0.25847222... */
    ck_assert_int_eq(f1(0x2A, "2.15305", VM_DEG), VM_NUM_OK);
    ck_assert_num(r, "2.2584722");
    /* 60 minutes or seconds are refused. */
    ck_assert_int_eq(f1(0x26, "1.6", VM_DEG), VM_NUM_DOMAIN);
    ck_assert_int_eq(f1(0x2A, "1.6", VM_DEG), VM_NUM_DOMAIN);
    ck_assert_int_eq(f1(0x2A, "1.0060", VM_DEG), VM_NUM_DOMAIN);
    ck_assert_int_eq(f1(0x26, "1.5999", VM_DEG), VM_NUM_OK); /* 1 + 59.99/60 */
    ck_assert_num(r, "1.9998333");
}
END_TEST

START_TEST(bitwise_operations)
{
    /* Digit by digit, as 4-bit values:
     * 1234567 & 7654321: 1&7=1 2&6=2 3&5=1 4&4=4 5&3=1 6&2=2 7&1=1
     * 1234567 | 7654321: 7 6 7 4 7 6 7;  ^: 6 4 6 0 6 4 6. */
    ck_assert_int_eq(f2(0x37, "8.1234567", "8.7654321"), VM_NUM_OK);
    ck_assert_num(r, "8.1214121");
    ck_assert_int_eq(f2(0x38, "8.1234567", "8.7654321"), VM_NUM_OK);
    ck_assert_num(r, "8.7674767");
    ck_assert_int_eq(f2(0x39, "8.1234567", "8.7654321"), VM_NUM_OK);
    ck_assert_num(r, "8.6460646");
    ck_assert_int_eq(f2(0x37, "8.0000001", "8.0000003"), VM_NUM_OK);
    ck_assert_num(r, "8.0000001");
    ck_assert_int_eq(f2(0x37, "8.1234567", "0"), VM_NUM_OK);
    ck_assert_num(r, "8");
    /* ИНВ: 15 - d: 9876699 -> 6 7 8 9 9 6 6. */
    ck_assert_int_eq(f1(0x3A, "8.9876699", VM_RAD), VM_NUM_OK);
    ck_assert_num(r, "8.6789966");
    /* Digits above 9 (8 | 2 = A, ~1 = E) cannot be held: an error. */
    ck_assert_int_eq(f2(0x38, "8.8", "8.2"), VM_NUM_DOMAIN);
    ck_assert_int_eq(f1(0x3A, "8.1234567", VM_RAD), VM_NUM_DOMAIN);
    /* Other numbers: the 7 mantissa digits after the first: 0.51234567 has
     * 1234567, 3 has 0000000. */
    ck_assert_int_eq(f2(0x38, "0.51234567", "3"), VM_NUM_OK);
    ck_assert_num(r, "8.1234567");
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
    tcase_add_test(tc, decimal_fractions_are_exact);
    tcase_add_test(tc, results_are_truncated_to_8_digits);
    tcase_add_test(tc, signs_and_zero);
    tcase_add_test(tc, cancellation_keeps_all_digits);
    tcase_add_test(tc, exponent_limits);
    tcase_add_test(tc, division_by_zero);
    tcase_add_test(tc, integer_and_fractional_parts);
    tcase_add_test(tc, max_treats_zero_as_largest);
    tcase_add_test(tc, comparisons);
    tcase_add_test(tc, text_forms);
    tcase_add_test(tc, random_round_trips);
    tcase_add_test(tc, double_conversions);
    tcase_add_test(tc, logarithms_and_powers);
    tcase_add_test(tc, trigonometry);
    tcase_add_test(tc, angle_and_time_conversions);
    tcase_add_test(tc, bitwise_operations);
    tcase_add_test(tc, codes_that_are_not_functions);
    suite_add_tcase(s, tc);
    return s;
}
