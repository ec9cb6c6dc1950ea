/* Being written. */
#include "emulator_tests.h"
Suite *asm_suite(void)
{
    return suite_create("asm");
}
