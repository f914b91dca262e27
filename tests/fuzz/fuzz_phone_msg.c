/* libFuzzer harness of the phone message parser (docs/phones.md): any bytes
 * either parse into a message whose fields keep their limits, or are refused
 * with one of the protocol's error codes. Built with clang by cmake/net.cmake. */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "net/phone_proto.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    phone_msg m;
    char err[16];
    /* An exact-size copy, so reading one byte past the frame is caught. */
    char *buf = malloc(size ? size : 1);
    if (!buf)
        return 0;
    if (size)
        memcpy(buf, data, size);
    if (phone_msg_parse(buf, size, &m, err, sizeof err) == 0) {
        if (strlen(m.name) > PHONE_NAME_MAX * 4 || strlen(m.move) > PHONE_MOVE_MAX ||
            (m.t == PHONE_MSG_JOIN && (m.seat < 1 || m.seat > PHONE_MAX_SEATS)) ||
            (m.t == PHONE_MSG_PAD && (m.button < 0 || m.button >= PHONE_B_COUNT)) ||
            (m.t == PHONE_MSG_MOVE && m.rev < 0))
            abort();
    } else {
        static const char *const codes[] = {"json", "version", "type", "field"};
        int known = 0;
        for (size_t k = 0; k < sizeof codes / sizeof codes[0]; k++)
            known |= strcmp(err, codes[k]) == 0;
        if (!known)
            abort();
    }
    free(buf);
    return 0;
}
