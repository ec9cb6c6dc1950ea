/* A number read as a whole number (vm_whole.h): every whole number the
 * machine writes reads back as itself, anything else as none. */
#include "emulator_tests.h"
#include "vm_check.h"
#include "vm_whole.h"

#include <stdint.h>

/* v reads as want. */
static void reads(vm_num v, int64_t want, const char *what)
{
    int64_t got = -12345;
    ck_assert_msg(vm_whole(v, &got), "%s is whole", what);
    ck_assert_msg(got == want, "%s reads %lld, not %lld", what, (long long)got,
                  (long long)want);
}

static void not_whole(vm_num v, const char *what)
{
    int64_t got = 777;
    ck_assert_msg(!vm_whole(v, &got), "%s is not whole", what);
    ck_assert_msg(got == 777, "%s: *out untouched", what);
}

START_TEST(whole_numbers_read_as_themselves)
{
    /* Every number the machine makes of an integer, both signs, over the
     * eight digits' range (a stride through the rest). */
    for (int64_t i = -100000; i <= 100000; i++)
        reads(vm_num_from_int(i), i, "from_int");
    for (int64_t i = 100000; i < 100000000; i += 9973) {
        reads(vm_num_from_int(i), i, "from_int");
        reads(vm_num_from_int(-i), -i, "from_int");
    }
    reads(vm_num_from_int(99999999), 99999999, "99999999");
    /* Typed as text: a point, an exponent, a comma's entry form. */
    static const struct { const char *text; int64_t want; } cases[] = {
        {"12", 12}, {"-3", -3}, {"4.0", 4}, {"1.2e3", 1200}, {"-0", 0},
        {"5e10", 50000000000}, {"9.9999999e17", 999999990000000000},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
        reads(vc_num(cases[k].text), cases[k].want, cases[k].text);
}
END_TEST

START_TEST(register_forms)
{
    /* The registers the instrument read (test_num.c, register_form): a
     * loop counter's 1 unnormalised (007000000001), R0 after FL0
     * (007999999999, -99999999). */
    vm_num n;
    ck_assert(vm_num_from_raw(0x007000000001ull, &n));
    reads(n, 1, "a loop counter's 1");
    ck_assert(vm_num_from_raw(0x007999999999ull, &n));
    reads(n, -99999999, "R0 after FL0");
    /* Hex digits: a logic operation's 8.EDCBA98, a pointer carried into
     * the sign (007100000000): no decimal number, zeros or not. */
    ck_assert(vm_num_from_raw(0x00008EDCBA98ull, &n));
    not_whole(n, "8.EDCBA98");
    ck_assert(vm_num_from_raw(0x007100000000ull, &n));
    not_whole(n, "1|00000000");
}
END_TEST

START_TEST(fractions_and_large_numbers)
{
    static const char *const fractions[] = {"0.5", "-2.5", "1234.5678", "99999999e-8",
                                            "1e-99", "12345678e-1"};
    for (size_t k = 0; k < sizeof fractions / sizeof fractions[0]; k++)
        not_whole(vc_num(fractions[k]), fractions[k]);
    /* 10^18 and above are whole, but not read. */
    not_whole(vc_num("1e18"), "1e18");
    not_whole(vc_num("-9.9e99"), "-9.9e99");
}
END_TEST

START_TEST(ranges)
{
    ck_assert_int_eq(vm_whole_in(vc_num("6"), 1, 6, -1), 6);
    ck_assert_int_eq(vm_whole_in(vc_num("7"), 1, 6, -1), -1);
    ck_assert_int_eq(vm_whole_in(vc_num("0"), 1, 6, -1), -1);
    ck_assert_int_eq(vm_whole_in(vc_num("-999"), -999, 999, -1000), -999);
    ck_assert_int_eq(vm_whole_in(vc_num("-1000"), -999, 999, -1000), -1000);
    ck_assert_int_eq(vm_whole_in(vc_num("2.5"), 0, 9, 255), 255);
    ck_assert_int_eq(vm_whole_in(vc_num("1e50"), 0, 9, 255), 255);
    ck_assert_int_eq(vm_whole_in(vc_num("-0"), 0, 0, 1), 0);
}
END_TEST

Suite *whole_suite(void)
{
    Suite *s = suite_create("whole");
    TCase *tc = tcase_create("whole");
    tcase_add_test(tc, whole_numbers_read_as_themselves);
    tcase_add_test(tc, register_forms);
    tcase_add_test(tc, fractions_and_large_numbers);
    tcase_add_test(tc, ranges);
    suite_add_tcase(s, tc);
    return s;
}
