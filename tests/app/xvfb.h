/* Header-only helper for tests that need an X server: starts a private Xvfb
 * on a display of its own, points DISPLAY at it and stops it afterwards.
 * Tests skip only when Xvfb is not installed; any other failure is a failure. */
#ifndef STACKHOUSE_TEST_XVFB_H
#define STACKHOUSE_TEST_XVFB_H

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct xvfb {
    pid_t pid;
    int display;
    char old_display[256];
    int had_display;
} xvfb;

/* Whether an Xvfb binary is on PATH. */
static inline int xvfb_installed(void)
{
    const char *path = getenv("PATH");
    char dir[4096], file[4200];

    if (!path)
        path = "/usr/local/bin:/usr/bin:/bin";
    while (*path) {
        size_t n = strcspn(path, ":");
        if (n < sizeof dir) {
            memcpy(dir, path, n);
            dir[n] = '\0';
            snprintf(file, sizeof file, "%s/Xvfb", n ? dir : ".");
            if (access(file, X_OK) == 0)
                return 1;
        }
        path += n + (path[n] == ':');
    }
    return 0;
}

static inline void xvfb_sleep_ms(long ms)
{
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

/* Starts Xvfb with one screen of geometry ("1280x720x24") on a display it
 * picks itself (-displayfd), so two tests starting at once never share one
 * (picking a number by its lock file races: the loser used the winner's
 * server, which vanished under it when the winner finished); returns once it
 * takes clients: 0 with its pid and display number, or -1. */
static inline int xvfb_spawn(const char *geometry, pid_t *pid_out, int *display_out)
{
    int fds[2], n = -1;
    char buf[16];
    size_t got = 0;
    pid_t pid;
    if (pipe(fds) != 0)
        return -1;
    pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (pid == 0) {
        char fd[16];
        FILE *null;
        close(fds[0]);
        snprintf(fd, sizeof fd, "%d", fds[1]);
        null = freopen("/dev/null", "w", stdout);
        (void)null;
        null = freopen("/dev/null", "w", stderr);
        (void)null;
        execlp("Xvfb", "Xvfb", "-displayfd", fd, "-screen", "0", geometry, "-nolisten", "tcp", "-noreset",
               (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    /* the display number and a newline come once it is ready; end of file if it died */
    while (got < sizeof buf - 1 && !memchr(buf, '\n', got)) {
        ssize_t k = read(fds[0], buf + got, sizeof buf - 1 - got);
        if (k <= 0)
            break;
        got += (size_t)k;
    }
    close(fds[0]);
    buf[got] = '\0';
    if (got > 0 && buf[0] >= '0' && buf[0] <= '9')
        n = atoi(buf);
    if (n < 0) {
        kill(pid, SIGKILL);
        waitpid(pid, NULL, 0);
        return -1;
    }
    *pid_out = pid;
    *display_out = n;
    return 0;
}

/* Starts Xvfb and sets DISPLAY; returns 0, or -1 when no server came up. */
static inline int xvfb_start(xvfb *x)
{
    const char *old = getenv("DISPLAY");
    char disp[16];

    memset(x, 0, sizeof *x);
    x->had_display = old != NULL;
    if (old)
        snprintf(x->old_display, sizeof x->old_display, "%s", old);
    if (xvfb_spawn("1280x720x24", &x->pid, &x->display) != 0)
        return -1;
    snprintf(disp, sizeof disp, ":%d", x->display);
    setenv("DISPLAY", disp, 1);
    return 0;
}

/* Stops the server and restores DISPLAY. */
static inline void xvfb_stop(xvfb *x)
{
    if (x->pid > 0) {
        kill(x->pid, SIGTERM);
        waitpid(x->pid, NULL, 0);
        x->pid = 0;
    }
    if (x->had_display)
        setenv("DISPLAY", x->old_display, 1);
    else
        unsetenv("DISPLAY");
}

#endif
