/* The replay screen (#28) without a window, for each of the seven modes: a
 * whole match (tests/core/matchfile_util.h plays one) opened on the screen,
 * driven by the keyboard, the mouse on its bar and a controller's buttons,
 * reaches the match's own end: End at once, and step by step from the
 * start (turn-based: the position text and hash; MAXSTAX: the standings
 * the score screen would show). Home, the slider, the speeds, play and
 * pause, whose eyes a hidden-information match is watched through, and
 * Exit back to the screen below. What the view shows in a replay: no
 * controls, and the seats by the names the file gives them. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "app/input.h"
#include "app/store.h"
#include "core/matchfile.h"
#include "core/matchplay.h"
#include "games/stackatrack/rules/track.h"
#include "render/render.h"
#include "scenes/replay.h"
#include "scenes/replay_bar.h"
#include "shell/settings.h"
#include "shell/shell.h"
#include "shell/trace.h"
#include "texthook.h"
#include "../core/matchfile_util.h"

#define STEP (1.0 / 60.0)

static render *r;
static FILE *trace;

static uint64_t fixed_seed(void *ctx)
{
    (void)ctx;
    return 7;
}

static shell *make_shell(void)
{
    static const shell_host host = {.seed = fixed_seed};
    static settings st;
    static input in;
    shell_parts parts = {.r = r, .settings = &st, .in = &in};
    shell *sh;
    settings_defaults(&st);
    memset(&in, 0, sizeof in);
    sh = shell_create(&host, &parts);
    shell_set_vw(sh, 1920); /* a 16:9 screen */
    return sh;
}

/* The screen below the replay, for Exit to go back to. */
static scene below = {"below", 0, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0};

static void key(shell *sh, action a, int ch)
{
    action_event ev = {.act = a, .dev = DEV_KEYBOARD, .key = ch};
    shell_dispatch(sh, &ev);
}

static void pad(shell *sh, action a)
{
    action_event ev = {.act = a, .dev = DEV_PAD};
    shell_dispatch(sh, &ev);
}

static void click(shell *sh, float x, float y)
{
    action_event ev = {.act = ACT_POINTER_MOVE, .dev = DEV_MOUSE, .x = x, .y = y, .button = INPUT_BUTTON_LEFT};
    shell_dispatch(sh, &ev);
    ev.act = ACT_POINTER_DOWN;
    shell_dispatch(sh, &ev);
    ev.act = ACT_POINTER_UP;
    shell_dispatch(sh, &ev);
}

static void steps(shell *sh, int n)
{
    for (int i = 0; i < n; i++)
        shell_update(sh, STEP);
}

/* The last "replay at N/M" traced: N. */
static long traced_at(long *len)
{
    char line[512];
    long at = -1;
    fflush(trace);
    rewind(trace);
    while (fgets(line, sizeof line, trace))
        if (sscanf(line, "replay at %ld/%ld", &at, len) != 2 && strncmp(line, "replay at ", 10) == 0)
            fail_msg("bad trace line %s", line);
    fseek(trace, 0, SEEK_END);
    return at;
}

/* Whether line was traced since the trace was emptied. */
static int traced(const char *want)
{
    char line[512];
    int found = 0;
    fflush(trace);
    rewind(trace);
    while (fgets(line, sizeof line, trace))
        found |= strncmp(line, want, strlen(want)) == 0;
    fseek(trace, 0, SEEK_END);
    return found;
}

/* The replay stands at the match's end, as the match ended. */
static void assert_at_end(scene *s, const match_info *mi, const mf_final *fin, const char *id)
{
    const game_info *g = registry_find(id);
    score_report rep;
    assert_int_equal(replay_scene_report(s, &rep), 0); /* a finished game */
    if (g->rules) {
        char pos[8192];
        assert_true(g->rules->position_write(replay_scene_position(s), pos, sizeof pos) >= 0);
        assert_string_equal(pos, fin->text);
        assert_true(g->rules->hash(replay_scene_position(s)) == fin->hash);
    }
    for (int p = 0; p < mi->params.players; p++) {
        assert_int_equal(rep.rank[p], mi->seat[p].place);
        if (!g->rules)
            assert_int_equal(rep.total[p], mi->seat[p].score);
    }
}

/* The replay of match mi (its record body) opened over the screen below. */
static scene *open_replay(shell *sh, const match_info *mi, const char *body, const char *id)
{
    char err[300];
    scene *s;
    shell_push(sh, &below);
    s = replay_scene_create(sh, mi, body, err, sizeof err);
    if (!s)
        fail_msg("%s: %s", id, err);
    shell_push(sh, s);
    return s;
}

/* The seven modes, each with the seats its test match has. */
static const struct {
    const char *id;
    int players;
} modes[] = {{"stax", 2},      {"9stax", 3},     {"stakz", 3},   {"stackatrack", 3},
             {"speedstax", 2}, {"samestax", 2}, {"swapstax", 3}};

static void test_every_mode(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        shell *sh = make_shell();
        match_info mi;
        mf_final fin;
        char *body, err[300];
        scene *s;
        long len = 0, at, step;
        int presses = 0;
        trace = tmpfile();
        trace_to(trace);
        mf_match(modes[i].id, modes[i].players, 80 + i, &mi, &body, &fin);
        assert_int_equal(mi.status, MATCH_FINISHED);
        {
            /* the match file's reader plays the body to the same end */
            match_end e;
            mf_final back;
            if (match_end_play(&mi, body, 1, &e, err, sizeof err) != 0)
                fail_msg("%s: %s", modes[i].id, err);
            mf_final_of(&e, &back);
            assert_string_equal(back.text, fin.text);
            free(back.text);
            match_end_free(&e);
        }
        s = open_replay(sh, &mi, body, modes[i].id);
        steps(sh, 2);
        assert_int_equal(traced_at(&len), 0);
        assert_int_equal(len, mi.moves);
        step = registry_find(modes[i].id)->rules ? 1 : 60;
        /* End: the match's end at once. */
        key(sh, ACT_END, 0);
        steps(sh, 400); /* MAXSTAX: the exact match catches up behind the scenes */
        assert_int_equal(traced_at(&len), len);
        assert_at_end(s, &mi, &fin, modes[i].id);
        /* Home, then step on to the end: by the keyboard's arrows and a controller's shoulder in turn. */
        key(sh, ACT_HOME, 0);
        assert_int_equal(traced_at(&len), 0);
        for (at = 0; at < len && presses < 5000; presses++) {
            if (presses % 2)
                key(sh, ACT_RIGHT, 0);
            else
                pad(sh, ACT_NEXT_TAB);
            steps(sh, 1);
            assert_int_equal(traced_at(&len), at + step < len ? at + step : len);
            at = traced_at(&len);
        }
        assert_at_end(s, &mi, &fin, modes[i].id);
        /* One step back and on again: the same end. */
        pad(sh, ACT_PREV_TAB);
        assert_int_equal(traced_at(&len), len - step > 0 ? len - step : 0);
        key(sh, ACT_RIGHT, 0);
        steps(sh, 300);
        assert_at_end(s, &mi, &fin, modes[i].id);
        /* The slider by mouse: a click halfway along its track lands halfway. */
        {
            float vw = shell_vw(sh), track_x = 12 + 260, track_w = vw - 24 - 290;
            click(sh, track_x + track_w / 2, 1080 - 12 - 136 + 12 + 20);
            at = traced_at(&len);
            assert_true(at >= len / 2 - 1 && at <= len / 2 + 1);
        }
        /* Speed 2 and play: it moves on; Space pauses. */
        key(sh, ACT_DIGIT, '2');
        assert_true(traced("replay speed 2"));
        key(sh, ACT_ACCEPT, ' ');
        assert_true(traced("replay playing"));
        steps(sh, 240);
        assert_true(traced_at(&len) > at);
        key(sh, ACT_ACCEPT, ' ');
        assert_true(traced("replay paused"));
        at = traced_at(&len);
        steps(sh, 120);
        if (step == 60) /* MAXSTAX: two ticks a step at 2x, traced a second at a time while it played */
            assert_true(at >= len / 2 + 60);
        assert_int_equal(traced_at(&len), at);
        /* Paused and left alone, it comes to rest (draws nothing until a press). */
        steps(sh, 60 * 4 + 400);
        assert_true(s->wake(s, sh) >= SCENE_AT_REST);
        /* Controller X: the next speed (4); Y plays; B leaves for the screen below. */
        pad(sh, ACT_EXTRA);
        assert_true(traced("replay speed 4"));
        pad(sh, ACT_ALT);
        steps(sh, 30);
        assert_true(s->wake(s, sh) == 0); /* playing: every frame */
        pad(sh, ACT_BACK);
        assert_true(traced("replay exit"));
        assert_true(shell_top(sh) == &below);
        fprintf(stderr, "replay %s: %ld %s, the same end by End and step by step\n", modes[i].id, len,
                step == 1 ? "moves" : "ticks");
        shell_destroy(sh);
        trace_to(NULL);
        fclose(trace);
        free(body);
        free(fin.text);
    }
}

/* 9 STAX and Stakz hide hands: a finished match shows each mover's hand
 * ("All hands"), and is watched through one seat's eyes or the public
 * view; an unfinished one starts on the public view and never shows all. */
static void test_hidden_eyes(void **state)
{
    static const char *const ids[] = {"9stax", "stakz"};
    (void)state;
    for (size_t i = 0; i < 2; i++) {
        for (int finished = 0; finished < 2; finished++) {
            shell *sh = make_shell();
            const game_info *gi = registry_find(ids[i]);
            match_info mi;
            char *body, err[300];
            scene *s;
            int seen[5] = {0};
            trace = tmpfile();
            trace_to(trace);
            mf_turns(gi, 3, 90 + i, finished ? -1 : 12, &mi, &body, NULL);
            assert_int_equal(mi.status, finished ? MATCH_FINISHED : MATCH_PLAYING);
            shell_push(sh, &below);
            s = replay_scene_create(sh, &mi, body, err, sizeof err);
            if (!s)
                fail_msg("%s: %s", ids[i], err);
            shell_push(sh, s);
            steps(sh, 1);
            key(sh, ACT_RIGHT, 0);
            key(sh, ACT_RIGHT, 0);
            steps(sh, 1);
            /* finished: the mover's eyes; not: nobody's */
            assert_int_equal(replay_scene_eyes(s) >= 0, finished);
            /* The eyes control, by controller: d-pad right from Play to it, then A, round the choices. */
            for (int k = 0; k < 4; k++)
                pad(sh, ACT_RIGHT);
            assert_true(traced("focus replay replay_watch"));
            for (int k = 0; k < 5; k++) {
                pad(sh, ACT_ACCEPT);
                seen[replay_scene_eyes(s) + 1]++;
            }
            assert_true(traced("replay watch Public view"));
            assert_true(seen[0] >= 1 && seen[1] >= 1 && seen[2] >= 1 && seen[3] >= 1);
            assert_int_equal(traced("replay watch All hands"), finished);
            shell_destroy(sh);
            trace_to(NULL);
            fclose(trace);
            free(body);
        }
    }
}

/* The review's hook: what the replay asked it to draw, and whether it was freed. */
typedef struct review_seen {
    int calls, freed;
    rrect box;
    long at, len;
} review_seen;

static void review_draw(void *data, shell *sh, render *rr, rrect box, long at, long len)
{
    review_seen *rs = data;
    (void)sh;
    (void)rr;
    rs->calls++;
    rs->box = box;
    rs->at = at;
    rs->len = len;
}

static void review_free(void *data) { ((review_seen *)data)->freed++; }

/* Review data given: a rectangle above the bar, drawn each frame with the
 * cursor, the table above it smaller still; freed when the replay closes. */
static void test_review_hook(void **state)
{
    shell *sh = make_shell();
    match_info mi;
    mf_final fin;
    char *body, err[300];
    review_seen rs = {0};
    scene *s;
    (void)state;
    trace = tmpfile();
    trace_to(trace);
    mf_match("stax", 2, 7, &mi, &body, &fin);
    shell_push(sh, &below);
    s = replay_scene_create(sh, &mi, body, err, sizeof err);
    assert_non_null(s);
    shell_push(sh, s);
    replay_scene_set_review(s, review_draw, &rs, review_free);
    steps(sh, 1);
    key(sh, ACT_RIGHT, 0);
    key(sh, ACT_RIGHT, 0);
    steps(sh, 1);
    render_begin(r, 1920, 1080, (rcolor){0, 0, 0, 255});
    shell_draw(sh, r, 0);
    assert_int_equal(rs.calls, 1);
    assert_int_equal(rs.at, 2);
    assert_int_equal(rs.len, mi.moves);
    assert_true(rs.box.w > 1800 && rs.box.h >= 100);
    assert_true(rs.box.y + rs.box.h < 1080 - 136); /* above the bar */
    assert_true(replay_bar_top(1) <= rs.box.y); /* the table ends above it */
    assert_true(replay_bar_top(1) < replay_bar_top(0));
    pad(sh, ACT_BACK);
    assert_int_equal(rs.freed, 1);
    shell_destroy(sh);
    trace_to(NULL);
    fclose(trace);
    free(body);
    free(fin.text);
}

/* A replay of computers' match comes to rest too (no computer to wait for),
 * and leaves the mode's save slot as it was: a replay is never saved. */
static void test_saves_untouched(void **state)
{
    static const shell_host host = {.seed = fixed_seed};
    static settings st;
    static input in;
    char path[] = "/tmp/replay-store-XXXXXX", db_path[300], err[300], game[32], *body, *text = NULL;
    shell_parts parts = {.r = r, .settings = &st, .in = &in};
    match_info mi;
    mf_final fin;
    store *db;
    shell *sh;
    scene *s;
    (void)state;
    assert_non_null(mkdtemp(path));
    snprintf(db_path, sizeof db_path, "%s/stackhouse.db", path);
    db = store_open(db_path, err, sizeof err);
    assert_non_null(db);
    assert_int_equal(store_save_put(db, "stax", "stax", "the save before"), 0);
    settings_defaults(&st);
    memset(&in, 0, sizeof in);
    parts.db = db;
    sh = shell_create(&host, &parts);
    shell_set_vw(sh, 1920);
    trace = tmpfile();
    trace_to(trace);
    mf_turns(registry_find("stax"), 2, 11, -1, &mi, &body, &fin);
    for (int p = 0; p < 2; p++)
        mi.seat[p].level = AI_MEDIUM; /* computers at both seats */
    shell_push(sh, &below);
    s = replay_scene_create(sh, &mi, body, err, sizeof err);
    assert_non_null(s);
    shell_push(sh, s);
    key(sh, ACT_RIGHT, 0);
    key(sh, ACT_RIGHT, 0);
    steps(sh, 60 * 12);
    assert_true(s->wake(s, sh) >= SCENE_AT_REST);
    key(sh, ACT_END, 0);
    steps(sh, 60 * 12);
    assert_true(s->wake(s, sh) >= SCENE_AT_REST); /* over, and nobody waits for the score */
    key(sh, ACT_BACK, 0);
    assert_true(shell_top(sh) == &below);
    assert_int_equal(store_save_get(db, "stax", game, sizeof game, &text), 0);
    assert_string_equal(text, "the save before");
    assert_false(traced("stax saved"));
    free(text);
    shell_destroy(sh);
    store_close(db);
    {
        static const char *const tails[] = {"", "-wal", "-shm"};
        for (int k = 0; k < 3; k++) {
            char f[320];
            snprintf(f, sizeof f, "%s%s", db_path, tails[k]);
            remove(f);
        }
        remove(path);
    }
    trace_to(NULL);
    fclose(trace);
    free(body);
    free(fin.text);
}

/* A body that is not the header's mode, or a mode with no table: the reason. */
static void test_refused(void **state)
{
    shell *sh = make_shell();
    match_info mi;
    mf_final fin;
    char *body, err[300];
    (void)state;
    mf_match("stax", 2, 5, &mi, &body, &fin);
    snprintf(mi.mode, sizeof mi.mode, "stakz");
    mi.params.players = 2;
    assert_null(replay_scene_create(sh, &mi, body, err, sizeof err));
    assert_non_null(strstr(err, "holds a stax game"));
    snprintf(mi.mode, sizeof mi.mode, "chess");
    assert_null(replay_scene_create(sh, &mi, body, err, sizeof err));
    assert_string_equal(err, "no mode called 'chess'");
    assert_null(replay_scene_open_file(sh, "/nonexistent/match.txt", err, sizeof err));
    assert_non_null(strstr(err, "No such file"));
    free(body);
    free(fin.text);
    shell_destroy(sh);
}

/* ---------------------------------------------------------------- what the view shows
 * A replay shows the game, not the controls to play it (no End turn, Turn
 * over, Pass, MAX STAX!, Menu or Undo, no "Your turn", nobody "thinking"),
 * and names each seat as its match file does ("Ann", "Easy computer"),
 * never the table's "Human" or "Computer (Easy)"; a hidden-information match
 * watched through one seat's eyes says whose they are. Every line of text the
 * view draws is read through the renderer's text hook. */

/* Whether line t is the first the replay draws after its view: the review's
 * panel ("Review: ...") or the bar's place ("Move 9 of 80", "0:09 of 1:08"). */
static int after_view(const char *t)
{
    int a, b, c;
    return strncmp(t, "Review", 6) == 0 || sscanf(t, "Move %d of %d", &a, &b) == 2 ||
           sscanf(t, "%d:%d of %d", &a, &b, &c) == 3;
}

/* One frame drawn; the lines of text the view drew (before the review and
 * the bar, which the replay draws after it) are in texts[]. */
static void frame(shell *sh)
{
    n_texts = 0;
    render_set_text_hook(r, texthook_on_text, NULL);
    render_begin(r, 1920, 1080, (rcolor){0, 0, 0, 255});
    shell_draw(sh, r, 0);
    render_set_text_hook(r, NULL, NULL);
    for (int i = 0; i < n_texts; i++)
        if (after_view(texts[i].s)) {
            n_texts = i;
            break;
        }
}

static void dump(void)
{
    for (int i = 0; i < n_texts; i++)
        fprintf(stderr, "  text %.0f,%.0f %.0fx%.0f: %s\n", texts[i].r.x, texts[i].r.y, texts[i].r.w, texts[i].r.h,
                texts[i].s);
}

static int shown(const char *part)
{
    for (int i = 0; i < n_texts; i++)
        if (strstr(texts[i].s, part))
            return 1;
    return 0;
}

/* The frame's view text holds no control and no words for a player at the screen. */
static void assert_no_controls(const char *id, long at)
{
    /* buttons of the views and the midend's row, whole */
    static const char *const buttons[] = {"End turn", "End & draw", "Turn over", "Pass", "MAX STAX!", "Ready!",
                                          "Menu", "Undo", "Redo", "Hint", "Next round", "Final scores", "Score",
                                          "I am ready"};
    /* words that ask the player at the screen to act, or say a computer thinks */
    static const char *const words[] = {"Your turn", "Your tiles", "You, ", "thinking", "Point at a stack",
                                        "see the score", "for the score", "Human", "Computer ("};
    for (int i = 0; i < n_texts; i++) {
        for (size_t k = 0; k < sizeof buttons / sizeof *buttons; k++)
            if (strcmp(texts[i].s, buttons[k]) == 0)
                fail_msg("%s at %ld: the replay shows the control \"%s\"", id, at, buttons[k]);
        for (size_t k = 0; k < sizeof words / sizeof *words; k++)
            if (strstr(texts[i].s, words[k]))
                fail_msg("%s at %ld: the replay shows \"%s\" (in \"%s\")", id, at, words[k], texts[i].s);
    }
}

/* A whole match of mode id whose file names its seats: Ann (a person),
 * Easy computer (the easy computer; MAXSTAX keeps its tape's levels), Bo. */
static void named_match(const char *id, int players, uint64_t seed, match_info *mi, char **body)
{
    static const char *const names[] = {"Ann", "Easy computer", "Bo"};
    int turns = registry_find(id)->rules != NULL;
    mf_final fin;
    mf_match(id, players, seed, mi, body, &fin);
    free(fin.text);
    for (int s = 0; s < players; s++) {
        snprintf(mi->seat[s].name, sizeof mi->seat[s].name, "%s", names[s]);
        if (turns)
            mi->seat[s].level = s == 1 ? AI_EASY : 0;
    }
}

static void test_views_every_mode(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++) {
        shell *sh = make_shell();
        int turns = registry_find(modes[i].id)->rules != NULL;
        long step = turns ? 1 : 60;
        match_info mi;
        char *body;
        trace = tmpfile();
        trace_to(trace);
        named_match(modes[i].id, modes[i].players, 60 + i, &mi, &body);
        open_replay(sh, &mi, body, modes[i].id);
        steps(sh, 2);
        for (int stop = 0; stop < 4; stop++) {
            long at = stop == 0 ? 0 : stop == 1 ? 9 * step : stop == 2 ? mi.moves / 2 : mi.moves;
            if (stop == 1)
                for (int k = 0; k < 9; k++)
                    key(sh, ACT_RIGHT, 0);
            else if (stop == 2) { /* halfway: Home, then ten twentieths right on the focused slider */
                key(sh, ACT_HOME, 0);
                pad(sh, ACT_UP);
                for (int k = 0; k < 10; k++)
                    pad(sh, ACT_RIGHT);
                pad(sh, ACT_DOWN);
            } else if (stop == 3)
                key(sh, ACT_END, 0);
            steps(sh, turns ? 200 : 400); /* moves land, round panels go by, MAXSTAX catches up */
            frame(sh);
            assert_true(n_texts > 0);
            assert_no_controls(modes[i].id, at);
            /* the file's names: the person's and the computer's */
            if (!shown("Ann") || !shown("Easy computer")) {
                dump();
                fail_msg("%s at %ld: the seats are not named as the file names them", modes[i].id, at);
            }
        }
        fprintf(stderr, "replay %s: no controls, the file's names, at the start, 9 in, halfway and the end\n",
                modes[i].id);
        shell_destroy(sh);
        trace_to(NULL);
        fclose(trace);
        free(body);
    }
}

/* A named Stack-A-Track match (named_match's names) with the hidden-blocks
 * house rule: each seat's blocks are its own, so a replay is watched
 * through one seat's eyes. */
static void hidden_track(match_info *mi, char **body)
{
    const game_info *gi = registry_find("stackatrack");
    game_params p;
    match_info named = *mi;
    free(*body);
    registry_params_default(gi, &p, 3);
    p.opt[TRACK_OPT_HIDDEN] = 1;
    mf_turns_with(gi, 3, 72, -1, &p, mi, body, NULL);
    for (int s = 0; s < 3; s++) {
        snprintf(mi->seat[s].name, sizeof mi->seat[s].name, "%s", named.seat[s].name);
        mi->seat[s].level = named.seat[s].level;
    }
}

/* Through seat eyes' eyes, the tray's heading and its trace name the file's player ("Bo's blocks"), not a colour. */
static void track_tray_named(const match_info *mi, int eyes)
{
    char want[80];
    snprintf(want, sizeof want, "%s's blocks", mi->seat[eyes].name);
    if (!shown(want)) {
        dump();
        fail_msg("stackatrack through seat %d's eyes: no \"%s\"", eyes + 1, want);
    }
    {
        char line[512], tray[32], named[80];
        int found = 0;
        snprintf(tray, sizeof tray, "track tray p%d: ", eyes + 1);
        snprintf(named, sizeof named, "(%s's blocks)\n", mi->seat[eyes].name);
        fflush(trace);
        rewind(trace);
        while (fgets(line, sizeof line, trace))
            found |= strncmp(line, tray, strlen(tray)) == 0 && strstr(line, named) != NULL;
        fseek(trace, 0, SEEK_END);
        if (!found)
            fail_msg("the trace lacks %s...%s", tray, named);
    }
}

/* 9 STAX, Stakz and Stack-A-Track (its hidden blocks) watched through each
 * seat's eyes: the bar names whose view it is by the file's name, and the
 * view names whose hand it shows. */
static void test_whose_eyes(void **state)
{
    static const char *const ids[] = {"9stax", "stakz", "stackatrack"};
    static const char *const views[] = {"Ann's view", "Easy computer's view", "Bo's view"};
    (void)state;
    for (size_t i = 0; i < 3; i++) {
        shell *sh = make_shell();
        match_info mi;
        char *body, err[300], want[64];
        scene *s;
        int seen = 0;
        trace = tmpfile();
        trace_to(trace);
        named_match(ids[i], 3, 70 + i, &mi, &body);
        if (i == 2)
            hidden_track(&mi, &body);
        shell_push(sh, &below);
        s = replay_scene_create(sh, &mi, body, err, sizeof err);
        assert_non_null(s);
        shell_push(sh, s);
        steps(sh, 1);
        for (int k = 0; k < 4; k++)
            key(sh, ACT_RIGHT, 0);
        steps(sh, 120);
        /* the eyes control by controller: right from Play to it, then A round the choices */
        for (int k = 0; k < 4; k++)
            pad(sh, ACT_RIGHT);
        assert_true(traced("focus replay replay_watch"));
        for (int k = 0; k < 5; k++) {
            int eyes;
            pad(sh, ACT_ACCEPT);
            steps(sh, 2);
            eyes = replay_scene_eyes(s);
            if (eyes < 0)
                continue;
            snprintf(want, sizeof want, "replay watch %s", views[eyes]);
            assert_true(traced(want));
            frame(sh);
            assert_no_controls(ids[i], eyes);
            /* Stakz's hand says whose tiles they are; 9 STAX's seat header names its player */
            snprintf(want, sizeof want, "%s", mi.seat[eyes].name);
            if (!shown(want))
                fail_msg("%s through seat %d's eyes: \"%s\" is not shown", ids[i], eyes + 1, want);
            if (i == 1) {
                snprintf(want, sizeof want, "%s's tiles", mi.seat[eyes].name);
                if (!shown(want))
                    fail_msg("stakz through seat %d's eyes: no \"%s\"", eyes + 1, want);
            }
            if (i == 2) /* Stack-A-Track's tray names the player whose blocks it shows, as the bar does (#29) */
                track_tray_named(&mi, eyes);
            seen |= 1 << eyes;
        }
        assert_int_equal(seen, 7); /* every seat's eyes */
        shell_destroy(sh);
        trace_to(NULL);
        fclose(trace);
        free(body);
    }
}

static int setup(void **state)
{
    render_paths p = {NULL, STACKHOUSE_SOURCE_DIR "/assets", "/usr/share/fonts/truetype/dejavu", NULL};
    char err[512];
    (void)state;
    r = render_create_null(&p, err, sizeof err);
    return r && render_begin(r, 1920, 1080, (rcolor){0, 0, 0, 255}) == 0 ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    render_end(r);
    render_destroy(r);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_mode),
        cmocka_unit_test(test_hidden_eyes),
        cmocka_unit_test(test_review_hook),
        cmocka_unit_test(test_saves_untouched),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_views_every_mode),
        cmocka_unit_test(test_whose_eyes),
    };
    (void)texthook_dimmed;
    return cmocka_run_group_tests(tests, setup, teardown);
}
