/* disasm.c: being written. */
