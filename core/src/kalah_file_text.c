/* Checked text files: a header that names the kind and version, a CRC-32
 * of the body, the body (kalah_file.h). */
#include "kalah_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool kalah_file_save(const char *path, const char *magic, int version, const char *body,
                     char *err, size_t errsize)
{
    if (!magic || !*magic || strcspn(magic, " \t\r\n\v\f") != strlen(magic))
        return kalah_file_error(err, errsize, "cannot write %s: the kind of file must be one word",
                                path ? path : "");
    if (version < 0)
        return kalah_file_error(err, errsize, "cannot write %s: a negative version",
                                path ? path : "");
    if (!body)
        body = "";
    size_t blen = strlen(body), mlen = strlen(magic);
    if (blen > KALAH_FILE_MAX || mlen > KALAH_FILE_MAX)
        return kalah_file_error(err, errsize, "cannot write %s: larger than %u bytes",
                                path ? path : "", KALAH_FILE_MAX);
    unsigned long crc = kalah_file_crc32(body, blen);
    size_t cap = mlen + blen + 64;
    char *buf = malloc(cap);
    if (!buf)
        return kalah_file_error(err, errsize, "cannot write %s: out of memory", path ? path : "");
    int head = snprintf(buf, cap, "%s %d\ncrc32 %08lx\n", magic, version, crc);
    size_t total = (size_t)head + blen;
    if (head < 0 || total > KALAH_FILE_MAX) {
        free(buf);
        return kalah_file_error(err, errsize, "cannot write %s: larger than %u bytes",
                                path ? path : "", KALAH_FILE_MAX);
    }
    memcpy(buf + head, body, blen);
    bool ok = kalah_file_write_atomic(path, buf, total, err, errsize);
    free(buf);
    return ok;
}

/* The whole file in a malloc'd buffer, refusing more than KALAH_FILE_MAX bytes. */
static bool read_file(const char *path, unsigned char **data, size_t *len, char *err,
                      size_t errsize)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return kalah_file_error(err, errsize, "cannot read %s: %s", path, strerror(errno));
    struct stat st;
    if (fstat(fd, &st) != 0) {
        int e = errno;
        close(fd);
        return kalah_file_error(err, errsize, "cannot read %s: %s", path, strerror(e));
    }
    if (S_ISDIR(st.st_mode)) {
        close(fd);
        return kalah_file_error(err, errsize, "cannot read %s: it is a directory", path);
    }
    if (S_ISREG(st.st_mode) && (uintmax_t)st.st_size > KALAH_FILE_MAX) {
        close(fd);
        return kalah_file_error(err, errsize, "%s: too large: %ju bytes, the most is %u", path,
                                (uintmax_t)st.st_size, KALAH_FILE_MAX);
    }
    /* The size a regular file claims, and one byte more to see it grow;
     * anything else in steps. Never more than one byte past the most. */
    size_t most = KALAH_FILE_MAX + 1u, n = 0;
    size_t cap = S_ISREG(st.st_mode) ? (size_t)st.st_size + 1 : 65536;
    unsigned char *buf = malloc(cap);
    for (;;) {
        if (!buf) {
            close(fd);
            return kalah_file_error(err, errsize, "cannot read %s: out of memory", path);
        }
        ssize_t got = read(fd, buf + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            int e = errno;
            close(fd);
            free(buf);
            return kalah_file_error(err, errsize, "cannot read %s: %s", path, strerror(e));
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
    if (n > KALAH_FILE_MAX) {
        free(buf);
        return kalah_file_error(err, errsize, "%s: too large: more than %u bytes", path,
                                KALAH_FILE_MAX);
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
        return kalah_file_error(err, errsize, "%s:1: not a %s file", path, magic);
    size_t i = mlen + 1, digits = 0;
    long v = 0;
    for (; i < len && s[i] >= '0' && s[i] <= '9' && digits < 9; i++, digits++)
        v = v * 10 + (s[i] - '0');
    if (digits == 0 || i >= len || s[i] != '\n')
        return kalah_file_error(err, errsize, "%s:1: malformed header: expected '%s VERSION'", path,
                                magic);
    if (v > max_version)
        return kalah_file_error(err, errsize,
                                "%s: written by a newer kalah61: version %ld, this program "
                                "reads up to %d",
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
        return kalah_file_error(err, errsize,
                                "%s:2: malformed header: expected 'crc32' and 8 lower-case "
                                "hex digits",
                                path);
    unsigned long want = strtoul(s + i + w, NULL, 16);
    *body_at = i + w + 9;
    unsigned long got = kalah_file_crc32(data + *body_at, len - *body_at);
    if (got != want)
        return kalah_file_error(err, errsize,
                                "%s: damaged: checksum %08lx of the body, expected %08lx "
                                "(line 2)",
                                path, got, want);
    *version = (int)v;
    return true;
}

bool kalah_file_load(const char *path, const char *magic, int max_version, char **body,
                     int *version, char *err, size_t errsize)
{
    if (body)
        *body = NULL;
    if (!path || !*path)
        return kalah_file_error(err, errsize, "cannot read: no file name");
    if (!magic || !*magic || !body)
        return kalah_file_error(err, errsize, "cannot read %s: no kind of file given", path);
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
        int line = KALAH_FILE_BODY_LINE;
        for (const unsigned char *c = data + at; c < nul; c++)
            line += *c == '\n';
        free(data);
        return kalah_file_error(err, errsize, "%s:%d: a NUL byte in the body", path, line);
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
