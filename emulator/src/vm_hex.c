/* vm_hex.c: being written. */
