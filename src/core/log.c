#include "core/log.h"

#include <stdio.h>

static log_level min_level = LOG_INFO;
static log_sink_fn sink_fn;
static void *sink_user;

void log_set_level(log_level level) { min_level = level; }

int log_enabled(log_level level) { return level >= min_level; }

void log_set_sink(log_sink_fn sink, void *user)
{
    sink_fn = sink;
    sink_user = user;
}

void log_write(log_level level, const char *fmt, ...)
{
    static const char *const names[] = {"debug", "info", "warning", "error"};
    char line[1024];
    va_list ap;

    if (level < min_level)
        return;
    va_start(ap, fmt);
    vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (sink_fn) {
        sink_fn(level, line, sink_user);
        return;
    }
    fprintf(stderr, "stackhouse: %s: %s\n", names[level], line);
}
