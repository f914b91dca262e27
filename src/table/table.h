/* The table midend: what every turn-based table shares, written once. It
 * holds the match (seats, game record, the position at the record's cursor),
 * runs the computer's turns at their pace, undo and redo, the pause menu,
 * the button row (Undo, Redo, Menu), the hot-seat curtain, game over and the
 * score screen, and saving on leave. A mode's view (src/games/<game>/view)
 * is a const table_view_ops: it draws the position, turns actions into moves
 * or intents and animates what was played; it never saves, never starts the
 * computer, never opens a menu, and only says where the button row goes. */
#ifndef STACKHOUSE_TABLE_H
#define STACKHOUSE_TABLE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "app/input.h"
#include "shell/scene.h"
#include "core/game.h"
#include "core/record.h"
#include "render/render.h"
#include "shell/shell.h"
#include "table/match.h"

struct ui_nav;


/* The midend of one match; private to table.c. */
typedef struct table table;

/* What a view's input asks of the table (a move is played with table_play). */
typedef enum table_intent {
    TABLE_NONE,
    TABLE_MENU,  /* open the pause menu */
    TABLE_UNDO,  /* back to the human's previous turn (refused with a sound when there is none) */
    TABLE_REDO,
    TABLE_RULES, /* the mode's rules document */
    TABLE_SCORE, /* the game is over: on to the score screen */
    TABLE_LIFT,  /* the player behind the curtain is ready */
    TABLE_PASS,  /* the player has seen what their move showed them: the screen may be passed */
    TABLE_HINT   /* a hint, or away with the one shown (the row's Hint button, only with ops.hint) */
} table_intent;

/* Why the position changed, for a view's changed callback. */
typedef enum table_change {
    TABLE_ENTERED, /* the table opened (or resumed) */
    TABLE_PLAYED,  /* a move was played; the view's played callback came first */
    TABLE_JUMPED,  /* undo or redo moved the record's cursor */
    TABLE_LIFTED   /* the curtain was lifted: the viewer changed */
} table_change;

/* A mode's view: every callback takes the view's own state (from create). */
typedef struct table_view_ops {
    const char *trace; /* tag of the trace lines ("stax move e3-d4") */
    double pace_watch; /* seconds between moves when only computers play */
    double pace_reply; /* the computer's shortest pause before it answers a human */
    int undo;          /* the menu and the button row offer undo and redo (not when they would show hidden cards) */
    int row_no_redo;   /* the button row leaves Redo out (Stakz: redo stays on its key) */
    int curtain;       /* hidden hands: with two humans, the screen is passed behind a curtain */
    /* Optional: whether match m hides its hands (a house rule); when set it
     * decides the curtain instead of the constant above. */
    int (*hides)(const match_setup *m);
    /* Bytes of the view's state, which the midend allocates zeroed and frees.
     * Its first member is `table *t;`, the view's table, which the midend sets. */
    size_t size;
    /* Optional: sets the view's own starting values (its table is set). */
    void (*init)(void *v);
    /* The table is on screen: lay out and call table_refresh once. */
    void (*enter)(void *v, shell *sh);
    /* One logic step before the computer moves: lay out, animate; may table_play. */
    void (*update)(void *v, shell *sh, double dt);
    /* One logic step after the computer and game over (glides that follow the state). */
    void (*follow)(void *v, shell *sh, double dt);
    /* Draws the table (not behind the curtain: the midend draws that), under
     * the button row, which the midend draws after it. */
    void (*draw)(void *v, shell *sh, render *r, float alpha);
    /* Optional: what lies over the button row (pieces in flight, a modal
     * panel, the hints, the focus ring), drawn after it. */
    void (*draw_top)(void *v, shell *sh, render *r, float alpha);
    /* Optional: what everyone may see while the curtain is down, drawn on the
     * felt under the curtain's panel (9 STAX's log, Stack-A-Track's frame);
     * NULL: the felt alone. */
    void (*draw_public)(void *v, shell *sh, render *r, float alpha);
    /* Optional: the seats' names as the table says them ("Red"); NULL: "Player N"
     * (on the score lines "P1"). */
    const char *const *seat_labels;
    /* One action: plays a move with table_play, or hands back an intent. */
    table_intent (*input)(void *v, shell *sh, const action_event *ev);
    /* Optional: something of the view's own, not a played move's animation
     * (which is the midend's), still moves or waits (an entered jump, a
     * round's result): the computer and game over wait for it. NULL: nothing. */
    int (*busy)(const void *v);
    /* Optional: seconds until the view, left alone, looks different (0 while
     * anything of its own animates, SCENE_AT_REST when nothing will); the
     * midend adds its own (a move's animation, the computer, the curtain, a
     * refusal, the lively seconds after a change). NULL: the table never rests. */
    double (*wake)(const void *v);
    /* Optional: seconds the animation of move m, played from before, lasts
     * (by_computer: the computer's move or a redone one, shown whole); 0 or
     * NULL: none. Asked before played (or redone), which may read the answer
     * with table_anim_length; with the Reduced motion setting every length is
     * 0, and a move that has one lands at the next step. */
    double (*anim_length)(const void *v, const void *before, const game_move *m, int by_computer);
    /* Optional: move m, played from before, in public words for the move log,
     * without who played it ("placed a red 3 on stack 2"); never what the
     * mover's opponents may not see. NULL or empty words: "played" and the
     * move's notation. */
    void (*describe)(const void *before, const game_move *m, char *buf, size_t n);
    /* A move is about to change the view (before is the position it was
     * played from, text its notation): start showing it. */
    void (*played)(void *v, shell *sh, const void *before, const game_move *m, const char *text,
                   int by_computer);
    /* Redo landed on a move: show it being played from before (optional). */
    void (*redone)(void *v, shell *sh, const void *before, const game_move *m);
    /* Everything that follows from a new position (the table's own state is current). */
    void (*changed)(void *v, shell *sh, table_change why);
    /* Traces the result once, when the game is over. */
    void (*over)(void *v, shell *sh, const game_result *res);
    /* The score lines' totals, what they count (label, help), the headline
     * and any rounds; the midend has filled in the game, the players, each
     * seat's name (its seat_labels, else "P1", a dash and who sits there)
     * and place (the rules' ranks), and adds the rules' reason after. */
    void (*score)(const void *v, score_report *rep);
    /* Optional: whether move m, played from before, may be taken back; undo
     * stops at a move that showed its player something hidden (Stakz's draw
     * at the end of a turn), so it goes back only within the turn. NULL: any. */
    int (*undoable)(const void *before, const game_move *m);
    /* Optional: one line on a saved position st for setup's Resume: whose
     * turn it is and how the scores stand ("Red to move · stacks on top: ..."). */
    void (*summary)(const void *st, const match_setup *m, char *buf, size_t n);
    /* The view lights the hint's move (table_hint_move) the way it lights
     * a legal one: the button row shows a Hint button, which asks the
     * midend for the medium computer's move (the match may leave hints off). */
    int hint;
    /* Optional, for the rules viewer's diagrams: draws position st (the
     * game's state) as the table shows it, fitted into box, with move hi
     * (NULL: none) marked as the last move is. NULL: the mode has no pictures. */
    void (*draw_position)(shell *sh, render *r, const void *st, const game_move *hi, rrect box);
    /* Optional, for a diagram of a refused move (#29): move, in the rules'
     * notation but not legal in st, drawn on st fitted into box as the table
     * marks a refused press (r NULL: only checked); 0 with the rules' reason
     * (game_rules.refusal) in why, or -1 with why it cannot be shown (it
     * does not read, or the rules allow it). */
    int (*draw_refused)(shell *sh, render *r, const void *st, const char *move, rrect box, char *why, size_t n);
} table_view_ops;

/* A table playing match m of mode ops from rec (taken over, freed on
 * failure); NULL when rec is not a game of m's mode or the view fails. */
scene *table_create(const table_view_ops *ops, const match_setup *m, game_record *rec);

/* The position at the record's cursor (the game's state struct). */
const void *table_state(const table *t);
/* The game record (moves, cursor). */
const game_record *table_record(const table *t);
/* Who sits where. */
const match_setup *table_match(const table *t);
/* Seconds the table has run. */
double table_time(const table *t);
/* Seconds a table keeps drawing after a press or a change, for pulses and glides. */
#define TABLE_LIVELY 8.0
/* A pulse for marks that invite a press: 0.5 + 0.5 sin(time * speed) while
 * the table is lively, settling over its last second to a steady 1 (the
 * table then rests and draws nothing). */
float table_pulse(const table *t, float speed);
/* Whether the game is over. */
int table_over(const table *t);
/* Fills rep as the score screen gets it for t's game (the view's score
 * lines, the rules' reason); 0, or -1 while the game goes on. */
int table_report(const table *t, score_report *rep);
/* Whether the computer is searching (for a "thinking" mark). */
int table_thinking(const table *t);
/* Whether undo and redo would do anything now. */
int table_can_undo(const table *t);
int table_can_redo(const table *t);
/* Whether seat is a human at this table. */
int table_seat_human(const table *t, int seat);
/* How many humans sit at the table. */
int table_humans(const table *t);
/* The seat whose eyes a curtain table shows (-1 before the first is chosen). */
int table_viewer(const table *t);
/* The seat the screen must be passed to; -1 none. */
int table_curtain(const table *t);
/* The seat the screen goes to once the viewer has dismissed what their own
 * move showed them (a drawn card); -1 none. The curtain waits for TABLE_PASS. */
int table_handoff(const table *t);
/* From a view's played callback: this move showed its player something
 * private they must see before the screen is passed (a card drawn into a
 * stack), so a curtain for another human waits for TABLE_PASS. */
void table_hold_curtain(table *t);

/* Whether nothing private may be drawn now: the curtain is down, or every
 * person plays on a phone (the TV shows only what everyone may see). */
int table_hides_private(const table *t);
/* Whether the one person at the TV plays among phones' players, so their
 * hand stays hidden until they hold a peek control (P, the right mouse
 * button, a controller's left trigger); views name it in their hint bar. */
int table_peek_offered(const table *t);
/* Whether they hold it now (their hand shows). */
int table_peeking(const table *t);
/* The seat whose eyes the screen shows: the viewer, or seat 0 before one is chosen. */
int table_viewer_seat(const table *t);
/* The seat whose private pieces the screen may show now; -1 none (the
 * curtain is down, or every person plays on a phone). */
int table_private_seat(const table *t);
/* Whether the person at the screen may act now for seat (the one who
 * decides): the game goes on, seat is a person's, nothing private is hidden,
 * and on a hot-seat table it is the seat the screen shows. A move's animation
 * is the view's to wait for (table_anim_time). */
int table_may_act(const table *t, int seat);
/* Whether something still moves: a move's animation, or the view's busy. */
int table_busy(const table *t);
/* Seconds into the played move's animation, up to its length (where it
 * stays once over), and in *prev (unless NULL) the previous step's: a view
 * shows the move from it, and a boundary b was crossed this step when
 * prev < b <= time. 0 while no move has been played. */
double table_anim_time(const table *t, double *prev);
/* Seconds the played move's animation lasts (the view's anim_length, 0
 * with Reduced motion): the move has landed once table_anim_time reaches it
 * at a step. */
double table_anim_length(const table *t);
/* The move that made the position shown (kept marked on the board until
 * the next): 0 with the move in *m and its mover in *seat (either may be
 * NULL), or -1 when none has been played. */
int table_last_move(const table *t, game_move *m, int *seat);
/* The position the last move was played from; NULL when none. */
const void *table_last_before(const table *t);
/* The move log (table_log.h): how many lines it keeps, how many actions it
 * has logged in all, and line i, newest first (i = 0), with its mover in
 * *seat (unless NULL); NULL past the end. */
int table_log_count(const table *t);
int table_log_total(const table *t);
const char *table_log_line(const table *t, int i, int *seat);
/* Draws the move log in box, a paper well for a view's panel (draw
 * ui_draw_panel round it where it stands alone): a heading, then one line per
 * action, newest first, each with its mover's mark and name, at a size read
 * across a room; lines that do not fit fade out at the bottom. */
void table_log_draw(const table *t, shell *sh, render *r, rrect box);
/* The seat's name as the table says it: the view's seat label, else "Player N". */
const char *table_seat_label(const table *t, int seat, char *buf, size_t n);

/* Whether the person to move may ask for a hint in this match: the
 * match's hints setting (on; off; vs computers only, the default: only
 * while no other person sits at the table). */
int table_hint_allowed(const table *t);
/* The hint on show: 0 with its move in *m (unless NULL) and its words in
 * *why (unless NULL), or -1 when none shows. */
int table_hint_move(const table *t, game_move *m, const char **why);

/* Phones: the number of the view last sent, and the next. */
int64_t table_phones_rev(const table *t);
void table_phones_bump(table *t);
/* Who sits where changed (a seat went to a phone): the viewer and the
 * curtain are chosen again, and the view redraws. */
void table_refresh_viewer(table *t, shell *sh);

#define TABLE_REFUSE_FLASH 0.45f /* seconds a refused spot flashes red */
#define TABLE_REFUSE_WORDS 4.0f  /* seconds the status line says why */

/* A press that does nothing: the error sound, and the view's words for why
 * (shown until they time out, a new position or table_refuse_clear). spot
 * is the view's own index of what was pressed (a square, a column; -1 none),
 * which flashes. Returns the words, for the view's trace. */
const char *table_refuse(table *t, int spot, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* table_refuse with the words' arguments in ap (a view's own printf-like refuse). */
const char *table_refusev(table *t, int spot, const char *fmt, va_list ap) __attribute__((format(printf, 3, 0)));
/* Why seat may not act now, when the decision is not theirs, in the words
 * the table and a phone both say ("Wait: it is Blue's turn."). */
void table_turn_words(const table *t, int seat, char *buf, size_t n);
/* A press by the person at the screen while the decision is not theirs:
 * refused with whose turn it is ("Wait: it is Blue's turn."). */
const char *table_refuse_turn(table *t, int spot);
/* The player chose something that works: the last refusal's words go. */
void table_refuse_clear(table *t);
/* The refusal's words while they show (NULL when none); *spot the spot
 * refused and *flash the seconds of its flash left (0 when over). */
const char *table_refusal(const table *t, int *spot, float *flash);

/* ---------------------------------------------------------------- the button row */

/* The buttons every turn-based table shares, in their row's order. The
 * midend decides which a table shows, draws them after the view's draw (not
 * behind the curtain) and turns a press into its intent; a view says only
 * where the row goes, from its own layout (table_buttons.c). */
typedef enum table_button {
    TABLE_BUTTON_UNDO, /* when the view's ops undo */
    TABLE_BUTTON_REDO, /* when they undo, unless row_no_redo */
    TABLE_BUTTON_MENU, /* always */
    TABLE_BUTTON_HINT, /* with ops.hint, when the match allows hints (table_hint_allowed) */
    TABLE_BUTTONS
} table_button;

/* The row's focus ids in a view's ui_nav: TABLE_BUTTON_ID + table_button
 * (a view's own ids stay below it); their names are "undo", "redo", "menu"
 * and "hint". */
#define TABLE_BUTTON_ID 1000

/* How many buttons the row shows: the slots a view lays out for it. */
int table_buttons_count(const table *t);
/* The focus name of the button in the row's slot i ("undo", "redo", "menu"). */
const char *table_buttons_name(const table *t, int i);
/* Puts the row at slots (table_buttons_count of them, in row order) and adds
 * its buttons to nav, the view's focus set, after the view's own items
 * (NULL: drawn but not added, for a view with its own focus set, or a row
 * under a modal panel). Call it from every layout: the row is drawn where it
 * was placed last. */
void table_buttons_place(table *t, struct ui_nav *nav, const rrect *slots);
/* ui_nav_event for a focus set that holds the row: a press on one of the
 * row's buttons is the midend's (done when the view's input returns) and
 * answers -1; any other item answers as ui_nav_event. */
int table_nav_event(table *t, struct ui_nav *nav, shell *sh, const action_event *ev);
/* For a view with its own focus set: the player chose the row's slot i (the
 * midend does it when the view's input returns). */
void table_buttons_press(table *t, int i);
/* For a view with its own focus set, from its draw: the row's slot i is
 * hovered or focused (-1 none), and is drawn lit this frame. */
void table_buttons_hot(table *t, int i);

/* Plays m for whoever decides now (the view's played and changed follow);
 * 0, or -1 when the record refuses it (logged, an error sound). */
int table_play(table *t, shell *sh, const game_move *m);
/* Does what an intent asks (as if the view's input had returned it). */
void table_do(table *t, shell *sh, table_intent i);
/* Recomputes what follows from the position (game over, undo, the computer's
 * pause, the curtain), then the view's changed(TABLE_ENTERED) and a trace. */
void table_refresh(table *t, shell *sh);
/* Something the computer waits for ended: it answers after its pause from
 * now (the midend calls it when a move's animation ends; a view, for its own
 * waits, such as a round's result dismissed). */
void table_pace(table *t);

/* ---------------------------------------------------------------- replays (replay_turns.c) */

/* Whose eyes a replay table shows (table_replay_watch): a seat (what that
 * player knew: the game's observe(seat)), or one of these. */
#define TABLE_WATCH_PUBLIC (-1) /* what everyone at the table saw: observe(-1) */
#define TABLE_WATCH_MOVER (-2)  /* a finished match: each position through its mover's eyes, every hand in turn */

/* A table that shows match m's record rec (taken over, freed on failure) to
 * be watched: no seat decides, no computer plays, nothing is saved, and the
 * game's end opens no score screen; it stands at rec's cursor. NULL when rec
 * is not a game of m's mode or the view fails. The view draws it as it
 * draws a match (without the button row); the replay screen moves it. */
scene *table_create_replay(const table_view_ops *ops, const match_setup *m, game_record *rec);
/* Shows the position after the first cursor moves of a replay table (one
 * move on: the view shows it being played, as a redo does); 0, or -1 when
 * the record will not replay there. */
int table_replay_seek(table *t, shell *sh, int cursor);
/* One logic step of a replay table: the move shown animates, the view updates. */
void table_replay_step(table *t, shell *sh, double dt);
/* Whether t is a replay table (a view words its end and its empty hand so). */
int table_replaying(const table *t);
/* Whose eyes a replay table shows: a seat, TABLE_WATCH_PUBLIC or TABLE_WATCH_MOVER. */
void table_replay_watch(table *t, shell *sh, int watch);
/* A move legal at a replay table's position to show on the board as its
 * view shows a legal move (the review's preferred move, table_review.c), or
 * none (m NULL); a seek clears it. */
void table_replay_show(table *t, const game_move *m);
/* The move a replay table shows (table_replay_show), or NULL: views draw it. */
const game_move *table_replay_shown(const table *t);

#endif
