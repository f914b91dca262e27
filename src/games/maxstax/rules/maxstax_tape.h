/* A MAXSTAX match's tape: everything that changed a match after it began,
 * enough to play it again exactly (the same block poses, bit for bit, on
 * the same build). It starts from a new match (setup and seed) or from a
 * saved one (a resumed old save), then holds, in order, every tick's inputs
 * for all seats with its dt, every swap, the square-up setting, the test
 * hooks that place blocks, and each resume (the saved match the play went
 * on from). The time of a tick is the sum of the dts before it. Recording
 * goes through the maxstax_tape_* calls that also act on the match, so
 * what is taped is what was done; the text format is in docs/records.md.
 * Only the public maxstax_match API is used. */
#ifndef STACKHOUSE_MAXSTAX_TAPE_H
#define STACKHOUSE_MAXSTAX_TAPE_H

#include <stddef.h>
#include <stdint.h>

#include "games/maxstax/rules/maxstax_match.h"

#define MAXSTAX_TAPE_HEADER "maxstax-tape" /* a tape's first line: the header and its version */
#define MAXSTAX_TAPE_VERSION 1 /* the text's own version */
/* The MAXSTAX rules' version, written in every tape: raise it when the same
 * tape would play out differently (the physics, a mode's scoring). */
#define MAXSTAX_RULES_VERSION 1
/* A tape keeps at most this many ticks (24 hours at 60 a second); past it,
 * it stops recording and maxstax_tape_write says so. */
#define MAXSTAX_TAPE_MAX_TICKS (24L * 3600 * 60)

typedef struct maxstax_tape maxstax_tape;

/* A tape of a new match of setup from seed (as maxstax_match_new makes it), or NULL when out of memory. */
maxstax_tape *maxstax_tape_new(const maxstax_setup *setup, uint64_t seed);
/* A tape of a match of players seats that starts from the saved match text (maxstax_match_save's), or NULL. */
maxstax_tape *maxstax_tape_new_saved(int players, const char *text);
/* Frees a tape (NULL is fine). */
void maxstax_tape_free(maxstax_tape *t);

/* maxstax_step(m, in, dt), taped (t may be NULL: only the step). */
void maxstax_tape_step(maxstax_tape *t, maxstax_match *m, const maxstax_input *in, double dt);
/* maxstax_match_swap(m, p, with), taped when it is done; returns its result. */
int maxstax_tape_swap(maxstax_tape *t, maxstax_match *m, int p, int with);
/* maxstax_match_set_snap(m, on), taped. */
void maxstax_tape_snap(maxstax_tape *t, maxstax_match *m, int on);
/* maxstax_match_place(m, p, b, q), taped (a test hook). */
void maxstax_tape_place(maxstax_tape *t, maxstax_match *m, int p, int b, maxstax_pose q);
/* maxstax_match_compose(m, p, n), taped (a test hook). */
void maxstax_tape_compose(maxstax_tape *t, maxstax_match *m, int p, int n);
/* maxstax_match_compose_played, taped when it is done (a test hook); its result. */
int maxstax_tape_played(maxstax_tape *t, maxstax_match *m, int n, const int (*points)[SPEEDSTAX_MAX_PLAYERS],
                        char *err, size_t errn);
/* maxstax_match_compose_stackoff, taped when it is done (a test hook); its result. */
int maxstax_tape_stackoff(maxstax_tape *t, maxstax_match *m, int p, char *err, size_t errn);
/* Tapes that play went on from the saved match text (a resume read it into the match). */
void maxstax_tape_load(maxstax_tape *t, const char *text);
/* Puts after's events at t's end: after is a tape of the same seats that
 * starts saved (its load), the play that went on from a save made where t
 * ends (a resume after a crash, whose save held no tape). 0, or -1: t
 * unchanged when the seats differ or either stopped recording; out of
 * memory midway stops t's recording. */
int maxstax_tape_append(maxstax_tape *t, const maxstax_tape *after);

/* Ticks taped so far. */
long maxstax_tape_ticks(const maxstax_tape *t);
/* Moves taped while recording (not read back): each time a seat lets go or
 * calls MAX STAX (a press of RELEASE or CLAIM, however long it is held), and
 * each swap. A real-time match's "last move", which a crash may lose. */
long maxstax_tape_moves(const maxstax_tape *t);
/* The tape as text (malloc'd, caller frees); NULL when out of memory or when
 * the tape stopped recording (it ran out of memory or ticks). */
char *maxstax_tape_write(const maxstax_tape *t);
/* Where a tape's text has been written up to for good (maxstax_tape_write_on):
 * the events whose text can no longer change, and the bytes that text takes
 * (the header's included). Zeroed: nothing written yet. */
typedef struct maxstax_tape_mark {
    int ev;
    size_t at;
} maxstax_tape_mark;
/* The tape's text on from *mark (the header too when it is zeroed): the
 * events taped since, then "ticks N" and "end". The first mark->at bytes of
 * the text written before, followed by this, are maxstax_tape_write's whole
 * text, so a record kept as it goes costs what was taped since, not the whole
 * tape. *mark moves past what can no longer change (all but a last run of
 * ticks, which may grow), where the next call starts. malloc'd; NULL (mark
 * unchanged) as maxstax_tape_write. */
char *maxstax_tape_write_on(const maxstax_tape *t, maxstax_tape_mark *mark);
/* Reads a tape's text; NULL with "tape line L, field F: what" in err on any fault
 * (another rules version included). */
maxstax_tape *maxstax_tape_read(const char *text, char *err, size_t errn);
/* A tape read a part at a time (a replay opens at once, #28): its text is
 * kept by pointer and must outlive the reader. */
typedef struct maxstax_tape_reader maxstax_tape_reader;
/* Reads the tape's first lines to its setup (its events later, by
 * maxstax_tape_reader_on); NULL with "tape line L, field F: what" in err. */
maxstax_tape_reader *maxstax_tape_reader_new(const char *text, char *err, size_t errn);
/* Reads on until the tape holds a tick past upto, or to its end: 0 (more
 * left), 1 (read whole: its count and end checked), or -1 with the fault in
 * err when it stops before a tick past upto (the same fault at every later
 * call that needs more; what was read before it stays and plays). */
int maxstax_tape_reader_on(maxstax_tape_reader *rd, long upto, char *err, size_t errn);
/* The tape as read so far (the reader's, freed with it). */
const maxstax_tape *maxstax_tape_reader_tape(const maxstax_tape_reader *rd);
/* The ticks a tape's text says it holds (its "ticks N" line, found from its
 * end; reading it whole checks them), or -1 when it says none. */
long maxstax_tape_reader_claims(const char *text);
/* Frees a reader and its tape (NULL is fine). */
void maxstax_tape_reader_free(maxstax_tape_reader *rd);
/* Plays the tape again from its start against deck (the deck it was played
 * with): the match as it was after the last thing taped; NULL with the
 * reason in err when the tape does not play (a refused swap, a bad save). */
maxstax_match *maxstax_tape_play(const maxstax_tape *t, const maxstax_deck *deck, char *err, size_t errn);

/* Where a tape is being played: the event next, ticks of it done, ticks done in all. */
typedef struct maxstax_tape_at {
    int ev;
    long k;
    long tick;
} maxstax_tape_at;
/* Plays the tape on from *at onto *m (NULL with *at zeroed: from its start)
 * until upto ticks are done, with everything taped before the next tick:
 * the match as it was at tick upto. *m may be replaced (a load) and *at
 * moves on; 0, or -1 with the reason in err (*m then freed and NULL). */
int maxstax_tape_play_to(const maxstax_tape *t, const maxstax_deck *deck, maxstax_match **m, maxstax_tape_at *at,
                         long upto, char *err, size_t errn);

#endif
