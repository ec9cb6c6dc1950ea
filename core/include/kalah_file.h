/*
 * kalah_file.h: the one way the project writes a file whole (prefix
 * kalah_file_), and what its file formats share: the CRC-32 of their lines
 * and the messages of their readers and writers. docs/bad-input.md says
 * which files are written how.
 *
 * A file is written whole or not at all: into a temporary file
 * "PATH.tmp-PID-N" beside it (created exclusively), flushed and fsync'd,
 * then renamed over PATH, and the directory synced (where it can be), so
 * that a crash or a failure never leaves half a file under PATH. On any
 * failure the temporary file is removed and PATH is untouched. An existing
 * file keeps its permission bits; a new one gets 0666 less the umask.
 * Through symbolic links the real file is replaced and the links kept (a
 * link to a file still to be made makes that file). A character device or
 * a FIFO (/dev/stdout, /dev/null) is written in place, never renamed over;
 * a directory or another kind of file is refused. Nothing is printed:
 * failures come back in err (errsize bytes; err may be NULL with 0) as
 * "cannot write PATH: reason".
 */
#ifndef KALAH_FILE_H
#define KALAH_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* A file being written: begun by kalah_file_begin, then ended by exactly
 * one of kalah_file_commit and kalah_file_abort. */
typedef struct kalah_file_out {
    FILE *f;          /* write here (kalah_file_write, or fprintf and the like) */
    const char *path; /* the name asked for, for messages; the caller's */
    char *target;     /* path with its symbolic links resolved; malloc'd */
    char *tmp;        /* the temporary file beside target, malloc'd; NULL
                         when the file is written in place */
    int error;        /* the errno of the first failed kalah_file_write, or 0 */
} kalah_file_out;

/* Opens the temporary file for path (or path itself, for a device or a
 * FIFO). False, with the reason in err, when it cannot; o is then closed. */
bool kalah_file_begin(kalah_file_out *o, const char *path, char *err, size_t errsize);
/* Appends len bytes; false (noted for kalah_file_commit) when it fails. */
bool kalah_file_write(kalah_file_out *o, const void *data, size_t len);
/* Flushes, fsyncs, renames into place and syncs the directory. False, with
 * the reason in err, when anything failed, a write before it among them;
 * then the temporary file is removed (a failed directory sync is reported
 * although the file is in place). Either way o is closed. */
bool kalah_file_commit(kalah_file_out *o, char *err, size_t errsize);
/* Closes and removes the temporary file: path is left as it was. */
void kalah_file_abort(kalah_file_out *o);

/* Writes len bytes of data as path's whole content: begin, write, commit. */
bool kalah_file_write_atomic(const char *path, const void *data, size_t len, char *err,
                             size_t errsize);

/* fsyncs the directory that holds path, so that a file just created or
 * renamed there keeps its name through a crash of the machine. True when
 * done, or when the directory cannot be synced at all (EINVAL, EROFS). */
bool kalah_file_sync_parent(const char *path);

/* For a file appended to a line at a time: when its last byte is not a
 * newline (a write cut short by a crash), writes one, so the next line
 * stands on its own and the fragment is one damaged line. False when the
 * file cannot be read or written. */
bool kalah_file_end_line(int fd);

/* zlib's crc32 (CRC-32 of IEEE 802.3: reflected polynomial 0xEDB88320,
 * initial value and final xor 0xFFFFFFFF) of n bytes, the project's one
 * CRC: the check of the server's record lines, of the move log's lines,
 * of the checked text files below, and of Pulúk's solved tables. */
uint32_t kalah_file_crc32(const void *data, size_t n);

/* ---- checked text files ---------------------------------------------------- */

/* A file the project saves to read back later (the window's saved game,
 * puluk's game in play) is text:
 *   line 1  "MAGIC VERSION"   MAGIC: what kind of file (one word, no blanks),
 *                             VERSION: its format's version, decimal >= 0
 *   line 2  "crc32 XXXXXXXX"  kalah_file_crc32 of the body, 8 lower-case hex
 *                             digits
 *   then    the body, as it was given (any text without NUL bytes; it need
 *           not end with a newline)
 * It is read back only when it is what it claims to be. */
#define KALAH_FILE_MAX (4u << 20) /* the largest file kalah_file_load accepts */
#define KALAH_FILE_BODY_LINE 3    /* the file's line where the body starts */

/* Writes the file "magic version\ncrc32 xxxxxxxx\nbody" whole or not at all
 * (kalah_file_write_atomic). Refused: a magic that is empty or holds
 * blanks, a negative version, a file larger than KALAH_FILE_MAX. */
bool kalah_file_save(const char *path, const char *magic, int version, const char *body,
                     char *err, size_t errsize);

/* Reads and checks such a file. On success *body is a malloc'd,
 * NUL-terminated copy of the body and *version the file's version (<=
 * max_version); the caller frees *body. On failure *body is NULL, *version
 * untouched, and err says what is wrong and where, "FILE: ..." or, for a
 * fault on one line, "FILE:LINE: ...": a missing or unreadable file
 * ("cannot read FILE: why"), one larger than KALAH_FILE_MAX, not a MAGIC
 * file, a version above max_version ("written by a newer kalah61: version
 * 3, this program reads up to 1"), a malformed header line, a checksum that
 * does not match ("damaged: checksum ... expected ..."), a NUL byte in the
 * body. */
bool kalah_file_load(const char *path, const char *magic, int max_version, char **body,
                     int *version, char *err, size_t errsize);

/* Writes the printf-style message into err (errsize bytes; err may be NULL)
 * and returns false: how the file readers and writers report. */
bool kalah_file_error(char *err, size_t errsize, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
