/* The Stack-A-Track seats: each seat's row (its mark and name, points, colour
 * and blocks), the status line, and the move log's panel where the layout
 * puts it. */
#include "games/stackatrack/view/track_view_priv.h"
#include "app/input.h"
#include "table/phones.h"

#define BLOCK_MIN 29.0f /* a hand's block: 20 px at 1024x768 (768 / 1080 of a unit) */
#define BLOCK_MAX 36.0f
#define INFO_W 250.0f   /* the seat's words beside a strip of blocks */
#define NAME_H 44.0f    /* the name line */
#define INFO_H 28.0f    /* the words under it */

/* The size of n blocks across w on per_line a line. */
static float strip_size(float w, int per_line) { return fminf(BLOCK_MAX, (w + 2) / (float)per_line - 2); }

track_row_fit track_row_fit_for(int n, float w)
{
    track_row_fit f = {BLOCK_MAX, 0, n, 1};
    int lines = 1;
    if (n <= 0) {
        f.h = NAME_H + INFO_H + 12;
        return f;
    }
    /* one line beside the seat's words when the blocks are readable there */
    f.size = strip_size(w - 16 - INFO_W - 12, n);
    if (f.size >= BLOCK_MIN) {
        f.h = NAME_H + fmaxf(INFO_H, f.size) + 12;
        return f;
    }
    /* else under them, on as few lines as keep them readable */
    f.beside = 0;
    for (lines = 1; lines <= 3; lines++) {
        f.per_line = (n + lines - 1) / lines;
        f.size = strip_size(w - 28, f.per_line);
        if (f.size >= BLOCK_MIN)
            break;
    }
    lines = (n + f.per_line - 1) / f.per_line;
    f.h = NAME_H + INFO_H + 4 + (float)lines * (f.size + 2) + 8;
    return f;
}

/* A seat's row: its mark and who plays it, its points (primary text), its
 * colour and blocks left, and the blocks (face up, or backs when they are
 * hidden from the viewer). */
static void draw_seat(render *r, const track_view *v, int s)
{
    rrect row = v->row[s];
    int to_move = !table_over(v->t) && v->st->to_move == s, n = v->st->nhand[s];
    int hide = track_hidden(v) && (s != table_viewer(v->t) || table_hides_private(v->t));
    track_row_fit fit = track_row_fit_for(n, row.w);
    char seat[48], line[64];
    float size, x0, y0;
    ui_audit_box(row);
    render_round_rect(r, row, 16, to_move ? (rcolor){255, 248, 232, 255} : UI_PAPER);
    if (to_move)
        render_round_outline(r, row, 16, 4, ui_seat_color(s));
    table_seat_name(table_match(v->t), s, seat, sizeof seat);
    /* the name shrinks to leave the points their room; the mark leads it */
    size = ui_text_fit_size(r, FONT_SANS_BOLD, UI_BODY, UI_MIN, row.w - 16 - 120 - 1.15f * UI_BODY, seat);
    ui_draw_seat_name(r, s, FONT_SANS_BOLD, size, row.x + 16,
                      row.y + 4 + (NAME_H - render_line_height(r, FONT_SANS_BOLD, size)) / 2, UI_INK, seat);
    snprintf(line, sizeof line, "%d", v->st->score[s]);
    ui_text_fit(r, FONT_SANS_BOLD, UI_HEAD, UI_BODY, (rrect){row.x + row.w - 120, row.y + 2, 108, NAME_H}, TEXT_RIGHT,
                UI_INK, line);
    if (to_move && table_thinking(v->t)) {
        int dots = (int)(table_time(v->t) * 3) % 4;
        snprintf(line, sizeof line, "%s \xc2\xb7 thinking%.*s", seat_color_name(s), dots, "...");
    } else if (n == 0) {
        snprintf(line, sizeof line, "%s \xc2\xb7 sits out", seat_color_name(s));
    } else {
        snprintf(line, sizeof line, "%s \xc2\xb7 %d block%s", seat_color_name(s), n, n == 1 ? "" : "s");
    }
    ui_text_fit(r, FONT_SANS, UI_SMALL, UI_MIN,
                (rrect){row.x + 16, row.y + NAME_H, fit.beside ? INFO_W - 12 : row.w - 28, INFO_H}, TEXT_LEFT,
                ui_seat_ink(s), line);
    /* the blocks, as many a line as the fit says */
    x0 = row.x + 16 + (fit.beside ? INFO_W : 0);
    y0 = row.y + NAME_H + (fit.beside ? (INFO_H - fit.size) / 2 : INFO_H + 4);
    for (int i = 0; i < n; i++) {
        rrect b = {x0 + (float)(i % fit.per_line) * (fit.size + 2), y0 + (float)(i / fit.per_line) * (fit.size + 2),
                   fit.size, fit.size};
        if (hide)
            render_sprite(r, render_sprite_find(r, "stackatrack/back"), b, UI_WHITE);
        else
            track_draw_block(r, b, v->st->hand[s][i].front, 0, UI_WHITE,
                             track_grain_id(0x200u + (uint32_t)s, (uint32_t)i));
    }
}

void track_status_text(const shell *sh, const track_view *v, char *buf, size_t n)
{
    int s = v->st->to_move, spot;
    float flash;
    char press[32];
    const char *why = table_refusal(v->t, &spot, &flash);
    input_device dev = shell_input(sh)->last_device;
    if (why && !table_over(v->t))
        snprintf(buf, n, "%s", why);
    else if (table_over(v->t) && table_replaying(v->t)) /* a replay's end opens no score screen */
        snprintf(buf, n, "Game over.");
    else if (table_over(v->t))
        snprintf(buf, n, "Game over. %s to see the score.", ui_hint_press(dev, ACT_ACCEPT, press, sizeof press));
    else if (table_replaying(v->t)) /* watched: nobody decides, nobody thinks */
        snprintf(buf, n, "%s to play.", seat_color_name(s));
    else if (table_curtain(v->t) >= 0)
        snprintf(buf, n, "Pass the screen to %s.", seat_color_name(table_curtain(v->t)));
    else if (!table_seat_human(v->t, s))
        snprintf(buf, n, "%s (computer) is thinking.", seat_color_name(s));
    else if (phones_seat(s))
        snprintf(buf, n, "%s is playing on their phone.", seat_color_name(s));
    else if (v->must_pass)
        snprintf(buf, n, "%s: none of your blocks fits anywhere. Pass.", seat_color_name(s));
    else
        snprintf(buf, n, "%s to play: pick a block, turn it, slide it down a column.", seat_color_name(s));
}

/* The status in its box, as large as fits (down to UI_MIN); a refusal and
 * game over in a dark accent that keeps its contrast on the panel. */
static void draw_status(render *r, shell *sh, const track_view *v)
{
    static const float sizes[] = {UI_BODY, UI_SMALL, UI_MIN};
    char status[160];
    int spot, loud;
    float flash, size = UI_MIN;
    rrect b = v->status;
    track_status_text(sh, v, status, sizeof status);
    loud = table_over(v->t) || table_refusal(v->t, &spot, &flash) != NULL;
    for (int i = 0; i < 3; i++)
        if (render_text_wrapped(r, FONT_SANS_BOLD, sizes[i], b.x, b.y, b.w, TEXT_LEFT, UI_INK, status, 0) <= b.h) {
            size = sizes[i];
            break;
        }
    render_text_wrapped(r, FONT_SANS_BOLD, size, b.x, b.y, b.w, TEXT_LEFT, loud ? (rcolor){160, 52, 24, 255} : UI_INK,
                        status, 1);
}

void track_draw_seats(render *r, shell *sh, const track_view *v)
{
    ui_draw_panel(r, v->left);
    if (v->titled)
        render_text(r, FONT_SERIF_BOLD, UI_HEAD, v->left.x + 24, v->left.y + 18, UI_INK, "Stack-A-Track");
    for (int s = 0; s < v->st->players; s++)
        draw_seat(r, v, s);
    draw_status(r, sh, v);
    if (v->log_panel.h > 0)
        ui_draw_panel(r, v->log_panel);
    table_log_draw(v->t, sh, r, v->log);
}
