#include "ui/ui.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "app/input.h"
#include "audio/audio.h"
#include "core/utf8.h"
#include "shell/shell.h"
#include "shell/trace.h"

#define AUDIT_MAX 256
#define AUDIT_DIMS 8
static int audit_on, audit_n, audit_ndims;
static rrect audit_boxes[AUDIT_MAX], audit_dims[AUDIT_DIMS];

void ui_audit_enable(int on) { audit_on = on; }
void ui_audit_reset(void) { audit_n = audit_ndims = 0; }
int ui_audit_count(void) { return audit_n; }
rrect ui_audit_get(int i) { return audit_boxes[i]; }
int ui_audit_dim_count(void) { return audit_ndims; }
rrect ui_audit_dim_get(int i) { return audit_dims[i]; }

void ui_audit_box(rrect r)
{
    if (audit_on && audit_n < AUDIT_MAX)
        audit_boxes[audit_n++] = r;
}

void ui_nav_init(ui_nav *nav, const char *scene_name)
{
    memset(nav, 0, sizeof *nav);
    nav->scene = scene_name;
    nav->focus = -1;
    nav->hover = -1;
    nav->pressed = -1;
}

void ui_nav_begin(ui_nav *nav) { nav->n = 0; }

void ui_nav_add(ui_nav *nav, int id, rrect r, int enabled, const char *name)
{
    if (nav->n >= UI_MAX_ITEMS)
        return;
    nav->items[nav->n++] = (ui_item){id, r, enabled, name, 0};
}

int ui_nav_focus_adjusts(const ui_nav *nav)
{
    const ui_item *it = ui_nav_item(nav, nav->focus);
    return it && it->adjusts;
}

void ui_nav_adjusts(ui_nav *nav, int id)
{
    for (int i = 0; i < nav->n; i++)
        if (nav->items[i].id == id)
            nav->items[i].adjusts = 1;
}

const ui_item *ui_nav_item(const ui_nav *nav, int id)
{
    for (int i = 0; i < nav->n; i++)
        if (nav->items[i].id == id)
            return &nav->items[i];
    return NULL;
}

void ui_nav_focus(ui_nav *nav, shell *sh, int id)
{
    (void)sh;
    const ui_item *it = ui_nav_item(nav, id);
    if (!it || id == nav->focus)
        return;
    nav->focus = id;
    trace_line("focus %s %s", nav->scene, it->name);
}

/* A copy of the set laid out last, names and all (the set itself may be
 * freed with its screen before a script asks). */
static ui_nav last;
static char last_names[UI_MAX_ITEMS][32];

static int publishing; /* only while an input script runs: nothing per frame otherwise */

void ui_nav_publish(int on) { publishing = on; }

static void publish(const ui_nav *nav)
{
    if (!publishing)
        return;
    last = *nav;
    for (int i = 0; i < nav->n; i++) {
        snprintf(last_names[i], sizeof last_names[i], "%s", nav->items[i].name ? nav->items[i].name : "");
        last.items[i].name = last_names[i];
    }
}

static int last_index(const char *name)
{
    for (int i = 0; i < last.n; i++)
        if (strcmp(last_names[i], name) == 0)
            return i;
    return -1;
}

int ui_nav_find_last(const char *name, rrect *where, int *focused)
{
    int i = last_index(name);
    if (i < 0)
        return -1;
    *where = last.items[i].r;
    *focused = last.items[i].id == last.focus;
    return 0;
}

void ui_nav_end(ui_nav *nav, shell *sh)
{
    const ui_item *it = ui_nav_item(nav, nav->focus);
    if (!it && nav->n > 0) {
        ui_nav_focus(nav, sh, nav->items[0].id);
        it = ui_nav_item(nav, nav->focus);
    }
    publish(nav);
    if (!it)
        return;
    nav->ring_target = it->r;
    if (!nav->ring_valid) {
        nav->ring = nav->ring_prev = it->r;
        nav->ring_valid = 1;
    }
}

int ui_rect_contains(rrect r, float x, float y)
{
    return x >= r.x && y >= r.y && x < r.x + r.w && y < r.y + r.h;
}

static int item_at(const ui_nav *nav, float x, float y)
{
    for (int i = nav->n - 1; i >= 0; i--)
        if (ui_rect_contains(nav->items[i].r, x, y))
            return nav->items[i].id;
    return -1;
}

/* Spatial navigation: the nearest item whose centre lies in the direction,
 * weighting sideways offset double so rows and columns feel natural. */
static int nearest_in_direction(const ui_nav *nav, action dir)
{
    const ui_item *cur = ui_nav_item(nav, nav->focus);
    float cx, cy, best = 1e30f;
    int best_id = -1;
    if (!cur)
        return nav->n ? nav->items[0].id : -1;
    cx = cur->r.x + cur->r.w / 2;
    cy = cur->r.y + cur->r.h / 2;
    for (int i = 0; i < nav->n; i++) {
        const ui_item *it = &nav->items[i];
        float ix = it->r.x + it->r.w / 2, iy = it->r.y + it->r.h / 2;
        float dx = ix - cx, dy = iy - cy, along, side, score;
        if (it->id == cur->id)
            continue;
        switch (dir) {
        case ACT_UP: along = -dy; side = fabsf(dx); break;
        case ACT_DOWN: along = dy; side = fabsf(dx); break;
        case ACT_LEFT: along = -dx; side = fabsf(dy); break;
        default: along = dx; side = fabsf(dy); break;
        }
        if (along <= 1.0f)
            continue;
        score = along + 2.0f * side;
        if (score < best) {
            best = score;
            best_id = it->id;
        }
    }
    return best_id;
}

int ui_nav_route_last(const char *name)
{
    static const action dirs[4] = {ACT_UP, ACT_DOWN, ACT_LEFT, ACT_RIGHT};
    int to = last_index(name), from = -1, first[UI_MAX_ITEMS], queue[UI_MAX_ITEMS], head = 0, tail = 0;
    ui_nav probe = last;
    for (int i = 0; i < last.n; i++) {
        first[i] = -2; /* not reached */
        if (last.items[i].id == last.focus)
            from = i;
    }
    if (to < 0 || from < 0)
        return -1;
    if (from == to)
        return ACT_NONE;
    first[from] = -1;
    queue[tail++] = from;
    while (head < tail) {
        int at = queue[head++];
        for (int d = 0; d < (last.items[at].adjusts ? 2 : 4); d++) {
            int id, j;
            probe.focus = last.items[at].id;
            id = nearest_in_direction(&probe, dirs[d]);
            for (j = 0; j < last.n && last.items[j].id != id; j++) {
            }
            if (j >= last.n || first[j] != -2)
                continue;
            first[j] = first[at] == -1 ? (int)dirs[d] : first[at];
            if (j == to)
                return first[j];
            queue[tail++] = j;
        }
    }
    return -1;
}

int ui_nav_event(ui_nav *nav, shell *sh, const action_event *ev)
{
    int id;
    switch (ev->act) {
    case ACT_LEFT: case ACT_RIGHT:
        if (ui_nav_focus_adjusts(nav))
            return -1; /* the screen changes the value */
        /* fall through */
    case ACT_UP: case ACT_DOWN:
        id = nearest_in_direction(nav, ev->act);
        if (id >= 0)
            ui_nav_focus(nav, sh, id);
        return -1;
    case ACT_ACCEPT: {
        const ui_item *it = ui_nav_item(nav, nav->focus);
        return it ? it->id : -1;
    }
    case ACT_POINTER_MOVE:
        nav->hover = item_at(nav, ev->x, ev->y);
        if (nav->hover >= 0)
            ui_nav_focus(nav, sh, nav->hover);
        return -1;
    case ACT_POINTER_DOWN:
        if (ev->button != INPUT_BUTTON_LEFT)
            return -1;
        nav->pressed = item_at(nav, ev->x, ev->y);
        if (nav->pressed >= 0)
            ui_nav_focus(nav, sh, nav->pressed);
        return -1;
    case ACT_POINTER_UP:
        /* A click is a press and release on the same item, like a real button. */
        id = item_at(nav, ev->x, ev->y);
        if (ev->button == INPUT_BUTTON_LEFT && id >= 0 && id == nav->pressed) {
            nav->pressed = -1;
            return id;
        }
        nav->pressed = -1;
        return -1;
    default:
        return -1;
    }
}

float ui_ease(float t)
{
    if (t <= 0)
        return 0;
    if (t >= 1)
        return 1;
    return t * t * (3 - 2 * t);
}

rrect ui_rect_lerp(rrect sh, rrect b, float t)
{
    return (rrect){sh.x + (b.x - sh.x) * t, sh.y + (b.y - sh.y) * t, sh.w + (b.w - sh.w) * t,
                   sh.h + (b.h - sh.h) * t};
}

void ui_nav_update(ui_nav *nav, double dt, int reduced_motion)
{
    float k;
    nav->ring_prev = nav->ring;
    if (reduced_motion) {
        nav->ring = nav->ring_target;
        return;
    }
    /* Critically damped-ish glide that is frame-rate independent. */
    k = 1.0f - expf(-(float)dt * 22.0f);
    nav->ring = ui_rect_lerp(nav->ring, nav->ring_target, k);
    /* within a hundredth of a unit it has arrived (and stops being redrawn) */
    if (fabsf(nav->ring.x - nav->ring_target.x) + fabsf(nav->ring.y - nav->ring_target.y) +
            fabsf(nav->ring.w - nav->ring_target.w) + fabsf(nav->ring.h - nav->ring_target.h) < 0.01f)
        nav->ring = nav->ring_target;
}

static int same_rect(rrect sh, rrect b) { return sh.x == b.x && sh.y == b.y && sh.w == b.w && sh.h == b.h; }

int ui_nav_resting(const ui_nav *nav)
{
    return !nav->ring_valid || (same_rect(nav->ring, nav->ring_target) && same_rect(nav->ring_prev, nav->ring));
}

double ui_nav_wake(const ui_nav *nav) { return ui_nav_resting(nav) ? SCENE_AT_REST : 0; }

void ui_nav_draw(const ui_nav *nav, render *r, float alpha, int visible)
{
    if (!visible || !nav->ring_valid || !ui_nav_item(nav, nav->focus))
        return;
    /* the one focus style of every screen and table (ui/marks.h): outside the item, over nothing of it */
    ui_draw_focus(r, ui_rect_lerp(nav->ring_prev, nav->ring, alpha), 16);
}

int ui_focus_visible(const shell *sh) { return shell_input(sh)->last_device != DEV_MOUSE; }

/* The vignette's shade at height y: what a soft black band along the top
 * (90/255) and one along the bottom (110/255), blurred 220 units, leave of
 * the wood under them (the shadow shader's erf edge, sigma half the blur). */
static float vignette_at(float y)
{
    const float sigma = 110.0f * 1.41421356f;
    float top = (90.0f / 255.0f) * 0.5f * (1.0f - erff((y - 40.0f) / sigma));
    float bottom = (110.0f / 255.0f) * 0.5f * (1.0f - erff((RENDER_VIRTUAL_H - 40.0f - y) / sigma));
    return (1.0f - top) * (1.0f - bottom);
}

static rcolor shade(float k)
{
    uint8_t v = (uint8_t)lrintf(255.0f * k);
    return (rcolor){v, v, v, 255};
}

/* Band edges: every 40 units where the vignette changes, the tiles' own
 * edges, and the flat middle in one band. */
static const float vignette_edges[] = {0,   40,  80,  120, 160, 200, 240, 280, 320, 360, 400,  540,
                                       680, 720, 760, 800, 840, 880, 920, 960, 1000, 1040, 1080};
#define VIGNETTE_EDGES (sizeof vignette_edges / sizeof vignette_edges[0])

/* One band of the table, [y0, y1), less the holes [hx0, hx1) (sorted by start;
 * they may overlap): each piece cut at the wood tile's edges, for its texels. */
static void table_band(render *r, sprite_id wood, float vw, float y0, float y1, rcolor top, rcolor bottom,
                       const float (*holes)[2], int nholes)
{
    const float tile = 540.0f, row = floorf(y0 / tile) * tile, v0 = (y0 - row) / tile, v1 = (y1 - row) / tile;
    float x = 0;

    for (int h = 0; h <= nholes; h++) {
        float end = h < nholes ? holes[h][0] : vw;
        while (x < end) {
            float tx = floorf(x / tile) * tile, xb = fminf(end, tx + tile);
            if (xb <= x)
                break; /* rounding: never loop without progress */
            render_sprite_shaded(r, wood, (rrect){x, y0, xb - x, y1 - y0}, (x - tx) / tile, v0,
                                 (xb - tx) / tile, v1, top, bottom);
            x = xb;
        }
        if (h < nholes)
            x = fmaxf(x, holes[h][1]);
    }
}

void ui_draw_table_behind(render *r, float vw, const rrect *covers, int ncovers, float cover_radius)
{
    static rcolor shades[VIGNETTE_EDGES]; /* the shade at each edge: fixed, so worked out once */
    static int have_shades;
    sprite_id wood = render_sprite_find(r, "ui/table");
    /* A pixel in from a cover's sides: an antialiased edge shows the wood. */
    float px = 1.0f / render_scale(r) + 0.01f;
    if (!have_shades) {
        for (size_t i = 0; i < VIGNETTE_EDGES; i++)
            shades[i] = shade(vignette_at(vignette_edges[i]));
        have_shades = 1;
    }
    /* The wood is opaque and tiles the whole screen, and a soft vignette draws
     * the eye to the middle of the table. The vignette is the wood's own
     * vertical tint, band by band (a piecewise-linear erf): drawn as shadow
     * layers over the wood it cost a sixth of a 1080p frame on a software
     * rasteriser, for the same picture. Where a band runs behind the straight
     * sides of an opaque cover (a picker tile), that part is left out: on a
     * software rasteriser every hidden pixel costs as much as one shown. */
    for (size_t i = 0; i + 1 < VIGNETTE_EDGES; i++) {
        float y0 = vignette_edges[i], y1 = vignette_edges[i + 1], holes[UI_TABLE_COVERS][2];
        int n = 0;
        for (int c = 0; c < ncovers && c < UI_TABLE_COVERS; c++) {
            rrect cv = covers[c];
            float hx0 = cv.x + px, hx1 = cv.x + cv.w - px;
            int k;
            if (y0 < cv.y + cover_radius || y1 > cv.y + cv.h - cover_radius || hx1 <= hx0)
                continue;
            for (k = n; k > 0 && holes[k - 1][0] > hx0; k--) { /* sorted by start */
                holes[k][0] = holes[k - 1][0];
                holes[k][1] = holes[k - 1][1];
            }
            holes[k][0] = hx0;
            holes[k][1] = hx1;
            n++;
        }
        table_band(r, wood, vw, y0, y1, shades[i], shades[i + 1], (const float (*)[2])holes, n);
    }
}

void ui_draw_table(render *r, float vw) { ui_draw_table_behind(r, vw, NULL, 0, 0); }

void ui_draw_panel(render *r, rrect p)
{
    sprite_id panel = render_sprite_find(r, "ui/panel");
    ui_audit_box(p);
    /* ui/panel.svg is opaque inside its outer frame: 2 units in, corners of 20. */
    render_shadow_behind(r, (rrect){p.x + 4, p.y + 10, p.w, p.h}, 26, 28, UI_SHADOW,
                         (rrect){p.x + 2, p.y + 2, p.w - 4, p.h - 4}, 20);
    render_nine(r, panel, p, UI_WHITE);
}

void ui_draw_list_fade(render *r, rrect box, float radius, rcolor bg, int edges)
{
    /* Strips of rising opacity: the renderer has no gradients, and at 1080
     * units a 56-unit band in 14 steps reads as smooth. The last radius is
     * a rounded cap, so the fade keeps the list's corners. */
    enum { STEPS = 14 };
    float band = box.h / 4 < 56 ? box.h / 4 : 56, step = (band - radius) / STEPS;
    for (int e = 0; e < 2; e++) {
        int top = e == 0;
        if (!(edges & (top ? UI_FADE_TOP : UI_FADE_BOTTOM)))
            continue;
        for (int k = 0; k < STEPS; k++) {
            rcolor c = bg;
            float y = top ? box.y + radius + step * (float)(STEPS - 1 - k) : box.y + box.h - band + step * (float)k;
            c.a = (uint8_t)((float)bg.a * (float)(k + 1) / (float)(STEPS + 1));
            render_rect(r, (rrect){box.x, y, box.w, step + 0.5f}, c);
        }
        render_round_rect(r, (rrect){box.x, top ? box.y : box.y + box.h - 2 * radius, box.w, 2 * radius}, radius, bg);
    }
}

void ui_text_center(render *r, font_face f, float size, rrect box, rcolor c, const char *s)
{
    float w = render_text_width(r, f, size, s);
    float h = render_line_height(r, f, size);
    render_text(r, f, size, box.x + (box.w - w) / 2, box.y + (box.h - h) / 2, c, s);
}

float ui_text_fit_size(render *r, font_face f, float size, float min_size, float w, const char *s)
{
    float tw;
    if (min_size < UI_MIN)
        min_size = UI_MIN;
    if (size <= min_size)
        return size;
    tw = render_text_width(r, f, size, s);
    if (tw <= w)
        return size;
    /* Width scales with size: one step lands close, the loop trims rounding. */
    size = fmaxf(min_size, floorf(size * w / tw));
    while (size > min_size && render_text_width(r, f, size, s) > w)
        size -= 1.0f;
    return size;
}

float ui_text_fit(render *r, font_face f, float size, float min_size, rrect box, text_align align,
                  rcolor c, const char *s)
{
    float k = ui_text_fit_size(r, f, size, min_size, box.w, s), w = render_text_width(r, f, k, s);
    float h = render_line_height(r, f, k), x = box.x;
    if (w > box.w) {
        render_text_wrapped(r, f, k, box.x, box.y, box.w, align, c, s, 1);
        return k;
    }
    if (align == TEXT_CENTER)
        x += (box.w - w) / 2;
    else if (align == TEXT_RIGHT)
        x += box.w - w;
    render_text(r, f, k, x, box.y + (box.h - h) / 2, c, s);
    return k;
}

char *ui_text_cut(render *r, font_face f, float size, const char *s, float w, char *out, size_t n)
{
    static const char ell[] = "\xe2\x80\xa6";
    size_t keep;
    if (n < sizeof ell)
        return utf8_copy(out, n, "");
    if (render_text_width(r, f, size, s) <= w)
        return utf8_copy(out, n, s);
    keep = render_text_fit(r, f, size, s, strlen(s), w - render_text_width(r, f, size, ell));
    if (keep > n - sizeof ell)
        keep = n - sizeof ell;
    for (keep = utf8_fit_bytes(s, keep);; keep = utf8_fit_bytes(s, keep - 1)) {
        size_t k = keep;
        while (k > 0 && s[k - 1] == ' ')
            k--;
        memcpy(out, s, k);
        memcpy(out + k, ell, sizeof ell);
        /* render_text_fit gives one character even where none fits */
        if (keep == 0 || render_text_width(r, f, size, out) <= w)
            return out;
    }
}

float ui_text_fit_line(render *r, font_face f, float size, float min_size, rrect box, text_align align,
                       rcolor c, const char *s)
{
    char cut[256];
    float k = ui_text_fit_size(r, f, size, min_size, box.w, s);
    return ui_text_fit(r, f, k, k, box, align, c, ui_text_cut(r, f, k, s, box.w, cut, sizeof cut));
}

float ui_layout_buttons(rrect area, int n, float min_w, float max_w, float h, float gap, rrect *out)
{
    int per = n, rows;
    float y = area.y;
    if (n <= 0)
        return 0;
    while (per > 1 && ((area.w - gap * (float)(per - 1)) / (float)per) < min_w)
        per--;
    rows = (n + per - 1) / per;
    for (int row = 0, i = 0; row < rows; row++) {
        int in_row = n - i < per ? n - i : per;
        float w = fminf(max_w, (area.w - gap * (float)(per - 1)) / (float)per);
        float x = area.x + (area.w - (w * (float)in_row + gap * (float)(in_row - 1))) / 2;
        for (int k = 0; k < in_row; k++, i++)
            out[i] = (rrect){x + (w + gap) * (float)k, y, w, h};
        y += h + gap;
    }
    return y - gap - area.y;
}

void ui_draw_dim(render *r, float vw, int alpha)
{
    rrect all = {0, 0, vw, RENDER_VIRTUAL_H};
    render_rect(r, all, (rcolor){20, 10, 0, (uint8_t)alpha});
    if (audit_on && audit_ndims < AUDIT_DIMS)
        audit_dims[audit_ndims++] = all;
}

void ui_draw_button(render *r, rrect b, const char *label, int focused, int enabled, int primary)
{
    rcolor fill = primary ? UI_ACCENT : UI_PAPER, ink = primary ? UI_WHITE : UI_INK;
    if (!enabled) {
        fill = (rcolor){205, 196, 180, 255};
        ink = UI_DISABLED;
    } else if (focused) {
        /* a focused primary deepens, as if pressed in: white on it stays readable (6.5:1) */
        fill = primary ? UI_ACCENT_INK : (rcolor){255, 246, 226, 255};
    }
    ui_audit_box(b);
    render_shadow(r, (rrect){b.x, b.y + 5, b.w, b.h}, b.h / 2, 10, (rcolor){30, 15, 0, 90});
    render_round_rect(r, b, b.h / 2, fill);
    /* A narrow button (a 4:3 screen) shrinks its label rather than spill it. */
    ui_text_center(r, FONT_SANS_BOLD,
                   ui_text_fit_size(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, b.w - fminf(b.h, 40.0f), label),
                   b, ink, label);
}

int ui_draw_sprite_fit(render *r, const char *name, rrect box, rcolor tint)
{
    sprite_id s = render_sprite_find(r, name);
    float w, h, k;
    render_sprite_size(r, s, &w, &h);
    if (w <= 0 || h <= 0)
        return -1;
    k = fminf(box.w / w, box.h / h);
    render_sprite(r, s, (rrect){box.x + (box.w - w * k) / 2, box.y + (box.h - h * k) / 2, w * k, h * k},
                  tint);
    return 0;
}

void ui_draw_title(render *r, float vw, const char *title, const char *subtitle)
{
    float tw = render_text_width(r, FONT_SERIF_BOLD, UI_TITLE, title);
    float x = (vw - tw) / 2 + 44;
    ui_draw_sprite_fit(r, "ui/logo", (rrect){x - 110, 34, 92, 92}, UI_WHITE);
    render_text(r, FONT_SERIF_BOLD, UI_TITLE, x + 3, 45, (rcolor){0, 0, 0, 110}, title);
    render_text(r, FONT_SERIF_BOLD, UI_TITLE, x, 40, UI_CREAM, title);
    if (subtitle && *subtitle) {
        float sw = render_text_width(r, FONT_SANS, UI_BODY, subtitle);
        render_text(r, FONT_SANS, UI_BODY, (vw - sw) / 2, 132, (rcolor){240, 220, 190, 255}, subtitle);
    }
}


int ui_nav_choice(ui_nav *nav, shell *sh, const action_event *ev)
{
    int id = ui_nav_event(nav, sh, ev);
    const ui_item *it = id >= 0 ? ui_nav_item(nav, id) : NULL;
    if (id >= 0 && !(it && it->enabled)) {
        audio_play(SFX_ERROR);
        return -1;
    }
    return id;
}
