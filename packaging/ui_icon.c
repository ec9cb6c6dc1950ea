/*
 * kalah61-icon: draws the desktop entry's icon, the calculator's face, with
 * the window's own drawing code (a build-time tool; not installed).
 *
 * Usage: kalah61-icon PROGRAM.mk61 OUT.png
 *
 * The window (ui_app) is opened hidden on SDL's offscreen driver at
 * ICON_SCALE times the design size, with the program loaded and the keys
 * "6 1" pressed, so that the display reads 61. The upper square of the
 * calculator's body (its width by its width, from its top: the display, the
 * name, the switches and the top two rows of keys) is averaged down to
 * ICON_SIZE x ICON_SIZE pixels and written as PNG (ui_png).
 */
#include "mk61_cli.h"
#include "ui_app.h"
#include "ui_png.h"
#include "ui_session.h"

#include <SDL.h>
#include <SDL_ttf.h>

#include <stdio.h>
#include <stdlib.h>

#define ICON_SIZE 256
#define ICON_SCALE 2.56 /* the 400-unit square becomes 1024 pixels: 4 to 1 */

/* Averages the w x w square at (x, y) of src (sw pixels a row) down to
 * ICON_SIZE x ICON_SIZE, each output pixel the mean of the source pixels
 * whose top left falls in its share of the square. */
static void shrink(const uint32_t *src, int sw, int x, int y, int w, uint32_t *out)
{
    for (int oy = 0; oy < ICON_SIZE; oy++)
        for (int ox = 0; ox < ICON_SIZE; ox++) {
            int x0 = x + ox * w / ICON_SIZE, x1 = x + (ox + 1) * w / ICON_SIZE;
            int y0 = y + oy * w / ICON_SIZE, y1 = y + (oy + 1) * w / ICON_SIZE;
            unsigned long sum[3] = {0, 0, 0}, n = 0;
            for (int sy = y0; sy < y1; sy++)
                for (int sx = x0; sx < x1; sx++, n++)
                    for (int c = 0; c < 3; c++)
                        sum[c] += (src[(size_t)sy * (size_t)sw + (size_t)sx] >> (16 - 8 * c)) & 0xff;
            uint32_t px = 0xff000000u;
            for (int c = 0; c < 3; c++)
                px |= (uint32_t)((sum[c] + n / 2) / (n ? n : 1)) << (16 - 8 * c);
            out[oy * ICON_SIZE + ox] = px;
        }
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "Usage: kalah61-icon PROGRAM.mk61 OUT.png\n");
        return 2;
    }
    vm_program prog;
    vm_decl decl;
    static ui_session s;
    static ui_app a;
    if (!cli_load_program("kalah61-icon", argv[1], VM_PROFILE_MK61X, &prog, &decl))
        return 1;
    if (!ui_session_load_program(&s, &prog, &decl, argv[1])) {
        fprintf(stderr, "kalah61-icon: out of memory\n");
        return 1;
    }
    const char *keys = "6 1";
    int k;
    size_t len;
    while (vm_key_next(&keys, &k, &len) > 0)
        ui_session_press(&s, (vm_key)k);

    SDL_setenv("SDL_VIDEODRIVER", "offscreen", 1);
    char err[1024];
    int rc = 1, code, w, h;
    uint32_t *px = NULL, icon[ICON_SIZE * ICON_SIZE];
    if (SDL_Init(SDL_INIT_VIDEO) != 0 || TTF_Init() != 0) {
        fprintf(stderr, "kalah61-icon: SDL: %s\n", SDL_GetError());
        goto out;
    }
    if (!ui_app_open(&a, &s, (int)(UI_DESIGN_W * ICON_SCALE + 0.5),
                     (int)(UI_DESIGN_H * ICON_SCALE + 0.5), true, err, sizeof err, &code)) {
        fprintf(stderr, "kalah61-icon: %s\n", err);
        goto out;
    }
    ui_app_draw(&a);
    px = ui_app_pixels(&a, &w, &h);
    ui_rect body = a.layout.calc;
    ui_rect r = ui_view_rect(&a.gfx.view, (ui_rect){body.x, body.y, body.w, body.w});
    if (!px || r.x < 0 || r.y < 0 || r.x + r.w > w || r.y + r.w > h || r.w < ICON_SIZE) {
        fprintf(stderr, "kalah61-icon: cannot read the frame back: %s\n", SDL_GetError());
    } else {
        shrink(px, w, r.x, r.y, r.w, icon);
        if (ui_png_write(argv[2], icon, ICON_SIZE, ICON_SIZE, ICON_SIZE * 4, err, sizeof err))
            rc = 0;
        else
            fprintf(stderr, "kalah61-icon: %s\n", err);
    }
    free(px);
    ui_app_close(&a);
out:
    if (TTF_WasInit())
        TTF_Quit();
    SDL_Quit();
    ui_session_free(&s);
    return rc;
}
