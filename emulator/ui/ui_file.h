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
 * These are the only functions of the UI that touch files, and only the file
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

/* Writes len bytes to path atomically: a temporary file "PATH.tmp-..." in
 * the same directory is written, flushed and fsync'd, then renamed over
 * path (the directory is then synced too, where it can be). On any failure
 * the temporary is removed and path is untouched. An existing file keeps
 * its permission bits; a new one gets 0666 less the umask. Through a
 * symbolic link the real file is replaced and the link kept. A path that is
 * a character device or a FIFO (/dev/stdout, /dev/null) is written directly
 * instead: never renamed over. err: "cannot write PATH: reason". */
bool ui_file_write_atomic(const char *path, const void *data, size_t len, char *err,
                          size_t errsize);

/* Writes the saved file "magic version\ncrc32 xxxxxxxx\nbody" atomically.
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
