/* Shared by the project's file writers: whole files replaced atomically,
 * new names made durable, CRC-32. */
#include "kalah_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define TMP_TRIES 100 /* temporary names tried before giving up */

static bool fail(char *err, size_t errsize, const char *fmt, ...)
{
    if (err && errsize > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errsize, fmt, ap);
        va_end(ap);
    }
    return false;
}

/* All of data to fd, through short writes and interrupts; errno on failure. */
static bool write_all(int fd, const void *data, size_t len)
{
    const unsigned char *p = data;
    while (len > 0) {
        ssize_t n = write(fd, p, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0)
                errno = EIO;
            return false;
        }
        p += n;
        len -= (size_t)n;
    }
    return true;
}

/* Written, flushed to the device where it has one (EINVAL: a pipe or a
 * terminal, which cannot be synced) and closed; errno on failure. */
static bool write_sync_close(int fd, const void *data, size_t len)
{
    bool ok = write_all(fd, data, len) && (fsync(fd) == 0 || errno == EINVAL);
    int e = errno;
    if (close(fd) != 0 && ok) {
        ok = false;
        e = errno;
    }
    errno = e;
    return ok;
}

/* A device or a FIFO: written in place. */
static bool write_direct(const char *path, const void *data, size_t len, char *err,
                         size_t errsize)
{
    int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0 || !write_sync_close(fd, data, len))
        return fail(err, errsize, "cannot write %s: %s", path, strerror(errno));
    return true;
}

/* The directory part of path ("." for none), malloc'd. */
static char *dir_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    if (!slash)
        return strdup(".");
    return strndup(path, slash == path ? 1 : (size_t)(slash - path));
}

/* The file path's symbolic links lead to (path itself when it is none),
 * malloc'd; NULL with errno on failure (ELOOP past 40 links). The file
 * need not exist: a link to a file still to be made gives that file. */
static char *resolve_links(const char *path)
{
    char *cur = strdup(path);
    for (int hop = 0; cur && hop < 40; hop++) {
        struct stat st;
        if (lstat(cur, &st) != 0 || !S_ISLNK(st.st_mode))
            return cur;
        size_t cap = (size_t)st.st_size + 2;
        char *link = malloc(cap);
        ssize_t n = link ? readlink(cur, link, cap) : -1;
        if (n < 0 || (size_t)n >= cap) { /* gone, or changed meanwhile */
            int e = !link ? ENOMEM : n < 0 ? errno : EAGAIN;
            free(link);
            free(cur);
            errno = e;
            return NULL;
        }
        link[n] = '\0';
        char *next = link;
        if (link[0] != '/') { /* relative to the link's directory */
            char *dir = dir_of(cur);
            size_t size = (dir ? strlen(dir) : 0) + (size_t)n + 2;
            next = dir ? malloc(size) : NULL;
            if (next)
                snprintf(next, size, "%s/%s", dir, link);
            free(dir);
            free(link);
        }
        free(cur);
        cur = next;
    }
    if (cur) {
        free(cur);
        errno = ELOOP;
    } else {
        errno = ENOMEM;
    }
    return NULL;
}

bool kalah_file_write_atomic(const char *path, const void *data, size_t len, char *err,
                             size_t errsize)
{
    if (!path || !*path)
        return fail(err, errsize, "cannot write: no file name");
    if (!data && len > 0)
        return fail(err, errsize, "cannot write %s: no data", path);

    struct stat st;
    bool exists = stat(path, &st) == 0;
    if (exists && (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)))
        return write_direct(path, data, len, err, errsize);
    if (exists && !S_ISREG(st.st_mode))
        return fail(err, errsize, "cannot write %s: %s", path,
                    S_ISDIR(st.st_mode) ? "it is a directory" : "not a regular file");
    /* Through symbolic links, the real file is replaced and the links kept. */
    char *target = resolve_links(path);
    if (!target)
        return fail(err, errsize, "cannot write %s: %s", path, strerror(errno));

    /* PATH.tmp-PID-N, created exclusively (so with 0666 less the umask). */
    size_t n = strlen(target);
    size_t tmp_size = n + 48;
    char *tmp = malloc(tmp_size);
    if (!tmp) {
        free(target);
        return fail(err, errsize, "cannot write %s: out of memory", path);
    }
    int fd = -1;
    for (int i = 0; i < TMP_TRIES && fd < 0; i++) {
        snprintf(tmp, tmp_size, "%s.tmp-%ld-%d", target, (long)getpid(), i);
        fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd < 0) {
        int e = errno;
        free(tmp);
        free(target);
        return fail(err, errsize, "cannot write %s: %s", path, strerror(e));
    }
    bool ok = !exists || fchmod(fd, st.st_mode & 07777) == 0;
    if (!ok) {
        int e = errno;
        close(fd);
        errno = e;
    }
    ok = ok && write_sync_close(fd, data, len) && rename(tmp, target) == 0;
    if (!ok) {
        int e = errno;
        unlink(tmp);
        free(tmp);
        free(target);
        return fail(err, errsize, "cannot write %s: %s", path, strerror(e));
    }
    kalah_file_sync_parent(target); /* best effort: the file is in place */
    free(tmp);
    free(target);
    return true;
}


bool kalah_file_end_line(int fd)
{
    struct stat sb;
    char last = '\n';
    if (fstat(fd, &sb) != 0)
        return false;
    if (sb.st_size > 0 && pread(fd, &last, 1, sb.st_size - 1) != 1)
        return false;
    return last == '\n' || write_all(fd, "\n", 1);
}

uint32_t kalah_file_crc32(const void *data, size_t n)
{
    const unsigned char *b = data;
    uint32_t c = 0xffffffffu;
    for (size_t i = 0; i < n; i++) {
        c ^= b[i];
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
    }
    return ~c;
}

bool kalah_file_sync_parent(const char *path)
{
    char *dir = dir_of(path);
    int fd = dir ? open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC) : -1;
    free(dir);
    if (fd < 0)
        return false;
    bool ok = fsync(fd) == 0 || errno == EINVAL || errno == EROFS;
    close(fd);
    return ok;
}
