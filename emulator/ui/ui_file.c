/* Saved files: the atomic writer and the checked container (ui_file.h). */
#include "ui_file.h"

#include <zlib.h>

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
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

/* Makes the rename durable: syncs the directory holding target (best
 * effort: some file systems cannot). */
static void sync_directory(const char *target)
{
    char *dir = dir_of(target);
    int fd = dir ? open(dir, O_RDONLY | O_CLOEXEC) : -1;
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(dir);
}

bool ui_file_write_atomic(const char *path, const void *data, size_t len, char *err,
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
    sync_directory(target);
    free(tmp);
    free(target);
    return true;
}

/* ---- the container ---------------------------------------------------------- */

bool ui_file_save(const char *path, const char *magic, int version, const char *body, char *err,
                  size_t errsize)
{
    if (!magic || !*magic || strcspn(magic, " \t\r\n\v\f") != strlen(magic))
        return fail(err, errsize, "cannot write %s: the kind of file must be one word",
                    path ? path : "");
    if (version < 0)
        return fail(err, errsize, "cannot write %s: a negative version", path ? path : "");
    if (!body)
        body = "";
    size_t blen = strlen(body), mlen = strlen(magic);
    if (blen > UI_FILE_MAX || mlen > UI_FILE_MAX)
        return fail(err, errsize, "cannot write %s: larger than %u bytes", path ? path : "",
                    UI_FILE_MAX);
    unsigned long crc = crc32(0L, (const Bytef *)body, (uInt)blen);
    size_t cap = mlen + blen + 64;
    char *buf = malloc(cap);
    if (!buf)
        return fail(err, errsize, "cannot write %s: out of memory", path ? path : "");
    int head = snprintf(buf, cap, "%s %d\ncrc32 %08lx\n", magic, version, crc & 0xFFFFFFFFul);
    size_t total = (size_t)head + blen;
    if (head < 0 || total > UI_FILE_MAX) {
        free(buf);
        return fail(err, errsize, "cannot write %s: larger than %u bytes", path ? path : "",
                    UI_FILE_MAX);
    }
    memcpy(buf + head, body, blen);
    bool ok = ui_file_write_atomic(path, buf, total, err, errsize);
    free(buf);
    return ok;
}

/* The whole file in a malloc'd buffer, refusing more than UI_FILE_MAX bytes. */
static bool read_file(const char *path, unsigned char **data, size_t *len, char *err,
                      size_t errsize)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return fail(err, errsize, "cannot read %s: %s", path, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int e = errno;
        close(fd);
        return fail(err, errsize, "cannot read %s: %s", path, strerror(e));
    }
    if (S_ISDIR(st.st_mode)) {
        close(fd);
        return fail(err, errsize, "cannot read %s: it is a directory", path);
    }
    if (S_ISREG(st.st_mode) && (uintmax_t)st.st_size > UI_FILE_MAX) {
        close(fd);
        return fail(err, errsize, "%s: too large: %ju bytes, the most is %u", path,
                    (uintmax_t)st.st_size, UI_FILE_MAX);
    }
    /* The size a regular file claims, and one byte more to see it grow;
     * anything else in steps. Never more than one byte past the most. */
    size_t most = UI_FILE_MAX + 1u, n = 0;
    size_t cap = S_ISREG(st.st_mode) ? (size_t)st.st_size + 1 : 65536;
    unsigned char *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            close(fd);
            return fail(err, errsize, "cannot read %s: out of memory", path);
        }
        ssize_t got = read(fd, buf + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            int e = errno;
            close(fd);
            free(buf);
            return fail(err, errsize, "cannot read %s: %s", path, strerror(e));
        }
        if (got == 0)
            break;
        n += (size_t)got;
        if (n == most)
            break;
        if (n == cap) {
            size_t bigger = cap * 2 < most ? cap * 2 : most;
            unsigned char *grown = realloc(buf, bigger);
            if (!grown)
                free(buf);
            buf = grown;
            cap = bigger;
        }
    }
    close(fd);
    if (n > UI_FILE_MAX) {
        free(buf);
        return fail(err, errsize, "%s: too large: more than %u bytes", path, UI_FILE_MAX);
    }
    *data = buf;
    *len = n;
    return true;
}

/* Checks the header of data; on success *body_at is where the body starts. */
static bool check_header(const char *path, const char *magic, int max_version,
                         const unsigned char *data, size_t len, int *version, size_t *body_at,
                         char *err, size_t errsize)
{
    const char *s = (const char *)data;
    size_t mlen = strlen(magic);
    if (len <= mlen || memcmp(s, magic, mlen) != 0 || s[mlen] != ' ')
        return fail(err, errsize, "%s:1: not a %s file", path, magic);
    size_t i = mlen + 1, digits = 0;
    long v = 0;
    for (; i < len && s[i] >= '0' && s[i] <= '9' && digits < 9; i++, digits++)
        v = v * 10 + (s[i] - '0');
    if (digits == 0 || i >= len || s[i] != '\n')
        return fail(err, errsize, "%s:1: malformed header: expected '%s VERSION'", path,
                    magic);
    if (v > max_version)
        return fail(err, errsize,
                    "%s: written by a newer kalah61: version %ld, this program reads up to %d",
                    path, v, max_version);
    i++;
    static const char crc_word[] = "crc32 ";
    size_t w = sizeof crc_word - 1;
    bool ok = len - i >= w + 9 && memcmp(s + i, crc_word, w) == 0 && s[i + w + 8] == '\n';
    for (size_t k = 0; ok && k < 8; k++) {
        char c = s[i + w + k];
        ok = (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
    }
    if (!ok)
        return fail(err, errsize,
                    "%s:2: malformed header: expected 'crc32' and 8 lower-case hex digits",
                    path);
    unsigned long want = strtoul(s + i + w, NULL, 16);
    *body_at = i + w + 9;
    unsigned long got = crc32(0L, data + *body_at, (uInt)(len - *body_at)) & 0xFFFFFFFFul;
    if (got != want)
        return fail(err, errsize, "%s: damaged: checksum %08lx of the body, expected %08lx "
                    "(line 2)", path, got, want);
    *version = (int)v;
    return true;
}

bool ui_file_load(const char *path, const char *magic, int max_version, char **body, int *version,
                  char *err, size_t errsize)
{
    if (body)
        *body = NULL;
    if (!path || !*path)
        return fail(err, errsize, "cannot read: no file name");
    if (!magic || !*magic || !body)
        return fail(err, errsize, "cannot read %s: no kind of file given", path);
    unsigned char *data = NULL;
    size_t len = 0, at = 0;
    int v = 0;
    if (!read_file(path, &data, &len, err, errsize))
        return false;
    if (!check_header(path, magic, max_version, data, len, &v, &at, err, errsize)) {
        free(data);
        return false;
    }
    const unsigned char *nul = memchr(data + at, '\0', len - at);
    if (nul) {
        int line = 3;
        for (const unsigned char *c = data + at; c < nul; c++)
            line += *c == '\n';
        free(data);
        return fail(err, errsize, "%s:%d: a NUL byte in the body", path, line);
    }
    /* The body moves to the front of the buffer, which has room for the NUL. */
    memmove(data, data + at, len - at);
    data[len - at] = '\0';
    char *copy = realloc(data, len - at + 1);
    *body = copy ? copy : (char *)data;
    if (version)
        *version = v;
    return true;
}
