/* asm.c: being written. */
