/* vm_program.c: being written. */
