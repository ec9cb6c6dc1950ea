/* kalah serve: a KGP server; kalah records: checks the games it recorded. */
#include "kalah_cli.h"
#include "kalah_cli_report.h"
#include "kalah_file.h"
#include "kalah_search.h"
#include "kgp.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char serve_usage[] =
    "Usage: kalah serve [--port P] [--host ADDR] [--pits M] [--stones N]\n"
    "                   [--timeout S] [--level L] [--wait S] [--record FILE]\n"
    "                   [--games N] [--max-clients N] [--engine-games N] [--seed S]\n"
    "                   [--port-file FILE]\n"
    "                   [--no-sync] [--quiet]\n"
    "\n"
    "A Kalah Game Protocol server (KGP 1.0.1, freeplay mode; network.md).\n"
    "Clients that connect are paired into games in the order they arrive (the\n"
    "first one is South and moves first); a client left alone for --wait\n"
    "seconds plays the server's engine instead. Every finished game is appended\n"
    "to the record file, when one is named, as one checksummed line ('kalah\n"
    "records FILE' checks it); without --record no file is written.\n"
    "\n"
    "  --port P         TCP port (default 2671; 0 picks a free one)\n"
    "  --host ADDR      address to listen on (default 127.0.0.1, this machine\n"
    "                   only; 0.0.0.0 or :: for every network)\n"
    "  --pits M         pits a side, 1..12 (default 6)\n"
    "  --stones N       stones a pit, 1..12 (default 6)\n"
    "  --timeout S      seconds a client has for each move (default 5); a client\n"
    "                   that has sent no legal move by then gets a random legal\n"
    "                   move, as the protocol prescribes\n"
    "  --level L        the engine lone clients play (default hard; any level or\n"
    "                   player of 'kalah play')\n"
    "  --wait S         seconds a lone client waits for a partner (default 2);\n"
    "                   'never': only clients play each other\n"
    "  --record FILE    append finished games to FILE (default: not recorded)\n"
    "  --games N        stop after N finished games (default: run until Ctrl-C)\n"
    "  --max-clients N  connections at once, 1..4096 (default 256)\n"
    "  --engine-games N games against the engine at once, 1..256 (default four\n"
    "                   a processor); more lone clients wait for one to end\n"
    "  --seed S         seed of the random default moves (default 1)\n"
    "  --port-file FILE write the port listened on to FILE (with --port 0)\n"
    "  --no-sync        do not wait for the disk after each record line\n"
    "  --quiet          no line per game; problems are still reported\n"
    "\n"
    "Ctrl-C stops the server: everyone gets a goodbye; unfinished games are not\n"
    "recorded.\n";

typedef struct serve_state {
    bool quiet;
} serve_state;

static void serve_event(void *ctx, kgp_event_kind kind, const char *text)
{
    serve_state *st = ctx;
    if (kind == KGP_EV_PROBLEM) {
        fprintf(stderr, "kalah serve: %s\n", text);
        return;
    }
    if (st->quiet)
        return;
    if (kind == KGP_EV_GAME) {
        /* kgp1 NUMBER TIME SOUTH NORTH MARGIN DEFAULTS LEFT GAME CHECK */
        char f[6][64];
        if (sscanf(text, "kgp1\t%63[^\t]\t%63[^\t]\t%63[^\t]\t%63[^\t]\t%63[^\t]\t%63[^\t]", f[0],
                   f[1], f[2], f[3], f[4], f[5]) == 6)
            printf("game %s over: %s (South) %s %s (North), %s%s\n", f[0], f[2],
                   f[4][0] == '+' ? "beat" : f[4][0] == '-' ? "lost to" : "drew with", f[3],
                   f[4], strcmp(f[5], "0/0") ? " (some moves were the server's defaults)" : "");
    } else {
        printf("%s\n", text);
    }
    fflush(stdout);
}

/* Reads one line of f into buf (cap bytes at most, the rest of a longer
 * line skipped), without its newline. False at the end of the file. */
static bool read_line(FILE *f, char *buf, size_t cap, size_t *len, bool *whole, bool *too_long)
{
    int c;
    size_t n = 0;
    *too_long = false;
    while ((c = getc(f)) != EOF && c != '\n') {
        if (n < cap)
            buf[n++] = (char)c;
        else
            *too_long = true;
    }
    *len = n;
    *whole = c == '\n';
    return c != EOF || n > 0 || *too_long;
}

/* The largest game number in an existing record (0: none). */
static uint64_t last_number(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    static char buf[KGP_RECORD_MAX + 1];
    size_t len;
    bool whole, too_long;
    uint64_t most = 0;
    while (read_line(f, buf, sizeof buf - 1, &len, &whole, &too_long)) {
        buf[len] = '\0';
        if (strncmp(buf, "kgp1\t", 5) == 0) {
            uint64_t v = strtoull(buf + 5, NULL, 10);
            if (v > most && v < UINT64_MAX / 2)
                most = v;
        }
    }
    fclose(f);
    return most;
}

/* Opens the record for appending; a last line cut short by a crash is
 * closed with a newline so the next record starts on a line of its own.
 * *first gets the number of the next game: one above the largest number
 * already there, so numbers stay unique within the file. */
static int open_record(const char *path, uint64_t *first)
{
    struct stat before;
    bool created = stat(path, &before) != 0;
    int fd = open(path, O_RDWR | O_APPEND | O_CREAT, 0644);
    if (fd < 0)
        return -1;
    if (created && !kalah_file_sync_parent(path)) {
        close(fd);
        return -1;
    }
    *first = last_number(path) + 1;
    if (!kalah_file_end_line(fd)) {
        close(fd);
        return -1;
    }
    return fd;
}

int cli_serve(int argc, char **argv)
{
    static const struct option opts[] = {CLI_OPT("port"), CLI_OPT("host"), CLI_OPT("pits"),
                                         CLI_OPT("stones"), CLI_OPT("timeout"), CLI_OPT("level"),
                                         CLI_OPT("wait"), CLI_OPT("record"), CLI_OPT("games"),
                                         CLI_OPT("max-clients"), CLI_OPT("engine-games"),
                                         CLI_OPT("seed"), CLI_OPT("port-file"), CLI_FLAG("no-sync"),
                                         CLI_FLAG("quiet"), {0}};
    cli_args a;
    cli_args_init(&a, "kalah serve", argc, argv, 2, opts, "");
    cli_usage(&a, serve_usage, NULL);
    kgp_server_config cfg = kgp_server_defaults();
    const char *v, *host = "127.0.0.1", *record = NULL, *port_file = NULL;
    const char *level = "hard";
    int port = KGP_DEFAULT_PORT, pits = 6, stones = 6, seed = 1;
    serve_state ss = {false};
    cfg.record_sync = true;
    cfg.engine_threads = 4 * cli_cpus(); /* engine games at once */
    while (cli_next(&a) > 0) {
        if (cli_got(&a, "--wait", &v) && strcmp(v, "never") == 0)
            cfg.pair_wait = -1;
        else if (cli_flag(&a, "--no-sync"))
            cfg.record_sync = false;
        else if (cli_flag(&a, "--quiet"))
            ss.quiet = true;
        else if (!cli_int_opt(&a, "--port", 0, 65535, &port) &&
                 !cli_got(&a, "--host", &host) &&
                 !cli_int_opt(&a, "--pits", 1, KALAH_MAX_PITS, &pits) &&
                 !cli_int_opt(&a, "--stones", 1, KALAH_MAX_STONES, &stones) &&
                 !cli_seconds_opt(&a, "--timeout", 0.05, 86400, &cfg.timeout) &&
                 !cli_got(&a, "--level", &level) &&
                 !cli_seconds_opt(&a, "--wait", 0, 86400, &cfg.pair_wait) &&
                 !cli_got(&a, "--record", &record) &&
                 !cli_int_opt(&a, "--games", 1, 1000000000, &cfg.max_games) &&
                 !cli_int_opt(&a, "--max-clients", 1, 4096, &cfg.max_clients) &&
                 !cli_int_opt(&a, "--engine-games", 1, 256, &cfg.engine_threads) &&
                 !cli_int_opt(&a, "--seed", 0, 2000000000, &seed) &&
                 !cli_got(&a, "--port-file", &port_file))
            cli_unknown(&a);
    }
    if (a.rc != CLI_GO)
        return a.rc;
    kalah_error err;
    cfg.rules = kgp_rules(pits, stones);
    if (kalah_player_parse(level, 2, &cfg.engine, &err) != KALAH_OK) {
        fprintf(stderr, "kalah serve: --level takes a level or a player, not '%s' (%s)\n", level,
                err.message);
        return CLI_USAGE;
    }
    snprintf(cfg.engine_name, sizeof cfg.engine_name, "kalah61-%s", level);
    for (char *c = cfg.engine_name; *c; c++)
        if (*c == ':')
            *c = '-';
    cfg.seed = (uint64_t)seed + 1;
    int fd, bound;
    if (kgp_listen(host, port, &fd, &bound, &err) != KALAH_OK) {
        fprintf(stderr, "kalah serve: %s\n", err.message);
        return CLI_FAIL;
    }
    cfg.record_fd = record ? open_record(record, &cfg.first_game) : -1;
    if (record && cfg.record_fd < 0) {
        fprintf(stderr, "kalah serve: cannot append to the record %s: %s\n", record,
                strerror(errno));
        close(fd);
        return CLI_FAIL;
    }
    if (port_file) {
        /* Written whole or not at all: a script waiting for it never reads
         * half a number. */
        cli_out pf;
        bool written = cli_out_open(&pf, "kalah serve", port_file);
        if (written) {
            fprintf(pf.f, "%d\n", bound);
            written = cli_out_commit(&pf, "kalah serve");
        }
        if (!written) {
            close(fd);
            if (record)
                close(cfg.record_fd);
            return CLI_FAIL;
        }
    }
    char rules[KALAH_TEXT_MAX];
    kalah_rules_format(&cfg.rules, rules, sizeof rules);
    char lone[96];
    if (cfg.pair_wait < 0)
        snprintf(lone, sizeof lone, "lone clients wait for a partner");
    else
        snprintf(lone, sizeof lone, "lone clients play %s after %g s", cfg.engine_name,
                 cfg.pair_wait);
    printf("kalah serve: KGP 1.0.1 freeplay on %s:%d, %s, %g s a move, %s; %s%s\n", host,
           bound, rules, cfg.timeout, lone,
           record ? "games go to " : "games are not recorded (--record FILE keeps them)",
           record ? record : "");
    fflush(stdout);
    cfg.listen_fd = fd;
    cfg.stop = &cli_interrupted;
    cfg.event = serve_event;
    cfg.event_ctx = &ss;
    cli_sigint_install(false);
    kgp_server_stats stats;
    kalah_status st = kgp_server_run(&cfg, &stats, &err);
    close(fd);
    int rc = CLI_OK;
    if (record && close(cfg.record_fd) != 0) {
        fprintf(stderr, "kalah serve: cannot write the record %s: %s\n", record, strerror(errno));
        rc = CLI_FAIL;
    }
    if (st != KALAH_OK) {
        fprintf(stderr, "kalah serve: %s\n", err.message);
        return CLI_FAIL;
    }
    printf("kalah serve: %llu games finished (%llu against the engine) in %.1f s, %.1f games/s; "
           "%llu connections, %llu turned away; %llu protocol errors, %llu clients "
           "disconnected for misbehaving, %llu lost; %llu timeouts, %llu default moves\n",
           (unsigned long long)stats.games_finished, (unsigned long long)stats.engine_games,
           stats.seconds, stats.seconds > 0 ? stats.games_finished / stats.seconds : 0.0,
           (unsigned long long)stats.connections, (unsigned long long)stats.refused,
           (unsigned long long)stats.protocol_errors, (unsigned long long)stats.kicked,
           (unsigned long long)stats.lost, (unsigned long long)stats.timeouts,
           (unsigned long long)stats.default_moves);
    if (stats.record_failures) {
        fprintf(stderr, "kalah serve: %llu games could not be recorded\n",
                (unsigned long long)stats.record_failures);
        rc = CLI_FAIL;
    }
    return rc;
}

/* ---- kalah records -------------------------------------------------------------- */

static const char records_usage[] =
    "Usage: kalah records FILE [--quiet]\n"
    "\n"
    "Checks a record written by 'kalah serve': each line's checksum and fields,\n"
    "and each game replayed in the core to its end and its recorded margin.\n"
    "Prints one line a game (unless --quiet) and a summary; exits with 1 when\n"
    "any line is damaged. A move log of 'kalah play --log' (its first line says\n"
    "so) is checked too: each move line's checksum and its position.\n";

/* One move line of a move log, "PLY SIDE PIT POSITION<TAB>CRC": NULL when
 * good, else what is wrong. */
static const char *log_line_problem(char *line, size_t n)
{
    char *tab = strrchr(line, '\t');
    if (!tab || strlen(tab + 1) != 8)
        return "a move line without its tab and 8-digit check";
    for (int i = 1; i <= 8; i++)
        if (!((tab[i] >= '0' && tab[i] <= '9') || (tab[i] >= 'a' && tab[i] <= 'f')))
            return "a check that is not 8 lowercase hex digits";
    if (memchr(line, 0, n) != NULL)
        return "a NUL byte in the line";
    if (kalah_file_crc32(line, (size_t)(tab - line)) != (uint32_t)strtoul(tab + 1, NULL, 16))
        return "the checksum does not match: the line is damaged";
    *tab = '\0';
    if (line[0] == '#')
        return NULL; /* a checked comment: a new game, undo, redo */
    int ply, pit, used = 0;
    char side;
    kalah_rules r;
    kalah_pos p;
    if (sscanf(line, "%d %c %d %n", &ply, &side, &pit, &used) != 3 || used == 0 || ply < 1 ||
        (side != 'S' && side != 'N') || pit < 1 || pit > KALAH_MAX_PITS ||
        kalah_pos_parse(line + used, &r, &p, NULL) != KALAH_OK)
        return "not PLY SIDE PIT POSITION";
    return NULL;
}

int cli_records(int argc, char **argv)
{
    static const struct option opts[] = {CLI_FLAG("quiet"), {0}};
    cli_args a;
    cli_args_init(&a, "kalah records", argc, argv, 2, opts, "");
    cli_usage(&a, records_usage, NULL);
    const char *path = NULL;
    bool quiet = false;
    while (cli_next(&a) > 0) {
        if (cli_flag(&a, "--quiet"))
            quiet = true;
        else if (!cli_first_arg(&a, &path))
            cli_unknown(&a);
    }
    int rc = cli_end(&a, "file", path);
    if (rc != CLI_GO)
        return rc;
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "kalah records: cannot open %s: %s\n", path, strerror(errno));
        return CLI_FAIL;
    }
    static char line[KGP_RECORD_MAX + 1];
    size_t n;
    bool whole, too_long;
    long number = 0, games = 0, bad = 0, wins[3] = {0, 0, 0}, defaults = 0, moves = 0;
    bool log = false;
    while (read_line(f, line, sizeof line - 1, &n, &whole, &too_long)) {
        number++;
        line[n] = '\0';
        if (number == 1 && strncmp(line, KALAH_LOG_MAGIC, strlen(KALAH_LOG_MAGIC)) == 0) {
            log = true;
            if (strcmp(line, KALAH_LOG_HEADER) != 0) {
                printf("%s:1: a move log of format '%s', not this program's 1: not read\n", path,
                       line + strlen(KALAH_LOG_MAGIC));
                bad++;
                break;
            }
            continue;
        }
        /* A record has no comments; a move log's are checked like its
         * moves, so a damaged first byte cannot hide a line. */
        if (n == 0 && !too_long)
            continue;
        kgp_record rec;
        kalah_error err;
        char why[sizeof err.message];
        const char *problem;
        if (log && !too_long && whole) {
            if ((problem = log_line_problem(line, n)) != NULL) {
                printf("%s:%ld: %s\n", path, number, problem);
                bad++;
            } else if (line[0] != '#') {
                moves++;
            }
            continue;
        }
        if (too_long) {
            printf("%s:%ld: a line longer than %d bytes\n", path, number, KGP_RECORD_MAX);
            bad++;
        } else if (!whole) {
            printf("%s:%ld: the last line has no end: a write cut short\n", path, number);
            bad++;
        } else if (kgp_record_parse(line, n, &rec, &err) != KALAH_OK) {
            printf("%s:%ld: %s\n", path, number, cli_printable(err.message, why, sizeof why));
            bad++;
        } else {
            games++;
            wins[rec.margin > 0 ? 0 : rec.margin < 0 ? 1 : 2]++;
            defaults += rec.defaults[0] + rec.defaults[1];
            if (!quiet)
                printf("game %llu: %s %+d against %s, %d moves, replayed\n",
                       (unsigned long long)rec.number, rec.name[0], rec.margin, rec.name[1],
                       rec.game.played);
            kalah_game_free(&rec.game);
        }
    }
    bool read_error = ferror(f);
    fclose(f);
    if (read_error) {
        fprintf(stderr, "kalah records: cannot read %s\n", path);
        return CLI_FAIL;
    }
    if (log)
        printf("a move log: %ld move lines checked; %ld damaged line%s\n", moves, bad,
               bad == 1 ? "" : "s");
    else
        printf("%ld games replayed in the core: South won %ld, North won %ld, %ld drawn; %ld "
               "default moves; %ld damaged line%s\n",
               games, wins[0], wins[1], wins[2], defaults, bad, bad == 1 ? "" : "s");
    return bad ? CLI_FAIL : CLI_OK;
}
