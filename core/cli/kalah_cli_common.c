/* Option parsing and board drawing shared by the kalah subcommands. */
#include "kalah_cli.h"
#include "kalah_search.h"

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

/* The keys a game line of the calculator's front ends starts with
 * (xcheck_game_line, docs/notation.md "The calculator's pits"): the side
 * the person plays, and the calculator's pits by both names. */
static const char *const game_keys[] = {"game (you S, C1..C6 = N6..N1):",
                                        "game (you N, C1..C6 = S6..S1):"};

/* The length of the game line's key that text starts with, blanks after it
 * included; 0 when it has none. */
static size_t game_key(const char *text)
{
    for (size_t k = 0; k < sizeof game_keys / sizeof *game_keys; k++) {
        size_t n = strlen(game_keys[k]);
        if (strncmp(text, game_keys[k], n) == 0)
            return n + strspn(text + n, " ");
    }
    return 0;
}

bool cli_position_parse(const char *cmd, const cli_position_text *t, kalah_rules *r,
                        kalah_pos *p)
{
    kalah_error err;
    /* A game line as the window and mk61 calc show it is taken as it is:
     * its key says how to read the pits' names, not which position it is. */
    size_t key = game_key(t->text);
    const char *text = t->text + key;
    if (key == 0 && strncmp(t->text, "game (", 6) == 0) {
        fprintf(stderr, "%s: a game line's key is '%s' or '%s'\n  %s\n", cmd, game_keys[0],
                game_keys[1], t->text);
        return false;
    }
    if (!strchr(text, ' ')) {
        if (kalah_pos_parse(text, r, p, &err) == KALAH_OK)
            return true;
    } else {
        kalah_game g = {0};
        if (kalah_game_parse(text, &g, &err) == KALAH_OK) {
            *r = g.rules;
            *p = *kalah_game_pos(&g);
            kalah_game_free(&g);
            return true;
        }
    }
    if (err.pos > 0)
        err.pos += (int)key;
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

/* Appends word to the paragraph in buf, wrapping before width columns;
 * each line after the first starts with indent blanks. */
static void wrap_word(char *buf, size_t size, const char *word, int indent, int width)
{
    size_t len = strlen(buf);
    const char *nl = strrchr(buf, '\n');
    int col = (int)(len - (nl ? (size_t)(nl - buf) + 1 : 0));
    if (col > indent && col + 1 + (int)strlen(word) > width)
        snprintf(buf + len, size - len, "\n%*s%s", indent, "", word);
    else
        snprintf(buf + len, size - len, "%s%s", col > indent ? " " : "", word);
}

void cli_wrap(char *buf, size_t size, const char *text, int indent, int width)
{
    char words[4096];
    snprintf(words, sizeof words, "%s", text);
    snprintf(buf, size, "%*s", indent, "");
    char *save = NULL;
    for (char *w = strtok_r(words, " ", &save); w; w = strtok_r(NULL, " ", &save))
        wrap_word(buf, size, w, indent, width);
}

const char *cli_players_help(char *buf, size_t size, int indent)
{
    char words[1024];
    size_t n = 0;
    n += (size_t)snprintf(words + n, sizeof words - n, "A player is a level:");
    for (int k = 0; kalah_level_names[k]; k++)
        n += (size_t)snprintf(words + n, sizeof words - n, " %s%s", kalah_level_names[k],
                              kalah_level_names[k + 1] ? "," : ";");
    n += (size_t)snprintf(words + n, sizeof words - n, " or ALGO[:EVAL][:DEPTH], ALGO one of");
    for (int k = 0; kalah_algo_names[k]; k++)
        n += (size_t)snprintf(words + n, sizeof words - n, " %s%s", kalah_algo_names[k],
                              kalah_algo_names[k + 1] ? "," : "");
    snprintf(words + n, sizeof words - n,
             ", EVAL e1, e2 or e3, DEPTH 1..64 (mcts:N: N playouts; exact:N: N nodes a move),"
             " e.g. alphabeta:e2:6; ':store' after a depth player breaks ties towards the"
             " store, ':pits' after alphabeta tries the pits in order. search.md describes"
             " them.");
    cli_wrap(buf, size, words, indent, 76);
    return buf;
}
