/* Small network facts the phone server needs from the OS. */
#ifndef STACKHOUSE_PHONE_NET_H
#define STACKHOUSE_PHONE_NET_H

#include <stddef.h>

/* Writes the first non-loopback IPv4 address of an interface that is up
 * into out ("192.168.1.20"); 0, or -1 with "127.0.0.1" when there is none. */
int phone_net_lan_ipv4(char *out, size_t n);
/* Sends libwebsockets' own lines to core/log.h: its errors as warnings, the rest as debug. */
void phone_net_lws_logs(void);

#endif
