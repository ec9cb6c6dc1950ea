/* The text forms of positions, games and move log lines (docs/notation.md). */
#include "kalah_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int kalah_pos_format(const kalah_rules *r, const kalah_pos *p, char *buf, size_t size)
{
    char tmp[KALAH_TEXT_MAX];
    int n = kalah_rules_format(r, tmp, sizeof tmp);
    n += snprintf(tmp + n, sizeof tmp - (size_t)n, ":%c",
                  p->to_move == KALAH_SOUTH ? 'S' : 'N');
    for (int s = 0; s < 2; s++) {
        for (int i = 0; i < r->pits; i++)
            n += snprintf(tmp + n, sizeof tmp - (size_t)n, "%c%d", i ? ',' : ':', p->pit[s][i]);
        n += snprintf(tmp + n, sizeof tmp - (size_t)n, "/%d", p->store[s]);
    }
    return snprintf(buf, size, "%s", tmp);
}

/* Parses a position at the start of text, up to the end or a space. */
static kalah_status pos_parse_prefix(const char *text, kalah_rules *out_r, kalah_pos *out_p,
                                     int *used, kalah_error *err)
{
    kalah_rules r;
    int n;
    kalah_status st = kalah_rules_parse_prefix(text, &r, &n, err);
    if (st != KALAH_OK)
        return st;
    const char *s = text + n;
#define COL ((int)(s - text) + 1)
    kalah_pos p = kalah_start(&r);
    if (*s == ':') {
        memset(&p, 0, sizeof p);
        s++;
        if (*s != 'S' && *s != 'N')
            return kalah_fail(err, KALAH_ESYNTAX, COL, "expected the side to move, S or N");
        p.to_move = *s++ == 'S' ? KALAH_SOUTH : KALAH_NORTH;
        for (int side = 0; side < 2; side++) {
            if (*s != ':')
                return kalah_fail(err, KALAH_ESYNTAX, COL, "expected ':' and the %s row",
                                  side ? "north" : "south");
            s++;
            for (int i = 0; i < r.pits; i++) {
                if (i > 0 && *s++ != ',')
                    return kalah_fail(err, KALAH_ESYNTAX, COL - 1,
                                      "expected ',' and pit %d (the rules have %d pits a side)",
                                      i + 1, r.pits);
                int v;
                if (!kalah_read_uint(&s, &v, KALAH_MAX_TOTAL))
                    return kalah_fail(err, KALAH_ESYNTAX, COL,
                                      "expected the stones in pit %d, 0..%d", i + 1,
                                      KALAH_MAX_TOTAL);
                p.pit[side][i] = (uint16_t)v;
            }
            if (*s != '/')
                return kalah_fail(err, KALAH_ESYNTAX, COL,
                                  *s == ',' ? "too many pits: the rules have %d a side"
                                            : "expected '/' and the store (the rules have %d pits a side)",
                                  r.pits);
            s++;
            int v;
            if (!kalah_read_uint(&s, &v, KALAH_MAX_TOTAL))
                return kalah_fail(err, KALAH_ESYNTAX, COL, "expected the stones in the store, 0..%d",
                                  KALAH_MAX_TOTAL);
            p.store[side] = (uint16_t)v;
        }
        if (*s != '\0' && *s != ' ')
            return kalah_fail(err, KALAH_ESYNTAX, COL, "unexpected character after the position");
        int total = kalah_total_stones(&r, &p);
        if (total != kalah_rules_total(&r))
            return kalah_fail(err, KALAH_EINVAL, 1,
                              "the position holds %d stones, but %d pits of %d make %d",
                              total, 2 * r.pits, r.stones, kalah_rules_total(&r));
    } else if (*s != '\0' && *s != ' ') {
        return kalah_fail(err, KALAH_ESYNTAX, COL, "expected ':' and the side to move");
    }
#undef COL
    *out_r = r;
    *out_p = p;
    *used = (int)(s - text);
    return KALAH_OK;
}

kalah_status kalah_pos_parse(const char *text, kalah_rules *r, kalah_pos *p, kalah_error *err)
{
    kalah_rules tr;
    kalah_pos tp;
    int used;
    kalah_status st = pos_parse_prefix(text, &tr, &tp, &used, err);
    if (st != KALAH_OK)
        return st;
    if (text[used] != '\0')
        return kalah_fail(err, KALAH_ESYNTAX, used + 1, "unexpected text after the position");
    *r = tr;
    *p = tp;
    return KALAH_OK;
}

int kalah_game_format(const kalah_game *g, char *buf, size_t size)
{
    char head[KALAH_TEXT_MAX];
    kalah_pos start = kalah_start(&g->rules);
    if (memcmp(&start, &g->start, sizeof start) == 0)
        kalah_rules_format(&g->rules, head, sizeof head);
    else
        kalah_pos_format(&g->rules, &g->start, head, sizeof head);
    int n = snprintf(buf, size, "%s", head);
    for (int k = 0; k < g->played; k++) {
        size_t at = (size_t)n < size ? (size_t)n : size;
        n += snprintf(buf ? buf + at : NULL, buf ? size - at : 0, " %d", g->moves[k]);
    }
    return n;
}

kalah_status kalah_game_parse(const char *text, kalah_game *g, kalah_error *err)
{
    kalah_rules r;
    kalah_pos start;
    int used;
    kalah_status st = pos_parse_prefix(text, &r, &start, &used, err);
    if (st != KALAH_OK)
        return st;
    kalah_game tmp;
    if ((st = kalah_game_init(&tmp, &r, &start, err)) != KALAH_OK)
        return st;
    const char *s = text + used;
    for (;;) {
        while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
            s++;
        if (*s == '\0')
            break;
        const char *at = s;
        int pit;
        kalah_error why;
        if (!kalah_read_uint(&s, &pit, 99) || (*s && *s != ' ' && *s != '\t' && *s != '\n' && *s != '\r')) {
            kalah_game_free(&tmp);
            return kalah_fail(err, KALAH_ESYNTAX, (int)(at - text) + 1,
                              "expected a pit number 1..%d", r.pits);
        }
        if ((st = kalah_game_play(&tmp, pit, NULL, &why)) != KALAH_OK) {
            int ply = tmp.played + 1;
            kalah_game_free(&tmp);
            return kalah_fail(err, st, (int)(at - text) + 1, "move %d: %s", ply, why.message);
        }
    }
    kalah_game_free(g);
    *g = tmp;
    return KALAH_OK;
}

int kalah_log_format(const kalah_rules *r, int ply, int side, int pit,
                     const kalah_pos *after, char *buf, size_t size)
{
    char pos[KALAH_TEXT_MAX];
    kalah_pos_format(r, after, pos, sizeof pos);
    return snprintf(buf, size, "%d %c %d %s", ply, side == KALAH_SOUTH ? 'S' : 'N', pit, pos);
}
