/*
 * kalah_file.h: what the project's file writers share (prefix kalah_file_).
 * docs/bad-input.md says which files are written how.
 */
#ifndef KALAH_FILE_H
#define KALAH_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Writes len bytes to path atomically: a temporary file "PATH.tmp-PID-N" in
 * the same directory is written, fsync'd, then renamed over path, and the
 * directory is synced (where it can be). On any failure the temporary is
 * removed and path is untouched. An existing file keeps its permission
 * bits; a new one gets 0666 less the umask. Through a symbolic link the real
 * file is replaced and the link kept. A character device or a FIFO
 * (/dev/stdout, /dev/null) is written directly, never renamed over. err
 * (errsize bytes, may be NULL with 0) gets "cannot write PATH: reason". */
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

/* The CRC-32 (IEEE 802.3, as zlib's crc32) of n bytes: the check of the
 * server's record lines and of the move log's lines. */
uint32_t kalah_file_crc32(const void *data, size_t n);

#endif
