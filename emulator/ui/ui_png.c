/* PNG images (ui_png.h): filtered RGB rows, deflated by zlib, in chunks. */
#include "ui_png.h"
#include "kalah_file.h"

#include <zlib.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define IDAT_MAX (1u << 20)       /* the most data in one IDAT chunk */
#define RAW_MAX (0x7FFFFFFFu)     /* the most filtered bytes (2 GiB) */
#define BPP 3                     /* bytes a pixel: R G B */

enum { PNG_OK, PNG_BAD_SIZE, PNG_NO_MEMORY };

static void put32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

/* A chunk at p: length, type, data, CRC of type and data. Returns its size. */
static size_t put_chunk(unsigned char *p, const char type[4], const unsigned char *data,
                        size_t n)
{
    put32(p, (uint32_t)n);
    memcpy(p + 4, type, 4);
    if (n > 0)
        memcpy(p + 8, data, n);
    uLong crc = crc32(0L, p + 4, (uInt)(4 + n));
    put32(p + 8 + n, (uint32_t)crc);
    return 12 + n;
}

static int paeth(int a, int b, int c)
{
    int p = a + b - c;
    int pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    if (pa <= pb && pa <= pc)
        return a;
    return pb <= pc ? b : c;
}

/* The five filters of cur (prev: the row above, zeros for the first) into
 * cand[0..4], n bytes each; returns the one with the smallest sum of
 * |signed byte|. */
static int filter_row(const unsigned char *cur, const unsigned char *prev, size_t n,
                      unsigned char *cand[5])
{
    unsigned long sum[5] = {0, 0, 0, 0, 0};
    for (size_t i = 0; i < n; i++) {
        int x = cur[i], a = i >= BPP ? cur[i - BPP] : 0, b = prev[i];
        int c = i >= BPP ? prev[i - BPP] : 0;
        const int pred[5] = {0, a, b, (a + b) / 2, paeth(a, b, c)};
        for (int f = 0; f < 5; f++) {
            unsigned char v = (unsigned char)(x - pred[f]);
            cand[f][i] = v;
            sum[f] += (unsigned long)abs((int)(signed char)v);
        }
    }
    int best = 0;
    for (int f = 1; f < 5; f++)
        if (sum[f] < sum[best])
            best = f;
    return best;
}

static int encode(const uint32_t *argb, int w, int h, int pitch, unsigned char **out,
                  size_t *len)
{
    if (!argb || w < 1 || h < 1 || pitch < 0 || pitch % 4 != 0 || pitch / 4 < w)
        return PNG_BAD_SIZE;
    size_t n = (size_t)w * BPP, row = n + 1;
    if ((size_t)h > RAW_MAX / row)
        return PNG_BAD_SIZE;
    size_t raw_len = row * (size_t)h;

    unsigned char *raw = malloc(raw_len);
    unsigned char *rows = calloc(7, n); /* previous, current, 5 candidates */
    uLong zcap = compressBound((uLong)raw_len);
    unsigned char *z = malloc(zcap);
    int status = PNG_NO_MEMORY;
    if (!raw || !rows || !z)
        goto done;

    unsigned char *prev = rows, *cur = rows + n, *cand[5];
    for (int f = 0; f < 5; f++)
        cand[f] = rows + (size_t)(2 + f) * n;
    for (int y = 0; y < h; y++) {
        const uint32_t *src =
            (const uint32_t *)((const unsigned char *)argb + (size_t)y * (size_t)pitch);
        for (int x = 0; x < w; x++) {
            cur[BPP * x] = (unsigned char)(src[x] >> 16);
            cur[BPP * x + 1] = (unsigned char)(src[x] >> 8);
            cur[BPP * x + 2] = (unsigned char)src[x];
        }
        int f = filter_row(cur, prev, n, cand);
        raw[(size_t)y * row] = (unsigned char)f;
        memcpy(raw + (size_t)y * row + 1, cand[f], n);
        unsigned char *t = prev;
        prev = cur;
        cur = t;
    }
    uLong zlen = zcap;
    if (compress2(z, &zlen, raw, (uLong)raw_len, Z_DEFAULT_COMPRESSION) != Z_OK)
        goto done; /* only Z_MEM_ERROR can happen with a big enough buffer */

    size_t chunks = zlen / IDAT_MAX + (zlen % IDAT_MAX != 0);
    size_t size = 8 + (12 + 13) + (size_t)zlen + 12 * chunks + 12;
    unsigned char *png = malloc(size);
    if (!png)
        goto done;
    static const unsigned char signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
    unsigned char ihdr[13];
    put32(ihdr, (uint32_t)w);
    put32(ihdr + 4, (uint32_t)h);
    ihdr[8] = 8;  /* bits a sample */
    ihdr[9] = 2;  /* colour type: RGB */
    ihdr[10] = 0; /* deflate */
    ihdr[11] = 0; /* adaptive filtering */
    ihdr[12] = 0; /* no interlace */
    memcpy(png, signature, 8);
    size_t at = 8 + put_chunk(png + 8, "IHDR", ihdr, sizeof ihdr);
    for (size_t sent = 0; sent < zlen; sent += IDAT_MAX) {
        size_t part = zlen - sent < IDAT_MAX ? zlen - sent : IDAT_MAX;
        at += put_chunk(png + at, "IDAT", z + sent, part);
    }
    at += put_chunk(png + at, "IEND", NULL, 0);
    *out = png;
    *len = at;
    status = PNG_OK;
done:
    free(raw);
    free(rows);
    free(z);
    return status;
}

bool ui_png_encode(const uint32_t *argb, int w, int h, int pitch, unsigned char **out,
                   size_t *len)
{
    if (!out || !len)
        return false;
    *out = NULL;
    *len = 0;
    return encode(argb, w, h, pitch, out, len) == PNG_OK;
}

bool ui_png_write(const char *path, const uint32_t *argb, int w, int h, int pitch, char *err,
                  size_t errsize)
{
    unsigned char *png = NULL;
    size_t len = 0;
    int status = encode(argb, w, h, pitch, &png, &len);
    if (status != PNG_OK) {
        if (err && errsize > 0) {
            if (status == PNG_BAD_SIZE)
                snprintf(err, errsize, "cannot write %s: a bad image size (%d x %d, pitch %d)",
                         path ? path : "", w, h, pitch);
            else
                snprintf(err, errsize, "cannot write %s: out of memory", path ? path : "");
        }
        return false;
    }
    bool ok = kalah_file_write_atomic(path, png, len, err, errsize);
    free(png);
    return ok;
}
