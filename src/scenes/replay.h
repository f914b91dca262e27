/* The replay screen (#28): a kept match watched again, every one of the
 * seven modes, drawn through the mode's own view. A turn-based match is a
 * replay table (table/table.h's table_create_replay) moved along its record;
 * a MAXSTAX match is its view re-simulating the tape (table_rt.h's replay
 * hooks), exact as it plays on, landing on any tick from checkpoints. Step
 * back and on, jump to the start and the end, play at 1x, 2x and 4x, scrub
 * the slider; by mouse, keyboard (arrows, Home, End, Space, 1, 2, 4, Esc)
 * and controller (shoulders step, d-pad and A on the bar, Y plays, X the
 * speed, B exits). A hidden-information match shows every hand only when it
 * was finished, and can be watched through one seat's eyes. Traces `replay
 * at N/M` as the cursor moves. */
#ifndef STACKHOUSE_REPLAY_H
#define STACKHOUSE_REPLAY_H

#include <stddef.h>

#include "core/matchfile.h"
#include "render/render.h"
#include "shell/scene.h"
#include "shell/shell.h"
#include "table/match.h"

/* The review's drawing under the replay (the review branch's): draws in box
 * for the cursor at of len steps. */
typedef void (*replay_review_fn)(void *data, shell *sh, render *r, rrect box, long at, long len);

/* The replay of match mi whose record is body (match_file_read's: the
 * turn-based record text, or a MAXSTAX save with its tape), standing at its
 * start; NULL with the reason in err. Exit goes back to the screen below. */
scene *replay_scene_create(shell *sh, const match_info *mi, const char *body, char *err, size_t errn);
/* The replay of the match file at path (stackhouse --replay FILE); NULL with
 * the reason in err (the file cannot be read, or match_file_read's message
 * naming its line), also logged. */
scene *replay_scene_open_file(shell *sh, const char *path, char *err, size_t errn);
/* The score lines of where the replay s stands, as its table would hand
 * them to the score screen (tests compare a replay's end with the match's);
 * 0, or -1 while the match there goes on. */
int replay_scene_report(scene *s, score_report *rep);
/* Turn-based: the position the replay s shows (the game's state); NULL for a real-time mode. */
const void *replay_scene_position(const scene *s);
/* Real-time: the view's one line of what the replay s shows (round, clock,
 * card, scores, a checksum of every block's pose: the line the table traces
 * as a match ends) into buf; 1 once it is the exact match (played from the
 * tape's start, not a checkpoint's), 0 before; -1 for a turn-based replay. */
int replay_scene_note(const scene *s, char *buf, size_t n);
/* Whose eyes the replay s shows now (a seat), or -1: only what everyone saw. */
int replay_scene_eyes(const scene *s);
/* Gives the replay s review data: fn draws it above the bar, free_fn (may be
 * NULL) frees data when the replay closes. */
void replay_scene_set_review(scene *s, replay_review_fn fn, void *data, void (*free_fn)(void *));
/* The review's control on the bar: label gives its words now (NULL: shown
 * disabled), press is called when it is pressed and step at every logic
 * step with the cursor (each with set_review's data; set after it, since
 * replay_scene_set_review clears them). */
void replay_scene_set_review_control(scene *s, const char *(*label)(void *data), void (*press)(void *data, shell *sh),
                                     void (*step)(void *data, shell *sh, long at));
/* The replay table of a turn-based replay (NULL for a MAXSTAX one). */
struct table *replay_scene_table(scene *s);

#endif
