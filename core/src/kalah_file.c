/* The one writer of whole files, and what the file formats share
 * (kalah_file.h). */
#include "kalah_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#define TMP_TRIES 100 /* temporary names tried before giving up */
#define MAX_LINKS 40  /* symbolic links followed before ELOOP, as the kernel does */

bool kalah_file_error(char *err, size_t errsize, const char *fmt, ...)
{
    if (err && errsize > 0) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err, errsize, fmt, ap);
        va_end(ap);
    }
    return false;
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
 * malloc'd; NULL with errno on failure (ELOOP past MAX_LINKS links). The
 * file need not exist: a link to a file still to be made gives that file. */
static char *resolve_links(const char *path)
{
    char *cur = strdup(path);
    for (int hop = 0; cur && hop < MAX_LINKS; hop++) {
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

/* Creates target's temporary file "TARGET.tmp-PID-N" exclusively (so with
 * 0666 less the umask) into o->tmp; its descriptor, or -1 with errno. */
static int create_tmp(kalah_file_out *o)
{
    size_t size = strlen(o->target) + 48;
    o->tmp = malloc(size);
    if (!o->tmp) {
        errno = ENOMEM;
        return -1;
    }
    int fd = -1;
    for (int i = 0; i < TMP_TRIES && fd < 0; i++) {
        snprintf(o->tmp, size, "%s.tmp-%ld-%d", o->target, (long)getpid(), i);
        fd = open(o->tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd < 0) {
        int e = errno;
        free(o->tmp);
        o->tmp = NULL;
        errno = e;
    }
    return fd;
}

/* The descriptor to write path through (see kalah_file_begin), or -1 with
 * the reason in err. */
static int open_for(kalah_file_out *o, const char *path, char *err, size_t errsize)
{
    struct stat st;
    bool exists = stat(path, &st) == 0;
    if (exists && (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode))) {
        int fd = open(path, O_WRONLY | O_TRUNC | O_CLOEXEC);
        if (fd < 0)
            kalah_file_error(err, errsize, "cannot write %s: %s", path, strerror(errno));
        return fd;
    }
    if (exists && !S_ISREG(st.st_mode)) {
        kalah_file_error(err, errsize, "cannot write %s: %s", path,
                         S_ISDIR(st.st_mode) ? "it is a directory" : "not a regular file");
        return -1;
    }
    o->target = resolve_links(path);
    int fd = o->target ? create_tmp(o) : -1;
    if (fd >= 0 && exists && fchmod(fd, st.st_mode & 07777) != 0) {
        int e = errno;
        close(fd); /* the temporary file goes with kalah_file_abort */
        fd = -1;
        errno = e;
    }
    if (fd < 0)
        kalah_file_error(err, errsize, "cannot write %s: %s", path, strerror(errno));
    return fd;
}

bool kalah_file_begin(kalah_file_out *o, const char *path, char *err, size_t errsize)
{
    *o = (kalah_file_out){.path = path};
    if (!path || !*path)
        return kalah_file_error(err, errsize, "cannot write: no file name");
    int fd = open_for(o, path, err, errsize);
    if (fd >= 0) {
        o->f = fdopen(fd, "w");
        if (o->f)
            return true;
        kalah_file_error(err, errsize, "cannot write %s: %s", path, strerror(errno));
        close(fd);
    }
    kalah_file_abort(o);
    return false;
}

bool kalah_file_write(kalah_file_out *o, const void *data, size_t len)
{
    if (len == 0 || fwrite(data, 1, len, o->f) == len)
        return true;
    if (!o->error)
        o->error = errno ? errno : EIO;
    return false;
}

void kalah_file_abort(kalah_file_out *o)
{
    if (o->f)
        fclose(o->f);
    o->f = NULL;
    if (o->tmp)
        unlink(o->tmp);
    free(o->tmp);
    free(o->target);
    o->tmp = o->target = NULL;
}

bool kalah_file_commit(kalah_file_out *o, char *err, size_t errsize)
{
    int e = o->error;
    errno = 0;
    if (!e && (fflush(o->f) != 0 || ferror(o->f)))
        e = errno ? errno : EIO;
    /* EINVAL, EROFS: a device or a pipe, which cannot be synced. */
    if (!e && fsync(fileno(o->f)) != 0 && errno != EINVAL && errno != EROFS)
        e = errno;
    int closed = fclose(o->f);
    o->f = NULL;
    if (!e && closed != 0)
        e = errno;
    if (!e && o->tmp && rename(o->tmp, o->target) != 0)
        e = errno;
    if (!e && o->tmp && !kalah_file_sync_parent(o->target))
        e = errno; /* the file is in place; its name may not survive a crash */
    if (e) {
        kalah_file_abort(o);
        return kalah_file_error(err, errsize, "cannot write %s: %s", o->path, strerror(e));
    }
    free(o->tmp);
    free(o->target);
    o->tmp = o->target = NULL;
    return true;
}

bool kalah_file_write_atomic(const char *path, const void *data, size_t len, char *err,
                             size_t errsize)
{
    kalah_file_out o;
    if (path && *path && !data && len > 0)
        return kalah_file_error(err, errsize, "cannot write %s: no data", path);
    if (!kalah_file_begin(&o, path, err, errsize))
        return false;
    kalah_file_write(&o, data, len);
    return kalah_file_commit(&o, err, errsize);
}

bool kalah_file_end_line(int fd)
{
    struct stat sb;
    char last = '\n';
    if (fstat(fd, &sb) != 0)
        return false;
    if (sb.st_size > 0 && pread(fd, &last, 1, sb.st_size - 1) != 1)
        return false;
    if (last == '\n')
        return true;
    for (;;) {
        ssize_t n = write(fd, "\n", 1);
        if (n == 1)
            return true;
        if (n == 0 || errno != EINTR)
            return false;
    }
}

uint32_t kalah_file_crc32(const void *data, size_t n)
{
    return (uint32_t)crc32_z(crc32_z(0, Z_NULL, 0), data, n);
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
