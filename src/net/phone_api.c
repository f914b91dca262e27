#include "net/phone_api.h"

/* Every line to the game's logger: it decides what is written. */
static void use_log(log_sink_fn sink, void *user)
{
    log_set_level(LOG_DEBUG);
    log_set_sink(sink, user);
}

const phone_api stackhouse_phone_api = {
    PHONE_API_VERSION,
    phone_server_start,
    phone_server_stop,
    phone_server_port,
    phone_server_room,
    phone_server_url,
    phone_server_set_seats,
    phone_server_poll,
    phone_server_publish,
    phone_server_error,
    phone_server_pong,
    phone_server_end,
    phone_qr_encode,
    phone_load_run,
    use_log,
};
