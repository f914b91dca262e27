/* IFF_UP and IFF_LOOPBACK are BSD names: net/if.h shows them with _DEFAULT_SOURCE. */
#define _DEFAULT_SOURCE

#include "net/phone_net.h"

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include <libwebsockets.h>

#include "core/log.h"

int phone_net_lan_ipv4(char *out, size_t n)
{
    struct ifaddrs *list = NULL;
    int found = 0;
    if (getifaddrs(&list) == 0) {
        for (struct ifaddrs *a = list; a && !found; a = a->ifa_next) {
            if (!a->ifa_addr || a->ifa_addr->sa_family != AF_INET || !(a->ifa_flags & IFF_UP) ||
                (a->ifa_flags & IFF_LOOPBACK))
                continue;
            const struct sockaddr_in *in = (const struct sockaddr_in *)(const void *)a->ifa_addr;
            found = inet_ntop(AF_INET, &in->sin_addr, out, (socklen_t)n) != NULL;
        }
        freeifaddrs(list);
    }
    if (!found)
        snprintf(out, n, "127.0.0.1");
    return found ? 0 : -1;
}

static void lws_log_line(int level, const char *line)
{
    size_t n = strlen(line);
    while (n && (line[n - 1] == '\n' || line[n - 1] == '\r'))
        n--;
    log_write(level == LLL_ERR ? LOG_WARN : LOG_DEBUG, "libwebsockets: %.*s", (int)n, line);
}

void phone_net_lws_logs(void) { lws_set_log_level(LLL_ERR | LLL_WARN, lws_log_line); }
