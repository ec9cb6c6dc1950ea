/* The opening book: exact values of the first positions of the standard
 * boards, as text (kalah_solve.h, docs/solver.md). The book compiled into the
 * library is core/data/kalah_book.txt, turned into kalah_book_data[] by
 * core/CMakeLists.txt; a probe formats the position and finds its line. */
#include "kalah_internal.h"
#include "kalah_solve.h"

#include <stdio.h>
#include <string.h>

extern const char kalah_book_data[]; /* generated: kalah_book_data.c */

const char *kalah_book_text(void)
{
    return kalah_book_data;
}

kalah_status kalah_book_line_parse(const char *line, kalah_rules *r, kalah_pos *p,
                                   int values[KALAH_MAX_PITS], kalah_error *err)
{
    size_t len = strcspn(line, " \n");
    char text[KALAH_TEXT_MAX];
    if (len >= sizeof text)
        return kalah_fail(err, KALAH_ESYNTAX, 1, "a position of %zu characters", len);
    memcpy(text, line, len);
    text[len] = '\0';
    kalah_rules tr;
    kalah_pos tp;
    kalah_status st = kalah_pos_parse(text, &tr, &tp, err);
    if (st != KALAH_OK)
        return st;
    if (kalah_over(&tr, &tp))
        return kalah_fail(err, KALAH_EINVAL, 1, "the game is over in this position");
    const uint16_t *own = tp.pit[tp.to_move];
    const char *s = line + len;
    int tv[KALAH_MAX_PITS];
    for (int i = 0; i < tr.pits; i++) {
        if (*s != ' ')
            return kalah_fail(err, KALAH_ESYNTAX, (int)(s - line) + 1,
                              "the value of pit %d expected after a space", i + 1);
        s++;
        int col = (int)(s - line) + 1;
        if (*s == '.') {
            s++;
            tv[i] = KALAH_BOOK_EMPTY;
        } else {
            bool neg = *s == '-';
            if (*s == '-' || *s == '+')
                s++;
            int v;
            if (!kalah_read_uint(&s, &v, 2 * KALAH_MAX_PITS * KALAH_MAX_STONES))
                return kalah_fail(err, KALAH_ESYNTAX, col, "a margin or '.' expected");
            tv[i] = neg ? -v : v;
        }
        if ((tv[i] == KALAH_BOOK_EMPTY) != (own[i] == 0))
            return kalah_fail(err, KALAH_EINVAL, col,
                              own[i] ? "pit %d holds stones: its value, not '.'"
                                     : "pit %d is empty: '.', not a value",
                              i + 1);
    }
    if (*s != '\0' && *s != '\n')
        return kalah_fail(err, KALAH_ESYNTAX, (int)(s - line) + 1,
                          "the line should end after the value of pit %d", tr.pits);
    *r = tr;
    *p = tp;
    memcpy(values, tv, (size_t)tr.pits * sizeof *values);
    return KALAH_OK;
}

int kalah_book_line_format(const kalah_rules *r, const kalah_pos *p,
                           const int values[KALAH_MAX_PITS], char *buf, size_t size)
{
    char text[KALAH_TEXT_MAX];
    kalah_pos_format(r, p, text, sizeof text);
    int n = snprintf(buf, size, "%s", text);
    for (int i = 0; i < r->pits; i++) {
        size_t at = (size_t)n < size ? (size_t)n : size;
        if (values[i] == KALAH_BOOK_EMPTY)
            n += snprintf(buf ? buf + at : NULL, buf ? size - at : 0, " .");
        else
            n += snprintf(buf ? buf + at : NULL, buf ? size - at : 0,
                          values[i] > 0 ? " +%d" : " %d", values[i]);
    }
    return n;
}

bool kalah_book_probe(const char *book, const kalah_rules *r, const kalah_pos *p,
                      int values[KALAH_MAX_PITS])
{
    if (!book)
        book = kalah_book_data;
    char key[KALAH_TEXT_MAX];
    size_t len = (size_t)kalah_pos_format(r, p, key, sizeof key);
    if (len >= sizeof key)
        return false;
    for (const char *line = book; *line;) {
        if (strncmp(line, key, len) == 0 && line[len] == ' ') {
            kalah_rules lr;
            kalah_pos lp;
            /* The line starts with p's text: it is p's line if well formed. */
            return kalah_book_line_parse(line, &lr, &lp, values, NULL) == KALAH_OK;
        }
        const char *nl = strchr(line, '\n');
        if (!nl)
            break;
        line = nl + 1;
    }
    return false;
}
