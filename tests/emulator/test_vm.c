/* Being written. */
#include "emulator_tests.h"
Suite *vm_suite(void)
{
    return suite_create("vm");
}
