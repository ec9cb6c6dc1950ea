/* Option parsing and board drawing shared by the kalah subcommands. */
#include "kalah_cli.h"

#include <stdlib.h>
#include <string.h>

bool cli_rules_opt(cli_args *a, kalah_rules *r)
{
    const char *v;
    if (cli_got(a, "--rules", &v)) {
        kalah_error err;
        kalah_rules parsed;
        if (kalah_rules_parse(v, &parsed, &err) != KALAH_OK) {
            cli_parse_error(a->cmd, v, &err);
            cli_bad(a);
            return true;
        }
        /* --pits/--stones given before --rules still count. */
        int pits = r->pits, stones = r->stones;
        bool board = strchr(v, '-') != NULL;
        *r = parsed;
        if (!board) {
            r->pits = pits;
            r->stones = stones;
        }
        return true;
    }
    return cli_int_opt(a, "--pits", 1, KALAH_MAX_PITS, &r->pits) ||
           cli_int_opt(a, "--stones", 1, KALAH_MAX_STONES, &r->stones);
}

bool cli_rules_final(const cli_args *a, const kalah_rules *r)
{
    kalah_error err;
    if (kalah_rules_check(r, &err) == KALAH_OK)
        return true;
    fprintf(stderr, "%s: %s\n", a->cmd, err.message);
    return false;
}

bool cli_position_arg(cli_args *a, cli_position_text *t)
{
    const char *arg = cli_arg(a);
    if (!arg)
        return false;
    size_t used = strlen(t->text), n = strlen(arg);
    if (used + n + 2 > sizeof t->text) {
        fprintf(stderr, "%s: the position's text is longer than %zu bytes\n", a->cmd,
                sizeof t->text - 1);
        cli_bad(a);
        return true;
    }
    if (used)
        t->text[used++] = ' ';
    memcpy(t->text + used, arg, n + 1);
    t->words++;
    return true;
}

bool cli_position_parse(const char *cmd, const cli_position_text *t, kalah_rules *r,
                        kalah_pos *p)
{
    kalah_error err;
    if (!strchr(t->text, ' ')) {
        if (kalah_pos_parse(t->text, r, p, &err) == KALAH_OK)
            return true;
    } else {
        kalah_game g = {0};
        if (kalah_game_parse(t->text, &g, &err) == KALAH_OK) {
            *r = g.rules;
            *p = *kalah_game_pos(&g);
            kalah_game_free(&g);
            return true;
        }
    }
    cli_parse_error(cmd, t->text, &err);
    return false;
}

/*
 *          N6  N5  N4  N3  N2  N1
 *         [ 4][ 4][ 4][ 4][ 4][ 4]
 *   North [ 0]                    [ 0] South
 *         [ 4][ 4][ 4][ 4][ 4][ 4]
 *          S1  S2  S3  S4  S5  S6
 * North's pits run right to left along the top, so that each player's pit 1
 * is on their own left; each store is on its owner's right.
 */
void cli_draw(FILE *out, const kalah_rules *r, const kalah_pos *p)
{
    const int m = r->pits;
    /* Cells of 4 characters ("[12]", "  N6"), or 5 when a label or a count
     * needs a third digit (Kalah(12,12): "N12", a store of 150). */
    int cw = m >= 10 ? 5 : 4;
    for (int s = 0; s < 2; s++) {
        cw = p->store[s] >= 100 ? 5 : cw;
        for (int i = 0; i < m; i++)
            cw = p->pit[s][i] >= 100 ? 5 : cw;
    }
    const int digits = cw - 2;
    char rules[KALAH_TEXT_MAX], label[16];
    kalah_rules_format(r, rules, sizeof rules);
    fprintf(out, "\n  %s\n        ", rules);
    for (int i = m; i >= 1; i--) {
        snprintf(label, sizeof label, "N%d", i);
        fprintf(out, "%*s", cw, label);
    }
    fprintf(out, "\n%s     ", p->to_move == KALAH_NORTH && !kalah_over(r, p) ? "  ->" : "    ");
    for (int i = m - 1; i >= 0; i--)
        fprintf(out, "[%*d]", digits, p->pit[1][i]);
    fprintf(out, "\n  [%*d]%*s[%*d]\n", digits, p->store[1], cw * m + 6 - cw, "", digits,
            p->store[0]);
    fprintf(out, "%s     ", p->to_move == KALAH_SOUTH && !kalah_over(r, p) ? "  ->" : "    ");
    for (int i = 0; i < m; i++)
        fprintf(out, "[%*d]", digits, p->pit[0][i]);
    fprintf(out, "\n        ");
    for (int i = 1; i <= m; i++) {
        snprintf(label, sizeof label, "S%d", i);
        fprintf(out, "%*s", cw, label);
    }
    fprintf(out, "\n  North's store is on the left, South's on the right.\n");
    if (kalah_over(r, p)) {
        cli_result(out, r, p);
        return;
    }
    int moves[KALAH_MAX_PITS], n = kalah_moves(r, p, moves);
    fprintf(out, "  %s to move; legal pits:", p->to_move == KALAH_SOUTH ? "South" : "North");
    for (int k = 0; k < n; k++)
        fprintf(out, " %d", moves[k]);
    int won = kalah_decided(r, p);
    if (won >= 0)
        fprintf(out, "\n  (%s holds more than half of the stones: the game is decided)",
                won == KALAH_SOUTH ? "South" : "North");
    fprintf(out, "\n");
}

void cli_result(FILE *out, const kalah_rules *r, const kalah_pos *p)
{
    /* The winner's store first, each store named by its owner. */
    int margin = kalah_margin(r, p), first = margin < 0 ? KALAH_NORTH : KALAH_SOUTH;
    char won[32] = "a draw";
    if (margin != 0)
        snprintf(won, sizeof won, "%s wins by %d", cli_side_name(first), abs(margin));
    fprintf(out, "  Game over: %s (%s's store %d, %s's %d).\n", won, cli_side_name(first),
            p->store[first], cli_side_name(!first), p->store[!first]);
}

const char *cli_move_note(const kalah_move_info *info, char *buf, size_t size)
{
    size_t n = 0;
    buf[0] = '\0';
    if (info->relays)
        n += (size_t)snprintf(buf + n, size - n, ", %d relay%s", info->relays,
                              info->relays == 1 ? "" : "s");
    if (info->captured)
        n += (size_t)snprintf(buf + n, size - n, ", captures %d", info->captured);
    if (info->extra_turn)
        n += (size_t)snprintf(buf + n, size - n, ", extra turn");
    if (info->ended)
        snprintf(buf + n, size - n, ", game over");
    return buf;
}

const char *cli_side_name(int side)
{
    return side == KALAH_SOUTH ? "South" : "North";
}

const char *cli_printable(const char *in, char *out, size_t size)
{
    size_t n = 0;
    for (; in && *in && n + 1 < size; in++) {
        unsigned char c = (unsigned char)*in;
        out[n++] = c < ' ' || c == 0x7f ? '?' : (char)c;
    }
    if (size)
        out[n] = '\0';
    return out;
}
