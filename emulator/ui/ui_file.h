/*
 * ui_file.h: the files the window saves (prefix ui_file_): written whole or
 * not at all, and read back only when they are what they claim to be.
 *
 * A saved file is text:
 *   line 1  "MAGIC VERSION"   MAGIC: what kind of file (one word, no blanks),
 *                             VERSION: its format's version, decimal >= 0
 *   line 2  "crc32 XXXXXXXX"  zlib's crc32 of the body, 8 lower-case hex digits
 *   then    the body, as it was given (any text without NUL bytes; it need not
 *           end with a newline)
 *
 * These and ui_png_write are the only functions of the UI that touch files, and only the file
 * they are given (plus its temporary sibling). Errors come back as messages in
 * err (at most errsize bytes, always terminated; err may be NULL when
 * errsize is 0). Nothing is printed.
 */
#ifndef UI_FILE_H
#define UI_FILE_H

#include <stdbool.h>
#include <stddef.h>

#define UI_FILE_MAX (4u << 20) /* the largest file load accepts */
#define UI_FILE_BODY_LINE 3     /* the file's line where the body starts */

/* Writes the saved file "magic version\ncrc32 xxxxxxxx\nbody" whole or not
 * at all (kalah_file_write_atomic, kalah_file.h).
 * Refused: a magic that is empty or holds blanks, a negative version, a
 * file larger than UI_FILE_MAX. */
bool ui_file_save(const char *path, const char *magic, int version, const char *body, char *err,
                  size_t errsize);

/* Reads and checks a saved file. On success *body is a malloc'd,
 * NUL-terminated copy of the body and *version the file's version (<=
 * max_version); the caller frees *body. On failure *body is NULL, *version
 * untouched, and err says what is wrong and where, "FILE: ..." or, for a
 * fault on one line, "FILE:LINE: ...": a missing or unreadable
 * file, one larger than UI_FILE_MAX, not a MAGIC file, a version above
 * max_version ("written by a newer kalah61: version 3, this program reads up
 * to 1"), a malformed header line, a checksum that does not match ("damaged:
 * checksum ... expected ..."), a NUL byte in the body. */
bool ui_file_load(const char *path, const char *magic, int max_version, char **body, int *version,
                  char *err, size_t errsize);

#endif
