/* Raw sockets for the phone tests: a TCP connection to the server on
 * loopback, a WebSocket handshake written by hand, and frames built byte by
 * byte, so that tests can send what no well-behaved client would (malformed
 * frames, garbage). Header-only (cmocka must be included first). */
#ifndef STACKHOUSE_WS_RAW_H
#define STACKHOUSE_WS_RAW_H

#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#define PT_RAW_FRAME 4200

/* A connection to 127.0.0.1:port, reads timing out after a second. */
static inline int tcp_connect(int port)
{
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    assert_true(fd >= 0);
    struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    assert_int_equal(connect(fd, (struct sockaddr *)&a, sizeof a), 0);
    struct timeval tv = {1, 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    return fd;
}

static inline void send_all(int fd, const void *buf, size_t n)
{
    const char *p = buf;
    while (n) {
        ssize_t k = send(fd, p, n, MSG_NOSIGNAL);
        if (k <= 0)
            return; /* the server may hang up mid-way: that is its right */
        p += k;
        n -= (size_t)k;
    }
}

/* A raw socket to port with a finished WebSocket handshake to path with
 * subprotocol proto (NULL: none), sending Host host and Origin origin (NULL:
 * no such header); -1 if refused. */
static inline int ws_raw_upgrade(int port, const char *path, const char *proto, const char *host,
                                 const char *origin)
{
    char req[768], resp[2048];
    snprintf(req, sizeof req,
             "GET %s HTTP/1.1\r\n%s%s%sUpgrade: websocket\r\nConnection: Upgrade\r\n"
             "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n%s%s%s%s%s%s\r\n",
             path, host ? "Host: " : "", host ? host : "", host ? "\r\n" : "", proto ? "Sec-WebSocket-Protocol: " : "",
             proto ? proto : "", proto ? "\r\n" : "", origin ? "Origin: " : "", origin ? origin : "",
             origin ? "\r\n" : "");
    int fd = tcp_connect(port);
    send_all(fd, req, strlen(req));
    /* Byte by byte up to the headers' end: a frame the server sends at once
     * (a close, a welcome) may share their segment, and belongs to the reader. */
    ssize_t n = 0;
    while (n < (ssize_t)sizeof resp - 1 && recv(fd, resp + n, 1, 0) == 1) {
        n++;
        if (n >= 4 && memcmp(resp + n - 4, "\r\n\r\n", 4) == 0)
            break;
    }
    resp[n] = 0;
    if (n > 0 && strstr(resp, " 101 ") && strstr(resp, "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="))
        return fd;
    close(fd);
    return -1;
}

/* A raw socket to port with a finished WebSocket handshake (path,
 * subprotocol), as the phone page makes it (Host 127.0.0.1:port and its
 * Origin); -1 if refused. */
static inline int ws_raw_port(int port, const char *path, const char *proto)
{
    char host[32], origin[48];
    snprintf(host, sizeof host, "127.0.0.1:%d", port);
    snprintf(origin, sizeof origin, "http://%s", host);
    return ws_raw_upgrade(port, path, proto, host, origin);
}

/* A masked frame: first byte b0, payload p of n bytes (n < 65536); its length. */
static inline size_t ws_frame(unsigned char *out, unsigned b0, const void *p, size_t n)
{
    static const unsigned char mask[4] = {0x12, 0x34, 0x56, 0x78};
    size_t k = 0;
    out[k++] = (unsigned char)b0;
    if (n < 126) {
        out[k++] = (unsigned char)(0x80 | n);
    } else {
        out[k++] = 0x80 | 126;
        out[k++] = (unsigned char)(n >> 8);
        out[k++] = (unsigned char)n;
    }
    memcpy(out + k, mask, 4);
    k += 4;
    for (size_t i = 0; i < n; i++)
        out[k + i] = ((const unsigned char *)p)[i] ^ mask[i % 4];
    return k + n;
}

/* Sends text as one masked text frame. */
static inline void ws_raw_send_text(int fd, const char *text)
{
    static unsigned char buf[PT_RAW_FRAME];
    size_t n = strlen(text);
    assert_true(n + 8 <= sizeof buf);
    send_all(fd, buf, ws_frame(buf, 0x81, text, n));
}

/* Reads exactly n bytes; 0, or -1 on time-out or hang-up. */
static inline int ws_raw_read_n(int fd, unsigned char *p, size_t n)
{
    while (n) {
        ssize_t k = recv(fd, p, n, 0);
        if (k == 0)
            errno = ECONNRESET; /* a hang-up, not a time-out */
        if (k <= 0)
            return -1;
        p += k;
        n -= (size_t)k;
    }
    return 0;
}

/* Reads the next frame the server sends (unmasked, up to 64 KiB) into buf
 * (cut to n - 1 bytes, NUL-terminated) and its opcode into *op; the payload's
 * length, or -1 on time-out (a second with nothing) or hang-up. */
static inline int ws_raw_read(int fd, char *buf, size_t n, int *op)
{
    unsigned char h[4];
    if (ws_raw_read_n(fd, h, 2) < 0)
        return -1;
    size_t len = h[1] & 0x7f;
    if (len == 126) {
        if (ws_raw_read_n(fd, h + 2, 2) < 0)
            return -1;
        len = (size_t)h[2] << 8 | h[3];
    } else if (len == 127) {
        return -1;
    }
    *op = h[0] & 0x0f;
    size_t keep = len < n - 1 ? len : n - 1;
    if (ws_raw_read_n(fd, (unsigned char *)buf, keep) < 0)
        return -1;
    buf[keep] = 0;
    for (size_t rest = len - keep; rest; rest--) {
        unsigned char c;
        if (ws_raw_read_n(fd, &c, 1) < 0)
            return -1;
    }
    return (int)len;
}

/* Reads frames until the server's close frame: its status code (reason into
 * why, n bytes), or -1 when none comes (a hang-up, or tries seconds of
 * nothing). Text frames on the way are skipped. */
static inline int ws_raw_close_code(int fd, char *why, size_t n, int tries)
{
    static char buf[70000];
    int op;
    for (int i = 0; i < tries;) {
        int len = ws_raw_read(fd, buf, sizeof buf, &op);
        if (len < 0) {
            if (errno != EAGAIN && errno != EWOULDBLOCK)
                return -1;
            i++;
            continue;
        }
        if (op != 8)
            continue;
        if (len < 2)
            return 1005;
        snprintf(why, n, "%s", buf + 2);
        return (unsigned char)buf[0] << 8 | (unsigned char)buf[1];
    }
    return -1;
}

#endif
