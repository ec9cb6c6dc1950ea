/*
 * kalah_file.h: what the project's file writers share (prefix kalah_file_).
 * docs/bad-input.md says which files are written how.
 */
#ifndef KALAH_FILE_H
#define KALAH_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* fsyncs the directory that holds path, so that a file just created or
 * renamed there keeps its name through a crash of the machine. True when
 * done, or when the directory cannot be synced at all (EINVAL, EROFS). */
bool kalah_file_sync_parent(const char *path);

/* The CRC-32 (IEEE 802.3, as zlib's crc32) of n bytes: the check of the
 * server's record lines and of the move log's lines. */
uint32_t kalah_file_crc32(const void *data, size_t n);

#endif
