/* Being written. */
#include "emulator_tests.h"
Suite *keys_suite(void)
{
    return suite_create("keys");
}
