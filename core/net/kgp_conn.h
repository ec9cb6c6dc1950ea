/*
 * kgp_conn.h: one non-blocking peer of the server: an input buffer cut into
 * lines of at most KGP_LINE_MAX, an output queue with a cap, and the limits
 * that keep a hostile peer from costing more than its own connection.
 */
#ifndef KGP_CONN_H
#define KGP_CONN_H

#include "kgp_internal.h"

typedef enum kgp_conn_state {
    KGP_C_FREE,    /* slot unused */
    KGP_C_HELLO,   /* `kgp` sent, waiting for `mode` */
    KGP_C_LOBBY,   /* freeplay chosen, waiting for a partner */
    KGP_C_GAME,    /* seated in a game */
    KGP_C_CLOSING  /* said goodbye: output drained, then input drained to EOF */
} kgp_conn_state;

typedef struct kgp_conn {
    int fd;
    kgp_conn_state state;
    bool engine;          /* the server's own player over a socket pair */
    bool mode_seen;       /* `mode freeplay` arrived */
    char name[KGP_NAME_MAX + 1];
    int game, side;       /* seat, when state == KGP_C_GAME */
    uint64_t next_id;     /* ids of the server's lines to this peer: 2, 4, ... */
    double since;         /* entered the current state */
    double heard;         /* the last line from the peer */
    double ping_sent;     /* 0: no ping pending */
    double close_by;      /* CLOSING: give up on a clean end */
    double tokens, refilled; /* flood bucket */
    int errors;
    bool skipping;        /* discarding the rest of an over-long line */
    size_t in_len;
    char in[KGP_LINE_MAX + 1];
    char *out;
    size_t out_len, out_cap;
    bool out_overflow;    /* more unread output than KGP_OUT_MAX */
} kgp_conn;

/* Starts a connection on a non-blocking fd. */
void kgp_conn_open(kgp_conn *c, int fd, bool engine, double now);
/* Queues one line (the newline is added). */
void kgp_conn_send(kgp_conn *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Sends what the socket takes now; false when the peer is gone. */
bool kgp_conn_flush(kgp_conn *c);
/* Reads what has arrived; returns false on EOF or a socket error. Complete
 * lines are handed to line(ctx, c, text, len); an over-long line is
 * reported as line(ctx, c, NULL, 0) for each KGP_LINE_MAX bytes of it and
 * discarded. Reads at most 4 × KGP_LINE_MAX bytes a call. */
bool kgp_conn_read(kgp_conn *c, void (*line)(void *ctx, kgp_conn *c, char *text, size_t len),
                   void *ctx);
/* Takes one line from the flood bucket; false when the peer floods. */
bool kgp_conn_spend(kgp_conn *c, double now);
/* Says goodbye: the output drains, the writing side shuts, the input is
 * read to its end (or for at most 2 s), then the socket closes. */
void kgp_conn_close_soon(kgp_conn *c, double now);
/* Closes the socket and frees the slot. */
void kgp_conn_free(kgp_conn *c);

#endif
