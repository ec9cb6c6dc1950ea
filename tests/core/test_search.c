#include "core_tests.h"
START_TEST(placeholder) { ck_abort_msg("not written yet"); }
END_TEST
Suite *search_suite(void)
{
    Suite *s = suite_create("search");
    TCase *tc = tcase_create("search");
    tcase_add_test(tc, placeholder);
    suite_add_tcase(s, tc);
    return s;
}
