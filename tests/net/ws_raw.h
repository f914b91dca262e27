/* Raw sockets for the phone tests: a TCP connection to the server on
 * loopback, a WebSocket handshake written by hand, and frames built byte by
 * byte, so that tests can send what no well-behaved client would (malformed
 * frames, garbage). Header-only (cmocka must be included first). */
#ifndef STACKHOUSE_WS_RAW_H
#define STACKHOUSE_WS_RAW_H

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

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

/* A raw socket to port with a finished WebSocket handshake (path, subprotocol); -1 if refused. */
static inline int ws_raw_port(int port, const char *path, const char *proto)
{
    char req[512], resp[2048];
    snprintf(req, sizeof req,
             "GET %s HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
             "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n%s%s%s\r\n",
             path, proto ? "Sec-WebSocket-Protocol: " : "", proto ? proto : "", proto ? "\r\n" : "");
    int fd = tcp_connect(port);
    send_all(fd, req, strlen(req));
    ssize_t n = recv(fd, resp, sizeof resp - 1, 0);
    resp[n > 0 ? n : 0] = 0;
    if (n > 0 && strstr(resp, " 101 ") && strstr(resp, "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="))
        return fd;
    close(fd);
    return -1;
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

#endif
