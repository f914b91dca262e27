#define _DEFAULT_SOURCE /* wait4: a child's own peak RSS */
#include "cli/bench_startup.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define STARTUP_RUNS 11
#define STARTUP_MAX_RUNS 101

int bench_sibling_path(const char *name, char *out, size_t n)
{
    char self[PATH_MAX];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    char *slash;
    if (len <= 0 || !(slash = strrchr((self[len] = '\0', self), '/'))) {
        fprintf(stderr, "stackhouse-cli: cannot find my own path (/proc/self/exe)\n");
        return -1;
    }
    *slash = '\0';
    snprintf(out, n, "%s/%s", self, name);
    if (access(out, X_OK) != 0) {
        fprintf(stderr, "stackhouse-cli: bench: %s is missing (build with -DSTACKHOUSE_BUILD_APP=ON)\n",
                out);
        return -1;
    }
    return 0;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One whole process: wall milliseconds and peak resident kilobytes, or -1 when
 * it could not start or did not exit 0 (its stderr is left to the terminal). */
static int run_once(char *const argv[], double *ms, long *rss_kb)
{
    struct rusage ru;
    int status;
    double t0 = now_s();
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stdout))
            _exit(127);
        execv(argv[0], argv);
        _exit(127);
    }
    while (wait4(pid, &status, 0, &ru) < 0)
        if (errno != EINTR)
            return -1;
    *ms = (now_s() - t0) * 1000.0;
    *rss_kb = ru.ru_maxrss;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "stackhouse-cli: bench startup: %s exited with status %d\n", argv[0],
                WIFEXITED(status) ? WEXITSTATUS(status) : -1);
        return -1;
    }
    return 0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median_of(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

typedef struct scenario {
    const char *name;
    const char *args[12]; /* after the game binary; NULL-terminated */
} scenario;

/* What a player starts (the picker, one frame, no PNG), the capture the tests
 * use, and the screens whose memory matters, at the sizes players have. */
static const scenario scenarios[] = {
    {"startup_picker_1080p", {"--scene", "picker", "--window", "1920x1080", "--frames", "1", NULL}},
    {"capture_picker_1080p",
     {"--scene", "picker", "--window", "1920x1080", "--frames", "1", "--screenshot", "@shot", NULL}},
    {"run_picker_720p", {"--scene", "picker", "--window", "1280x720", "--frames", "10", NULL}},
    {"run_picker_1080p", {"--scene", "picker", "--window", "1920x1080", "--frames", "10", NULL}},
    {"run_picker_4k", {"--scene", "picker", "--window", "3840x2160", "--frames", "10", NULL}},
    {"run_9stax_table_1080p",
     {"--scene", "table", "--game", "9stax", "--window", "1920x1080", "--frames", "10", NULL}},
};
#define NSCEN ((int)(sizeof scenarios / sizeof scenarios[0]))

int bench_startup(int argc, char **argv)
{
    char game[PATH_MAX + 16], peer[PATH_MAX + 16], dir[] = "/tmp/stackhouse-bench-XXXXXX";
    char shot[sizeof dir + 16];
    static double peer_ms[STARTUP_MAX_RUNS], ms[NSCEN][STARTUP_MAX_RUNS];
    static double peer_rss[STARTUP_MAX_RUNS], rss[NSCEN][STARTUP_MAX_RUNS];
    static double tex_ms[STARTUP_MAX_RUNS], tex_rss[STARTUP_MAX_RUNS];
    long runs = STARTUP_RUNS, kb;
    int rc = 0;

    for (int i = 0; i < argc; i++) {
        char *end = NULL;
        if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc)
            runs = strtol(argv[++i], &end, 10);
        if (!end || *end || runs < 1 || runs > STARTUP_MAX_RUNS) {
            fprintf(stderr, "usage: stackhouse-cli bench startup [--runs 1..%d]\n", STARTUP_MAX_RUNS);
            return 2;
        }
    }
    if (bench_sibling_path("stackhouse", game, sizeof game) != 0 ||
        bench_sibling_path("stackhouse-peer-window", peer, sizeof peer) != 0)
        return 2;
    if (!getenv("DISPLAY") && !getenv("WAYLAND_DISPLAY")) {
        fprintf(stderr, "stackhouse-cli: bench startup needs a display (try xvfb-run -a)\n");
        return 2;
    }
    if (!mkdtemp(dir)) {
        perror("stackhouse-cli: bench startup: mkdtemp");
        return 2;
    }
    /* A scratch user directory: the player's settings and saves stay out of it,
     * and a warm-up run fills its sprite cache as a second launch would find it. */
    setenv("STACKHOUSE_PREF_DIR", dir, 1);
    snprintf(shot, sizeof shot, "%s/shot.png", dir);

    for (int k = -1; k < runs && rc == 0; k++) {
        char *peer_argv[] = {peer, "1920x1080", NULL};
        char *tex_argv[] = {peer, "--textured", "1920x1080", NULL};
        double t, tt;
        long tkb;
        /* Alternate the peers and every scenario, so drift hits all alike. */
        if (run_once(peer_argv, &t, &kb) != 0 || run_once(tex_argv, &tt, &tkb) != 0) {
            rc = 1;
            break;
        }
        if (k >= 0) {
            peer_ms[k] = t;
            peer_rss[k] = (double)kb;
            tex_ms[k] = tt;
            tex_rss[k] = (double)tkb;
        }
        for (int s = 0; s < NSCEN && rc == 0; s++) {
            char *a[16] = {game};
            int n = 1;
            for (const char *const *p = scenarios[s].args; *p; p++)
                a[n++] = strcmp(*p, "@shot") == 0 ? shot : (char *)*p;
            a[n] = NULL;
            if (run_once(a, &t, &kb) != 0)
                rc = 1;
            else if (k >= 0) {
                ms[s][k] = t;
                rss[s][k] = (double)kb;
            }
        }
    }
    if (rc == 0) {
        double pm = median_of(peer_ms, (int)runs), pr = median_of(peer_rss, (int)runs);
        double tm = median_of(tex_ms, (int)runs), tr = median_of(tex_rss, (int)runs);
        printf("runs %ld (medians; peak RSS in MB)\n", runs);
        printf("peer_window_1080p: %.0f ms, %.1f MB\n", pm, pr / 1024.0);
        printf("peer_textured_1080p: %.0f ms (%.2fx the peer), %.1f MB (+%.1f MB)\n", tm, tm / pm,
               tr / 1024.0, (tr - pr) / 1024.0);
        for (int s = 0; s < NSCEN; s++) {
            double m = median_of(ms[s], (int)runs), r = median_of(rss[s], (int)runs);
            printf("%s: %.0f ms (%.2fx the peer, %.2fx the textured peer), %.1f MB (+%.1f MB)\n",
                   scenarios[s].name, m, m / pm, m / tm, r / 1024.0, (r - pr) / 1024.0);
        }
    }
    remove(shot);
    char cmd[sizeof dir + 16];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "stackhouse-cli: could not remove %s\n", dir);
    return rc;
}
