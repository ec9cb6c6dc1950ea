/* The suites of test_emulator, one per source file. */
#ifndef EMULATOR_TESTS_H
#define EMULATOR_TESTS_H
#include <check.h>
Suite *isa_suite(void);  /* test_isa.c: the instruction table */
Suite *num_suite(void);  /* test_num.c: decimal numbers */
Suite *num_fn_suite(void); /* test_num_fn.c: the F and K keys' functions */
Suite *asm_suite(void);  /* test_asm.c: the assembler */
Suite *disasm_suite(void); /* test_disasm.c: the disassembler and listings */
Suite *hex_suite(void);  /* test_hex.c: the printed table and hex dumps */
Suite *vm_suite(void);   /* test_vm.c: steps on numbers, the stack, registers */
Suite *vm_flow_suite(void); /* test_vm_flow.c: jumps, loops, calls, pointers */
Suite *vm_run_suite(void);  /* test_vm_run.c: halts, traces, diagnostics */
Suite *keys_suite(void); /* test_keys.c: the keypad, programming mode, display */
Suite *stepper_suite(void); /* test_stepper.c: breakpoints, watches, step over */
Suite *state_suite(void);   /* test_state.c: the machine as text (vm_state.h) */
Suite *state_trip_suite(void); /* test_state_trip.c: that text's round trips */
Suite *corners_suite(void); /* test_corners.c: the odd corners measured (issue 34) */
Suite *edges_suite(void);   /* test_edges.c: the last differences measured (issue 25) */
Suite *fast_suite(void);    /* test_vm_fast.c: the fast loop against the observed */
Suite *whole_suite(void);   /* test_whole.c: a number read as a whole number */
#endif
