/* vm_display.c: being written. */
