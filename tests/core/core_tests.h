/* The suites of test_core, one per source file. */
#ifndef CORE_TESTS_H
#define CORE_TESTS_H
#include <check.h>
Suite *rules_suite(void);
#endif
