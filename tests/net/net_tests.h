/* The suites of test_net and the loopback helpers they share (net_check.c). */
#ifndef NET_TESTS_H
#define NET_TESTS_H

#include "kgp.h"

#include <check.h>
#include <pthread.h>
#include <stdatomic.h>

Suite *line_suite(void);   /* test_net.c: messages, boards, records, by hand */
Suite *play_suite(void);   /* test_net_play.c: whole games on loopback */
Suite *hostile_suite(void);/* test_net_hostile.c: fuzz-style abuse and load */
Suite *reference_suite(void); /* test_net_reference.c: a server like the reference one */

/* A server in a thread on 127.0.0.1, any free port, recording to a
 * temporary file. Counters follow its events. */
typedef struct test_server {
    pthread_t thread;
    kgp_server_config cfg;
    kgp_server_stats stats;
    kalah_status rc;
    volatile sig_atomic_t stop;
    int port;
    char record[64];
    atomic_int started, finished, problems, max_live;
} test_server;

/* cfg: kgp_server_defaults() changed by the test (listen_fd, record_fd, stop
 * and the event callback are filled in here). */
void server_start(test_server *s, const kgp_server_config *cfg);
/* The server's own player: player (a level or player text), named "engine". */
void engine_config(kgp_server_config *cfg, const char *player);
/* Waits for the server to end by itself (max_games) or stops it after
 * seconds; returns its status. */
kalah_status server_join(test_server *s, double seconds);
/* Waits until at least n games have started (false after seconds). */
bool server_wait_started(test_server *s, int n, double seconds);

/* An engine client in a thread. */
typedef struct test_client {
    pthread_t thread;
    int port;
    char name[24];
    kgp_engine engine;
    kgp_client_stats stats;
    kalah_status rc;
    kalah_error err;
    atomic_int *gate;     /* when not NULL: think waits until *gate <= 0 */
    double idle_timeout;  /* of the client's run (client_start: 60 s) */
} test_client;

void client_start(test_client *c, int port, const char *name, const char *player,
                  double seconds);
/* The same with the client's idle (and send) timeout. */
void client_start_idle(test_client *c, int port, const char *name, const char *player,
                       double seconds, double idle_timeout);
void client_join(test_client *c);

/* A raw connection for talking the protocol by hand. */
typedef struct raw {
    int fd;
    char buf[1 << 15];
    size_t len;
} raw;

bool raw_open(raw *r, int port);
void raw_close(raw *r);
/* Sends text as it is (add the newline yourself); false when the peer is gone. */
bool raw_send(raw *r, const char *text);
/* The next line (without newline) within seconds; false on timeout or EOF. */
bool raw_line(raw *r, char *out, size_t size, double seconds);
/* Reads lines until one starts with or contains want; false if not seen. */
bool raw_until(raw *r, const char *want, char *out, size_t size, double seconds);

/* Reads every line of the record: each must parse (ck_assert), up to max
 * records are returned in recs (free with records_free); returns the count. */
int records_read(const char *path, kgp_record *recs, int max);
void records_free(kgp_record *recs, int n);
/* records_free, and the server's record file removed. */
void records_done(test_server *s, kgp_record *recs, int n);

/* The game the core plays between two players from the start of r (south
 * first), move by move, for comparing with a recorded game. Returns the
 * number of moves written to moves[]. */
int core_game(const kalah_rules *r, const char *south, const char *north, uint8_t *moves,
              int max);

double test_now(void);
void test_sleep(double seconds);

#endif
