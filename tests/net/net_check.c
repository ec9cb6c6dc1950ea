/* Loopback helpers of test_net: a server thread, engine clients, raw
 * connections, the record read back, and the core's own game. */
#define _POSIX_C_SOURCE 200809L
#include "net_tests.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

double test_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* The waits below (for a server, a game, a line) are bounds against a
 * hang, not measurements: they stretch with Check's CK_TIMEOUT_MULTIPLIER,
 * which the slower passes set (tests/CMakeLists.txt), so that a slow
 * machine waits longer instead of failing. */
static double patient(double seconds)
{
    const char *m = getenv("CK_TIMEOUT_MULTIPLIER");
    double k = m ? atof(m) : 1;
    return seconds * (k >= 1 ? k : 1);
}

void test_sleep(double seconds)
{
    struct timespec ts = {.tv_sec = (time_t)seconds,
                          .tv_nsec = (long)((seconds - (double)(time_t)seconds) * 1e9)};
    while (nanosleep(&ts, &ts) != 0) {
    }
}

static void on_event(void *ctx, kgp_event_kind kind, const char *text)
{
    test_server *s = ctx;
    (void)text;
    if (kind == KGP_EV_INFO && strncmp(text, "game ", 5) == 0) {
        int live = atomic_fetch_add(&s->started, 1) + 1 - atomic_load(&s->finished);
        int prev = atomic_load(&s->max_live);
        while (live > prev && !atomic_compare_exchange_weak(&s->max_live, &prev, live)) {
        }
    } else if (kind == KGP_EV_GAME) {
        atomic_fetch_add(&s->finished, 1);
    } else if (kind == KGP_EV_PROBLEM) {
        atomic_fetch_add(&s->problems, 1);
    }
}

static void *server_main(void *arg)
{
    test_server *s = arg;
    kalah_error err;
    s->rc = kgp_server_run(&s->cfg, &s->stats, &err);
    return NULL;
}

void server_start(test_server *s, const kgp_server_config *cfg)
{
    memset(s, 0, sizeof *s);
    s->cfg = *cfg;
    kalah_error err;
    int fd;
    ck_assert_msg(kgp_listen("127.0.0.1", 0, &fd, &s->port, &err) == KALAH_OK, "%s",
                  err.message);
    snprintf(s->record, sizeof s->record, "/tmp/kalah61-kgp-XXXXXX");
    int rfd = mkstemp(s->record);
    ck_assert_int_ge(rfd, 0);
    s->cfg.listen_fd = fd;
    s->cfg.record_fd = rfd;
    s->cfg.stop = &s->stop;
    s->cfg.event = on_event;
    s->cfg.event_ctx = s;
    ck_assert_int_eq(pthread_create(&s->thread, NULL, server_main, s), 0);
}

void engine_config(kgp_server_config *cfg, const char *player)
{
    ck_assert(kalah_player_parse(player, 2, &cfg->engine, NULL) == KALAH_OK);
    snprintf(cfg->engine_name, sizeof cfg->engine_name, "engine");
}

kalah_status server_join(test_server *s, double seconds)
{
    double until = test_now() + patient(seconds);
    while (test_now() < until && !(s->cfg.max_games > 0 &&
                                   atomic_load(&s->finished) >= s->cfg.max_games))
        test_sleep(0.01);
    if (!(s->cfg.max_games > 0 && atomic_load(&s->finished) >= s->cfg.max_games))
        s->stop = 1;
    pthread_join(s->thread, NULL);
    close(s->cfg.listen_fd);
    close(s->cfg.record_fd);
    return s->rc;
}

bool server_wait_started(test_server *s, int n, double seconds)
{
    double until = test_now() + patient(seconds);
    while (atomic_load(&s->started) < n) {
        if (test_now() > until)
            return false;
        test_sleep(0.005);
    }
    return true;
}

/* ---- engine clients ------------------------------------------------------------ */

static void gated_think(void *ctx, kgp_turn *t, const kalah_rules *r, const kalah_pos *p)
{
    test_client *c = ctx;
    double until = test_now() + patient(20);
    while (c->gate && atomic_load(c->gate) > 0 && test_now() < until)
        if (!kgp_turn_open(t, 5))
            return;
    kgp_brain inner = kgp_engine_brain(&c->engine);
    inner.think(inner.ctx, t, r, p);
}

static void *client_main(void *arg)
{
    test_client *c = arg;
    int fd;
    char address[32];
    snprintf(address, sizeof address, "127.0.0.1:%d", c->port);
    c->rc = kgp_connect(address, 5, &fd, &c->err);
    if (c->rc != KALAH_OK)
        return NULL;
    kgp_client_config cc = {.name = c->name, .description = "a test client",
                            .idle_timeout = c->idle_timeout};
    kgp_brain b = {.think = gated_think, .event = NULL, .ctx = c};
    c->rc = kgp_client_run(fd, &cc, &b, &c->stats, &c->err);
    return NULL;
}

void client_start(test_client *c, int port, const char *name, const char *player,
                  double seconds)
{
    client_start_idle(c, port, name, player, seconds, 60);
}

void client_start_idle(test_client *c, int port, const char *name, const char *player,
                       double seconds, double idle_timeout)
{
    atomic_int *gate = c->gate;
    memset(c, 0, sizeof *c);
    c->gate = gate;
    c->idle_timeout = idle_timeout;
    c->port = port;
    snprintf(c->name, sizeof c->name, "%s", name);
    if (player) {
        kalah_error err;
        ck_assert_msg(kalah_player_parse(player, 2, &c->engine.player, &err) == KALAH_OK, "%s",
                      err.message);
    }
    c->engine.seconds = seconds;
    c->engine.rng = kalah_rng_seed(7);
    ck_assert_int_eq(pthread_create(&c->thread, NULL, client_main, c), 0);
}

void client_join(test_client *c)
{
    pthread_join(c->thread, NULL);
}

/* ---- raw connections ---------------------------------------------------------------- */

bool raw_open(raw *r, int port)
{
    char address[32];
    snprintf(address, sizeof address, "127.0.0.1:%d", port);
    r->len = 0;
    return kgp_connect(address, 5, &r->fd, NULL) == KALAH_OK;
}

void raw_close(raw *r)
{
    if (r->fd >= 0)
        close(r->fd);
    r->fd = -1;
}

bool raw_send(raw *r, const char *text)
{
    size_t n = strlen(text), done = 0;
    while (done < n) {
        ssize_t w = send(r->fd, text + done, n - done, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return false;
        done += (size_t)w;
    }
    return true;
}

/* A line received before until (test_now's clock). */
static bool line_until(raw *r, char *out, size_t size, double until)
{
    for (;;) {
        char *nl = memchr(r->buf, '\n', r->len);
        if (nl) {
            size_t n = (size_t)(nl - r->buf);
            snprintf(out, size, "%.*s", (int)n, r->buf);
            memmove(r->buf, nl + 1, r->len - n - 1);
            r->len -= n + 1;
            return true;
        }
        double left = until - test_now();
        if (left <= 0 || r->len == sizeof r->buf)
            return false;
        struct pollfd p = {.fd = r->fd, .events = POLLIN};
        if (poll(&p, 1, (int)(left * 1000) + 1) <= 0)
            return false;
        ssize_t got = recv(r->fd, r->buf + r->len, sizeof r->buf - r->len, 0);
        if (got <= 0)
            return false;
        r->len += (size_t)got;
    }
}

bool raw_line(raw *r, char *out, size_t size, double seconds)
{
    return line_until(r, out, size, test_now() + patient(seconds));
}

bool raw_until(raw *r, const char *want, char *out, size_t size, double seconds)
{
    double until = test_now() + patient(seconds);
    while (test_now() < until)
        if (line_until(r, out, size, until) && strstr(out, want))
            return true;
    return false;
}

/* ---- records and the core's games ------------------------------------------------------- */

int records_read(const char *path, kgp_record *recs, int max)
{
    FILE *f = fopen(path, "r");
    ck_assert_ptr_nonnull(f);
    char *line = NULL;
    size_t cap = 0;
    ssize_t n;
    int count = 0, number = 0;
    while ((n = getline(&line, &cap, f)) > 0) {
        number++;
        ck_assert_msg(line[n - 1] == '\n', "record line %d has no end", number);
        line[n - 1] = '\0';
        kgp_record rec;
        kalah_error err;
        ck_assert_msg(kgp_record_parse(line, (size_t)n - 1, &rec, &err) == KALAH_OK, "record line %d: %s", number,
                      err.message);
        if (count < max)
            recs[count] = rec;
        else
            kalah_game_free(&rec.game);
        count++;
    }
    free(line);
    fclose(f);
    return count;
}

void records_free(kgp_record *recs, int n)
{
    for (int k = 0; k < n; k++)
        kalah_game_free(&recs[k].game);
}

void records_done(test_server *s, kgp_record *recs, int n)
{
    records_free(recs, n);
    unlink(s->record);
}

int core_game(const kalah_rules *r, const char *south, const char *north, uint8_t *moves,
              int max)
{
    kalah_player pl[2];
    kalah_error err;
    ck_assert(kalah_player_parse(south, 2, &pl[0], &err) == KALAH_OK);
    ck_assert(kalah_player_parse(north, 2, &pl[1], &err) == KALAH_OK);
    kalah_pos p = kalah_start(r);
    kalah_rng rng = kalah_rng_seed(7);
    int n = 0;
    while (!kalah_over(r, &p) && n < max) {
        kalah_result res;
        ck_assert(kalah_search(r, &p, &pl[p.to_move], &rng, &res, &err) == KALAH_OK);
        moves[n++] = (uint8_t)res.move;
        ck_assert(kalah_play(r, &p, res.move, NULL, &err) == KALAH_OK);
    }
    return n;
}
