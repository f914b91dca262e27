/* One logger for the whole program: errors are return codes plus a line here. */
#ifndef STACKHOUSE_LOG_H
#define STACKHOUSE_LOG_H

#include <stdarg.h>

typedef enum log_level { LOG_DEBUG, LOG_INFO, LOG_WARN, LOG_ERROR } log_level;

/* Where log lines go; the default writes to stderr. */
typedef void (*log_sink_fn)(log_level level, const char *line, void *user);

/* Sets the lowest level that is written (default LOG_INFO, LOG_WARN under CI). */
void log_set_level(log_level level);
/* Whether a line at this level would be written. */
int log_enabled(log_level level);
/* Replaces the sink (NULL restores stderr). Tests capture messages with it. */
void log_set_sink(log_sink_fn sink, void *user);
/* Writes one printf-style line at the given level. */
void log_write(log_level level, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#define log_debug(...) log_write(LOG_DEBUG, __VA_ARGS__)
#define log_info(...) log_write(LOG_INFO, __VA_ARGS__)
#define log_warn(...) log_write(LOG_WARN, __VA_ARGS__)
#define log_error(...) log_write(LOG_ERROR, __VA_ARGS__)

#endif
