/* The toast: one short message at the bottom of the screen for a few
 * seconds ("Controller disconnected"), shown by whatever needs to say it.
 * Part of the shell below every screen, table and view; the app steps its
 * time and draws it. */
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

#endif
