/* The replay screen: a kept match watched again through its mode's view. */
#include "scenes/replay.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/input.h"
#include "audio/audio.h"
#include "core/log.h"
#include "core/registry.h"
#include "core/utf8.h"
#include "scenes/replay_bar.h"
#include "scenes/replay_review.h"
#include "shell/trace.h"
#include "table/match.h"
#include "table/modes.h"
#include "table/table.h"
#include "table/table_rt.h"
#include "table/table_store.h"

#define TICKS_PER_S 60   /* a MAXSTAX tape's ticks */
#define MAXSTAX_STEP 60  /* a step back or on in a MAXSTAX replay: one second */
#define WORK_BUDGET 0.004 /* seconds a step may give the exact match catching up */
#define GAP_MIN 0.6      /* seconds between moves at 1x, whatever the record's times */
#define GAP_MAX 2.5
#define QUIET_S 3.0 /* seconds a replay keeps drawing after a change (banners, glides) */
#define REPLAY_FILE_MAX (64 << 20) /* bytes: a day-long MAXSTAX tape is smaller */

typedef struct replay {
    scene base;
    match_info mi;
    const table_mode *mode;
    scene *table;                       /* turn-based: the replay table's scene */
    const table_realtime_ops *rt_ops;   /* real-time: the view watching the tape */
    void *rt;
    long at, len;    /* the cursor and the length: moves, or ticks */
    long traced_at;  /* the cursor last traced */
    double quiet;    /* seconds since the cursor or a control last changed */
    int playing, speed;
    double wait;     /* turn-based, playing: seconds until the next move */
    int hidden;      /* the mode hides hands: the eyes control shows */
    int watch;       /* TABLE_WATCH_* or a seat */
    replay_bar bar;
    replay_review_fn review;
    void *review_data;
    void (*review_free)(void *);
    const char *(*review_label)(void *); /* the review control's words; NULL: none now */
    void (*review_press)(void *, shell *);
    void (*review_step)(void *, shell *, long at); /* each logic step, the cursor where it stands */
} replay;

/* ---------------------------------------------------------------- the view's frame */

/* The view's part of the screen: the whole width and the height above the
 * bar. The view lays itself out and draws as on a whole screen whose
 * virtual units are this much smaller, so it is all there, above the bar. */
static float view_k(const replay *p) { return replay_bar_top(p->review != NULL) / 1080.0f; }

/* What the view is given while it runs: a screen as wide, in its units, as the real one. */
typedef struct view_frame {
    float vw, scale;
    int covered;
    input_device device;
} view_frame;

static view_frame frame_in(const replay *p, shell *sh, render *r)
{
    view_frame f = {shell_vw(sh), r ? render_scale(r) : 0, 0, shell_input(sh)->last_device};
    shell_set_vw(sh, f.vw / view_k(p));
    if (r) {
        render_set_scale(r, f.scale * view_k(p));
        f.covered = shell_set_drawing_covered(sh, 1); /* its own hint bar stays away: the bar is the replay's */
        /* and its own focus ring: nobody plays on it; the focus is the bar's */
        shell_input_edit(sh)->last_device = DEV_MOUSE;
    }
    return f;
}

static void frame_out(shell *sh, render *r, view_frame f)
{
    shell_set_vw(sh, f.vw);
    if (r) {
        render_set_scale(r, f.scale);
        shell_set_drawing_covered(sh, f.covered);
        shell_input_edit(sh)->last_device = f.device;
    }
}

/* ---------------------------------------------------------------- the cursor */

/* "replay at N/M", once per place the cursor stops. */
static void trace_at(replay *p)
{
    if (p->at == p->traced_at)
        return;
    p->traced_at = p->at;
    trace_line("replay at %ld/%ld", p->at, p->len);
}

/* The view shows step to (clamped); traced. */
static void seek(replay *p, shell *sh, long to)
{
    view_frame f = frame_in(p, sh, NULL);
    int rc;
    to = to < 0 ? 0 : to > p->len ? p->len : to;
    rc = p->table ? table_replay_seek(p->table->data, sh, (int)to) : p->rt_ops->replay_seek(p->rt, sh, to);
    frame_out(sh, NULL, f);
    if (rc != 0)
        return;
    p->at = to;
    if (p->at == p->len && p->playing) {
        p->playing = 0;
        trace_line("replay paused at the end");
    }
    trace_at(p);
    if (p->at == p->len && p->rt) {
        char note[200];
        p->rt_ops->note(p->rt, note, sizeof note);
        trace_line("replay end %s", note);
    }
}

/* Seconds between move k and the one before at 1x: as they were played, within bounds. */
static double move_gap(const replay *p, long k)
{
    const game_record *rec = table_record(p->table->data);
    double gap = k > 0 && k < rec->n_moves ? (double)(rec->times[k] - rec->times[k - 1]) / 1000.0 : GAP_MIN;
    return gap < GAP_MIN ? GAP_MIN : gap > GAP_MAX ? GAP_MAX : gap;
}

/* The words for whose eyes the replay shows. */
static const char *watch_words(const replay *p, char *buf, size_t n)
{
    if (p->watch == TABLE_WATCH_MOVER)
        snprintf(buf, n, "All hands");
    else if (p->watch == TABLE_WATCH_PUBLIC)
        snprintf(buf, n, "Public view");
    else { /* a seat's eyes: whose, by the name the match file gives ("Ann's view") */
        char who[MATCH_NAME_LEN];
        table_seat_name(table_match(p->table->data), p->watch, who, sizeof who);
        snprintf(buf, n, "%s's view", who);
    }
    return buf;
}

/* The next eyes: every hand (a finished match only), the public view, then each seat's. */
static void watch_next(replay *p, shell *sh)
{
    char who[64];
    int n = p->mi.params.players;
    if (p->watch == TABLE_WATCH_MOVER)
        p->watch = TABLE_WATCH_PUBLIC;
    else if (p->watch + 1 < n)
        p->watch++;
    else
        p->watch = p->mi.status == MATCH_FINISHED ? TABLE_WATCH_MOVER : TABLE_WATCH_PUBLIC;
    table_replay_watch(p->table->data, sh, p->watch);
    trace_line("replay watch %s", watch_words(p, who, sizeof who));
}

static void play_toggle(replay *p)
{
    p->playing = !p->playing;
    p->wait = 0;
    trace_line("replay %s", p->playing ? "playing" : "paused");
}

static void speed_set(replay *p, int speed)
{
    p->speed = speed;
    trace_line("replay speed %d", speed);
}

static void command(replay *p, shell *sh, replay_cmd c)
{
    long step = p->rt ? MAXSTAX_STEP : 1;
    switch (c) {
    case REPLAY_START: seek(p, sh, 0); break;
    case REPLAY_BACK: seek(p, sh, p->at - step); break;
    case REPLAY_FWD: seek(p, sh, p->at + step); break;
    case REPLAY_END: seek(p, sh, p->len); break;
    case REPLAY_SEEK: seek(p, sh, p->bar.seek_to); break;
    case REPLAY_PLAY:
        if (!p->playing && p->at >= p->len)
            seek(p, sh, 0); /* played to the end: again from the start */
        play_toggle(p);
        break;
    case REPLAY_SPEED: speed_set(p, p->speed == 1 ? 2 : p->speed == 2 ? 4 : 1); break;
    case REPLAY_WATCH:
        if (p->hidden)
            watch_next(p, sh);
        break;
    case REPLAY_EXIT:
        trace_line("replay exit");
        shell_back(sh);
        return;
    case REPLAY_REVIEW:
        if (p->review_press)
            p->review_press(p->review_data, sh);
        break;
    case REPLAY_NONE: return;
    }
    audio_play(SFX_CLICK);
}

/* ---------------------------------------------------------------- the scene */

/* What the bar shows now. */
static void bar_view(const replay *p, replay_bar_view *v, char *who, size_t n)
{
    v->at = p->at;
    v->len = p->len;
    v->playing = p->playing;
    v->speed = p->speed;
    v->watch = p->hidden ? watch_words(p, who, n) : NULL;
    v->review = p->review_label ? p->review_label(p->review_data) : NULL;
    if (p->rt)
        snprintf(v->where, sizeof v->where, "%ld:%02ld of %ld:%02ld", p->at / TICKS_PER_S / 60,
                 p->at / TICKS_PER_S % 60, p->len / TICKS_PER_S / 60, p->len / TICKS_PER_S % 60);
    else
        snprintf(v->where, sizeof v->where, "Move %ld of %ld", p->at, p->len);
}

/* A key of the keyboard or a controller's button that is a control of its own. */
static replay_cmd key_command(const action_event *ev)
{
    if (ev->dev == DEV_KEYBOARD) {
        switch (ev->act) {
        case ACT_LEFT: return REPLAY_BACK;
        case ACT_RIGHT: return REPLAY_FWD;
        case ACT_HOME: return REPLAY_START;
        case ACT_END: return REPLAY_END;
        case ACT_BACK: return REPLAY_EXIT;
        case ACT_ACCEPT: return ev->key == ' ' ? REPLAY_PLAY : REPLAY_NONE; /* Enter presses the focused button */
        default: break;
        }
    }
    switch (ev->act) {
    case ACT_PREV_TAB: return REPLAY_BACK; /* a shoulder, Q or Shift+Tab */
    case ACT_NEXT_TAB: return REPLAY_FWD;
    case ACT_ALT: return REPLAY_PLAY;   /* Y */
    case ACT_EXTRA: return REPLAY_SPEED; /* X */
    case ACT_BACK: return REPLAY_EXIT;   /* B */
    case ACT_WHEEL: return ev->wheel > 0 ? REPLAY_BACK : REPLAY_FWD;
    default: return REPLAY_NONE;
    }
}

static void replay_input(scene *s, shell *sh, const action_event *ev)
{
    replay *p = s->data;
    p->quiet = 0;
    char who[64];
    replay_bar_view v;
    replay_cmd c = key_command(ev);
    if (ev->act == ACT_DIGIT) { /* 1, 2 and 4: that speed */
        if (ev->key == '1' || ev->key == '2' || ev->key == '4')
            speed_set(p, ev->key - '0');
        return;
    }
    if (c == REPLAY_NONE) {
        bar_view(p, &v, who, sizeof who);
        c = replay_bar_event(&p->bar, sh, ev, &v);
    }
    command(p, sh, c);
}

/* The view's step: a turn-based move animating, or MAXSTAX playing on the tape. */
static void view_update(replay *p, shell *sh, double dt)
{
    view_frame f;
    if (p->table) {
        table *t = p->table->data;
        if (p->playing && !table_busy(t) && (p->wait -= dt * p->speed) <= 0) {
            seek(p, sh, p->at + 1);
            p->wait = move_gap(p, p->at);
        }
        f = frame_in(p, sh, NULL);
        table_replay_step(t, sh, p->playing ? dt * p->speed : dt); /* at 4x, the moves fly 4x as fast */
        frame_out(sh, NULL, f);
        return;
    }
    if (p->playing) {
        long was = p->at;
        seek(p, sh, p->at + p->speed);
        if (p->at / TICKS_PER_S == was / TICKS_PER_S && p->at < p->len)
            p->traced_at = p->at; /* playing: traced once a second */
    }
    f = frame_in(p, sh, NULL);
    p->rt_ops->replay_work(p->rt, sh, WORK_BUDGET);
    frame_out(sh, NULL, f);
}

static void replay_update(scene *s, shell *sh, double dt)
{
    replay *p = s->data;
    p->quiet += dt;
    view_update(p, sh, dt);
    if (p->review_step)
        p->review_step(p->review_data, sh, p->at);
    /* laid out after the view: the bar is the screen's focus set (the one scripts aim at) */
    replay_bar_layout(&p->bar, sh, p->hidden, p->review != NULL);
    ui_nav_update(&p->bar.nav, dt, 0);
}

static void replay_draw(scene *s, shell *sh, render *r, float alpha)
{
    replay *p = s->data;
    replay_bar_view v;
    char who[64];
    view_frame f;
    ui_draw_table(r, shell_vw(sh)); /* the felt along the bottom, under the bar */
    f = frame_in(p, sh, r);
    if (p->table)
        p->table->draw(p->table, sh, r, alpha);
    else
        p->rt_ops->draw(p->rt, sh, r, alpha);
    frame_out(sh, r, f);
    if (p->review && p->bar.review.w > 0) {
        ui_draw_panel(r, p->bar.review);
        p->review(p->review_data, sh, r, p->bar.review, p->at, p->len);
    }
    bar_view(p, &v, who, sizeof who);
    replay_bar_draw(&p->bar, sh, r, &v, alpha);
}

/* A replay at rest draws nothing: paused, the move shown landed, the exact
 * MAXSTAX match caught up, the focus ring still, and a few quiet seconds
 * gone (a banner, a pulse); the table's own timers wake it when due. */
static double replay_wake(scene *s, shell *sh)
{
    replay *p = s->data;
    double w;
    if (p->playing || p->quiet < QUIET_S)
        return 0;
    if (p->rt)
        return p->rt_ops->replay_exact && !p->rt_ops->replay_exact(p->rt) ? 0 : ui_nav_wake(&p->bar.nav);
    w = p->table->wake ? p->table->wake(p->table, sh) : 0;
    return fmin(w, ui_nav_wake(&p->bar.nav));
}

static void replay_enter(scene *s, shell *sh)
{
    replay *p = s->data;
    view_frame f = frame_in(p, sh, NULL);
    if (p->table)
        p->table->enter(p->table, sh);
    frame_out(sh, NULL, f);
    replay_bar_layout(&p->bar, sh, p->hidden, p->review != NULL);
}

static void replay_leave(scene *s, shell *sh)
{
    replay *p = s->data;
    if (p->table)
        p->table->leave(p->table, sh);
    if (p->rt)
        p->rt_ops->destroy(p->rt);
    if (p->review_free)
        p->review_free(p->review_data);
    free(p);
}

/* The match as it was set up: its seats (a person, or a computer at its
 * level) under the names its file gives them, and its options. */
static int setup_of(const match_info *mi, const game_info *g, match_setup *m, char *err, size_t errn)
{
    match_setup_init(m, g);
    if (match_setup_set_players(m, mi->params.players) != 0) {
        snprintf(err, errn, "%s is not played by %d", g->name, mi->params.players);
        return -1;
    }
    for (int s = 0; s < mi->params.players; s++) {
        match_setup_set_seat(m, s, mi->seat[s].level > 0 ? SEAT_COMPUTER : SEAT_HUMAN);
        if (mi->seat[s].level > 0)
            m->level[s] = mi->seat[s].level > AI_HARD ? AI_HARD : (ai_level)mi->seat[s].level;
        utf8_copy(m->name[s], sizeof m->name[s], mi->seat[s].name);
    }
    m->names_kept = 1; /* the file's names, a computer's too ("Easy computer"), not the table's defaults */
    m->params = mi->params;
    return 0;
}

/* Turn-based: the record read, its redo tail left out, and a replay table at its start. */
static int open_turns(replay *p, const match_setup *m, const char *body, char *err, size_t errn)
{
    game_record rec;
    memset(&rec, 0, sizeof rec);
    if (record_read(&rec, body, err, errn) != 0)
        return -1;
    if (strcmp(rec.game, p->mi.mode) != 0) {
        snprintf(err, errn, "the record holds a %s game, not %s", rec.game, p->mi.mode);
        record_free(&rec);
        return -1;
    }
    p->len = rec.cursor;
    rec.n_moves = rec.cursor; /* the game as played: no undone moves */
    rec.cursor = 0;
    if (!(p->table = table_create_replay(p->mode->turns, m, &rec))) {
        snprintf(err, errn, "the record does not replay");
        return -1;
    }
    p->hidden = p->mode->turns->hides ? p->mode->turns->hides(m) : p->mode->turns->curtain;
    /* Every hand only once the match was over; till then what everyone saw. */
    p->watch = p->hidden && p->mi.status == MATCH_FINISHED ? TABLE_WATCH_MOVER : TABLE_WATCH_PUBLIC;
    return 0;
}

scene *replay_scene_create(shell *sh, const match_info *mi, const char *body, char *err, size_t errn)
{
    const game_info *g = registry_find(mi->mode);
    const table_mode *mode = modes_find(mi->mode);
    match_setup m;
    replay *p;
    if (!g || !mode || !modes_playable(g)) {
        snprintf(err, errn, "no mode called '%s'", mi->mode);
        return NULL;
    }
    if (setup_of(mi, g, &m, err, errn) != 0)
        return NULL;
    if (!(p = calloc(1, sizeof *p)))
        abort();
    p->mi = *mi;
    p->mode = mode;
    p->speed = 1;
    if (mode->turns ? open_turns(p, &m, body, err, errn) != 0
                    : !mode->realtime->replay_open ||
                          !(p->rt = mode->realtime->replay_open(sh, &m, body, err, errn))) {
        if (mode->realtime && !mode->realtime->replay_open)
            snprintf(err, errn, "%s has no replay", g->name);
        free(p);
        return NULL;
    }
    if (p->rt) {
        p->rt_ops = mode->realtime;
        p->len = p->rt_ops->replay_length(p->rt, &p->at);
        p->watch = TABLE_WATCH_PUBLIC;
    } else {
        table_replay_watch(p->table->data, sh, p->watch);
    }
    p->traced_at = -1;
    replay_bar_init(&p->bar);
    trace_line("replay open %s %s %ld", mi->mode, p->rt ? "ticks" : "moves", p->len);
    trace_at(p);
    p->base = (scene){"replay", 0, replay_enter, replay_leave, replay_input, replay_update, replay_draw, p, replay_wake,
                      p->rt ? MUSIC_MAXSTAX : MUSIC_TABLE};
    if (p->table) /* the history's replays attach it again with the match's id, to keep it */
        replay_review_attach(&p->base, sh, body, 0);
    return &p->base;
}

void replay_scene_set_review(scene *s, replay_review_fn fn, void *data, void (*free_fn)(void *))
{
    replay *p = s->data;
    if (p->review_free)
        p->review_free(p->review_data);
    p->review = fn;
    p->review_data = data;
    p->review_free = free_fn;
    p->review_label = NULL; /* the control belonged to the data just freed */
    p->review_press = NULL;
    p->review_step = NULL;
}

/* The whole file at path, malloc'd; NULL with the reason in err. */
static char *read_file(const char *path, char *err, size_t errn)
{
    FILE *f = path ? fopen(path, "rb") : NULL;
    char *text = NULL;
    long n;
    if (!f) {
        snprintf(err, errn, "%s", path ? strerror(errno) : "no file named");
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || n > REPLAY_FILE_MAX || fseek(f, 0, SEEK_SET) != 0)
        snprintf(err, errn, "it is not a readable file of at most %d MB", REPLAY_FILE_MAX >> 20);
    else if (!(text = malloc((size_t)n + 1)) || fread(text, 1, (size_t)n, f) != (size_t)n) {
        snprintf(err, errn, "it cannot be read");
        free(text);
        text = NULL;
    } else {
        text[n] = 0;
    }
    fclose(f);
    return text;
}

scene *replay_scene_open_file(shell *sh, const char *path, char *err, size_t errn)
{
    match_info mi;
    char *text = read_file(path, err, errn), *body = NULL;
    scene *s = NULL;
    if (text && match_file_read(text, &mi, &body, err, errn) == 0)
        s = replay_scene_create(sh, &mi, body, err, errn);
    if (!s)
        log_error("--replay %s: %s", path ? path : "", err);
    free(text);
    free(body);
    return s;
}

int replay_scene_report(scene *s, score_report *rep)
{
    replay *p = s->data;
    if (p->table)
        return table_report(p->table->data, rep);
    memset(rep, 0, sizeof *rep);
    p->rt_ops->score(p->rt, rep);
    rep->game_id = p->mode->id;
    return p->rt_ops->over(p->rt) ? 0 : -1;
}

const void *replay_scene_position(const scene *s)
{
    const replay *p = s->data;
    return p->table ? table_state(p->table->data) : NULL;
}

void replay_scene_set_review_control(scene *s, const char *(*label)(void *data), void (*press)(void *data, shell *sh),
                                     void (*step)(void *data, shell *sh, long at))
{
    replay *p = s->data;
    p->review_label = label;
    p->review_press = press;
    p->review_step = step;
}

int replay_scene_note(const scene *s, char *buf, size_t n)
{
    const replay *p = s->data;
    if (!p->rt)
        return -1;
    p->rt_ops->note(p->rt, buf, n);
    return !p->rt_ops->replay_exact || p->rt_ops->replay_exact(p->rt);
}

table *replay_scene_table(scene *s)
{
    replay *p = s->data;
    return p->table ? p->table->data : NULL;
}

int replay_scene_eyes(const scene *s)
{
    const replay *p = s->data;
    return p->table && !table_hides_private(p->table->data) ? table_viewer_seat(p->table->data) : -1;
}
