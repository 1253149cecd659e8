/* log.c: messages to the user on stderr ("picl: error: ..."), filtered by one level. */
#include "log.h"

#include <stdarg.h>
#include <stdio.h>

static enum log_level log_level = LOG_INFO;

void log_set_level(enum log_level level) { log_level = level; }
enum log_level log_get_level(void) { return log_level; }

static void log_emit(enum log_level level, const char *tag, const char *fmt, va_list ap)
{
    if (level > log_level)
        return;
    fprintf(stderr, "picl: %s", tag);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
}

#define LOG_FN(fn, level, tag)                                                                \
    void fn(const char *fmt, ...)                                                             \
    {                                                                                         \
        va_list ap;                                                                           \
        va_start(ap, fmt);                                                                    \
        log_emit(level, tag, fmt, ap);                                                        \
        va_end(ap);                                                                           \
    }
LOG_FN(log_error, LOG_ERROR, "error: ")
LOG_FN(log_warn, LOG_WARN, "warning: ")
LOG_FN(log_info, LOG_INFO, "")
LOG_FN(log_debug, LOG_DEBUG, "debug: ")
