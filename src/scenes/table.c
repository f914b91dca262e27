/* The game-table registry, save slots and the shared pause menu. */
#include "scenes/table.h"

#include <SDL.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "app/app.h"
#include "audio/audio.h"
#include "core/ai.h"
#include "core/log.h"
#include "games/maxstax/view/speedstax_view.h"
#include "games/nine/view/nine_view.h"
#include "games/stax/view/stax_view.h"
#include "ui/ui.h"

#define SAVE_HEADER "stackhouse-table 1"

typedef struct table_view {
    const char *game;
    table_view_fn create;
    table_resume_fn resume; /* a real-time game's own save; NULL: the save is a game record */
} table_view;

/* Every game with a table; a game is playable exactly when it is listed. */
static const table_view views[] = {{"stax", stax_view_create, NULL},
                                   {"9stax", nine_view_create, NULL},
                                   {"speedstax", speedstax_view_create, speedstax_view_resume}};

static const char *const level_keys[] = {"easy", "medium", "hard"};
static const char *const level_labels[] = {"Easy", "Medium", "Hard"};

static const table_view *view_entry(const char *game)
{
    for (size_t i = 0; game && i < sizeof views / sizeof views[0]; i++)
        if (strcmp(views[i].game, game) == 0)
            return &views[i];
    return NULL;
}

static table_view_fn view_for(const char *game)
{
    const table_view *t = view_entry(game);
    return t ? t->create : NULL;
}

int scenes_game_playable(const game_info *g)
{
    /* A real-time game has no game_rules: its view drives its own core. */
    return g && (g->rules || g->kind == GAME_KIND_REALTIME) && view_for(g->id) != NULL;
}

scene *table_scene_open(app *a, const match_setup *m, game_record *rec)
{
    table_view_fn fn = view_for(m->game ? m->game->id : NULL);
    if (!fn) {
        if (rec)
            record_free(rec);
        return NULL;
    }
    return fn(a, m, rec);
}

scene *table_scene_create(app *a, const match_setup *m)
{
    game_record rec;
    char err[256];
    /* The rules' own randomness and the computer's choices draw from this. */
    uint64_t seed = (uint64_t)SDL_GetPerformanceCounter() ^ ((uint64_t)time(NULL) << 20);
    if (m->game->kind == GAME_KIND_REALTIME) {
        /* No move record: the view takes the seed alone. */
        memset(&rec, 0, sizeof rec);
        rec.seed = seed;
        return view_for(m->game->id) ? table_scene_open(a, m, &rec) : NULL;
    }
    if (!view_for(m->game->id) || record_init(&rec, m->game->id, &m->params, seed, err, sizeof err))
        return NULL;
    return table_scene_open(a, m, &rec);
}

/* "human,medium": one word per seat. */
static void seats_write(const match_setup *m, char *buf, size_t n)
{
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < m->players && len < n; i++)
        len += (size_t)snprintf(buf + len, n - len, "%s%s", i ? "," : "",
                                m->seat[i] == SEAT_HUMAN ? "human" : level_keys[m->level[i] % 3]);
}

static int seats_read(match_setup *m, const char *text)
{
    int n = 0;
    const char *p = text;
    while (*p && n < GAME_MAX_PLAYERS) {
        size_t len = strcspn(p, ",");
        int found = 0;
        if (len == 5 && strncmp(p, "human", 5) == 0) {
            m->seat[n] = SEAT_HUMAN;
            found = 1;
        }
        for (int k = 0; k < 3 && !found; k++)
            if (len == strlen(level_keys[k]) && strncmp(p, level_keys[k], len) == 0) {
                m->seat[n] = SEAT_COMPUTER;
                m->level[n] = k;
                found = 1;
            }
        if (!found)
            return -1;
        n++;
        p += len;
        if (*p == ',')
            p++;
    }
    if (*p || n < m->game->min_players || n > m->game->max_players)
        return -1;
    m->players = n;
    return 0;
}

int table_match_default(match_setup *m, const game_info *g, const char *seats)
{
    memset(m, 0, sizeof *m);
    m->game = g;
    m->players = g->min_players;
    for (int i = 0; i < GAME_MAX_PLAYERS; i++) {
        m->seat[i] = i ? SEAT_COMPUTER : SEAT_HUMAN;
        m->level[i] = 1;
    }
    if (g->rules)
        game_params_default(g->rules, &m->params, m->players);
    if (seats && seats_read(m, seats) != 0)
        return -1;
    if (g->rules)
        game_params_default(g->rules, &m->params, m->players);
    return 0;
}

void table_seat_name(const match_setup *m, int seat, char *buf, size_t n)
{
    if (m->seat[seat] == SEAT_HUMAN)
        snprintf(buf, n, "Human");
    else
        snprintf(buf, n, "Computer (%s)", level_labels[m->level[seat] % 3]);
}

int table_save_text(app *a, const match_setup *m, const char *game_id, const char *body)
{
    char seats[128], *all;
    size_t n;
    int rc;
    if (!body || !a->db)
        return -1;
    seats_write(m, seats, sizeof seats);
    n = strlen(body) + sizeof seats + 64;
    all = malloc(n);
    if (!all)
        return -1;
    snprintf(all, n, "%s\nseats %s\n%s", SAVE_HEADER, seats, body);
    rc = store_save_put(a->db, game_id, game_id, all);
    free(all);
    return rc;
}

int table_save(app *a, const match_setup *m, const game_record *rec)
{
    char *text = record_write(rec);
    int rc = text ? table_save_text(a, m, rec->game, text) : -1;
    free(text);
    return rc;
}

void table_save_delete(app *a, const char *game_id)
{
    if (a->db)
        store_save_delete(a->db, game_id);
}

int table_has_save(app *a, const game_info *g)
{
    char game[RECORD_ID_LEN], *text = NULL;
    int rc = a->db && scenes_game_playable(g)
                 ? store_save_get(a->db, g->id, game, sizeof game, &text)
                 : 1;
    free(text);
    return rc == 0;
}

scene *table_scene_resume(app *a, const game_info *g, char *err, size_t errn)
{
    char game[RECORD_ID_LEN], *text = NULL;
    const char *p, *nl;
    char seats[128];
    match_setup m;
    game_record rec;
    int rc = a->db ? store_save_get(a->db, g->id, game, sizeof game, &text) : -1;

    if (rc != 0) {
        snprintf(err, errn, rc == 1 ? "there is no saved %s game" : "the saved game cannot be read",
                 g->name);
        return NULL;
    }
    memset(&rec, 0, sizeof rec);
    table_match_default(&m, g, NULL);
    p = text;
    nl = strchr(p, '\n');
    if (!nl || strncmp(p, SAVE_HEADER "\n", sizeof SAVE_HEADER) != 0 ||
        strncmp(nl + 1, "seats ", 6) != 0 || !(p = strchr(nl + 1, '\n')) ||
        (size_t)(p - (nl + 7)) >= sizeof seats) {
        snprintf(err, errn, "not a saved table");
        goto fail;
    }
    memcpy(seats, nl + 7, (size_t)(p - (nl + 7)));
    seats[p - (nl + 7)] = 0;
    if (seats_read(&m, seats) != 0) {
        snprintf(err, errn, "bad seats '%s'", seats);
        goto fail;
    }
    if (view_entry(g->id) && view_entry(g->id)->resume) {
        /* A real-time game keeps its own save: the view reads and checks it. */
        scene *t = view_entry(g->id)->resume(a, &m, p + 1, err, errn);
        free(text);
        return t;
    }
    if (record_read(&rec, p + 1, err, errn) != 0)
        goto fail;
    if (strcmp(rec.game, g->id) != 0) {
        snprintf(err, errn, "the save holds a %s game", rec.game);
        record_free(&rec);
        goto fail;
    }
    m.params = rec.params;
    m.players = rec.params.players;
    free(text);
    return table_scene_open(a, &m, &rec);
fail:
    free(text);
    return NULL;
}

void table_save_unfinished(app *a, const match_setup *m, const game_record *rec, int over,
                           const char *tag)
{
    if (over || rec->n_moves == 0)
        return;
    if (table_save(a, m, rec) == 0)
        app_trace(a, "%s saved", tag);
    else
        log_warn("%s table: the game could not be saved", rec->game);
}

void table_leave(app *a)
{
    /* Opened straight from --scene, there is no picker below to go back to. */
    if (a->scenes.n <= 1)
        app_scene_replace(a, picker_scene_create(a));
    else
        app_scene_pop(a);
}

void table_quit(app *a, const match_setup *m, game_record *rec, int over, const char *tag)
{
    table_save_unfinished(a, m, rec, over, tag);
    rec->n_moves = 0;
    table_leave(a);
}

/* ---------------------------------------------------------------- the computer */

struct table_ai {
    const game_rules *g;
    int level;
    uint64_t seed;
    game_move out;
    int rc;
    SDL_atomic_t done, refs;
    SDL_Thread *thread;
    max_align_t st[]; /* the position, g->state_size bytes */
};

static void ai_release(table_ai *j)
{
    if (SDL_AtomicAdd(&j->refs, -1) == 1)
        free(j);
}

static int ai_thread(void *p)
{
    table_ai *j = p;
    j->rc = ai_choose(j->g, j->st, (ai_level)(AI_EASY + j->level % 3), j->seed, &j->out);
    SDL_AtomicSet(&j->done, 1);
    ai_release(j);
    return 0;
}

table_ai *table_ai_start(const game_rules *g, const void *st, int level, uint64_t seed)
{
    table_ai *j = calloc(1, sizeof *j + g->state_size + sizeof(max_align_t));
    if (!j)
        return NULL;
    j->g = g;
    memcpy(j->st, st, g->state_size);
    j->level = level;
    j->seed = seed;
    SDL_AtomicSet(&j->refs, 2);
    j->thread = SDL_CreateThread(ai_thread, "table-ai", j);
    if (!j->thread)
        ai_thread(j);
    return j;
}

int table_ai_done(const table_ai *j) { return SDL_AtomicGet((SDL_atomic_t *)&j->done) != 0; }

int table_ai_take(table_ai *j, game_move *out)
{
    int rc;
    if (j->thread)
        SDL_WaitThread(j->thread, NULL);
    j->thread = NULL;
    rc = j->rc;
    *out = j->out;
    ai_release(j);
    return rc;
}

void table_ai_drop(table_ai *j, int wait)
{
    if (!j)
        return;
    if (j->thread) {
        if (wait)
            SDL_WaitThread(j->thread, NULL);
        else
            SDL_DetachThread(j->thread);
    }
    ai_release(j);
}

uint64_t table_ai_seed(const game_record *rec)
{
    return rec->seed ^ ((uint64_t)(rec->cursor + 1) * 0x9e3779b97f4a7c15ULL);
}

int table_record_take(game_record *dst, game_record *rec, const char *id, void *st)
{
    char err[200];
    if (strcmp(rec->game, id) != 0) {
        log_error("%s table: the record holds a %s game", id, rec->game);
        record_free(rec);
        return -1;
    }
    *dst = *rec;
    memset(rec, 0, sizeof *rec);
    if (record_replay(dst, dst->cursor, st, err, sizeof err) != 0) {
        log_error("%s table: %s", id, err);
        record_free(dst);
        return -1;
    }
    return 0;
}

/* ---------------------------------------------------------------- pause menu */

enum { MENU_RESUME, MENU_UNDO, MENU_REDO, MENU_RULES, MENU_QUIT, MENU_N };

static const char *const menu_labels[MENU_N] = {"Resume", "Undo", "Redo", "Rules",
                                                "Save & quit"};
static const char *const menu_names[MENU_N] = {"resume", "undo", "redo", "rules", "quit"};
static const table_menu_choice menu_choices[MENU_N] = {
    TABLE_MENU_RESUME, TABLE_MENU_UNDO, TABLE_MENU_REDO, TABLE_MENU_RULES, TABLE_MENU_QUIT};

typedef struct table_menu {
    scene base;
    ui_nav nav;
    table_menu_choice *choice;
    int enabled[MENU_N];
    rrect panel;
} table_menu;

static void menu_layout(table_menu *p, app *a)
{
    p->panel = (rrect){(a->vw - 520) / 2, 250, 520, 120 + 96.0f * MENU_N};
    ui_nav_begin(&p->nav);
    for (int i = 0; i < MENU_N; i++)
        ui_nav_add(&p->nav, i, (rrect){p->panel.x + 60, p->panel.y + 110 + 96.0f * (float)i, 400, 76},
                   p->enabled[i], menu_names[i]);
    ui_nav_end(&p->nav, a);
}

static void menu_close(table_menu *p, app *a, table_menu_choice c)
{
    *p->choice = c;
    audio_play(SFX_CLICK);
    app_scene_pop(a);
}

static void menu_input(scene *s, app *a, const action_event *ev)
{
    table_menu *p = s->data;
    int id;
    if (ev->act == ACT_BACK || ev->act == ACT_MENU) {
        menu_close(p, a, TABLE_MENU_RESUME);
        return;
    }
    id = ui_nav_event(&p->nav, a, ev);
    if (id < 0)
        return;
    if (!p->enabled[id]) {
        audio_play(SFX_ERROR);
        return;
    }
    menu_close(p, a, menu_choices[id]);
}

static void menu_update(scene *s, app *a, double dt)
{
    table_menu *p = s->data;
    menu_layout(p, a);
    ui_nav_update(&p->nav, dt, a->settings.v[SETTING_reduced_motion]);
}

static void menu_draw(scene *s, app *a, render *r, float alpha)
{
    table_menu *p = s->data;
    render_rect(r, (rrect){0, 0, a->vw, RENDER_VIRTUAL_H}, (rcolor){20, 12, 4, 150});
    ui_draw_panel(r, p->panel);
    ui_text_center(r, FONT_SERIF_BOLD, UI_HEAD, (rrect){p->panel.x, p->panel.y + 30, p->panel.w, 50},
                   UI_INK, "Paused");
    for (int i = 0; i < MENU_N; i++)
        ui_draw_button(r, ui_nav_item(&p->nav, i)->r, menu_labels[i], p->nav.focus == i,
                       p->enabled[i], i == MENU_RESUME);
    ui_nav_draw(&p->nav, r, alpha, ui_focus_visible(a));
    ui_draw_hints(r, a, "Choose", "Resume", NULL);
}

static void menu_leave(scene *s, app *a)
{
    (void)a;
    free(s->data);
}

static void menu_enter(scene *s, app *a) { menu_layout(s->data, a); }

scene *table_menu_create(app *a, table_menu_choice *choice, int can_undo, int can_redo)
{
    table_menu *p = calloc(1, sizeof *p);
    (void)a;
    if (!p)
        abort();
    p->choice = choice;
    *choice = TABLE_MENU_NONE;
    for (int i = 0; i < MENU_N; i++)
        p->enabled[i] = 1;
    p->enabled[MENU_UNDO] = can_undo;
    p->enabled[MENU_REDO] = can_redo;
    ui_nav_init(&p->nav, "menu");
    p->base = (scene){"menu", 1, menu_enter, menu_leave, menu_input, menu_update, menu_draw, p};
    return &p->base;
}
