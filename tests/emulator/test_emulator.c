/* test_emulator: the Check program for the MK-61 machine. */
#include "emulator_tests.h"

#include <stdlib.h>

int main(void)
{
    SRunner *sr = srunner_create(isa_suite());
    srunner_add_suite(sr, num_suite());
    srunner_add_suite(sr, num_fn_suite());
    srunner_add_suite(sr, asm_suite());
    srunner_add_suite(sr, disasm_suite());
    srunner_add_suite(sr, hex_suite());
    srunner_add_suite(sr, vm_suite());
    srunner_add_suite(sr, vm_flow_suite());
    srunner_add_suite(sr, vm_run_suite());
    srunner_add_suite(sr, keys_suite());
    srunner_add_suite(sr, stepper_suite());
    srunner_add_suite(sr, state_suite());
    srunner_add_suite(sr, state_trip_suite());
    srunner_add_suite(sr, edges_suite());
    srunner_add_suite(sr, corners_suite());
    srunner_add_suite(sr, fast_suite());
    srunner_add_suite(sr, whole_suite());
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
