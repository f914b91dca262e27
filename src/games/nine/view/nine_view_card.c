/* How a 9 STAX card looks, wherever the table draws one: a printed card of
 * paper with a printed border and frame round its colour, a slight shadow,
 * the colour-blind shape, the number or the action's icon, the corner
 * index, and an action card's name printed on a paper strip at the card's
 * own size (where the card is drawn large enough to read it). */
#include "games/nine/view/nine_view_priv.h"

#define PAPER ((rcolor){251, 246, 234, 255})

/* The slight shadow of a card lying on the table. */
static void card_shadow(render *r, rrect c, uint8_t alpha)
{
    render_shadow(r, (rrect){c.x, c.y + c.h * 0.015f, c.w, c.h}, c.w * 0.09f, 4,
                  (rcolor){20, 10, 0, (uint8_t)(alpha * 0.4f)});
}

void nine_draw_back(render *r, rrect c, uint8_t alpha)
{
    sprite_id b = render_sprite_find(r, "nine/back");
    card_shadow(r, c, alpha);
    render_sprite(r, b, c, (rcolor){255, 255, 255, alpha});
}

/* How an action's name is printed on a card w wide: size, font and lines
 * (its two words one above the other when one line is too wide), largest
 * first from the card's own size down to UI_MIN. 0 lines: the card is too
 * small to print it readably (its icon and corner index name it). */
typedef struct card_name {
    float size;
    font_face font;
    int lines;
    char line[2][16];
} card_name;

static card_name name_fit(render *r, const char *nm, float w, float want)
{
    card_name n = {0};
    const char *sp = strchr(nm, ' ');
    snprintf(n.line[0], sizeof n.line[0], "%s", nm);
    for (float k = fmaxf(want, UI_MIN); k >= UI_MIN; k -= 1.0f)
        for (int f = 0; f < 2; f++) {
            font_face face = f ? FONT_SANS : FONT_SANS_BOLD;
            if (render_text_width(r, face, k, nm) <= w) {
                n.size = k;
                n.font = face;
                n.lines = 1;
                return n;
            }
            if (sp && render_text_width(r, face, k, sp + 1) <= w) {
                char first[16];
                snprintf(first, sizeof first, "%.*s", (int)(sp - nm), nm);
                if (render_text_width(r, face, k, first) <= w) {
                    n.size = k;
                    n.font = face;
                    n.lines = 2;
                    snprintf(n.line[0], sizeof n.line[0], "%s", first);
                    snprintf(n.line[1], sizeof n.line[1], "%s", sp + 1);
                    return n;
                }
            }
        }
    return n;
}

void nine_draw_face(render *r, rrect c, uint8_t code, uint8_t alpha)
{
    int col = nine_colour_of(code), f = nine_face_of(code), is_action = f > 9 && f < NINE_FACES;
    /* the proportions of the printed back (assets/nine/back.svg): a paper
     * border, the colour inside it, and a thin printed frame within */
    float rad = c.w * 0.09f, bw = c.w * 0.06f, strip = 0;
    rrect in = {c.x + bw, c.y + bw, c.w - 2 * bw, c.h - 2 * bw}, frame;
    rcolor base = colour_rgb[col > 4 ? 4 : col], white = {255, 255, 255, alpha}, paper = PAPER;
    card_name nm = {0};
    base.a = alpha;
    paper.a = alpha;
    if (is_action) {
        /* the name on a paper strip along the bottom, as wide as the card */
        nm = name_fit(r, face_names[f], c.w - 2 * bw, c.h * 0.15f);
        if (nm.lines)
            strip = render_line_height(r, nm.font, nm.size) * (float)nm.lines + bw;
        in.h -= strip;
    }
    card_shadow(r, c, alpha);
    render_round_rect(r, c, rad, paper);
    render_round_rect(r, in, rad * 0.7f, base);
    frame = (rrect){in.x + c.w * 0.05f, in.y + c.w * 0.05f, in.w - c.w * 0.1f, in.h - c.w * 0.1f};
    if (c.w >= 40)
        render_round_outline(r, frame, rad * 0.5f, fmaxf(1.5f, c.w * 0.02f), (rcolor){255, 250, 235, (uint8_t)(alpha * 0.6f)});
    if (col < 4) {
        /* the colour-blind shape behind the number or icon, a shade darker,
         * so the white number on it stands out more, never less */
        sprite_id sh = render_sprite_find(r, shape_sprites[col]);
        float d = fminf(in.w, in.h) * 0.86f;
        if (sh >= 0)
            render_sprite(r, sh, (rrect){in.x + (in.w - d) / 2, in.y + (in.h - d) / 2, d, d},
                          (rcolor){0, 0, 0, (uint8_t)(alpha * 0.22f)});
    }
    if (f >= 1 && f <= 9) {
        float size = c.h * 0.44f;
        char t[2] = {(char)('0' + f), 0};
        ui_text_center(r, FONT_SANS_BOLD, size, (rrect){in.x + 2, in.y + 3, in.w, in.h},
                       (rcolor){0, 0, 0, (uint8_t)(alpha * 0.35f)}, t);
        ui_text_center(r, FONT_SANS_BOLD, size, in, white, t);
    } else if (is_action && face_icons[f]) {
        sprite_id ic = render_sprite_find(r, face_icons[f]);
        float d = fminf(in.w * (f == NINE_SHIFT || f == NINE_FREE ? 0.72f : 0.6f), in.h * 0.62f);
        if (ic >= 0)
            render_sprite(r, ic, (rrect){in.x + (in.w - d) / 2, in.y + (in.h - d) / 2 + (strip > 0 ? in.h * 0.06f : 0), d, d},
                          white);
    }
    if (nm.lines) {
        float lh = render_line_height(r, nm.font, nm.size), y = in.y + in.h + bw * 0.5f;
        rcolor ink = UI_INK;
        ink.a = alpha;
        for (int i = 0; i < nm.lines; i++)
            ui_text_center(r, nm.font, nm.size, (rrect){c.x, y + lh * (float)i, c.w, lh}, ink, nm.line[i]);
    }
    if (c.h >= 60) {
        /* the corner index, readable when cards overlap */
        render_text(r, FONT_SANS_BOLD, fmaxf(UI_MIN, c.h * 0.14f), in.x + c.w * 0.05f, in.y + c.h * 0.01f, white,
                    face_index[f]);
    }
}

/* ---------------------------------------------------------------- the card guide */

/* What each action card does, in a few words (docs/rules/9stax.md). */
static const struct {
    const char *icon, *name, *does;
} guide[] = {
    {"nine/attack", "Attack", "a player draws a card"},
    {"nine/discard", "Discard", "throw away your held stack"},
    {"nine/swap", "Swap", "two stacks change places"},
    {"nine/shift", "Color Shift", "the next card sets the colour"},
    {"nine/free", "Free Discard", "on any card: throw away one of your stacks"},
    {"nine/reverse", "Reverse", "play turns the other way"},
    {"nine/peek", "Peek", "look at a rival's stack, trade a card"},
    {"nine/reveal", "Reveal", "a stack number turns face up for all"},
    {"nine/shield", "Immunity", "once a game: stop a card against you"},
};
#define GUIDE_ROWS (int)(sizeof guide / sizeof guide[0])
#define GUIDE_SIZE UI_MIN
#define GUIDE_ICON 40.0f
#define GUIDE_PAD 18.0f

/* Draws (draw 1) or measures row i of the guide at (x, y), w wide; returns its height. */
static float guide_row(render *r, int i, float x, float y, float w, int draw)
{
    float tx = x + GUIDE_ICON + 12, tw = w - GUIDE_ICON - 12, lh = render_line_height(r, FONT_SANS, GUIDE_SIZE);
    float nw = render_text_width(r, FONT_SANS_BOLD, GUIDE_SIZE, guide[i].name), h;
    /* the effect on the name's line where it fits, else wrapped below it */
    int beside = nw + 8 + render_text_width(r, FONT_SANS, GUIDE_SIZE, guide[i].does) <= tw;
    if (beside)
        h = lh;
    else
        h = lh + render_text_wrapped(r, FONT_SANS, GUIDE_SIZE, 0, 0, tw, TEXT_LEFT, UI_INK, guide[i].does, 0);
    h = fmaxf(h, GUIDE_ICON);
    if (draw) {
        rrect ic = {x, y + (fminf(h, GUIDE_ICON + 8) - GUIDE_ICON) / 2, GUIDE_ICON, GUIDE_ICON};
        float ty = y + (h > GUIDE_ICON ? 0 : (GUIDE_ICON - lh) / 2);
        render_round_rect(r, ic, 8, (rcolor){44, 40, 52, 255});
        ui_draw_sprite_fit(r, guide[i].icon, (rrect){ic.x + 6, ic.y + 6, ic.w - 12, ic.h - 12}, UI_WHITE);
        render_text(r, FONT_SANS_BOLD, GUIDE_SIZE, tx, ty, UI_INK, guide[i].name);
        if (beside)
            render_text(r, FONT_SANS, GUIDE_SIZE, tx + nw + 8, ty, UI_INK_SOFT, guide[i].does);
        else
            render_text_wrapped(r, FONT_SANS, GUIDE_SIZE, tx, ty + lh, tw, TEXT_LEFT, UI_INK_SOFT, guide[i].does, 1);
    }
    return h;
}

/* The guide's heading and its first rows, as many as fit in max_h (all
 * when they do): its height w wide, and in *rows how many it shows. */
static float guide_measure(render *r, float w, float max_h, int *rows)
{
    float h = GUIDE_PAD + render_line_height(r, FONT_SANS_BOLD, UI_SMALL) + 8, inner = w - 2 * GUIDE_PAD;
    *rows = 0;
    for (int i = 0; i < GUIDE_ROWS; i++) {
        float rh = guide_row(r, i, 0, 0, inner, 0) + 8;
        if (h + rh + GUIDE_PAD - 8 > max_h)
            break;
        h += rh;
        (*rows)++;
    }
    return h + GUIDE_PAD - 8;
}

float nine_guide_height(render *r, float w, float max_h)
{
    int rows;
    return guide_measure(r, w, max_h, &rows);
}

void nine_guide_draw(render *r, rrect box)
{
    int rows;
    float y = box.y + GUIDE_PAD;
    guide_measure(r, box.w, box.h + 0.5f, &rows);
    ui_draw_panel(r, box);
    ui_audit_box(box);
    render_text(r, FONT_SANS_BOLD, UI_SMALL, box.x + GUIDE_PAD, y, UI_INK_SOFT, "Action cards");
    y += render_line_height(r, FONT_SANS_BOLD, UI_SMALL) + 8;
    for (int i = 0; i < rows; i++)
        y += guide_row(r, i, box.x + GUIDE_PAD, y, box.w - 2 * GUIDE_PAD, 1) + 8;
}
