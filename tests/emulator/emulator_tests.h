/* The suites of test_emulator, one per source file. */
#ifndef EMULATOR_TESTS_H
#define EMULATOR_TESTS_H
#include <check.h>
Suite *isa_suite(void);
#endif
