/*
 * ui_png.h: screenshots as PNG images (prefix ui_png_), with zlib.
 *
 * The image is 8-bit RGB (colour type 2, no interlace): the alpha of the
 * pixels is dropped. Each row is filtered with whichever of the five PNG
 * filters (None, Sub, Up, Average, Paeth) gives the smallest sum of the
 * bytes taken as signed values; the data is split into IDAT chunks of at
 * most 1 MiB. Nothing is printed; only ui_png_write touches a file.
 */
#ifndef UI_PNG_H
#define UI_PNG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Encodes w x h pixels, 32-bit 0xAARRGGBB words (SDL_PIXELFORMAT_ARGB8888),
 * rows pitch bytes apart (a multiple of 4, at least 4 * w), as a PNG file
 * in memory: *out is malloc'd (the caller frees it), *len its size. false,
 * with *out NULL and *len 0, on a bad size (w or h below 1, a bad pitch, an
 * image whose filtered rows would pass 2 GiB) or no memory. */
bool ui_png_encode(const uint32_t *argb, int w, int h, int pitch, unsigned char **out,
                   size_t *len);

/* Encodes and writes the image to path atomically (kalah_file_write_atomic, kalah_file.h).
 * false with a message in err: "cannot write PATH: reason". */
bool ui_png_write(const char *path, const uint32_t *argb, int w, int h, int pitch, char *err,
                  size_t errsize);

#endif
