/* The toast: one short message for a few seconds ("Controller
 * disconnected"), shown by whatever needs to say it. It sits beside the
 * hint bar in the bottom row, never on it, so the hints it may announce (a
 * new controller's buttons) show at once. Part of the shell below every
 * screen, table and view; the app steps its time and draws it. */
#ifndef STACKHOUSE_TOAST_H
#define STACKHOUSE_TOAST_H

#define TOAST_SECONDS 3.5 /* how long a toast stays */

/* Shows a message for TOAST_SECONDS (traced "toast ..."), replacing any. */
void toast_show(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The same, for seconds (a start-up notice worth reading stays longer). */
void toast_show_for(double seconds, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* The message on show, or NULL; *left (unless NULL) its seconds left (it fades over the last half). */
const char *toast_current(double *left);
/* Time passes: dt seconds of it. */
void toast_step(double dt);
/* Takes the toast down at once. */
void toast_clear(void);
/* This frame's hint bar is at x, y, w×h (virtual units): the toast keeps off
 * it. Called by whatever draws the bar; toast_frame forgets it. */
void toast_keep_off(float x, float y, float w, float h);
/* The box toast_keep_off gave this frame into box[4] (x, y, w, h); 0, or -1 when none. */
int toast_kept_off(float box[4]);
/* A new frame: no bar drawn yet. */
void toast_frame(void);

#endif
