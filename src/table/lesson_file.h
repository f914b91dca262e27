/* A lesson as data: assets/lessons/<mode>.txt read into steps (docs/lessons.md).
 * A step is a position in the game's own notation, a sentence or two, what
 * the learner must do (the right moves, or watch), the replies the lesson
 * plays for the other seats, the lesson's own words for a legal move that is
 * not the one it asks for, and the rules' clauses it teaches. The last step
 * is the short game against the easy computer. No SDL: the reader goes
 * through core/textin.h and its messages name the line. */
#ifndef STACKHOUSE_LESSON_FILE_H
#define STACKHOUSE_LESSON_FILE_H

#include <stddef.h>

#include "core/game.h"
#include "core/realtime.h"
#include "core/record.h"

#define LESSON_STEPS 32    /* steps in a lesson, the game included */
#define LESSON_SEQ 6       /* the learner's moves and the replies of one step */
#define LESSON_ALTS 6      /* right moves for one of them */
#define LESSON_WRONGS 8    /* "why not this one" texts of one step */
#define LESSON_TEACHES 12  /* clauses one step teaches */
#define LESSON_CLAUSE_LEN 12
#define LESSON_SAY_LEN 640
#define LESSON_LINE_LEN 240

/* One entry of a step's sequence: the learner's move (one of alts) or a reply. */
typedef struct lesson_act {
    int reply;  /* the lesson plays it for the other seat; else the learner must */
    int n_alts; /* right moves (a reply has exactly one) */
    char alt[LESSON_ALTS][RECORD_MOVE_LEN];
} lesson_act;

typedef struct lesson_wrong {
    char move[RECORD_MOVE_LEN];
    char why[LESSON_LINE_LEN];
} lesson_wrong;

typedef struct lesson_step {
    int line;                         /* the step's line in the file, for messages */
    int game;                         /* the closing game against the easy computer */
    char title[64];
    char position[RECORD_START_LEN];  /* empty: the position the step before left */
    char say[LESSON_SAY_LEN];
    int watch;                        /* nothing to play: the learner reads, then Continue */
    int n_seq;
    lesson_act seq[LESSON_SEQ];
    int n_wrongs;
    lesson_wrong wrong[LESSON_WRONGS];
    char other[LESSON_LINE_LEN];      /* why not, for any other legal move (optional) */
    char done[LESSON_LINE_LEN];       /* said once the step is played (optional) */
    int n_teaches;
    char teaches[LESSON_TEACHES][LESSON_CLAUSE_LEN]; /* clause ids without the §: "3.2" */
} lesson_step;

typedef struct lesson {
    char mode[32];  /* the mode's id (core/modelist.h) */
    char title[64];
    int players;    /* seats in the lesson's positions */
    int you;        /* the learner's seat, from 0 */
    char you_name[32]; /* how the text names it: "Red" */
    int n;
    lesson_step step[LESSON_STEPS];
} lesson;

/* Reads a lesson's text into *l (zeroed first); 0, or -1 with a message
 * naming the line ("lesson line 12, field 1: ..."). Checks the shape only:
 * positions and moves are the game's to read (lesson_check). */
int lesson_read(lesson *l, const char *text, char *err, size_t errn);

/* Checks l against its game's rules: every position reads, every right move
 * and reply is legal where it is played, every wrong move is legal and not
 * right, and the last step (only the last) is the game; 0, or -1 with a
 * message naming the step's line. */
int lesson_check(const lesson *l, const game_rules *g, char *err, size_t errn);

/* lesson_check for a real-time mode (MAXSTAX, docs/lessons.md): every
 * position is made into a match by rt's lesson_position, every step starts
 * with the learner's action allowed, every right action and reply is allowed
 * where it is taken (swaps are played), every wrong one reads and is
 * allowed but not right; 0, or -1 with a message naming the step's line. */
int lesson_check_rt(const lesson *l, const realtime_rules *rt, char *err, size_t errn);

/* The match step i of a real-time lesson starts from (its position, or the
 * one before with its swaps played), for seats levels; NULL with a message. */
realtime_match *lesson_match_rt(const lesson *l, const realtime_rules *rt, int i, uint64_t seed, char *err,
                                size_t errn);

/* Plays step i's position into st (the position given, or the one the steps
 * before left, their sequences played); 0, or -1 with a message. */
int lesson_position(const lesson *l, const game_rules *g, int i, void *st, char *err, size_t errn);

/* The position text step i starts from (its own, or the one the steps
 * before left, written back in notation) into buf; 0, or -1. */
int lesson_position_text(const lesson *l, const game_rules *g, int i, char *buf, size_t n);

/* Whether the learner's move m, in st, is the right one for entry k of
 * step s: 0; else -1 with why in the game's words: the rules' refusal for an
 * illegal move, the lesson's wrong text (or its other text) for a legal one. */
int lesson_judge(const lesson_step *s, int k, const game_rules *g, const void *st, const game_move *m, char *why,
                 size_t n);

#endif
