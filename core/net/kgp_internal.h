/* Private parts of the KGP library shared by its files. */
#ifndef KGP_INTERNAL_H
#define KGP_INTERNAL_H

#include "kgp.h"

#include <stdarg.h>

/* A printable, tab-free copy of a peer's name, at most KGP_NAME_MAX bytes
 * ("?" when nothing is left). */
void kgp_clean_name(const char *in, char out[KGP_NAME_MAX + 1]);

/* Writes all of buf to a blocking descriptor, retrying after signals;
 * false on failure (errno set). */
bool kgp_write_all(int fd, const char *buf, size_t n);

#endif
