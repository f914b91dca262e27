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

/* One whole process: wall milliseconds, CPU milliseconds (user and system,
 * all its threads) and peak resident kilobytes, or -1 when it could not start
 * or did not exit 0 (its stderr is left to the terminal). */
static int run_once(char *const argv[], double *ms, double *cpu_ms, long *rss_kb)
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
    *cpu_ms = (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1000.0 +
              (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1000.0;
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

/* A program's runs: wall and CPU milliseconds and peak RSS in kB, one per run. */
typedef struct samples {
    double ms[STARTUP_MAX_RUNS], cpu[STARTUP_MAX_RUNS], rss[STARTUP_MAX_RUNS];
} samples;

/* Runs argv once; into slot k of out (k < 0: a warm-up, not kept). 0 or -1. */
static int run_into(char *const argv[], int k, samples *out)
{
    double t, c;
    long kb;
    if (run_once(argv, &t, &c, &kb) != 0)
        return -1;
    if (k >= 0) {
        out->ms[k] = t;
        out->cpu[k] = c;
        out->rss[k] = (double)kb;
    }
    return 0;
}

/* Runs scenario s of game once, into slot k of out. */
static int run_scenario(const char *game, int s, const char *shot, int k, samples *out)
{
    char *a[16] = {(char *)game};
    int n = 1;
    for (const char *const *p = scenarios[s].args; *p; p++)
        a[n++] = strcmp(*p, "@shot") == 0 ? (char *)shot : (char *)*p;
    a[n] = NULL;
    return run_into(a, k, out);
}

/* One line of medians; against the bare peer (and, when tex, the textured one). */
static void print_samples(const char *name, samples *v, int runs, samples *peer, samples *tex)
{
    double m = median_of(v->ms, runs), c = median_of(v->cpu, runs), r = median_of(v->rss, runs);
    double pm = median_of(peer->ms, runs), pc = median_of(peer->cpu, runs), pr = median_of(peer->rss, runs);
    if (v == peer) {
        printf("%s: %.0f ms, CPU %.0f ms, %.1f MB\n", name, m, c, r / 1024.0);
        return;
    }
    printf("%s: %.0f ms (%.2fx the peer", name, m, m / pm);
    if (tex)
        printf(", %.2fx the textured peer", m / median_of(tex->ms, runs));
    printf("), CPU %.0f ms (%.2fx), %.1f MB (+%.1f MB)\n", c, c / pc, r / 1024.0, (r - pr) / 1024.0);
}

int bench_startup(int argc, char **argv)
{
    char game[PATH_MAX + 16], peer[PATH_MAX + 16], dir[] = "/tmp/stackhouse-bench-XXXXXX";
    char shot[sizeof dir + 16], name[96];
    static samples peer_s, tex_s, ours[NSCEN], base[NSCEN];
    const char *baseline = NULL, *only = NULL;
    long runs = STARTUP_RUNS;
    int rc = 0;

    for (int i = 0; i < argc; i++) {
        char *end = NULL;
        int bad = 0;
        if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc) {
            runs = strtol(argv[++i], &end, 10);
            bad = !end || *end;
        } else if (strcmp(argv[i], "--baseline") == 0 && i + 1 < argc)
            baseline = argv[++i];
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
            only = argv[++i];
        else
            bad = 1;
        if (bad || runs < 1 || runs > STARTUP_MAX_RUNS || (baseline && access(baseline, X_OK) != 0)) {
            fprintf(stderr, "usage: stackhouse-cli bench startup [--runs 1..%d] [--only SCENARIO] "
                            "[--baseline OTHER-STACKHOUSE]\n", STARTUP_MAX_RUNS);
            return 2;
        }
    }
    for (int s = 0; only && s <= NSCEN; s++)
        if (s == NSCEN) {
            fprintf(stderr, "stackhouse-cli: bench startup: no scenario %s\n", only);
            return 2;
        } else if (strcmp(only, scenarios[s].name) == 0)
            break;
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
        /* Alternate the peers and every scenario (and the baseline's beside
         * ours, taking turns at going first: on a loaded machine only runs
         * side by side compare), so drift hits all alike. */
        if (run_into(peer_argv, k, &peer_s) != 0 || run_into(tex_argv, k, &tex_s) != 0) {
            rc = 1;
            break;
        }
        for (int s = 0; s < NSCEN && rc == 0; s++) {
            if (only && strcmp(only, scenarios[s].name) != 0)
                continue;
            for (int turn = 0; turn < (baseline ? 2 : 1) && rc == 0; turn++)
                if (!baseline || (turn + k + 2) % 2 == 0)
                    rc = run_scenario(game, s, shot, k, &ours[s]);
                else
                    rc = run_scenario(baseline, s, shot, k, &base[s]);
        }
    }
    if (rc == 0) {
        printf("runs %ld (medians; CPU: user and system, every thread; peak RSS in MB)\n", runs);
        print_samples("peer_window_1080p", &peer_s, (int)runs, &peer_s, NULL);
        print_samples("peer_textured_1080p", &tex_s, (int)runs, &peer_s, NULL);
        for (int s = 0; s < NSCEN; s++) {
            if (only && strcmp(only, scenarios[s].name) != 0)
                continue;
            print_samples(scenarios[s].name, &ours[s], (int)runs, &peer_s, &tex_s);
            snprintf(name, sizeof name, "baseline %s", scenarios[s].name);
            if (baseline)
                print_samples(name, &base[s], (int)runs, &peer_s, &tex_s);
        }
    }
    remove(shot);
    char cmd[sizeof dir + 16];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0)
        fprintf(stderr, "stackhouse-cli: could not remove %s\n", dir);
    return rc;
}
