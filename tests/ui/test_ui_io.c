/* test_ui_io: PNG images (ui_png.h), and the files the window saves
 * (kalah_file.h's atomic writer and checked text files).
 *
 * The PNG files are read back here by a decoder of the test's own (the
 * signature, every chunk's length and CRC, IHDR, the IDAT data inflated by
 * zlib, the five row filters undone) and compared pixel by pixel with the
 * input. The saved files are checked byte by byte; the checksum of
 * "123456789" is CRC-32's published check value, cbf43926. */
/* mkdtemp, fork, symlink, mkfifo, setrlimit, SIGXFSZ: POSIX with X/Open. */
#define _XOPEN_SOURCE 700

#include "../check_run.h"
#include "kalah_file.h"
#include "ui_png.h"

#include <check.h>
#include <zlib.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* ---- helpers -------------------------------------------------------------------- */

static char dir[64];

/* A fresh directory for one test, removed by remove_dir. */
static void make_dir(void)
{
    strcpy(dir, "/tmp/kalah61-ui-io-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(dir));
}

static void remove_dir(void)
{
    chmod(dir, 0700);
    DIR *d = opendir(dir);
    ck_assert_ptr_nonnull(d);
    char path[512];
    for (struct dirent *e; (e = readdir(d));) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        ck_assert_int_eq(unlink(path), 0);
    }
    closedir(d);
    ck_assert_int_eq(rmdir(dir), 0);
}

static const char *in_dir(const char *name)
{
    static char path[4][512];
    static int turn;
    turn = (turn + 1) % 4;
    snprintf(path[turn], sizeof path[turn], "%s/%s", dir, name);
    return path[turn];
}

/* qsort's comparison of two names[] rows of listing. */
static int compare_names(const void *a, const void *b)
{
    return strcmp(a, b);
}

/* The names in the directory, sorted, separated by spaces. */
static const char *listing(void)
{
    static char out[1024];
    char names[32][128];
    int n = 0;
    DIR *d = opendir(dir);
    ck_assert_ptr_nonnull(d);
    for (struct dirent *e; (e = readdir(d));)
        if (e->d_name[0] != '.' && n < 32)
            snprintf(names[n++], sizeof names[0], "%.100s", e->d_name);
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], compare_names);
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        strcat(out, i ? " " : "");
        strcat(out, names[i]);
    }
    return out;
}

/* The whole file, malloc'd and NUL-terminated; *len its size. */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap + 1);
    for (size_t got; (got = fread(buf + n, 1, cap - n, f)) > 0;) {
        n += got;
        if (n == cap)
            buf = realloc(buf, (cap *= 2) + 1);
    }
    fclose(f);
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

static void spit(const char *path, const void *data, size_t len)
{
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(data, 1, len, f), len);
    ck_assert_int_eq(fclose(f), 0);
}

static void assert_contains(const char *text, const char *want)
{
    ck_assert_msg(strstr(text, want) != NULL, "\"%s\" lacks \"%s\"", text, want);
}

/* ---- PNG: a decoder of the test's own ---------------------------------------------- */

static uint32_t get32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static int filters_seen[5]; /* how often each filter was met, over all images */

/* Checks png against the w x h pixels of argb (rows pitch bytes apart);
 * returns the number of IDAT chunks. */
static int check_png(const unsigned char *png, size_t len, const uint32_t *argb, int w, int h,
                     int pitch)
{
    static const unsigned char sig[8] = {0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A};
    ck_assert_uint_ge(len, 8);
    ck_assert(memcmp(png, sig, 8) == 0);
    size_t at = 8, idat_len = 0;
    unsigned char *idat = NULL;
    int chunks = 0, idats = 0;
    bool ended = false, idat_over = false;
    while (at < len) {
        ck_assert_msg(!ended, "a chunk after IEND");
        ck_assert_uint_ge(len - at, 12);
        uint32_t n = get32(png + at);
        ck_assert_uint_le(n, len - at - 12);
        const unsigned char *type = png + at + 4, *data = png + at + 8;
        uLong crc = crc32(crc32(0L, Z_NULL, 0), type, 4);
        crc = crc32(crc, data, n);
        ck_assert_msg(get32(data + n) == (uint32_t)crc, "chunk %d: bad CRC", chunks);
        if (chunks == 0) {
            ck_assert(memcmp(type, "IHDR", 4) == 0);
            ck_assert_uint_eq(n, 13);
            ck_assert_uint_eq(get32(data), (uint32_t)w);
            ck_assert_uint_eq(get32(data + 4), (uint32_t)h);
            ck_assert_int_eq(data[8], 8);  /* bit depth */
            ck_assert_int_eq(data[9], 2);  /* RGB */
            ck_assert_int_eq(data[10], 0); /* deflate */
            ck_assert_int_eq(data[11], 0); /* filter method */
            ck_assert_int_eq(data[12], 0); /* no interlace */
        } else if (memcmp(type, "IDAT", 4) == 0) {
            ck_assert_msg(!idat_over, "IDAT chunks not consecutive");
            idat = realloc(idat, idat_len + n + 1);
            memcpy(idat + idat_len, data, n);
            idat_len += n;
            idats++;
        } else if (memcmp(type, "IEND", 4) == 0) {
            ck_assert_uint_eq(n, 0);
            ended = true;
        } else {
            ck_abort_msg("unexpected chunk %.4s", (const char *)type);
        }
        if (idats > 0 && memcmp(type, "IDAT", 4) != 0)
            idat_over = true;
        at += 12 + n;
        chunks++;
    }
    ck_assert(ended);
    ck_assert_int_ge(idats, 1);

    size_t row = (size_t)w * 3 + 1;
    uLongf raw_len = (uLongf)(row * (size_t)h);
    unsigned char *raw = malloc(raw_len + 1);
    uLongf got = raw_len + 1;
    ck_assert_int_eq(uncompress(raw, &got, idat, (uLong)idat_len), Z_OK);
    ck_assert_uint_eq(got, raw_len);

    /* Undo the filters, row by row, into RGB. */
    unsigned char *rgb = calloc((size_t)h + 1, row); /* a zero row above the first */
    for (int y = 0; y < h; y++) {
        const unsigned char *f = raw + (size_t)y * row;
        unsigned char *out = rgb + (size_t)(y + 1) * row, *up = out - row;
        int type = f[0];
        ck_assert_int_le(type, 4);
        filters_seen[type]++;
        for (size_t i = 0; i < row - 1; i++) {
            int a = i >= 3 ? out[i - 3] : 0, b = up[i], c = i >= 3 ? up[i - 3] : 0, pred = 0;
            if (type == 1)
                pred = a;
            else if (type == 2)
                pred = b;
            else if (type == 3)
                pred = (a + b) >> 1;
            else if (type == 4) {
                int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
                pred = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
            }
            out[i] = (unsigned char)(f[1 + i] + pred);
        }
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            uint32_t px = *(const uint32_t *)((const unsigned char *)argb + (size_t)y * pitch +
                                              (size_t)x * 4);
            const unsigned char *p = rgb + (size_t)(y + 1) * row + (size_t)x * 3;
            uint32_t back = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
            ck_assert_msg(back == (px & 0xFFFFFFu), "%dx%d: pixel (%d, %d) is %06X, want %06X",
                          w, h, x, y, back, px & 0xFFFFFFu);
        }
    free(rgb);
    free(raw);
    free(idat);
    return idats;
}

static uint32_t rng = 12345;
static uint32_t next_rand(void)
{
    rng = rng * 1103515245u + 12345u;
    return rng >> 8 ^ rng << 13;
}

/* An image of a kind: 0 random, 1 horizontal gradient, 2 vertical, 3
 * diagonal, 4 stripes and flat areas; pitch_words >= w. */
static uint32_t *image(int kind, int w, int h, int pitch_words)
{
    uint32_t *px = malloc(sizeof *px * (size_t)pitch_words * (size_t)h);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < pitch_words; x++) {
            uint32_t v;
            if (x >= w)
                v = 0xDEADBEEF; /* padding: never in the image */
            else if (kind == 0)
                v = next_rand();
            else if (kind == 1)
                v = 0xFF000000u | (uint32_t)(x * 7 % 256) << 16 | (uint32_t)(x * 3 % 256) << 8 |
                    (uint32_t)(255 - x % 256);
            else if (kind == 2)
                v = 0x80000000u | (uint32_t)(y * 5 % 256) << 16 | (uint32_t)(y % 256) << 8 | 77;
            else if (kind == 3)
                v = (uint32_t)((x + y) % 256) << 16 | (uint32_t)((x * 2 + y) % 256) << 8 |
                    (uint32_t)((x * y) % 256);
            else
                v = (x / 3 + y / 2) % 2 ? 0xFFFFFFFFu : 0x00102030u + (uint32_t)(y % 4);
            px[(size_t)y * pitch_words + x] = v;
        }
    return px;
}

START_TEST(png_round_trip)
{
    static const struct { int w, h, extra; } sizes[] = {
        {1, 1, 0}, {1, 1, 3}, {2, 1, 0}, {1, 2, 0}, {3, 2, 1}, {5, 7, 0}, {7, 5, 2},
        {17, 9, 0}, {31, 33, 5}, {64, 48, 0}, {101, 67, 1},
    };
    for (int kind = 0; kind < 5; kind++)
        for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
            int w = sizes[i].w, h = sizes[i].h, pw = w + sizes[i].extra;
            uint32_t *px = image(kind, w, h, pw);
            unsigned char *png = NULL;
            size_t len = 0;
            ck_assert(ui_png_encode(px, w, h, pw * 4, &png, &len));
            ck_assert_ptr_nonnull(png);
            check_png(png, len, px, w, h, pw * 4);
            free(png);
            free(px);
        }
    /* The one black pixel, byte for byte: the data is zlib's of the row
     * "filter 0, 00 00 00" or another filter of the same zero bytes. */
    uint32_t black = 0xFF000000u;
    unsigned char *png;
    size_t len;
    ck_assert(ui_png_encode(&black, 1, 1, 4, &png, &len));
    ck_assert_uint_eq(get32(png + 8), 13);
    ck_assert(memcmp(png + 12, "IHDR\0\0\0\1\0\0\0\1\10\2\0\0\0", 17) == 0);
    ck_assert(memcmp(png + len - 12, "\0\0\0\0IEND\xAE\x42\x60\x82", 12) == 0);
    free(png);
    /* Every filter type came up. */
    for (int f = 0; f < 5; f++)
        ck_assert_msg(filters_seen[f] > 0, "filter %d never used", f);
}
END_TEST

START_TEST(png_large)
{
    /* Noise does not compress: the data spans several IDAT chunks. */
    int w = 701, h = 600;
    uint32_t *px = image(0, w, h, w);
    unsigned char *png;
    size_t len;
    ck_assert(ui_png_encode(px, w, h, w * 4, &png, &len));
    ck_assert_int_ge(check_png(png, len, px, w, h, w * 4), 2);
    free(png);
    free(px);
}
END_TEST

START_TEST(png_bad_sizes)
{
    uint32_t px[16] = {0};
    unsigned char *png = (unsigned char *)1;
    size_t len = 99;
    static const struct { int w, h, pitch; } bad[] = {
        {0, 1, 4}, {1, 0, 4}, {-1, 1, 4}, {1, -5, 4}, {2, 2, 4}, {2, 2, 6}, {2, 2, -8},
        {1 << 30, 1 << 30, 0},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        ck_assert(!ui_png_encode(px, bad[i].w, bad[i].h, bad[i].pitch, &png, &len));
        ck_assert_ptr_null(png);
        ck_assert_uint_eq(len, 0);
    }
    ck_assert(!ui_png_encode(NULL, 1, 1, 4, &png, &len));
    /* Too large to be filtered in 2 GiB, whatever the pitch. */
    ck_assert(!ui_png_encode(px, 30000, 30000, 120000, &png, &len));
    ck_assert(!ui_png_encode(px, 1, 1, 4, NULL, &len));
    ck_assert(!ui_png_encode(px, 1, 1, 4, &png, NULL));
}
END_TEST

START_TEST(png_write)
{
    make_dir();
    uint32_t *px = image(3, 13, 11, 13);
    char err[256] = "";
    const char *path = in_dir("shot.png");
    ck_assert_msg(ui_png_write(path, px, 13, 11, 52, err, sizeof err), "%s", err);
    size_t len, elen;
    char *file = slurp(path, &len);
    unsigned char *png;
    ck_assert(ui_png_encode(px, 13, 11, 52, &png, &elen));
    ck_assert_uint_eq(len, elen);
    ck_assert(memcmp(file, png, len) == 0);
    check_png((unsigned char *)file, len, px, 13, 11, 52);
    free(file);
    free(png);
    ck_assert_str_eq(listing(), "shot.png");

    ck_assert(!ui_png_write(in_dir("bad.png"), px, 0, 11, 52, err, sizeof err));
    assert_contains(err, "bad.png: a bad image size (0 x 11, pitch 52)");
    ck_assert(!ui_png_write(in_dir("no/such/dir.png"), px, 13, 11, 52, err, sizeof err));
    assert_contains(err, "cannot write ");
    assert_contains(err, "no/such/dir.png: No such file or directory");
    ck_assert_str_eq(listing(), "shot.png");
    free(px);
    remove_dir();
}
END_TEST

/* ---- the atomic writer -------------------------------------------------------------- */

START_TEST(atomic_write)
{
    make_dir();
    char err[256] = "";
    const char *path = in_dir("a.txt");
    ck_assert(kalah_file_write_atomic(path, "first\n", 6, err, sizeof err));
    ck_assert_str_eq(listing(), "a.txt");
    char *got = slurp(path, NULL);
    ck_assert_str_eq(got, "first\n");
    free(got);

    /* Over an existing file: its permission bits stay. */
    ck_assert_int_eq(chmod(path, 0640), 0);
    ck_assert(kalah_file_write_atomic(path, "second", 6, err, sizeof err));
    got = slurp(path, NULL);
    ck_assert_str_eq(got, "second");
    free(got);
    struct stat st;
    ck_assert_int_eq(stat(path, &st), 0);
    ck_assert_uint_eq(st.st_mode & 07777, 0640);
    ck_assert_str_eq(listing(), "a.txt");

    /* A new file: 0666 less the umask. */
    mode_t old = umask(027);
    ck_assert(kalah_file_write_atomic(in_dir("b.txt"), "", 0, err, sizeof err));
    umask(old);
    ck_assert_int_eq(stat(in_dir("b.txt"), &st), 0);
    ck_assert_uint_eq(st.st_mode & 07777, 0640);
    ck_assert_int_eq(st.st_size, 0);

    /* Through a symbolic link: the link stays, the file it names changes;
     * a link to a file still to be made makes that file. */
    ck_assert_int_eq(symlink("a.txt", in_dir("link")), 0);
    ck_assert(kalah_file_write_atomic(in_dir("link"), "third", 5, err, sizeof err));
    ck_assert_int_eq(lstat(in_dir("link"), &st), 0);
    ck_assert(S_ISLNK(st.st_mode));
    got = slurp(path, NULL);
    ck_assert_str_eq(got, "third");
    free(got);
    ck_assert_int_eq(symlink("c.txt", in_dir("dangling")), 0);
    ck_assert(kalah_file_write_atomic(in_dir("dangling"), "fourth", 6, err, sizeof err));
    got = slurp(in_dir("c.txt"), NULL);
    ck_assert_str_eq(got, "fourth");
    free(got);
    ck_assert_str_eq(listing(), "a.txt b.txt c.txt dangling link");
    remove_dir();
}
END_TEST

START_TEST(atomic_refusals)
{
    make_dir();
    char err[256] = "";
    spit(in_dir("keep.txt"), "original", 8);

    /* A directory is not replaced. */
    ck_assert_int_eq(mkdir(in_dir("sub"), 0700), 0);
    ck_assert(!kalah_file_write_atomic(in_dir("sub"), "x", 1, err, sizeof err));
    assert_contains(err, "cannot write ");
    assert_contains(err, "/sub: it is a directory");
    ck_assert_int_eq(rmdir(in_dir("sub")), 0);

    ck_assert(!kalah_file_write_atomic(in_dir("none/x.txt"), "x", 1, err, sizeof err));
    assert_contains(err, "/none/x.txt: No such file or directory");
    ck_assert(!kalah_file_write_atomic("", "x", 1, err, sizeof err));
    assert_contains(err, "cannot write");
    ck_assert_str_eq(listing(), "keep.txt");

    /* A failure while writing (the file size limit): the temporary goes,
     * the original stays. Works as root too. */
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        signal(SIGXFSZ, SIG_IGN);
        struct rlimit lim = {16, 16};
        setrlimit(RLIMIT_FSIZE, &lim);
        char big[100];
        memset(big, 'z', sizeof big);
        bool ok = kalah_file_write_atomic(in_dir("keep.txt"), big, sizeof big, err, sizeof err);
        _exit(!ok && strstr(err, "keep.txt: File too large") ? 0 : 1);
    }
    int status;
    ck_assert_int_eq(waitpid(pid, &status, 0), pid);
    ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
    ck_assert_str_eq(listing(), "keep.txt");
    char *got = slurp(in_dir("keep.txt"), NULL);
    ck_assert_str_eq(got, "original");
    free(got);

    /* A directory that cannot be written (root ignores permissions). */
    if (geteuid() != 0) {
        ck_assert_int_eq(chmod(dir, 0500), 0);
        ck_assert(!kalah_file_write_atomic(in_dir("keep.txt"), "new", 3, err, sizeof err));
        assert_contains(err, "keep.txt: Permission denied");
        ck_assert_int_eq(chmod(dir, 0700), 0);
        got = slurp(in_dir("keep.txt"), NULL);
        ck_assert_str_eq(got, "original");
        free(got);
        ck_assert_str_eq(listing(), "keep.txt");
    }
    remove_dir();
}
END_TEST

START_TEST(atomic_devices)
{
    char err[256] = "";
    /* Devices are written in place, never renamed over. */
    ck_assert_msg(kalah_file_write_atomic("/dev/null", "x", 1, err, sizeof err), "%s", err);
    struct stat st;
    ck_assert_int_eq(stat("/dev/null", &st), 0);
    ck_assert(S_ISCHR(st.st_mode));
    if (stat("/dev/full", &st) == 0 && S_ISCHR(st.st_mode)) {
        ck_assert(!kalah_file_write_atomic("/dev/full", "x", 1, err, sizeof err));
        assert_contains(err, "cannot write /dev/full: No space left on device");
    }
    /* A FIFO with a reader: the bytes come through it. */
    make_dir();
    const char *fifo = in_dir("fifo");
    ck_assert_int_eq(mkfifo(fifo, 0600), 0);
    int rd = open(fifo, O_RDONLY | O_NONBLOCK);
    ck_assert_int_ge(rd, 0);
    ck_assert_msg(kalah_file_write_atomic(fifo, "through", 7, err, sizeof err), "%s", err);
    char buf[16] = "";
    ck_assert_int_eq(read(rd, buf, sizeof buf), 7);
    ck_assert(memcmp(buf, "through", 7) == 0);
    close(rd);
    ck_assert_int_eq(lstat(fifo, &st), 0);
    ck_assert(S_ISFIFO(st.st_mode));
    ck_assert_str_eq(listing(), "fifo");
    remove_dir();
}
END_TEST

/* ---- saved files ---------------------------------------------------------------------- */

#define MAGIC "kalah61-session"

START_TEST(save_and_load)
{
    make_dir();
    char err[256] = "";
    const char *path = in_dir("s.k61");
    ck_assert_msg(kalah_file_save(path, MAGIC, 2, "123456789", err, sizeof err), "%s", err);
    size_t len;
    char *file = slurp(path, &len);
    ck_assert_str_eq(file, MAGIC " 2\ncrc32 cbf43926\n123456789");
    ck_assert_uint_eq(len, strlen(file));
    free(file);

    char *body = (char *)1;
    int version = -1;
    ck_assert_msg(kalah_file_load(path, MAGIC, 2, &body, &version, err, sizeof err), "%s", err);
    ck_assert_str_eq(body, "123456789");
    ck_assert_int_eq(version, 2);
    free(body);

    /* Older versions are read too; bodies of any text, empty or not ending
     * in a newline. */
    static const char *const bodies[] = {"", "\n", "one\ntwo\n", "без перевода строки\r\nend",
                                         "# comment\n\n\n"};
    for (size_t i = 0; i < sizeof bodies / sizeof bodies[0]; i++) {
        ck_assert(kalah_file_save(path, MAGIC, 1, bodies[i], err, sizeof err));
        ck_assert_msg(kalah_file_load(path, MAGIC, 5, &body, &version, err, sizeof err), "%s", err);
        ck_assert_str_eq(body, bodies[i]);
        ck_assert_int_eq(version, 1);
        free(body);
    }
    file = slurp(path, NULL);
    /* 07a8cdb5: the CRC-32 of the 12 bytes "# comment\n\n\n", computed
     * outside this program (Python's zlib.crc32 and a bitwise CRC-32). */
    ck_assert_str_eq(file, MAGIC " 1\ncrc32 07a8cdb5\n# comment\n\n\n");
    free(file);

    /* The kind of file must be one word, the version not negative. */
    ck_assert(!kalah_file_save(path, "two words", 1, "", err, sizeof err));
    ck_assert(!kalah_file_save(path, "", 1, "", err, sizeof err));
    ck_assert(!kalah_file_save(path, MAGIC, -1, "", err, sizeof err));
    ck_assert_str_eq(listing(), "s.k61");
    remove_dir();
}
END_TEST

/* Writes text as the file f.k61 and loads it: refused with want in err. */
static void load_refused(const char *text, size_t len, int max_version, const char *want)
{
    spit(in_dir("f.k61"), text, len);
    char err[256] = "";
    char *body = (char *)1;
    int version = -7;
    ck_assert_msg(!kalah_file_load(in_dir("f.k61"), MAGIC, max_version, &body, &version, err,
                                sizeof err), "accepted: %s", text);
    ck_assert_ptr_null(body);
    ck_assert_int_eq(version, -7);
    assert_contains(err, "/f.k61");
    assert_contains(err, want);
}

START_TEST(load_refusals)
{
    make_dir();
    const char ok[] = MAGIC " 1\ncrc32 cbf43926\n123456789";
    /* One byte changed in the body, or in the checksum. */
    load_refused(MAGIC " 1\ncrc32 cbf43926\n123456780", sizeof ok - 1, 1,
                 "f.k61: damaged: checksum ");
    load_refused(MAGIC " 1\ncrc32 cbf43926\n123456780", sizeof ok - 1, 1, "expected cbf43926");
    load_refused(MAGIC " 1\ncrc32 cbf43927\n123456789", sizeof ok - 1, 1,
                 "damaged: checksum cbf43926 of the body, expected cbf43927");
    load_refused(MAGIC " 1\ncrc32 cbf43926\n12345678", sizeof ok - 2, 1, "damaged");
    /* A newer version. */
    load_refused(MAGIC " 3\ncrc32 cbf43926\n123456789", sizeof ok - 1, 1,
                 "f.k61: written by a newer kalah61: version 3, this program reads up to 1");
    /* Not this kind of file. */
    load_refused("other 1\ncrc32 cbf43926\n123456789", 32, 1, "f.k61:1: not a " MAGIC " file");
    load_refused(MAGIC "2 1\ncrc32 cbf43926\n123456789", sizeof ok, 1, "not a " MAGIC " file");
    load_refused("", 0, 1, ":1: not a " MAGIC " file");
    load_refused("\x89PNG\r\n", 6, 1, ":1: not a " MAGIC " file");
    /* Malformed or truncated headers. */
    static const char *const line1[] = {MAGIC " ", MAGIC " 1", MAGIC " x\n", MAGIC " -1\n",
                                        MAGIC " 1 \n", MAGIC " 1\r\ncrc32 cbf43926\n"};
    for (size_t i = 0; i < sizeof line1 / sizeof line1[0]; i++)
        load_refused(line1[i], strlen(line1[i]), 1, "f.k61:1: malformed header");
    static const char *const line2[] = {MAGIC " 1\n", MAGIC " 1\ncrc32 cbf4",
                                        MAGIC " 1\ncrc32 cbf43926", MAGIC " 1\ncrc32 CBF43926\n1",
                                        MAGIC " 1\ncrc cbf43926\n1", MAGIC " 1\ncrc32  cbf4392\n"};
    for (size_t i = 0; i < sizeof line2 / sizeof line2[0]; i++)
        load_refused(line2[i], strlen(line2[i]), 1, "f.k61:2: malformed header");
    /* A NUL byte in the body (its checksum right): refused at its line. */
    char nul[64];
    const char body[] = "ab\ncd\n\0ef";
    int n = snprintf(nul, sizeof nul, MAGIC " 1\ncrc32 %08lx\n",
                     crc32(0L, (const Bytef *)body, sizeof body - 1));
    memcpy(nul + n, body, sizeof body - 1);
    load_refused(nul, (size_t)n + sizeof body - 1, 1, "f.k61:5: a NUL byte in the body");

    /* Missing, a directory, too large. */
    char err[256] = "";
    char *b = NULL;
    int v;
    ck_assert(!kalah_file_load(in_dir("missing.k61"), MAGIC, 1, &b, &v, err, sizeof err));
    assert_contains(err, "cannot read ");
    assert_contains(err, "/missing.k61: No such file or directory");
    ck_assert(!kalah_file_load(dir, MAGIC, 1, &b, &v, err, sizeof err));
    assert_contains(err, "it is a directory");
    spit(in_dir("f.k61"), ok, sizeof ok - 1);
    ck_assert_int_eq(truncate(in_dir("f.k61"), KALAH_FILE_MAX + 1), 0);
    ck_assert(!kalah_file_load(in_dir("f.k61"), MAGIC, 1, &b, &v, err, sizeof err));
    assert_contains(err, "f.k61: too large: 4194305 bytes, the most is 4194304");
    ck_assert_ptr_null(b);
    remove_dir();
}
END_TEST

START_TEST(largest)
{
    /* A file of exactly KALAH_FILE_MAX bytes loads; a body that would make a
     * larger file is not saved. */
    make_dir();
    const size_t head = strlen(MAGIC " 1\ncrc32 00000000\n");
    size_t n = KALAH_FILE_MAX - head;
    char *body = malloc(n + 2);
    for (size_t i = 0; i < n; i++)
        body[i] = (char)('a' + i % 26);
    body[n] = '\0';
    char err[256] = "";
    ck_assert_msg(kalah_file_save(in_dir("big"), MAGIC, 1, body, err, sizeof err), "%s", err);
    struct stat st;
    ck_assert_int_eq(stat(in_dir("big"), &st), 0);
    ck_assert_int_eq(st.st_size, KALAH_FILE_MAX);
    char *back;
    int v;
    ck_assert_msg(kalah_file_load(in_dir("big"), MAGIC, 1, &back, &v, err, sizeof err), "%s", err);
    ck_assert_uint_eq(strlen(back), n);
    ck_assert(memcmp(back, body, n) == 0);
    free(back);
    body[n] = 'x';
    body[n + 1] = '\0';
    ck_assert(!kalah_file_save(in_dir("big"), MAGIC, 1, body, err, sizeof err));
    assert_contains(err, "larger than 4194304 bytes");
    ck_assert_int_eq(stat(in_dir("big"), &st), 0);
    ck_assert_int_eq(st.st_size, KALAH_FILE_MAX); /* untouched */
    free(body);
    remove_dir();
}
END_TEST

int main(void)
{
    Suite *s = suite_create("ui_io");
    TCase *png = tcase_create("png");
    tcase_add_test(png, png_round_trip);
    tcase_add_test(png, png_large);
    tcase_add_test(png, png_bad_sizes);
    tcase_add_test(png, png_write);
    suite_add_tcase(s, png);
    TCase *file = tcase_create("file");
    tcase_add_test(file, atomic_write);
    tcase_add_test(file, atomic_refusals);
    tcase_add_test(file, atomic_devices);
    tcase_add_test(file, save_and_load);
    tcase_add_test(file, load_refusals);
    tcase_add_test(file, largest);
    suite_add_tcase(s, file);
    return kalah_check_run(s);
}
