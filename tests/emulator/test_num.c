/* Being written. */
#include "emulator_tests.h"
Suite *num_suite(void)
{
    return suite_create("num");
}
