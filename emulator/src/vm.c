/* vm.c: being written. */
