/* The game picker: one tile per mode with its picture, players and pitch. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shell/settings.h"
#include "shell/shell.h"
#include "audio/audio.h"
#include "scenes/scenes.h"
#include "table/modes.h"
#include "ui/hints.h"
#include "ui/ui.h"
#include "shell/toast.h"

enum { ID_SETTINGS = 100, ID_RULES, ID_QUIT, ID_HISTORY };

/* A game's picture, in virtual units: its SVG's own size (viewBox 480x300).
 * The pictures are drawn at most at this size, which is what the widest tile
 * shows: the atlas rasterises them for it and no bigger. */
#define PICTURE_W 288.0f
#define PICTURE_H 180.0f

typedef struct picker {
    scene base;
    ui_nav nav;
    rrect tiles[16];
    int n;
    double back_armed; /* seconds left in which a second Back quits */
    double shake[16];  /* refusal wiggle per tile */
} picker;

static void layout(picker *p, shell *sh)
{
    float vw = shell_vw(sh), top = 190, bottom = 990;
    int n = registry_count(), cols = vw >= 1780 ? 4 : 3, rows = (n + cols - 1) / cols;
    float gap = 34, tw = (vw - 120 - gap * (float)(cols - 1)) / (float)cols;
    float th = (bottom - top - gap * (float)(rows - 1)) / (float)rows;
    if (tw > 410)
        tw = 410;
    if (th > 370)
        th = 370;
    p->n = n;
    ui_nav_begin(&p->nav);
    for (int i = 0; i < n; i++) {
        int row = i / cols, col = i % cols;
        int in_row = row == rows - 1 ? n - row * cols : cols;
        float row_w = (float)in_row * tw + (float)(in_row - 1) * gap;
        p->tiles[i] = (rrect){(vw - row_w) / 2 + (float)col * (tw + gap),
                              top + (float)row * (th + gap), tw, th};
        ui_nav_add(&p->nav, i, p->tiles[i], 1, registry_get(i)->id);
    }
    ui_nav_add(&p->nav, ID_QUIT, (rrect){40, 50, 150, 60}, 1, "quit");
    ui_nav_add(&p->nav, ID_HISTORY, (rrect){210, 50, 190, 60}, 1, "history"); /* beside Quit: clear of the title at 4:3 */
    ui_nav_add(&p->nav, ID_RULES, (rrect){vw - 420, 50, 170, 60}, 1, "rules");
    ui_nav_add(&p->nav, ID_SETTINGS, (rrect){vw - 230, 50, 190, 60}, 1, "settings");
    ui_nav_end(&p->nav, sh);
}

static void choose(picker *p, shell *sh, int id)
{
    if (id == ID_SETTINGS) {
        audio_play(SFX_CLICK);
        shell_push(sh, settings_scene_create(sh));
    } else if (id == ID_RULES) {
        const game_info *g = registry_get(p->nav.focus < p->n ? p->nav.focus : 0);
        audio_play(SFX_CLICK);
        shell_push(sh, p->nav.focus < p->n ? rules_scene_create_mode(sh, g) : rules_scene_create(sh, g ? g->rules_doc : NULL));
    } else if (id == ID_HISTORY) {
        audio_play(SFX_CLICK);
        shell_push(sh, history_scene_create(sh, NULL));
    } else if (id == ID_QUIT) {
        shell_quit(sh);
    } else if (id >= 0 && id < p->n) {
        const game_info *g = registry_get(id);
        if (modes_playable(g)) {
            audio_play(SFX_CLICK);
            shell_push(sh, setup_scene_create(sh, g));
        } else {
            audio_play(SFX_ERROR);
            p->shake[id] = 0.35;
            toast_show("%s is coming soon: its table has not landed yet.", g->name);
        }
    }
}

static void picker_input(scene *s, shell *sh, const action_event *ev)
{
    picker *p = s->data;
    int id;
    if (ev->act == ACT_BACK) {
        if (p->back_armed > 0) {
            shell_quit(sh);
        } else {
            char press[32];
            p->back_armed = 2.0;
            /* The button named as the device that pressed it calls it: "Press (B) again". */
            toast_show("%s again to quit Stackhouse.", ui_hint_press(ev->dev, ACT_BACK, press, sizeof press));
        }
        return;
    }
    if (ev->act == ACT_MENU) {
        choose(p, sh, ID_SETTINGS);
        return;
    }
    if (ev->act == ACT_ALT && p->nav.focus >= 0 && p->nav.focus < p->n) {
        audio_play(SFX_CLICK);
        shell_push(sh, rules_scene_create_mode(sh, registry_get(p->nav.focus)));
        return;
    }
    id = ui_nav_event(&p->nav, sh, ev);
    if (id >= 0)
        choose(p, sh, id);
}

/* At rest once the ring has arrived and no tile shakes; a second Back's
 * window closes by itself. */
static double picker_wake(scene *s, shell *sh)
{
    picker *p = s->data;
    (void)sh;
    for (int i = 0; i < p->n; i++)
        if (p->shake[i] > 0)
            return 0;
    if (!ui_nav_resting(&p->nav))
        return 0;
    return p->back_armed > 0 ? p->back_armed : SCENE_AT_REST;
}

static void picker_update(scene *s, shell *sh, double dt)
{
    picker *p = s->data;
    layout(p, sh);
    ui_nav_update(&p->nav, dt, shell_settings(sh)->v[SETTING_reduced_motion]);
    if (p->back_armed > 0)
        p->back_armed -= dt;
    for (int i = 0; i < p->n; i++)
        if (p->shake[i] > 0)
            p->shake[i] -= dt;
}

/* Height of a tile's text block (name, players, pitch wrapped at desc_k). */
static float tile_text_h(render *r, const game_info *g, float w, float desc_k)
{
    return render_line_height(r, FONT_SANS_BOLD, UI_BODY + 6) + render_line_height(r, FONT_SANS_BOLD, UI_SMALL) + 4 +
           render_text_wrapped(r, FONT_SANS, desc_k, 0, 0, w, TEXT_LEFT, UI_INK, g->pitch, 0);
}

/* The text is laid out first, at readable sizes, and the pictures take the
 * height that is left (the same in every tile): a short 4:3 tile keeps its
 * pitch inside it. Sets the pitch size and returns the text block's height. */
static float tiles_text_h(picker *p, render *r, float *desc_k)
{
    float w = p->tiles[0].w - 2 * 16 * p->tiles[0].w / 410.0f, th = p->tiles[0].h, h = 0;
    for (*desc_k = UI_SMALL;; *desc_k -= 1.0f) {
        h = 0;
        for (int i = 0; i < p->n; i++)
            h = fmaxf(h, tile_text_h(r, registry_get(i), w, *desc_k));
        if (*desc_k <= UI_MIN || th - 40 - h >= th * 0.36f)
            return h;
    }
}

/* Where tile i is drawn this frame: shaken when refused, raised when focused. */
static rrect tile_rect(const picker *p, const shell *sh, int i)
{
    rrect t = p->tiles[i];
    if (p->shake[i] > 0 && !shell_settings(sh)->v[SETTING_reduced_motion])
        t.x += 10.0f * sinf((float)p->shake[i] * 60.0f);
    if (p->nav.focus == i)
        t.y -= 6;
    return t;
}

static void draw_tile(picker *p, shell *sh, render *r, int i, float text_h, float desc_k)
{
    const game_info *g = registry_get(i);
    rrect t = tile_rect(p, sh, i);
    float k = t.w / 410.0f, pad = 16 * k, y, name_k;
    int playable = modes_playable(g), hot = p->nav.focus == i;
    char players[48], name[64];
    rrect pic;
    sprite_id art;

    /* The picture first: the tile's fill leaves out what it covers. */
    pic = (rrect){t.x + pad, t.y + pad, fminf(t.w - 2 * pad, PICTURE_W), 0};
    pic.h = pic.w * PICTURE_H / PICTURE_W;
    if (pic.h > fminf(t.h * 0.50f, t.h - 2 * pad - 8 - text_h)) /* keep the art's aspect: narrower */
        pic.h = fmaxf(fminf(t.h * 0.50f, t.h - 2 * pad - 8 - text_h), 40);
    pic.w = pic.h * PICTURE_W / PICTURE_H;
    pic.x = t.x + (t.w - pic.w) / 2;
    snprintf(name, sizeof name, "picker/%s", g->id);
    art = render_sprite_find(r, name);
    render_shadow_behind(r, (rrect){t.x + 4, t.y + (hot ? 18 : 10), t.w, t.h}, 24, hot ? 34 : 24, UI_SHADOW, t, 24);
    if (render_sprite_is_missing(r, art)) /* the stand-in may not cover its box */
        render_round_rect(r, t, 24, hot ? (rcolor){255, 248, 234, 255} : UI_CREAM);
    else /* every picture is opaque */
        render_round_rect_behind(r, t, 24, hot ? (rcolor){255, 248, 234, 255} : UI_CREAM, pic);
    ui_audit_box(t);
    if (g->min_players == g->max_players)
        snprintf(players, sizeof players, "%d players", g->min_players);
    else
        snprintf(players, sizeof players, "%d\xe2\x80\x93%d players", g->min_players, g->max_players);
    name_k = ui_text_fit_size(r, FONT_SANS_BOLD, fmaxf(34 * k, UI_BODY), UI_BODY, t.w - 2 * pad, g->name);
    ui_draw_sprite_fit(r, name, pic, playable ? UI_WHITE : (rcolor){235, 230, 222, 255});
    y = pic.y + pic.h + 8 * k;
    render_text(r, FONT_SANS_BOLD, name_k, t.x + pad, y, UI_INK, g->name);
    y += render_line_height(r, FONT_SANS_BOLD, name_k);
    ui_draw_sprite_fit(r, "icons/players", (rrect){t.x + pad, y + 1, 26, 26}, UI_TEAL);
    render_text(r, FONT_SANS_BOLD, UI_SMALL, t.x + pad + 34, y, UI_TEAL, players);
    y += render_line_height(r, FONT_SANS_BOLD, UI_SMALL) + 4;
    render_text_wrapped(r, FONT_SANS, desc_k, t.x + pad, y, t.w - 2 * pad, TEXT_LEFT, UI_INK_SOFT, g->pitch, 1);
    if (!playable) {
        const char *soon = "Coming soon";
        float sw = render_text_width(r, FONT_SANS_BOLD, UI_MIN, soon) + 52;
        rrect badge = {pic.x + pic.w - sw - 10 * k, pic.y + 10 * k, sw, 38};
        ui_audit_box(badge);
        render_round_rect(r, badge, 19, (rcolor){43, 33, 24, 215});
        ui_draw_sprite_fit(r, "icons/lock", (rrect){badge.x + 10, badge.y + 7, 24, 24}, UI_CREAM);
        render_text(r, FONT_SANS_BOLD, UI_MIN, badge.x + 40, badge.y + 7, UI_CREAM, soon);
    }
}

static void picker_draw(scene *s, shell *sh, render *r, float alpha)
{
    picker *p = s->data;
    {
        rrect covers[UI_TABLE_COVERS];
        int n = p->n < UI_TABLE_COVERS ? p->n : UI_TABLE_COVERS;
        for (int i = 0; i < n; i++)
            covers[i] = tile_rect(p, sh, i);
        ui_draw_table_behind(r, shell_vw(sh), covers, n, 24);
    }
    ui_draw_title(r, shell_vw(sh), "Stackhouse", "Choose a game");
    if (p->n > 0) {
        float desc_k, text_h = tiles_text_h(p, r, &desc_k);
        for (int i = 0; i < p->n; i++)
            draw_tile(p, sh, r, i, text_h, desc_k);
    }
    ui_draw_button(r, ui_nav_item(&p->nav, ID_QUIT)->r, "Quit", p->nav.focus == ID_QUIT, 1, 0);
    ui_draw_button(r, ui_nav_item(&p->nav, ID_HISTORY)->r, "History", p->nav.focus == ID_HISTORY, 1, 0);
    ui_draw_button(r, ui_nav_item(&p->nav, ID_RULES)->r, "Rules", p->nav.focus == ID_RULES, 1, 0);
    ui_draw_button(r, ui_nav_item(&p->nav, ID_SETTINGS)->r, "Settings", p->nav.focus == ID_SETTINGS,
                   1, 0);
    ui_nav_draw(&p->nav, r, alpha, ui_focus_visible(sh));
    ui_draw_hints(r, sh, "Choose", "Quit", "Rules");
}

static void picker_leave(scene *s, shell *sh)
{
    (void)sh;
    free(s->data);
}

static void picker_enter(scene *s, shell *sh) { layout(s->data, sh); }

scene *picker_scene_create(shell *sh)
{
    picker *p = calloc(1, sizeof *p);
    (void)sh;
    if (!p)
        abort();
    ui_nav_init(&p->nav, "picker");
    p->base = (scene){"picker", 0, picker_enter, picker_leave, picker_input, picker_update,
                      picker_draw, p, picker_wake, MUSIC_MENU};
    return &p->base;
}
