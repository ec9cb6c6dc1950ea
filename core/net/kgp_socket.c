/* TCP sockets for the server and the client: addresses, listen, connect. */
#include "kgp_internal.h"

#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

kalah_status kgp_split_address(const char *text, char *host, size_t host_size, int *port,
                               kalah_error *err)
{
    const char *colon, *h = text;
    size_t hn;
    if (text[0] == '[') {
        const char *close = strchr(text, ']');
        if (!close || close[1] != ':')
            return kalah_fail(err, KALAH_ESYNTAX, 1, "'[ADDRESS]:PORT' expected");
        h = text + 1;
        hn = (size_t)(close - h);
        colon = close + 1;
    } else {
        colon = strrchr(text, ':');
        if (!colon)
            return kalah_fail(err, KALAH_ESYNTAX, (int)strlen(text) + 1,
                            "HOST:PORT expected (a port is missing)");
        hn = (size_t)(colon - text);
    }
    if (hn == 0 || hn >= host_size)
        return kalah_fail(err, KALAH_ESYNTAX, 1, "a host name of 1..%zu characters expected",
                        host_size - 1);
    char *end;
    long p = strtol(colon + 1, &end, 10);
    if (colon[1] < '0' || colon[1] > '9' || *end || p < 1 || p > 65535)
        return kalah_fail(err, KALAH_EINVAL, (int)(colon - text) + 2,
                        "the port must be a number in 1..65535");
    memcpy(host, h, hn);
    host[hn] = '\0';
    *port = (int)p;
    return KALAH_OK;
}

static kalah_status resolve(const char *host, int port, bool passive, struct addrinfo **res,
                            kalah_error *err)
{
    struct addrinfo hints;
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = passive ? AI_PASSIVE : 0;
    char service[16];
    snprintf(service, sizeof service, "%d", port);
    int rc = getaddrinfo(host, service, &hints, res);
    if (rc != 0)
        return kalah_fail(err, KALAH_EINVAL, 0, "cannot resolve '%s': %s", host, gai_strerror(rc));
    return KALAH_OK;
}

/* A socket of each address of res in turn, handed to try(s, a, ctx): 0
 * when s is the one (kept), else an errno (s is closed, the next address
 * tried). The socket, or -1 with the last errno in *why. Frees res. */
static int first_socket(struct addrinfo *res, int (*try)(int s, const struct addrinfo *a,
                                                         void *ctx),
                        void *ctx, int *why)
{
    int found = -1;
    *why = 0;
    for (struct addrinfo *a = res; a && found < 0; a = a->ai_next) {
        int s = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
        if (s < 0)
            *why = errno;
        else if ((*why = try(s, a, ctx)) == 0)
            found = s;
        else
            close(s);
    }
    freeaddrinfo(res);
    return found;
}

static int try_listen(int s, const struct addrinfo *a, void *ctx)
{
    (void)ctx;
    int one = 1;
    setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    return bind(s, a->ai_addr, a->ai_addrlen) == 0 && listen(s, SOMAXCONN) == 0 ? 0 : errno;
}

kalah_status kgp_listen(const char *host, int port, int *fd, int *bound_port, kalah_error *err)
{
    struct addrinfo *res;
    kalah_status st = resolve(host, port, true, &res, err);
    if (st != KALAH_OK)
        return st;
    int why, s = first_socket(res, try_listen, NULL, &why);
    if (s < 0)
        return kalah_fail(err, KALAH_EINVAL, 0, "cannot listen on %s:%d: %s", host, port,
                          strerror(why));
    struct sockaddr_storage ss;
    socklen_t len = sizeof ss;
    int bp = port;
    if (getsockname(s, (struct sockaddr *)&ss, &len) == 0)
        bp = ntohs(ss.ss_family == AF_INET6 ? ((struct sockaddr_in6 *)&ss)->sin6_port
                                           : ((struct sockaddr_in *)&ss)->sin_port);
    *fd = s;
    if (bound_port)
        *bound_port = bp;
    return KALAH_OK;
}

/* Connects s to a within timeout seconds; 0 or an errno. */
static int connect_within(int s, const struct addrinfo *a, double timeout)
{
    int flags = fcntl(s, F_GETFL);
    fcntl(s, F_SETFL, flags | O_NONBLOCK);
    int rc = connect(s, a->ai_addr, a->ai_addrlen);
    if (rc != 0 && errno != EINPROGRESS)
        return errno;
    if (rc != 0) {
        struct pollfd p = {.fd = s, .events = POLLOUT};
        int ms = timeout > 0 ? (int)(timeout * 1000) : -1;
        int ready;
        while ((ready = poll(&p, 1, ms)) < 0 && errno == EINTR) {
        }
        if (ready == 0)
            return ETIMEDOUT;
        int soerr = 0;
        socklen_t len = sizeof soerr;
        if (ready < 0 || getsockopt(s, SOL_SOCKET, SO_ERROR, &soerr, &len) != 0)
            return errno;
        if (soerr)
            return soerr;
    }
    fcntl(s, F_SETFL, flags);
    return 0;
}

static int try_connect(int s, const struct addrinfo *a, void *ctx)
{
    int why = connect_within(s, a, *(const double *)ctx);
    if (why == 0) {
        int one = 1;
        setsockopt(s, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    }
    return why;
}

kalah_status kgp_connect(const char *address, double timeout, int *fd, kalah_error *err)
{
    char host[256];
    int port;
    kalah_status st = kgp_split_address(address, host, sizeof host, &port, err);
    if (st != KALAH_OK)
        return st;
    struct addrinfo *res;
    if ((st = resolve(host, port, false, &res, err)) != KALAH_OK)
        return st;
    int why, s = first_socket(res, try_connect, &timeout, &why);
    if (s < 0)
        return kalah_fail(err, KALAH_EINVAL, 0, "cannot connect to %s: %s", address,
                          strerror(why));
    *fd = s;
    return KALAH_OK;
}
