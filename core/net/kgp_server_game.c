/* The KGP server's games (kgp_server_internal.h): seating players, turns
 * and default moves, the end of a game and its record, the server's own
 * player, and dropping a peer. */
#include "kgp_server_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

void kgp_srv_event(kgp_srv *s, kgp_event_kind k, const char *fmt, ...)
{
    if (!s->cfg->event)
        return;
    char text[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    s->cfg->event(s->cfg->event_ctx, k, text);
}

static void start_turn(kgp_srv *s, kgp_srv_game *g);

/* Appends g's record line to the record file (docs/network.md, "The
 * record") and tells the event callback. A write cut short (a full disk) is
 * taken back, so that the next record starts on a line of its own; when it
 * cannot be, the fragment is ended by a newline before the next record. */
static void record_game(kgp_srv *s, const kgp_srv_game *g)
{
    const char *names[2] = {g->name[0], g->name[1]};
    char line[4096], *text = line;
    if (s->torn && s->cfg->record_fd >= 0 && kgp_write_all(s->cfg->record_fd, "\n", 1))
        s->torn = false;
    int n = kgp_record_format(g->number, (long long)time(NULL), names, g->defaults, g->left,
                              &g->g, line, sizeof line);
    if (n >= (int)sizeof line && (text = malloc((size_t)n + 1)) != NULL)
        kgp_record_format(g->number, (long long)time(NULL), names, g->defaults, g->left, &g->g,
                          text, (size_t)n + 1);
    if (n < 0 || !text) {
        s->st->record_failures++;
        kgp_srv_event(s, KGP_EV_PROBLEM, "game %llu: out of memory for its record",
                      (unsigned long long)g->number);
        return;
    }
    if (s->cfg->record_fd >= 0) {
        int fd = s->cfg->record_fd;
        off_t before = lseek(fd, 0, SEEK_END);
        if (!kgp_write_all(fd, text, (size_t)n)) {
            int why = errno;
            if (before < 0 || ftruncate(fd, before) != 0)
                s->torn = true;
            s->st->record_failures++;
            kgp_srv_event(s, KGP_EV_PROBLEM, "game %llu: the record could not be written: %s",
                          (unsigned long long)g->number, strerror(why));
        } else if (s->cfg->record_sync && fdatasync(fd) != 0 && errno != EINVAL) {
            /* EINVAL: a file that cannot be synchronised (a device such as
             * /dev/null) is written all the same. */
            s->st->record_failures++;
            kgp_srv_event(s, KGP_EV_PROBLEM, "game %llu: the record may not be on the disk: %s",
                          (unsigned long long)g->number, strerror(errno));
        }
    }
    if (text[0])
        kgp_srv_event(s, KGP_EV_GAME, "%.*s", n > 0 ? n - 1 : 0, text);
    if (text != line)
        free(text);
}

/* Tells each player still there the final scores and its margin, and says
 * goodbye. */
static void say_game_over(kgp_srv *s, const kgp_srv_game *g)
{
    const kalah_pos *p = kalah_game_pos(&g->g);
    int margin = kalah_margin(&g->g.rules, p);
    /* Final scores: the stores, plus each side's own stones when a side is
     * empty (a decided game leaves its stones on the board). */
    bool swept = kalah_side_stones(&g->g.rules, p, 0) == 0 ||
                 kalah_side_stones(&g->g.rules, p, 1) == 0;
    int score[2];
    for (int side = 0; side < 2; side++)
        score[side] = p->store[side] + (swept ? kalah_side_stones(&g->g.rules, p, side) : 0);
    for (int side = 0; side < 2; side++) {
        if (g->seat[side] < 0)
            continue;
        kgp_conn *c = &s->conns[g->seat[side]];
        int mine = side == KALAH_SOUTH ? margin : -margin;
        char comment[160], q[400];
        snprintf(comment, sizeof comment, "game over: %s %d, %s %d: you %s", g->name[side],
                 score[side], g->name[1 - side], score[1 - side],
                 mine > 0 ? "won" : mine < 0 ? "lost" : "drew");
        kgp_quote(comment, q, sizeof q);
        kgp_conn_send(c, "set info:comment %s", q);
        kgp_conn_send(c, "set game:margin %+d", mine);
        kgp_conn_send(c, "goodbye");
        kgp_conn_close_soon(c, kalah_now());
    }
}

/* The game is over: its record, the players told, the engine's thread to
 * be joined, the slot free. */
static void finish_game(kgp_srv *s, kgp_srv_game *g)
{
    record_game(s, g);
    say_game_over(s, g);
    if (g->engine) {
        s->done_runs[s->ndone++] = g->engine;
        g->engine = NULL;
    }
    kalah_game_free(&g->g);
    g->used = false;
    s->st->games_finished++;
}

/* Ends the open turn: `stop`, then the mover's last legal move or the
 * documented default (a uniformly random legal move). */
void kgp_srv_end_turn(kgp_srv *s, kgp_srv_game *g, bool timed_out)
{
    const kalah_pos *p = kalah_game_pos(&g->g);
    int mover = p->to_move;
    if (g->turn_open && g->seat[mover] >= 0) {
        kgp_conn *c = &s->conns[g->seat[mover]];
        kgp_conn_send(c, "%llu@%llu stop", (unsigned long long)c->next_id,
                      (unsigned long long)g->state_id);
        c->next_id += 2;
    }
    g->turn_open = false;
    if (timed_out)
        s->st->timeouts++;
    int pit = g->best;
    if (pit == 0) {
        int moves[KALAH_MAX_PITS];
        int n = kalah_moves(&g->g.rules, p, moves);
        pit = moves[kalah_rng_below(&s->rng, n)];
        g->defaults[mover]++;
        s->st->default_moves++;
    }
    kalah_game_play(&g->g, pit, NULL, NULL);
    if (kalah_over(&g->g.rules, kalah_game_pos(&g->g)))
        finish_game(s, g);
    else
        start_turn(s, g);
}

/* Sends the mover its state request; a seat whose player left gets the
 * default move at once. */
static void start_turn(kgp_srv *s, kgp_srv_game *g)
{
    const kalah_pos *p = kalah_game_pos(&g->g);
    int mover = p->to_move;
    g->best = 0;
    if (g->seat[mover] < 0) {
        g->turn_open = false;
        kgp_srv_end_turn(s, g, false);
        return;
    }
    kgp_conn *c = &s->conns[g->seat[mover]];
    char board[128];
    kgp_board_format(&g->g.rules, p, board, sizeof board);
    /* Whole seconds, an integer as the protocol types it, rounded down so
     * that no client plans for more time than it has; under a second there
     * is no such integer, and the clock is not sent. */
    if (s->cfg->timeout >= 1)
        kgp_conn_send(c, "set time:clock %ld", (long)floor(s->cfg->timeout));
    kgp_conn_send(c, "%llu state %s", (unsigned long long)c->next_id, board);
    g->state_id = c->next_id;
    c->next_id += 2;
    g->turn_open = true;
    g->deadline = kalah_now() + s->cfg->timeout;
}

/* A player's connection is gone: its moves become default moves. */
void kgp_srv_leave_game(kgp_srv *s, kgp_conn *c)
{
    if (c->state != KGP_C_GAME || c->game < 0)
        return;
    kgp_srv_game *g = &s->games[c->game];
    g->seat[c->side] = -1;
    g->left[c->side] = true;
    s->st->lost++;
    c->game = -1;
    if (g->turn_open && kalah_game_pos(&g->g)->to_move == c->side)
        kgp_srv_end_turn(s, g, false);
}

void kgp_srv_drop(kgp_srv *s, kgp_conn *c, const char *why, bool kicked)
{
    if (c->state == KGP_C_FREE || c->state == KGP_C_CLOSING)
        return;
    kgp_srv_event(s, KGP_EV_PROBLEM, "connection %d (%s): %s", kgp_srv_slot(s, c), c->name, why);
    if (kicked)
        s->st->kicked++;
    kgp_srv_leave_game(s, c);
    char q[256];
    kgp_quote(why, q, sizeof q);
    kgp_conn_send(c, "error %s", q);
    s->st->protocol_errors++;
    kgp_conn_send(c, "goodbye");
    kgp_conn_close_soon(c, kalah_now());
}

/* Seats two connections (south first) in a new game. */
void kgp_srv_new_game(kgp_srv *s, int south, int north, kgp_srv_engine *engine)
{
    int k = 0;
    while (k < s->ngames && s->games[k].used)
        k++;
    kgp_srv_game *g = k < s->ngames ? &s->games[k] : NULL;
    if (g)
        memset(g, 0, sizeof *g);
    if (!g || kalah_game_init(&g->g, &s->cfg->rules, NULL, NULL) != KALAH_OK) {
        if (engine)
            s->done_runs[s->ndone++] = engine; /* its thread ends with its socket */
        kgp_srv_drop(s, &s->conns[south], "the server is out of memory", false);
        kgp_srv_drop(s, &s->conns[north], "the server is out of memory", false);
        return;
    }
    g->used = true;
    g->number = ++s->next_game;
    g->engine = engine;
    int seats[2] = {south, north};
    for (int side = 0; side < 2; side++) {
        kgp_conn *c = &s->conns[seats[side]];
        g->seat[side] = seats[side];
        c->state = KGP_C_GAME;
        c->game = k;
        c->side = side;
        c->since = kalah_now();
        memcpy(g->name[side], c->name, sizeof g->name[side]);
        char gid[32];
        snprintf(gid, sizeof gid, "set game:id \"%llu\"", (unsigned long long)g->number);
        kgp_conn_send(c, "%s", gid);
        char q[2 * KGP_NAME_MAX + 3];
        kgp_quote(s->conns[seats[1 - side]].name, q, sizeof q);
        kgp_conn_send(c, "set game:opponent %s", q);
        kgp_conn_send(c, "set time:mode relative");
    }
    s->st->games_started++;
    kgp_srv_event(s, KGP_EV_INFO, "game %llu: %s (south) against %s (north)",
                  (unsigned long long)g->number, g->name[0], g->name[1]);
    start_turn(s, g);
}

static void *engine_main(void *arg)
{
    kgp_srv_engine *run = arg;
    kgp_brain b = kgp_engine_brain(&run->engine);
    kgp_client_config cc = {.name = NULL, .idle_timeout = 0};
    kgp_client_stats st;
    kgp_client_run(run->fd, &cc, &b, &st, NULL);
    atomic_store(&run->done, true);
    return NULL;
}

/* Starts the server's player for a lone client: a socket pair, a slot for
 * the server's end and a thread for the client's. */
bool kgp_srv_start_engine_game(kgp_srv *s, int lone)
{
    if (s->engines_busy >= s->engines)
        return false;
    int slot = s->nnet;
    while (slot < s->nconns && s->conns[slot].state != KGP_C_FREE)
        slot++;
    if (slot == s->nconns)
        return false;
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) != 0)
        return false;
    kgp_srv_engine *run = calloc(1, sizeof *run);
    if (!run) {
        close(sv[0]);
        close(sv[1]);
        return false;
    }
    fcntl(sv[0], F_SETFL, fcntl(sv[0], F_GETFL) | O_NONBLOCK);
    run->fd = sv[1];
    run->engine.player = s->cfg->engine;
    run->engine.rng = kalah_rng_seed(kalah_rng_next(&s->rng));
    atomic_init(&run->done, false);
    if (pthread_create(&run->thread, NULL, engine_main, run) != 0) {
        close(sv[0]);
        close(sv[1]);
        free(run);
        return false;
    }
    kgp_conn *c = &s->conns[slot];
    kgp_conn_open(c, sv[0], true, kalah_now());
    snprintf(c->name, sizeof c->name, "%s", s->cfg->engine_name);
    kgp_conn_send(c, "kgp %s", KGP_VERSION);
    s->engines_busy++;
    s->st->engine_games++;
    kgp_srv_new_game(s, lone, slot, run);
    return true;
}
