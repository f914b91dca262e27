/* Header-only helper for tests that need an X server: starts a private Xvfb
 * on a free display :90-:120, points DISPLAY at it and stops it afterwards.
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

/* Starts Xvfb and sets DISPLAY; returns 0, or -1 when no server came up. */
static inline int xvfb_start(xvfb *x)
{
    const char *old = getenv("DISPLAY");

    memset(x, 0, sizeof *x);
    x->had_display = old != NULL;
    if (old)
        snprintf(x->old_display, sizeof x->old_display, "%s", old);
    for (int n = 90; n <= 120; n++) {
        char sock[64], lock[64], disp[16];
        struct stat st;
        pid_t pid;
        int reaped = 0;

        snprintf(sock, sizeof sock, "/tmp/.X11-unix/X%d", n);
        snprintf(lock, sizeof lock, "/tmp/.X%d-lock", n);
        if (stat(sock, &st) == 0 || stat(lock, &st) == 0)
            continue; /* taken by someone else */
        snprintf(disp, sizeof disp, ":%d", n);
        pid = fork();
        if (pid < 0)
            return -1;
        if (pid == 0) {
            FILE *null = freopen("/dev/null", "w", stdout);
            (void)null;
            null = freopen("/dev/null", "w", stderr);
            (void)null;
            execlp("Xvfb", "Xvfb", disp, "-screen", "0", "1280x720x24", "-nolisten", "tcp",
                   (char *)NULL);
            _exit(127);
        }
        for (int waited = 0; waited < 10000; waited += 20) {
            int status;
            if (stat(sock, &st) == 0) {
                x->pid = pid;
                x->display = n;
                setenv("DISPLAY", disp, 1);
                return 0;
            }
            if (waitpid(pid, &status, WNOHANG) == pid) {
                reaped = 1; /* lost a race for this number: try the next */
                break;
            }
            xvfb_sleep_ms(20);
        }
        if (!reaped) { /* never came up: do not leave it behind */
            kill(pid, SIGKILL);
            waitpid(pid, NULL, 0);
        }
    }
    return -1;
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
