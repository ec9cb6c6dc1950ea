/*
 * A database built a level at a time on disk (kalah_egdb_partial.h): the
 * partial file of the build over MPI.
 */
#include "kalah_egdb_partial.h"
#include "kalah_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

enum { HEADER = KALAH_EGDB_HEADER };

static kalah_status io_fail(kalah_error *err, const char *what, const char *path)
{
    return kalah_fail(err, KALAH_EINVAL, 0, "cannot %s %s: %s", what, path, strerror(errno));
}

static bool pwrite_all(int fd, const void *data, uint64_t n, uint64_t at)
{
    const uint8_t *d = data;
    while (n > 0) {
        size_t chunk = n > (1u << 30) ? (1u << 30) : (size_t)n;
        ssize_t w = pwrite(fd, d, chunk, (off_t)at);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        d += w;
        at += (uint64_t)w;
        n -= (uint64_t)w;
    }
    return true;
}

static bool pread_all(int fd, void *data, uint64_t n, uint64_t at)
{
    uint8_t *d = data;
    while (n > 0) {
        size_t chunk = n > (1u << 30) ? (1u << 30) : (size_t)n;
        ssize_t got = pread(fd, d, chunk, (off_t)at);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            if (got == 0)
                errno = EIO; /* shorter than it was */
            return false;
        }
        d += got;
        at += (uint64_t)got;
        n -= (uint64_t)got;
    }
    return true;
}

static void start(kalah_egdb_partial *f, const char *path, const kalah_rules *r)
{
    memset(f, 0, sizeof *f);
    f->fd = -1;
    snprintf(f->path, sizeof f->path, "%s", path);
    f->r = *r;
    kalah_egdb_sum_init(&f->sum);
}

kalah_status kalah_egdb_partial_create(kalah_egdb_partial *f, const char *path,
                                       const kalah_rules *r, kalah_error *err)
{
    start(f, path, r);
    f->fd = open(path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (f->fd < 0)
        return io_fail(err, "create", path);
    uint8_t zero[HEADER] = {0};
    if (!pwrite_all(f->fd, zero, HEADER, 0)) {
        kalah_status st = io_fail(err, "write", path);
        kalah_egdb_partial_close(f);
        return st;
    }
    return KALAH_OK;
}

static kalah_status damaged(kalah_egdb_partial *f, kalah_error *err, const char *why)
{
    kalah_status st = kalah_fail(err, KALAH_ESYNTAX, 0, "%s is damaged: %s", f->path, why);
    kalah_egdb_partial_close(f);
    return st;
}

kalah_status kalah_egdb_partial_resume(kalah_egdb_partial *f, const char *path,
                                       const kalah_rules *r, kalah_error *err)
{
    start(f, path, r);
    f->fd = open(path, O_RDWR | O_CLOEXEC);
    if (f->fd < 0)
        return io_fail(err, "open", path);
    struct stat sb;
    uint8_t h[HEADER], zero[HEADER] = {0}, want[HEADER];
    if (fstat(f->fd, &sb) != 0 || !S_ISREG(sb.st_mode)) {
        kalah_egdb_partial_close(f);
        return kalah_fail(err, KALAH_EINVAL, 0, "%s is not a regular file", path);
    }
    if ((uint64_t)sb.st_size < HEADER || !pread_all(f->fd, h, HEADER, 0))
        return damaged(f, err, "shorter than its header");
    if (memcmp(h, zero, HEADER) == 0) /* created, no level yet */
        return ftruncate(f->fd, HEADER) == 0 ? KALAH_OK : io_fail(err, "truncate", path);
    /* The header must be the one these fields make, to the byte. */
    int k = h[20];
    uint64_t n = 0, sum = 0;
    for (int i = 0; i < 8; i++) {
        n |= (uint64_t)h[24 + i] << (8 * i);
        sum |= (uint64_t)h[32 + i] << (8 * i);
    }
    kalah_rules fr = *r;
    fr.pits = h[16];
    fr.empty_capture = h[18] != 0;
    fr.end = (kalah_end_rule)h[19];
    fr.stones = h[21];
    kalah_egdb_header(&fr, k, n, sum, want);
    if (memcmp(h, want, HEADER) != 0 || fr.pits < 1 || fr.pits > KALAH_MAX_PITS ||
        k > KALAH_EGDB_MAX_STONES || n != kalah_egdb_positions(&fr, k))
        return damaged(f, err, "its header is not that of a database");
    if (!kalah_egdb_serves(&fr, r)) {
        kalah_egdb_partial_close(f);
        char text[KALAH_TEXT_MAX];
        kalah_rules_format(r, text, sizeof text);
        return kalah_fail(err, KALAH_EINVAL, 0, "%s is for other rules than %s", path, text);
    }
    if ((uint64_t)sb.st_size < HEADER + n)
        return damaged(f, err, "it is truncated");
    /* Past the count: a level written, not committed. */
    if ((uint64_t)sb.st_size > HEADER + n && ftruncate(f->fd, (off_t)(HEADER + n)) != 0)
        return io_fail(err, "truncate", path);
    enum { CHUNK = 8 << 20 };
    uint8_t *buf = malloc(CHUNK);
    if (!buf) {
        kalah_egdb_partial_close(f);
        return kalah_fail(err, KALAH_ENOMEM, 0, "no memory");
    }
    for (uint64_t at = 0; at < n; at += CHUNK) {
        uint64_t len = n - at < CHUNK ? n - at : CHUNK;
        if (!pread_all(f->fd, buf, len, HEADER + at)) {
            free(buf);
            return io_fail(err, "read", path);
        }
        kalah_egdb_sum_add(&f->sum, buf, len);
    }
    free(buf);
    if (kalah_egdb_sum_value(&f->sum) != sum)
        return damaged(f, err, "the values' checksum does not match");
    f->levels = k + 1;
    f->positions = f->committed = n;
    return KALAH_OK;
}

kalah_status kalah_egdb_partial_read(kalah_egdb_partial *f, uint64_t at, void *buf, uint64_t n,
                                     kalah_error *err)
{
    if (at + n > f->committed)
        return kalah_fail(err, KALAH_EINVAL, 0, "reading past the levels of %s", f->path);
    return pread_all(f->fd, buf, n, HEADER + at) ? KALAH_OK : io_fail(err, "read", f->path);
}

kalah_status kalah_egdb_partial_append(kalah_egdb_partial *f, const void *values, uint64_t n,
                                       kalah_error *err)
{
    if (!pwrite_all(f->fd, values, n, HEADER + f->positions))
        return io_fail(err, "write", f->path);
    kalah_egdb_sum_add(&f->sum, values, n);
    f->positions += n;
    return KALAH_OK;
}

kalah_status kalah_egdb_partial_commit(kalah_egdb_partial *f, int max_stones, kalah_error *err)
{
    if (f->positions != kalah_egdb_positions(&f->r, max_stones))
        return kalah_fail(err, KALAH_EINVAL, 0, "%s holds %llu values, not levels 0..%d",
                          f->path, (unsigned long long)f->positions, max_stones);
    uint8_t h[HEADER];
    kalah_egdb_header(&f->r, max_stones, f->positions, kalah_egdb_sum_value(&f->sum), h);
    if (fsync(f->fd) != 0 || !pwrite_all(f->fd, h, HEADER, 0) || fsync(f->fd) != 0)
        return io_fail(err, "write", f->path);
    f->levels = max_stones + 1;
    f->committed = f->positions;
    return KALAH_OK;
}

kalah_status kalah_egdb_partial_finish(kalah_egdb_partial *f, const char *path,
                                       kalah_error *err)
{
    kalah_egdb_partial_close(f);
    if (rename(f->path, path) != 0)
        return kalah_fail(err, KALAH_EINVAL, 0, "cannot rename %s to %s: %s", f->path, path,
                          strerror(errno));
    if (!kalah_file_sync_parent(path))
        return io_fail(err, "sync the directory of", path);
    return KALAH_OK;
}

void kalah_egdb_partial_close(kalah_egdb_partial *f)
{
    if (f->fd >= 0)
        close(f->fd);
    f->fd = -1;
}
