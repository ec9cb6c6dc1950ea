/* vm_num.c: being written. */
