/* vm_keys.c: being written. */
